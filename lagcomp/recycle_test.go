package lagcomp

import (
	"bytes"
	"fmt"
	"runtime"
	"testing"

	"lagscope/lagcomp/movement"
	"lagscope/lagcomp/netem"
	"lagscope/model"
)

// recycleScenes are runs that hold their slabs longest: packets delayed
// by seconds of jitter or lag spikes (reordered, lost, duplicated) while
// the clients carve slab after slab; a crowd whose snapshots (a slab a
// second) spend up to four seconds in flight in lag spikes; clients that
// buffer two seconds of snapshots.
func recycleScenes() map[string]Config {
	jitter := Defaults()
	jitter.Up = netem.LinkConfig{LatencyMs: 40, JitterMs: 1800, ReorderPct: 50, LossPct: 10, DupPct: 10}
	jitter.Down, jitter.Observers = jitter.Up, 1
	spikes := Defaults()
	spikes.Up = netem.LinkConfig{LatencyMs: 30, SpikeEveryMs: 2500, SpikeMs: 2500, SpikeLenMs: 1500, LossPct: 5}
	spikes.Down = spikes.Up
	spikes.Weapon, spikes.FireIntervalMs = WeaponRapid, 100
	crowd := crowdScene()
	crowd.FPS = 240
	crowd.Down = netem.LinkConfig{LatencyMs: 40, JitterMs: 300, ReorderPct: 100, SpikeEveryMs: 4000, SpikeMs: 4000, SpikeLenMs: 1000}
	crowd.Up.TailMs = 300
	buffered := Defaults()
	buffered.InterpMs, buffered.SnapshotHz, buffered.Down.LossPct = 1000, 64, 5
	return map[string]Config{"jitter": jitter, "spikes": spikes, "crowd": crowd, "buffered": buffered}
}

// slabTrace notes which slabs a run carves from, to prove it carves the
// same ones again (else a test of reuse would test nothing).
type slabTrace struct {
	inputs          map[*movement.Input]bool
	snaps           map[*Snapshot]bool
	curIn           *movement.Input
	curSnap         *Snapshot
	inputsReused    int
	snapshotsReused int
}

func (tr *slabTrace) note(s *Sim) {
	if tr.inputs == nil {
		tr.inputs, tr.snaps = map[*movement.Input]bool{}, map[*Snapshot]bool{}
	}
	if c := s.Clients[ShooterPawn]; cap(c.slab) > 0 {
		if in := &c.slab[:1][0]; in != tr.curIn {
			if tr.inputs[in] {
				tr.inputsReused++
			}
			tr.inputs[in], tr.curIn = true, in
		}
	}
	if r := s.Server.snapSlab.cur; len(r.snaps) > 0 {
		if sn := &r.snaps[0]; sn != tr.curSnap {
			if tr.snaps[sn] {
				tr.snapshotsReused++
			}
			tr.snaps[sn], tr.curSnap = true, sn
		}
	}
}

// A run that reuses its input and snapshot slabs says the same bytes at
// every step as one that never reuses anything, however long the links
// hold packets across a slab's reuse: a slab is carved again only when
// nothing reads it. And it does reuse them.
func TestReusedSlabsChangeNothing(t *testing.T) {
	for name, c := range recycleScenes() {
		a, err := New(c)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := New(c)
		b.noReuse = true
		var tr slabTrace
		for at := model.Time(0); at <= 30*model.Second; at += 20 * model.Millisecond {
			a.Step(at)
			b.Step(at)
			tr.note(a)
			if at%(500*model.Millisecond) != 0 {
				continue
			}
			if fa, fb := framesBytes(t, a), framesBytes(t, b); !bytes.Equal(fa, fb) {
				t.Fatalf("%s at %v: the run that reuses its slabs differs\n%s", name, at, firstDiff(fb, fa))
			}
		}
		if tr.inputsReused < 3 || tr.snapshotsReused < 3 {
			t.Fatalf("%s: input slabs reused %d times, snapshot slabs %d: the test tests no reuse", name, tr.inputsReused, tr.snapshotsReused)
		}
		t.Logf("%s: input slabs reused %d times, snapshot slabs %d (%d and %d slabs)", name, tr.inputsReused, tr.snapshotsReused, len(tr.inputs), len(tr.snaps))
	}
}

// A clone and the run it came from each reuse their own slabs: run on one
// far ahead (slab after slab reused) and the other, and a keyframe's
// clone, still run as a simulation that was never copied.
func TestCloneSurvivesTheOthersReuse(t *testing.T) {
	for name, c := range recycleScenes() {
		ref, _ := New(c)
		s, _ := New(c)
		s.Step(5 * model.Second)
		k, kf := s.Clone(), s.Keyframe()
		var tr slabTrace
		for at := 5 * model.Second; at <= 25*model.Second; at += 50 * model.Millisecond {
			s.Step(at)
			tr.note(s)
		}
		if tr.inputsReused == 0 || tr.snapshotsReused == 0 {
			t.Fatalf("%s: the original reused input slabs %d times, snapshot slabs %d", name, tr.inputsReused, tr.snapshotsReused)
		}
		ref.Step(25 * model.Second)
		want := framesBytes(t, ref)
		for what, x := range map[string]*Sim{"clone": k, "keyframe's clone": kf.Clone()} {
			x.Step(25 * model.Second)
			if got := framesBytes(t, x); !bytes.Equal(got, want) {
				t.Fatalf("%s: the %s ran differently after the original reused its slabs\n%s", name, what, firstDiff(want, got))
			}
		}
	}
}

// A frame never changes under its holder while the run goes on: the
// packet log's array it holds a window of is never written again, though
// a run no frame watches moves its log back and forth between the same
// two arrays.
func TestKeptFrameNeverChanges(t *testing.T) {
	c := recycleScenes()["jitter"]
	s, _ := New(c)
	ref, _ := New(c)
	arrays := map[*PacketFrame]bool{}
	reused := 0
	base := func() *PacketFrame { return &s.packets[:1][0] }
	for at := model.Time(0); at <= 15*model.Second; at += 10 * model.Millisecond {
		s.Step(at)
		arrays[base()] = true
	}
	if len(arrays) > 3 {
		t.Fatalf("an unwatched run made %d log arrays in 15 s: it should move between two", len(arrays))
	}
	f := s.Frame()
	k := s.Clone()
	lent, kept := base(), fmt.Sprintf("%#v", f.Packets)
	ref.Step(s.Now)
	want := framesBytes(t, ref)
	prev := base()
	for at := s.Now; at <= 45*model.Second; at += 10 * model.Millisecond {
		s.Step(at)
		if p := base(); p != prev {
			if p == lent {
				t.Fatalf("at %v: the log moved back into the array a frame and a clone hold", at)
			}
			if arrays[p] {
				reused++
			}
			arrays[p], prev = true, p
		}
	}
	t.Logf("%d arrays, moved back %d times; now %v", len(arrays), reused, s.Now)
	if reused == 0 {
		t.Fatal("the log never moved back into an array: the test tests nothing")
	}
	if got := fmt.Sprintf("%#v", f.Packets); got != kept {
		t.Fatal("a frame's packets changed as the run went on")
	}
	if got := framesBytes(t, k); !bytes.Equal(got, want) {
		t.Fatalf("the clone's frame differs from a run never copied\n%s", firstDiff(want, got))
	}
}

// A warm run reuses its memory: once its slabs, log arrays and buffers
// have their steady sizes, thirty seconds more allocate a few kilobytes a
// simulated second (shot records, the odd buffer growing), where carving
// inputs, snapshots and packet-log arrays afresh was 143 kB a second in
// the default scene and 422 kB with 64 pawns at 128 Hz. The scenes are
// BenchmarkSim's, unwatched (no frame lends the log's array).
func TestWarmRunReusesItsMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("steps 50 s of two scenes")
	}
	cases := []struct {
		name   string
		cfg    func() Config
		budget float64 // bytes a simulated second
	}{
		{"default", Defaults, 8 << 10},
		{"pawns=64/hz=128", crowdScene, 32 << 10},
	}
	for _, tc := range cases {
		s, err := New(tc.cfg())
		if err != nil {
			t.Fatal(err)
		}
		s.Step(20 * model.Second)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		s.Step(s.Now + 30*model.Second)
		runtime.ReadMemStats(&after)
		perSec := float64(after.TotalAlloc-before.TotalAlloc) / 30
		t.Logf("%s: %.0f bytes a simulated second once warm (budget %.0f)", tc.name, perSec, tc.budget)
		if perSec > tc.budget {
			t.Errorf("%s: %.0f bytes a simulated second once warm (budget %.0f): something in the hot path allocates afresh what it could reuse — find it with go test -run XXX -bench 'Sim/' -memprofile", tc.name, perSec, tc.budget)
		}
	}
}
