package netem

import (
	"math/rand/v2"

	"lagscope/model"
)

// LinkConfig is one direction of a client<->server connection. Every
// extra delay is added on top of the base latency, so no packet ever
// arrives sooner than LatencyMs after it was sent.
type LinkConfig struct {
	LatencyMs  float64 // base one-way latency
	JitterMs   float64 // uniform extra delay in [0, JitterMs]
	TailMs     float64 // mean of an exponential extra delay: the right-skewed tail real links have
	LossPct    float64 // independent loss (Gilbert-Elliott's good state)
	DupPct     float64 // chance a packet is delivered twice
	ReorderPct float64 // chance a packet may overtake earlier ones; otherwise the link is FIFO
	// Bursty loss, a two-state Gilbert-Elliott chain stepped per packet:
	// good -> bad with GEEnterPct, bad -> good with GEExitPct, and
	// GELossPct of packets lost while bad.
	GEEnterPct float64
	GEExitPct  float64
	GELossPct  float64
	// Lag spikes: on average every SpikeEveryMs, for SpikeLenMs, packets
	// take SpikeMs longer. 0 turns them off.
	SpikeEveryMs float64
	SpikeMs      float64
	SpikeLenMs   float64
	// Trace, when set, is the path of a recorded link replayed
	// (trace.go): a packet takes the trace's delay at its send time in
	// place of LatencyMs, or is lost where the trace lost it; jitter,
	// tail, spikes, independent and Gilbert-Elliott loss and duplication
	// add on top. The trace's delays are exact, so it is not held FIFO
	// (ReorderPct has nothing to do): where its delay falls faster than
	// time passes, a packet overtakes, as it did when recorded.
	// TraceLoop starts the trace over after its end; else its last row
	// holds.
	Trace     string
	TraceLoop bool
	// TraceLoss is how the trace's lost rows drop packets (traceloss.go):
	// rate (also "", the zero value) or outage.
	TraceLoss TraceLoss
}

// Link emulates one direction of a connection. It is deterministic for a
// given seed and sequence of Send calls.
type Link struct {
	cfg           LinkConfig
	rng           *rand.Rand
	spikeRng      *rand.Rand
	src, spikeSrc *rand.PCG // the generators' states, kept so Clone can copy them
	bad           bool
	lastDelivery  model.Time
	spikeStart    model.Time
	spikeEnd      model.Time
	trace         *Trace     // the parsed Trace, shared read-only by every link replaying it
	beat          model.Time // the time between the packets the link carries (SetBeat)
	Stats         LinkStats
}

// LinkStats counts what a link did to its packets.
type LinkStats struct {
	Sent, Lost, Duplicated int
	// Reordered counts packets that overtook: a packet at least one copy
	// of which arrives before a packet sent earlier. A packet, not a
	// copy: a duplicate is not counted again, nor for arriving before its
	// own twin (that is duplication, not reordering), so Reordered never
	// exceeds Sent − Lost.
	Reordered int
	Spiked    int
	// TraceLost counts the packets lost because the trace lost them
	// (within Lost).
	TraceLost int
}

// NewLink makes a link drawing from its own streams of seed.
func NewLink(cfg LinkConfig, seed, stream uint64) *Link {
	l := &Link{cfg: cfg, src: rand.NewPCG(seed, stream), spikeSrc: rand.NewPCG(seed, stream|1<<32)}
	l.rng, l.spikeRng = rand.New(l.src), rand.New(l.spikeSrc)
	l.spikeStart, l.spikeEnd = -1, -1
	return l
}

// Config is the link's current configuration.
func (l *Link) Config() LinkConfig { return l.cfg }

// SetConfig changes the link's conditions from now on; packets already
// in flight keep their delivery times.
func (l *Link) SetConfig(cfg LinkConfig) { l.cfg = cfg }

// Send is a packet leaving at t. It returns how many copies arrive (0 if
// lost, 2 if duplicated) and their delivery times.
func (l *Link) Send(t model.Time) (n int, first, second model.Time) {
	l.Stats.Sent++
	step, traced := l.replay(t)
	if traced && l.traceLost(step) {
		l.Stats.Lost++
		l.Stats.TraceLost++
		return 0, 0, 0
	}
	if traced && step.Lost { // a rate let it through: the delay the path had last
		step.Delay = l.trace.DelayAt(t, l.cfg.TraceLoop)
	}
	if l.lost() {
		l.Stats.Lost++
		return 0, 0, 0
	}
	ahead := l.lastDelivery // the latest arrival of any packet sent before this one
	first, n = l.delivery(t, step, traced), 1
	if l.chance(l.cfg.DupPct) {
		l.Stats.Duplicated++
		second, n = l.delivery(t, step, traced), 2
	}
	if first < ahead || (n == 2 && second < ahead) {
		l.Stats.Reordered++
	}
	return n, first, second
}

func (l *Link) chance(pct float64) bool {
	return pct > 0 && (pct >= 100 || l.rng.Float64()*100 < pct)
}

func (l *Link) lost() bool {
	c := &l.cfg // read only: not copied at every packet
	if c.GEEnterPct > 0 || l.bad {
		if l.bad {
			l.bad = !l.chance(c.GEExitPct)
		} else {
			l.bad = l.chance(c.GEEnterPct)
		}
	}
	if l.bad {
		return l.chance(c.GELossPct)
	}
	return l.chance(c.LossPct)
}

func (l *Link) delivery(t model.Time, step TraceStep, traced bool) model.Time {
	c := &l.cfg // read only: not copied at every packet
	extra := 0.0
	if c.JitterMs > 0 {
		extra += l.rng.Float64() * c.JitterMs
	}
	if c.TailMs > 0 {
		extra += l.rng.ExpFloat64() * c.TailMs
	}
	if l.inSpike(t) {
		extra += c.SpikeMs
		l.Stats.Spiked++
	}
	base := model.MsF(c.LatencyMs)
	if traced {
		base = step.Delay
	}
	d := t + base + model.MsF(extra)
	if !traced && d < l.lastDelivery && !l.chance(c.ReorderPct) {
		d = l.lastDelivery // FIFO: wait behind the packet ahead (Send counts those that overtake)
	}
	l.lastDelivery = max(l.lastDelivery, d)
	return d
}

// inSpike advances the spike schedule (exponential gaps, its own stream)
// to t and reports whether t falls in a spike.
func (l *Link) inSpike(t model.Time) bool {
	c := &l.cfg // read only: not copied at every packet
	if c.SpikeEveryMs <= 0 || c.SpikeMs <= 0 || c.SpikeLenMs <= 0 {
		return false
	}
	for l.spikeEnd < t {
		from := max(l.spikeEnd, 0)
		l.spikeStart = from + model.MsF(l.spikeRng.ExpFloat64()*c.SpikeEveryMs)
		l.spikeEnd = l.spikeStart + model.MsF(c.SpikeLenMs)
	}
	return t >= l.spikeStart
}
