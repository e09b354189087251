package lagcomp

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"lagscope/lagcomp/netem"
	"lagscope/model"
)

// carrier is a packet that carried a command: when it left and, unless
// lost, when it reached the server's inbox.
type carrier struct {
	sent, deliver model.Time
	lost          bool
}

// commandCarriers are, for each client, the packets (by sending order)
// that carried each of its commands: the new ones and cl_cmdbackup's
// repeats, read from the packet log's input windows. A network duplicate
// is the same packet again, not another copy of its commands.
func commandCarriers(s *Sim) map[int]map[uint32][]carrier {
	out := map[int]map[uint32][]carrier{}
	for _, p := range s.AllPackets() {
		if !p.Up || p.Dup || p.Inputs == 0 {
			continue
		}
		if out[p.Client] == nil {
			out[p.Client] = map[uint32][]carrier{}
		}
		first := p.FirstInput - uint32(p.InputBackups)
		if p.InputBackups == p.Inputs { // only repeats: its window ends at the newest sent
			panic("a command packet without a new command")
		}
		for q := first; q < first+uint32(p.Inputs); q++ {
			out[p.Client][q] = append(out[p.Client][q], carrier{p.Sent, p.Deliver, p.Deliver < 0})
		}
	}
	return out
}

// usercmdSim is a run whose clients make one command a tick and send one
// command a packet (fps twice tick_hz, cmd_rate_hz = tick_hz): Source's
// usercmds at cl_cmdrate = tick rate. Shots are 100 ms apart, six
// commands, so no two shots share a packet at cmd_backup ≤ 4.
func usercmdSim(t *testing.T, seed uint64, lossPct float64, backup int, d model.Time) *Sim {
	t.Helper()
	c := Defaults()
	c.Seed = seed
	c.CmdPer, c.TickHz, c.FPS, c.CmdRateHz = CmdPerTick, 64, 128, 64
	c.Up.LossPct, c.CmdBackup, c.FireIntervalMs = lossPct, backup, 100
	s, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	s.KeepAllPackets()
	s.Step(d)
	return s
}

// A shot is the fire button of its command, so it is lost exactly when
// every packet that carried its command was: at one command a packet and
// cmd_backup b, b + 1 packets, each lost with probability p, so with
// probability q = p^(b+1), independently from shot to shot (their
// commands ride different packets). Over n shots the count lost is
// binomial: mean nq, standard deviation √(nq(1−q)); the test allows five
// of them (a chance below 10⁻⁶ a case of failing by luck; the seeds are
// fixed anyway). Before commands carried the shots, the last cmd_backup
// shots rode every packet until as many newer ones were fired: at 50 %
// loss none of 54 was lost.
func TestShotLostWithItsCommand(t *testing.T) {
	for _, p := range []float64{30, 50} {
		for _, b := range []int{0, 1, 2} {
			for _, seed := range []uint64{1, 2, 3} {
				t.Run(fmt.Sprintf("loss%v/backup%d/seed%d", p, b, seed), func(t *testing.T) {
					s := usercmdSim(t, seed, p, b, 60*model.Second)
					carriers := commandCarriers(s)[ShooterPawn]
					n, lost := 0, 0
					for _, r := range s.AllShots() {
						if r.Shooter != ShooterPawn || r.Outcome == OutcomeInFlight {
							continue
						}
						cs := carriers[r.Usercmd]
						if len(cs) != b+1 {
							t.Fatalf("shot %d: its command %d rode %d packets, want %d (one command a packet, %d backups)", r.Seq, r.Usercmd, len(cs), b+1, b)
						}
						all := !slices.ContainsFunc(cs, func(c carrier) bool { return !c.lost })
						if all != (r.Outcome == OutcomeLost) {
							t.Fatalf("shot %d is %s, but every packet of its command %d lost: %v", r.Seq, r.Outcome, r.Usercmd, all)
						}
						n++
						lost += b2i(r.Outcome == OutcomeLost)
					}
					q := math.Pow(p/100, float64(b+1))
					mean, sd := float64(n)*q, math.Sqrt(float64(n)*q*(1-q))
					t.Logf("%d of %d shots lost, expected %.1f ± %.1f", lost, n, mean, sd)
					if n < 400 || math.Abs(float64(lost)-mean) > 5*sd {
						t.Fatalf("%d of %d shots lost, want %.1f ± %.1f (p^(b+1) = %.4f)", lost, n, mean, 5*sd, q)
					}
				})
			}
		}
	}
}

// Each shot's record says by which copy of its command it came (resends:
// 0 the packet that first carried the command, k its k-th cl_cmdbackup
// repeat) and which command it was (Usercmd): under 20 % loss and 40 ms of
// jitter on each player's own links, in a duel (both fire), at every
// command beat, the copy is the first packet of the command's that was
// not lost (the links keep order), sent that much after the first, and
// the shot arrived when that packet did; a lost shot's every copy was lost.
func TestShotCameByTheFirstCopyOfItsCommand(t *testing.T) {
	for _, per := range CmdPers() {
		for _, seed := range []uint64{1, 2, 3, 4} {
			t.Run(fmt.Sprintf("%s/seed%d", per, seed), func(t *testing.T) {
				c := Defaults()
				c.Seed, c.Duel, c.CmdPer, c.FireIntervalMs = seed, true, per, 150
				for _, l := range []*netem.LinkConfig{&c.Up, &c.Down} {
					l.LossPct, l.JitterMs = 20, 40
				}
				s, err := New(c)
				if err != nil {
					t.Fatal(err)
				}
				s.KeepAllPackets()
				s.Step(30 * model.Second)
				carriers := commandCarriers(s)
				backups, shooters := 0, map[int]int{}
				for _, r := range s.AllShots() {
					if r.Outcome == OutcomeInFlight {
						continue
					}
					cs := carriers[r.Shooter][r.Usercmd]
					if len(cs) == 0 {
						t.Fatalf("shot %d of pawn %d: no packet carried its command %d", r.Seq, r.Shooter, r.Usercmd)
					}
					k := slices.IndexFunc(cs, func(c carrier) bool { return !c.lost })
					if r.Outcome == OutcomeLost {
						if k >= 0 {
							t.Fatalf("shot %d lost, but copy %d of its command %d arrived", r.Seq, k, r.Usercmd)
						}
						continue
					}
					shooters[r.Shooter]++
					if k < 0 || r.Resends != k || r.Arrival != cs[k].deliver || r.Sent != cs[0].sent || r.ArrivalDelay != cs[k].sent-cs[0].sent {
						t.Fatalf("shot %d (command %d): came by copy %d at %v, sent %v, %v later; its command's packets %+v",
							r.Seq, r.Usercmd, r.Resends, r.Arrival, r.Sent, r.ArrivalDelay, cs)
					}
					backups += b2i(k > 0)
				}
				t.Logf("%d shots came by a backup; shots arrived by pawn %v", backups, shooters)
				if backups < 3 || shooters[ShooterPawn] < 20 || shooters[TargetPawn] < 20 {
					t.Fatalf("the scenario did not exercise the copies: %d shots by backup, shots arrived by pawn %v", backups, shooters)
				}
			})
		}
	}
}

// Each client makes its commands at its beat: one a tick (the server's
// tick interval, from its command phase), one a 16 ms command frame, or
// one a render frame; at 30 fps, slower than the beat, a frame makes
// the two or three commands whose beats have come. A shot is the fire
// button of the command of its beat: the one whose time holds the
// trigger pull (start < fire ≤ end).
func TestCommandsAtTheirBeat(t *testing.T) {
	for _, tc := range []struct {
		per  CmdPer
		fps  int
		beat model.Time // 0: a render frame
	}{
		{CmdPerTick, 144, model.TickTime(1, 64)},
		{CmdPerTick, 30, model.TickTime(1, 64)},
		{CmdPerCmdFrame, 144, 16 * model.Millisecond},
		{CmdPerCmdFrame, 30, 16 * model.Millisecond},
		{CmdPerFrame, 120, 0},
	} {
		t.Run(fmt.Sprintf("%s/%dfps", tc.per, tc.fps), func(t *testing.T) {
			c := Defaults()
			c.CmdPer, c.FPS, c.TickHz, c.CmdFrameMs, c.FireIntervalMs = tc.per, tc.fps, 64, 16, 130
			s, err := New(c)
			if err != nil {
				t.Fatal(err)
			}
			s.KeepAllPackets()
			s.Step(10 * model.Second)
			frame := model.TickTime(1, tc.fps)
			// the beats, worked out here: whole ticks of 1/64 s from the
			// client's command phase (rounded down to the microsecond), or
			// whole 16 ms from it
			phase := s.Clients[ShooterPawn].cmdPhase
			onBeat := func(x model.Time) bool {
				x -= phase
				if tc.per == CmdPerTick {
					return model.TickTime(int64(x)*64/int64(model.Second), 64) == x || model.TickTime(int64(x)*64/int64(model.Second)+1, 64) == x
				}
				return x%tc.beat == 0
			}
			nextBeat := func(x model.Time) model.Time {
				x++
				for !onBeat(x) {
					x++
				}
				return x
			}
			// the commands' spans, from each packet's first new command
			type span struct{ from, to model.Time }
			spans := map[uint32]span{}
			multi := 0
			for _, p := range s.AllPackets() {
				if !p.Up || p.Dup || p.Client != ShooterPawn || p.Inputs == p.InputBackups {
					continue
				}
				n := p.Inputs - p.InputBackups
				multi += b2i(n > 1)
				from := p.FirstInputT
				for q := p.FirstInput; q < p.FirstInput+uint32(n); q++ {
					to := from + frame
					if tc.beat > 0 {
						if q > 1 && !onBeat(from) {
							t.Fatalf("command %d starts at %v, not at a beat of %v", q, from, tc.beat)
						}
						to = nextBeat(from)
					}
					spans[q] = span{from, to}
					from = to
				}
			}
			if tc.fps == 30 && multi == 0 {
				t.Fatal("at 30 fps no packet carried more than one new command")
			}
			shots := 0
			for _, r := range s.AllShots() {
				if r.Shooter != ShooterPawn || !r.HasSent {
					continue
				}
				sp, ok := spans[r.Usercmd]
				if !ok || !(sp.from < r.Fire && r.Fire <= sp.to+1) {
					t.Fatalf("shot %d fired at %v is in command %d, which spans %v to %v", r.Seq, r.Fire, r.Usercmd, sp.from, sp.to)
				}
				shots++
			}
			if shots < 30 {
				t.Fatalf("only %d shots", shots)
			}
		})
	}
}

// A packet carries at least one new command, so cmd_rate_hz above the
// command beat is capped at it, named and counted as the fps cap is:
// cmd_rate_hz 128 on 64 Hz ticks sends 64 packets a second, each capped.
func TestCmdRateCappedAtTheCommandBeat(t *testing.T) {
	for _, tc := range []struct {
		per      CmdPer
		rate, hz int // asked; sent
	}{
		{CmdPerTick, 128, 64},
		{CmdPerCmdFrame, 128, 62}, // 1000/16 = 62.5 commands a second
		{CmdPerFrame, 128, 128},   // at 144 fps, no cap
	} {
		c := Defaults()
		c.CmdPer, c.TickHz, c.FPS, c.CmdRateHz, c.CmdFrameMs = tc.per, 64, 144, tc.rate, 16
		s, err := New(c)
		if err != nil {
			t.Fatal(err)
		}
		s.Step(10 * model.Second)
		m := s.Movement()[ShooterPawn]
		capped := tc.hz < tc.rate
		if m.CmdRateHz != tc.hz || math.Abs(float64(m.CommandPackets-10*tc.hz)) > 3 ||
			(m.CmdCapped == m.CommandPackets) != capped || (m.CmdCapped == 0) == capped || slices.Contains(m.Rules, Rule("cmd_rate_capped")) != capped {
			t.Errorf("%s: cmd_rate_hz %d gave %d Hz, %d packets in 10 s, %d capped, rules %v; want %d Hz", tc.per, tc.rate, m.CmdRateHz, m.CommandPackets, m.CmdCapped, m.Rules, tc.hz)
		}
	}
}
