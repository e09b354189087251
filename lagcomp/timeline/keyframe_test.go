package timeline

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"

	"lagscope/lagcomp"
	"lagscope/lagcomp/compensation"
	"lagscope/model"
)

// playSession runs a session live for d in display frames of 16 ms, with
// settings changes and user shots on the way, keyframing every `every`.
func playSession(t testing.TB, c lagcomp.Config, d, every model.Time, thinning int64) *Session {
	s, err := NewSession(c)
	if err != nil {
		t.Fatal(err)
	}
	s.keys.every, s.keys.replay, s.keys.thinning = every, 0, thinning
	for i := 0; s.LiveNow() < d; i++ {
		s.Advance(16 * model.Millisecond)
		switch i % 900 {
		case 200:
			c.Up.LatencyMs, c.Mode, c.Bias = float64(40+i%120), compensation.Source, 0.75
			if _, err := s.SetConfig(c); err != nil {
				t.Fatal(err)
			}
		case 400:
			c.Control, c.FireIntervalMs = lagcomp.ControlUser, 100
			s.SetConfig(c)
		case 450, 470, 600:
			s.Fire(model.V(20, float64(i%3)))
		case 700:
			c.Control, c.Mode = lagcomp.ControlBot, compensation.Timestamp
			s.SetConfig(c)
		}
	}
	return s
}

// A seek from a keyframe shows, byte for byte, what a replay of the same
// inputs from t = 0 shows, at random times in random order, after the
// keyframes have thinned, and after the timeline branched.
func TestSeekFromKeyframesEqualsReplayFromZero(t *testing.T) {
	c := lagcomp.Defaults()
	c.Up.JitterMs, c.Down.LossPct, c.ExtraPawns = 20, 5, 6
	c.Weapon, c.FireIntervalMs = lagcomp.WeaponRocket, 700
	s := playSession(t, c, 40*model.Second, 300*model.Millisecond, 20)
	if n := s.Keyframes(); n >= int(40*model.Second/(300*model.Millisecond)) || n < 10 {
		t.Fatalf("%d keyframes: not thinned, or too few", n)
	}
	rng := rand.New(rand.NewPCG(3, 3))
	check := func(round int) {
		for i := 0; i < 25; i++ {
			at := model.Time(rng.Int64N(int64(s.LiveNow())))
			if i%5 == 0 && s.Keyframes() > 1 { // exactly on a keyframe
				at = s.keys.list[rng.IntN(s.Keyframes())].sim.Now
			}
			s.Seek(at)
			if s.Now() != at {
				t.Fatalf("seek to %v landed at %v", at, s.Now())
			}
			ref, _ := s.replay(at)
			if a, b := framesBytes(t, ref), framesBytes(t, s.Sim()); !bytes.Equal(a, b) {
				t.Fatalf("round %d: seek to %v differs from the replay from zero\n%s", round, at, firstDiff(a, b))
			}
		}
	}
	check(0)
	// branch in the past: a change there drops the later inputs and
	// keyframes, and play goes on from it
	s.Seek(s.LiveNow() / 2)
	c.Down.LatencyMs = 150
	if _, err := s.SetConfig(c); err != nil {
		t.Fatal(err)
	}
	for s.LiveNow() < 30*model.Second {
		s.Advance(50 * model.Millisecond)
	}
	s.Fire(model.V(18, 0))
	s.Advance(50 * model.Millisecond)
	check(1)
	for i := 1; i < len(s.keys.list); i++ {
		if s.keys.list[i].sim.Now <= s.keys.list[i-1].sim.Now {
			t.Fatal("keyframes out of order after the branch")
		}
	}
}

// Keyframes thin as they age: every gap stays within what its age
// allows, the first and newest stay, and the count grows with the
// logarithm of the session's length.
func TestKeyframesThinAsTheyAge(t *testing.T) {
	k := keyframes{list: []keyframe{{sim: &lagcomp.Sim{}}}, every: model.Second, thinning: 50}
	counts := map[model.Time]int{}
	for now := model.Second; now <= 4*3600*model.Second; now += model.Second {
		k.list = append(k.list, keyframe{sim: &lagcomp.Sim{Now: now}})
		k.thin(now)
		if now%(3600*model.Second) == 0 {
			counts[now/(3600*model.Second)] = len(k.list)
		}
		if now%(600*model.Second) != 0 {
			continue
		}
		if k.list[0].sim.Now != 0 || k.list[len(k.list)-1].sim.Now != now {
			t.Fatal("lost the first or the newest keyframe")
		}
		for i := 1; i < len(k.list); i++ {
			gap, age := k.list[i].sim.Now-k.list[i-1].sim.Now, now-k.list[i].sim.Now
			if gap > 2*k.maxGap(age) {
				t.Fatalf("at %v: gap %v at age %v, allowed %v", now, gap, age, k.maxGap(age))
			}
		}
	}
	// up to every × thinning (50 s) all kept, then gaps between half and
	// all of age/thinning: at most 2 × thinning × ln(T) more (ln 4 = 1.39)
	if counts[1] > 2*50*(1+5) || counts[4]-counts[1] > 2*50*139/100 {
		t.Fatalf("keyframes after 1 h %d, 4 h %d: not logarithmic", counts[1], counts[4])
	}
}

// seekSessions are built once per process: an hour of 64 bystanders takes
// a while to simulate.
var seekSessions = map[string]*Session{}

// seekScenes are BenchmarkSeek's scenes: 64 bystanders (the sub-benchmarks
// with no scene in their name, as before) and the default scene.
var seekScenes = []struct {
	name string
	cfg  func() lagcomp.Config
}{
	{"", func() lagcomp.Config { c := lagcomp.Defaults(); c.ExtraPawns = 64; return c }},
	{"scene=default/", lagcomp.Defaults},
}

// BenchmarkSeek is one seek to a random time of a session (keyframes as
// the window takes them), after 1 and 60 minutes of simulated time, with
// 64 bystanders and in the default scene. It reports the keyframes' count
// and the session's heap once built (MB-heap: the live run, its inputs and
// its keyframes, after a collection).
func BenchmarkSeek(b *testing.B) {
	for _, sc := range seekScenes {
		for _, d := range []model.Time{60 * model.Second, 3600 * model.Second} {
			name := fmt.Sprintf("%ssession=%dm", sc.name, d/(60*model.Second))
			b.Run(name, func(b *testing.B) {
				s := seekSessions[name]
				if s == nil {
					var before, after runtime.MemStats
					runtime.GC()
					runtime.ReadMemStats(&before)
					s, _ = NewSession(sc.cfg())
					for s.LiveNow() < d {
						s.Advance(MaxCatchUp)
					}
					runtime.GC()
					runtime.ReadMemStats(&after)
					seekHeap[name] = float64(after.HeapAlloc-before.HeapAlloc) / 1e6
					seekSessions[name] = s
					b.Logf("%v session: %d keyframes, %.1f MB heap", d, s.Keyframes(), seekHeap[name])
				}
				rng := rand.New(rand.NewPCG(1, 2))
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					s.Seek(model.Time(rng.Int64N(int64(s.LiveNow()))))
				}
				b.ReportMetric(float64(s.Keyframes()), "keyframes")
				b.ReportMetric(seekHeap[name], "MB-heap")
			})
		}
	}
}

// seekHeap is each seek session's heap when built, in MB.
var seekHeap = map[string]float64{}

// BenchmarkSeekRapidFire seeks in a session of rapid fire (40 shots a
// second, 144 000 shot records an hour): a seek's replay must not copy
// the records before its keyframe.
func BenchmarkSeekRapidFire(b *testing.B) {
	for _, d := range []model.Time{60 * model.Second, 3600 * model.Second} {
		b.Run(fmt.Sprintf("session=%dm", d/(60*model.Second)), func(b *testing.B) {
			c := lagcomp.Defaults()
			c.FireIntervalMs, c.BurstShots, c.BurstPauseMs = 25, 30, 0
			s, _ := NewSession(c)
			for s.LiveNow() < d {
				s.Advance(MaxCatchUp)
			}
			rng := rand.New(rand.NewPCG(1, 2))
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				s.Seek(model.Time(rng.Int64N(int64(s.LiveNow()))))
			}
			b.ReportMetric(float64(s.live.Shots.Len()), "records")
		})
	}
}

// Keyframes share chunks, blocks and arrays with the live run: running
// it on, with changes, shots and lossy, duplicating links writing in
// place, must change no keyframe. Seeks to the same instants say the same
// bytes before and after, and what a replay from zero says.
func TestRunningOnChangesNoKeyframe(t *testing.T) {
	c := lagcomp.Defaults()
	c.ExtraPawns, c.Weapon, c.FireIntervalMs = 8, lagcomp.WeaponRapid, 120
	c.Up.LossPct, c.Up.DupPct, c.Down.LossPct, c.Down.DupPct = 10, 10, 5, 5
	s := playSession(t, c, 20*model.Second, model.Second, 20)
	ats := []model.Time{1500 * model.Millisecond, 4 * model.Second, 9*model.Second + 7, 13 * model.Second, s.LiveNow() - 10*model.Millisecond}
	want := map[model.Time][]byte{}
	for _, at := range ats {
		s.Seek(at)
		want[at] = framesBytes(t, s.Sim())
	}
	s.Seek(s.LiveNow()) // the live edge: play goes on from there
	for i := 0; s.LiveNow() < 45*model.Second; i++ {
		s.Advance(16 * model.Millisecond)
		switch i % 300 {
		case 50:
			c.Down.LatencyMs, c.Bias = float64(30+i%90), 0.5
			if _, err := s.SetConfig(c); err != nil {
				t.Fatal(err)
			}
		case 120:
			s.Fire(model.V(19, 1))
		}
	}
	for _, at := range ats {
		s.Seek(at)
		got := framesBytes(t, s.Sim())
		if !bytes.Equal(got, want[at]) {
			t.Fatalf("seek to %v after the live run went on differs from before\n%s", at, firstDiff(want[at], got))
		}
		ref, _ := s.replay(at)
		if r := framesBytes(t, ref); !bytes.Equal(got, r) {
			t.Fatalf("seek to %v differs from the replay from zero\n%s", at, firstDiff(r, got))
		}
	}
}

// keyframeBytes bounds the heap one keyframe adds with 64 bystanders, one
// at every candidate time (4 s apart: the live run's growth between two
// is counted in, and small): about 77 kB now.
// A keyframe that copies what it could share or make again (the
// histories, the bystanders' state, the players' paths unpacked, the
// snapshots and inputs in flight unpacked, the logs, the order
// statistics) costs well over it.
const keyframeBytes = 100_000

// The heap grows by less than keyframeBytes a keyframe: measured over 20
// keyframes after two minutes, a keyframe at every candidate time (what
// one holds does not depend on how far apart they are; the live run's
// own logs grow with it and are counted in).
func TestKeyframesRetainLittle(t *testing.T) {
	c := lagcomp.Defaults()
	c.ExtraPawns = 64
	s, err := NewSession(c)
	if err != nil {
		t.Fatal(err)
	}
	s.keys.replay = 0
	for s.LiveNow() < 2*60*model.Second {
		s.Advance(MaxCatchUp)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	n := s.Keyframes()
	for s.Keyframes() < n+20 {
		s.Advance(MaxCatchUp)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	per := (int64(after.HeapAlloc) - int64(before.HeapAlloc)) / int64(s.Keyframes()-n)
	t.Logf("%d bytes a keyframe (bound %d)", per, keyframeBytes)
	if per > keyframeBytes {
		t.Fatalf("each keyframe adds %d bytes of heap, more than %d: a keyframe copies what it could share", per, keyframeBytes)
	}
}

// Keyframes are spaced by what a replay costs (Sim.Work): each at a
// candidate time (a multiple of KeyframeEvery), the first candidate at
// which replaying from the one before would cost KeyframeReplay — so a
// crowd, which costs more a simulated second, keyframes more often than a
// duel, and a seek replays at most KeyframeReplay and one candidate gap
// of work. Seeks under this spacing still give a replay from zero's bytes.
func TestKeyframesSpacedByReplayCost(t *testing.T) {
	gaps := map[int]float64{}
	for _, pawns := range []int{0, 64} {
		c := lagcomp.Defaults()
		c.ExtraPawns = pawns
		s, err := NewSession(c)
		if err != nil {
			t.Fatal(err)
		}
		var candidate int64 // the most work one candidate gap cost
		for w := s.live.Work(); s.LiveNow() < 150*model.Second; w = s.live.Work() {
			s.stepLive(s.LiveNow() + KeyframeEvery) // from one candidate to the next
			candidate = max(candidate, s.live.Work()-w)
		}
		l := s.keys.list
		if len(l) < 3 {
			t.Fatalf("%d pawns: %d keyframes in 150 s", pawns, len(l))
		}
		for i := 1; i < len(l); i++ {
			if l[i].sim.Now%KeyframeEvery != 0 {
				t.Fatalf("%d pawns: keyframe at %v, not a candidate time", pawns, l[i].sim.Now)
			}
			if d := l[i].sim.Work() - l[i-1].sim.Work(); d < KeyframeReplay || d >= KeyframeReplay+candidate {
				t.Fatalf("%d pawns: keyframes at %v and %v are %d of work apart, want [%d, %d)", pawns, l[i-1].sim.Now, l[i].sim.Now, d, KeyframeReplay, KeyframeReplay+candidate)
			}
		}
		gaps[pawns] = (l[len(l)-1].sim.Now - l[1].sim.Now).Seconds() / float64(len(l)-2)
		for _, at := range []model.Time{7 * model.Second, 61*model.Second + 3, s.LiveNow() - model.Second} {
			s.Seek(at)
			ref, _ := s.replay(at)
			if a, b := framesBytes(t, ref), framesBytes(t, s.Sim()); !bytes.Equal(a, b) {
				t.Fatalf("%d pawns: seek to %v differs from the replay from zero\n%s", pawns, at, firstDiff(a, b))
			}
		}
	}
	t.Logf("mean keyframe gap: %.1f s in the default scene, %.1f s with 64 bystanders", gaps[0], gaps[64])
	if gaps[0] < 2*gaps[64] {
		t.Fatalf("mean keyframe gaps %.1f s (default) and %.1f s (64 bystanders): the crowd should keyframe at least twice as often", gaps[0], gaps[64])
	}
}

// Under movement_authority = client the inputs a keyframe keeps carry
// the client's reported positions: a seek from a keyframe shows what a
// replay from zero shows, with the victim's prediction through a wall
// only the server has (some reports adjusted). Fails when packing drops
// the reported position.
func TestSeekFromKeyframesKeepsClientPositions(t *testing.T) {
	c := lagcomp.Defaults()
	c.Up.JitterMs, c.Up.LossPct = 30, 10
	c.MovementAuthority, c.MaxPositionErrorM = lagcomp.AuthorityClient, lagcomp.DefaultMaxPositionErrorM
	c.PredictWalls, c.Walls = false, []model.Wall{{Min: model.V(19, 1.2), Max: model.V(21, 1.25)}}
	s := playSession(t, c, 8*model.Second, 300*model.Millisecond, 20)
	rng := rand.New(rand.NewPCG(5, 5))
	for i := 0; i < 12; i++ {
		at := model.Time(rng.Int64N(int64(s.LiveNow())))
		s.Seek(at)
		ref, _ := s.replay(at)
		if a, b := framesBytes(t, ref), framesBytes(t, s.Sim()); !bytes.Equal(a, b) {
			t.Fatalf("seek to %v differs from the replay from zero\n%s", at, firstDiff(a, b))
		}
	}
	if m := s.Sim().Movement()[lagcomp.TargetPawn]; m.Buffer.PosAdjusted == 0 {
		t.Fatalf("nothing adjusted: %+v", m.Buffer)
	}
}
