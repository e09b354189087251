package lagcomp

import (
	"fmt"
	"math"
	"testing"

	"lagscope/lagcomp/compensation"
	"lagscope/lagcomp/ping"
	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// Ping mode's fallback, attacked with loss and a slow bounce: every shot
// judged before the first ServerUpdatePing arrived rewound by the
// server's own measurement and says so (ping_not_reported); no shot
// judged after one does. Several seeds.
func TestPingModeNamesTheMeasuredPingItFellBackOn(t *testing.T) {
	named, total := 0, 0
	for seed := uint64(1); seed <= 6; seed++ {
		c := constantVelocity()
		c.Mode, c.Seed, c.PingIntervalMs, c.FireIntervalMs = compensation.Ping, seed, 2000, 60
		c.Up.LossPct, c.Down.LossPct = 40, 40
		s, err := New(c)
		if err != nil {
			t.Fatal(err)
		}
		tick := model.TickTime(1, c.TickHz)
		for at := model.Time(0); at < 8*model.Second; at += tick / 4 {
			before, n := s.Server.conns[ShooterPawn].hasReport, s.Shots.Len()
			s.Step(at)
			after := s.Server.conns[ShooterPawn].hasReport
			for i := n; i < s.Shots.Len(); i++ {
				r := s.Shots.At(i)
				if r.Outcome != OutcomeJudged {
					continue
				}
				total++
				has := r.HasRule(rule.PingNotReported)
				named += b2i(has)
				if !before && !after && !has || before && has {
					t.Fatalf("seed %d: shot %d judged at %v (report known before %v, after %v): rules %v", seed, r.Seq, r.Judged, before, after, r.Rules)
				}
			}
		}
		checkRuleCounted(t, s, rule.PingNotReported)
	}
	if named == 0 || named == total {
		t.Fatalf("%d of %d shots fell back: the test did not see both sides", named, total)
	}
}

// The MaxPredictionPing clamp of ping mode is named on every shot it cut:
// at 400 ms of ping (cap 255) every rewind is 1.8 x 255 = 459 ms and says
// so; at 80 ms none is cut.
func TestPingModeNamesItsMaxPredictionPingClamp(t *testing.T) {
	for _, tc := range []struct {
		latency float64
		cut     bool
	}{{200, true}, {40, false}} {
		for seed := uint64(1); seed <= 3; seed++ {
			c := constantVelocity()
			c.Mode, c.Seed, c.MaxRewindMs = compensation.Ping, seed, 2000
			c.Up.LatencyMs, c.Down.LatencyMs, c.Up.JitterMs = tc.latency, tc.latency, 10
			s := run(t, c, 8*model.Second)
			for _, r := range judged(s) {
				has := r.HasRule(rule.MaxPredictionPing)
				short := r.HasRule(rule.TrailExhausted) // the first shots: less history than 459 ms
				if has != tc.cut || has && !short && r.RewindMs() != model.MsF(255*1.8).Millis() {
					t.Fatalf("%v ms each way, seed %d: shot %d rewound %v ms, rules %v", tc.latency, seed, r.Seq, r.RewindMs(), r.Rules)
				}
			}
			if tc.cut {
				checkRuleCounted(t, s, rule.MaxPredictionPing)
			}
		}
	}
}

// checkRuleCounted: the summary counts rule as often as the records name it.
func checkRuleCounted(t *testing.T, s *Sim, r Rule) {
	t.Helper()
	n := 0
	for _, rec := range s.Shots.Records() {
		n += b2i(rec.HasRule(r))
	}
	got := 0
	for _, rc := range s.Summary().RuleCounts {
		if rc.Rule == r {
			got = rc.Count
		}
	}
	if got != n {
		t.Fatalf("%d records name %s, the summary counts %d", n, r, got)
	}
}

// A connect handshake that loses every try is counted, for every client
// it failed (observers too), and what needed the ping says it had none:
// the down link is dead through the handshake and the first bounces, then
// clears; the next bounce is 10 s away, so every shot in between is
// judged with no ping at all.
func TestFailedHandshakesAreCounted(t *testing.T) {
	for _, tc := range []struct {
		loss      float64
		observers int
		want      int
	}{{0, 0, 0}, {100, 0, 2}, {100, 2, 4}} {
		c := constantVelocity()
		c.Mode, c.Observers, c.PingIntervalMs = compensation.Ping, tc.observers, 10000
		c.Down.LossPct = tc.loss
		s, err := New(c)
		if err != nil {
			t.Fatal(err)
		}
		s.Step(model.Second)
		c.Down.LossPct = 0
		if err := s.SetConfig(c); err != nil {
			t.Fatal(err)
		}
		s.Step(5 * model.Second)
		what := fmt.Sprintf("%v%% down loss, %d observers", tc.loss, tc.observers)
		if got := s.Summary().HandshakesFailed; got != tc.want {
			t.Fatalf("%s: %d handshakes failed, want %d", what, got, tc.want)
		}
		rs := judged(s)
		if len(rs) < 5 {
			t.Fatalf("%s: %d shots judged", what, len(rs))
		}
		for _, r := range rs {
			if r.HasRule(rule.PingUnknown) != (tc.want > 0) || tc.want > 0 && r.RewindMs() != 0 {
				t.Fatalf("%s: shot %d rewound %v ms with %v", what, r.Seq, r.RewindMs(), r.Rules)
			}
		}
	}
}

// ping_style = ue4 in the running simulation, under jitter and loss on
// several seeds: the client's ExactPing moves at most once a second (the
// buckets are recomputed only by the first reply a second after the last
// recomputation), every value the server was told is one the client held
// (ServerUpdatePing when it changed), and the moving average, by
// contrast, moves with nearly every reply.
func TestUE4PingMovesOnceASecond(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		changes := map[ping.Style]int{}
		for _, style := range ping.Styles {
			c := constantVelocity()
			c.PingStyle, c.Seed, c.Mode = style, seed, compensation.Ping
			c.Up.JitterMs, c.Down.JitterMs, c.Up.LossPct, c.Down.LossPct = 30, 30, 10, 10
			s, err := New(c)
			if err != nil {
				t.Fatal(err)
			}
			held := map[float64]bool{}
			last, lastAt := math.NaN(), model.Time(-10*model.Second)
			for at := model.Time(0); at < 12*model.Second; at += model.Millisecond {
				s.Step(at)
				p, _ := s.Clients[ShooterPawn].ping.ExactPing()
				held[p] = true
				if p != last && !math.IsNaN(last) {
					changes[style]++
					if style == ping.UE4 && at-lastAt < model.Second {
						t.Fatalf("seed %d: ue4 ExactPing moved at %v and again at %v", seed, lastAt, at)
					}
					lastAt = at
				}
				last = p
				if cn := s.Server.conns[ShooterPawn]; cn.hasReport && !held[cn.reported] {
					t.Fatalf("seed %d, %s: the server was told %v ms, never the client's ExactPing", seed, style, cn.reported)
				}
			}
		}
		if changes[ping.UE4] < 5 || changes[ping.EWMA] < 3*changes[ping.UE4] {
			t.Fatalf("seed %d: ExactPing moved %d times under ue4, %d under ewma", seed, changes[ping.UE4], changes[ping.EWMA])
		}
	}
}
