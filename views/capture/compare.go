package capture

import (
	"fmt"
	"image"
	"image/draw"

	"github.com/google/uuid"

	"lagscope/lagcomp"
	"lagscope/lagcomp/sweep"
	"lagscope/model"
	"lagscope/views"
)

// renderCompare draws an A/B: the sidecar's script on the left, the same
// script with its Compare changes on the right (same seed, same inputs at
// the same times), at the same instant, each half under a title naming
// the settings in which it differs from the other.
func renderCompare(sc *Sidecar) (*image.RGBA, error) {
	changes, err := sweep.ParseChanges(sc.Compare)
	if err != nil {
		return nil, fmt.Errorf("compare: %w", err)
	}
	bScript, err := sweep.ChangedScript(sc.Script, changes)
	if err != nil {
		return nil, fmt.Errorf("compare: %w", err)
	}
	if same, err := sweep.SameScript(sc.Script, bScript); err != nil || same {
		if err == nil {
			err = sweep.ErrNoChange(changes)
		}
		return nil, fmt.Errorf("compare: %w", err)
	}
	at := model.Time(sc.AtUs)
	a, err := sc.Script.Replay(at)
	if err != nil {
		return nil, fmt.Errorf("script: %w", err)
	}
	b, err := bScript.Replay(at)
	if err != nil {
		return nil, fmt.Errorf("compare: %w", err)
	}
	return drawCompare(sc, a.Frame(), b.Frame(), changes)
}

// drawCompare lays an A/B out as draw1 lays one view: the title band (if
// any), the two halves under their own titles, the caption band (as the
// sidecar's caption mode says, with a line naming B's changes). Both
// halves share one framing: the union of their contents.
func drawCompare(sc *Sidecar, fa, fb *lagcomp.Frame, changes []lagcomp.Setting) (*image.RGBA, error) {
	pal := views.Dark
	if sc.Theme == "light" {
		pal = views.Light
	}
	o := views.Options{Layers: sc.Layers, Palette: pal, Scale: sc.Scale}
	o.Focus, _ = views.ParseFocus(sc.Focus) // checked
	if sc.Selected != "" {
		o.Selected = uuid.MustParse(sc.Selected)
	}
	lines := captionLines(sc, fa)
	if len(lines) > 0 {
		lines = append(lines, abLine(fa, fb, changes))
	}
	halves := []struct {
		f     *lagcomp.Frame
		x, w  int
		title string
	}{
		{fa, 0, sc.Width / 2, "A: " + sweep.Differing(&fb.Config, &fa.Config)},
		{fb, sc.Width / 2, sc.Width - sc.Width/2, "B: " + sweep.Differing(&fa.Config, &fb.Config)},
	}
	m := views.NewRenderer()
	top, band := titleHeight(m, sc, sc.Width), m.CaptionHeight(lines, sc.Width, sc.Scale)
	half := 0 // both halves' titles in one band, as tall as the longer needs
	for _, h := range halves {
		half = max(half, m.CaptionHeight([]string{h.title}, h.w, sc.Scale))
	}
	bodyH := sc.Height - top - half - band
	if bodyH < 64 || sc.Width < 128 {
		return nil, fmt.Errorf("size %dx%d leaves no room for two halves under their titles and the bands", sc.Width, sc.Height)
	}
	out := image.NewRGBA(image.Rect(0, 0, sc.Width, sc.Height))
	// both halves under one world-to-pixel transform, framed to the union
	// of what each shows, so a position left compares with one right
	fs := []*lagcomp.Frame{fa, fb}
	if sc.View == "split" {
		o.Framing = views.NewRenderer().FrameUnionSplit(fs, sc.Layout, sc.paneViews(), sc.Width/2, bodyH, o)
	} else {
		o.Framing = views.NewRenderer().FrameUnion(nil, fs, views.View(sc.View), sc.Width/2, bodyH, o)
	}
	for _, h := range halves {
		r := views.NewRenderer() // one each: a renderer reuses its images
		var body *image.RGBA
		var err error
		if sc.View == "split" {
			body = r.Split(h.f, sc.Layout, sc.paneViews(), h.w, bodyH, o)
		} else if body, err = r.Render(h.f, sc.View, h.w, bodyH, o); err != nil {
			return nil, err
		}
		r.Caption(out, image.Rect(h.x, top, h.x+h.w, top+half), []string{h.title}, pal, sc.Scale)
		draw.Draw(out, image.Rect(h.x, top+half, h.x+h.w, top+half+bodyH), body, image.Point{}, draw.Src)
	}
	r := views.NewRenderer()
	if top > 0 {
		r.Title(out, image.Rect(0, 0, sc.Width, top), sc.Title, pal, sc.Scale)
	}
	if band > 0 {
		r.Caption(out, image.Rect(0, sc.Height-band, sc.Width, sc.Height), lines, pal, sc.Scale)
	}
	return out, nil
}

// abLine is the caption's line naming the A/B: on one seed, unless B
// changes the seed (then the same inputs at the same times on two).
func abLine(fa, fb *lagcomp.Frame, changes []lagcomp.Setting) string {
	on := "on one seed and one timeline"
	if fa.Config.Seed != fb.Config.Seed {
		on = fmt.Sprintf("on one timeline (the same inputs at the same times), seed %d against seed %d", fa.Config.Seed, fb.Config.Seed)
	}
	return "A/B " + on + ": left A as given, right B = " + sweep.Title(changes, "")
}
