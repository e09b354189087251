package netem

import (
	"fmt"
	"sort"
	"sync"

	"lagscope/model"
)

// The simulation reads no files: the program gives netem a TraceReader
// (presets does, over the file system) and every trace is read through
// it once and kept for the rest of the process, keyed by the path as the
// key named it. So every run in a process — a sweep's on any number of
// jobs, a keyframe's replay, an A/B's two halves — replays the same
// bytes even if the file changes meanwhile; a sidecar carries the
// trace's hash, and a later process refuses to redraw it from a
// changed file (views/capture).

// TraceReader reads and parses the trace a key names.
type TraceReader func(path string) (*Trace, error)

var traces struct {
	sync.Mutex
	read TraceReader
	got  map[string]*Trace
}

// SetTraceReader sets how traces are read (once, at start: presets does)
// and forgets the traces read so far.
func SetTraceReader(r TraceReader) {
	traces.Lock()
	defer traces.Unlock()
	traces.read, traces.got = r, map[string]*Trace{}
}

// LoadTrace is the trace at path, read once per process.
func LoadTrace(path string) (*Trace, error) {
	traces.Lock()
	defer traces.Unlock()
	if t, ok := traces.got[path]; ok {
		return t, nil
	}
	if traces.read == nil {
		return nil, fmt.Errorf("trace %s: this program reads no trace files", path)
	}
	t, err := traces.read(path)
	if err != nil {
		return nil, err
	}
	traces.got[path] = t
	return t, nil
}

// replay is the step of the link's trace for a packet sent at t, and
// whether the link has a trace at all. The trace was loaded when the
// configuration was checked (lagcomp's Validate), so a failure here is
// one the run already refused.
func (l *Link) replay(t model.Time) (TraceStep, bool) {
	if l.cfg.Trace == "" {
		return TraceStep{}, false
	}
	if l.trace == nil || l.trace.Name != l.cfg.Trace {
		tr, err := LoadTrace(l.cfg.Trace)
		if err != nil {
			panic(fmt.Sprintf("netem: %v (a configuration with a trace must be validated first)", err))
		}
		l.trace = tr
	}
	return l.trace.At(t, l.cfg.TraceLoop), true
}

// BaseMs is the link's base one-way latency for a packet sent at t: the
// trace's delay then (in an outage, the delay before it), else LatencyMs.
// What a client predicts its own inputs by and a frame's true round trip
// read, so a trace moves them as it moves the packets.
func (l *Link) BaseMs(t model.Time) float64 {
	if _, traced := l.replay(t); !traced {
		return l.cfg.LatencyMs
	}
	return l.trace.DelayAt(t, l.cfg.TraceLoop).Millis()
}

// DelayAt is the trace's delay at t, or in an outage the delay of the
// last row before it that was not lost (its first such row if none).
func (t *Trace) DelayAt(at model.Time, loop bool) model.Time {
	s := t.At(at, loop)
	if !s.Lost {
		return s.Delay
	}
	if loop && t.Span > 0 && at >= t.Span {
		at %= t.Span
	}
	i := sort.Search(len(t.Steps), func(i int) bool { return t.Steps[i].At > at }) - 1
	for j := i; j >= 0; j-- {
		if !t.Steps[j].Lost {
			return t.Steps[j].Delay
		}
	}
	for _, s := range t.Steps {
		if !s.Lost {
			return s.Delay
		}
	}
	return 0
}

// WorstBaseMs is the largest base latency the link gives any packet: a
// trace's largest delay, else LatencyMs.
func (l *Link) WorstBaseMs() float64 {
	if _, traced := l.replay(0); !traced {
		return l.cfg.LatencyMs
	}
	return l.trace.MaxDelay.Millis()
}

// Replayed is the trace the link replays, if any.
func (l *Link) Replayed() (*Trace, bool) {
	if l.cfg.Trace == "" {
		return nil, false
	}
	tr, err := LoadTrace(l.cfg.Trace)
	return tr, err == nil
}
