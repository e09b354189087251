//go:build js && wasm

// Command web is lagscope's window in a web page: the same app package
// on Fyne's web driver (WebGL), built by `make web` into dist/web. The
// page's address fragment names the scenario it opens (package weblink):
//
//	index.html#preset=behind-cover&moment=1&latency_ms=120
package main

import (
	"syscall/js"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/dialog"

	"lagscope/app"
	"lagscope/cli"
	"lagscope/internal/weblink"
)

func main() {
	// the metadata `fyne package` would embed: without it Fyne looks for
	// its executable, which a page has not
	fyneapp.SetMetadata(fyne.AppMetadata{ID: "io.lagscope.app", Name: "lagscope", Version: cli.Version})
	a := fyneapp.NewWithID("io.lagscope.app")
	w := a.NewWindow("lagscope")
	loc := js.Global().Get("location")
	link, linkErr := weblink.Parse(loc.Get("hash").String())
	u, err := app.Create(a, w, app.Options{Preset: link.Preset, Version: cli.Version,
		LinkBase: func() string { return loc.Get("origin").String() + loc.Get("pathname").String() }})
	if err != nil { // said on the page, which otherwise stays blank
		js.Global().Get("document").Get("body").Set("textContent", "lagscope could not start: "+err.Error())
		return
	}
	u.OpenLink(link)
	expose(u)
	w.Resize(fyne.NewSize(1280, 800))
	if linkErr != nil { // the link's good pieces are shown; the bad ones said
		dialog.ShowError(linkErr, w)
	}
	w.ShowAndRun()
}

// expose gives the page's script (and the browser test) lagscope.stats():
// {draws, panes, sim_s, paused, layout, dark, pane: [x, y, w, h], scrub:
// [x, y, w, h]} (app.Stats).
func expose(u *app.UI) {
	stats := js.FuncOf(func(js.Value, []js.Value) any {
		st := u.Stats()
		return map[string]any{"draws": float64(st.PaneDraws), "panes": st.Panes, "sim_s": st.Shown.Seconds(),
			"paused": st.Paused, "layout": st.Layout, "dark": st.Dark,
			"pane":  []any{st.PaneAt.X, st.PaneAt.Y, st.PaneSize.Width, st.PaneSize.Height},
			"scrub": []any{st.ScrubAt.X, st.ScrubAt.Y, st.ScrubSize.Width, st.ScrubSize.Height}}
	})
	js.Global().Set("lagscope", map[string]any{"stats": stats})
}
