package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"lagscope/lagcomp"
	"lagscope/model"
	"lagscope/views"
	"lagscope/views/capture"
)

// Version is lagscope's version, written into captions and sidecars.
const Version = "0.2.0"

func cmdShot(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("shot", flag.ContinueOnError)
	var rf runFlags
	rf.register(fs)
	at := fs.String("at", "", "simulated time to capture, e.g. 2.5s (0 to 1h; default 2.5s)")
	shotN := fs.Int("shot", 0, "capture the moment shot N was judged (1 = the first shot), and select it")
	view := fs.String("view", "split", "split, server, shooter, target, overlay or packets (the packet-flow diagram)")
	layout := fs.String("layout", "2x2", "for split: 2x2, 1x2 or single")
	size := fs.String("size", "1920x1080", "WIDTHxHEIGHT in pixels, caption band included")
	scale := fs.Float64("scale", 0, "text and line scale (default: height/1000, at least 1)")
	theme := fs.String("theme", "dark", "dark or light")
	layers := fs.String("layers", "default", "comma list of: default, all, a layer name to add, -name to take one away; names: "+layerKeys())
	out := fs.String("out", "", "PNG to write (its sidecar goes beside it as .json)")
	from := fs.String("from", "", "a sidecar .json: make its PNG again")
	compare := fs.String("compare", "", "k=v[,k=v…]: A/B, the view as given beside the same seed with these settings changed")
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	fail := func(err error) int {
		fmt.Fprintln(stderr, "lagscope shot:", err)
		return 2
	}
	if *out == "" {
		return fail(fmt.Errorf("--out is required"))
	}
	if err := checkOut(*out); err != nil {
		return fail(err)
	}
	var sc *capture.Sidecar
	var err error
	if *from != "" {
		sc, err = capture.Read(*from)
	} else {
		var shot int
		if set["shot"] {
			shot = *shotN
		}
		sc, err = sidecarFromFlags(&rf, *at, set["shot"], shot, *view, *layout, *size, *scale, *theme, *layers)
		if err == nil {
			sc.Compare = *compare
		}
	}
	if err != nil {
		return fail(err)
	}
	prog, done := progressTo(stderr, "replaying to t = "+model.Time(sc.AtUs).String())
	img, err := capture.RenderProgress(sc, prog)
	done()
	if err != nil {
		return fail(err)
	}
	if err := capture.Write(*out, img, sc); err != nil {
		fmt.Fprintln(stderr, "lagscope shot:", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s and %s\n", *out, capture.SidecarPath(*out))
	return 0
}

// checkOut refuses an output lagscope would write under a wrong name:
// a still is a PNG, whatever the file is called elsewhere.
func checkOut(out string) error {
	if ext := strings.ToLower(filepath.Ext(out)); ext != ".png" {
		return fmt.Errorf("--out %q: lagscope writes PNG screenshots; name the file .png", out)
	}
	return nil
}

// maxAt is the latest time a shot may show: the duration_ms range, the
// longest run lagscope simulates.
func maxAt() model.Time {
	p, _ := lagcomp.Lookup("duration_ms")
	return model.MsF(p.Max)
}

func sidecarFromFlags(rf *runFlags, at string, shotSet bool, shotN int, view, layout, size string, scale float64, theme, layers string) (*capture.Sidecar, error) {
	cfg, err := rf.config()
	if err != nil {
		return nil, err
	}
	w, h, err := parseSize(size)
	if err != nil {
		return nil, err
	}
	if scale == 0 {
		scale = max(1, float64(h)/1000)
	}
	ls, err := parseLayers(layers)
	if err != nil {
		return nil, err
	}
	sc := &capture.Sidecar{Version: Version, Preset: rf.preset, View: view, Layout: views.Layout(layout),
		Width: w, Height: h, Scale: scale, Theme: theme, Layers: ls,
		Script: lagcomp.Script{Base: lagcomp.ConfigMap(&cfg)}}
	switch {
	case at != "" && shotSet:
		return nil, fmt.Errorf("--at and --shot: give one")
	case shotSet:
		r, err := findShot(cfg, shotN)
		if err != nil {
			return nil, err
		}
		sc.AtUs, sc.Selected = int64(r.Judged), r.ID.String()
	default:
		if at == "" {
			at = "2.5s"
		}
		d, err := time.ParseDuration(at)
		if err != nil || d < 0 || d.Microseconds() > int64(maxAt()) {
			return nil, fmt.Errorf("--at %q: want a time from 0 to %v (the duration_ms range), e.g. 2.5s", at, dur(maxAt()))
		}
		sc.AtUs = d.Microseconds()
	}
	return sc, nil
}

// findShot runs the scenario for its duration (duration_ms, or
// --duration) and returns its shot n, counted from 1 in the order the
// server judged them.
func findShot(cfg lagcomp.Config, n int) (*lagcomp.ShotRecord, error) {
	sim, err := lagcomp.New(cfg)
	if err != nil {
		return nil, err
	}
	end := model.MsF(cfg.DurationMs)
	for sim.Now < end && len(sim.Shots) < max(n, 1) {
		sim.Step(min(sim.Now+model.Second, end))
	}
	if n >= 1 && n <= len(sim.Shots) {
		r := sim.Shots[n-1]
		return &r, nil
	}
	sim.Step(end) // count them all for the message
	if len(sim.Shots) == 0 {
		return nil, fmt.Errorf("--shot %d: the scenario judges no shots in its %v (a longer --duration may)", n, dur(end))
	}
	return nil, fmt.Errorf("--shot %d: shots are numbered from 1 (allowed: 1 to %d, the shots judged in %v; --duration runs longer)",
		n, len(sim.Shots), dur(end))
}

// dur prints a simulated time as Go durations read: 2.5s, 1h0m0s.
func dur(t model.Time) time.Duration { return time.Duration(t) * time.Microsecond }

func parseSize(s string) (int, int, error) {
	ws, hs, ok := strings.Cut(strings.ToLower(s), "x")
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if !ok || err1 != nil || err2 != nil || w < 64 || h < 64 || w > 16384 || h > 16384 {
		return 0, 0, fmt.Errorf("--size %q: want WIDTHxHEIGHT, each 64 to 16384, e.g. 1920x1080", s)
	}
	return w, h, nil
}

// layerKeys are the layer names --layers takes: the sidecar's JSON names.
func layerKeys() string {
	keys := slices.Sorted(maps.Keys(layerFields()))
	return strings.Join(keys, ",")
}

// parseLayers reads --layers: a comma list applied left to right, each
// item "default" (the window's first-run set), "all", a layer to add, or
// "-name" to take one away. "default,projectile_debug" is the default
// set plus Projectile Debug Mode; "all,-labels" everything but labels.
func parseLayers(s string) (views.Layers, error) {
	var l views.Layers
	byName := layerFields()
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		name, remove := strings.CutPrefix(item, "-")
		switch {
		case item == "default":
			d := views.DefaultLayers()
			for _, n := range views.LayerNames {
				*n.Field(&l) = *n.Field(&l) || *n.Field(&d)
			}
		case item == "all" || item == "-all":
			for _, n := range views.LayerNames {
				*n.Field(&l) = !remove
			}
		case byName[name] != nil:
			*byName[name](&l) = !remove
		default:
			return l, fmt.Errorf("--layers %q: unknown layer %q; want a comma list of default, all, a name to add or -name to remove; names: %s",
				s, item, layerKeys())
		}
	}
	return l, nil
}

// layerFields maps each layer's sidecar (JSON) name to its field.
func layerFields() map[string]func(*views.Layers) *bool {
	m := map[string]func(*views.Layers) *bool{}
	for _, n := range views.LayerNames {
		var one views.Layers
		*n.Field(&one) = true
		b, _ := json.Marshal(one)
		var fields map[string]bool
		json.Unmarshal(b, &fields)
		for k, on := range fields {
			if on {
				m[k] = n.Field
			}
		}
	}
	return m
}
