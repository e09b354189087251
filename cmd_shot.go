package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
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
	at := fs.String("at", "", "simulated time to capture, e.g. 2.5s")
	shotN := fs.Int("shot", 0, "capture the moment shot N (1 = first) was judged, and select it")
	view := fs.String("view", "split", "split, server, shooter, target, overlay or packets (the packet-flow diagram)")
	layout := fs.String("layout", "2x2", "for split: 2x2, 1x2 or single")
	size := fs.String("size", "1920x1080", "WIDTHxHEIGHT in pixels, caption band included")
	scale := fs.Float64("scale", 0, "text and line scale (default: height/1000, at least 1)")
	theme := fs.String("theme", "dark", "dark or light")
	layers := fs.String("layers", "default", "default, all, or a comma list of: "+layerKeys())
	out := fs.String("out", "", "PNG to write (its sidecar goes beside it as .json)")
	from := fs.String("from", "", "a sidecar .json: make its PNG again")
	if !parseFlags(fs, args, stderr) {
		return 2
	}
	if *out == "" {
		fmt.Fprintln(stderr, "lagscope shot: --out is required")
		return 2
	}
	var sc *capture.Sidecar
	var err error
	if *from != "" {
		sc, err = capture.Read(*from)
	} else {
		sc, err = sidecarFromFlags(&rf, *at, *shotN, *view, *layout, *size, *scale, *theme, *layers)
	}
	if err != nil {
		fmt.Fprintln(stderr, "lagscope shot:", err)
		return 2
	}
	img, err := capture.Render(sc)
	if err != nil {
		fmt.Fprintln(stderr, "lagscope shot:", err)
		return 2
	}
	if err := capture.Write(*out, img, sc); err != nil {
		fmt.Fprintln(stderr, "lagscope shot:", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s and %s\n", *out, capture.SidecarPath(*out))
	return 0
}

func sidecarFromFlags(rf *runFlags, at string, shotN int, view, layout, size string, scale float64, theme, layers string) (*capture.Sidecar, error) {
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
	case at != "" && shotN != 0:
		return nil, fmt.Errorf("--at and --shot: give one")
	case shotN < 0:
		return nil, fmt.Errorf("--shot %d: shots count from 1", shotN)
	case shotN > 0:
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
		if err != nil || d < 0 || d > 24*time.Hour {
			return nil, fmt.Errorf("--at %q: want a time from 0 to 24h, e.g. 2.5s", at)
		}
		sc.AtUs = d.Microseconds()
	}
	return sc, nil
}

// findShot runs the scenario until its Nth shot is judged.
func findShot(cfg lagcomp.Config, n int) (*lagcomp.ShotRecord, error) {
	sim, err := lagcomp.New(cfg)
	if err != nil {
		return nil, err
	}
	limit := max(model.MsF(cfg.DurationMs), 10*60*model.Second)
	for sim.Now < limit {
		sim.Step(sim.Now + model.Second)
		if len(sim.Shots) >= n {
			r := sim.Shots[n-1]
			return &r, nil
		}
	}
	return nil, fmt.Errorf("--shot %d: only %d shots in %v of simulation", n, len(sim.Shots), limit)
}

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
	var m map[string]bool
	all := views.Layers{}
	for _, n := range views.LayerNames {
		*n.Field(&all) = true
	}
	b, _ := json.Marshal(all)
	json.Unmarshal(b, &m)
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return strings.Join(keys, ",")
}

func parseLayers(s string) (views.Layers, error) {
	switch s {
	case "default":
		return views.DefaultLayers(), nil
	case "all":
		var l views.Layers
		for _, n := range views.LayerNames {
			*n.Field(&l) = true
		}
		return l, nil
	}
	m := map[string]bool{}
	for _, k := range strings.Split(s, ",") {
		m[strings.TrimSpace(k)] = true
	}
	b, _ := json.Marshal(m)
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	var l views.Layers
	if err := dec.Decode(&l); err != nil {
		return l, fmt.Errorf("--layers %q: want default, all, or a comma list of %s", s, layerKeys())
	}
	return l, nil
}
