package records

import (
	"lagscope/lagcomp"
	"lagscope/lagcomp/netem"
)

// TraceJSON is a trace a run replayed, one line per direction that had
// one, as `lagscope sim --json` prints it: which file (and its SHA-256,
// so a reader can tell two runs replayed the same bytes), how its delays
// were read — "one_way" is "as recorded" for a CSV and "rtt/2" for a
// ping log, whose round trips cannot tell the two legs apart — and how
// many packets the trace itself dropped.
type TraceJSON struct {
	Type      string  `json:"type"`
	Direction string  `json:"direction"` // up (client to server) or down
	File      string  `json:"file"`
	SHA256    string  `json:"sha256"`
	Format    string  `json:"format"` // csv or ping
	OneWay    string  `json:"one_way"`
	Rows      int     `json:"rows"`
	SpanMs    float64 `json:"span_ms"`
	Loop      bool    `json:"loop"`
	Sent      int     `json:"sent"`          // packets sent over the direction's links, every client's
	TraceLost int     `json:"lost_by_trace"` // of them, dropped where the trace lost a packet
	// Loss is how its lost rows dropped packets (trace_loss): "rate"
	// (at the share of lost rows within LossWindowRows rows each side)
	// or "outage" (every packet over a lost row; also a trace with a row
	// a packet, which is replayed row by row).
	Loss           string `json:"loss"`
	LossWindowRows int    `json:"loss_window_rows"` // 0 unless rate
}

// Traces are the trace lines of a run: up, then down, for each direction
// replaying one.
func Traces(s *lagcomp.Sim) []TraceJSON {
	var out []TraceJSON
	for _, up := range []bool{true, false} {
		t, st, ok := s.Trace(up)
		if !ok {
			continue
		}
		j := TraceJSON{Type: "trace", Direction: "down", File: t.Name, SHA256: t.SHA256, Format: string(t.Format),
			OneWay: "as recorded", Rows: len(t.Steps), SpanMs: round6(t.Span.Millis()), Loop: s.Config().Up.TraceLoop,
			Sent: st.Sent, TraceLost: st.TraceLost, Loss: string(netem.LossOutage)}
		if s.TraceLossByRate(up) {
			j.Loss, j.LossWindowRows = string(netem.LossRate), netem.TraceLossWindow
		}
		if up {
			j.Direction = "up"
		}
		if t.Format == netem.TracePing {
			j.OneWay = "rtt/2"
		}
		out = append(out, j)
	}
	return out
}
