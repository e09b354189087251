package movement

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"lagscope/model"
)

// spikeRun plays a client walking at vel through a buffer: an input a
// frame, sent at its frame's end in a packet of its own with the last
// backup ones, up away; packets sent in [spikeAt, spikeAt+spikeLen) take
// spike more; the link holds order (a packet never overtakes). lose drops
// a packet; jitter adds to each its uniform share. It reports the
// buffer, the arrival of the last spiked packet, the offset before the
// spike and the first tick from which the offset was back to it for
// good, and the longest step the pawn took in a tick.
type spikeRun struct {
	dt, tick, up, jitter          model.Time
	spikeAt, spikeLen, spike, end model.Time
	backup                        int
	loss                          float64
	seed                          uint64
	// the buffer's input_starved rule and its limits (zero: repeat)
	starve            Starve
	catchUp, maxDelta model.Time
}

type spikeResult struct {
	b            *Buffer
	lastLate     model.Time // the last spiked packet's arrival
	before       model.Time // the offset just before the spike's packets came
	back         model.Time // the first tick from which the offset stayed at most before + tick
	maxStep      float64    // the pawn's longest move in a tick
	received     map[uint32]bool
	sent         int
	newest       uint32     // the newest input that came
	resyncEvents int        // ticks at which Resyncs grew (each a whole event)
	start        model.Time // the cursor when playback began
	pose         model.Pose // the pawn at the end (it starts at the origin)
}

func (r spikeRun) play(vel model.Vec) spikeResult {
	ins := stream(int(r.end/r.dt), r.dt, vel)
	rng := rand.New(rand.NewPCG(r.seed, 7))
	type pkt struct {
		at    model.Time
		first int // ins[first:last+1]
		last  int
	}
	var pkts []pkt
	var prev model.Time
	out := spikeResult{received: map[uint32]bool{}, before: -1, back: -1}
	for i := range ins {
		sent := ins[i].End()
		at := sent + r.up
		if r.jitter > 0 {
			at += model.Time(rng.Int64N(int64(r.jitter) + 1))
		}
		spiked := sent >= r.spikeAt && sent < r.spikeAt+r.spikeLen
		if spiked {
			at += r.spike
		}
		at = max(at, prev) // in order
		prev = at
		if r.loss > 0 && rng.Float64() < r.loss {
			continue
		}
		if spiked {
			out.lastLate = max(out.lastLate, at)
		}
		pkts = append(pkts, pkt{at, max(0, i-r.backup), i})
	}
	b := &Buffer{Lead: r.tick, Starve: r.starve, CatchUp: r.catchUp, MaxMoveDelta: r.maxDelta}
	anchored := false
	pose := model.Pose{Alive: true}
	next := 0
	for now := model.Time(0); now < r.end+r.up; now += r.tick {
		for next < len(pkts) && pkts[next].at <= now {
			b.ReceiveAll(ins[pkts[next].first:pkts[next].last+1], pkts[next].at)
			for k := pkts[next].first; k <= pkts[next].last; k++ {
				out.received[ins[k].Seq] = true
				out.newest = max(out.newest, ins[k].Seq)
			}
			next++
		}
		resyncs := b.Stats.Resyncs
		was := pose.Pos
		pose, _ = b.Tick(now, r.tick, pose, nil)
		if !anchored && b.Anchored() {
			anchored, out.start = true, ins[0].T
			for _, in := range ins {
				if out.received[in.Seq] {
					out.start = in.T // the first that came: where the cursor began
					break
				}
			}
		}
		out.resyncEvents += b2i(b.Stats.Resyncs > resyncs)
		out.maxStep = max(out.maxStep, pose.Pos.Dist(was))
		if now < r.spikeAt+r.up && b.Anchored() {
			out.before = b.Offset
		}
		if now > r.spikeAt+r.up && b.Offset > out.before+r.tick {
			out.back = -1
		} else if now > r.spikeAt+r.up && out.back < 0 {
			out.back = now
		}
	}
	out.b, out.pose = b, pose
	out.sent = int(out.newest) // those after the newest that came are in flight, not lost
	return out
}

// After a lag spike of 0.25, 0.5, 1 or 2 s the buffer's delay is the
// pipeline's again (the offset it had before, within a tick) within
// RecoveryBound ticks of the spike's last late input; the spike is one
// resync, however many inputs it made late; no input is counted lost
// (all came); the pawn never moves more than twice its pace in a tick
// (a drain is not a jump). The ratchet this replaces moved the clock
// back for every input of a late batch: 250 ms of spike took the delay
// from 72 ms to 1.7 s and left it 31 ms high.
func TestBufferRecoversFromSpikes(t *testing.T) {
	for _, tick := range []model.Time{model.TickTime(1, 64), model.TickTime(1, 20)} {
		for _, spike := range []model.Time{250 * ms, 500 * ms, model.Second, 2 * model.Second} {
			t.Run(fmt.Sprintf("tick %v spike %v", tick, spike), func(t *testing.T) {
				r := spikeRun{dt: model.TickTime(1, 120), tick: tick, up: 40 * ms, backup: 2,
					spikeAt: 2 * model.Second, spikeLen: 300 * ms, spike: spike, end: 14 * model.Second}
				vel := model.V(6, 0)
				got := r.play(vel)
				s := got.b.Stats
				bound := RecoveryBound(spike, tick)
				if got.back < 0 || got.back > got.lastLate+model.Time(bound)*tick {
					t.Fatalf("offset back to %v (from %v) at %v; the last late input came at %v, bound %d ticks (%v): %+v",
						got.before, got.b.Offset, got.back, got.lastLate, bound, model.Time(bound)*tick, s)
				}
				if s.Resyncs != 1 || got.resyncEvents != 1 {
					t.Fatalf("a spike is one resync: %d (%d events): %+v", s.Resyncs, got.resyncEvents, s)
				}
				if s.Lost != 0 || s.Received != got.sent {
					t.Fatalf("every input came: %+v, %d sent", s, got.sent)
				}
				if step := 2 * vel.Len() * tick.Seconds(); got.maxStep > step+1e-9 {
					t.Fatalf("the pawn moved %.3f m in a tick, at most %.3f m (twice its pace)", got.maxStep, step)
				}
			})
		}
	}
}

// Under 20 % loss and 40 ms of jitter, on several seeds, with a spike:
// an input is counted lost exactly when no copy of it ever came (counted
// here from the packets, apart from the buffer), and the delay returns
// within the bound.
func TestBufferLostIsNeverReceived(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		r := spikeRun{dt: model.TickTime(1, 120), tick: model.TickTime(1, 64), up: 40 * ms, jitter: 40 * ms, backup: 1,
			loss: 0.2, spikeAt: 3 * model.Second, spikeLen: 300 * ms, spike: 500 * ms, end: 14 * model.Second, seed: seed}
		got := r.play(model.V(6, 0))
		s := got.b.Stats
		never := 0 // the inputs the buffer has played past that never came
		for seq := uint32(1); seq < got.b.next; seq++ {
			never += b2i(!got.received[seq])
		}
		if s.Lost != never || s.Received != len(got.received) {
			t.Fatalf("seed %d: lost %d, received %d; %d never came, %d came: %+v", seed, s.Lost, s.Received, never, len(got.received), s)
		}
		if s.Resyncs != got.resyncEvents {
			t.Fatalf("seed %d: %d resyncs in %d events", seed, s.Resyncs, got.resyncEvents)
		}
		if s.Overplayed > s.Late {
			t.Fatalf("seed %d: overplayed inputs are late ones: %+v", seed, s)
		}
	}
}

// BenchmarkBufferSpike is a 2 s spike's run through the buffer.
func BenchmarkBufferSpike(b *testing.B) {
	r := spikeRun{dt: model.TickTime(1, 120), tick: model.TickTime(1, 64), up: 40 * ms, backup: 2,
		spikeAt: 2 * model.Second, spikeLen: 300 * ms, spike: 2 * model.Second, end: 14 * model.Second}
	for range b.N {
		r.play(model.V(6, 0))
	}
}

// A gap of 300 million inputs (a Seq from a client gone for a month, or
// a forged one) is counted lost in full, and only the newest missedKeep
// of them are remembered in case one comes after all: the skip costs
// what missedKeep does (microseconds), not the gap (a loop of 3·10⁸, tens of
// seconds); the bound is a second.
func TestHugeGapIsCountedNotListed(t *testing.T) {
	dt := 10 * ms
	first := stream(1, dt, model.V(1, 0))[0]
	b := &Buffer{}
	b.Receive(&first, 0)
	pose, _ := b.Tick(0, dt, model.Pose{Alive: true}, nil)
	late := Input{Seq: 300_000_000, T: model.Time(299_999_999) * dt, Dt: dt, Alive: true}
	b.Receive(&late, late.End())
	start := time.Now()
	b.Tick(late.End()+dt, dt, pose, nil)
	if d := time.Since(start); d > time.Second {
		t.Fatalf("skipping the gap took %v", d)
	}
	if b.Stats.Lost != 299_999_998 || len(b.missed) > missedKeep {
		t.Fatalf("lost %d, %d remembered", b.Stats.Lost, len(b.missed))
	}
	gone := Input{Seq: 299_999_999, T: late.T - dt, Dt: dt, Alive: true}
	b.Receive(&gone, late.End()+2*dt) // one of them came after all
	if b.Stats.Lost != 299_999_997 || b.Stats.Overplayed != 1 {
		t.Fatalf("the one that came: %+v", b.Stats)
	}
}
