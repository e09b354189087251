package movement

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"lagscope/model"
)

// maxPosErr is Unreal's MAXPOSITIONERRORSQUARED (3 uu², 1 uu = 1 cm) as
// a distance, lagcomp's DefaultMaxPositionErrorM.
const maxPosErr = 0.0173

// A hand case: a fixed 40 ms link, no loss, a client walking 1 m/s in
// 120 Hz inputs at a 64 Hz server, each input reporting where the
// client's prediction put the pawn. Input 10 reports 0.99 of the
// allowed error off the server's (accepted: the server's pawn stands
// there after it), input 20 1.01 of it (adjusted: the server keeps its
// own); every other input is honest, accepted. Fails with the check
// inverted, with the adoption left out or with the threshold ignored.
func TestClientPositionAcceptedWithinMaxErrorAdjustedBeyond(t *testing.T) {
	dt, tick, up := model.TickTime(1, 120), model.TickTime(1, 64), 40*ms
	ins := stream(120, dt, model.V(1, 0))
	for i := range ins {
		ins[i].Pos, ins[i].HasPos = model.V(ins[i].End().Seconds(), 0), true
	}
	ins[9].Pos.Y = 0.99 * maxPosErr
	ins[19].Pos.Y = 1.01 * maxPosErr
	b := &Buffer{Lead: tick, Starve: StarveWait, MaxPosError: maxPosErr} // holds when the stream ends
	pose := model.Pose{Alive: true}
	next := 0
	sawOff, sawAdjusted := false, false
	for now := model.Time(0); now < 2*model.Second; now += tick {
		for next < len(ins) && ins[next].End()+up <= now {
			b.Receive(&ins[next], ins[next].End()+up)
			next++
		}
		pose, _ = b.Tick(now, tick, pose, nil)
		for _, k := range b.Knots {
			sawOff = sawOff || k.Pose.Pos.Y == 0.99*maxPosErr
			sawAdjusted = sawAdjusted || k.Pose.Pos.Y == 1.01*maxPosErr
		}
		b.Knots = b.Knots[:0]
	}
	s := b.Stats
	if s.Applied != len(ins) || s.PosAccepted != len(ins)-1 || s.PosAdjusted != 1 {
		t.Fatalf("want %d played, %d accepted, 1 adjusted: %+v", len(ins), len(ins)-1, s)
	}
	if !sawOff || sawAdjusted {
		t.Fatalf("the server's pawn stood at the accepted report %v, at the adjusted one %v (want true, false)", sawOff, sawAdjusted)
	}
	if want := ins[len(ins)-1].Pos; pose.Pos.Dist(want) > 1e-9 {
		t.Fatalf("the pawn ends at %v, want the last report %v", pose.Pos, want)
	}
}

// Under 20 % loss and 40 ms of jitter, with two backups a packet, on
// several seeds and every starvation rule: a standing client reports
// where it stands (accepted) or a metre off (adjusted), at random. The
// test counts itself which inputs the server plays whole — those whose
// first copy came while the buffer's cursor was still before their end
// — and the buffer's counts equal them, honest and off apart; an off
// report is never adopted. Fails with the check inverted, the threshold
// ignored, or an input checked at each part of its frame a tick plays.
func TestClientPositionCountsUnderLossAndJitter(t *testing.T) {
	dt, tick, up, jitter := model.TickTime(1, 120), model.TickTime(1, 64), 40*ms, 40*ms
	for _, starve := range Starves() {
		for seed := uint64(1); seed <= 5; seed++ {
			t.Run(fmt.Sprintf("%s seed %d", starve, seed), func(t *testing.T) {
				rng := rand.New(rand.NewPCG(seed, 28))
				ins := stream(1200, dt, model.Vec{})
				off := map[uint32]bool{}
				for i := range ins {
					ins[i].HasPos = true
					if rng.IntN(4) == 0 {
						ins[i].Pos, off[ins[i].Seq] = model.V(0, 1), true
					}
				}
				type pkt struct {
					at          model.Time
					first, last int
				}
				var pkts []pkt
				var prev model.Time
				for i := range ins {
					at := max(prev, ins[i].End()+up+model.Time(rng.Int64N(int64(jitter)+1)))
					prev = at
					if rng.Float64() < 0.2 {
						continue
					}
					pkts = append(pkts, pkt{at, max(0, i-2), i})
				}
				b := &Buffer{Lead: tick, Starve: starve, CatchUp: 24 * tick, MaxMoveDelta: 125 * ms, MaxPosError: maxPosErr}
				pose := model.Pose{Alive: true}
				came := map[uint32]bool{}
				wantOK, wantOff := 0, 0
				next := 0
				end := ins[len(ins)-1].End() + up + jitter + model.Second
				for now := model.Time(0); now < end; now += tick {
					for next < len(pkts) && pkts[next].at <= now {
						for k := pkts[next].first; k <= pkts[next].last; k++ {
							in := &ins[k]
							if came[in.Seq] {
								continue
							}
							came[in.Seq] = true
							if !b.Anchored() || b.Cursor() < in.End() {
								if off[in.Seq] {
									wantOff++
								} else {
									wantOK++
								}
							}
						}
						b.ReceiveAll(ins[pkts[next].first:pkts[next].last+1], pkts[next].at)
						next++
					}
					pose, _ = b.Tick(now, tick, pose, nil)
					b.Knots = b.Knots[:0]
					if pose.Pos != (model.Vec{}) {
						t.Fatalf("at %v the pawn stands at %v: an off report was adopted", now, pose.Pos)
					}
				}
				s := b.Stats
				if s.PosAccepted != wantOK || s.PosAdjusted != wantOff {
					t.Fatalf("accepted %d adjusted %d, the test counts %d and %d: %+v", s.PosAccepted, s.PosAdjusted, wantOK, wantOff, s)
				}
				if wantOff == 0 || wantOK == 0 || s.Lost == 0 {
					t.Fatalf("the run tests nothing: %d honest, %d off, %+v", wantOK, wantOff, s)
				}
			})
		}
	}
}

// A client's reported position survives a keyframe's packing.
func TestPackKeepsClientPosition(t *testing.T) {
	ins := stream(5, model.TickTime(1, 120), model.V(1, 2))
	ins[1].Pos, ins[1].HasPos = model.V(3, 4), true
	ins[2].Pos, ins[2].HasPos = model.V(3, 4.5), true
	ins[4].Pos, ins[4].HasPos = model.V(-1, 0), true
	got := UnpackInputs(PackInputs(ins))
	for i := range ins {
		if got[i] != ins[i] {
			t.Fatalf("input %d: %+v, want %+v", i, got[i], ins[i])
		}
	}
}
