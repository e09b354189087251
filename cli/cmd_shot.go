package cli

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"lagscope/lagcomp"
	"lagscope/lagcomp/moments"
	"lagscope/lagcomp/timeline"
	"lagscope/model"
	"lagscope/presets"
	"lagscope/views"
	"lagscope/views/capture"
)

// shotFlags are lagscope shot's flags.
type shotFlags struct {
	run                      runFlags
	at                       string
	shot, moment             int
	view, layout, size       string
	scale                    float64
	theme, layers, out, from string
	records                  string
	title, caption, compare  string
	focus, panes             string
	fromTime, toTime         string
	slow                     float64
	fps                      int
	set                      map[string]bool // the flags given
	stderr                   io.Writer       // for notes
}

func (f *shotFlags) register(fs *flag.FlagSet) {
	f.run.register(fs)
	fs.StringVar(&f.at, "at", "", "simulated time to capture, e.g. 2.5s (0 to 1h; default 2.5s)")
	fs.IntVar(&f.shot, "shot", 0, "capture the moment the server judged its Nth shot (1 = the first; refused shots count, lost ones do not: a lost shot was never judged), and select it; with --view packets, just after the victim was told (its whole journey)")
	fs.IntVar(&f.moment, "moment", 0, "capture the preset's moment N (1 = the first), its sentence in the caption, drawn as the moment's slide: the view, layout, panes, focus, layers and compare the preset names for it, each overridden by the flag if given (--focus none and --compare \"\" take one away)")
	fs.StringVar(&f.view, "view", "split", "split, server, shooter, target, overlay, packets (the packet-flow diagram), burst (the fire-effects lanes), duel (the peeker's advantage as a sighting timeline; in a duel it takes the Overlay's place in split) or netgraph (the connections tick by tick over the last 10 s: round trip, interpolation buffer, input queue, invented and dropped commands, clock error, loss, jitter, corrections)")
	fs.StringVar(&f.layout, "layout", "2x2", "for split: 2x2, 1x2, single or row (the lecture frame: target, server, shooter at one scale)")
	fs.StringVar(&f.panes, "panes", "", "for split: the views its cells show, in order, e.g. --layout 1x2 --panes server,target (default: server,shooter,target,overlay)")
	fs.StringVar(&f.focus, "focus", "", "frame the world panes tightly on: shot (the selected one), target, shooter or projectile (the newest)")
	fs.StringVar(&f.size, "size", "1920x1080", "WIDTHxHEIGHT in pixels, title and caption bands included (a clip: default 960x540)")
	fs.Float64Var(&f.scale, "scale", 0, fmt.Sprintf("text and line scale, %v to %v (default: height/540, within 1 to %v: body text 1/45 of the picture's height, readable from the back of a hall)", capture.MinScale, capture.MaxScale, capture.MaxScale))
	fs.StringVar(&f.theme, "theme", "dark", "dark or light")
	fs.StringVar(&f.layers, "layers", "default", "comma list of: default, all, a layer name to add, -name to take one away; names: "+layerKeys())
	outFlag(fs, &f.out, "out", "PNG screenshots (.png) and GIF clips (.gif with --from-time/--to-time)", false, "file to write: .png, or .gif for a clip (its sidecar goes beside it as .json)", ".png", ".gif")
	fs.StringVar(&f.from, "from", "", "a sidecar .json: make its PNG or GIF again")
	fs.StringVar(&f.records, "records", "", "a records file (sim --json, or an engine's lines in that format): draw --shot N from the records alone, with --view overlay")
	fs.StringVar(&f.compare, "compare", "", "k=v[,k=v…]: A/B, the view as given beside the same seed with these settings changed")
	fs.StringVar(&f.title, "title", "", "a title drawn in a band above the panes (at most 200 characters; it wraps onto up to three rows, fewer where they would take over a quarter of the picture, the last cut with …)")
	fs.StringVar(&f.caption, "caption", "full", "the band under the panes: full, short (preset, time, seed, key settings), moment (the moment's sentence alone, for a slide) or none")
	fs.StringVar(&f.fromTime, "from-time", "", "an animated GIF clip from this simulated time (with --to-time), e.g. 2s")
	fs.StringVar(&f.toTime, "to-time", "", "the clip's end (not included), e.g. 4s")
	fs.Float64Var(&f.slow, "slow", 1, "a clip plays this many times slower than simulated time (0.1 to 100)")
	fs.IntVar(&f.fps, "fps", 25, "a clip's frames per second of playback: 1, 2, 4, 5, 10, 20, 25 or 50")
}

// clip reports whether the flags ask for an animated clip.
func (f *shotFlags) clip() bool { return f.fromTime != "" || f.toTime != "" }

func cmdShot(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("shot", flag.ContinueOnError)
	var f shotFlags
	f.register(fs)
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	f.set, f.stderr = map[string]bool{}, stderr
	fs.Visit(func(fl *flag.Flag) { f.set[fl.Name] = true })
	fail := func(err error) int {
		fmt.Fprintln(stderr, "lagscope shot:", err)
		return 2
	}
	if f.out == "" {
		return fail(fmt.Errorf("--out is required"))
	}
	if f.records != "" {
		return shotFromRecords(&f, stdout, stderr)
	}
	var sc *capture.Sidecar
	var err error
	var notes []string
	if f.from != "" {
		if sc, err = capture.Read(f.from); err == nil {
			if n := sc.DrawnBy(Version); n != "" {
				sc.Notes = append(sc.Notes, f.from+": "+n)
			}
		}
	} else {
		f.run.noteRenamed(stderr, "")
		if sc, err = sidecarFromFlags(&f); err == nil {
			notes, err = capture.CurrentKeys(sc) // --compare's
			for i := range notes {
				notes[i] = "--compare: " + notes[i]
			}
		}
	}
	if err != nil {
		return fail(err)
	}
	if sc.Notes != nil {
		notes = sc.Notes
	}
	for _, n := range notes {
		fmt.Fprintln(stderr, "lagscope: note:", n)
	}
	if err := checkOut(f.out, sc.Clip != nil); err != nil {
		return fail(err)
	}
	if st, err := os.Stat(capture.SidecarPath(f.out)); err == nil && st.IsDir() {
		return fail(fmt.Errorf("--out %q: its sidecar %s is a directory", f.out, capture.SidecarPath(f.out)))
	}
	var data []byte
	if sc.Clip != nil {
		prog, done := progressTo(stderr, fmt.Sprintf("rendering %d frames", sc.Clip.Frames()))
		data, err = capture.RenderClip(sc, prog)
		done()
	} else {
		prog, done := progressTo(stderr, "replaying to t = "+dur(model.Time(sc.AtUs)).String())
		var img *image.RGBA
		img, err = capture.RenderProgress(sc, prog)
		done()
		if err == nil {
			data, err = encodePNG(img)
		}
	}
	if err != nil {
		return fail(err)
	}
	if err := capture.WriteFile(f.out, data, sc); err != nil {
		fmt.Fprintln(stderr, "lagscope shot:", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s and %s\n", f.out, capture.SidecarPath(f.out))
	return 0
}

func encodePNG(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	err := png.Encode(&buf, img)
	return buf.Bytes(), err
}

// checkOut refuses an output lagscope would write under a wrong name (a
// still is a PNG and a clip a GIF, whatever the file is called) or into a
// directory that does not exist.
func checkOut(out string, clip bool) error {
	ext := strings.ToLower(filepath.Ext(out))
	switch {
	case clip && ext != ".gif":
		return fmt.Errorf("--out %q: a clip (--from-time/--to-time) is an animated GIF; name the file .gif", out)
	case !clip && ext == ".gif":
		return fmt.Errorf("--out %q: a GIF is an animated clip: give --from-time and --to-time, or name the file .png", out)
	case !clip && ext != ".png":
		return fmt.Errorf("--out %q: lagscope writes PNG screenshots (.png) and GIF clips (.gif with --from-time/--to-time); name the file .png", out)
	}
	return checkDir("out", out)
}

// maxAt is the latest time a shot may show: the duration_ms range, the
// longest run lagscope simulates.
func maxAt() model.Time { return capture.MaxTime() }

// parseTime reads a simulated time flag within 0 to maxAt.
func parseTime(flagName, v string) (int64, error) {
	d, err := time.ParseDuration(v)
	if err != nil || d < 0 || d.Microseconds() > int64(maxAt()) {
		return 0, fmt.Errorf("--%s %q: want a time from 0 to %v (the duration_ms range), e.g. 2.5s", flagName, v, dur(maxAt()))
	}
	return d.Microseconds(), nil
}

func sidecarFromFlags(f *shotFlags) (*capture.Sidecar, error) {
	cfg, err := f.run.config()
	if err != nil {
		return nil, err
	}
	p, err := presets.Load(f.run.preset)
	if err != nil {
		return nil, err
	}
	if f.set["moment"] && f.moment >= 1 && f.moment <= len(p.Moments) {
		f.slideOf(p.Moments[f.moment-1].Slide)
	}
	size := f.size
	if f.clip() && !f.set["size"] {
		size = "960x540"
	}
	w, h, err := parseSize(size)
	if err != nil {
		return nil, err
	}
	scale, err := shotScale(f, h)
	if err != nil {
		return nil, err
	}
	ls, err := parseLayers(f.layers)
	if err != nil {
		return nil, err
	}
	focus, err := views.ParseFocus(f.focus)
	if err != nil {
		return nil, fmt.Errorf("--%w", err)
	}
	var panes []string
	if f.panes != "" {
		panes = strings.Split(f.panes, ",")
	}
	sc := &capture.Sidecar{Version: Version, Preset: f.run.preset, View: f.view, Layout: views.Layout(f.layout),
		Focus: string(focus), Panes: panes,
		Width: w, Height: h, Scale: scale, Theme: f.theme, Layers: ls,
		Script: timeline.Script{Base: lagcomp.ConfigMap(&cfg)},
		Title:  strings.TrimSpace(f.title), Caption: f.caption, KeyParams: p.KeyParams, Compare: f.compare}
	switch {
	case f.clip():
		if f.at != "" || f.set["shot"] || f.set["moment"] {
			return nil, fmt.Errorf("--from-time/--to-time make a clip: --at and --shot are for one picture, and so is --moment")
		}
		if f.fromTime == "" || f.toTime == "" {
			return nil, fmt.Errorf("a clip needs both --from-time and --to-time, e.g. --from-time 2s --to-time 4s")
		}
		from, err := parseTime("from-time", f.fromTime)
		if err != nil {
			return nil, err
		}
		to, err := parseTime("to-time", f.toTime)
		if err != nil {
			return nil, err
		}
		sc.AtUs, sc.Clip = from, &capture.Clip{FromUs: from, ToUs: to, Slow: f.slow, FPS: f.fps}
	case f.set["slow"] || f.set["fps"]:
		return nil, fmt.Errorf("--slow and --fps are for a clip: give --from-time and --to-time")
	case f.set["moment"]:
		if f.at != "" || f.set["shot"] {
			return nil, fmt.Errorf("--moment with --at or --shot: give one")
		}
		if err := atMoment(sc, p, cfg, f.moment); err != nil {
			return nil, err
		}
	case f.at != "" && f.set["shot"]:
		return nil, fmt.Errorf("--at and --shot: give one")
	case f.set["shot"]:
		r, err := findShot(cfg, f.shot, f.stderr)
		if err != nil {
			return nil, err
		}
		sc.AtUs, sc.Selected = int64(r.Judged), r.ID.String()
		if f.view == string(views.ViewPackets) { // the packet flow shows the shot's whole journey
			sc.AtUs = int64(toldAt(cfg, r))
		}
	default:
		at := f.at
		if at == "" {
			at = "2.5s"
		}
		if sc.AtUs, err = parseTime("at", at); err != nil {
			return nil, err
		}
	}
	return sc, nil
}

// slideOf takes a moment's slide for each of --view, --layout with
// --panes, --focus, --layers and --compare the user did not give: the
// moment names the picture that makes its point, and a flag given
// overrides its part (--focus none, --compare "" take one away). The
// layout and panes go together, for the split only; a focus only where
// the view frames the world.
func (f *shotFlags) slideOf(sl moments.Slide) {
	var took []string
	if sl.View != "" && !f.set["view"] {
		f.view = sl.View
		took = append(took, "--view "+sl.View)
	}
	if (sl.Layout != "" || len(sl.Panes) > 0) && !f.set["layout"] && !f.set["panes"] && f.view == "split" {
		if sl.Layout != "" {
			f.layout = sl.Layout
			took = append(took, "--layout "+sl.Layout)
		}
		if len(sl.Panes) > 0 {
			f.panes = strings.Join(sl.Panes, ",")
			took = append(took, "--panes "+f.panes)
		}
	}
	if sl.Focus != "" && !f.set["focus"] && !views.View(f.view).TimeAxis() {
		f.focus = sl.Focus
		took = append(took, "--focus "+sl.Focus)
	}
	if sl.Layers != "" && !f.set["layers"] {
		f.layers = sl.Layers
		took = append(took, "--layers "+sl.Layers)
	}
	if sl.Compare != "" && !f.set["compare"] {
		f.compare = sl.Compare
		took = append(took, "--compare "+sl.Compare)
	}
	if len(took) > 0 && f.stderr != nil {
		fmt.Fprintf(f.stderr, "lagscope: note: --moment %d draws its slide: %s (a flag given overrides its part)\n", f.moment, strings.Join(took, " "))
	}
}

// maxMomentsListed is how many of a preset's moments an out-of-range
// --moment lists: a screenful, not a file of 20 000.
const maxMomentsListed = 12

// atMoment points the capture at the preset's moment n, found on the
// same run the capture replays, with its sentence for the caption.
func atMoment(sc *capture.Sidecar, p *presets.Preset, cfg lagcomp.Config, n int) error {
	if n < 1 || n > len(p.Moments) {
		var list strings.Builder
		for i, m := range p.Moments[:min(len(p.Moments), maxMomentsListed)] {
			fmt.Fprintf(&list, "\n  %d. %s", i+1, moments.Sentence(m.Say, nil))
		}
		if more := len(p.Moments) - maxMomentsListed; more > 0 {
			fmt.Fprintf(&list, "\n  … and %d more", more)
		}
		return fmt.Errorf("--moment %d: preset %s has %d moment(s) (allowed: 1 to %d)%s", n, p.Name, len(p.Moments), len(p.Moments), list.String())
	}
	ms, err := p.FindMoments(cfg)
	if err != nil {
		return err
	}
	m := ms[n-1]
	if !m.Found {
		return fmt.Errorf("--moment %d (%s): %s", n, m.Sentence(nil), m.What)
	}
	sc.AtUs, sc.Moment = int64(m.At), fmt.Sprintf("moment %d: %s", n, m.Sentence(picture(sc, cfg.Duel)))
	if m.Shot != (uuid.UUID{}) {
		sc.Selected = m.Shot.String()
		if sc.View == string(views.ViewPackets) {
			// as --shot: the packet flow shows the shot's whole journey, up
			// to the snapshot that told the victim
			if r := shotByID(cfg, m.Shot, m.At); r != nil {
				sc.AtUs = max(sc.AtUs, int64(toldAt(cfg, r)))
			}
		}
	}
	return nil
}

// shotByID is the record of shot id in a run of cfg, judged by t; nil
// if the run has none.
func shotByID(cfg lagcomp.Config, id uuid.UUID, t model.Time) *lagcomp.ShotRecord {
	sim, err := lagcomp.New(cfg)
	if err != nil {
		return nil
	}
	sim.Step(t)
	for i := range sim.Shots.Len() {
		if r := sim.Shots.At(i); r.ID == id {
			rc := *r
			return &rc
		}
	}
	return nil
}

// picture is what a capture shows, for a moment's sentence to fit it:
// the views in it and its layers. In a duel the split's Overlay cell
// draws the sighting timeline (views.InPlace).
func picture(sc *capture.Sidecar, duel bool) *moments.Picture {
	vs := []string{sc.View}
	if sc.View == "split" {
		vs = sc.Panes
		if len(vs) == 0 {
			_, cells := views.Cells(sc.Layout, 64, 64, views.LayoutViews(sc.Layout))
			for _, v := range cells {
				if duel && v == views.ViewOverlay {
					v = views.ViewDuel
				}
				vs = append(vs, string(v))
			}
		}
	}
	return &moments.Picture{Views: vs, Layer: sc.Layers.On}
}

// findShot runs the scenario for its duration (duration_ms, or
// --duration) and returns the nth shot the server judged (or refused),
// counted from 1 in the order it judged them: a lost shot has no
// judgement to show and is not counted. A shot number that differs from
// the fired #seq is noted, so the picture's "#7" is no surprise.
func findShot(cfg lagcomp.Config, n int, stderr io.Writer) (*lagcomp.ShotRecord, error) {
	if n < 1 {
		return nil, fmt.Errorf("--shot %d: shots are numbered from 1 (the first shot the server judged)", n)
	}
	sim, err := lagcomp.New(cfg)
	if err != nil {
		return nil, err
	}
	end := model.MsF(cfg.DurationMs)
	for {
		if r, _ := sim.Shots.Judged(n); r != nil {
			if r.Seq != uint32(n) {
				fmt.Fprintf(stderr, "lagscope: note: --shot %d is #%d (the fired order), the %s shot the server judged: lost shots are not counted\n",
					n, r.Seq, ordinal(n))
			}
			rc := *r
			return &rc, nil
		}
		if sim.Now >= end {
			break
		}
		sim.Step(min(sim.Now+model.Second, end))
	}
	_, judged := sim.Shots.Judged(n)
	sum := sim.Summary()
	fates := fmt.Sprintf("%d fired: %d lost, %d in flight at the end", sum.ShotsFired, sum.ShotsLost, sum.ShotsInFlight)
	// projectile shots reach the server as projectiles, not judged traces
	// (sim's table counts them so too): their records are sim --json's
	spawned := sum.ShotsFired - sum.ShotsLost - sum.ShotsInFlight - sum.Shots - sum.Rejected
	if spawned > 0 {
		fates = fmt.Sprintf("%d fired: %d reached the server as projectiles, %d lost, %d in flight at the end",
			sum.ShotsFired, spawned, sum.ShotsLost, sum.ShotsInFlight)
	}
	switch {
	case judged == 0 && spawned > 0:
		return nil, fmt.Errorf("--shot %d: the server judges no hitscan shot in the scenario's %v (%s): --shot picks judged traces; a projectile has none (--at or --moment shows one)", n, dur(end), fates)
	case judged == 0:
		return nil, fmt.Errorf("--shot %d: the server judges no shot in the scenario's %v (%s; a longer --duration may)", n, dur(end), fates)
	}
	return nil, fmt.Errorf("--shot %d: the server judges %d shots in %v (allowed: 1 to %d; %s; --duration runs longer)",
		n, judged, dur(end), judged, fates)
}

// ordinal is 1st, 2nd, 3rd, 4th, … 11th, 12th, 13th, 21st.
func ordinal(n int) string {
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return strconv.Itoa(n) + suffix
}

// toldAt is a moment just after the victim was told of shot r: the
// arrival of the first snapshot sent from its judging tick on that got
// through (lagcomp.Frame.ShotPath), so the packet flow can draw the shot's
// whole journey; r's judgement when none arrived within the run.
func toldAt(cfg lagcomp.Config, r *lagcomp.ShotRecord) model.Time {
	const after = 20 * model.Millisecond // the arrow's head clear of "now"
	end := model.MsF(cfg.DurationMs)
	sim, err := lagcomp.New(cfg)
	if err != nil {
		return r.Judged
	}
	sim.Step(min(r.Judged+lagcomp.PacketWindow/2, end))
	f := sim.Frame()
	if sp := f.ShotPath(r); sp.Tells >= 0 && f.Packets[sp.Tells].Deliver+after <= end {
		return f.Packets[sp.Tells].Deliver + after
	}
	return r.Judged
}

// dur prints a simulated time as Go durations read: 2.5s, 1h0m0s.
func dur(t model.Time) time.Duration { return time.Duration(t) * time.Microsecond }

// sizeRange is what a --size may be: the smallest width and height, the
// longest side, and whose limits they are.
type sizeRange struct {
	minW, minH, max int
	whose           string
}

// shotSizes are a screenshot's: a sidecar's width and height range.
var shotSizes = sizeRange{64, 64, capture.MaxSide, "a picture's range"}

func parseSize(s string) (int, int, error) { return parseSizeIn(s, shotSizes) }

// parseSizeIn reads WIDTHxHEIGHT within r, and says r when it is not.
func parseSizeIn(s string, r sizeRange) (int, int, error) {
	ws, hs, ok := strings.Cut(strings.ToLower(s), "x")
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if !ok || err1 != nil || err2 != nil || w < r.minW || h < r.minH || w > r.max || h > r.max {
		if r.minW == r.minH {
			return 0, 0, fmt.Errorf("--size %q: want WIDTHxHEIGHT, each %d to %d (%s), e.g. 1920x1080", s, r.minW, r.max, r.whose)
		}
		return 0, 0, fmt.Errorf("--size %q: want WIDTHxHEIGHT, width %d to %d and height %d to %d (%s), e.g. 1920x1080",
			s, r.minW, r.max, r.minH, r.max, r.whose)
	}
	return w, h, nil
}

// shotScale is --scale, checked when given (0 is not "the default": it
// is out of range); not given, it is the slide scale, which follows the
// height within 1 to the largest scale, so the tallest picture needs no
// --scale.
func shotScale(f *shotFlags, h int) (float64, error) {
	if !f.set["scale"] {
		return capture.SlideScale(h), nil
	}
	if !(f.scale >= capture.MinScale && f.scale <= capture.MaxScale) { // NaN too
		return 0, fmt.Errorf("--scale %v: want %v to %v (or leave it out: height/540, within 1 to %v)", f.scale, capture.MinScale, capture.MaxScale, capture.MaxScale)
	}
	return f.scale, nil
}

// layerKeys are the layer names --layers takes: the sidecar's JSON names.
func layerKeys() string { return strings.Join(views.LayerKeys(), ",") }

// parseLayers reads --layers (views.ParseLayers), its error naming the flag.
func parseLayers(s string) (views.Layers, error) {
	l, err := views.ParseLayers(s)
	if err != nil {
		return l, fmt.Errorf("--layers %q: %w", s, err)
	}
	return l, nil
}
