package lagcomp

import (
	"reflect"
	"strconv"
	"testing"

	"lagscope/lagcomp/rewind"
	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// sourceRun is the source-cs preset's keys with overrides, run for d.
func sourceRun(t *testing.T, d model.Time, set map[string]string) *Sim {
	t.Helper()
	m := map[string]string{"mode": "source", "tick_hz": "66", "snapshot_hz": "20", "fps": "100", "interp_ms": "100",
		"max_rewind_ms": "900", "max_trail_ms": "1000", "source_window_ms": "200", "network": "broadband"}
	for k, v := range set {
		m[k] = v
	}
	return runKeys(t, d, m)
}

// Source never clears its history on a teleport, whatever trail_reset
// says: BacktrackPlayer walks back from the present and gives up (no
// rewind: the present judged, teleport_guard) where a jump longer than
// teleport_dist_m lies between the present and the wanted tick, and
// rewinds through a shorter one. Each shot is checked against the
// target's true motion at the server's ticks, on several seeds; the
// trail is never exhausted, and trail_reset changes nothing.
func TestSourceModeWalksBackThroughTeleports(t *testing.T) {
	guarded, through := 0, 0
	for seed := 1; seed <= 4; seed++ {
		var runs [2][]ShotRecord
		for k, reset := range []bool{true, false} {
			s := sourceRun(t, 0, map[string]string{"seed": strconv.Itoa(seed), "latency_ms": "40", "jitter_ms": "0", "tail_ms": "0",
				"target_motion": "teleport", "weapon": "rapid", "stamp_mode": "per_shot", "fire_interval_ms": "100",
				"burst_shots": "30", "burst_pause_ms": "0", "trail_reset": strconv.FormatBool(reset)})
			// the server's own path (its target moves by its client's
			// inputs), which it keeps for the last seconds: each shot is
			// checked within 250 ms of its judgement
			cfg, m := &s.cfg, &s.Server.Pawns[TargetPawn]
			tick := cfg.Tick()
			checked := 0
			for at := 250 * model.Millisecond; at <= 20*model.Second; at += 250 * model.Millisecond {
				s.Step(at)
				for ; checked < s.Shots.Len(); checked++ {
					r := s.Shots.At(checked)
					if r.Outcome != OutcomeJudged || r.HasRule(rule.SourceWindow) {
						continue
					}
					if r.HasRule(rule.TrailExhausted) {
						t.Fatalf("seed %d reset %v shot %d: trail exhausted in a second of history", seed, reset, r.Seq)
					}
					want := r.Claimed
					// the server's samples after the wanted time, up to the
					// present: a long jump between two of them loses the
					// track; an epoch change with a short one is rewound through
					lost, teleported := false, false
					for n := int64(want/tick) + 1; model.TickTime(n, cfg.TickHz) <= r.Judged; n++ {
						a, b := m.TruthAt(model.TickTime(n-1, cfg.TickHz)), m.TruthAt(model.TickTime(n, cfg.TickHz))
						if model.TickTime(n, cfg.TickHz) <= want {
							continue
						}
						lost = lost || a.Pos.Dist(b.Pos) > cfg.TeleportDistM
						teleported = teleported || a.Epoch != b.Epoch
					}
					switch {
					case lost:
						if r.RewindRule != rewind.Guarded || !r.HasRule(rule.TeleportGuard) || r.Rewound != r.ServerNow || r.RewindTo != r.Judged {
							t.Fatalf("seed %d shot %d: a long jump since the wanted tick, but rewound by %v to %v (%v)", seed, r.Seq, r.RewindRule, r.RewindTo, r.Rules)
						}
						guarded++
					case r.HasRule(rule.TeleportGuard):
						t.Fatalf("seed %d shot %d: guarded with no long jump after %v", seed, r.Seq, want)
					case r.RewindTo != want:
						t.Fatalf("seed %d shot %d: rewound to %v, wanted %v (%v)", seed, r.Seq, r.RewindTo, want, r.Rules)
					case teleported:
						through++
					}
				}
			}
			runs[k] = s.Shots.Records()
		}
		if !reflect.DeepEqual(runs[0], runs[1]) {
			t.Fatalf("seed %d: trail_reset changed the source mode's records", seed)
		}
	}
	if guarded == 0 || through == 0 {
		t.Fatalf("the runs met %d long jumps and rewound through %d short teleports: the test proves nothing", guarded, through)
	}
	t.Logf("%d shots guarded, %d rewound through a short teleport", guarded, through)
}

// Source clamps only its own estimate to sv_maxunlag: at 300 ms RTT with
// max_rewind_ms 200 (sv_maxunlag 300 ms), an honest client's tick lies
// about 330 ms back, within source_window_ms of the clamped estimate, so
// it is believed and rewound to exactly, past max_rewind_ms + interp_ms.
// The timestamp mode, on the same links, is capped there.
func TestSourceModeHonoursTicksPastItsClamp(t *testing.T) {
	for seed := 1; seed <= 3; seed++ {
		for _, mode := range []string{"source", "timestamp"} {
			s := sourceRun(t, 15*model.Second, map[string]string{"seed": strconv.Itoa(seed), "mode": mode, "latency_ms": "150",
				"jitter_ms": "0", "tail_ms": "0", "max_rewind_ms": "200"})
			beyond, capped := 0, 0
			for _, r := range s.Shots.Records() {
				if r.Outcome != OutcomeJudged {
					continue
				}
				if r.Judged-r.IdealTo > model.Ms(300)+model.Ms(1) {
					beyond++
				}
				if r.HasRule(rule.MaxRewindCap) {
					capped++
				} else if mode == "source" && r.RewindTo != r.IdealTo {
					t.Fatalf("source seed %d shot %d: rewound to %v, the client's tick says %v (%v)", seed, r.Seq, r.RewindTo, r.IdealTo, r.Rules)
				}
			}
			if beyond < 10 {
				t.Fatalf("%s seed %d: only %d shots wanted more than 300 ms", mode, seed, beyond)
			}
			if mode == "source" && capped != 0 || mode == "timestamp" && capped < beyond {
				t.Fatalf("%s seed %d: %d of %d shots past 300 ms capped", mode, seed, capped, beyond)
			}
		}
	}
}
