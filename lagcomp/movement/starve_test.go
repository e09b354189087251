package movement

import (
	"fmt"
	"math"
	"testing"

	"lagscope/model"
)

// tickTable plays a scripted client through a buffer and gives, for
// every tick, how far the pawn moved in hundredths of a metre. Input i
// (from 1) covers [(i−1)·10 ms, i·10 ms) at i m/s, so a tick that plays
// it moves the pawn i hundredths (a command's number is its distance)
// and a tick's figure is the sum of the commands it ran. arrive says
// when input i's packet comes (0: never); the first comes at its
// frame's end, so the buffer plays input i at tick i+1 (Lead 0, a 10 ms
// tick).
func tickTable(b *Buffer, n int, arrive func(i int) model.Time, ticks int) []int {
	const dt = 10 * ms
	b.Span = dt // a packet an input, sent at its end
	ins := make([]Input, n)
	for i := range ins {
		ins[i] = Input{Seq: uint32(i + 1), T: model.Time(i) * dt, Dt: dt, Vel: model.V(float64(i+1), 0), Alive: true}
	}
	pose := model.Pose{Alive: true}
	out := make([]int, ticks+1)
	for k := 1; k <= ticks; k++ {
		now := model.Time(k) * dt
		for i := range ins {
			if at := arrive(i + 1); at > now-dt && at <= now {
				b.Receive(&ins[i], at)
			}
		}
		was := pose.Pos.X
		pose, _ = b.Tick(now, dt, pose, nil)
		out[k] = int(math.Round((pose.Pos.X - was) * 100)) // hundredths of a metre: i m/s × 10 ms
	}
	return out
}

// The script of the tables: inputs 1–4 on time, 5 and 6 never (a gap of
// two), 7 on time, 8–14 held by the link and brought at 150 ms with 15
// (a backlog of seven), the rest on time.
func starveScript(i int) model.Time {
	switch {
	case i == 5 || i == 6:
		return 0
	case i >= 8 && i <= 14:
		return 150 * ms
	}
	return model.Time(i) * 10 * ms
}

// Source's usercmd processing against a table worked by hand (budget
// max_usercmd_ticks = 3, 30 ms; a tick grants 10 ms, kept up to 30):
//
//	tick  2–5: commands 1–4, one a tick (the budget stays full)
//	tick  6: nothing came: the pawn held (starved)
//	tick  7: 7 came (5 and 6 never): the clock is at 7's frame, so no
//	         copy of 5 or 6 will come: m_LastCmd (4) run for each: 4+4
//	         (budget 30 − 20 = 10)
//	tick  8: 7 (budget 20 − 10)
//	tick  9–14: 8 has not come: held (starved; the budget back to 30)
//	tick 15: 8–15 came; the clock is at 14: 8, 9, 10 run (30 ms), 11–14
//	         refused (usercmd_cap: 4 inputs, 40 ms): 8+9+10 = 27
//	tick 16: 15 (the budget's 10 ms)
//
// wait skips 5 and 6 at tick 7 (nothing moves; tick 8: 7) and runs the
// whole backlog (tick 15: 8+…+14 = 77); ue covers the gap with 7's move,
// 30 ms clamped to 20 (move_delta_clamp once, 10 ms not moved): 7 at
// tick 7 and 7 at tick 8, then the whole backlog (77).
func TestStarveTickTables(t *testing.T) {
	cases := []struct {
		name string
		b    *Buffer
		want map[int]int // ticks not listed: 0 before 2, k−1 after 16
		// Replayed, Capped, CappedTime, Clamped, ClampedTime, Lost, Starved
		stats [7]int
	}{
		{"source", &Buffer{Starve: StarveSource, CatchUp: 30 * ms},
			map[int]int{2: 1, 3: 2, 4: 3, 5: 4, 6: 0, 7: 4 + 4, 8: 7, 9: 0, 10: 0, 11: 0, 12: 0, 13: 0, 14: 0, 15: 8 + 9 + 10, 16: 15},
			[7]int{2, 4, 40, 0, 0, 2, 7}},
		{"wait", &Buffer{Starve: StarveWait},
			map[int]int{2: 1, 3: 2, 4: 3, 5: 4, 6: 0, 7: 0, 8: 7, 9: 0, 14: 0, 15: 8 + 9 + 10 + 11 + 12 + 13 + 14, 16: 15},
			[7]int{0, 0, 0, 0, 0, 2, 7}},
		{"ue", &Buffer{Starve: StarveUE, MaxMoveDelta: 20 * ms},
			map[int]int{2: 1, 3: 2, 4: 3, 5: 4, 6: 0, 7: 7, 8: 7, 9: 0, 14: 0, 15: 8 + 9 + 10 + 11 + 12 + 13 + 14, 16: 15},
			[7]int{0, 0, 0, 1, 10, 2, 7}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := tickTable(c.b, 30, starveScript, 25)
			for k := 1; k <= 25; k++ {
				want, ok := c.want[k]
				switch {
				case ok:
				case k < 2:
					want = 0
				case k > 16:
					want = k - 1
				default:
					continue
				}
				if got[k] != want {
					t.Errorf("tick %d moved %d hundredths, want %d (table %v)", k, got[k], want, got[1:])
				}
			}
			s := c.b.Stats
			have := [7]int{s.Replayed, s.Capped, int(s.CappedTime / ms), s.Clamped, int(s.ClampedTime / ms), s.Lost, s.Starved}
			if have != c.stats {
				t.Errorf("Replayed, Capped, CappedTime ms, Clamped, ClampedTime ms, Lost, Starved = %v, want %v: %+v", have, c.stats, s)
			}
		})
	}
}

// A gap of 23 missing commands is run with m_LastCmd 23 times; one of
// 24 is skipped (PhysicsSimulate replays only while fewer than 24 were
// dropped), its movement lost.
func TestLastCmdOnlyUnder24Dropped(t *testing.T) {
	for _, missing := range []int{23, 24} {
		t.Run(fmt.Sprint(missing), func(t *testing.T) {
			b := &Buffer{Starve: StarveSource} // no cap
			arrive := func(i int) model.Time {
				if i >= 5 && i < 5+missing {
					return 0
				}
				return model.Time(i) * 10 * ms
			}
			got := tickTable(b, 60, arrive, 60)
			at := 5 + missing // the tick the first after the gap came: the gap is run (or skipped) then
			want := 0
			if missing < LastCmdDropMax {
				want = 4 * missing // m_LastCmd, 4, once for each
			}
			if got[at] != want || got[at+1] != 5+missing || b.Stats.Replayed != missing*b2i(missing < LastCmdDropMax) || b.Stats.Lost != missing {
				t.Fatalf("tick %d moved %d, want %d, then %d (%d); %+v", at, got[at], want, got[at+1], 5+missing, b.Stats)
			}
		})
	}
}

// Under 20 % loss and 40 ms of jitter on the player's own link, and a
// 1 s spike (the link holds order: a second of inputs comes at once), on
// six seeds, each rule's count is what this test counts itself from the
// packets and the pawn. The client walks straight at 6 m/s, so the
// client time the pawn did not move for is the time the buffer played
// less the distance over the speed:
//   - source: that time is what usercmd_cap refused (CappedTime); the
//     pawn never moves more than max_usercmd_ticks ticks' worth in a tick
//     (v × 24 × tick); m_LastCmd ran once for each input of every gap
//     of fewer than 24 that never came (counted from the packets);
//   - ue: that time is what move_delta_clamp did not move (ClampedTime),
//     and a move is clamped for every gap whose time and the next
//     input's exceeds max_move_delta_ms;
//   - wait: it is the gaps' own time (the inputs never played).
func TestStarveCountsAreTheEvents(t *testing.T) {
	vel := model.V(6, 0)
	tick := model.TickTime(1, 64)
	dt := model.TickTime(1, 120)
	for _, starve := range []Starve{StarveSource, StarveUE, StarveWait} {
		for seed := uint64(1); seed <= 6; seed++ {
			t.Run(fmt.Sprintf("%s seed %d", starve, seed), func(t *testing.T) {
				r := spikeRun{dt: dt, tick: tick, up: 40 * ms, jitter: 40 * ms, backup: 1, loss: 0.2,
					spikeAt: 3 * model.Second, spikeLen: 20 * ms, spike: model.Second, end: 12 * model.Second, seed: seed,
					starve: starve, catchUp: 24 * tick, maxDelta: 125 * ms}
				got := r.play(vel)
				s := got.b.Stats
				// the runs of inputs that never came, between the first that
				// came and the buffer's next
				var gaps []int
				run := 0
				first := true
				for seq := uint32(1); seq < got.b.next; seq++ {
					if got.received[seq] {
						if run > 0 && !first {
							gaps = append(gaps, run)
						}
						run, first = 0, false
					} else {
						run++
					}
				}
				replays, clamps, skipped := 0, 0, model.Time(0)
				for _, g := range gaps {
					if g < LastCmdDropMax {
						replays += g
					}
					if model.Time(g+1)*dt > r.maxDelta {
						clamps++
					}
					skipped += model.Time(g) * dt
				}
				played := got.b.Cursor() - got.start
				unmoved := played.Seconds() - got.pose.Pos.X/vel.X // seconds the pawn did not move for
				near := func(d model.Time) bool { return math.Abs(unmoved-d.Seconds()) < 1e-6 }
				switch starve {
				case StarveSource:
					if !near(s.CappedTime) || s.Replayed != replays || (s.Capped > 0) != (s.CappedTime > 0) {
						t.Fatalf("unmoved %.6f s, capped %v (%d inputs); %d replays counted here: %+v", unmoved, s.CappedTime, s.Capped, replays, s)
					}
					if s.CappedTime == 0 {
						t.Fatal("the spike's second of backlog was not capped")
					}
					if bound := vel.X * (24 * tick).Seconds(); got.maxStep > bound+1e-9 {
						t.Fatalf("the pawn moved %.4f m in a tick, the cap's bound %.4f m", got.maxStep, bound)
					}
				case StarveUE:
					if !near(s.ClampedTime) || s.Clamped != clamps || s.Replayed+s.Capped != 0 {
						t.Fatalf("unmoved %.6f s, clamped %v (%d moves); %d clamps counted here: %+v", unmoved, s.ClampedTime, s.Clamped, clamps, s)
					}
				case StarveWait:
					if !near(skipped) || s.Replayed+s.Capped+s.Clamped != 0 {
						t.Fatalf("unmoved %.6f s, the gaps %v: %+v", unmoved, skipped, s)
					}
				}
				if len(gaps) == 0 {
					t.Fatal("no gap: the loss did not test anything")
				}
			})
		}
	}
}

// Source's budget grants one tick a tick, kept up to the cap: a clock
// that plays two ticks a tick (a drain: the first input came 500 ms late,
// the 49 behind it with it) spends the budget's 24 ticks one a tick, so
// from the 24th draining tick on each tick runs one tick of movement and
// refuses the other: D draining ticks refuse (D − 23) ticks, however
// the drain is found. (A hold accrues play and budget at the same rate,
// so the tick tables cannot tell a grant of one from a grant of two.)
func TestSourceBudgetGrantsATickATick(t *testing.T) {
	const tick = 10 * ms
	b := &Buffer{Starve: StarveSource, CatchUp: 24 * tick}
	ins := stream(400, tick, model.V(1, 0))
	pose := model.Pose{Alive: true}
	var offset0 model.Time
	for k := 1; k <= 400; k++ {
		now := model.Time(k) * tick
		for i := range ins {
			at := max(ins[i].End(), 510*ms) // the first 51 held to 510 ms
			if at > now-tick && at <= now {
				b.Receive(&ins[i], at)
			}
		}
		pose, _ = b.Tick(now, tick, pose, nil)
		if now == 510*ms {
			offset0 = b.Offset
		}
	}
	drained := (offset0 - b.Offset) / tick
	if b.Stats.Drains != 1 || drained <= 24 {
		t.Fatalf("%d drains of %d ticks: the run shows nothing", b.Stats.Drains, drained)
	}
	if want := (drained - 23) * tick; b.Stats.CappedTime != want {
		t.Fatalf("%d draining ticks refused %v, want %v: %+v", drained, b.Stats.CappedTime, want, b.Stats)
	}
	if moved, played := pose.Pos.X, (b.Cursor() - ins[0].T).Seconds(); math.Abs(moved-(played-b.Stats.CappedTime.Seconds())) > 1e-9 {
		t.Fatalf("moved %.4f m of %.4f s played, %v refused", moved, played, b.Stats.CappedTime)
	}
}

// BenchmarkBufferSpikeByRule is BenchmarkBufferSpike's 2 s spike under
// each input_starved rule (source refuses most of its backlog input by
// input, ue covers its gaps move by move).
func BenchmarkBufferSpikeByRule(b *testing.B) {
	for _, starve := range Starves() {
		b.Run(string(starve), func(b *testing.B) {
			r := spikeRun{dt: model.TickTime(1, 120), tick: model.TickTime(1, 64), up: 40 * ms, backup: 2,
				spikeAt: 2 * model.Second, spikeLen: 300 * ms, spike: 2 * model.Second, end: 14 * model.Second,
				starve: starve, catchUp: 24 * model.TickTime(1, 64), maxDelta: 125 * ms}
			for range b.N {
				r.play(model.V(6, 0))
			}
		})
	}
}

// Ahead (where a shot fired at the clock leaves from) bridges a gap as
// Tick does under each holding rule: at every tick of the tables'
// script, Ahead of the clock from where the pawn stands is where the
// tick then puts it (source without a binding cap: Ahead leaves the
// budget out, a shot's own command being paid for). With a lead of 20
// ms the input after the gap comes before the clock reaches its frame,
// and both hold (it may yet be that the gap's inputs come).
func TestAheadIsWhereTheTickGoes(t *testing.T) {
	const dt = 10 * ms
	for _, b := range []*Buffer{{Starve: StarveSource}, {Starve: StarveUE, MaxMoveDelta: 20 * ms}, {Starve: StarveWait},
		{Starve: StarveSource, Lead: 20 * ms}, {Starve: StarveUE, MaxMoveDelta: 20 * ms, Lead: 20 * ms}, {Starve: StarveWait, Lead: 20 * ms}} {
		ins := make([]Input, 30)
		for i := range ins {
			ins[i] = Input{Seq: uint32(i + 1), T: model.Time(i) * dt, Dt: dt, Vel: model.V(float64(i+1), 0), Alive: true}
		}
		pose := model.Pose{Alive: true}
		for k := 1; k <= 25; k++ {
			now := model.Time(k) * dt
			for i := range ins {
				if at := starveScript(i + 1); at > now-dt && at <= now {
					b.Receive(&ins[i], at)
				}
			}
			var ahead model.Pose
			if b.Anchored() {
				ahead = b.Clone().Ahead(pose, now-b.Offset, nil)
			}
			pose, _ = b.Tick(now, dt, pose, nil)
			if b.Anchored() && k > 1 && math.Abs(ahead.Pos.X-pose.Pos.X) > 1e-9 {
				t.Errorf("%s, lead %v, tick %d: Ahead put the pawn at %.4f, the tick at %.4f", b.Starve, b.Lead, k, ahead.Pos.X, pose.Pos.X)
			}
		}
	}
}
