package views

import (
	"bytes"
	"encoding/json"
	"image"
	"strings"
	"testing"

	"lagscope/lagcomp"
	"lagscope/lagcomp/records"
)

// bare is r printed as sim --json prints it, every optional field the
// schema lists taken out, as an engine may write it, and read back.
func bare(t *testing.T, r *lagcomp.ShotRecord) lagcomp.ShotRecord {
	t.Helper()
	b, err := json.Marshal(records.Shot(r))
	if err != nil {
		t.Fatal(err)
	}
	var line map[string]any
	if err := json.Unmarshal(b, &line); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"id", "shooter", "target", "mode", "weapon", "sent_ms", "settled_ms", "sends",
		"arrival_ms", "arrival_delay_ms", "resends", "rewind_ms", "ideal_rewind_to_ms", "ideal_rewind_ms",
		"rewind_error_m", "yaw_error_deg", "rewound_truth_error_m", "victim_input_delay_ms", "server_now",
		"client_part", "server_part", "server_hit_pawn", "miss_by_m", "agree", "rejected", "rewind_rule",
		"client_trace", "broadphase_rewound", "broadphase_culled", "behind_cover", "clock_error_ms"} {
		delete(line, f)
	}
	line["rules"] = []string{} // an engine that names none either
	b, _ = json.Marshal(line)
	run, err := records.Read(bytes.NewReader(b), "bare.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	return run.Shots[0]
}

// A record that leaves the optional fields out draws no figure it does
// not hold: no ideal rewind ("off by −1611.2 ms" from an ideal read as
// 0), no gap ("hit, −0.000 m to spare"), no part ("HIT (none)"), no
// mode, no client's trace in the picture or the legend; a note names what
// is left out. The golden is the picture, looked at.
func TestBareRecordDrawsOnlyWhatItHolds(t *testing.T) {
	f, _ := bystanderShot(t)
	var r *lagcomp.ShotRecord
	for i := range f.Shots {
		if s := &f.Shots[i]; s.Traced() && s.ServerHit && s.ClientHit && r == nil {
			r = s
		}
	}
	if r == nil {
		t.Fatal("no hit judged by 1.797 s")
	}
	b := bare(t, r)
	var want lagcomp.Untold
	for _, f := range lagcomp.UntoldFields {
		want |= f.Bit
	}
	if b.Untold != want {
		t.Errorf("read as leaving out %v, want %v", b.Untold.Fields(), want.Fields())
	}
	f, o := RecordFrame(b, "bare.jsonl", Options{Layers: DefaultLayers()})
	rd := NewRenderer()
	img := image.NewRGBA(image.Rect(0, 0, 960, 540))
	rd.Pane(img, f, ViewOverlay, o)
	p := rd.last
	for _, never := range []string{"to spare", "off by", "(none)", "mode ", "ideal 1"} {
		if labelled(p, never) || strings.Contains(p.info, never) {
			t.Errorf("the picture says %q, which the record does not hold", never)
		}
	}
	for _, l := range overlayLines(&b) {
		for _, never := range []string{"off by", "(none)"} {
			if strings.Contains(l, never) {
				t.Errorf("the figures say %q: %q", never, l)
			}
		}
	}
	if p.drew[keyClientTrace] || p.drew[keyTracesSame] {
		t.Error("the legend lists the client's trace, which the record does not hold")
	}
	if !p.drew[keyTrace] {
		t.Error("the legend does not list the server's trace, which is drawn")
	}
	golden(t, "overlay-bare-record", img)
}
