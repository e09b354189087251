package lagcomp

import (
	"bytes"
	"fmt"
	"runtime"
	"slices"
	"testing"

	"lagscope/lagcomp/internal/reach"
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
// frames' log it holds a window of is only appended to, and moves to a new
// array when full, never back. A run no frame watches makes no frames of
// its packets at all: its log stays in the ring it made at its first
// packet (grown once at most).
func TestKeptFrameNeverChanges(t *testing.T) {
	c := recycleScenes()["jitter"]
	s, _ := New(c)
	ref, _ := New(c)
	rings := map[*loggedPacket]bool{}
	for at := model.Time(0); at <= 15*model.Second; at += 10 * model.Millisecond {
		s.Step(at)
		rings[&s.log.Buf[0]] = true
	}
	if len(rings) > 2 || s.packets != nil {
		t.Fatalf("an unwatched run made %d log rings and %d frames of its packets in 15 s", len(rings), len(s.packets))
	}
	f := s.Frame()
	k := s.Clone()
	kept := fmt.Sprintf("%#v", f.Packets)
	ref.Step(s.Now)
	want := framesBytes(t, ref)
	base := func() *PacketFrame { return &s.packets[:1][0] }
	arrays := map[*PacketFrame]bool{base(): true}
	for at := s.Now; at <= 45*model.Second; at += 10 * model.Millisecond {
		s.Step(at)
		rings[&s.log.Buf[0]] = true
		if at%(500*model.Millisecond) == 0 {
			s.Frame()
			arrays[base()] = true
		}
	}
	t.Logf("%d rings, %d arrays of frames; now %v", len(rings), len(arrays), s.Now)
	if len(arrays) < 3 {
		t.Fatal("the frames' log never moved: the test tests nothing")
	}
	if len(rings) > 2 {
		t.Fatalf("the log made %d rings", len(rings))
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

// recycledChain is a chain of runs that hand their buffers on through
// one Recycler, each different from the one before: more pawns and fewer,
// other rates and trails (other sizes of every buffer), every hitscan
// mode, loss, jitter, duplication and spikes, observers, a cheat (whose
// honest twin draws from it too), a projectile weapon.
func recycledChain() []struct {
	name string
	cfg  Config
} {
	sc := recycleScenes()
	at := func(ms float64, mode Mode) Config {
		c := Defaults()
		c.Up.LatencyMs, c.Down.LatencyMs, c.Mode = ms, ms, mode
		return c
	}
	lossy := at(120, "ping")
	lossy.Up.LossPct, lossy.Down.LossPct, lossy.ExtraPawns = 20, 10, 8
	cheat := at(80, "timestamp")
	cheat.CheatStampMs = -150
	long := at(60, "source")
	long.MaxTrailMs, long.TickHz, long.SnapshotHz, long.FPS = 2000, 32, 16, 60
	short := at(10, "timestamp")
	short.MaxTrailMs, short.TickHz, short.SnapshotHz, short.FPS = 50, 256, 128, 300
	rocket := at(40, "client")
	rocket.Weapon = WeaponRocket
	return []struct {
		name string
		cfg  Config
	}{
		{"crowd", sc["crowd"]}, {"default 0 ms none", at(0, "none")}, {"jitter", sc["jitter"]},
		{"200 ms timestamp", at(200, "timestamp")}, {"lossy ping, 8 bystanders", lossy}, {"cheat", cheat},
		{"long trail, slow rates", long}, {"short trail, fast rates", short}, {"spikes", sc["spikes"]},
		{"buffered", sc["buffered"]}, {"rocket", rocket}, {"crowd again", crowdScene()},
	}
}

// spareCount is how many buffers r holds.
func (r *Recycler) spareCount() int {
	return len(r.paths) + len(r.slabs) + len(r.pending) + len(r.inputs) + len(r.queues) + len(r.knots) + len(r.rooms) + len(r.snapBufs) + len(r.inboxes) + r.rewind.Len() + r.shots.Len() + r.fired.Len() + r.fx.Len()
}

// A run drawing its buffers from a Recycler, one finished run's after
// another's, says the same bytes at every step as the same run from New:
// what a buffer held in the run before is never read. And each run after
// the first draws dozens of them.
func TestRecycledRunsChangeNothing(t *testing.T) {
	var r Recycler
	for i, tc := range recycledChain() {
		before := r.spareCount()
		a, err := r.New(tc.cfg)
		if err != nil {
			t.Fatal(tc.name, err)
		}
		b, _ := New(tc.cfg)
		for at := model.Time(0); at <= 12*model.Second; at += 20 * model.Millisecond {
			a.Step(at)
			b.Step(at)
			if at%(500*model.Millisecond) != 0 {
				continue
			}
			if fa, fb := framesBytes(t, a), framesBytes(t, b); !bytes.Equal(fa, fb) {
				t.Fatalf("%s at %v: the run drawn from the Recycler differs from New's\n%s", tc.name, at, firstDiff(fb, fa))
			}
		}
		drawn := before - r.spareCount()
		t.Logf("%s: drew %d of %d spare buffers", tc.name, drawn, before)
		if i > 0 && drawn < 10 {
			t.Errorf("%s: drew %d spare buffers of %d: the test tests little reuse", tc.name, drawn, before)
		}
		r.Recycle(a)
	}
}

// What a caller may still hold of a recycled run — the Sim, its exported
// Server, Clients and Shots, a Frame, its Summary, records — reaches
// nothing of the buffers the Recycler will hand the next run, and the
// Sim itself can no longer be used: each use panics.
func TestRecycledRunLeavesNothingReachable(t *testing.T) {
	var r Recycler
	for _, tc := range recycledChain()[:6] {
		s, err := r.New(tc.cfg)
		if err != nil {
			t.Fatal(err)
		}
		s.Step(8 * model.Second)
		held := []any{s, s.Server, slices.Clone(s.Clients), s.Shots, s.Frame(), s.Summary(), s.Movement(), s.Projectiles(), s.PacketCounts(), s.BurstRecords(), s.FireMisses(1)}
		r.Recycle(s)
		if x, y, ok := reach.Overlap(reach.Spans(held...), reach.Spans(&r)); ok {
			t.Fatalf("%s: a recycled run still reaches %#x–%#x, inside a spare buffer %#x–%#x", tc.name, x.Start, x.End, y.Start, y.End)
		}
		if r.spareCount() == 0 {
			t.Fatalf("%s: the Recycler holds nothing: the test tests nothing", tc.name)
		}
	}
	uses := map[string]func(s *Sim){
		"Step": func(s *Sim) { s.Step(model.Second) }, "Summary": func(s *Sim) { s.Summary() }, "Frame": func(s *Sim) { s.Frame() },
		"Clone": func(s *Sim) { s.Clone() }, "Keyframe": func(s *Sim) { s.Keyframe() }, "SetConfig": func(s *Sim) { s.SetConfig(Defaults()) },
		"Recycle": func(s *Sim) { r.Recycle(s) },
	}
	for name, use := range uses {
		s, _ := r.New(Defaults())
		s.Step(model.Second)
		r.Recycle(s)
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s of a recycled Sim did not panic", name)
				}
			}()
			use(s)
		}()
	}
}

// A run a clone or a keyframe was made of gives the Recycler nothing (the
// two may share memory), nor does the clone: both run on, or seek, as
// runs never recycled while the Recycler's next runs write its buffers.
func TestClonedRunGivesNothingBack(t *testing.T) {
	c := recycleScenes()["jitter"]
	var r Recycler
	warm, _ := r.New(c)
	warm.Step(5 * model.Second)
	r.Recycle(warm)
	s, _ := r.New(c)
	s.Step(5 * model.Second)
	k, kf := s.Clone(), s.Keyframe()
	n := r.spareCount()
	r.Recycle(s)
	r.Recycle(k)
	if r.spareCount() != n {
		t.Fatalf("recycling a cloned run and its clone gave back %d buffers", r.spareCount()-n)
	}
	k2 := kf.Clone()
	next, _ := r.New(c) // draws what is left, writes it
	next.Step(10 * model.Second)
	ref, _ := New(c)
	ref.Step(10 * model.Second)
	k2.Step(10 * model.Second)
	if got, want := framesBytes(t, k2), framesBytes(t, ref); !bytes.Equal(got, want) {
		t.Fatalf("the keyframe's clone ran differently once the Recycler's next run wrote its buffers\n%s", firstDiff(want, got))
	}
}
