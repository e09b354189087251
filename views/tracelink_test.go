package views

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"lagscope/lagcomp"
	"lagscope/model"
	_ "lagscope/presets" // reads trace files
)

// While a trace replays, the panes say the link by its trace — the file
// and its delays now — not by latency_ms, and time what they draw by the
// trace's delay: a hit is told to the victim a downstream trace delay
// after its judgement, a lost packet's arrow ends where the trace would
// have delivered it. Without a trace the headers say nothing of it.
func TestPanesSayTheLinkByItsTrace(t *testing.T) {
	dir := t.TempDir()
	up, down := filepath.Join(dir, "up.csv"), filepath.Join(dir, "down.csv")
	// 30 ms up; down 300 ms until 2 s, then 120 ms
	if err := os.WriteFile(up, []byte("t_ms,delay_ms,lost\n0,30,0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(down, []byte("t_ms,delay_ms,lost\n0,300,0\n2000,120,0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := lagcomp.Defaults()
	c.Up.Trace, c.Down.Trace, c.Up.TraceLoop, c.Down.TraceLoop = up, down, false, false
	c.Down.LossPct, c.FireIntervalMs, c.MaxRewindMs = 20, 150, 1000
	r := NewRenderer()
	img := image.NewRGBA(image.Rect(0, 0, 1280, 720))
	for _, at := range []model.Time{1900 * model.Millisecond, 3 * model.Second} {
		f := frameAt(t, c, at)
		downNow := "300 ms"
		if at >= 2*model.Second {
			downNow = "120 ms"
		}
		want := "up trace up.csv: 30 ms, down trace down.csv: " + downNow + " now"
		r.Pane(img, f, ViewShooter, Options{Layers: DefaultLayers()})
		if !strings.Contains(r.last.info, want) {
			t.Errorf("at %v the Shooter pane says %q, want %q in it", at, r.last.info, want)
		}
		r.Pane(img, f, ViewPackets, Options{Layers: DefaultLayers()})
		if !strings.Contains(r.last.info, "link: "+want) {
			t.Errorf("at %v the packet flow says %q", at, r.last.info)
		}
		lost := 0
		for i := range f.Packets {
			pk := &f.Packets[i]
			if pk.Up || pk.Deliver >= 0 {
				continue
			}
			lost++
			wantMs := 300 * model.Millisecond
			if pk.Sent >= 2*model.Second {
				wantMs = 120 * model.Millisecond
			}
			if got := r.last.baseLatency(pk); got != wantMs {
				t.Fatalf("a down packet lost at %v: its arrow ends %v on, want the trace's %v", pk.Sent, got, wantMs)
			}
		}
		r.Pane(img, f, ViewTarget, Options{Layers: allLayers()})
		told := map[uint32]bool{}
		for _, s := range r.last.toldShots() {
			told[s.Seq] = true
		}
		notYet := 0
		var wantTold []uint32 // the newest four told
		for _, s := range r.last.shownShots() {
			if !s.ServerHit || s.Target != lagcomp.TargetPawn {
				continue
			}
			d := 300 * model.Millisecond
			if s.Judged >= 2*model.Second {
				d = 120 * model.Millisecond
			}
			if s.Judged+d <= f.T {
				wantTold = append(wantTold, s.Seq)
			}
			notYet += b2i(s.Judged+d > f.T && s.Judged+40*model.Millisecond <= f.T)
		}
		wantTold = wantTold[max(0, len(wantTold)-4):]
		if len(wantTold) != len(told) {
			t.Errorf("at %v: told %v, want %v (the trace's delay down)", at, told, wantTold)
		}
		for _, seq := range wantTold {
			if !told[seq] {
				t.Errorf("at %v: told %v, want %v (the trace's delay down)", at, told, wantTold)
			}
		}
		if at < 2*model.Second && (notYet == 0 || lost == 0) {
			t.Fatalf("at %v: %d hits latency_ms would have told but the trace had not, %d lost down packets: the test checks little", at, notYet, lost)
		}
	}
	// no trace: nothing said
	c.Up.Trace, c.Down.Trace = "", ""
	r.Pane(img, frameAt(t, c, 2*model.Second), ViewShooter, Options{Layers: DefaultLayers()})
	if strings.Contains(r.last.info, "trace") {
		t.Errorf("without a trace the Shooter pane says %q", r.last.info)
	}
}

// A scripted disconnect's rejoin: the packet flow says its connect
// request and the server's reply where they leave (a lost one says so).
func TestPacketFlowSaysTheRejoin(t *testing.T) {
	c := lagcomp.Defaults()
	c.Events = "500ms@shooter:disconnect=1s; 1400ms:up_loss_pct=100,for=200ms"
	r := NewRenderer()
	img := image.NewRGBA(image.Rect(0, 0, 1400, 700))
	// the first request (1.5 s) is lost, the second (2.5 s) answered. The
	// shots fired while the client is off or rejoining are lost with
	// their commands, so no judged shot sets the window before 2.8 s:
	// each moment's last 600 ms shows one request.
	got := map[string]int{}
	for _, at := range []model.Time{1800 * model.Millisecond, 2700 * model.Millisecond} {
		r.Pane(img, frameAt(t, c, at), ViewPackets, Options{Layers: DefaultLayers()})
		for _, l := range r.last.labels {
			if strings.HasPrefix(l.text, "rejoin:") {
				got[l.text]++
			}
		}
	}
	if got["rejoin: connect request (lost)"] != 1 || got["rejoin: connect request"] != 1 || got["rejoin: the server's reply"] != 1 {
		t.Fatalf("rejoin labels: %v", got)
	}
}
