package cli

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"lagscope/lagcomp"
	"lagscope/lagcomp/events"
	"lagscope/lagcomp/records"
	"lagscope/model"
	"lagscope/presets"
	"lagscope/views/capture"
)

// setFlags collects repeated --set key=value.
type setFlags []lagcomp.Setting

func (s *setFlags) String() string { return fmt.Sprint(len(*s)) }

func (s *setFlags) Set(v string) error {
	k, val, ok := strings.Cut(v, "=")
	if !ok || k == "" {
		return fmt.Errorf("want key=value, got %q", v)
	}
	*s = append(*s, lagcomp.Setting{Key: k, Value: val})
	return nil
}

// noteRenamed tells stderr of the keys the preset, --set or the texts of
// flag name (--compare, --vary) name by an old name, which work as the
// new ones, and puts --set's under their new names: what a sweep or a
// sidecar writes out uses them.
func (f *runFlags) noteRenamed(stderr io.Writer, name string, texts ...string) {
	if p, err := presets.Load(f.preset); err == nil { // an error is config's to report
		for _, n := range p.Notes {
			fmt.Fprintln(stderr, "lagscope: note:", n)
		}
	}
	for i, s := range f.sets {
		if cur, n := lagcomp.Renamed(s.Key); n != "" {
			fmt.Fprintln(stderr, "lagscope: note: --set:", n)
			f.sets[i].Key = cur
		}
	}
	for _, t := range texts {
		for _, n := range lagcomp.RenameNotes(t) {
			fmt.Fprintf(stderr, "lagscope: note: %s: %s\n", name, n)
		}
	}
}

// runFlags are the flags every headless command shares.
type runFlags struct {
	preset   string
	sets     setFlags
	events   eventFlags
	duration string
	seed     string
	// evented: --event's events were added to the key events, so an
	// error of that key is --event's, not a --set the user never gave
	evented bool
}

// eventFlags collects repeated --event TIME[@CLIENT]:WHAT, each checked
// as it is read (lagcomp/events' text form).
type eventFlags []string

func (e *eventFlags) String() string { return strings.Join(*e, "; ") }

func (e *eventFlags) Set(v string) error {
	if strings.Contains(v, ";") {
		return fmt.Errorf("one event a flag, got %q (repeat --event)", v)
	}
	if _, err := events.ParseOne(strings.TrimSpace(v)); err != nil {
		return fmt.Errorf("%q: %w", v, err)
	}
	*e = append(*e, strings.TrimSpace(v))
	return nil
}

// addEvents puts --event's events after the preset's (or after --set
// events=…'s) as one --set of the key events, so every run of the
// command — a sweep's points, a sidecar — carries them. Once.
func (f *runFlags) addEvents(base lagcomp.Config) {
	if len(f.events) == 0 {
		return
	}
	script := base.Events
	for _, s := range f.sets {
		if s.Key == "events" {
			script = fmt.Sprint(s.Value)
		}
	}
	all := append([]string{}, f.events...)
	if strings.TrimSpace(script) != "" {
		all = append([]string{script}, all...)
	}
	f.sets = append(f.sets, lagcomp.Setting{Key: "events", Value: strings.Join(all, "; ")})
	f.events, f.evented = nil, true
}

// setErr names the flag a settings error came from.
func (f *runFlags) setErr(err error) error {
	if f.evented && strings.HasPrefix(err.Error(), `key "events"`) {
		return fmt.Errorf("--event (after the preset's events): %w", err)
	}
	return fmt.Errorf("--set: %w", err)
}

func (f *runFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.preset, "preset", presets.Default, "preset name or .toml file")
	fs.Var(&f.sets, "set", "key=value, repeatable (lagscope keys lists the keys)")
	fs.Var(&f.events, "event", "a scripted event, repeatable, after the preset's: 3s:latency_ms=200 (add ,for=2s to undo it after 2 s), 3s:outage=1s, 3s@victim:disconnect=2s (clients: all, shooter, victim, observerN)")
	fs.StringVar(&f.duration, "duration", "", "simulated time, e.g. 10s or 2500ms (default: the preset's duration_ms)")
	fs.StringVar(&f.seed, "seed", "", "random seed (default: the preset's); given, it wins over --set seed=N")
}

// config resolves the preset, --set, --seed and --duration into a valid
// configuration; every error names what was wrong and what is allowed.
func (f *runFlags) config() (lagcomp.Config, error) {
	p, err := presets.Load(f.preset)
	if err != nil {
		return lagcomp.Config{}, err
	}
	cfg, err := p.Applied()
	if err != nil {
		return cfg, err
	}
	f.addEvents(cfg)
	if err := lagcomp.Apply(&cfg, f.sets); err != nil {
		return cfg, f.setErr(err)
	}
	seed, err := f.seedFlag()
	if err != nil {
		return cfg, err
	}
	if seed != nil {
		cfg.Seed = *seed
	}
	ms, err := f.durationFlag()
	if err != nil {
		return cfg, err
	}
	if ms > 0 {
		cfg.DurationMs = ms
	}
	return cfg, p.Validated(cfg)
}

// seedFlag is --seed, nil when not given.
func (f *runFlags) seedFlag() (*uint64, error) {
	if f.seed == "" {
		return nil, nil
	}
	n, err := strconv.ParseUint(f.seed, 10, 64)
	if p, _ := lagcomp.Lookup("seed"); err != nil || n > uint64(p.Max) { // the seed key's range
		return nil, fmt.Errorf("--seed: %q is not a whole number from 0 to 2^53 (%d)", f.seed, uint64(p.Max))
	}
	return &n, nil
}

// durationFlag is --duration in milliseconds, 0 when not given.
func (f *runFlags) durationFlag() (float64, error) {
	if f.duration == "" {
		return 0, nil
	}
	// the duration_ms key's range, in the flag's units (1ms to 1h)
	p, _ := lagcomp.Lookup("duration_ms")
	lo, hi := time.Duration(p.Min*float64(time.Millisecond)), time.Duration(p.Max*float64(time.Millisecond))
	span := fmt.Sprintf("%v to %v", lo, strings.TrimSuffix(strings.TrimSuffix(hi.String(), "0s"), "0m"))
	d, err := time.ParseDuration(f.duration)
	switch {
	case err != nil || d > hi:
		return 0, fmt.Errorf("--duration: %q is not a duration from %s (e.g. 10s, 2500ms)", f.duration, span)
	case d < lo: // 1ns was 0 ms, which meant the preset's duration
		return 0, fmt.Errorf("--duration: %q is below the least duration, %v (allowed: %s)", f.duration, lo, span)
	}
	return float64(d.Microseconds()) / 1000, nil
}

// parseFlags parses a subcommand's flags and checks its output paths
// (checkOutputs). It returns ok to go on, or the exit code to return: 0
// after -h/--help (the usage goes to stdout), 2 after bad usage (the
// error and the usage go to stderr) or a bad output path.
func parseFlags(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) (code int, ok bool) {
	fs.SetOutput(stderr) // the flag package writes its parse errors here
	fs.Usage = func() {} // and calls this on errors and on -h: usage below instead
	usage := func(w io.Writer) {
		name := "lagscope " + fs.Name()
		if fs.Name() == "lagscope" {
			name = "lagscope"
		}
		fmt.Fprintf(w, "usage: %s [flags]\n\nflags:\n", name)
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(stderr)
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			usage(stdout)
			return 0, false
		}
		usage(stderr)
		return 2, false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "lagscope %s: unexpected argument %q\n", fs.Name(), fs.Arg(0))
		usage(stderr)
		return 2, false
	}
	if err := checkOutputs(fs); err != nil {
		fmt.Fprintf(stderr, "lagscope %s: %v\n", fs.Name(), err)
		return 2, false
	}
	return 0, true
}

func cmdSim(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	var rf runFlags
	rf.register(fs)
	asJSON := fs.Bool("json", false, "one JSON object per line: each shot, then a summary")
	only := fs.Bool("summary", false, "print the summary alone: the last line of --json")
	asCSV := fs.Bool("csv", false, "print the summary as CSV: a header and the row lagscope sweep would write")
	packets := fs.Bool("packets", false, "with --json: also one line per packet copy (type packet), before the summary")
	compare := fs.String("compare", "", "k=v[,k=v…]: also run the same seed with these settings changed; print both summaries and B − A")
	var telemetryCSV string
	outFlag(fs, &telemetryCSV, "telemetry", "a CSV table", false, "write the run's telemetry to this CSV file: a row per server tick and client, and the server's (lagscope's README lists the columns)", ".csv")
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	if n := len(slices.DeleteFunc([]bool{*asJSON, *only, *asCSV}, func(b bool) bool { return !b })); n > 1 {
		fmt.Fprintln(stderr, "lagscope sim: --json, --summary and --csv each choose the output: give one")
		return 2
	}
	if *packets && (!*asJSON || *compare != "") {
		fmt.Fprintln(stderr, "lagscope sim: --packets adds lines to --json's output: give it with --json (and without --compare)")
		return 2
	}
	if telemetryCSV != "" && *compare != "" {
		fmt.Fprintln(stderr, "lagscope sim: --telemetry samples one run: give it without --compare")
		return 2
	}
	rf.noteRenamed(stderr, "--compare", *compare)
	cfg, err := rf.config()
	if err != nil {
		fmt.Fprintln(stderr, "lagscope sim:", err)
		return 2
	}
	if *compare != "" {
		if err := simCompare(stdout, cfg, *compare, *asJSON); err != nil {
			fmt.Fprintln(stderr, "lagscope sim:", err)
			return 2
		}
		return 0
	}
	start := time.Now()
	sim, err := lagcomp.New(cfg)
	if err != nil {
		fmt.Fprintln(stderr, "lagscope sim:", err)
		return 2
	}
	// no view draws this run: its recent packets' log (what frames show)
	// would be written and never read (--packets runs it again: writePackets)
	sim.NoPacketLog()
	var tel *telemetryFile
	if telemetryCSV != "" {
		if tel, err = sampleTelemetry(sim, telemetryCSV); err != nil {
			fmt.Fprintln(stderr, "lagscope sim: --telemetry:", err)
			return 1
		}
		defer tel.abort() // a no-op once committed
	}
	prog, done := progressTo(stderr, fmt.Sprintf("simulating %v", dur(model.MsF(cfg.DurationMs))))
	stepProgress(sim, model.MsF(cfg.DurationMs), prog)
	done()
	if tel != nil {
		if err := tel.commit(); err != nil {
			fmt.Fprintln(stderr, "lagscope sim: --telemetry:", err)
			return 1
		}
	}
	wall := time.Since(start)
	sum := sim.Summary()
	if sum.ShotsFired == 0 && sum.FireHeldNoSight > 0 {
		// no shot, no record to name it in: said here and counted in the summary
		fmt.Fprintln(stderr, "lagscope: note: the shooter fired nothing: whenever it could, the target was out of its sight (a wall between, out of range, or dead): fire_held_no_sight", sum.FireHeldNoSight)
	}
	switch {
	case *asCSV:
		err = records.WriteCSV(stdout, sim.Config().Seed, records.Summary(sim, &sum))
	case *only:
		err = json.NewEncoder(stdout).Encode(summaryLine(sim, &sum, wall))
	case *asJSON:
		var pkts func(*json.Encoder) error
		if *packets {
			// cfg as the run began (sim.Config() is as it ended: its events applied)
			pkts = func(enc *json.Encoder) error { return writePackets(enc, cfg, stderr) }
		}
		err = writeJSON(stdout, sim, &sum, wall, pkts)
	default:
		err = writeTable(stdout, sim, &sum, wall)
	}
	if err != nil {
		fmt.Fprintln(stderr, "lagscope sim:", err)
		return 1
	}
	return 0
}

// stepProgress runs sim to end, in a hundred steps when someone listens
// for progress (stepping in parts gives the same run: the window does it
// every frame).
func stepProgress(sim *lagcomp.Sim, end model.Time, progress capture.Progress) {
	if progress == nil {
		sim.Step(end)
		return
	}
	start := sim.Now
	for i := 1; i <= 100; i++ {
		sim.Step(start + (end-start)*model.Time(i)/100)
		progress(float64(i) / 100)
	}
}

// writeJSON writes the run's lines: its shots, projectiles, bursts,
// movement, duel, kills and traces, then (packets, when not nil) its packets,
// then the summary.
func writeJSON(w io.Writer, sim *lagcomp.Sim, sum *lagcomp.Summary, wall time.Duration, packets func(*json.Encoder) error) error {
	enc := json.NewEncoder(w)
	shots := sim.AllShots()
	for i := range shots {
		if err := enc.Encode(records.Shot(&shots[i])); err != nil {
			return err
		}
	}
	projs := sim.Projectiles()
	for i := range projs {
		if err := enc.Encode(records.Projectile(&projs[i])); err != nil {
			return err
		}
	}
	for _, r := range sim.BurstRecords() {
		if err := enc.Encode(records.Burst(&r)); err != nil {
			return err
		}
	}
	for _, m := range sim.Movement() {
		if err := enc.Encode(records.Movement(&m)); err != nil {
			return err
		}
	}
	if pa, ok := sim.PeekersAdvantage(); ok {
		if err := enc.Encode(records.Duel(&pa)); err != nil {
			return err
		}
	}
	for _, k := range sim.Kills() {
		if err := enc.Encode(records.Kill(&k)); err != nil {
			return err
		}
	}
	for _, t := range records.Traces(sim) {
		if err := enc.Encode(t); err != nil {
			return err
		}
	}
	if packets != nil {
		if err := packets(enc); err != nil {
			return err
		}
	}
	return enc.Encode(summaryLine(sim, sum, wall))
}

// writePackets writes a line per packet copy of the run of cfg, each as
// the run sends it. The lines come after the shots', which only the end
// of a run knows, so the run is made again for them (one seed, one run:
// the same packets, in the same order) rather than every packet of it
// kept until the end — 160 MB for 10 simulated minutes, 1.3 GB for 5
// with 62 observers; this way the memory is the run's, whatever its
// length. A write that fails stops the writing; the run is cut short at
// its next hundredth.
func writePackets(enc *json.Encoder, cfg lagcomp.Config, stderr io.Writer) error {
	sim, err := lagcomp.New(cfg)
	if err != nil {
		return err
	}
	sim.NoPacketLog()
	var werr error
	sim.StreamPackets(func(p *lagcomp.PacketFrame) {
		if werr == nil {
			werr = enc.Encode(records.Packet(p))
		}
	})
	prog, done := progressTo(stderr, "listing packets")
	defer done()
	start, end := sim.Now, model.MsF(cfg.DurationMs)
	for i := 1; i <= 100 && werr == nil; i++ {
		sim.Step(start + (end-start)*model.Time(i)/100)
		if prog != nil {
			prog(float64(i) / 100)
		}
	}
	return werr
}

// summaryLine is the last line of --json.
func summaryLine(sim *lagcomp.Sim, sum *lagcomp.Summary, wall time.Duration) records.SummaryJSON {
	sj := records.Summary(sim, sum)
	sj.WallMs = float64(wall.Microseconds()) / 1000
	return sj
}

func writeTable(w io.Writer, sim *lagcomp.Sim, sum *lagcomp.Summary, wall time.Duration) error {
	cfg := sim.Config()
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "#\tfire ms\tjudged ms\trewind ms\tideal ms\terror m\tclient\tserver\tmiss by m\trules\t")
	shots := sim.AllShots()
	for i := range shots {
		writeShotRow(tw, &shots[i])
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	agree := "n/a"
	if !math.IsNaN(sum.Agreement) {
		agree = fmt.Sprintf("%.1f %%", 100*sum.Agreement)
	}
	if projs := sim.Projectiles(); len(projs) > 0 {
		writeProjectiles(w, projs)
	}
	writeBursts(w, sim.BurstRecords())
	// projectile shots that arrived spawned projectiles (their table above)
	// rather than judged traces
	fates := fmt.Sprintf("%d judged, %d rejected", sum.Shots, sum.Rejected)
	if spawned := sum.ShotsFired - sum.ShotsLost - sum.ShotsInFlight - sum.Shots - sum.Rejected; spawned > 0 {
		fates = fmt.Sprintf("%d reached the server as projectiles, %s hitscan", spawned, fates)
	}
	_, err := fmt.Fprintf(w, "\nmode %s, %d shots (%d duplicates rejected): %s, %d lost, %d in flight\n"+
		"judged: client hits %d, server hits %d; agreement %s (lost shots the client saw hit count as disagreements: %d)\n"+
		"%s\n"+
		"behind cover (server hits the victim's own screen showed behind a wall when judged): %d\n"+
		"rules: %s\n"+
		"simulated %.1f s in %.1f ms\n",
		cfg.Mode, sum.ShotsFired, sum.DupsRejected, fates, sum.ShotsLost, sum.ShotsInFlight,
		sum.ClientHits, sum.ServerHits, agree, sum.LostClientHits,
		rewindLine(sum), sum.BehindCover,
		ruleCounts(sum.RuleCounts), sim.Now.Seconds(), float64(wall.Microseconds())/1000)
	if err == nil && sum.FireHeldNoSight > 0 {
		_, err = fmt.Fprintf(w, "fire held for want of sight (a wall between, out of range, or dead): %d times\n", sum.FireHeldNoSight)
	}
	if err == nil && (sum.MaxClockErrorMs > 0 || sum.ClockVerdicts > 0) {
		_, err = fmt.Fprintf(w, "client clock (%s): stamps off by %.3f ms on average over %d stamped shots, at most %.3f; %d verdicts changed by it (clock_error)\n",
			cfg.ClockSync, sum.MeanClockErrorMs, sum.ClockErrorShots, sum.MaxClockErrorMs, sum.ClockVerdicts)
	}
	if err == nil && cfg.Cheats() {
		_, err = fmt.Fprintf(w, "cheats: %+g server hits over the honest twin (the same run with every cheat off)\n", sum.CheatHitsGained)
	}
	return err
}

// rewindLine is the rewind figures over the shots the server traced; in
// client mode it traced none, and says so rather than print a perfect 0.
func rewindLine(sum *lagcomp.Summary) string {
	if sum.ShotsTraced == 0 {
		return "rewind error: none traced (the server rewound no shot)"
	}
	return fmt.Sprintf("rewind error mean %.3f m, p95 %.3f m; rewind mean %.1f ms vs ideal %.1f ms (%d traced)",
		sum.MeanRewindErrM, sum.P95RewindErrM, sum.MeanRewindMs, sum.MeanIdealMs, sum.ShotsTraced)
}

// ruleCounts lists every rule that shaped a shot and how often, so a
// clamp or fallback (trail_exhausted, max_rewind_cap, ...) is counted in
// the text summary as in the JSON one.
func ruleCounts(cs []lagcomp.RuleCount) string {
	if len(cs) == 0 {
		return "none"
	}
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = fmt.Sprintf("%s %d", c.Rule, c.Count)
	}
	return strings.Join(parts, ", ")
}

// writeShotRow is one shot of the table; what the server never did is "-".
func writeShotRow(tw io.Writer, r *lagcomp.ShotRecord) {
	rules := make([]string, len(r.Rules))
	for j, x := range r.Rules {
		rules[j] = string(x)
	}
	judged, ideal, server, rewind, errM, miss := "-", "-", strings.ToUpper(string(r.Outcome)), "-", "-", "-"
	if r.HasServerSide() {
		judged, ideal = fmt.Sprintf("%.1f", r.Judged.Millis()), fmt.Sprintf("%.1f", r.IdealRewindMs())
	}
	if r.Outcome == lagcomp.OutcomeJudged {
		server = verdict(r.ServerHit)
	}
	if r.Traced() {
		rewind, errM, miss = fmt.Sprintf("%.1f", r.RewindMs()), fmt.Sprintf("%.3f", r.RewindErrorM), fmt.Sprintf("%+.3f", r.MissByM)
	}
	// a records line may leave them out: not in the records, not 0
	if !r.Told(lagcomp.UntoldIdeal) {
		ideal = "?"
	}
	if !r.Told(lagcomp.UntoldMissBy) {
		miss = "?"
	}
	fmt.Fprintf(tw, "%d\t%.1f\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n",
		r.Seq, r.Fire.Millis(), judged, rewind, ideal, errM,
		verdict(r.ClientHit), server, miss, strings.Join(rules, ","))
}

func verdict(hit bool) string {
	if hit {
		return "hit"
	}
	return "miss"
}

func writeProjectiles(w io.Writer, projs []lagcomp.ProjectileRecord) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "\nprojectile\tfire ms\tforward ms\tfake delay ms\tspawn offset m\tmax diverg. m\tdet. apart m\trule\tremote jump m\t")
	for i := range projs {
		r := &projs[i]
		apart := "-"
		if !math.IsNaN(r.DetonationDistM) {
			apart = fmt.Sprintf("%.3f", r.DetonationDistM)
		}
		fmt.Fprintf(tw, "%d\t%.1f\t%.1f\t%.1f\t%.3f\t%.3f\t%s\t%s\t%.2f\t\n", r.Seq, r.Fire.Millis(), r.Forward.Millis(),
			r.FakeDelay.Millis(), r.LinkOffsetM, r.MaxDivergenceM, apart, r.Rule, r.RemoteJumpM)
	}
	tw.Flush()
	sum := lagcomp.SummarizeProjectiles(projs)
	fmt.Fprintf(w, "%d projectiles: mean spawn offset %s m, max divergence %s m, mean detonation distance %s m, rules:",
		sum.Count, metres(sum.MeanLinkOffsetM), metres(sum.MaxDivergenceM), metres(sum.MeanDetDistM))
	for _, rc := range sum.Rules {
		fmt.Fprintf(w, " %s %d", rc.Rule, rc.Count)
	}
	fmt.Fprintln(w)
}

// metres is a distance of the summary to the millimetre, "–" where it
// has no value (NaN: nothing was measured), never a perfect 0.
func metres(x float64) string {
	if math.IsNaN(x) {
		return "–"
	}
	return fmt.Sprintf("%.3f", x)
}

// writeBursts is a line per remote client: what its copy of the shooter's
// weapon played against the shots the server fired (ShooterGame's BurstCounter article).
func writeBursts(w io.Writer, rs []lagcomp.BurstRecord) {
	for i := range rs {
		fmt.Fprintln(w, burstLine(&rs[i]))
	}
}

// burstLine accounts every shot and every effect, so each sum adds up:
// shots = judged + culled + pending, judged = with an effect + without,
// effects = those for judged shots + those for pending or culled ones +
// extra. (Played, missed and pending were counted in effects, bursts and
// shots on one line: "3 played for 4 shots … 2 pending".)
func burstLine(r *lagcomp.BurstRecord) string {
	judged := r.ShotsFired - r.ShotsCulled - r.ShotsPending
	with := judged - r.ShotsWithoutEffect // one effect each: the effects for judged shots
	return fmt.Sprintf("fire effects, %s (%s): %s: %d judged (%d with an effect, %d without: %s and %s missed whole), %d culled, %d pending; "+
		"%s played: %d for judged shots, %d for pending or culled ones, %d extra (%d bogus); %.1f bit/s",
		r.Name, r.Encoding, plural(r.ShotsFired, "shot"), judged, with, r.ShotsWithoutEffect,
		plural(r.SingleShotsMissed, "single shot"), plural(r.BurstsMissed, "burst"), r.ShotsCulled, r.ShotsPending,
		plural(r.EffectsPlayed, "effect"), with, r.EffectsPlayed-with-r.ExtraEffects, r.ExtraEffects, r.BogusBursts, r.BitsPerSecond) + burstNotes(r)
}

// burstNotes names what shaped the effects when it happened: shots an
// update brought beyond the flashes it played, updates dropped for
// arriving out of order.
func burstNotes(r *lagcomp.BurstRecord) string {
	s := ""
	if r.MergedShots > 0 {
		s += fmt.Sprintf("; %s merged into another's flash", plural(r.MergedShots, "shot"))
	}
	if r.UpdatesStale > 0 {
		s += fmt.Sprintf("; %s dropped out of order", plural(r.UpdatesStale, "stale update"))
	}
	return s
}

// plural is "1 shot", "2 shots".
func plural(n int, one string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %ss", n, one)
}
