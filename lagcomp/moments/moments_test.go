package moments

import (
	"strings"
	"testing"

	"github.com/google/uuid"

	"lagscope/lagcomp"
	"lagscope/lagcomp/compensation"
	"lagscope/lagcomp/netem"
	"lagscope/lagcomp/projectile"
	"lagscope/model"
)

func behindCover() lagcomp.Config {
	c := lagcomp.Defaults()
	c.Mode, c.MaxRewindMs, c.FireIntervalMs = compensation.Source, 1000, 150
	c.Up.LatencyMs, c.Down.LatencyMs = 90, 90
	c.Walls, _ = model.ParseWalls("18.8,0.8,19.4,6")
	c.Target = model.Motion{Kind: model.Peek, Origin: model.V(20, 3), Heading: -1.5707963267948966, Speed: 6, Amplitude: 3, Period: 1600 * model.Millisecond}
	return c
}

func find(t *testing.T, c lagcomp.Config, specs ...Spec) []Moment {
	t.Helper()
	ms, err := Find(c, specs)
	if err != nil {
		t.Fatal(err)
	}
	return ms
}

// A fixed time is itself; shot N is the Nth judged shot, selected.
func TestMomentsByTimeAndShot(t *testing.T) {
	c := constantVelocity()
	ms := find(t, c, Spec{At: 2500 * model.Millisecond, Say: "a"}, Spec{Shot: 4, Say: "b"}, Spec{Shot: 4000, Say: "c"})
	s := run(t, c, model.MsF(c.DurationMs))
	if !ms[0].Found || ms[0].At != 2500*model.Millisecond {
		t.Errorf("fixed: %+v", ms[0])
	}
	if r := *s.Shots.At(3); !ms[1].Found || ms[1].At != r.Judged || ms[1].Shot != r.ID {
		t.Errorf("shot 4: %+v, want judged %v id %v", ms[1], r.Judged, r.ID)
	}
	if ms[2].Found || !strings.Contains(ms[2].What, "only") {
		t.Errorf("shot 4000: %+v", ms[2])
	}
}

// Each found moment is the first (or largest) of its kind in the records
// of the same run, and a kind that never happens is reported missing.
func TestMomentsFoundFromTheRecords(t *testing.T) {
	c := behindCover()
	ms := find(t, c, Spec{Find: FirstBehindCover}, Spec{Find: LargestRewindError}, Spec{Find: FirstCapped})
	s := run(t, c, model.MsF(c.DurationMs))
	var firstCover *lagcomp.ShotRecord
	maxErr := 0.0
	for i := range s.Shots.Len() {
		r := s.Shots.At(i)
		if r.BehindCover && firstCover == nil {
			firstCover = r
		}
		maxErr = max(maxErr, r.RewindErrorM)
	}
	if firstCover == nil {
		t.Fatal("the scenario has no shot behind cover")
	}
	// shown when the victim is told: judged + its downstream latency
	if m := ms[0]; !m.Found || m.Shot != firstCover.ID || m.At != firstCover.Judged+90*model.Millisecond {
		t.Errorf("behind cover: %+v, want shot %d told at %v", m, firstCover.Seq, firstCover.Judged+90*model.Millisecond)
	}
	if m := ms[1]; !m.Found || !strings.Contains(m.What, "m") {
		t.Errorf("largest rewind error: %+v", m)
	} else {
		for _, r := range s.Shots.Records() {
			if r.ID == m.Shot && r.RewindErrorM != maxErr {
				t.Errorf("largest rewind error picked %v m, the largest is %v", r.RewindErrorM, maxErr)
			}
		}
	}
	// a 1000 ms cap at 180 ms of round trip never bites
	if m := ms[2]; m.Found || !strings.Contains(m.What, "not found") {
		t.Errorf("first capped should be missing: %+v", m)
	}
}

// The largest warp is found at the frame it happens: the shooter's pane
// at that instant shows it.
func TestMomentLargestWarpIsOnScreen(t *testing.T) {
	c := lagcomp.Defaults()
	c.Display, c.TickHz, c.SnapshotHz = lagcomp.DisplayExtrap, 20, 20
	c.Target = model.Motion{Kind: model.Strafe, Origin: model.V(20, 0), Heading: 1.5707963267948966, Speed: 8, Amplitude: 3}
	m := find(t, c, Spec{Find: LargestWarp})[0]
	s, _ := lagcomp.New(c)
	s.Step(model.MsF(c.DurationMs))
	want := s.Summary().MaxWarpM
	if !m.Found || want == 0 {
		t.Fatalf("warp %+v, summary %v", m, want)
	}
	s2, _ := lagcomp.New(c)
	s2.Step(m.At)
	if got := s2.Frame().Clients[lagcomp.ShooterPawn].WarpM; got != want {
		t.Fatalf("at %v the shooter's warp is %v, the largest %v", m.At, got, want)
	}
}

// A projectile rule's moment is the tick it first fired.
func TestMomentFirstTooFarApart(t *testing.T) {
	// rockets, with a mismatch of 0 m: any distance between the twins'
	// detonations is too far apart
	c := lagcomp.Defaults()
	c.Weapon, c.Bias, c.FireIntervalMs, c.MismatchM = lagcomp.WeaponRocket, 0.5, 600, 0
	c.Up.LatencyMs, c.Down.LatencyMs = 50, 50
	c.Walls, _ = model.ParseWalls("28,-10,29,10")
	m := find(t, c, Spec{Find: FirstTooFarApart})[0]
	if !m.Found {
		t.Fatalf("%+v", m)
	}
	has := func(at model.Time) bool {
		s, _ := lagcomp.New(c)
		s.Step(at)
		for _, r := range s.Projectiles() {
			for _, x := range r.Rules {
				if x == projectile.ReconcileTooFarApart {
					return true
				}
			}
		}
		return false
	}
	if !has(m.At) || has(m.At-c.Tick()) {
		t.Fatalf("too_far_apart first at %v: there %v, a tick before %v", m.At, has(m.At), has(m.At-c.Tick()))
	}
}

// first_sighting selects the peeker's first shot on sight and is shown
// when the server judged it: the overlay then draws that shot, not the
// holder's last one judged before the peek (a picture that once drew a
// shot fired a second earlier beside "the peeker's screen shows the
// holder now"). Judged before the holder's screen shows the peeker, the
// moment's sentence stays true.
func TestMomentFirstSightingSelectsThePeekersShot(t *testing.T) {
	cfg := peekConfig()
	cfg.FireIntervalMs = 150
	ms, err := Find(cfg, []Spec{{Find: FirstSighting}})
	if err != nil {
		t.Fatal(err)
	}
	m := ms[0]
	if !m.Found || m.Shot == (uuid.UUID{}) {
		t.Fatalf("no shot selected: %+v", m)
	}
	s, _ := lagcomp.New(cfg)
	s.Step(model.MsF(cfg.DurationMs))
	p, _ := s.PeekersAdvantage()
	for i := range s.Shots.Len() {
		r := s.Shots.At(i)
		if r.ID != m.Shot {
			continue
		}
		if r.Shooter != p.Peeker || r.Fire < p.PeekerSaw || m.At != r.Judged {
			t.Fatalf("selected shot #%d by %d fired %v judged %v, shown at %v; the peeker saw at %v", r.Seq, r.Shooter, r.Fire, r.Judged, m.At, p.PeekerSaw)
		}
		if m.At >= p.HolderSaw {
			t.Errorf("shown at %v, after the holder's screen showed the peeker (%v)", m.At, p.HolderSaw)
		}
		return
	}
	t.Fatalf("selected shot %v is not in the run", m.Shot)
}

// While a trace replays the victim's downstream link, the behind-cover
// moment is shown when the victim is told: judged + the trace's delay
// then, not latency_ms.
func TestBehindCoverToldByTheTrace(t *testing.T) {
	netem.SetTraceReader(func(path string) (*netem.Trace, error) {
		return netem.ParseTrace(path, []byte("t_ms,delay_ms,lost\n0,150,0\n"))
	})
	t.Cleanup(func() { netem.SetTraceReader(nil) })
	c := behindCover()
	c.Down.Trace = "down150.csv"
	ms := find(t, c, Spec{Find: FirstBehindCover})
	s := run(t, c, model.MsF(c.DurationMs))
	for i := range s.Shots.Len() {
		if r := s.Shots.At(i); r.BehindCover {
			if m := ms[0]; !m.Found || m.Shot != r.ID || m.At != r.Judged+150*model.Millisecond {
				t.Errorf("behind cover: %+v, want shot %d told at %v (judged + the trace's 150 ms)", m, r.Seq, r.Judged+150*model.Millisecond)
			}
			return
		}
	}
	t.Fatal("no shot behind cover")
}
