package timeline

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"

	"lagscope/lagcomp"
	"lagscope/model"
)

// The user drives the target: its client samples the held keys at each
// frame and predicts at once, the server plays the inputs a pipeline
// later. A seek back and a script replayed from JSON (a sidecar's) show
// the same frames, byte for byte, as the live run.
func TestUserMovementIsRecordedAndReplayed(t *testing.T) {
	c := lagcomp.Defaults()
	c.TargetControl, c.Control = lagcomp.ControlUser, lagcomp.ControlUser
	c.Up.JitterMs = 10
	s, err := NewSession(c)
	if err != nil {
		t.Fatal(err)
	}
	start := s.Sim().Frame().Pawns[lagcomp.TargetPawn].Pose.Pos
	frames := map[model.Time][]byte{}
	for i := 0; i < 150; i++ {
		s.Advance(16 * model.Millisecond)
		switch i {
		case 10:
			s.SetUserInput(lagcomp.TargetPawn, lagcomp.UserInput{Move: model.V(0, 1)}) // W
		case 60:
			s.SetUserInput(lagcomp.TargetPawn, lagcomp.UserInput{Move: model.V(-1, 1), Aim: true, Yaw: 2})
		case 90:
			s.SetUserInput(lagcomp.TargetPawn, lagcomp.UserInput{})
			s.SetUserInput(lagcomp.ShooterPawn, lagcomp.UserInput{Move: model.V(1, 0)})
		case 100:
			s.Fire(model.V(20, 0))
		}
		if i%25 == 0 {
			frames[s.Now()] = framesBytes(t, s.Sim())
		}
	}
	end := s.Sim().Frame().Pawns[lagcomp.TargetPawn].Pose
	// 50 frames of 16 ms walking north at the target's speed, 30 north-west
	moved := end.Pos.Sub(start)
	speed := c.Target.Speed
	want := model.V(-speed*30*0.016/math.Sqrt2, speed*(50*0.016+30*0.016/math.Sqrt2))
	if moved.Dist(want) > speed*0.1 { // within a tenth of a second's walk (frames, pipeline ends)
		t.Fatalf("the target moved %v, want about %v", moved, want)
	}
	if math.Abs(model.AngleDiff(end.Yaw, 2)) > 1e-9 {
		t.Fatalf("the target faces %v, want the mouse's 2 rad", end.Yaw)
	}
	live := framesBytes(t, s.Sim())
	for at, want := range frames {
		s.Seek(at)
		if !bytes.Equal(framesBytes(t, s.Sim()), want) {
			t.Fatalf("seek to %v: %s", at, firstDiff(framesBytes(t, s.Sim()), want))
		}
	}
	s.Seek(s.LiveNow())
	data, err := json.Marshal(s.Script())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte(`"move":{"pawn":1,"dir":[-1,1],"aim":true,"yaw":2}`)) {
		t.Fatalf("the script does not hold the movement: %s", data)
	}
	var sc Script
	if err := json.Unmarshal(data, &sc); err != nil {
		t.Fatal(err)
	}
	sim, err := sc.Replay(s.Now())
	if err != nil {
		t.Fatal(err)
	}
	if got := framesBytes(t, sim); !bytes.Equal(got, live) {
		t.Fatalf("the replayed script differs: %s", firstDiff(got, live))
	}
	// a bad move in a script is refused, naming the input
	sc.Inputs[0].Move = &ScriptMove{Pawn: 5}
	if _, err := sc.Replay(s.Now()); err == nil {
		t.Fatal("a move for pawn 5 accepted")
	}
}
