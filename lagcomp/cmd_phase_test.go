package lagcomp

import (
	"fmt"
	"math"
	"testing"

	"lagscope/model"
)

// The command schedule by hand. At 120 fps and 64 command packets a
// second (a packet at the first frame at or after each 1/64 s) 15
// frames make 8 packets: 7 inputs wait one frame for theirs, 8 none (a
// mean of 7/15 of a frame, 3.889 ms; the most a frame, 8.333), and the
// longest span is two frames (an input that waited, from its start).
// At 144 fps 9 frames make 4 packets (at frames 3, 5, 7, 9): waits of
// 2, 1, 0, 1, 0, 1, 0, 1, 0 frames, a mean of 6/9 of a frame (4.630 ms,
// the "4.6" of the cycle), the most 13.889 ms, the span three frames.
func TestCmdCycleByHand(t *testing.T) {
	for _, tc := range []struct {
		fps, frames int     // the cycle's frames
		waits       float64 // frames waited over the cycle
		most, span  int64   // frames
	}{{120, 15, 7, 1, 2}, {144, 9, 6, 2, 3}} {
		c := Defaults()
		c.FPS, c.CmdRateHz, c.CmdPer = tc.fps, 64, CmdPerFrame
		cy := c.cmdCycleAt(0)
		frame := 1000 / float64(tc.fps)
		near := func(got model.Time, want float64) bool { return math.Abs(got.Millis()-want) <= 0.001 }
		if !near(cy.WaitMean, tc.waits/float64(tc.frames)*frame) || !near(cy.WaitMax, float64(tc.most)*frame) || cy.WaitMin != 0 ||
			cy.SpanMax != model.TickTime(tc.span, tc.fps) {
			t.Errorf("%d fps: %+v; want a mean wait of %.3f ms, the most %.3f, none the least, a span of %d frames", tc.fps, cy,
				tc.waits/float64(tc.frames)*frame, float64(tc.most)*frame, tc.span)
		}
	}
}

// cmdCycleAt follows the client's own schedule: over whole seconds of a
// run, the longest a command's start lies before the end of the newest
// command of the packet that first carries it is its SpanMax, and the
// packets' mean lag behind their newest command its SendLagMean, at
// every command beat, at fixed phases and at a drawn one, fast and slow
// frames.
func TestCmdCycleIsTheRunsSchedule(t *testing.T) {
	for _, tc := range []struct {
		per   CmdPer
		fps   int
		phase float64
	}{
		{CmdPerFrame, 144, -1}, {CmdPerFrame, 120, -1},
		{CmdPerTick, 100, 0}, {CmdPerTick, 100, 7}, {CmdPerTick, 144, 3.3}, {CmdPerTick, 30, -1}, {CmdPerTick, 144, -1},
		{CmdPerCmdFrame, 144, 0}, {CmdPerCmdFrame, 144, 11}, {CmdPerCmdFrame, 60, -1},
	} {
		for _, seed := range []uint64{1, 2} {
			t.Run(fmt.Sprintf("%s/%dfps/phase%v/seed%d", tc.per, tc.fps, tc.phase, seed), func(t *testing.T) {
				c := Defaults()
				c.Seed, c.CmdPer, c.FPS, c.TickHz, c.CmdRateHz, c.CmdPhaseMs = seed, tc.per, tc.fps, 66, 64, tc.phase
				s, err := New(c)
				if err != nil {
					t.Fatal(err)
				}
				s.KeepAllPackets()
				s.Step(4 * model.Second)
				// a packet's newest command ends at the last beat by the
				// frame it leaves in (every beat come by then is made):
				// the packet itself with frame beats
				phase := s.Clients[ShooterPawn].cmdPhase
				newest := func(sent model.Time) model.Time {
					if c.beat() == 0 {
						return sent
					}
					b := c.beatAfter(sent-3*c.beat(), phase)
					for nb := c.beatAfter(b, phase); nb <= sent; nb = c.beatAfter(b, phase) {
						b = nb
					}
					return b
				}
				var most, lag model.Time
				packets := 0
				for _, p := range s.AllPackets() {
					if !p.Up || p.Dup || p.Client != ShooterPawn || p.Inputs == p.InputBackups ||
						p.FirstInputT < cmdCycleFrom || p.FirstInputT >= cmdCycleTo {
						continue
					}
					most = max(most, newest(p.Sent)-p.FirstInputT)
					lag += p.Sent - newest(p.Sent)
					packets++
				}
				cy := c.cmdCycleAt(phase)
				if d := most - cy.SpanMax; d < -1 || d > 1 { // frame beats: whole frames from 0, TickTime's microsecond
					t.Errorf("the run's longest span %v, cmdCycleAt's %v", most, cy.SpanMax)
				}
				if d := lag/model.Time(packets) - cy.SendLagMean; d < -2 || d > 2 {
					t.Errorf("the run's packets lag their newest command by %v on average, cmdCycleAt says %v", lag/model.Time(packets), cy.SendLagMean)
				}
			})
		}
	}
}

// The command phase is drawn for each client from the seed, uniform over
// the beat (different seeds, different phases; the shooter's and the
// victim's apart); cmd_phase_ms fixes it, modulo the beat; frame beats
// have none. A run's commands start on its client's phase.
func TestCmdPhaseIsDrawnAndFixed(t *testing.T) {
	c := Defaults()
	c.CmdPer, c.TickHz = CmdPerTick, 64
	beat := model.TickTime(1, 64)
	seen, apart := map[model.Time]bool{}, 0
	var sum float64
	const seeds = 200
	for seed := uint64(1); seed <= seeds; seed++ {
		c.Seed = seed
		a, b := c.cmdPhase(ShooterPawn), c.cmdPhase(TargetPawn)
		if a < 0 || a >= beat || b < 0 || b >= beat {
			t.Fatalf("seed %d: phases %v, %v outside [0, %v)", seed, a, b, beat)
		}
		seen[a] = true
		apart += b2i(a != b)
		sum += a.Millis() / beat.Millis()
	}
	// uniform over the beat: a mean of a half, standard error 1/√(12 n)
	if len(seen) < seeds*9/10 || apart < seeds*9/10 || math.Abs(sum/seeds-0.5) > 4/math.Sqrt(12*seeds) {
		t.Errorf("%d distinct phases of %d seeds, %d apart between the clients, a mean of %.3f beats", len(seen), seeds, apart, sum/seeds)
	}
	for _, tc := range []struct {
		ms   float64
		want model.Time
	}{{0, 0}, {5, 5 * model.Millisecond}, {20, 20*model.Millisecond - beat}} {
		c.CmdPhaseMs = tc.ms
		if a, b := c.cmdPhase(ShooterPawn), c.cmdPhase(TargetPawn); a != tc.want || b != tc.want {
			t.Errorf("cmd_phase_ms %v: phases %v, %v; want %v", tc.ms, a, b, tc.want)
		}
	}
	c.CmdPer, c.CmdPhaseMs = CmdPerFrame, -1
	if a := c.cmdPhase(ShooterPawn); a != 0 {
		t.Errorf("frame beats: phase %v, want none", a)
	}
	// the run's commands lie on its phase: each (after the first, cut
	// short by the first frame) starts at phase + whole ticks
	for _, ms := range []float64{-1, 5} {
		c := Defaults()
		c.Seed, c.CmdPer, c.TickHz, c.FPS, c.CmdPhaseMs = 3, CmdPerTick, 64, 144, ms
		s, err := New(c)
		if err != nil {
			t.Fatal(err)
		}
		s.KeepAllPackets()
		s.Step(2 * model.Second)
		ph := s.Clients[ShooterPawn].cmdPhase
		if ms >= 0 && ph != model.MsF(ms) {
			t.Fatalf("cmd_phase_ms %v: the client's phase %v", ms, ph)
		}
		n := 0
		for _, p := range s.AllPackets() {
			if !p.Up || p.Dup || p.Client != ShooterPawn || p.Inputs == p.InputBackups || p.FirstInput == 1 {
				continue
			}
			k := int64(p.FirstInputT-ph) * 64 / int64(model.Second)
			if x := p.FirstInputT - ph; model.TickTime(k, 64) != x && model.TickTime(k+1, 64) != x {
				t.Fatalf("cmd_phase_ms %v: a command starts at %v, not on the phase %v + whole ticks", ms, p.FirstInputT, ph)
			}
			n++
		}
		if n < 100 {
			t.Fatalf("only %d command packets", n)
		}
	}
}

// The duel's command term moves with the command phase and the
// prediction holds it. With Source's usercmds (cmd_per = tick) the
// peeker's screen moves a tick at a time, in the frame after each beat,
// and its packets leave after their newest command's end: the term
// (peekTerm) is the buffer's span plus that lag less the screen's own
// delay, over the cycle at the phase. Under 20 % loss and 40 ms jitter
// on each player's own links, the phase drawn for each of 100 seeds,
// the mean gap is the predicted mean (the term's mean over a phase
// uniform over the tick) within 4 standard errors, and the term's range
// over the phase is what the seeds' phases give; at a fixed
// cmd_phase_ms on clean links the term is that phase's and 30 seeds'
// mean gap is the prediction within the frames' sampling error.
func TestDuelCommandPhaseIsSampled(t *testing.T) {
	c := duelPreset(t, Setting{Key: "cmd_per", Value: "tick"},
		Setting{Key: "loss_pct", Value: "20"}, Setting{Key: "jitter_ms", Value: "40"},
		Setting{Key: "victim_loss_pct", Value: "20"}, Setting{Key: "victim_jitter_ms", Value: "40"})
	const seeds = 100
	var sum, sq float64
	var p PeekersAdvantage
	frame := model.TickTime(1, c.FPS)
	lo, hi := model.Time(math.MaxInt64), model.Time(0)
	for seed := uint64(1); seed <= seeds; seed++ {
		c.Seed = seed
		s, q := runDuel(t, c, 3*model.Second)
		p = q
		m, ok := p.MeasuredMs()
		if !ok || m <= 0 {
			t.Fatalf("seed %d: gap %.3f (%v)", seed, m, ok)
		}
		if (m < p.LowMs || m > p.HighMs) && len(p.Rules) == 0 {
			t.Errorf("seed %d: gap %.3f ms outside [%.3f, %.3f] and no rule says why", seed, m, p.LowMs, p.HighMs)
		}
		sum, sq = sum+m, sq+m*m
		term := c.peekTerm(c.cmdCycleAt(s.Clients[TargetPawn].cmdPhase))
		lo, hi = min(lo, term), max(hi, term)
	}
	mean := sum / seeds
	se := math.Sqrt((sq/seeds - mean*mean) / (seeds - 1))
	if d := mean - p.PredictedMs; math.Abs(d) > 4*se {
		t.Errorf("mean gap %.2f ms, predicted %.2f: off by %.2f, beyond 4 standard errors of %.2f", mean, p.PredictedMs, d, se)
	}
	t.Logf("mean gap %.2f ± %.2f ms, predicted %.2f; command term %.3f in [%.3f, %.3f], the seeds' phases' terms [%.3f, %.3f]",
		mean, se, p.PredictedMs, p.PeekerCmdWaitMs, p.PeekerCmdWaitLoMs, p.PeekerCmdWaitHiMs, (lo - frame).Millis(), (hi - frame).Millis())
	// the seeds' phases span the range the prediction gives (its 32
	// phases a sample of the same interval: within a frame of each end)
	if !(p.PeekerCmdWaitLoMs < p.PeekerCmdWaitMs && p.PeekerCmdWaitMs < p.PeekerCmdWaitHiMs) ||
		math.Abs((lo-frame).Millis()-p.PeekerCmdWaitLoMs) > frame.Millis() || math.Abs((hi-frame).Millis()-p.PeekerCmdWaitHiMs) > frame.Millis() {
		t.Errorf("command term %.3f in [%.3f, %.3f]; the seeds' phases gave [%.3f, %.3f]", p.PeekerCmdWaitMs, p.PeekerCmdWaitLoMs, p.PeekerCmdWaitHiMs, (lo - frame).Millis(), (hi - frame).Millis())
	}

	for _, ms := range []float64{0, 4, 9} {
		cfg := peekConfig()
		cfg.CmdPer, cfg.CmdPhaseMs = CmdPerTick, ms
		want := (cfg.peekTerm(cfg.cmdCycleAt(model.MsF(ms))) - frame).Millis()
		const seeds = 30
		var sum float64
		var p PeekersAdvantage
		for seed := uint64(1); seed <= seeds; seed++ {
			cfg.Seed = seed
			_, p = runDuel(t, cfg, 4*model.Second)
			m, ok := p.MeasuredMs()
			if !ok || m < p.LowMs || m > p.HighMs {
				t.Errorf("cmd_phase_ms %v seed %d: gap %.3f outside [%.3f, %.3f]", ms, seed, m, p.LowMs, p.HighMs)
			}
			sum += m
		}
		if p.PeekerCmdWaitMs != want || p.PeekerCmdWaitLoMs != want || p.PeekerCmdWaitHiMs != want {
			t.Errorf("cmd_phase_ms %v: command term %.3f [%.3f, %.3f], want the phase's peekTerm less a frame, %.3f", ms, p.PeekerCmdWaitMs, p.PeekerCmdWaitLoMs, p.PeekerCmdWaitHiMs, want)
		}
		// three uniform frame waits (TestPeekersAdvantageEmergesFromThePipeline)
		sd := math.Sqrt(3 * p.PeekerFrameMs * p.PeekerFrameMs / 12)
		if tol := 4*sd/math.Sqrt(seeds) + 1; math.Abs(sum/seeds-p.PredictedMs) > tol {
			t.Errorf("cmd_phase_ms %v: mean gap %.2f ms, predicted %.2f ± %.2f", ms, sum/seeds, p.PredictedMs, tol)
		}
		t.Logf("cmd_phase_ms %v: mean gap %.2f ms, predicted %.2f (command term %.3f)", ms, sum/seeds, p.PredictedMs, want)
	}
}
