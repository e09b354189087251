package movement

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"lagscope/model"
)

const ms = model.Millisecond

// stream is n inputs of frame dt from t=0, walking at vel.
func stream(n int, dt model.Time, vel model.Vec) []Input {
	out := make([]Input, n)
	for i := range out {
		out[i] = Input{Seq: uint32(i + 1), T: model.Time(i) * dt, Dt: dt, Vel: vel, Alive: true}
	}
	return out
}

// A move into a wall stops Skin short of it, from whatever steps it is
// cut into; moving along or away from a wall is free; a pawn inside a
// wall walks out.
func TestMoveStopsAtWalls(t *testing.T) {
	walls := []model.Wall{{Min: model.V(5, -1), Max: model.V(6, 1)}}
	v := model.V(10, 0)
	one := Move(model.V(0, 0), v, model.Second, walls)
	if math.Abs(one.X-(5-Skin)) > 1e-12 || one.Y != 0 {
		t.Fatalf("one step into the wall stops at %v", one)
	}
	p := model.V(0, 0)
	for i := 0; i < 100; i++ { // the same walk in 100 steps
		p = Move(p, v, 10*ms, walls)
	}
	if p.Dist(one) > 1e-9 {
		t.Fatalf("stepped walk stops at %v, one step at %v", p, one)
	}
	if away := Move(one, model.V(-10, 0), 100*ms, walls); math.Abs(away.X-(one.X-1)) > 1e-9 {
		t.Fatalf("walking away from the wall: %v", away)
	}
	if along := Move(model.V(5.5, 2), model.V(0, 0), model.Second, walls); along != model.V(5.5, 2) {
		t.Fatalf("standing still moved to %v", along)
	}
	if out := Move(model.V(5.5, 0), model.V(0, 10), model.Second, walls); out != model.V(5.5, 10) {
		t.Fatalf("a pawn inside the wall stays stuck: %v", out)
	}
}

// The cushion does not depend on which input came first: a client
// sends a packet every second frame (so an input waits a frame or none
// for it, the span two frames), each repeating the packet before's
// inputs (cmd_backup 1). Whether the first packet comes, or is lost and
// the second brings its inputs as copies, or the first input is one that
// waited no frame (the client's first packet carried it alone), the
// offset is the first packet's delay plus the span and the lead, and no
// input of the steady stream is late. Anchored on
// the first input's age, losing the first packet made the cushion four
// frames (the second packet's span over its copies) for the whole run,
// and a first input that did not wait made it one frame: every input
// that waited a frame then came late.
func TestCushionIsTheSpanWhicheverInputCameFirst(t *testing.T) {
	dt, tick, up := 10*ms, 5*ms, 30*ms
	ins := stream(200, dt, model.V(2, 0))
	for _, tc := range []struct {
		name        string
		first, from int // the first packet sent: its inputs (by index)
		lose        int // a packet lost (by its newest input; -1 none)
	}{{"first packet came", 1, 0, -1}, {"first packet lost", 1, 0, 1}, {"first input waited no frame", 2, 2, -1}} {
		t.Run(tc.name, func(t *testing.T) {
			b := &Buffer{Lead: tick, Span: 2 * dt}
			pose := model.Pose{Alive: true}
			type pkt struct {
				at   model.Time
				from int
				to   int // inputs from..to (indexes), the last new
			}
			var pkts []pkt
			for k := tc.first; k < len(ins); k += 2 {
				if k == tc.lose {
					continue
				}
				from := max(k-3, tc.from) // the client made none before
				pkts = append(pkts, pkt{ins[k].End() + up, from, k})
			}
			next := 0
			for now := model.Time(0); now < 2*model.Second; now += tick {
				for next < len(pkts) && pkts[next].at <= now {
					b.ReceiveAll(ins[pkts[next].from:pkts[next].to+1], pkts[next].at)
					next++
				}
				pose, _ = b.Tick(now, tick, pose, nil)
			}
			if want := up + 2*dt + tick; b.Offset != want {
				t.Errorf("offset %v, want up + span + lead = %v", b.Offset, want)
			}
			if s := b.Stats; s.Late != 0 || s.Starved != 0 || s.Resyncs != 0 || s.Drains != 0 {
				t.Errorf("a steady stream: %+v", s)
			}
		})
	}
}

// On a steady stream the buffer never starves and plays the client's
// path exactly Offset later, whatever the ticks cut the frames into.
func TestBufferPlaysTheClientPathDelayed(t *testing.T) {
	dt, tick, up := model.TickTime(1, 120), model.TickTime(1, 64), 40*ms
	vel := model.V(3, -1)
	ins := stream(400, dt, vel)
	b := &Buffer{Lead: tick, Span: dt} // a packet an input, sent at its end
	pose := model.Pose{Alive: true}
	next := 0
	for now := model.Time(0); now < 3*model.Second; now += tick {
		for next < len(ins) && ins[next].End()+up <= now { // sent at its frame, up ms away
			b.Receive(&ins[next], ins[next].End()+up)
			next++
		}
		pose, _ = b.Tick(now, tick, pose, nil)
		if !b.Anchored() {
			continue
		}
		want := vel.Scale((now - b.Offset).Seconds())
		if now-b.Offset > 0 && pose.Pos.Dist(want) > 1e-9 {
			t.Fatalf("at %v the pawn is at %v, the client's path %v later is at %v", now, pose.Pos, b.Offset, want)
		}
	}
	if want := dt + up + tick; b.Offset != want {
		t.Fatalf("offset %v, want the first packet's delay (up) + the span (a frame) + the lead: %v", b.Offset, want)
	}
	if s := b.Stats; s.Starved != 0 || s.Lost != 0 || s.Late != 0 || s.Resyncs != 0 || s.Drains != 0 {
		t.Fatalf("a steady stream: %+v", s)
	}
}

// A missing input: the server repeats the last one for its frame, counts
// the tick starved and the input lost, and plays the next one as it
// comes; the input arriving after its frame was played is late and
// overplayed, no longer lost (it came).
func TestBufferRepeatsWhenStarved(t *testing.T) {
	dt := 10 * ms
	ins := stream(10, dt, model.V(1, 0))
	ins[4].Vel = model.V(0, 5) // the lost one turned
	b := &Buffer{Lead: 0, Span: dt}
	for i, in := range ins {
		if i != 4 {
			b.Receive(&in, 0)
		}
	}
	pose := model.Pose{Alive: true}
	pose, _ = b.Tick(0, dt, pose, nil) // anchors: offset 0
	var starved int
	for now := dt; now <= 100*ms; now += dt {
		var s bool
		pose, s = b.Tick(now, dt, pose, nil)
		if s {
			starved++
		}
	}
	// 9 inputs of 10 ms at 1 m/s, and the repeat of input 4 in place of 5
	if want := model.V(0.1, 0); pose.Pos.Dist(want) > 1e-12 {
		t.Fatalf("pawn at %v, want %v (the turn never played)", pose.Pos, want)
	}
	if starved != 1 || b.Stats.Starved != 1 || b.Stats.Lost != 1 || b.Stats.Applied != 9 {
		t.Fatalf("starved %d, %+v", starved, b.Stats)
	}
	b.Receive(&ins[4], 200*ms)
	if s := b.Stats; s.Lost != 0 || s.Late != 1 || s.Overplayed != 1 || s.Received != 10 || s.Duplicates != 0 || b.Queued() != 0 {
		t.Fatalf("the lost input came after its frame was played: %+v, %d queued", b.Stats, b.Queued())
	}
	b.Receive(&ins[4], 210*ms) // a copy of it now
	if b.Stats.Duplicates != 1 || b.Stats.Late != 1 {
		t.Fatalf("a copy of the overplayed input: %+v", b.Stats)
	}
}

// clockRun plays 10 ms inputs (one a packet, sent at its frame's end)
// through a buffer ticking every 5 ms (so an input may come while its
// frame is being played); delay gives each packet's delay.
func clockRun(n int, delay func(i int) model.Time) (b *Buffer, offsets []model.Time, maxStep float64) {
	dt, tick := 10*ms, 5*ms
	ins := stream(n, dt, model.V(1, 0))
	b = &Buffer{Lead: dt, Span: dt}
	pose := model.Pose{Alive: true}
	for now := model.Time(0); now < model.Time(n)*dt+model.Second; now += tick {
		for i := range ins {
			if at := ins[i].End() + delay(i); at > now-tick && at <= now {
				b.Receive(&ins[i], at)
			}
		}
		was := pose.Pos
		pose, _ = b.Tick(now, tick, pose, nil)
		maxStep = max(maxStep, pose.Pos.Dist(was))
		offsets = append(offsets, b.Offset)
	}
	return b, offsets, maxStep
}

// Late outliers of the jitter's tail never move the clock by their
// lateness. Input 150 comes 25 ms late, after its successor: its whole
// frame was played by the repeat (guessed, found among the skipped);
// inputs 250 and 251 come 35 and 30 ms late, found in the queue with
// their whole frames played (guessed); 252, 18 ms late (253 behind it,
// 15 ms), comes while its frame is being played (late, its rest
// played). The offset stays the
// first input's 60 ms, moved at most by their share of a window's mean
// (123 ms over its 100 packets); no resync nor drain counted; the four
// counted late, three guessed, none lost; and the mean delay is that of
// the run where they came in time, to the microsecond (a late input's
// delay is its due tick's: the buffer's own). The ratchet this replaces
// moved the clock back by an outlier's lateness for good.
func TestALateInputDoesNotMoveTheClock(t *testing.T) {
	const n = 300
	ref, _, _ := clockRun(n, func(int) model.Time { return 40 * ms })
	b, offsets, _ := clockRun(n, func(i int) model.Time {
		switch i {
		case 150:
			return 65 * ms
		case 250:
			return 75 * ms
		case 251:
			return 70 * ms
		case 252:
			return 58 * ms
		case 253:
			return 55 * ms
		}
		return 40 * ms
	})
	share := 123 * ms / model.Time(DrainWindow/(10*ms))
	for k, o := range offsets {
		if (o < 60*ms || o > 60*ms+share) && (k > 20 || o != 0) { // 0 before the first came
			t.Fatalf("offset %v at tick %d, want the first input's 60 ms, at most %v more", o, k, share)
		}
	}
	s := b.Stats
	if s.Resyncs != 0 || s.Drains != 0 || s.Late != 4 || s.Overplayed != 3 || s.Lost != 0 || s.Received != n {
		t.Fatalf("four late inputs, three guessed: %+v", s)
	}
	if s.DelayN != n || s.DelaySum != ref.Stats.DelaySum {
		t.Fatalf("delays %d summing %v, the in-time run's %d summing %v", s.DelayN, s.DelaySum, ref.Stats.DelayN, ref.Stats.DelaySum)
	}
}

// A link whose delay rises from 40 to 90 ms for 3.5 s, half way through
// a window, and falls back: the clock moves back once (one resync
// however many windows and inputs the rise spans: here two) to 50 ms more, exactly (the new mean), within two windows
// of the rise; after the fall it drains to the first offset within
// RecoveryBound ticks of the last slow packet; the pawn never moves more
// than twice its pace in a tick; nothing is lost.
func TestASustainedShiftMovesTheClockOnce(t *testing.T) {
	const n = 900
	dt, tick := 10*ms, 5*ms
	b, offsets, step := clockRun(n, func(i int) model.Time {
		if i >= 250 && i < 600 {
			return 90 * ms
		}
		return 40 * ms
	})
	s := b.Stats
	if s.Resyncs != 1 || s.Lost != 0 {
		t.Fatalf("a rise is one resync: %+v", s)
	}
	rise, win := model.Time(250)*dt, int(DrainWindow/tick)
	if got := offsets[int(rise/tick)+2*win+1]; got != 110*ms {
		t.Fatalf("offset %v two windows after the rise, want 110 ms", got)
	}
	last := model.Time(600)*dt + 90*ms // the last slow packet came
	back := int(last/tick) + RecoveryBound(50*ms, tick)
	if back >= len(offsets) || offsets[back] != 60*ms || s.Drains == 0 {
		t.Fatalf("offset %v at the recovery bound (tick %d), want 60 ms: %+v", offsets[min(back, len(offsets)-1)], back, s)
	}
	if step > 2*tick.Seconds()+1e-9 {
		t.Fatalf("the pawn moved %.3f m in a tick, at most %.3f", step, 2*tick.Seconds())
	}
}

// A backlog held for a whole window is drained at once.
func TestBufferDrainsABacklog(t *testing.T) {
	dt := 10 * ms
	ins := stream(400, dt, model.V(1, 0))
	b := &Buffer{Lead: 10 * ms}
	b.Receive(&ins[0], 300*ms) // the first came 290 ms late
	pose := model.Pose{Alive: true}
	next := 1
	for now := 300 * ms; now < 3*model.Second; now += dt {
		for next < len(ins) && ins[next].End() <= now { // the rest on time
			b.Receive(&ins[next], now)
			next++
		}
		pose, _ = b.Tick(now, dt, pose, nil)
	}
	if b.Stats.Drains == 0 || b.Offset > 50*ms {
		t.Fatalf("no drain of a 290 ms backlog: %+v, offset %v", b.Stats, b.Offset)
	}
}

// Reconciliation: after a lost input the server's pawn is elsewhere; the
// client resets to the server's state and replays what the server has
// not played, so the corrected present is exactly the server's pose plus
// those inputs.
func TestReconcileReplaysUnacknowledgedInputs(t *testing.T) {
	dt := 10 * ms
	ins := stream(10, dt, model.V(1, 0))
	ins[3].Vel = model.V(0, 2)
	var p Predictor
	p.Pose.Alive = true
	for _, in := range ins {
		p.Predict(in, nil)
	}
	if want := model.V(0.09, 0.02); p.Pose.Pos.Dist(want) > 1e-12 {
		t.Fatalf("predicted %v, want %v", p.Pose.Pos, want)
	}
	// the server lost input 4 and repeated input 3: at client time 45 ms
	// (input 5 half played) its pawn is at 0.045 m on x, none on y
	ack := Ack{Cursor: 45 * ms, Pose: model.Pose{Pos: model.V(0.045, 0), Alive: true}}
	c, ok := p.Reconcile(ack, 200*ms, nil)
	// replay: the rest of input 5 (5 ms) and inputs 6-10, all at 1 m/s x
	want := model.V(0.045+0.005+0.05, 0)
	if !ok || p.Pose.Pos.Dist(want) > 1e-12 || c.To != p.Pose.Pos || c.From.Dist(model.V(0.09, 0.02)) > 1e-12 {
		t.Fatalf("corrected to %v (%v, ok %v), want %v", p.Pose.Pos, c, ok, want)
	}
	if p.Corrections != 1 || math.Abs(p.MaxCorrectionM-c.M) > 0 || p.Pending() != 6 {
		t.Fatalf("%d corrections, max %v, %d pending", p.Corrections, p.MaxCorrectionM, p.Pending())
	}
	// the server agrees from then on: no correction
	ack = Ack{Cursor: 60 * ms, Pose: model.Pose{Pos: model.V(0.06, 0), Alive: true}}
	if _, ok := p.Reconcile(ack, 210*ms, nil); ok || p.Corrections != 1 {
		t.Fatal("a correction where server and client agree")
	}
}

// A client that predicts but does not reconcile (Snap) puts its pawn at
// the server's word and replays nothing: ten inputs of 10 ms at 1 m/s,
// the server has played 4.5 of them, so the pawn snaps back from 0.10 m
// to 0.045 m (a correction of 0.055 m) with 6 inputs still pending, and
// the next input moves it on from there, not from where the replay would
// have put it (0.10 m).
func TestSnapReplaysNothing(t *testing.T) {
	dt := 10 * ms
	ins := stream(11, dt, model.V(1, 0))
	var p Predictor
	p.Pose.Alive = true
	for _, in := range ins[:10] {
		p.Predict(in, nil)
	}
	ack := Ack{Cursor: 45 * ms, Pose: model.Pose{Pos: model.V(0.045, 0), Alive: true}}
	c, ok := p.Snap(ack, 200*ms)
	if !ok || p.Pose.Pos != ack.Pose.Pos || c.To != ack.Pose.Pos || c.From.Dist(model.V(0.10, 0)) > 1e-12 || math.Abs(c.M-0.055) > 1e-12 {
		t.Fatalf("snapped to %v (%+v, ok %v), want the server's %v from 0.10 m", p.Pose.Pos, c, ok, ack.Pose.Pos)
	}
	if p.Corrections != 1 || p.Pending() != 6 {
		t.Fatalf("%d corrections, %d pending; want 1 and 6", p.Corrections, p.Pending())
	}
	p.Predict(ins[10], nil)
	if want := model.V(0.055, 0); p.Pose.Pos.Dist(want) > 1e-12 {
		t.Fatalf("the next input moved it to %v, want %v", p.Pose.Pos, want)
	}
}

// input_starved = wait: with the queue dry the pawn holds where it is
// (a starved tick, nothing repeated); when the inputs come — late, as the
// next packet's cmd_backup copies bring a lost packet's — every one due is
// played in that one tick, so the pawn lurches to where the client's path
// puts it: nothing lost, the path exact again. An input no copy brings is
// skipped when the one after it is played: counted lost, its movement
// never made (the client will be corrected).
func TestBufferWaitsThenCatchesUp(t *testing.T) {
	dt := 10 * ms
	vel := model.V(1, 0)
	ins := stream(20, dt, vel)
	b := &Buffer{Lead: 0, Starve: StarveWait}
	for _, in := range ins[:3] {
		b.Receive(&in, 0)
	}
	pose := model.Pose{Alive: true}
	pose, _ = b.Tick(0, dt, pose, nil) // anchors: offset 0
	// inputs 1-3 cover [0, 30 ms): at 30 ms the pawn is at 0.03
	for now := dt; now <= 3*dt; now += dt {
		pose, _ = b.Tick(now, dt, pose, nil)
	}
	held := pose.Pos
	if held.Dist(model.V(0.03, 0)) > 1e-12 {
		t.Fatalf("after three inputs at %v", held)
	}
	// inputs 4-6 late: three ticks held, nothing repeated
	starved := 0
	for now := 4 * dt; now <= 6*dt; now += dt {
		var s bool
		pose, s = b.Tick(now, dt, pose, nil)
		starved += b2i(s)
		if pose.Pos != held {
			t.Fatalf("at %v the waiting pawn moved to %v", now, pose.Pos)
		}
	}
	// they come (a later packet's backups with its own 7): one tick plays
	// all of them up to now
	for _, in := range ins[3:7] {
		b.Receive(&in, 70*ms)
	}
	pose, _ = b.Tick(7*dt, dt, pose, nil)
	if want := vel.Scale(0.07); pose.Pos.Dist(want) > 1e-12 || starved != 3 || b.Stats.Lost != 0 {
		t.Fatalf("caught up to %v (want %v), %d starved, %+v", pose.Pos, want, starved, b.Stats)
	}
	if jump := pose.Pos.Sub(held).Len(); jump < 0.04-1e-12 {
		t.Fatalf("the catch-up moved %.3f m in one tick, want the four frames missed (0.04)", jump)
	}
	// input 8 never comes; 9 and 10 do: 8 is skipped, lost
	b.Receive(&ins[8], 100*ms)
	b.Receive(&ins[9], 100*ms)
	pose, _ = b.Tick(10*dt, dt, pose, nil)
	if want := vel.Scale(0.09); pose.Pos.Dist(want) > 1e-12 || b.Stats.Lost != 1 {
		t.Fatalf("after a skipped input at %v (want %v), %+v", pose.Pos, want, b.Stats)
	}
	// where a shot fired at 100 ms leaves from: no repeat past the queue
	if a := b.Ahead(pose, 150*ms, nil); a.Pos != pose.Pos {
		t.Fatalf("Ahead moved a waiting pawn past its queue to %v", a.Pos)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// UnpackInputs gives back exactly what PackInputs was given: frames in a
// row, gaps, renumbering, turns, jumps, deaths, NaNs and negative zeros,
// nil and empty; a bot's steady hands cost a few bytes an input.
func TestPackInputsGivesThemBack(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var in []Input
	x := Input{Seq: 1, T: 1000, Dt: 8333, Vel: model.V(0, -5), Yaw: math.Pi, Alive: true}
	steady := 0
	for i := range 3000 {
		switch rng.IntN(8) {
		case 0:
			x.Seq += uint32(rng.IntN(3))
		case 1:
			x.T += model.Time(rng.IntN(20000)) - 10000
		case 2:
			x.Dt = model.Time(rng.IntN(20000))
		case 3:
			x.Vel = model.V(rng.Float64()*10-5, []float64{math.NaN(), math.Copysign(0, -1), math.Inf(1), 3}[i%4])
		case 4:
			x.Yaw = rng.Float64() * 7
		case 5:
			x.Epoch, x.Alive, x.Jump = x.Epoch+int32(rng.IntN(3))-1, !x.Alive, model.V(rng.Float64(), -rng.Float64())
		case 6:
			x.Fire = !x.Fire
		default:
			steady++
		}
		in = append(in, x)
		x.Seq, x.T = x.Seq+1, x.End()
	}
	bits := math.Float64bits
	same := func(a, b Input) bool {
		return a.Seq == b.Seq && a.T == b.T && a.Dt == b.Dt && bits(a.Vel.X) == bits(b.Vel.X) && bits(a.Vel.Y) == bits(b.Vel.Y) &&
			bits(a.Yaw) == bits(b.Yaw) && a.Fire == b.Fire && a.Epoch == b.Epoch && a.Alive == b.Alive && bits(a.Jump.X) == bits(b.Jump.X) && bits(a.Jump.Y) == bits(b.Jump.Y)
	}
	for _, want := range [][]Input{nil, {}, in[:1], in} {
		got := UnpackInputs(PackInputs(want))
		if (want == nil) != (got == nil) || len(got) != len(want) {
			t.Fatalf("%d inputs (nil %v) came back as %d (nil %v)", len(want), want == nil, len(got), got == nil)
		}
		for i := range want {
			if !same(want[i], got[i]) {
				t.Fatalf("input %d: %+v came back as %+v", i, want[i], got[i])
			}
		}
	}
	hands := make([]Input, 200)
	for i := range hands {
		hands[i] = Input{Seq: uint32(i + 1), T: model.Time(i) * 8333, Dt: 8333, Vel: model.V(0, -5), Yaw: math.Pi, Alive: true}
	}
	if n := len(PackInputs(hands)); n > 2*len(hands) {
		t.Errorf("a bot's steady hands: %d bytes for %d inputs, more than 2 an input", n, len(hands))
	}
	p := &Predictor{pending: in}
	if got := p.Pack().Clone().pending; len(got) != len(in) || !same(got[len(in)-1], in[len(in)-1]) {
		t.Fatal("a packed predictor's clone lost its pending inputs")
	}
}

// Without walls, Move and Apply skip the step's length and direction:
// their answer is moveWalls' bit for bit — zero steps (signed zeros
// kept), tiny and huge ones, NaN and infinite velocities included.
func TestNoWallsIsTheFullPath(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	specials := []float64{0, math.Copysign(0, -1), 1e-300, -1e300, math.Inf(1), math.Inf(-1), math.NaN(), 5e-324}
	pick := func() float64 {
		if r.IntN(4) == 0 {
			return specials[r.IntN(len(specials))]
		}
		return r.NormFloat64() * math.Pow(10, float64(r.IntN(20)-10))
	}
	eq := func(x, y float64) bool { return math.Float64bits(x) == math.Float64bits(y) || x != x && y != y } // NaNs alike
	same := func(a, b model.Vec) bool { return eq(a.X, b.X) && eq(a.Y, b.Y) }
	for i := 0; i < 200000; i++ {
		pos, vel := model.V(pick(), pick()), model.V(pick(), pick())
		dt := model.Time(r.Int64N(int64(model.Second)))
		want := moveWalls(pos, vel.Scale(dt.Seconds()), nil)
		if got := Move(pos, vel, dt, nil); !same(got, want) {
			t.Fatalf("Move(%v, %v, %v) = %v, the full path %v", pos, vel, dt, got, want)
		}
		in := Input{T: 0, Dt: dt, Vel: vel, Yaw: 1, Alive: true}
		if got := Apply(model.Pose{Pos: pos, Alive: true}, &in, 0, dt, nil); !same(got.Pos, want) && dt > 0 {
			t.Fatalf("Apply from %v at %v for %v = %v, the full path %v", pos, vel, dt, got.Pos, want)
		}
	}
}

// replay is Apply input by input, bit for bit: random runs of inputs
// with jumps to new epochs, deaths, stops, a cursor inside, before or
// after them, with walls and without.
func TestReplayIsApplyInTurn(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	walls := []model.Wall{{Min: model.V(2, -1), Max: model.V(3, 1)}, {Min: model.V(-4, 2), Max: model.V(4, 2.5)}}
	for i := 0; i < 20000; i++ {
		n := r.IntN(20)
		in := make([]Input, n)
		at := model.Time(r.Int64N(int64(model.Second)))
		for k := range in {
			dt := model.Time(1 + r.Int64N(int64(20*ms)))
			in[k] = Input{Seq: uint32(k + 1), T: at, Dt: dt, Vel: model.V(r.NormFloat64()*5, r.NormFloat64()*5), Yaw: r.Float64() * 7, Alive: r.IntN(10) > 0, Epoch: int32(r.IntN(2))}
			if r.IntN(5) == 0 {
				in[k].Vel = model.Vec{}
			}
			in[k].Jump = model.V(r.NormFloat64()*3, r.NormFloat64()*3)
			at += dt
		}
		cursor := model.Time(r.Int64N(int64(2 * model.Second)))
		ws := walls
		if r.IntN(2) == 0 {
			ws = nil
		}
		start := model.Pose{Pos: model.V(r.NormFloat64()*3, r.NormFloat64()*3), Yaw: 1, Alive: true, Epoch: r.IntN(2)}
		if r.IntN(4) == 0 { // negative zeros, which a zero step must keep
			start.Pos = model.V(math.Copysign(0, -1), math.Copysign(0, -1))
		}
		want := start
		for k := range in {
			want = Apply(want, &in[k], max(in[k].T, cursor), in[k].End(), ws)
		}
		bits := func(p model.Pose) [3]uint64 {
			return [3]uint64{math.Float64bits(p.Pos.X), math.Float64bits(p.Pos.Y), math.Float64bits(p.Yaw)}
		}
		if got := replay(start, in, cursor, ws); got != want || bits(got) != bits(want) {
			t.Fatalf("run %d: replay %+v, Apply in turn %+v", i, got, want)
		}
	}
}

// The queue pops by moving its head and moves the waiting inputs down
// only when its array is full: held to the queue with nothing played
// before it (a Clone's, head 0, as the queue shifted at every pop was) —
// the same inputs received, the same ticks and look-aheads played, bit
// for bit — at every tick of a lossy, reordering, duplicating stream
// with cmd_backup copies, under both starve rules.
func TestBufferHeadIsTheShiftedQueue(t *testing.T) {
	for _, starve := range Starves() {
		for seed := uint64(1); seed <= 4; seed++ {
			r := rand.New(rand.NewPCG(seed, 99))
			dt, tick := model.TickTime(1, 120), model.TickTime(1, 64)
			ins := make([]Input, 3000)
			for i := range ins {
				ins[i] = Input{Seq: uint32(i + 1), T: model.Time(i) * dt, Dt: dt, Vel: model.V(r.Float64()*6-3, r.Float64()*6-3), Yaw: r.Float64() * 6, Alive: true}
			}
			type arrival struct {
				at model.Time
				in int
			}
			var wire []arrival
			for i := 0; i < len(ins); i += 2 { // a packet every two frames, with the two before as backups
				if r.IntN(100) < 10 {
					continue // lost
				}
				at := ins[min(i+1, len(ins)-1)].End() + 30*ms + model.Time(r.Int64N(int64(40*ms)))
				copies := 1 + r.IntN(5)/4 // sometimes duplicated
				for range copies {
					for j := max(0, i-2); j <= min(i+1, len(ins)-1); j++ {
						wire = append(wire, arrival{at, j})
					}
				}
			}
			b := &Buffer{Lead: tick, Starve: starve}
			pose := model.Pose{Alive: true}
			midInserts, moves := 0, 0
			for now := model.Time(0); now < 26*model.Second; now += tick {
				ref := b.Clone() // head 0: nothing played before the waiting inputs
				refPose := pose
				for _, a := range wire {
					if a.at > now || a.at <= now-tick {
						continue
					}
					q := b.Queued()
					if b.head > 0 && q > 0 && b.queue[len(b.queue)-1].Seq > ins[a.in].Seq {
						midInserts++
					}
					full := len(b.queue) == cap(b.queue) && b.head > 0
					b.Receive(&ins[a.in], a.at)
					ref.Receive(&ins[a.in], a.at)
					if full && b.head == 0 {
						moves++
					}
				}
				fire := now - b.Offset + model.Time(r.Int64N(int64(30*ms)))
				if got, want := b.Ahead(pose, fire, nil), ref.Ahead(refPose, fire, nil); fmt.Sprintf("%#v", got) != fmt.Sprintf("%#v", want) {
					t.Fatalf("%s seed %d at %v: Ahead %#v, the shifted queue's %#v", starve, seed, now, got, want)
				}
				var s, refS bool
				pose, s = b.Tick(now, tick, pose, nil)
				refPose, refS = ref.Tick(now, tick, refPose, nil)
				if fmt.Sprintf("%#v %v", pose, s) != fmt.Sprintf("%#v %v", refPose, refS) || !reflect.DeepEqual(b.Clone(), ref.Clone()) {
					t.Fatalf("%s seed %d at %v: played %#v %v, the shifted queue %#v %v\n%+v\n%+v", starve, seed, now, pose, s, refPose, refS, b.Stats, ref.Stats)
				}
				b.Knots = b.Knots[:0]
			}
			if midInserts == 0 || moves == 0 || b.Stats.Applied < 2000 {
				t.Fatalf("%s seed %d: %d inserts behind the newest with inputs played, %d moves down, %d applied: the test must exercise them", starve, seed, midInserts, moves, b.Stats.Applied)
			}
		}
	}
}

// A packet's inputs taken in one call (ReceiveAll) leave the buffer as
// each taken in its own call does, in the packet's order: the same queue,
// head, first input and counts after every packet, the same poses played
// at every tick, bit for bit — on a lossy, reordering, duplicating stream
// whose packets carry cmd_backup copies of inputs already queued or
// played, under both starve rules.
func TestReceiveAllIsEachInTurn(t *testing.T) {
	for _, starve := range Starves() {
		for seed := uint64(1); seed <= 4; seed++ {
			r := rand.New(rand.NewPCG(seed, 7))
			dt, tick := model.TickTime(1, 120), model.TickTime(1, 64)
			ins := stream(2000, dt, model.V(1, 2))
			for i := range ins {
				ins[i].Vel = model.V(r.Float64()*6-3, r.Float64()*6-3)
			}
			type packet struct {
				at     model.Time
				lo, hi int // ins[lo:hi]: two backups, then the new ones
			}
			var wire []packet
			for i := 0; i < len(ins); i += 2 {
				if r.IntN(100) < 10 {
					continue // lost
				}
				at := ins[min(i+1, len(ins)-1)].End() + 30*ms + model.Time(r.Int64N(int64(60*ms)))
				for range 1 + r.IntN(5)/4 { // sometimes duplicated
					wire = append(wire, packet{at, max(0, i-2), min(i+2, len(ins))})
				}
			}
			b, ref := &Buffer{Lead: tick, Starve: starve}, &Buffer{Lead: tick, Starve: starve}
			pose, refPose := model.Pose{Alive: true}, model.Pose{Alive: true}
			for now := model.Time(0); now < 16*model.Second; now += tick {
				for _, p := range wire {
					if p.at > now || p.at <= now-tick {
						continue
					}
					b.ReceiveAll(ins[p.lo:p.hi], p.at)
					link := p.at - ins[p.hi-1].End()
					for j := p.lo; j < p.hi; j++ {
						ref.receive(&ins[j], p.at, link)
					}
					ref.noteLink(link)
					if !reflect.DeepEqual(b, ref) {
						t.Fatalf("%s seed %d at %v: packet %d-%d taken at once\n%+v\none by one\n%+v", starve, seed, now, p.lo, p.hi, b.Stats, ref.Stats)
					}
				}
				pose, _ = b.Tick(now, tick, pose, nil)
				refPose, _ = ref.Tick(now, tick, refPose, nil)
				if fmt.Sprintf("%#v", pose) != fmt.Sprintf("%#v", refPose) || !reflect.DeepEqual(b, ref) {
					t.Fatalf("%s seed %d at %v: played %#v, one by one %#v", starve, seed, now, pose, refPose)
				}
			}
			if st := b.Stats; st.Duplicates < 500 || st.Received < 1000 || st.Applied < 1000 {
				t.Fatalf("%s seed %d: %+v: the stream must bring copies and play inputs", starve, seed, st)
			}
		}
	}
}
