package burstcounter

import (
	"slices"
	"testing"

	"lagscope/model"
)

func robust(counter int, firing bool) BurstCounter {
	c := NewBurstCounter(Robust, true)
	c.Info = fired(c.Info, counter)
	if !firing {
		c.Info.StoppedFiring()
	}
	return c
}

// OnRep_BurstCounter sees the value it replaces, and runs only on change.
func TestOnRepSeesThePreviousValue(t *testing.T) {
	r := NewReplica(Robust, true, 0, 0, Options{CreationCheck: true})
	r.Receive(robust(0, false), 0, 1) // open packet, default value: no change, no OnRep
	r.Receive(robust(2, true), model.Ms(10), 2)
	r.Receive(robust(2, true), model.Ms(20), 3) // same value: no OnRep
	r.Receive(robust(3, false), model.Ms(30), 4)
	es := r.TakeEffects()
	if len(es) != 2 || es[0].Tag != 2 || es[0].PrevTag != 1 || es[1].Tag != 4 || es[1].PrevTag != 3 {
		t.Fatalf("effects %+v", es)
	}
	if r.Stops != 1 {
		t.Fatalf("stops %d, want 1", r.Stops)
	}
}

// 64 shots between two updates wrap the byte counter to the same value:
// no burst is detectable, but the stop event still fires.
func TestStopAfterWrapToTheSameValue(t *testing.T) {
	r := NewReplica(Robust, true, 0, 0, Options{CreationCheck: true})
	r.Receive(robust(5, true), model.Ms(10), 1)
	if r.Bursts != 1 || r.Stops != 0 {
		t.Fatalf("bursts %d stops %d", r.Bursts, r.Stops)
	}
	after := robust(5+64, false)
	if after.Info.ShotCounter != 5 {
		t.Fatalf("counter %d", after.Info.ShotCounter)
	}
	r.Receive(after, model.Ms(500), 2)
	if r.Bursts != 1 || r.Stops != 1 {
		t.Fatalf("after the wrap: bursts %d stops %d, want 1 and 1", r.Bursts, r.Stops)
	}
}

// The packet that opens the channel of an actor back in relevancy carries
// a counter that differs from the construction value: with the
// CreationTime check no burst plays, without it a bogus one does.
func TestCreationTimeCheck(t *testing.T) {
	for _, check := range []bool{true, false} {
		at := model.Ms(3000)
		r := NewReplica(Robust, true, at, 0, Options{CreationCheck: check})
		r.Receive(robust(40, false), at, 1)
		es := r.TakeEffects()
		if check && len(es) != 0 {
			t.Fatalf("with the check: %+v", es)
		}
		if !check && (len(es) != 1 || !es[0].Open) {
			t.Fatalf("without the check: %+v, want one open-channel burst", es)
		}
		// the next shot after creation plays normally
		r.Receive(robust(41, false), at+model.Ms(100), 2)
		if es := r.TakeEffects(); len(es) != 1 || es[0].Open {
			t.Fatalf("check %v: next shot %+v", check, es)
		}
	}
}

func TestNaiveOnRep(t *testing.T) {
	r := NewReplica(Naive, true, 0, 0, Options{})
	r.Receive(BurstCounter{Encoding: Naive, Count: 1}, model.Ms(10), 1)
	r.Receive(BurstCounter{Encoding: Naive, Count: 3}, model.Ms(40), 3)
	r.Receive(BurstCounter{Encoding: Naive}, model.Ms(70), 3)
	if es := r.TakeEffects(); len(es) != 2 || r.Stops != 1 {
		t.Fatalf("effects %+v stops %d", es, r.Stops)
	}
}

// The auto-loop plays one effect per fire interval until the stop arrives;
// a late stop means effects for shots never fired.
func TestAutoLoop(t *testing.T) {
	iv := model.Ms(66)
	r := NewReplica(Robust, true, 0, 0, Options{CreationCheck: true, AutoLoop: true, FireInterval: iv})
	r.Receive(robust(1, true), model.Ms(100), 1)
	for f := model.Ms(100); f <= model.Ms(400); f += model.Ms(8) {
		r.Tick(f)
		if f == model.Ms(196) { // an update while looping plays nothing itself
			r.Receive(robust(2, true), f, 2)
		}
	}
	es := r.TakeEffects()
	// at 100 by the update, then at the frames after 166, 232, 298, 364
	if len(es) != 5 || es[0].Cause != CauseOnRep || es[4].Cause != CauseLoop || es[4].Tag != 2 || es[1].T != model.Ms(172) {
		t.Fatalf("effects %+v", es)
	}
	r.Receive(robust(4, false), model.Ms(401), 2)
	r.Tick(model.Ms(1000))
	if es := r.TakeEffects(); len(es) != 1 || r.Looping() {
		t.Fatalf("after the stop %+v looping %v", es, r.Looping())
	}
	// without auto-loop only updates play
	r = NewReplica(Robust, true, 0, 0, Options{CreationCheck: true, FireInterval: iv})
	r.Receive(robust(1, true), model.Ms(100), 1)
	r.Tick(model.Ms(1000))
	if es := r.TakeEffects(); len(es) != 1 {
		t.Fatalf("no loop: %+v", es)
	}
}

// PlayCount: an update that brought three shots plays three effects at
// once, each standing for one of them (Back counts from the latest);
// without it, one. The open-channel packet plays one either way
// (NumShotsFired from the construction value counts nothing), and a
// count that went once round the byte shows only what is left over.
func TestPlayCountPlaysNumShotsFired(t *testing.T) {
	ms := model.Ms
	for _, count := range []bool{false, true} {
		r := NewReplica(Robust, true, 0, 0, Options{CreationCheck: false, PlayCount: count})
		r.Receive(robust(7, true), 0, 7) // opens the channel
		r.Receive(robust(9, true), ms(10), 9)
		r.Receive(robust(12, false), ms(20), 12)
		r.Receive(robust(12+64+2, false), ms(30), 12+64+2)
		type played struct {
			t    model.Time
			back int
		}
		var got []played
		for _, e := range r.TakeEffects() {
			got = append(got, played{e.T, e.Back})
		}
		want := []played{{0, 0}, {ms(10), 0}, {ms(20), 0}, {ms(30), 0}}
		if count {
			want = []played{{0, 0}, {ms(10), 1}, {ms(10), 0}, {ms(20), 2}, {ms(20), 1}, {ms(20), 0}, {ms(30), 1}, {ms(30), 0}}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("count %v: played %v, want %v", count, got, want)
		}
	}
	// the naive int32 has no NumShotsFired: one effect per update
	r := NewReplica(Naive, true, 0, 0, Options{PlayCount: true})
	r.Receive(BurstCounter{Encoding: Naive, Count: 3}, ms(10), 3)
	if es := r.TakeEffects(); len(es) != 1 {
		t.Fatalf("naive: %d effects", len(es))
	}
}
