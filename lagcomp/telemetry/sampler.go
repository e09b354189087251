// Package telemetry samples a run's connections every server tick — the
// round trip each client estimates and the ping the server holds, the
// server's input queue with the commands it invented or refused, the
// interpolation buffer, the clock error, loss and jitter over the last
// second, corrections — as rows of a table (Row): the data of a net graph
// (Counter-Strike's net graph and its command-queue graph, Unity's
// network stats monitor, Photon Fusion's statistics). It reads the run
// through Run alone and changes nothing of it.
package telemetry

import (
	"math"

	"lagscope/lagcomp"
	"lagscope/model"
)

// Run is what the sampler reads of a simulation (*lagcomp.Sim is one).
type Run interface {
	// OnTick and StreamPackets hand the sampler each server tick and each
	// packet copy as the run makes them.
	OnTick(func(model.Time, int64))
	StreamPackets(func(*lagcomp.PacketFrame))
	// Conn is client i's connection now.
	Conn(i int, st *lagcomp.ConnState)
}

// Window is how far back the loss and jitter columns look.
const Window = model.Second

// Sampler turns a run's ticks into rows: one a client, then the
// server's, every tick, handed to its sink as they are made (nothing is
// kept but the last second of each link's packets).
type Sampler struct {
	run   Run
	names []string
	sink  func(rows []Row) error
	err   error
	tick  int64
	prev  []lagcomp.ConnState
	cur   lagcomp.ConnState
	links []linkWindow // client i's up link at 2i, down at 2i+1
	rows  []Row
}

// New samples run, whose clients are named names (lagcomp.ClientName),
// handing each tick's rows to sink; the first error sink returns stops
// the sampling (Err). Call it before stepping the run.
func New(run Run, names []string, sink func(rows []Row) error) *Sampler {
	s := &Sampler{run: run, names: names, sink: sink,
		prev: make([]lagcomp.ConnState, len(names)), links: make([]linkWindow, 2*len(names)),
		rows: make([]Row, len(names)+1)}
	run.OnTick(s.sample)
	run.StreamPackets(s.packet)
	return s
}

// Err is the first error of the sink, if any.
func (s *Sampler) Err() error { return s.err }

func (s *Sampler) packet(p *lagcomp.PacketFrame) {
	if p.Dup || p.Client < 0 || p.Client >= len(s.names) {
		return // a duplicate's first copy was counted; a packet of no client's
	}
	l := &s.links[2*p.Client+b2i(!p.Up)]
	l.add(p.Sent, p.Deliver)
}

func (s *Sampler) sample(t model.Time, tick int64) {
	if s.err != nil {
		return
	}
	s.tick = tick
	srv := &s.rows[len(s.names)]
	*srv = Row{TimeMs: t.Millis(), Tick: float64(s.tick), Who: "server",
		RTTMs: math.NaN(), TrueRTTMs: math.NaN(), InterpMs: math.NaN(), StarvedFrames: math.NaN(),
		ClockErrMs: math.NaN(), Corrections: math.NaN(), ReportedMs: math.NaN()}
	var up, down sums
	for i := range s.names {
		s.run.Conn(i, &s.cur)
		c, p := &s.cur, &s.prev[i]
		r := &s.rows[i]
		*r = Row{TimeMs: t.Millis(), Tick: float64(s.tick), Who: s.names[i],
			RTTMs: gauge(c.RTTMs, c.HasRTT), TrueRTTMs: c.TrueRTTMs, InterpMs: gauge(c.InterpMs, c.HasInterp),
			StarvedFrames: float64(c.StarvedFrames - p.StarvedFrames), ClockErrMs: gauge(c.ClockErrMs, c.HasClock),
			Corrections: float64(c.Corrections - p.Corrections), ReportedMs: gauge(c.ReportedMs, c.HasReport),
			QueueInputs:    float64(c.Queued),
			StarvedTicks:   float64(c.Inputs.Starved - p.Inputs.Starved),
			LastCmdReplays: float64(c.Inputs.Replayed - p.Inputs.Replayed),
			InputsLost:     float64(c.Inputs.Lost - p.Inputs.Lost),
			UsercmdsCapped: float64(c.Inputs.Capped - p.Inputs.Capped),
			InputsLate:     float64(c.Inputs.Late - p.Inputs.Late),
		}
		lu, ld := &s.links[2*i], &s.links[2*i+1]
		lu.count(t)
		ld.count(t)
		lu.trim(t - Window)
		ld.trim(t - Window)
		r.LossUpPct, r.JitterUpMs = lu.loss(), lu.jitter()
		r.LossDownPct, r.JitterDownMs = ld.loss(), ld.jitter()
		up.plus(&lu.sums)
		down.plus(&ld.sums)
		srv.QueueInputs += r.QueueInputs
		srv.StarvedTicks += r.StarvedTicks
		srv.LastCmdReplays += r.LastCmdReplays
		srv.InputsLost += r.InputsLost
		srv.UsercmdsCapped += r.UsercmdsCapped
		srv.InputsLate += r.InputsLate
		*p = *c
	}
	// the server's links are all of them: its loss and jitter over every
	// packet of every connection, each a difference of one link's
	srv.LossUpPct, srv.JitterUpMs = up.loss(), up.jitter()
	srv.LossDownPct, srv.JitterDownMs = down.loss(), down.jitter()
	s.err = s.sink(s.rows)
}

// gauge is x, or NaN (no value) when not ok.
func gauge(x float64, ok bool) float64 {
	if !ok {
		return math.NaN()
	}
	return x
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
