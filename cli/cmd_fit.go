package cli

import (
	"bytes"
	"flag"
	"fmt"
	"image/png"
	"io"
	"math"
	"strconv"
	"strings"

	"lagscope/lagcomp"
	"lagscope/lagcomp/netem/fit"
	"lagscope/presets"
	"lagscope/views/chart"
)

// cmdFit fits the link model to a trace and prints its keys as TOML
// lines ready for a preset, each part's goodness of fit as comments,
// and — with --chart — measured against fitted as a picture.
func cmdFit(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("fit", flag.ContinueOnError)
	out := new(string)
	outFlag(fs, out, "chart", "charts as PNG pictures", false, "PNG to write: the delay histogram, the loss-run lengths and the delay over time, measured against fitted", ".png")
	size := fs.String("size", "1920x1080", "the chart's WIDTHxHEIGHT in pixels")
	theme := fs.String("theme", "light", "the chart's colours: light or dark")
	var file string
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		file, args = args[0], args[1:]
	}
	fs.SetOutput(stderr)
	fs.Usage = func() {}
	usage := func(w io.Writer) {
		fmt.Fprint(w, "usage: lagscope fit FILE [--chart out.png] [--size 1920x1080] [--theme light|dark]\n\nFILE is a trace: a CSV t_ms,delay_ms,lost (one row a packet) or an iputils ping log.\n\nflags:\n")
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(stderr)
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			usage(stdout)
			return 0
		}
		usage(stderr)
		return 2
	}
	if file == "" && fs.NArg() > 0 {
		file = fs.Arg(0)
		if err := fs.Parse(fs.Args()[1:]); err != nil {
			usage(stderr)
			return 2
		}
	}
	if file == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "lagscope fit: give one trace file")
		usage(stderr)
		return 2
	}
	if err := checkOutputs(fs); err != nil {
		fmt.Fprintln(stderr, "lagscope fit:", err)
		return 2
	}
	t, err := presets.ReadTrace(file)
	if err != nil {
		fmt.Fprintln(stderr, "lagscope fit:", err)
		return 2
	}
	r, err := fit.Fit(t)
	if err != nil {
		fmt.Fprintln(stderr, "lagscope fit:", err)
		return 2
	}
	var opt chart.Options
	if *out != "" {
		w, h, err := parseSize(*size)
		if err == nil {
			err = chart.CheckSize(w, h)
		}
		if err != nil {
			fmt.Fprintln(stderr, "lagscope fit: --size:", err)
			return 2
		}
		th, err := chart.ThemeNamed(*theme)
		if err != nil {
			fmt.Fprintln(stderr, "lagscope fit: --theme:", err)
			return 2
		}
		opt = chart.Options{Width: w, Height: h, Theme: th}
	}
	if err := writeFit(stdout, file, r); err != nil {
		fmt.Fprintln(stderr, "lagscope fit:", err)
		return 1
	}
	if bad := r.Bad(); len(bad) > 0 {
		fmt.Fprintf(stderr, "lagscope fit: %s fits the model badly: %s\n", file, strings.Join(bad, "; "))
	}
	if *out != "" {
		opt.Title = "lagscope fit " + file
		img, err := chart.RenderFit(r, opt)
		if err == nil {
			var buf bytes.Buffer
			if err = png.Encode(&buf, img); err == nil {
				err = presets.WriteFileAtomic(*out, buf.Bytes())
			}
		}
		if err != nil {
			fmt.Fprintln(stderr, "lagscope fit:", err)
			return 1
		}
		fmt.Fprintf(stderr, "wrote %s\n", *out)
	}
	return 0
}

// fitKeys are the fitted link's keys in the order a preset writes them,
// each read from the key table so the names cannot drift.
func fitKeys(r *fit.Result) [][2]string {
	l := r.Link
	kv := []struct {
		key string
		v   float64
	}{
		{"latency_ms", l.LatencyMs}, {"jitter_ms", l.JitterMs}, {"tail_ms", l.TailMs}, {"loss_pct", l.LossPct},
		{"ge_enter_pct", l.GEEnterPct}, {"ge_exit_pct", l.GEExitPct}, {"ge_loss_pct", l.GELossPct},
		{"spike_every_ms", l.SpikeEveryMs}, {"spike_ms", l.SpikeMs}, {"spike_len_ms", l.SpikeLenMs},
	}
	var out [][2]string
	for _, x := range kv {
		if _, ok := lagcomp.Lookup(x.key); !ok {
			panic("fit: no key " + x.key) // a renamed key: caught by the tests
		}
		out = append(out, [2]string{x.key, strconv.FormatFloat(x.v, 'f', -1, 64)})
	}
	return out
}

func writeFit(w io.Writer, file string, r *fit.Result) error {
	var b strings.Builder
	every := r.Interval.Millis()
	fmt.Fprintf(&b, "# lagscope fit %s: %d packets over %.1f s (one every %s ms), %d lost\n", file, r.Packets, r.Span.Seconds(), fmtG(every), r.Lost)
	if r.OneWayHalved {
		b.WriteString("# a ping log: one way = RTT/2 (ping cannot tell the legs apart); both directions get these keys\n")
	}
	if r.Rounded > 0 {
		fmt.Fprintf(&b, "# %d round trips of 100 ms or more are whole milliseconds, as ping prints them: read as rounded (±0.5 ms, ±0.25 one way), the model compared rounded alike\n", r.Rounded)
	}
	for _, kv := range fitKeys(r) {
		fmt.Fprintf(&b, "%s = %s\n", kv[0], kv[1])
	}
	verdict := func(bad bool) string {
		if bad {
			return "FITS BADLY"
		}
		return "fits"
	}
	d := r.DelayFit
	spikes := fmt.Sprintf("%d spikes", r.Spikes)
	if r.Spikes == 1 {
		spikes = "1 spike"
	}
	fmt.Fprintf(&b, "# delay: %s above the least delay; KS D = %.3f (p = %s) over %d packets outside %s: %s\n",
		r.DelayModel, d.D, fmtG(d.P), d.N, spikes, verdict(d.Bad))
	c := r.RunsFit
	loss := "independent"
	if r.Bursty {
		loss = "Gilbert-Elliott"
	}
	if c.Judged {
		fmt.Fprintf(&b, "# loss runs: %s (likelihood ratio %.1f, bursty above 16.3); chi-square %.2f, %d dof, p = %s over %d runs: %s\n",
			loss, r.LossLR, c.Stat, c.DoF, fmtG(c.P), c.Runs, verdict(c.Bad))
	} else {
		fmt.Fprintf(&b, "# loss runs: %s; %d runs of losses, too few to judge their lengths\n", loss, c.Runs)
	}
	a := r.TimeFit
	fmt.Fprintf(&b, "# delay over time: lag-1 autocorrelation %.2f measured, %.2f fitted: %s\n", a.Measured, a.Fitted, verdict(a.Bad))
	_, err := io.WriteString(w, b.String())
	return err
}

func fmtG(x float64) string {
	if math.IsNaN(x) {
		return "-"
	}
	return strconv.FormatFloat(x, 'g', 3, 64)
}
