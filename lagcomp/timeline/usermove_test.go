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
	s.keys.every, s.keys.replay = 20*model.Millisecond, 0 // keyframes fall between a key and the frame that samples it
	frames := map[model.Time][]byte{}
	pressed := map[int]model.Time{} // input index → when the keys changed
	for i := 0; i < 150; i++ {
		s.Advance(16 * model.Millisecond)
		switch i {
		case 10:
			s.SetUserInput(lagcomp.TargetPawn, lagcomp.UserInput{Move: model.V(0, 1)}) // W
			pressed[0] = s.Now()
		case 60:
			s.SetUserInput(lagcomp.TargetPawn, lagcomp.UserInput{Move: model.V(-1, 1), Aim: true, Yaw: 2})
			pressed[1] = s.Now()
		case 90:
			s.SetUserInput(lagcomp.TargetPawn, lagcomp.UserInput{})
			s.SetUserInput(lagcomp.ShooterPawn, lagcomp.UserInput{Move: model.V(1, 0)})
			pressed[2], pressed[3] = s.Now(), s.Now()
		case 100:
			s.Fire(model.V(20, 0))
		case 120: // pressed and let go before a frame sampled it: nothing moved, nothing recorded
			s.SetUserInput(lagcomp.ShooterPawn, lagcomp.UserInput{Move: model.V(0, -1)})
			s.SetUserInput(lagcomp.ShooterPawn, lagcomp.UserInput{Move: model.V(1, 0)})
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
	if !bytes.Contains(data, []byte(`"move":{"pawn":1,"dir":[-1,1],"aim":true,"yaw":2,"frame":true}`)) {
		t.Fatalf("the script does not hold the movement: %s", data)
	}
	// each move is recorded at the frame that sampled it: the first frame
	// of its pawn's client (120 fps) after the keys changed
	sc0 := s.Script()
	if len(sc0.Inputs) != 5 {
		t.Fatalf("%d inputs recorded, want 4 moves and a shot: %+v", len(sc0.Inputs), sc0.Inputs)
	}
	frame := model.Time(1e6 / c.FPS)
	for i, at := range pressed {
		got := model.Time(sc0.Inputs[i].TUs)
		if got <= at || got > at+frame+1 {
			t.Fatalf("input %d recorded at %v, want the first frame after the keys changed at %v", i, got, at)
		}
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

// A move in a script written before moves carried "frame" is set after
// its instant's events, so the frame at that instant did not sample it
// and the next did: it replays as the same move marked frame at the next
// frame, byte for byte.
func TestUnframedMoveReplaysAsBefore(t *testing.T) {
	c := lagcomp.Defaults()
	c.TargetControl = lagcomp.ControlUser
	base := lagcomp.ConfigMap(&c)
	at := model.TickTime(30, c.FPS) // a frame of the target's client (its frames fall on model.TickTime(k, fps))
	mv := func(t model.Time, framed bool) Script {
		return Script{Base: base, Inputs: []ScriptInput{{TUs: int64(t), Move: &ScriptMove{Pawn: 1, Dir: [2]float64{1, 0}, Frame: framed}}}}
	}
	end := 2 * model.Second
	old, err := mv(at, false).Replay(end)
	if err != nil {
		t.Fatal(err)
	}
	next, err := mv(model.TickTime(31, c.FPS), true).Replay(end)
	if err != nil {
		t.Fatal(err)
	}
	same, err := mv(at, true).Replay(end)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(framesBytes(t, old), framesBytes(t, next)) {
		t.Fatalf("an unframed move at a frame's instant is not the framed one at the next frame: %s", firstDiff(framesBytes(t, old), framesBytes(t, next)))
	}
	if bytes.Equal(framesBytes(t, old), framesBytes(t, same)) {
		t.Fatal("a framed move at a frame is sampled by that frame: it should walk one frame longer than the unframed one")
	}
}

// A keyframe taken after a key went down but before a frame sampled it
// holds what the frames sampled, not the key: let go before the frame, the
// key was never recorded, and a seek from that keyframe must not walk.
func TestKeyframeHoldsOnlySampledInput(t *testing.T) {
	c := lagcomp.Defaults()
	c.TargetControl = lagcomp.ControlUser
	s, err := NewSession(c)
	if err != nil {
		t.Fatal(err)
	}
	s.keys.every, s.keys.replay = 20*model.Millisecond, 0 // between the frames at 16.667 and 25 ms (120 fps)
	s.Advance(17 * model.Millisecond)
	s.SetUserInput(lagcomp.TargetPawn, lagcomp.UserInput{Move: model.V(1, 0)})
	s.Advance(4 * model.Millisecond) // the keyframe at 20 ms, no frame
	s.SetUserInput(lagcomp.TargetPawn, lagcomp.UserInput{})
	s.Advance(9 * model.Millisecond)
	at := s.Now()
	want := framesBytes(t, s.Sim())
	for range 10 {
		s.Advance(16 * model.Millisecond)
	}
	if n := len(s.Script().Inputs); n != 0 {
		t.Fatalf("%d inputs recorded for a key no frame sampled", n)
	}
	if k := s.keys.before(at); k.sim.Now != 20*model.Millisecond {
		t.Fatalf("the keyframe before %v is at %v", at, k.sim.Now)
	}
	s.Seek(at)
	if got := framesBytes(t, s.Sim()); !bytes.Equal(got, want) {
		t.Fatalf("seek from the keyframe: %s", firstDiff(got, want))
	}
}
