package presets

import (
	"math"
	"testing"

	"lagscope/lagcomp"
	"lagscope/lagcomp/compensation"
	"lagscope/model"
)

// The subtick preset's look_for and moment quote its run: on its seed,
// at 64 and 128 Hz, what a whole tick costs (the rewind error, the
// verdicts it changes against the sub-tick run of the same shots) and
// that sub-tick costs nothing.
func TestLookForSubtick(t *testing.T) {
	type want struct {
		meanErr, maxErr float64 // tick's rewind error, m
		changed, lost   int     // verdicts tick changes, and of them hits lost
		lateMs          float64 // tick's mean rewind less the ideal, ms
	}
	for hz, w := range map[string]want{"64": {0.032, 0.088, 13, 7, 5.1}, "128": {0.008, 0.048, 2, 1, 1.3}} {
		tick := runPreset(t, "subtick", "stamp_precision", "tick", "tick_hz", hz, "snapshot_hz", hz)
		sub := runPreset(t, "subtick", "tick_hz", hz, "snapshot_hz", hz)
		ts, ss := tick.Summary(), sub.Summary()
		if ts.Shots != 287 || ss.Shots != 287 || ss.MeanRewindErrM != 0 || ss.MaxRewindErrM != 0 || ss.Agreement != 1 {
			t.Errorf("%s Hz: %d / %d shots; sub-tick rewind error %.4f m (largest %.4f), agreement %.3f; look_for says 287, 0 m and all",
				hz, ts.Shots, ss.Shots, ss.MeanRewindErrM, ss.MaxRewindErrM, ss.Agreement)
		}
		if math.Abs(ts.MeanRewindErrM-w.meanErr) > 0.0005 || math.Abs(ts.MaxRewindErrM-w.maxErr) > 0.0005 ||
			math.Abs(ts.MeanRewindMs-ts.MeanIdealMs-w.lateMs) > 0.05 {
			t.Errorf("%s Hz, tick: rewind error %.4f m (largest %.4f), %.2f ms before the time drawn; look_for says %.3f (%.3f), %.1f ms",
				hz, ts.MeanRewindErrM, ts.MaxRewindErrM, ts.MeanRewindMs-ts.MeanIdealMs, w.meanErr, w.maxErr, w.lateMs)
		}
		changed, lost := 0, 0
		tr, sr := tick.Shots.Records(), sub.Shots.Records()
		for i := range tr {
			if tr[i].Seq != sr[i].Seq || tr[i].Fire != sr[i].Fire {
				t.Fatalf("%s Hz: shot %d fired at %v and %v: not the same shots", hz, tr[i].Seq, tr[i].Fire, sr[i].Fire)
			}
			if tr[i].ServerHit != sr[i].ServerHit {
				changed++
				if sr[i].ServerHit {
					lost++
				}
			}
		}
		if changed != w.changed || lost != w.lost {
			t.Errorf("%s Hz: tick changes %d verdicts (%d hits lost); look_for says %d (%d)", hz, changed, lost, w.changed, w.lost)
		}
	}
	// under loss and jitter on both links: sub-tick stamps the snapshot a
	// starved client held, continuous the render time past it
	lossy := []string{"loss_pct", "20", "jitter_ms", "40", "victim_loss_pct", "20", "victim_jitter_ms", "40"}
	disagree := func(s *lagcomp.Sim) (n, held, heldOff int) {
		for _, r := range s.Shots.Records() {
			h := r.Outcome == lagcomp.OutcomeJudged && r.Claimed > r.IdealTo
			held += b2i(h)
			// a shot lost with its command has no verdict to stamp
			if r.Outcome == lagcomp.OutcomeJudged && !r.Agree() {
				n++
				heldOff += b2i(h)
			}
		}
		return n, held, heldOff
	}
	ls := runPreset(t, "subtick", lossy...)
	if n, _, _ := disagree(ls); n != 0 || math.Abs(ls.Summary().MeanRewindErrM-0.00012) > 0.000005 || math.Abs(ls.Summary().MaxRewindErrM-0.027) > 0.0005 {
		t.Errorf("subtick, lossy: %d verdicts off the client's, rewind error %.6f m (largest %.4f); look_for says none, 0.00012 (0.027)", n, ls.Summary().MeanRewindErrM, ls.Summary().MaxRewindErrM)
	}
	if n, held, heldOff := disagree(runPreset(t, "subtick", append(lossy, "stamp_precision", "continuous")...)); n != 5 || held != 26 || heldOff != 5 {
		t.Errorf("continuous, lossy: %d verdicts off, %d shots fired holding the newest snapshot, %d of them off; look_for says 5, 26, all 5", n, held, heldOff)
	}
	if n, _, _ := disagree(runPreset(t, "subtick", append(lossy, "stamp_precision", "tick")...)); n != 18 {
		t.Errorf("tick, lossy: %d verdicts off the client's; look_for says 18", n)
	}
	// the moment: shot 22 at 64 Hz
	tick, sub := runPreset(t, "subtick", "stamp_precision", "tick"), runPreset(t, "subtick")
	r, u := shotBySeq(tick, 22), shotBySeq(sub, 22)
	if r == nil || u == nil {
		t.Fatal("no shot 22")
	}
	tk := model.TickTime(1, 64)
	if u.Stamp.Tick != 143 || math.Abs(float64(u.Stamp.Fraction)-0.44) > 0.005 || u.Stamp.InterpFrom != 143 || u.Stamp.InterpTo != 144 ||
		!u.ClientHit || !u.ServerHit || u.RewindErrorM != 0 {
		t.Errorf("subtick shot 22: %+v, client hit %v, server hit %v, error %.3f m; the moment says render tick 143 + 0.44, a hit on both", u.Stamp, u.ClientHit, u.ServerHit, u.RewindErrorM)
	}
	if r.Stamp != (compensation.Stamp{Precision: compensation.Tick, Tick: 145, LerpTicks: 2}) || r.RewindTo != 143*tk ||
		math.Abs((r.IdealTo-r.RewindTo).Millis()-6.9) > 0.05 || math.Abs(r.RewindErrorM-0.044) > 0.0005 || r.ServerHit {
		t.Errorf("tick shot 22: %+v, rewound to %v (%v before the time drawn), error %.3f m, server hit %v; the moment says tick_count 145, 2 lerp ticks, tick 143, 6.9 ms, 0.044 m, a miss",
			r.Stamp, r.RewindTo, r.IdealTo-r.RewindTo, r.RewindErrorM, r.ServerHit)
	}
}

func shotBySeq(s *lagcomp.Sim, seq uint32) *lagcomp.ShotRecord {
	for _, r := range s.Shots.Records() {
		if r.Seq == seq {
			return &r
		}
	}
	return nil
}

// source-cs stamps whole ticks, as Source does: its look_for and moment
// quote the run (every rewind a server tick, tick_count − 7, 6.1 to 21.2
// ms before the time drawn) and the continuous twin it used to be (used
// and ideal rewind equal, the same verdicts; no hit on another part on
// this seed, 2 with the client's ticks on the server's).
func TestLookForSourceCSWholeTicks(t *testing.T) {
	s, cont := runPreset(t, "source-cs"), runPreset(t, "source-cs", "stamp_precision", "continuous")
	sum := s.Summary()
	if sum.Shots != 25 || sum.Agreement != 1 || len(sum.RuleCounts) != 0 || math.Abs(sum.MeanRewindMs-sum.MeanIdealMs-15.5) > 0.05 ||
		math.Abs(sum.MeanRewindErrM-0.078) > 0.0005 || math.Abs(sum.MaxRewindErrM-0.105) > 0.0005 {
		t.Errorf("source-cs: %d shots, agreement %.2f, rules %v, %.2f ms before the time drawn, rewind error %.4f m (largest %.4f); look_for says 25, 1, none, 15.5, 0.078 (0.105)",
			sum.Shots, sum.Agreement, sum.RuleCounts, sum.MeanRewindMs-sum.MeanIdealMs, sum.MeanRewindErrM, sum.MaxRewindErrM)
	}
	tk := func(n int64) model.Time { return model.TickTime(n, 66) }
	cr, parts := cont.Shots.Records(), 0
	for i, r := range s.Shots.Records() {
		if r.ServerPart != cr[i].ServerPart {
			parts++
			if cr[i].ServerPart != model.PartHead || r.ServerPart != model.PartBody {
				t.Errorf("source-cs shot %d: whole ticks move the hit from %v to %v", r.Seq, cr[i].ServerPart, r.ServerPart)
			}
		}
		d := r.IdealTo - r.RewindTo
		if r.Stamp.LerpTicks != 7 || r.RewindTo != tk(r.Stamp.Tick-7) || d < 6060 || d > 21213 {
			t.Errorf("source-cs shot %d: %+v, rewound to %v, %v before the time drawn", r.Seq, r.Stamp, r.RewindTo, d)
		}
		if c := cr[i]; c.RewindTo != c.IdealTo || c.ServerHit != r.ServerHit {
			t.Errorf("source-cs continuous shot %d: rewound to %v, drew %v; verdict %v, whole ticks %v", c.Seq, c.RewindTo, c.IdealTo, c.ServerHit, r.ServerHit)
		}
	}
	if parts != 0 {
		t.Errorf("source-cs: whole ticks move %d hits to another part; look_for says none on this seed", parts)
	}
	// the client's ticks on the server's (cmd_phase_ms = 0): 2 head hits
	// land on the body
	z, zc := runPreset(t, "source-cs", "cmd_phase_ms", "0"), runPreset(t, "source-cs", "cmd_phase_ms", "0", "stamp_precision", "continuous")
	zr, moved := zc.Shots.Records(), 0
	for i, r := range z.Shots.Records() {
		if r.ServerPart != zr[i].ServerPart {
			moved++
			if zr[i].ServerPart != model.PartHead || r.ServerPart != model.PartBody {
				t.Errorf("source-cs at cmd_phase_ms 0, shot %d: whole ticks move the hit from %v to %v", r.Seq, zr[i].ServerPart, r.ServerPart)
			}
		}
	}
	if moved != 2 {
		t.Errorf("source-cs at cmd_phase_ms 0: whole ticks move %d hits to another part; look_for says 2 head hits land on the body", moved)
	}
	one, three := shotBySeq(s, 1), shotBySeq(s, 3)
	if one.RewindTo != tk(11) || math.Abs(float64(one.IdealTo)/float64(tk(1))-12.38) > 0.005 {
		t.Errorf("source-cs shot 1: rewound to %v, drew tick %.3f; look_for says tick 11, 12.38", one.RewindTo, float64(one.IdealTo)/float64(tk(1)))
	}
	if three.Stamp.Tick != 71 || three.RewindTo != tk(64) || math.Abs((three.IdealTo-three.RewindTo).Millis()-10.9) > 0.05 || math.Abs(three.RewindErrorM-0.055) > 0.0005 {
		t.Errorf("source-cs shot 3: %+v, rewound to %v, %v before, %.4f m; the moment says 71, tick 64, 10.9 ms, 0.055 m", three.Stamp, three.RewindTo, three.IdealTo-three.RewindTo, three.RewindErrorM)
	}
}
