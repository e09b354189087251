package lagcomp

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"sort"
	"testing"

	"lagscope/lagcomp/rewind"
	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// On clean links the server's path is the client's — its script, steered
// to at every frame — delayed by the pipeline: the first input's frame,
// its wait for a command packet, the up link, and the input buffer. At
// every tick the server's pawn is where the script's frame samples,
// joined by straight lines (each input walks straight), put it that long
// before; and timestamp mode rewinds to exactly what the client saw.
func TestCleanLinkServerPathIsTheScriptDelayed(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  Config
	}{
		{"linear", constantVelocity()},
		{"strafe", Defaults()},
		{"strafe, 144 fps, 20 Hz commands", func() Config {
			c := Defaults()
			c.FPS, c.CmdRateHz, c.TickHz, c.SnapshotHz = 144, 20, 30, 30
			return c
		}()},
	} {
		c := tc.cfg
		s, err := New(c)
		if err != nil {
			t.Fatal(err)
		}
		script := s.Server.Pawns[TargetPawn].Motion
		// the pipeline's delay, analytically: input 1 covers frame 1,
		// waits for the first command beat after it, crosses the link
		frame1 := model.TickTime(1, c.FPS)
		sent := frame1
		if c.cmdRate() < c.FPS {
			beat := model.TickTime(1, c.cmdRate())
			k := int64(1)
			for model.TickTime(k, c.FPS) < beat {
				k++
			}
			sent = model.TickTime(k, c.FPS)
		}
		want := sent + model.MsF(c.Up.LatencyMs) + c.inputBuffer()
		checked := 0
		for at := model.Time(0); at < 5*model.Second; at += c.Tick() {
			s.Step(at)
			b := s.Server.conns[TargetPawn].inputs
			if !b.Anchored() || s.Server.Now-b.Offset < 0 {
				continue
			}
			if b.Offset != want {
				t.Fatalf("%s: offset %v, want %v (frame %v, command wait, up, buffer)", tc.name, b.Offset, want, frame1)
			}
			ct := s.Server.Now - b.Offset
			k := int64(ct * model.Time(c.FPS) / model.Second)
			for model.TickTime(k+1, c.FPS) <= ct {
				k++
			}
			for k > 0 && model.TickTime(k, c.FPS) > ct {
				k--
			}
			t0, t1 := model.TickTime(k, c.FPS), model.TickTime(k+1, c.FPS)
			chord := rewind.LerpPose(script.At(t0), script.At(t1), float64(ct-t0)/float64(t1-t0), rewind.LerpShortest)
			if got := s.Server.Pawns[TargetPawn].Pose.Pos; got.Dist(chord.Pos) > 1e-9 {
				t.Fatalf("%s at %v: the server's pawn at %v, the script %v earlier at %v", tc.name, s.Server.Now, got, b.Offset, chord.Pos)
			}
			checked++
		}
		if checked < 100 {
			t.Fatalf("%s: %d ticks checked", tc.name, checked)
		}
		for _, m := range s.Movement() {
			if m.Buffer.Starved != 0 || m.Buffer.Lost != 0 || m.Corrections != 0 {
				t.Fatalf("%s: %s on a clean link: %+v", tc.name, m.Name, m)
			}
		}
		for _, r := range judged(s) {
			if r.RewindErrorM > 1e-9 {
				t.Fatalf("%s: shot %d rewound %v m from what the client saw", tc.name, r.Seq, r.RewindErrorM)
			}
		}
	}
}

// Lost inputs: with one input a packet and cmd_backup = b, an input is
// lost when its packet and the b after it all are: p^(b+1) of them
// (binomial bounds over several seeds; the input buffer long enough that
// a backup is never too late).
func TestInputLossIsTheBackupsBinomial(t *testing.T) {
	const p = 0.2
	for _, b := range []int{0, 1, 2} {
		lost, n := 0, 0
		for seed := uint64(1); seed <= 4; seed++ {
			c := Defaults()
			c.FPS, c.CmdRateHz, c.InputBufferMs, c.CmdBackup = 64, 64, 200, b
			c.VictimUp.LossPct = p * 100
			c.Seed = seed
			s := run(t, c, 20*model.Second)
			st := s.Movement()[TargetPawn].Buffer
			lost, n = lost+st.Lost, n+st.Lost+st.Applied
			if st.Late != 0 {
				t.Fatalf("b=%d seed %d: %d late inputs with a 200 ms buffer", b, seed, st.Late)
			}
		}
		q := math.Pow(p, float64(b+1))
		t.Logf("cmd_backup %d: %d of %d inputs lost (p^%d = %.4f)", b, lost, n, b+1, q)
		mean, sd := float64(n)*q, math.Sqrt(float64(n)*q*(1-q))
		if math.Abs(float64(lost)-mean) > 4*sd+1 {
			t.Errorf("cmd_backup %d: %d of %d inputs lost, want %.1f ± %.1f (p^%d)", b, lost, n, mean, 4*sd, b+1)
		}
	}
}

// With the victim's up link losing inputs the server starves and repeats
// and the victim's client corrects (on three seeds: a repeated input
// that happens to match the lost one needs no correction, so one seed's
// ten seconds may have none); the same seed gives the same movement,
// byte for byte.
func TestLossyVictimStarvesAndCorrects(t *testing.T) {
	c := Defaults()
	c.Target = model.Motion{Kind: model.RandomWalk, Origin: model.V(20, 0), Amplitude: 3, Speed: 6, Period: 700 * model.Millisecond}
	c.VictimUp.LossPct, c.VictimUp.JitterMs = 30, 10
	corrections := 0
	for seed := uint64(1); seed <= 3; seed++ {
		c.Seed = seed
		a := run(t, c, 10*model.Second)
		m := a.Movement()[TargetPawn]
		if m.Buffer.Lost == 0 || m.Buffer.Starved == 0 || (m.Corrections == 0) != (m.MaxCorrectionM <= 0) {
			t.Fatalf("a 30 %% lossy victim, seed %d: %+v", seed, m)
		}
		corrections += m.Corrections
		if sh := a.Movement()[ShooterPawn]; sh.Buffer.Lost != 0 || sh.Corrections != 0 {
			t.Fatalf("the shooter's clean link: %+v", sh)
		}
	}
	if corrections < 3 {
		t.Fatalf("a 30 %% lossy victim corrected %d times in three 10 s runs", corrections)
	}
	c.Seed = 1
	a := run(t, c, 10*model.Second)
	b := run(t, c, 10*model.Second)
	if x, y := fmt.Sprintf("%+v", a.Movement()), fmt.Sprintf("%+v", b.Movement()); x != y {
		t.Fatalf("same seed, different movement:\n%s\n%s", x, y)
	}
	if !bytes.Equal(jsonRun(t, c), jsonRun(t, c)) {
		t.Fatal("same seed, different records")
	}
}

// cheat_resend sends every command twice in one frame: a first copy lost
// is not the shot lost while the second is still to leave (it made two
// records, lost and judged, once the command packets changed the link's
// draws).
func TestResentCommandIsOneRecord(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		c := Defaults()
		c.CheatResend, c.CmdBackup, c.Up.LossPct, c.Seed = true, 0, 20, seed
		s := run(t, c, 10*model.Second)
		seen := map[uint32]bool{}
		for _, r := range s.Shots.Records() {
			if seen[r.Seq] {
				t.Fatalf("seed %d: shot %d has two records", seed, r.Seq)
			}
			seen[r.Seq] = true
		}
	}
}

// A shot's command leaves with the next command packet, as Source's
// usercmds do: fired at a frame, it is sent at the first frame at or after
// the next command beat — never before it was fired, never later than a
// command interval and a frame — in a command packet that carries the
// inputs since the last; its record keeps both instants (fire, sent). At
// cmd_rate_hz = fps every frame is a beat and it leaves at once.
func TestShotLeavesWithTheNextCommandPacket(t *testing.T) {
	for _, rate := range []int{64, 20, 120} {
		c := Defaults()
		c.CmdRateHz, c.FPS = rate, 120
		interval, frame := model.TickTime(1, rate), model.TickTime(1, c.FPS)
		waited := 0
		for seed := uint64(1); seed <= 3; seed++ {
			c.Seed = seed
			s := run(t, c, 10*model.Second)
			for _, r := range s.Shots.Records() {
				w := r.Sent - r.Fire
				if !r.HasSent || w < 0 || w >= interval+frame || rate == c.FPS && w != 0 {
					t.Fatalf("cmd_rate_hz %d, seed %d: shot %d fired at %v, sent at %v (has %v)", rate, seed, r.Seq, r.Fire, r.Sent, r.HasSent)
				}
				waited += b2i(w > 0)
			}
			for _, p := range s.loggedFrames() {
				if p.Kind == PacketCommand && p.Up && !p.Dup && (len(p.Shots) == 0 || p.Inputs == p.InputBackups) {
					t.Fatalf("cmd_rate_hz %d: a command packet with shots %v and %d new inputs", rate, p.Shots, p.Inputs-p.InputBackups)
				}
			}
		}
		if rate < c.FPS && waited == 0 {
			t.Fatalf("cmd_rate_hz %d: no shot waited for its command packet", rate)
		}
	}
}

// The command rate's clamp is named, not a silent min(): with cmd_rate_hz
// above fps every command packet goes out at a frame (fps a second), each
// counted, the movement lines name cmd_rate_capped and the summary sums
// them; at or below fps nothing is named.
func TestCmdRateCapIsNamedAndCounted(t *testing.T) {
	for _, tc := range []struct{ rate, fps int }{{128, 60}, {64, 120}, {60, 60}} {
		c := Defaults()
		c.CmdRateHz, c.FPS = tc.rate, tc.fps
		s := run(t, c, 10*model.Second)
		capped, total := 0, 0
		for _, m := range s.Movement() {
			want := 0
			if tc.rate > tc.fps {
				want = m.CommandPackets
			}
			if m.CmdCapped != want || (want > 0) != slices.Contains(m.Rules, rule.CmdRateCapped) || m.CmdRateHz != min(tc.rate, tc.fps) {
				t.Fatalf("cmd_rate_hz %d at %d fps, %s: %d of %d packets capped, rules %v, rate %d", tc.rate, tc.fps, m.Name, m.CmdCapped, m.CommandPackets, m.Rules, m.CmdRateHz)
			}
			// one a beat, every beat having inputs to carry (a frame at least)
			if n := m.CommandPackets; math.Abs(float64(n)-10*float64(m.CmdRateHz)) > 2 {
				t.Fatalf("cmd_rate_hz %d at %d fps, %s: %d command packets in 10 s", tc.rate, tc.fps, m.Name, n)
			}
			capped, total = capped+m.CmdCapped, total+m.CommandPackets
		}
		if sum := s.Summary(); sum.CmdRateCapped != capped || tc.rate > tc.fps && capped != total {
			t.Fatalf("cmd_rate_hz %d at %d fps: summary %d capped, records %d of %d", tc.rate, tc.fps, sum.CmdRateCapped, capped, total)
		}
	}
}

// trimPath searches only when the middle knot is before keep: held to
// the search at every tick it replaced (drop the knots before keep when
// they are more than half), on paths in time order and on paths a drain
// put out of order, with keep anywhere.
func TestTrimPathIsTheSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	trims, keeps := 0, 0
	for i := 0; i < 20000; i++ {
		path := make([]rewind.Sample, r.IntN(40))
		at := model.Time(0)
		for k := range path {
			at += model.Time(r.Int64N(8)) * model.Millisecond // whole ms: knots and keep tie
			if r.IntN(20) == 0 {
				at -= model.Time(r.Int64N(30)) * model.Millisecond // out of order
			}
			path[k] = rewind.Sample{T: at, Pose: model.Pose{Pos: model.V(float64(k), 0)}}
		}
		keep := at + 10*model.Millisecond - model.Time(r.Int64N(200))*model.Millisecond
		want := slices.Clone(path)
		if drop := sort.Search(len(want), func(k int) bool { return want[k].T >= keep }); drop > len(want)/2 {
			want = want[:copy(want, want[drop:])]
			trims++
		} else {
			keeps++
		}
		if got := trimPath(slices.Clone(path), keep); !reflect.DeepEqual(got, want) {
			t.Fatalf("path %v, keep %v: trimmed to %v, the search %v", path, keep, got, want)
		}
	}
	if trims < 1000 || keeps < 1000 {
		t.Fatalf("%d trims, %d kept: the test must see both", trims, keeps)
	}
}

// A bot standing where its script wants it takes its offset, zero, as its
// velocity without the divisions (handsVel): the full product's value and
// sign bits, for every zero (+0, -0 on either axis) and frame length; a
// non-zero offset is the product itself.
func TestHandsVelIsTheProduct(t *testing.T) {
	zero, neg := 0.0, math.Copysign(0, -1)
	r := rand.New(rand.NewPCG(3, 4))
	bits := func(v model.Vec) [2]uint64 { return [2]uint64{math.Float64bits(v.X), math.Float64bits(v.Y)} }
	for i := 0; i < 20000; i++ {
		dt := model.Time(1 + r.Int64N(int64(2*model.Second)))
		for _, d := range []model.Vec{{X: zero, Y: zero}, {X: neg, Y: zero}, {X: zero, Y: neg}, {X: neg, Y: neg}, {X: r.NormFloat64(), Y: neg}, {X: r.NormFloat64(), Y: r.NormFloat64()}} {
			if got, want := handsVel(d, dt), d.Scale(1/dt.Seconds()); bits(got) != bits(want) {
				t.Fatalf("handsVel(%v, %v) = %v, the product %v", d, dt, got, want)
			}
		}
	}
}
