package burstcounter

import (
	"testing"
)

func fired(b FRepBurstInfo, n int) FRepBurstInfo {
	for i := 0; i < n; i++ {
		b.ShotFired()
	}
	return b
}

// NumShotsFired is exact for every count short of a full turn, from
// starting values just before, at and after the wrap of each packing.
func TestNumShotsFiredAcrossTheWrap(t *testing.T) {
	for _, compress := range []bool{true, false} {
		max := 0x3fff
		if compress {
			max = 0x3f
		}
		for _, start := range []int{0, 1, max - 2, max - 1, max} {
			prev := fired(NewRepBurstInfo(compress), start)
			if int(prev.ShotCounter) != start {
				t.Fatalf("compress %v: counter %d after %d shots", compress, prev.ShotCounter, start)
			}
			cur := prev
			for n := 1; n <= max; n++ {
				cur.ShotFired()
				if got := int(cur.NumShotsFired(prev)); got != n {
					t.Fatalf("compress %v from %d: %d shots counted as %d (counter %d)", compress, start, n, got, cur.ShotCounter)
				}
			}
			// a full turn of the counter is invisible
			if cur := fired(prev, max+1); cur.WasShotFired(prev) || cur.NumShotsFired(prev) != 0 {
				t.Fatalf("compress %v: a full turn should look like no shot", compress)
			}
		}
	}
}

// The counter wraps after 63 with bCompressByte and after 16383 without.
func TestShotCounterWraps(t *testing.T) {
	b := fired(NewRepBurstInfo(true), 63)
	if b.ShotCounter != 63 {
		t.Fatalf("63 shots: %d", b.ShotCounter)
	}
	b.ShotFired()
	if b.ShotCounter != 0 || !b.IsFiring() {
		t.Fatalf("64th shot: counter %d firing %v", b.ShotCounter, b.IsFiring())
	}
	s := fired(NewRepBurstInfo(false), 16384)
	if s.ShotCounter != 0 {
		t.Fatalf("16384 shots, short: %d", s.ShotCounter)
	}
	if s = fired(s, 16383); s.ShotCounter != 16383 {
		t.Fatalf("short: %d", s.ShotCounter)
	}
}

func TestStoppedFiringKeepsTheCount(t *testing.T) {
	b := fired(NewRepBurstInfo(true), 3)
	b.StoppedFiring()
	if b.ShotCounter != 3 || !b.HasBurstStopped() {
		t.Fatalf("after stop: %+v", b)
	}
}

// The packing is the document's: 1 + 1 + 6 bits or 1 + 1 + 14.
func TestNetSerializeLayout(t *testing.T) {
	b := fired(NewRepBurstInfo(true), 5) // firing, counter 5
	w := NewWriter()
	if !b.NetSerialize(w) || w.NumBits() != 8 || b.Bits() != 8 {
		t.Fatalf("byte packing: %d bits", w.NumBits())
	}
	// bit 0 bCompressByte, bit 1 bIsFiring, bits 2..7 the counter
	if got, want := w.Bytes()[0], byte(1|1<<1|5<<2); got != want {
		t.Fatalf("byte %08b, want %08b", got, want)
	}
	s := fired(NewRepBurstInfo(false), 0x3fff)
	s.StoppedFiring()
	w = NewWriter()
	s.NetSerialize(w)
	if w.NumBits() != 16 || s.Bits() != 16 {
		t.Fatalf("short packing: %d bits", w.NumBits())
	}
	if got := uint16(w.Bytes()[0]) | uint16(w.Bytes()[1])<<8; got != 0x3fff<<2 {
		t.Fatalf("short %016b", got)
	}
}

// A packet cut short is an error, never a made-up value.
func TestUnmarshalShortData(t *testing.T) {
	short := fired(NewRepBurstInfo(false), 300)
	b := BurstCounter{Encoding: Robust, Info: short}.Marshal()
	if _, err := Unmarshal(Robust, b[:1]); err == nil {
		t.Fatal("a 14-bit counter read from 8 bits was accepted")
	}
	if _, err := Unmarshal(Naive, []byte{1, 2, 3}); err == nil {
		t.Fatal("an int32 read from 24 bits was accepted")
	}
	if _, err := Unmarshal(Robust, nil); err == nil {
		t.Fatal("nothing was accepted")
	}
}

// FuzzNetSerialize: every value of either packing comes back as it went.
func FuzzNetSerialize(f *testing.F) {
	f.Add(uint16(0), false, true)
	f.Add(uint16(63), true, true)
	f.Add(uint16(16383), true, false)
	f.Add(uint16(0xffff), false, false)
	f.Fuzz(func(t *testing.T, counter uint16, firing, compress bool) {
		in := NewRepBurstInfo(compress)
		in.ShotCounter = counter & in.maxCount()
		in.bIsFiring = firing
		out, err := Unmarshal(Robust, BurstCounter{Encoding: Robust, Info: in}.Marshal())
		if err != nil || out.Info != in {
			t.Fatalf("%+v came back as %+v (%v)", in, out.Info, err)
		}
		n := BurstCounter{Encoding: Naive, Count: int32(counter)<<16 | int32(counter)}
		if back, err := Unmarshal(Naive, n.Marshal()); err != nil || back != n {
			t.Fatalf("naive %d came back as %d (%v)", n.Count, back.Count, err)
		}
	})
}

func TestNaiveCounterResets(t *testing.T) {
	c := NewBurstCounter(Naive, true)
	c.HandleFireShot()
	c.HandleFireShot()
	if c.Count != 2 || !c.Firing() || c.Bits() != 32 {
		t.Fatalf("%+v", c)
	}
	c.StopFire()
	if c.Count != 0 || c.Firing() {
		t.Fatalf("after stop %+v", c)
	}
	// a shot and its stop within one replication frame: nothing changed
	if c != NewBurstCounter(Naive, true) {
		t.Fatal("the naive counter should look untouched after a shot and a stop")
	}
}
