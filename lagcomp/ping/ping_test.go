package ping

import (
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
	p := NewTracker(250*model.Millisecond, 0.5)
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
	p := NewTracker(250*model.Millisecond, 0.5)
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
