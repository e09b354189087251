package capture

import (
	"fmt"
	"image"
	"image/draw"

	"github.com/google/uuid"

	"lagscope/lagcomp"
	"lagscope/lagcomp/sweep"
	"lagscope/lagcomp/timeline"
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
	same := sameShot{At: at}
	if sc.Selected != "" {
		if same, err = sameShotInB(a, uuid.MustParse(sc.Selected), bScript, at); err != nil {
			return nil, fmt.Errorf("compare: %w", err)
		}
	}
	b, err := bScript.Replay(same.At)
	if err != nil {
		return nil, fmt.Errorf("compare: %w", err)
	}
	return drawCompare(sc, a.Frame(), b.Frame(), changes, same)
}

// sameShot is where B shows the shot A selects: the same shot by its
// fired sequence number (and shooter), at the instant B judged it, which
// a change such as reliable_fire moves. Shown at A's instant, B's half
// would select another shot (or none) over another window.
type sameShot struct {
	At       model.Time // B's instant: its judgement of the shot, or A's when B has none
	Selected uuid.UUID  // B's record of the shot (zero: B never judged it)
	Seq      uint32
	// Note is what the halves' titles say of it ("shot #5 judged at
	// 2.481 s"), and B's when it never judged the shot.
	NoteA, NoteB string
}

// sameShotInB finds A's selected shot in B. A's replay a stands at A's
// instant; B's script is replayed on until its record of the shot is
// settled or its run ends.
func sameShotInB(a *lagcomp.Sim, id uuid.UUID, bScript timeline.Script, at model.Time) (sameShot, error) {
	same := sameShot{At: at}
	ra := findShot(a, func(r *lagcomp.ShotRecord) bool { return r.ID == id })
	if ra == nil {
		return same, nil // a shot A has not settled: nothing to match
	}
	same.Seq = ra.Seq
	same.NoteA = shotNote(ra)
	bCfg, err := lagcomp.ConfigFromMap(bScript.Base)
	if err != nil {
		return same, err
	}
	end := max(at, model.MsF(bCfg.DurationMs))
	var ts []model.Time
	for t := at; ; t += model.Second / 4 {
		ts = append(ts, min(t, end))
		if t >= end {
			break
		}
	}
	var rb *lagcomp.ShotRecord
	errFound := fmt.Errorf("found")
	err = bScript.ReplayEach(ts, func(_ int, s *lagcomp.Sim) error {
		if r := findShot(s, func(r *lagcomp.ShotRecord) bool { return r.Seq == ra.Seq && r.Shooter == ra.Shooter }); r != nil {
			rc := *r
			rb = &rc
			return errFound
		}
		return nil
	})
	if err != nil && err != errFound {
		return same, err
	}
	switch {
	case rb == nil:
		same.NoteB = fmt.Sprintf("shot #%d not judged by %.3f s (shown at A's instant)", ra.Seq, end.Seconds())
	case !rb.HasServerSide():
		same.NoteB = fmt.Sprintf("shot #%d %s (shown at A's instant)", ra.Seq, rb.Outcome)
	default:
		same.At, same.Selected, same.NoteB = rb.Judged, rb.ID, shotNote(rb)
	}
	return same, nil
}

// findShot is the first settled record of s that ok accepts.
func findShot(s *lagcomp.Sim, ok func(*lagcomp.ShotRecord) bool) *lagcomp.ShotRecord {
	for i := range s.Shots.Len() {
		if r := s.Shots.At(i); ok(r) {
			return r
		}
	}
	return nil
}

// shotNote is a half's words for its shot: "shot #5 judged at 5.078 s".
func shotNote(r *lagcomp.ShotRecord) string {
	if !r.HasServerSide() {
		return fmt.Sprintf("shot #%d %s", r.Seq, r.Outcome)
	}
	return fmt.Sprintf("shot #%d %s at %.3f s", r.Seq, r.Outcome, r.Judged.Seconds())
}

// drawCompare lays an A/B out as draw1 lays one view: the title band (if
// any), the two halves under their own titles, the caption band (as the
// sidecar's caption mode says, with a line naming B's changes). Both
// halves share one framing: the union of their contents.
func drawCompare(sc *Sidecar, fa, fb *lagcomp.Frame, changes []lagcomp.Setting, same sameShot) (*image.RGBA, error) {
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
		if same.Seq != 0 {
			lines = append(lines, sameShotLine(fa, fb, same))
		}
	}
	halves := []struct {
		f        *lagcomp.Frame
		x, w     int
		title    string
		selected uuid.UUID
	}{
		{fa, 0, sc.Width / 2, "A: " + sweep.Differing(&fb.Config, &fa.Config), o.Selected},
		{fb, sc.Width / 2, sc.Width - sc.Width/2, "B: " + sweep.Differing(&fa.Config, &fb.Config), o.Selected},
	}
	if same.Seq != 0 { // each half its own record of the shot, titled with it
		halves[0].title += " · " + same.NoteA
		halves[1].title += " · " + same.NoteB
		halves[1].selected = same.Selected
	}
	m := views.NewRenderer()
	band := m.CaptionHeight(lines, sc.Width, sc.Scale)
	top := titleHeight(m, sc, sc.Width, band)
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
		o.Selected = h.selected
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

// sameShotLine says that the halves show one shot at two instants when
// B judged it at another time than A, or not at all.
func sameShotLine(fa, fb *lagcomp.Frame, same sameShot) string {
	if fa.T == fb.T && same.Selected != (uuid.UUID{}) {
		return fmt.Sprintf("both halves show shot #%d, judged at the same instant", same.Seq)
	}
	if same.Selected == (uuid.UUID{}) {
		return fmt.Sprintf("shot #%d: B never judged it; B is shown at A's instant", same.Seq)
	}
	return fmt.Sprintf("each half at its own judgement of shot #%d (the fired order): A at %.3f s, B at %.3f s (%+.1f ms)",
		same.Seq, fa.T.Seconds(), fb.T.Seconds(), (fb.T - fa.T).Millis())
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
