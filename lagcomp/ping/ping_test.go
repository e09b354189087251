package ping

import (
	"math"
	"testing"

	"lagscope/model"
)

func TestCompressPingAsTheArticle(t *testing.T) {
	cases := []struct {
		ms   float64
		want uint8
	}{{0, 0}, {3.9, 0}, {4, 1}, {123, 30}, {1019, 254}, {1020, 255}, {1024, 255}, {5000, 255}, {-1, 255}}
	for _, c := range cases {
		if got := Compress(c.ms); got != c.want {
			t.Errorf("Compress(%v) = %d, want %d", c.ms, got, c.want)
		}
	}
	if Decompress(255) != 1020 {
		t.Fatal("overflow byte should read as 1020 ms")
	}
}

func TestGetPredictionTime(t *testing.T) {
	if got := GetPredictionTime(100, 255, 1.8); got != 180*model.Millisecond {
		t.Fatalf("100 ms ping: %v, want 180 ms", got)
	}
	if got := GetPredictionTime(400, 255, 1.8); got != model.MsF(255*1.8) {
		t.Fatalf("400 ms ping clamps to 255 ms: %v", got)
	}
	if got := GetPredictionTime(-20, 255, 1.8); got != 0 {
		t.Fatalf("negative ping: %v", got)
	}
}

func TestPingTrackerBouncesAtInterval(t *testing.T) {
	p := NewTracker(EWMA, 250*model.Millisecond, 0.5)
	if _, ok := p.ExactPing(); ok {
		t.Fatal("ping known before any reply")
	}
	if !p.Due(0) || p.Due(100*model.Millisecond) || !p.Due(250*model.Millisecond) {
		t.Fatal("CheckSendPing interval")
	}
	p.Return(0, 100*model.Millisecond)
	p.Return(250*model.Millisecond, 450*model.Millisecond) // 200 ms
	if got, _ := p.ExactPing(); got != 150 {
		t.Fatalf("smoothed ping %v, want 150 (100 then half way to 200)", got)
	}
	p.Return(500*model.Millisecond, 400*model.Millisecond) // negative: ignored
	if got, _ := p.ExactPing(); got != 150 || p.Samples() != 2 {
		t.Fatalf("negative RTT was used: %v", got)
	}
}

// Before the first bounce returns, the handshake's round trip is the
// ping; the first bounce is then smoothed from it, not taken whole.
func TestConnectSeedsThePing(t *testing.T) {
	p := NewTracker(EWMA, 250*model.Millisecond, 0.5)
	if _, ok := p.ExactPing(); ok {
		t.Fatal("a ping before any measurement")
	}
	p.Connect(80)
	if ms, ok := p.ExactPing(); !ok || ms != 80 || p.Samples() != 0 {
		t.Fatalf("after the handshake: %v %v, %d samples", ms, ok, p.Samples())
	}
	p.Return(0, 120*model.Millisecond)
	if ms, _ := p.ExactPing(); ms != 100 {
		t.Fatalf("first bounce of 120 ms smoothed from 80 at 0.5: %v, want 100", ms)
	}
	p.Connect(10) // a handshake never overrides a measurement
	if ms, _ := p.ExactPing(); ms != 100 {
		t.Fatalf("%v", ms)
	}
}

func TestOverflowIsTheByteRunningOut(t *testing.T) {
	for _, c := range []struct {
		ms   float64
		want bool
	}{{0, false}, {1019, false}, {1023.9, false}, {1024, true}, {5000, true}, {-1, true}} {
		if got := Overflowed(c.ms); got != c.want {
			t.Errorf("Overflowed(%v) = %v", c.ms, got)
		}
	}
}

// UE4's UpdatePing against a hand-computed example: a handshake of 80 ms
// opens bucket 0; replies inside the first second join it without moving
// ExactPing; the first reply a second after the bucket opened recomputes
// the mean of every bucket (missing itself) and opens the next; 2 s is
// capped at 1.1 s; an eighth reply in one second is dropped; the fifth
// bucket overwrites the first.
func TestUE4PingBucketsByHand(t *testing.T) {
	ms := model.Millisecond
	p := NewTracker(UE4, 250*ms, 0.5)
	p.Connect(80.7) // floored, as FloorToInt(InPing * 1000)
	steps := []struct {
		at      model.Time
		rttMs   float64
		changed bool
		exact   float64
	}{
		{300 * ms, 100.4, false, 80},       // bucket 0: 80 + 100
		{600 * ms, 120, false, 80},         // bucket 0: 80 + 100 + 120
		{1000 * ms, 90, true, 100},         // 300/3; bucket 1 opens with 90
		{1500 * ms, 2000, false, 100},      // capped: bucket 1 = 90 + 1100
		{2200 * ms, 60.9, true, 1490. / 5}, // (300 + 1190)/5; bucket 2 opens with 60
		{2300 * ms, 70, false, 298}, {2400 * ms, 70, false, 298}, {2500 * ms, 70, false, 298},
		{2600 * ms, 70, false, 298}, {2700 * ms, 70, false, 298}, {2800 * ms, 70, false, 298}, // bucket 2 full: 7
		{2900 * ms, 70, false, 298},       // dropped
		{3200 * ms, 50, true, 1970. / 12}, // (300 + 1190 + 480)/12; bucket 3 opens with 50
		{4200 * ms, 40, true, 2020. / 13}, // all four; bucket 0 overwritten by 40
		{5200 * ms, 40, true, 1760. / 11}, // 40 + 1190 + 480 + 50
	}
	for _, st := range steps {
		sent := st.at - model.MsF(st.rttMs)
		if got := p.Return(sent, st.at); got != st.changed {
			t.Fatalf("reply at %v: changed %v, want %v", st.at, got, st.changed)
		}
		if got, _ := p.ExactPing(); math.Abs(got-st.exact) > 1e-9 {
			t.Fatalf("reply at %v: ExactPing %v, want %v", st.at, got, st.exact)
		}
	}
	if p.Capped != 1 || p.Dropped != 1 || p.Samples() != len(steps) {
		t.Fatalf("capped %d, dropped %d, samples %d", p.Capped, p.Dropped, p.Samples())
	}
}

// UE4's CheckSendPing: a bounce once the interval is exceeded (not
// merely reached) since the last send, and the timer restarts when a
// reply arrives.
func TestUE4CheckSendPing(t *testing.T) {
	ms := model.Millisecond
	p := NewTracker(UE4, 250*ms, 0)
	if !p.Due(0) || p.Due(250*ms) || !p.Due(250*ms+1) {
		t.Fatal("sent at 0: due only once 250 ms is exceeded")
	}
	p.Return(250*ms+1, 300*ms) // a reply restarts the timer
	if p.Due(501*ms+1) || p.Due(550*ms) || !p.Due(550*ms+1) {
		t.Fatal("a reply at 300 ms: the next bounce once 250 ms is exceeded after it")
	}
	// the moving average's timer runs from the send alone
	e := NewTracker(EWMA, 250*ms, 0.5)
	if !e.Due(0) || !e.Due(250*ms) {
		t.Fatal("ewma: every interval")
	}
}

// Without a handshake UE4's first recomputation finds the buckets empty;
// UE4 would say 0 ms, lagscope keeps the ping unknown until a sample is
// in them.
func TestUE4PingUnknownUntilItHasASample(t *testing.T) {
	ms := model.Millisecond
	p := NewTracker(UE4, 250*ms, 0)
	p.Return(1100*ms, 1200*ms) // recomputes over nothing, opens bucket 1 with 100
	if _, ok := p.ExactPing(); ok {
		t.Fatal("a ping from empty buckets")
	}
	p.Return(2150*ms, 2200*ms)
	if got, ok := p.ExactPing(); !ok || got != 100 {
		t.Fatalf("ExactPing %v %v, want 100", got, ok)
	}
}
