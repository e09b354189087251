package lagcomp

import (
	"slices"
	"testing"

	"lagscope/lagcomp/movement"
	"lagscope/model"
)

// naiveRun is the target under the user's keys, W held (+x at 4 m/s) on a
// fixed 50 ms link each way (no jitter, no loss), with extra settings;
// each stepped millisecond check sees the client after it.
func naiveRun(t *testing.T, until model.Time, check func(s *Sim, c *Client), extra ...Setting) *Sim {
	t.Helper()
	c := Defaults()
	set := append([]Setting{{Key: "target_control", Value: "user"}, {Key: "latency_ms", Value: "50"}, {Key: "jitter_ms", Value: "0"},
		{Key: "loss_pct", Value: "0"}, {Key: "tail_ms", Value: "0"}, {Key: "target_speed_mps", Value: "4"}}, extra...)
	if !slices.ContainsFunc(extra, func(e Setting) bool { return e.Key == "walls" }) {
		set = append(set, Setting{Key: "walls", Value: ""})
	}
	if err := Apply(&c, set); err != nil {
		t.Fatal(err)
	}
	s, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	s.SetUserInput(TargetPawn, UserInput{Move: model.V(1, 0)})
	for now := model.Time(0); now <= until; now += model.Millisecond {
		s.Step(now)
		check(s, s.Clients[TargetPawn])
	}
	return s
}

// newestAck is the server's word on client c's own pawn in the newest
// snapshot c holds that carries one, and whether it holds any.
func newestAck(c *Client) (movement.Ack, bool) {
	for i := len(c.snaps) - 1; i >= 0; i-- {
		if sn := c.snaps[i]; c.Index < len(sn.Played) && sn.Played[c.Index] {
			return sn.Acks[c.Index], true
		}
	}
	return movement.Ack{}, false
}

// predict = false: at every frame of 3 s the pawn the target's client
// shows of itself is exactly where the newest snapshot it holds says the
// server has it (its spawn before the first), though the pawn walks 12 m.
// Nothing shown is corrected, even where the prediction behind the screen
// is (a wall only the server has). With predict = true the same run shows it ahead
// of that word (≥ 4 m/s × 100 ms round trip) once it walks.
func TestNoPredictionShowsTheServersWord(t *testing.T) {
	spawn := model.Vec{}
	var frames, ahead int
	s := naiveRun(t, 3*model.Second, func(s *Sim, c *Client) {
		shown := c.Display.Poses[TargetPawn].Pos
		if s.Now == 0 {
			spawn = shown
		}
		want := spawn
		if a, ok := newestAck(c); ok {
			want = a.Pose.Pos
		}
		frames++
		if shown != want {
			t.Fatalf("at %v the client shows itself at %v, the newest snapshot says %v", s.Now, shown, want)
		}
	}, Setting{Key: "predict", Value: "false"})
	if d := s.Clients[TargetPawn].Display.Poses[TargetPawn].Pos.Dist(spawn); d < 10 {
		t.Fatalf("the shown pawn walked %.2f m in 3 s at 4 m/s", d)
	}
	// a wall 1 m ahead that only the server collides with: the
	// prediction kept behind the screen walks through it and is
	// reconciled, but nothing shown was predicted, so nothing is counted
	// (predicting, the same run is corrected)
	wall := []Setting{{Key: "target_x_m", Value: "20"}, {Key: "target_y_m", Value: "0"}, {Key: "walls", Value: "21,-5,21.5,5"}, {Key: "predict_walls", Value: "false"}}
	for _, predict := range []string{"false", "true"} {
		s := naiveRun(t, 3*model.Second, func(*Sim, *Client) {}, append(wall, Setting{Key: "predict", Value: predict})...)
		if n := s.Clients[TargetPawn].pred.Corrections; (n == 0) != (predict == "false") {
			t.Errorf("predict = %s, a wall only the server has: %d corrections", predict, n)
		}
	}
	naiveRun(t, 3*model.Second, func(s *Sim, c *Client) {
		if a, ok := newestAck(c); ok && c.Display.Poses[TargetPawn].Pos.Dist(a.Pose.Pos) >= 4*0.1 {
			ahead++
		}
	})
	if ahead < frames/2 {
		t.Errorf("predicting, the pawn is ahead of the server's word at %d of %d steps", ahead, frames)
	}
}

// reconcile = false: each correction leaves the pawn at the server's
// acknowledged position, replaying nothing. By hand on the fixed link, W
// held at 4 m/s: the first word comes 100 ms of round trip plus the input
// buffer (one 64 Hz tick, 15.6 ms), the time since the server's tick (up
// to a 32 Hz snapshot interval, 31.25 ms) and a frame (8.3 ms) after the
// walk began, so the first snap back is 4 m/s × 100 ms = 0.40 m at least
// and 4 m/s × 156 ms = 0.62 m at most; from then on the pawn walks on
// from each word, so it shows where the server had it one down leg ago:
// 4 m/s × 50 ms = 0.20 m behind the server's present, give or take a
// server tick (0.0625 m) and a frame (0.033 m). Reconciling, the same run
// is never corrected and shows the pawn ahead of the server's present by
// at least the up leg and the input buffer (4 m/s × 65.6 ms = 0.26 m).
func TestNoReconciliationSnapsBackToTheServersWord(t *testing.T) {
	var snaps int
	var first, last movement.Correction
	const tick, frame = 4 * 0.015625, 4 * 0.25 / 30
	naiveRun(t, 3*model.Second, func(s *Sim, c *Client) {
		if s.Now >= model.Second {
			if gap := s.Server.Pawns[TargetPawn].Pose.Pos.X - c.Display.Poses[TargetPawn].Pos.X; gap < 0.2-tick-frame-1e-9 || gap > 0.2+frame+1e-9 {
				t.Errorf("at %v the pawn shown %.4f m behind the server's, want 0.20 m (%.3f to %.3f)", s.Now, gap, 0.2-tick-frame, 0.2+frame)
			}
		}
		if c.lastCorr == nil || *c.lastCorr == last {
			return
		}
		last = *c.lastCorr
		if snaps++; snaps == 1 {
			first = last
		}
		if a, _ := newestAck(c); last.To != a.Pose.Pos {
			t.Fatalf("at %v corrected to %v, the server's word is %v: replayed", s.Now, last.To, a.Pose.Pos)
		}
	}, Setting{Key: "reconcile", Value: "false"})
	if first.M < 0.40-1e-9 || first.M > 0.625 {
		t.Errorf("the first snap back %.4f m (of %d), want 0.40 to 0.62 m", first.M, snaps)
	}
	s := naiveRun(t, 3*model.Second, func(s *Sim, c *Client) {
		if s.Now >= model.Second {
			if ahead := c.Display.Poses[TargetPawn].Pos.X - s.Server.Pawns[TargetPawn].Pose.Pos.X; ahead < 4*0.065625-1e-9 {
				t.Errorf("reconciling, at %v the pawn shown %.4f m ahead of the server's, want at least 0.26 m", s.Now, ahead)
			}
		}
	})
	if n := s.Clients[TargetPawn].pred.Corrections; n != 0 {
		t.Errorf("reconciling: %d corrections", n)
	}
}
