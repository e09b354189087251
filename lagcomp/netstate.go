package lagcomp

import (
	"lagscope/lagcomp/movement"
	"lagscope/model"
)

// ConnState is what one client's connection shows at an instant, at both
// of its ends: what a net graph draws (Counter-Strike's net graph and its
// command-queue graph; lagcomp/telemetry samples it every server tick).
// Counts are the run's so far (a sampler takes differences); the rest
// are gauges, each with whether it has a value yet (never a made-up 0).
type ConnState struct {
	// RTTMs is the client's own estimate of its round trip (ExactPing of
	// its ping bounces); HasRTT: a bounce has returned.
	RTTMs  float64
	HasRTT bool
	// ReportedMs is the ping the server holds for the client, as the
	// client reported it (ServerUpdatePing; what ping-mode rewinds read).
	ReportedMs float64
	HasReport  bool
	// TrueRTTMs is the base round trip of its links now (no jitter).
	TrueRTTMs float64
	// Queued is the inputs waiting in the server's buffer for it; Inputs
	// what that buffer did so far (starved ticks, replays, caps, losses).
	Queued int
	Inputs movement.Stats
	// InterpMs is how far the client's render time trails the newest
	// snapshot it holds (< 0: past it, starved); HasInterp: it holds one.
	InterpMs  float64
	HasInterp bool
	// StarvedFrames are its render frames that ran past the newest
	// snapshot, so far.
	StarvedFrames int
	// ClockErrMs is the client's estimate of server time less the
	// replicated time its display is measured against (what a stamp
	// would be off by: lagcomp/clock); HasClock: its clock has started.
	ClockErrMs float64
	HasClock   bool
	// Corrections are its prediction's reconciliations of a millimetre
	// or more so far, MaxCorrectionM the largest.
	Corrections    int
	MaxCorrectionM float64
}

// Conn fills st with client i's connection now.
func (s *Sim) Conn(i int, st *ConnState) {
	c, cn := s.Clients[i], s.Server.conns[i]
	*st = ConnState{TrueRTTMs: s.TrueRTTMs(i), Queued: cn.inputs.Queued(), Inputs: cn.inputs.Stats,
		StarvedFrames: c.starved, Corrections: c.pred.Corrections, MaxCorrectionM: c.pred.MaxCorrectionM}
	if c.ping != nil {
		st.RTTMs, st.HasRTT = c.ping.ExactPing()
	}
	st.ReportedMs, st.HasReport = cn.reported, cn.hasReport
	if n := len(c.snaps); n > 0 { // a frame took it, and drew from it
		st.InterpMs, st.HasInterp = (c.snaps[n-1].Stamp - c.Display.Render).Millis(), true
	}
	if c.hasStamp && c.Clock.Started() {
		st.ClockErrMs, st.HasClock = (c.Clock.Now() - c.PackageTimeStamp).Millis(), true
	}
}

// OnTick asks for f to be called after every server tick, with its time
// and its number (the run's first tick is 1; a clone's count goes on
// from its source's), so a sampler started late numbers ticks as the run
// does (lagcomp/telemetry samples the connections there). It only reads: the
// run is the same with or without it. A clone does not call it. Ask
// before stepping.
func (s *Sim) OnTick(f func(t model.Time, n int64)) { s.tickTo = f }
