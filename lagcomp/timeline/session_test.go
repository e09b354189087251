package timeline

import (
	"bytes"
	"encoding/json"
	"testing"

	"lagscope/lagcomp"
	"lagscope/lagcomp/compensation"
	"lagscope/lagcomp/internal/testscene"
	"lagscope/model"
)

func shotBytes(t *testing.T, s *lagcomp.Sim) []byte {
	t.Helper()
	var b bytes.Buffer
	for i := range s.Shots.Len() {
		b.Write(testscene.Bytes(*s.Shots.At(i)))
	}
	return b.Bytes()
}

// A session played with live changes and user shots, then scrubbed back,
// shows exactly what the live run showed at that time.
func TestSessionReplayEqualsLive(t *testing.T) {
	c := lagcomp.Defaults()
	c.Up.JitterMs, c.Down.LossPct = 20, 5
	s, err := NewSession(c)
	if err != nil {
		t.Fatal(err)
	}
	frames := map[model.Time][]byte{}
	for i := 0; i < 300; i++ { // 300 frames of 16 ms
		s.Advance(16 * model.Millisecond)
		switch i {
		case 50:
			c.Up.LatencyMs, c.Mode = 120, compensation.Source
			if restarted, err := s.SetConfig(c); err != nil || restarted {
				t.Fatal(restarted, err)
			}
		case 100:
			c.Control, c.FireIntervalMs = lagcomp.ControlUser, 100
			s.SetConfig(c)
		case 120, 150, 200:
			s.Fire(model.V(20, 1))
		}
		if i%40 == 0 {
			frames[s.Now()] = shotBytes(t, s.Sim())
		}
	}
	live := shotBytes(t, s.Sim())
	for at, want := range frames {
		s.Seek(at)
		if s.Now() != at {
			t.Fatalf("seek to %v landed at %v", at, s.Now())
		}
		if got := shotBytes(t, s.Sim()); !bytes.Equal(got, want) {
			t.Fatalf("replay at %v differs from the live run", at)
		}
	}
	s.Seek(s.LiveNow())
	if !bytes.Equal(shotBytes(t, s.Sim()), live) {
		t.Fatal("back at the live edge, not the live run")
	}
	// user shots fired
	users := 0
	for _, r := range s.Sim().Shots.Records() {
		if r.Fire > model.MsF(16*120) {
			users++
		}
	}
	if users != 3 {
		t.Fatalf("%d user shots, want 3", users)
	}
}

func TestSessionStepAndPause(t *testing.T) {
	s, _ := NewSession(lagcomp.Defaults())
	s.Advance(model.Second) // clamped to MaxCatchUp
	if s.Now() != MaxCatchUp {
		t.Fatalf("a 1 s stall advanced %v, want the 100 ms catch-up cap", s.Now())
	}
	s.Paused = true
	s.Advance(50 * model.Millisecond)
	if s.Now() != 100*model.Millisecond {
		t.Fatal("advanced while paused")
	}
	tick := model.TickTime(1, 64)
	s.StepTick(-1)
	if s.Now() != 100*model.Millisecond-tick {
		t.Fatalf("step back: %v", s.Now())
	}
	s.StepTick(1)
	s.StepTick(1)
	if s.Now() != 100*model.Millisecond+tick || s.LiveNow() != s.Now() {
		t.Fatalf("step forward past the live edge: now %v live %v", s.Now(), s.LiveNow())
	}
	s.Seek(-5 * model.Second)
	if s.Now() != 0 {
		t.Fatal("seek before 0")
	}
	if s.SetSpeed(100) != MaxSpeed || s.SetSpeed(0) != MinSpeed {
		t.Fatal("speed not clamped")
	}
}

func TestSessionWorldChangeRestarts(t *testing.T) {
	c := lagcomp.Defaults()
	s, _ := NewSession(c)
	s.Advance(50 * model.Millisecond)
	c.Target.Speed = 9
	restarted, err := s.SetConfig(c)
	if err != nil || !restarted || s.Now() != 0 || s.Restarts != 1 {
		t.Fatalf("restarted %v err %v now %v", restarted, err, s.Now())
	}
	c.Up.LatencyMs = 9000
	if _, err := s.SetConfig(c); err == nil {
		t.Fatal("invalid config accepted")
	}
}

func TestSessionBranchesWhenChangedInThePast(t *testing.T) {
	c := lagcomp.Defaults()
	s, _ := NewSession(c)
	for i := 0; i < 20; i++ {
		s.Advance(50 * model.Millisecond)
	}
	s.Seek(500 * model.Millisecond)
	c.Bias = 0.5
	s.SetConfig(c)
	if s.LiveNow() != 500*model.Millisecond {
		t.Fatalf("changing the past should branch there; live edge at %v", s.LiveNow())
	}
}

// A written-down session replays to the same instant, through JSON.
func TestScriptRoundTrip(t *testing.T) {
	c := lagcomp.Defaults()
	s, _ := NewSession(c)
	for i := 0; i < 100; i++ {
		s.Advance(20 * model.Millisecond)
		if i == 30 {
			c.Control, c.FireIntervalMs, c.Up.JitterMs = lagcomp.ControlUser, 150, 15
			s.SetConfig(c)
		}
		if i == 40 || i == 60 {
			s.Fire(model.V(20, 0.5))
		}
	}
	data, err := json.Marshal(s.Script())
	if err != nil {
		t.Fatal(err)
	}
	var sc Script
	if err := json.Unmarshal(data, &sc); err != nil {
		t.Fatal(err)
	}
	sim, err := sc.Replay(s.Now())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(shotBytes(t, sim), shotBytes(t, s.Sim())) {
		t.Fatal("replayed script differs from the session")
	}
	sc.Inputs[0].Config["up_ms"] = "-4"
	if _, err := sc.Replay(s.Now()); err == nil {
		t.Fatal("bad value in a script accepted")
	}
	sc.Inputs[0].Config["up_ms"] = "40"
	sc.Inputs[0].Config["bogus"] = "1"
	if _, err := sc.Replay(s.Now()); err == nil {
		t.Fatal("unknown key in a script accepted")
	}
}

// ReplayEach visits each time once, in one pass, and shows at each what
// a replay from zero to that time shows (inputs between frames included).
func TestReplayEachEqualsReplay(t *testing.T) {
	c := lagcomp.Defaults()
	s, _ := NewSession(c)
	for i := 0; i < 100; i++ {
		s.Advance(20 * model.Millisecond)
		if i == 30 {
			c.Control, c.FireIntervalMs = lagcomp.ControlUser, 150
			s.SetConfig(c)
		}
		if i == 40 || i == 60 {
			s.Fire(model.V(20, 0.5))
		}
	}
	sc := s.Script()
	ts := []model.Time{300 * model.Millisecond, 700 * model.Millisecond, 700 * model.Millisecond, 1900 * model.Millisecond}
	var visited []model.Time
	err := sc.ReplayEach(ts, func(i int, sim *lagcomp.Sim) error {
		visited = append(visited, sim.Now)
		want, err := sc.Replay(ts[i])
		if err != nil {
			return err
		}
		if sim.Now != ts[i] || !bytes.Equal(shotBytes(t, sim), shotBytes(t, want)) {
			t.Errorf("frame %d at %v differs from a replay to %v", i, sim.Now, ts[i])
		}
		return nil
	})
	if err != nil || len(visited) != len(ts) {
		t.Fatalf("visited %v, %v", visited, err)
	}
	if err := sc.ReplayEach([]model.Time{model.Second, 0}, func(int, *lagcomp.Sim) error { return nil }); err == nil {
		t.Fatal("descending times accepted")
	}
}

// Jump reaches a time beyond the live edge by playing on to it, the same
// instant a plain run shows; within the past it is a seek.
func TestSessionJumpAhead(t *testing.T) {
	c := lagcomp.Defaults()
	s, err := NewSession(c)
	if err != nil {
		t.Fatal(err)
	}
	s.Advance(50 * model.Millisecond)
	s.Jump(3 * model.Second)
	if s.Now() != 3*model.Second || s.LiveNow() != 3*model.Second {
		t.Fatalf("jump ahead: shown %v, live %v", s.Now(), s.LiveNow())
	}
	plain, _ := lagcomp.New(c)
	plain.Step(3 * model.Second)
	if !bytes.Equal(shotBytes(t, s.Sim()), shotBytes(t, plain)) {
		t.Fatal("the jump's run differs from a plain run")
	}
	s.Jump(model.Second)
	if s.Now() != model.Second || s.LiveNow() != 3*model.Second {
		t.Fatalf("jump back: shown %v, live %v", s.Now(), s.LiveNow())
	}
}
