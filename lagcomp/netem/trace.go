package netem

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"lagscope/model"
)

// A trace is a recorded link replayed packet by packet, the way
// Mahimahi and CellReplay replay captured networks: instead of drawing a
// packet's delay and fate from the model's distributions, the link looks
// up what the network did at the instant the packet was sent. Two
// formats are read:
//   - CSV with the header t_ms,delay_ms,lost: each row holds from its
//     t_ms until the next row's; a packet sent then takes exactly
//     delay_ms one way, or is dropped when lost is 1 (a per-packet
//     capture is the same format, one row a packet);
//   - an iputils ping log, with or without -D: each reply's time= is a
//     round trip, replayed as half of it each way (one way = RTT/2: ping
//     cannot tell the legs apart), and a missing icmp_seq is a loss.
//
// Parsing works on bytes and reads no file: the program hands the
// simulation parsed traces (SetTraceReader), so a run stays a function of
// its configuration and seed.

// TraceFormat is the kind of file a trace was read from.
type TraceFormat string

const (
	TraceCSV  TraceFormat = "csv"
	TracePing TraceFormat = "ping"
)

// TraceStep is one row of a trace: from At until the next step's At,
// a packet sent takes Delay one way, or is lost.
type TraceStep struct {
	At    model.Time // from the trace's first row, which is time 0
	Delay model.Time
	Lost  bool
	// LossRate is the share of lost rows within TraceLossWindow rows of
	// this one: the loss trace_loss = rate replays here.
	LossRate float64
}

// Trace is a parsed trace: its steps in ascending time, and where they
// came from.
type Trace struct {
	Name   string // the path a key named
	SHA256 string // of the file's bytes, hex: sidecars carry it so a changed file is refused
	Format TraceFormat
	Steps  []TraceStep
	// Span is the trace's length, after which a looping replay starts
	// over: the last row holds as long as the one before it (a one-row
	// trace holds for ever).
	Span model.Time
	// ProbeInterval is, for a ping log, the time between probes (from
	// -D's timestamps, else ping's default 1 s).
	ProbeInterval model.Time
	MaxDelay      model.Time // the largest delay of any row
	RowGap        model.Time // the median time between rows: sparser than a link's packets, its loss is a rate (trace_loss)
}

// At is the step in force at t (time from the start of the run). With
// loop the trace starts over after its span; without, its last row holds.
func (t *Trace) At(at model.Time, loop bool) TraceStep {
	if loop && t.Span > 0 && at >= t.Span {
		at %= t.Span
	}
	i := sort.Search(len(t.Steps), func(i int) bool { return t.Steps[i].At > at }) - 1
	return t.Steps[max(i, 0)]
}

// TraceError is a bad trace file: the file, the line and the field.
type TraceError struct {
	File  string
	Line  int
	Field string
	Msg   string
}

func (e *TraceError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("trace %s: %s", e.File, e.Msg)
	}
	if e.Field == "" {
		return fmt.Sprintf("trace %s: line %d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("trace %s: line %d: field %s: %s", e.File, e.Line, e.Field, e.Msg)
}

// MaxTraceDelayMs bounds a row's delay: the latency_ms key's range.
const MaxTraceDelayMs = 5000

// MaxTraceSpan bounds the time a trace's rows span, from its first to its
// last: a day, as long as MaxPingProbes' pings and the longest capture
// MaxTraceBytes holds (a packet every 16 ms), and far inside model.Time's
// range (times beyond it wrapped negative: a t_ms of 1e16).
const MaxTraceSpan = 86_400 * model.Second

// ParseTrace reads a trace in either format: a file whose first
// non-blank line starts with "PING" or holds "icmp_seq" is a ping log,
// anything else is CSV.
func ParseTrace(name string, data []byte) (*Trace, error) {
	sum := sha256.Sum256(data)
	var t *Trace
	var err error
	if looksLikePing(data) {
		t, err = parsePing(name, data)
	} else {
		t, err = parseCSV(name, data)
	}
	if err != nil {
		return nil, err
	}
	t.Name, t.SHA256 = name, hex.EncodeToString(sum[:])
	for _, s := range t.Steps {
		t.MaxDelay = max(t.MaxDelay, s.Delay)
	}
	lossRates(t.Steps)
	t.RowGap = rowGap(t.Steps)
	return t, nil
}

func looksLikePing(data []byte) bool {
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		return strings.HasPrefix(line, "PING ") || strings.Contains(line, "icmp_seq")
	}
	return false
}

func lines(data []byte) []string {
	s := strings.ReplaceAll(string(data), "\r\n", "\n")
	return strings.Split(s, "\n")
}

func parseCSV(name string, data []byte) (*Trace, error) {
	ls := lines(data)
	head := -1
	for i, l := range ls {
		if strings.TrimSpace(l) != "" {
			head = i
			break
		}
	}
	if head < 0 {
		return nil, &TraceError{File: name, Msg: "empty: want a header t_ms,delay_ms,lost and at least one row, or a ping log"}
	}
	cols := strings.Split(strings.TrimSpace(strings.TrimPrefix(ls[head], "\ufeff")), ",")
	for i := range cols {
		cols[i] = strings.TrimSpace(cols[i])
	}
	if !slices.Equal(cols, []string{"t_ms", "delay_ms", "lost"}) {
		return nil, &TraceError{File: name, Line: head + 1, Msg: fmt.Sprintf("header %q: want t_ms,delay_ms,lost", strings.TrimSpace(ls[head]))}
	}
	t := &Trace{Format: TraceCSV}
	var t0 float64
	for i := head + 1; i < len(ls); i++ {
		l := strings.TrimSpace(ls[i])
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		f := strings.Split(l, ",")
		if len(f) != 3 {
			return nil, &TraceError{File: name, Line: i + 1, Msg: fmt.Sprintf("%d fields, want 3 (t_ms,delay_ms,lost)", len(f))}
		}
		at, err := number(f[0])
		if err != nil || at < 0 {
			return nil, &TraceError{File: name, Line: i + 1, Field: "t_ms", Msg: fmt.Sprintf("%q is not a time in ms (a number, at least 0)", strings.TrimSpace(f[0]))}
		}
		var lost bool
		switch strings.TrimSpace(f[2]) {
		case "0":
		case "1":
			lost = true
		default:
			return nil, &TraceError{File: name, Line: i + 1, Field: "lost", Msg: fmt.Sprintf("%q: want 0 or 1", strings.TrimSpace(f[2]))}
		}
		var delay float64
		if d := strings.TrimSpace(f[1]); d != "" || !lost { // a lost row may leave its delay empty
			delay, err = number(d)
			if err != nil || delay < 0 || delay > MaxTraceDelayMs {
				return nil, &TraceError{File: name, Line: i + 1, Field: "delay_ms", Msg: fmt.Sprintf("%q is not a delay in ms (0 to %d)", d, MaxTraceDelayMs)}
			}
		}
		if len(t.Steps) == 0 {
			t0 = at
		}
		if at-t0 > MaxTraceSpan.Millis() {
			return nil, &TraceError{File: name, Line: i + 1, Field: "t_ms", Msg: fmt.Sprintf("%s is %s ms after the first row (%s): a trace spans at most %s ms (a day)", strings.TrimSpace(f[0]), fmtMs(at-t0), fmtMs(t0), fmtMs(MaxTraceSpan.Millis()))}
		}
		st := TraceStep{At: model.MsF(at - t0), Delay: model.MsF(delay), Lost: lost}
		if n := len(t.Steps); n > 0 && st.At <= t.Steps[n-1].At {
			return nil, &TraceError{File: name, Line: i + 1, Field: "t_ms", Msg: fmt.Sprintf("%s is not after the row before (%s): t_ms must increase", strings.TrimSpace(f[0]), fmtMs(t.Steps[n-1].At.Millis()+t0))}
		}
		t.Steps = append(t.Steps, st)
	}
	if len(t.Steps) == 0 {
		return nil, &TraceError{File: name, Line: head + 1, Msg: "a header but no rows"}
	}
	t.Span = span(t.Steps)
	return t, nil
}

// number parses a finite decimal.
func number(s string) (float64, error) {
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err == nil && (math.IsInf(f, 0) || math.IsNaN(f)) {
		err = fmt.Errorf("not finite")
	}
	return f, err
}

func fmtMs(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// span is a trace's length: its last row holds as long as the one
// before it did.
func span(st []TraceStep) model.Time {
	n := len(st)
	if n < 2 {
		return 0
	}
	return st[n-1].At + (st[n-1].At - st[n-2].At)
}

var (
	pingSeq   = regexp.MustCompile(`icmp_seq=(\d+)`)
	pingTime  = regexp.MustCompile(`time=([0-9.]+) ?ms`)
	pingStamp = regexp.MustCompile(`^\[(\d+(?:\.\d+)?)\]`)
)

// DefaultPingInterval is iputils ping's time between probes without -i.
const DefaultPingInterval = model.Second

// MaxPingProbes bounds the probes a ping log spans, from its first
// reply's icmp_seq to its last: each is a step of the trace, lost or
// not, so a log of two lines claiming icmp_seq=1 and 10000000 would be
// ten million steps (1.3 GB). icmp_seq is a 16-bit field (RFC 792's echo
// sequence number; iputils and BSD ping print it so), and this reader
// refuses a log that wraps, so a real log spans at most 65 535 probes;
// the bound is a day of pings at ping's default 1 s, above that, and
// its steps a couple of megabytes.
const MaxPingProbes = 86_400

type pingReply struct {
	seq   int
	rttMs float64
	stamp float64 // -D's Unix time of the reply, seconds; -1 without
	line  int
}

// parsePing reads an iputils ping log. Replies are keyed by icmp_seq;
// a sequence number between the first and the last with no reply is a
// loss (so are "no answer yet" and "Destination Host Unreachable" lines,
// which name a sequence but give no time=). Duplicate replies (DUP!)
// are the same probe: the first counts. Probe i is sent at
// (seq_i − seq_first) × the probe interval, read from -D's timestamps
// (the median gap per sequence number) or ping's default 1 s.
func parsePing(name string, data []byte) (*Trace, error) {
	replies := map[int]pingReply{}
	var seqs []int
	for i, l := range lines(data) {
		m := pingSeq.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		seq, err := strconv.Atoi(m[1])
		if err != nil {
			return nil, &TraceError{File: name, Line: i + 1, Field: "icmp_seq", Msg: fmt.Sprintf("%q is not a sequence number", m[1])}
		}
		tm := pingTime.FindStringSubmatch(l)
		if tm == nil {
			continue // no reply for this probe: a loss, unless a reply comes
		}
		rtt, err := number(tm[1])
		if err != nil || rtt < 0 || rtt/2 > MaxTraceDelayMs {
			return nil, &TraceError{File: name, Line: i + 1, Field: "time", Msg: fmt.Sprintf("%q is not a round trip in ms (0 to %d)", tm[1], 2*MaxTraceDelayMs)}
		}
		if _, dup := replies[seq]; dup {
			continue
		}
		r := pingReply{seq: seq, rttMs: rtt, stamp: -1, line: i + 1}
		if s := pingStamp.FindStringSubmatch(strings.TrimSpace(l)); s != nil {
			r.stamp, _ = strconv.ParseFloat(s[1], 64)
		}
		if n := len(seqs); n > 0 && seq <= seqs[n-1] {
			return nil, &TraceError{File: name, Line: i + 1, Field: "icmp_seq", Msg: fmt.Sprintf("%d is not after the reply before (%d): icmp_seq must increase: a log that wraps past 65535 (18 h of 1 s pings) or two logs merged; split it there", seq, seqs[n-1])}
		}
		if n := len(seqs); n > 0 && seq-seqs[0] >= MaxPingProbes {
			first := replies[seqs[0]]
			return nil, &TraceError{File: name, Line: i + 1, Field: "icmp_seq", Msg: fmt.Sprintf("%d is %d probes after the first reply's (%d, line %d): a ping log spans at most %d probes (a day at ping's default 1 s; icmp_seq is 16 bits and a log that wraps is refused, so a real log spans at most 65 535)", seq, seq-first.seq, first.seq, first.line, MaxPingProbes)}
		}
		replies[seq] = r
		seqs = append(seqs, seq)
	}
	if len(seqs) == 0 {
		return nil, &TraceError{File: name, Msg: "a ping log with no reply (no line with icmp_seq= and time=)"}
	}
	t := &Trace{Format: TracePing, ProbeInterval: probeInterval(seqs, replies)}
	first, last := seqs[0], seqs[len(seqs)-1]
	if t.ProbeInterval > MaxTraceSpan/model.Time(max(last-first, 1)) {
		return nil, &TraceError{File: name, Line: replies[last].line, Field: "icmp_seq", Msg: fmt.Sprintf("the probes from icmp_seq %d to %d, %s ms apart (-D's stamps), span more than %s ms: a trace spans at most a day", first, last, fmtMs(t.ProbeInterval.Millis()), fmtMs(MaxTraceSpan.Millis()))}
	}
	t.Steps = make([]TraceStep, 0, last-first+1) // at most MaxPingProbes
	for k := range last - first + 1 {            // by offset: seq++ past the largest int would wrap and never end
		st := TraceStep{At: model.Time(k) * t.ProbeInterval}
		if r, ok := replies[first+k]; ok {
			st.Delay = model.MsF(r.rttMs / 2)
		} else {
			st.Lost = true
		}
		t.Steps = append(t.Steps, st)
	}
	t.Span = model.Time(len(t.Steps)) * t.ProbeInterval
	return t, nil
}

// probeInterval is the median of -D's reply gaps per sequence number
// (each less its change in round trip, so the send times are compared),
// rounded to the millisecond; without -D, ping's default.
func probeInterval(seqs []int, replies map[int]pingReply) model.Time {
	var gaps []float64
	for i := 1; i < len(seqs); i++ {
		a, b := replies[seqs[i-1]], replies[seqs[i]]
		if a.stamp < 0 || b.stamp < 0 {
			return DefaultPingInterval
		}
		sent := (b.stamp - b.rttMs/1000) - (a.stamp - a.rttMs/1000)
		gaps = append(gaps, sent/float64(b.seq-a.seq))
	}
	if len(gaps) == 0 {
		return DefaultPingInterval
	}
	slices.Sort(gaps)
	ms := math.Round(gaps[len(gaps)/2] * 1000)
	if !(ms >= 1) { // NaN too: stamps beyond float64 (+Inf − +Inf)
		return DefaultPingInterval
	}
	// within model.Time's range whatever the stamps claim: parsePing
	// refuses what spans more than MaxTraceSpan
	return model.Ms(int64(min(ms, MaxTraceSpan.Millis()+1)))
}

// CSV writes the trace in the CSV format, times from 0: a ping log
// converted, or a trace written back.
func (t *Trace) CSV() []byte {
	var b bytes.Buffer
	b.WriteString("t_ms,delay_ms,lost\n")
	for _, s := range t.Steps {
		lost := 0
		if s.Lost {
			lost = 1
		}
		fmt.Fprintf(&b, "%s,%s,%d\n", fmtMs(s.At.Millis()), fmtMs(s.Delay.Millis()), lost)
	}
	return b.Bytes()
}
