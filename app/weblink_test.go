package app

import (
	"strings"
	"testing"

	"lagscope/internal/weblink"
	"lagscope/lagcomp"
)

// A link opens its scenario: the key set, the moment on the banner; and
// "Copy link" gives the same link back, with the page's address before it.
func TestLinkOpensAndCopiesTheScenario(t *testing.T) {
	l, err := weblink.Parse("#preset=behind-cover&moment=1&latency_ms=120")
	if err != nil {
		t.Fatal(err)
	}
	u, clk := newTestUI(t, l.Preset)
	u.opts.LinkBase = func() string { return "http://127.0.0.1:8033/" }
	clk.run(u, 2)
	u.OpenLink(l)
	if c := u.config(); c.Up.LatencyMs != 120 || c.Down.LatencyMs != 120 {
		t.Errorf("latency %v/%v ms, want the link's 120", c.Up.LatencyMs, c.Down.LatencyMs)
	}
	if u.moments.shown != 0 || !u.moments.banner.Visible() {
		t.Errorf("moment shown %d (banner %v), want the first on the banner", u.moments.shown, u.moments.banner.Visible())
	}
	u.copyLink()
	want := "http://127.0.0.1:8033/#preset=behind-cover&moment=1&latency_ms=120"
	if got := u.app.Clipboard().Content(); got != want {
		t.Errorf("copied %q, want %q", got, want)
	}
	if !strings.Contains(u.status.Text, want) {
		t.Errorf("status %q does not show the link", u.status.Text)
	}
	// on the desktop, no address: the fragment alone; without a moment shown, none
	u.opts.LinkBase = nil
	u.moments.hide()
	u.copyLink()
	if got := u.app.Clipboard().Content(); got != "#preset=behind-cover&latency_ms=120" {
		t.Errorf("desktop copied %q", got)
	}
	if got, _ := weblink.Parse(u.app.Clipboard().Content()); got.Preset != "behind-cover" || len(got.Set) != 1 || got.Set[0] != (lagcomp.Setting{Key: "latency_ms", Value: "120"}) {
		t.Errorf("the copied link reads back as %+v", got)
	}
}

// In a page the file actions say they cannot be done there and what does
// it instead; on the desktop they are the actions themselves.
func TestBrowserSaysWhatItCannotDo(t *testing.T) {
	u, _ := newTestUI(t, "default")
	ran := false
	u.browserless("Screenshot", shotInstead, func() { ran = true })()
	if !ran {
		t.Fatal("on the desktop the action did not run")
	}
	inBrowser = true
	defer func() { inBrowser = false }()
	ran = false
	u.browserless("Screenshot", shotInstead, func() { ran = true })()
	if ran {
		t.Error("in a page the file action ran")
	}
	top := u.win.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("in a page the file action showed nothing: a silent no-op")
	}
}
