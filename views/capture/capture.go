// Package capture makes screenshots for design reviews: panes rendered at
// any size with a caption band of the exact settings, and a JSON sidecar
// holding everything needed to make the same PNG again, byte for byte,
// with `lagscope shot --from sidecar.json`.
package capture

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"lagscope/internal/jsonkey"
	"lagscope/lagcomp"
	"lagscope/lagcomp/sweep"
	"lagscope/lagcomp/timeline"
	"lagscope/model"
	"lagscope/presets"
	"lagscope/views"
)

// Sidecar is a screenshot's recipe.
type Sidecar struct {
	Version  string          `json:"version"`
	Preset   string          `json:"preset"`
	Script   timeline.Script `json:"script"`
	AtUs     int64           `json:"at_us"`
	View     string          `json:"view"`   // split, or one of views.Views
	Layout   views.Layout    `json:"layout"` // for split
	Width    int             `json:"width"`
	Height   int             `json:"height"`
	Scale    float64         `json:"scale"`
	Theme    string          `json:"theme"` // dark or light
	Layers   views.Layers    `json:"layers"`
	Selected string          `json:"selected,omitempty"` // a shot id
	// Compare, if set, makes an A/B: the view as given on the left, the
	// same script with these settings changed ("mode=none,bias=0") on the
	// right (compare.go).
	Compare string `json:"compare,omitempty"`
	// Title is drawn in a band above the panes (none when empty).
	Title string `json:"title,omitempty"`
	// Caption is how much the band under the panes says: full (the
	// default when empty), short, moment or none.
	Caption string `json:"caption,omitempty"`
	// KeyParams are the preset's key settings, shown even at their
	// defaults; kept here so the sidecar alone redraws the caption.
	KeyParams []string `json:"key_params,omitempty"`
	// Clip, when set, makes the capture an animated GIF (see Clip).
	Clip *Clip `json:"clip,omitempty"`
	// Focus frames the world panes tightly on the shot, the target, the
	// shooter or the newest projectile (views.Focus; empty: everything).
	Focus string `json:"focus,omitempty"`
	// Panes are the views a split layout shows, in its order (a 1x2 of
	// server and target); empty: the layout's usual panes.
	Panes []string `json:"panes,omitempty"`
	// Moment is a preset's moment shown: "moment 2: what to see", a line
	// of the caption (full or short).
	Moment string `json:"moment,omitempty"`
	// Traces are the SHA-256 of each file the script reads — a trace it
	// replays, a population file it draws players from — by its path
	// ("sha256:…"): a changed file is refused (traces.go).
	Traces map[string]string `json:"traces,omitempty"`
	// Image is the SHA-256 of the picture written beside the sidecar
	// ("sha256:…"): a sidecar whose picture is not that one is refused
	// (pair.go). Empty in a sidecar from before it was kept.
	Image string `json:"image_sha256,omitempty"`
	// Notes are what Read has to say that is not an error: keys the file
	// names by an old name, read as their new ones (oldkeys.go).
	Notes []string `json:"-"`
}

// Caption modes.
const (
	CaptionFull  = "full"  // time, seed, version, key settings, every other setting that differs from the defaults
	CaptionShort = "short" // preset, time, seed and the key settings (and how many others differ)
	// CaptionMoment is the moment's sentence alone, for a slide: what to
	// see, in words, with the settings left to the sidecar.
	CaptionMoment = "moment"
	CaptionNone   = "none" // no band
)

// SlideScale is the text and line scale a capture h pixels tall gets by
// default: body text (labels, notes, the caption: 12 logical px) at 1/45
// of the picture's height, readable from the back of a lecture hall on a
// projector (at 1920x1080, 24 px a line), and never below the window's 1.
// A clip's default 960x540 is scale 1, so a clip reads as its still does;
// above 4320 px it stays at MaxScale, so the tallest picture needs no
// --scale (it asked for 30 and failed about a scale never given).
func SlideScale(h int) float64 { return min(MaxScale, max(1, float64(h)/540)) }

// MaxTitle is the longest title, in characters.
const MaxTitle = 200

// MaxSide is the longest side of a capture, in pixels.
const MaxSide = 16384

// A capture's text and line scale: MinScale to MaxScale.
const MinScale, MaxScale = 0.5, 8

// Validate reports the first bad field of a sidecar, naming it and what
// is allowed (Render and RenderClip check the same).
func (s *Sidecar) Validate() error { return s.check() }

// check validates a sidecar's fields, naming the bad one.
func (s *Sidecar) check() error {
	switch {
	case s.Width < 64 || s.Height < 64 || s.Width > MaxSide || s.Height > MaxSide:
		return fmt.Errorf("width/height %dx%d: each side must be 64 to %d", s.Width, s.Height, MaxSide)
	case s.Scale < MinScale || s.Scale > MaxScale:
		return fmt.Errorf("scale %v: must be %v to %v", s.Scale, MinScale, MaxScale)
	case s.Theme != "dark" && s.Theme != "light":
		return fmt.Errorf("theme %q: want dark or light", s.Theme)
	case s.AtUs < 0 || s.AtUs > int64(MaxTime()):
		return fmt.Errorf("at_us %d: must be 0 to %d (%v, the duration_ms range)", s.AtUs, int64(MaxTime()), MaxTime())
	}
	if s.View != "split" {
		ok := false
		for _, v := range views.Views {
			ok = ok || string(v) == s.View
		}
		if !ok {
			return fmt.Errorf("view %q: want split, %s", s.View, views.ViewNames())
		}
	} else if _, ok := splitCells[s.Layout]; !ok {
		return fmt.Errorf("layout %q: want 2x2, 1x2, single or row", s.Layout)
	}
	if fo, err := views.ParseFocus(s.Focus); err != nil {
		return err
	} else if fo != views.FocusNone && views.View(s.View).TimeAxis() {
		return fmt.Errorf("focus %s: frames the world panes; view %s runs along time", fo, s.View)
	}
	if err := s.checkPanes(); err != nil {
		return err
	}
	if s.Selected != "" {
		if _, err := uuid.Parse(s.Selected); err != nil {
			return fmt.Errorf("selected %q: not a shot id", s.Selected)
		}
	}
	if s.Compare != "" {
		if _, err := sweep.ParseChanges(s.Compare); err != nil {
			return fmt.Errorf("compare: %w", err)
		}
		if s.Clip != nil {
			return fmt.Errorf("compare: an A/B is a still picture, not a clip (drop the clip or the compare)")
		}
	}
	switch s.Caption {
	case "", CaptionFull, CaptionShort, CaptionNone:
	case CaptionMoment:
		if s.Moment == "" {
			return fmt.Errorf("caption moment: the capture shows no moment; give --moment N (in the window: jump to a moment first), or caption full, short or none")
		}
	default:
		return fmt.Errorf("caption %q: want full, short, moment or none", s.Caption)
	}
	if n := utf8.RuneCountInString(s.Title); n > MaxTitle || strings.ContainsAny(s.Title, "\n\r") {
		return fmt.Errorf("title: one line of at most %d characters (got %d)", MaxTitle, n)
	}
	if s.Clip != nil {
		if err := s.Clip.check(s.Width, s.Height); err != nil {
			return err
		}
	}
	for _, k := range s.KeyParams {
		if _, ok := lagcomp.Lookup(k); !ok {
			return fmt.Errorf("key_params: %q is not a configuration key", k)
		}
	}
	return nil
}

// checkPanes checks the panes a split shows: each a view, as many as
// the layout has cells.
func (s *Sidecar) checkPanes() error {
	if len(s.Panes) == 0 {
		return nil
	}
	if s.View != "split" {
		return fmt.Errorf("panes %s: for the split view, which lays panes out (view is %s)", strings.Join(s.Panes, ","), s.View)
	}
	cells := splitCells[s.Layout]
	if len(s.Panes) != cells {
		return fmt.Errorf("panes %s: layout %s shows %d pane(s), %d given", strings.Join(s.Panes, ","), s.Layout, cells, len(s.Panes))
	}
	for _, p := range s.Panes {
		if !slices.Contains(views.Views, views.View(p)) {
			return fmt.Errorf("panes: %q is not a view; want %s", p, views.ViewNames())
		}
	}
	return nil
}

// splitCells are the panes each layout of the split shows.
var splitCells = map[views.Layout]int{views.Layout2x2: 4, views.Layout1x2: 2, views.LayoutSingle: 1, views.LayoutRow: 3}

// shows says whether the picture draws view v (alone or as a pane).
func (s *Sidecar) shows(v views.View) bool {
	if s.View == "split" { // the cells the layout shows, the first views
		vs := s.paneViews()
		return slices.Contains(vs[:min(len(vs), splitCells[s.Layout])], v)
	}
	return s.View == string(v)
}

// paneViews are the views a split of the sidecar shows, in layout order.
func (s *Sidecar) paneViews() []views.View {
	if len(s.Panes) == 0 {
		return views.LayoutViews(s.Layout)
	}
	vs := make([]views.View, len(s.Panes))
	for i, p := range s.Panes {
		vs[i] = views.View(p)
	}
	return vs
}

// MaxTime is the latest instant a capture may show: the duration_ms
// range, the longest run lagscope simulates.
func MaxTime() model.Time {
	p, _ := lagcomp.Lookup("duration_ms")
	return model.MsF(p.Max)
}

// Progress hears how far a long render has come, as a fraction 0 to 1.
type Progress func(done float64)

// Render replays the sidecar's script to its time and draws it, caption
// band included, at exactly Width x Height.
func Render(sc *Sidecar) (*image.RGBA, error) { return RenderProgress(sc, nil) }

// RenderProgress is Render telling progress (nil: nobody listens) as the
// replay to the capture's time goes on.
func RenderProgress(sc *Sidecar, progress Progress) (*image.RGBA, error) {
	if err := sc.check(); err != nil {
		return nil, err
	}
	if sc.Compare != "" {
		return renderCompare(sc)
	}
	f, err := frameAt(sc.Script, model.Time(sc.AtUs), progress)
	if err != nil {
		return nil, err
	}
	return draw1(views.NewRenderer(), sc, f)
}

// frameAt replays script to t; with a listener, in about a hundred steps
// so it hears how far the replay is.
func frameAt(script timeline.Script, t model.Time, progress Progress) (*lagcomp.Frame, error) {
	ts := []model.Time{t}
	if progress != nil {
		ts = ts[:0]
		for i := 1; i <= 100; i++ {
			ts = append(ts, t*model.Time(i)/100)
		}
	}
	var f *lagcomp.Frame
	err := script.ReplayEach(ts, func(i int, s *lagcomp.Sim) error {
		if progress != nil {
			progress(float64(i+1) / float64(len(ts)))
		}
		if i == len(ts)-1 {
			f = s.Frame()
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("script: %w", err)
	}
	return f, nil
}

// draw1 draws one frame as the sidecar asks.
func draw1(r *views.Renderer, sc *Sidecar, f *lagcomp.Frame) (*image.RGBA, error) {
	return drawFramed(r, sc, f, nil)
}

// slide is how a frame's picture is laid out: the panes' options, the
// caption's lines, the title's and caption's bands and the panes' height
// between them.
type slide struct {
	o                views.Options
	lines            []string
	top, band, bodyH int
}

// layout lays frame f out as the sidecar asks.
func layout(r *views.Renderer, sc *Sidecar, f *lagcomp.Frame) (slide, error) {
	pal := views.Dark
	if sc.Theme == "light" {
		pal = views.Light
	}
	o := views.Options{Layers: sc.Layers, Palette: pal, Scale: sc.Scale}
	o.Focus, _ = views.ParseFocus(sc.Focus) // checked
	if sc.Selected != "" {
		o.Selected = uuid.MustParse(sc.Selected)
	}
	if sc.shows(views.ViewNetGraph) {
		net, err := netGraphAt(sc.Script, model.Time(sc.AtUs))
		if err != nil {
			return slide{}, err
		}
		net.Moments = presetMoments(sc.Preset)
		o.Net = net
	}
	lines := captionLines(sc, f)
	band := r.CaptionHeight(lines, sc.Width, sc.Scale)
	top := titleHeight(r, sc, sc.Width, band)
	bodyH := sc.Height - top - band
	if bodyH < 64 {
		title := "no --title"
		if top > 0 {
			title = fmt.Sprintf("the title takes %d px", top)
		}
		// the advice holds the scale: left to follow the height, the
		// caption's text grows with it and a long caption needed more
		// at every height the message named (2 292, then 10 904, …)
		need := top + band + 64
		if need > MaxSide {
			return slide{}, fmt.Errorf("--size: height %d leaves under 64 px for the panes (%s, the caption band %d px at scale %g): no height up to %d holds the caption at this scale and width; give a wider --size, a smaller --scale (from %g) or --caption none", sc.Height, title, band, sc.Scale, MaxSide, MinScale)
		}
		return slide{}, fmt.Errorf("--size: height %d leaves under 64 px for the panes (%s, the caption band %d px at scale %g): give a height of at least %d with --scale %g (without it the scale follows the height, and the caption grows with it), or --caption none", sc.Height, title, band, sc.Scale, need, sc.Scale)
	}
	return slide{o, lines, top, band, bodyH}, nil
}

// drawFramed draws one frame as the sidecar asks, its world views with
// the cameras of fm (nil: each pane frames itself).
func drawFramed(r *views.Renderer, sc *Sidecar, f *lagcomp.Frame, fm *views.Framing) (*image.RGBA, error) {
	sl, err := layout(r, sc, f)
	if err != nil {
		return nil, err
	}
	o, pal := sl.o, sl.o.Palette
	o.Framing = fm
	var body *image.RGBA
	if sc.View == "split" {
		body = r.Split(f, sc.Layout, sc.paneViews(), sc.Width, sl.bodyH, o)
	} else if body, err = r.Render(f, sc.View, sc.Width, sl.bodyH, o); err != nil {
		return nil, err
	}
	out := image.NewRGBA(image.Rect(0, 0, sc.Width, sc.Height))
	draw.Draw(out, body.Bounds().Add(image.Pt(0, sl.top)), body, image.Point{}, draw.Src)
	if sl.top > 0 {
		r.Title(out, image.Rect(0, 0, sc.Width, sl.top), sc.Title, pal, sc.Scale)
	}
	if sl.band > 0 {
		r.Caption(out, image.Rect(0, sc.Height-sl.band, sc.Width, sc.Height), sl.lines, pal, sc.Scale)
	}
	return out, nil
}

// titleHeight is the height of the sidecar's title band in a picture w
// pixels wide over a caption band of band pixels: none without a title,
// more rows for one that wraps, as many as leave the panes room to draw
// (views.TitleRoom).
func titleHeight(r *views.Renderer, sc *Sidecar, w, band int) int {
	l := views.LayoutSingle
	if sc.View == "split" {
		l = sc.Layout
	}
	return r.TitleHeightWithin(sc.Title, w, views.TitleRoom(sc.Height, band, l, sc.Scale), sc.Scale)
}

// captionLines say exactly what the picture shows: the preset, its key
// settings (even at their defaults), every other setting that differs
// from the defaults, the simulated time, seed and version. Short keeps
// the preset, time, seed and key settings, and counts the others.
func captionLines(sc *Sidecar, f *lagcomp.Frame) []string {
	switch sc.Caption {
	case CaptionNone:
		return nil
	case CaptionMoment:
		_, say, _ := strings.Cut(sc.Moment, ": ") // "moment 2: …"
		return []string{say}
	}
	cfg := &f.Config
	var keys []string
	for _, k := range sc.KeyParams {
		keys = append(keys, k+" "+lagcomp.ShownValue(k, cfg))
	}
	def := lagcomp.Defaults()
	var others []string
	for _, d := range lagcomp.Diff(&def, cfg) {
		if d.Key == "seed" || slices.Contains(sc.KeyParams, d.Key) {
			continue
		}
		p, _ := lagcomp.Lookup(d.Key)
		others = append(others, d.Key+"="+p.Format(cfg))
	}
	if sc.Caption == CaptionShort {
		head := fmt.Sprintf("preset %s · t = %.3f s · seed %d", sc.Preset, f.T.Seconds(), cfg.Seed)
		if len(others) > 0 {
			keys = append(keys, fmt.Sprintf("(+%d other settings differ from the defaults)", len(others)))
		}
		return append(withMoment(sc, head), wrap("key settings:", " · ", keys)...)
	}
	head := fmt.Sprintf("lagscope %s · preset %s · t = %.3f s · seed %d · view %s", sc.Version, sc.Preset, f.T.Seconds(), cfg.Seed, sc.View)
	if n := len(sc.Script.Inputs); n > 0 {
		head += fmt.Sprintf(" · %d live changes (in the sidecar)", n)
	}
	lines := withMoment(sc, head)
	if len(keys) > 0 {
		lines = append(lines, wrap("key settings:", " · ", keys)...)
	}
	prefix := "settings:"
	if len(keys) > 0 {
		prefix = "other settings:"
	}
	if len(others) == 0 {
		others = []string{"all defaults"}
	}
	return append(lines, wrap(prefix, " ", others)...)
}

// withMoment is the caption's first line and, for a moment, its sentence.
func withMoment(sc *Sidecar, head string) []string {
	if sc.Moment == "" {
		return []string{head}
	}
	return []string{head, sc.Moment}
}

// wrap joins items after prefix, by sep, in lines of about 150
// characters.
func wrap(prefix, sep string, items []string) []string {
	var lines []string
	line := prefix + " "
	for i, it := range items {
		if len(line)+len(it) > 150 && i > 0 {
			lines = append(lines, strings.TrimRight(line, " "))
			line = "  "
		} else if i > 0 {
			line += sep
		}
		line += it
	}
	return append(lines, line)
}

// Write saves the PNG and its sidecar (the PNG's name + ".json") as one
// output (WriteFile).
func Write(pngPath string, img image.Image, sc *Sidecar) error {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return err
	}
	return WriteFile(pngPath, buf.Bytes(), sc)
}

// SidecarPath is where a capture's sidecar lives: its name with .json
// for .png or .gif.
func SidecarPath(path string) string {
	ext := filepath.Ext(path)
	if e := strings.ToLower(ext); e == ".png" || e == ".gif" {
		path = strings.TrimSuffix(path, ext)
	}
	return path + ".json"
}

// MaxSidecarBytes caps what a sidecar may hold: a few KiB plus the
// window's live inputs, a few dozen bytes each.
const MaxSidecarBytes = 16 << 20

// Read loads a sidecar strictly: unknown fields and bad values are errors
// that name the file and the field.
func Read(path string) (*Sidecar, error) {
	// not between a writer's two renames; a directory that cannot be
	// opened (search-only) is read unlocked, the picture's hash still
	// refusing a mixed pair
	if unlock, err := lockDir(filepath.Dir(path), false); err == nil {
		defer unlock()
	}
	data, err := presets.ReadFileLimited(path, MaxSidecarBytes)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("sidecar file %s: %w", path, err)
	}
	if tw := jsonkey.Find(data); tw != nil {
		return nil, fmt.Errorf("%s:%d: key %q is given twice (first on line %d): allowed once", path, jsonkey.Line(data, tw.Second), tw.Path, jsonkey.Line(data, tw.First))
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	sc := Sidecar{Layers: views.DefaultLayers()} // a layer the file leaves out is as shot draws it
	if err := dec.Decode(&sc); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	imageNote, err := checkImage(path, &sc)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	notes, err := CurrentKeys(&sc)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	notes = append(notes, layersLeftOut(data)...)
	if imageNote != "" {
		notes = append(notes, imageNote)
	}
	for _, n := range notes {
		sc.Notes = append(sc.Notes, path+": "+n)
	}
	if err := sc.check(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if err := checkTraces(&sc); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &sc, nil
}

// Surround puts the sidecar's title band above img and its caption
// band under it: a capture of the window itself, whose widgets a sidecar
// cannot redraw (its sidecar reproduces the panes).
func Surround(sc *Sidecar, img image.Image) (*image.RGBA, error) {
	if err := sc.check(); err != nil {
		return nil, err
	}
	sim, err := sc.Script.Replay(model.Time(sc.AtUs))
	if err != nil {
		return nil, fmt.Errorf("script: %w", err)
	}
	pal := views.Dark
	if sc.Theme == "light" {
		pal = views.Light
	}
	lines := captionLines(sc, sim.Frame())
	b := img.Bounds()
	r := views.NewRenderer()
	// the picture grows to hold the title: the panes keep their size
	top, band := r.TitleHeight(sc.Title, b.Dx(), sc.Scale), r.CaptionHeight(lines, b.Dx(), sc.Scale)
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), top+b.Dy()+band))
	draw.Draw(out, image.Rect(0, top, b.Dx(), top+b.Dy()), img, b.Min, draw.Src)
	if top > 0 {
		r.Title(out, image.Rect(0, 0, b.Dx(), top), sc.Title, pal, sc.Scale)
	}
	if band > 0 {
		r.Caption(out, image.Rect(0, top+b.Dy(), b.Dx(), out.Bounds().Dy()), lines, pal, sc.Scale)
	}
	return out, nil
}
