// Package capture makes screenshots for design reviews: panes rendered at
// any size with a caption band of the exact settings, and a JSON sidecar
// holding everything needed to make the same PNG again, byte for byte,
// with `lagscope shot --from sidecar.json`.
package capture

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"strings"

	"github.com/google/uuid"

	"lagscope/lagcomp"
	"lagscope/lagcomp/sweep"
	"lagscope/model"
	"lagscope/presets"
	"lagscope/views"
)

// Sidecar is a screenshot's recipe.
type Sidecar struct {
	Version  string         `json:"version"`
	Preset   string         `json:"preset"`
	Script   lagcomp.Script `json:"script"`
	AtUs     int64          `json:"at_us"`
	View     string         `json:"view"`   // split, server, shooter, target, overlay, packets
	Layout   views.Layout   `json:"layout"` // for split
	Width    int            `json:"width"`
	Height   int            `json:"height"`
	Scale    float64        `json:"scale"`
	Theme    string         `json:"theme"` // dark or light
	Layers   views.Layers   `json:"layers"`
	Selected string         `json:"selected,omitempty"` // a shot id
	// Compare, if set, makes an A/B: the view as given on the left, the
	// same script with these settings changed ("mode=none,bias=0") on the
	// right (compare.go).
	Compare string `json:"compare,omitempty"`
}

// check validates a sidecar's fields, naming the bad one.
func (s *Sidecar) check() error {
	switch {
	case s.Width < 64 || s.Height < 64 || s.Width > 16384 || s.Height > 16384:
		return fmt.Errorf("width/height %dx%d: each side must be 64 to 16384", s.Width, s.Height)
	case s.Scale < 0.5 || s.Scale > 8:
		return fmt.Errorf("scale %v: must be 0.5 to 8", s.Scale)
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
			return fmt.Errorf("view %q: want split, server, shooter, target, overlay or packets", s.View)
		}
	} else if s.Layout != views.Layout2x2 && s.Layout != views.Layout1x2 && s.Layout != views.LayoutSingle {
		return fmt.Errorf("layout %q: want 2x2, 1x2 or single", s.Layout)
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
	}
	return nil
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
func frameAt(script lagcomp.Script, t model.Time, progress Progress) (*lagcomp.Frame, error) {
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
	pal := views.Dark
	if sc.Theme == "light" {
		pal = views.Light
	}
	o := views.Options{Layers: sc.Layers, Palette: pal, Scale: sc.Scale}
	if sc.Selected != "" {
		o.Selected = uuid.MustParse(sc.Selected)
	}
	lines := captionLines(sc, f)
	band := bandHeight(len(lines), sc.Scale)
	if sc.Height-band < 64 {
		return nil, fmt.Errorf("height %d leaves no room for the %d px caption band", sc.Height, band)
	}
	var body *image.RGBA
	if sc.View == "split" {
		body = r.Split(f, sc.Layout, views.Views, sc.Width, sc.Height-band, o)
	} else {
		var err error
		body, err = r.Render(f, sc.View, sc.Width, sc.Height-band, o)
		if err != nil {
			return nil, err
		}
	}
	out := image.NewRGBA(image.Rect(0, 0, sc.Width, sc.Height))
	draw.Draw(out, body.Bounds(), body, image.Point{}, draw.Src)
	r.Caption(out, image.Rect(0, sc.Height-band, sc.Width, sc.Height), lines, pal, sc.Scale)
	return out, nil
}

func bandHeight(lines int, scale float64) int { return int((10 + 16*float64(lines)) * scale) }

// captionLines say exactly what the picture shows: preset, every setting
// that differs from the defaults, the simulated time, seed and version.
func captionLines(sc *Sidecar, f *lagcomp.Frame) []string {
	def := lagcomp.Defaults()
	var diffs []string
	for _, d := range lagcomp.Diff(&def, &f.Config) {
		if d.Key == "seed" {
			continue
		}
		p, _ := lagcomp.Lookup(d.Key)
		diffs = append(diffs, d.Key+"="+p.Format(&f.Config))
	}
	head := fmt.Sprintf("lagscope %s · preset %s · t = %.3f s · seed %d · view %s", sc.Version, sc.Preset, f.T.Seconds(), f.Config.Seed, sc.View)
	if n := len(sc.Script.Inputs); n > 0 {
		head += fmt.Sprintf(" · %d live changes (in the sidecar)", n)
	}
	lines := []string{head}
	// wrap the settings at about 150 characters a line
	line := "settings:"
	for _, d := range diffs {
		if len(line)+len(d) > 150 {
			lines = append(lines, line)
			line = "  "
		}
		line += " " + d
	}
	if len(diffs) == 0 {
		line += " all defaults"
	}
	return append(lines, line)
}

// Write saves the PNG and its sidecar (the PNG's name + ".json"), each
// atomically, so an interrupted save never leaves half a file.
func Write(pngPath string, img image.Image, sc *Sidecar) error {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return err
	}
	side, err := json.MarshalIndent(sc, "", "  ")
	if err != nil {
		return err
	}
	if err := presets.WriteFileAtomic(pngPath, buf.Bytes()); err != nil {
		return err
	}
	return presets.WriteFileAtomic(SidecarPath(pngPath), append(side, '\n'))
}

// SidecarPath is where a PNG's sidecar lives.
func SidecarPath(pngPath string) string { return strings.TrimSuffix(pngPath, ".png") + ".json" }

// MaxSidecarBytes caps what a sidecar may hold: a few KiB plus the
// window's live inputs, a few dozen bytes each.
const MaxSidecarBytes = 16 << 20

// Read loads a sidecar strictly: unknown fields and bad values are errors
// that name the file and the field.
func Read(path string) (*Sidecar, error) {
	data, err := presets.ReadFileLimited(path, MaxSidecarBytes)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var sc Sidecar
	if err := dec.Decode(&sc); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if err := sc.check(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &sc, nil
}

// Band is the caption band alone, width pixels wide, for a capture of the
// window itself (whose widgets a sidecar cannot redraw).
func Band(sc *Sidecar, width int) (*image.RGBA, error) {
	sim, err := sc.Script.Replay(model.Time(sc.AtUs))
	if err != nil {
		return nil, fmt.Errorf("script: %w", err)
	}
	pal := views.Dark
	if sc.Theme == "light" {
		pal = views.Light
	}
	lines := captionLines(sc, sim.Frame())
	h := bandHeight(len(lines), sc.Scale)
	img := image.NewRGBA(image.Rect(0, 0, width, h))
	views.NewRenderer().Caption(img, img.Bounds(), lines, pal, sc.Scale)
	return img, nil
}
