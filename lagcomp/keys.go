package lagcomp

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"lagscope/lagcomp/burstcounter"
	"lagscope/lagcomp/clock"
	"lagscope/lagcomp/compensation"
	"lagscope/lagcomp/events"
	"lagscope/lagcomp/movement"
	"lagscope/lagcomp/netem"
	"lagscope/lagcomp/param"
	"lagscope/lagcomp/ping"
	"lagscope/lagcomp/rewind"
	"lagscope/model"
)

// The configuration's keys: this file is their one declaration. Each
// key's name, group, unit, range, default, words for people, whether a
// change restarts the world and its slider are written once, in its row
// of buildParams; Defaults, NeedsRestart, preset files, --set, --vary,
// the window's widgets and the README's table (`lagscope keys
// --markdown`) are all derived from the rows. The machinery is package
// param.

// Param is one configuration key; Setting one key = value to apply.
type (
	Param   = param.Param[Config]
	Setting = param.Setting
	Kind    = param.Kind
)

// The kinds of a key's value.
const (
	KindFloat = param.KindFloat
	KindInt   = param.KindInt
	KindBool  = param.KindBool
	KindEnum  = param.KindEnum
	KindText  = param.KindText
)

// Keys is every configuration key, grouped as the README documents them,
// and the old names some keys had.
var Keys = param.NewTable(buildParams(), renamedKeys)

// Params is every configuration key, in Keys' order.
var Params = Keys.Params

// renamedKeys are old key names still accepted (with a note naming the
// new one) wherever a key is read, so no user's script or file breaks:
// the Gilbert-Elliott loss keys were burst_*, a word that also means the
// rapid-fire burst (burst_shots) and the replicated burst counter. The
// victim's one-way link keys follow the same rule, as a script written
// with the old names and victim keys would spell them.
var renamedKeys = func() map[string]string {
	m := map[string]string{}
	for _, f := range []string{"enter", "exit", "loss"} {
		for _, dir := range []string{"", "up_", "down_", "victim_up_", "victim_down_"} {
			m[dir+"burst_"+f+"_pct"] = dir + "ge_" + f + "_pct"
		}
	}
	return m
}()

// Lookup finds a key, by its name or an old one; keys are exact, so a
// case variant is not found.
func Lookup(key string) (*Param, bool) { return Keys.Lookup(key) }

// Overlap reports whether keys a and b write the same setting — the same
// key, or a both-way shorthand and one of its targets (latency_ms and
// up_ms) — and, when they differ, says how. Given together where one
// value replaces the other (--set and --vary, two --vary, an A/B's
// changes), one would win silently: latency_ms=100 with up_ms=10 is a
// 100 ms down leg alone.
func Overlap(a, b string) (bool, string) {
	pa, oka := Lookup(a)
	pb, okb := Lookup(b)
	if !oka || !okb {
		return a == b, ""
	}
	if pa.Key == pb.Key {
		return true, ""
	}
	for _, x := range [][2]*Param{{pa, pb}, {pb, pa}} {
		if slices.Contains(x[0].Sets, x[1].Key) {
			return true, fmt.Sprintf("%s sets %s", x[0].Key, strings.Join(x[0].Sets, " and "))
		}
	}
	return false, ""
}

// Renamed is key's current name and, for an old name, a note saying so.
func Renamed(key string) (current, note string) { return Keys.Renamed(key) }

// RenameNotes are the notes for the old key names in text written as
// --set, --vary and --compare take it (key=value, pieces joined by
// commas; a piece without "=" continues a value), one per old name, in
// the order written.
func RenameNotes(text string) []string {
	var notes []string
	for _, piece := range strings.Split(text, ",") {
		k, _, ok := strings.Cut(piece, "=")
		if !ok {
			continue
		}
		if _, note := Renamed(strings.TrimSpace(k)); note != "" && !slices.Contains(notes, note) {
			notes = append(notes, note)
		}
	}
	return notes
}

// Apply sets every key in order of precedence (network profile, then
// both-way shorthands, then the rest; ties in the order given). The first
// bad key stops it with an error naming the key and its allowed range; an
// unknown key suggests the nearest known one.
func Apply(c *Config, settings []Setting) error { return Keys.Apply(c, settings) }

// UnknownKey is the error for a key that does not exist, suggesting the
// nearest one that does.
func UnknownKey(key string) error { return Keys.UnknownKey(key) }

// Diff lists the keys whose values differ between a and b, in Params
// order: the caption of a screenshot, the body of a saved preset.
func Diff(a, b *Config) []Setting { return Keys.Diff(a, b) }

// Nearest is the name closest to word (case aside) within three edits,
// "" if none: a typo's likely meaning, for "did you mean".
func Nearest(word string, names []string) string { return param.Nearest(word, names) }

// The order keys apply in, whatever order a file or command line gives
// them: a profile first, then both-way shorthands, then the rest.
const (
	orderProfile = iota
	orderShorthand
	orderKey
)

func num(key, group, unit string, lo, hi, def float64, doc string, f func(*Config) *float64) *Param {
	return &Param{Key: key, Group: group, Kind: KindFloat, Unit: unit, Min: lo, Max: hi, Default: def, Doc: doc, Order: orderKey,
		Read:  func(c *Config) any { return *f(c) },
		Write: func(c *Config, v any) { *f(c) = v.(float64) }}
}

func integer(key, group, unit string, lo, hi float64, def int, doc string, f func(*Config) *int) *Param {
	return &Param{Key: key, Group: group, Kind: KindInt, Unit: unit, Min: lo, Max: hi, Default: def, Doc: doc, Order: orderKey,
		Read:  func(c *Config) any { return *f(c) },
		Write: func(c *Config, v any) { *f(c) = int(v.(float64)) }}
}

func flag(key, group string, def bool, doc string, f func(*Config) *bool) *Param {
	return &Param{Key: key, Group: group, Kind: KindBool, Default: def, Doc: doc, Order: orderKey,
		Read:  func(c *Config) any { return *f(c) },
		Write: func(c *Config, v any) { *f(c) = v.(bool) }}
}

func choice[T ~string](key, group string, choices []T, def T, doc string, f func(*Config) *T) *Param {
	names := make([]string, len(choices))
	for i, c := range choices {
		names[i] = string(c)
	}
	return &Param{Key: key, Group: group, Kind: KindEnum, Choices: names, Default: string(def), Doc: doc, Order: orderKey,
		Read:  func(c *Config) any { return string(*f(c)) },
		Write: func(c *Config, v any) { *f(c) = T(v.(string)) }}
}

// enum is choice for a key kept as a small number named by its String.
func enum[T interface {
	~uint8
	String() string
}](key, group string, choices []T, def T, doc string, f func(*Config) *T) *Param {
	names := make([]string, len(choices))
	for i, c := range choices {
		names[i] = c.String()
	}
	return &Param{Key: key, Group: group, Kind: KindEnum, Choices: names, Default: def.String(), Doc: doc, Order: orderKey,
		Read:  func(c *Config) any { return (*f(c)).String() },
		Write: func(c *Config, v any) { *f(c) = choices[slices.Index(names, v.(string))] }}
}

// degrees stores an angle given in degrees as radians.
func degrees(key, group string, def float64, doc string, f func(*Config) *float64) *Param {
	return &Param{Key: key, Group: group, Kind: KindFloat, Unit: "deg", Min: -360, Max: 360, Default: def, Doc: doc, Order: orderKey,
		Read:  func(c *Config) any { return math.Round(*f(c)*180/math.Pi*1e9) / 1e9 },
		Write: func(c *Config, v any) { *f(c) = v.(float64) * math.Pi / 180 }}
}

// duration stores milliseconds as a model.Time.
func duration(key, group string, lo, hi, def float64, doc string, f func(*Config) *model.Time) *Param {
	return &Param{Key: key, Group: group, Kind: KindFloat, Unit: "ms", Min: lo, Max: hi, Default: def, Doc: doc, Order: orderKey,
		Read:  func(c *Config) any { return f(c).Millis() },
		Write: func(c *Config, v any) { *f(c) = model.MsF(v.(float64)) }}
}

// linkField is one field of netem.LinkConfig, exposed per direction and
// both ways. slider is the both-way key's (and, with oneWay, each
// direction's too).
type linkField struct {
	both, up, down string
	unit           string
	lo, hi, def    float64
	doc            string
	f              func(*netem.LinkConfig) *float64
	slider         *param.Slider
	oneWay         bool
}

var linkFields = []linkField{
	{"latency_ms", "up_ms", "down_ms", "ms", 0, 5000, 40, "base one-way latency; no packet arrives sooner", func(l *netem.LinkConfig) *float64 { return &l.LatencyMs }, logSlider(0, 2000, 1), true},
	{"jitter_ms", "up_jitter_ms", "down_jitter_ms", "ms", 0, 2000, 0, "uniform extra delay, 0 to this", func(l *netem.LinkConfig) *float64 { return &l.JitterMs }, logSlider(0, 500, 1), false},
	{"tail_ms", "up_tail_ms", "down_tail_ms", "ms", 0, 2000, 0, "mean of an exponential extra delay (right-skewed)", func(l *netem.LinkConfig) *float64 { return &l.TailMs }, logSlider(0, 200, 1), false},
	{"loss_pct", "up_loss_pct", "down_loss_pct", "%", 0, 100, 0, "independent packet loss", func(l *netem.LinkConfig) *float64 { return &l.LossPct }, logSlider(0, 100, 0.5), false},
	{"dup_pct", "up_dup_pct", "down_dup_pct", "%", 0, 100, 0, "packets delivered twice", func(l *netem.LinkConfig) *float64 { return &l.DupPct }, nil, false},
	{"reorder_pct", "up_reorder_pct", "down_reorder_pct", "%", 0, 100, 0, "packets allowed to overtake earlier ones (else FIFO: held behind the packet ahead); the Unity profiles (regional-p…, intl-p50) set 100, as Unity delays each packet on its own", func(l *netem.LinkConfig) *float64 { return &l.ReorderPct }, nil, false},
	{"ge_enter_pct", "up_ge_enter_pct", "down_ge_enter_pct", "%", 0, 100, 0, "Gilbert-Elliott: chance per packet of entering the bad state", func(l *netem.LinkConfig) *float64 { return &l.GEEnterPct }, nil, false},
	{"ge_exit_pct", "up_ge_exit_pct", "down_ge_exit_pct", "%", 0, 100, 0, "Gilbert-Elliott: chance per packet of leaving it", func(l *netem.LinkConfig) *float64 { return &l.GEExitPct }, nil, false},
	{"ge_loss_pct", "up_ge_loss_pct", "down_ge_loss_pct", "%", 0, 100, 0, "Gilbert-Elliott: loss while in the bad state", func(l *netem.LinkConfig) *float64 { return &l.GELossPct }, nil, false},
	{"spike_every_ms", "up_spike_every_ms", "down_spike_every_ms", "ms", 0, 600000, 0, "mean time between lag spikes (0 = none)", func(l *netem.LinkConfig) *float64 { return &l.SpikeEveryMs }, nil, false},
	{"spike_ms", "up_spike_ms", "down_spike_ms", "ms", 0, 5000, 0, "extra delay during a spike", func(l *netem.LinkConfig) *float64 { return &l.SpikeMs }, nil, false},
	{"spike_len_ms", "up_spike_len_ms", "down_spike_len_ms", "ms", 0, 10000, 0, "how long a spike lasts", func(l *netem.LinkConfig) *float64 { return &l.SpikeLenMs }, nil, false},
}

func logSlider(lo, hi, step float64) *param.Slider {
	return &param.Slider{Lo: lo, Hi: hi, Step: step, Log: true}
}

func linkParams() []*Param {
	var ps []*Param
	for _, lf := range linkFields {
		up := num(lf.up, "network", lf.unit, lf.lo, lf.hi, lf.def, lf.doc+", client to server", func(c *Config) *float64 { return lf.f(&c.Up) })
		down := num(lf.down, "network", lf.unit, lf.lo, lf.hi, lf.def, lf.doc+", server to client", func(c *Config) *float64 { return lf.f(&c.Down) })
		if lf.oneWay {
			up.Slider, down.Slider = lf.slider, lf.slider
		}
		ps = append(ps,
			&Param{Key: lf.both, Group: "network", Kind: KindFloat, Unit: lf.unit, Min: lf.lo, Max: lf.hi, Alias: true, Sets: []string{lf.up, lf.down},
				Order: orderShorthand, Slider: lf.slider,
				Doc:   lf.doc + ", both directions (sets " + lf.up + " and " + lf.down + ")",
				Write: func(c *Config, v any) { *lf.f(&c.Up) = v.(float64); *lf.f(&c.Down) = v.(float64) }},
			up, down,
		)
	}
	return ps
}

// traceParams are the keys of a recorded link replayed (netem's
// trace.go), both ways and per direction as linkFields are. A path is
// read as written (the preset loader makes one relative to its preset's
// file); it is read once per process, so every run replays the same
// bytes, and checking the key reads it: a bad file is an error naming
// it, its line and its field.
func traceParams() []*Param {
	const doc = "a recorded link replayed: a CSV t_ms,delay_ms,lost or an iputils ping log (one way = RTT/2); its delay replaces latency_ms, and jitter, tail, spikes, loss, Gilbert-Elliott loss and duplication add on top (\"\" = none)"
	check := func(s string) error {
		if s == "" {
			return nil
		}
		_, err := netem.LoadTrace(s)
		return err
	}
	dir := func(key, which string, f func(*Config) *netem.LinkConfig) *Param {
		return &Param{Key: key, Group: "network", Kind: KindText, Default: "", Order: orderKey, Doc: doc + ", " + which,
			Read:      func(c *Config) any { return f(c).Trace },
			Write:     func(c *Config, v any) { f(c).Trace = v.(string) },
			CheckText: check, Path: true}
	}
	return []*Param{
		{Key: "trace", Group: "network", Kind: KindText, Alias: true, Sets: []string{"up_trace", "down_trace"}, Order: orderShorthand,
			Doc:       doc + ", both directions (sets up_trace and down_trace)",
			Write:     func(c *Config, v any) { c.Up.Trace, c.Down.Trace = v.(string), v.(string) },
			CheckText: check, Path: true},
		dir("up_trace", "client to server", func(c *Config) *netem.LinkConfig { return &c.Up }),
		dir("down_trace", "server to client", func(c *Config) *netem.LinkConfig { return &c.Down }),
		{Key: "trace_loop", Group: "network", Kind: KindBool, Default: true, Order: orderKey,
			Doc:   "a trace starts over after its end (false: its last row holds)",
			Read:  func(c *Config) any { return c.Up.TraceLoop },
			Write: func(c *Config, v any) { c.Up.TraceLoop, c.Down.TraceLoop = v.(bool), v.(bool) }},
		traceLossParam(),
	}
}

// traceLossParam is trace_loss: how a trace's lost rows drop packets,
// one key for both directions as trace_loop is.
func traceLossParam() *Param {
	p := choice("trace_loss", "network", netem.TraceLosses, netem.LossRate,
		fmt.Sprintf("how a trace's lost rows drop packets: rate (a trace whose rows are further apart than the link's packets, as a ping log's probes are: each packet is lost at the share of lost rows within %d rows each side of its instant, and one sent over a lost row takes the delay before it; a lost probe is one sample, not a second of outage) or outage (every packet sent while a lost row holds is lost); a trace with a row a packet is replayed row by row either way", netem.TraceLossWindow),
		func(c *Config) *netem.TraceLoss { return &c.Up.TraceLoss })
	p.Write = func(c *Config, v any) {
		c.Up.TraceLoss, c.Down.TraceLoss = netem.TraceLoss(v.(string)), netem.TraceLoss(v.(string))
	}
	p.Read = func(c *Config) any { return string(c.Up.TraceLoss.Or()) } // a link written without it (a LinkConfig literal) is rate
	return p
}

// withProfile is link l with a network profile's conditions: a profile
// is conditions, so the trace a link replays (and its looping) stays.
func withProfile(l netem.LinkConfig, name string) netem.LinkConfig {
	p, _ := netem.Profile(name)
	p.Trace, p.TraceLoop, p.TraceLoss = l.Trace, l.TraceLoop, l.TraceLoss
	return p
}

// victimLinkParams are the victim's own link keys: every link key with a
// victim_ prefix (victim_up_loss_pct, victim_down_jitter_ms, and the
// both-way victim_latency_ms…), -1 meaning as the shooter's. The victim is
// the duel's peeker too; observers keep the shooter's links.
func victimLinkParams() []*Param {
	var ps []*Param
	for _, lf := range linkFields {
		doc := "the victim's own: " + lf.doc + " (-1 = as the shooter's)"
		up := num("victim_"+lf.up, "network", lf.unit, -1, lf.hi, -1, doc+", client to server", func(c *Config) *float64 { return lf.f(&c.VictimUp) })
		down := num("victim_"+lf.down, "network", lf.unit, -1, lf.hi, -1, doc+", server to client", func(c *Config) *float64 { return lf.f(&c.VictimDown) })
		both := &Param{Key: "victim_" + lf.both, Group: "network", Kind: KindFloat, Unit: lf.unit, Min: -1, Max: lf.hi, Alias: true, Sets: []string{up.Key, down.Key},
			Order: orderShorthand,
			Doc:   doc + ", both directions (sets " + up.Key + " and " + down.Key + ")",
			Write: func(c *Config, v any) { *lf.f(&c.VictimUp) = v.(float64); *lf.f(&c.VictimDown) = v.(float64) }}
		if lf.oneWay {
			sl := &param.Slider{Lo: -1, Hi: lf.slider.Hi, Step: lf.slider.Step}
			up.Slider, down.Slider, both.Slider = sl, sl, sl
		}
		ps = append(ps, both, up, down)
	}
	return ps
}

// victimNetwork is network for the victim's own links, derived as the
// victim_ link keys are: the profile sets every one of them (so the
// victim's links are the profile's, none left as the shooter's), and
// the victim_ keys refine it, as the link keys refine network. With
// network for the shooter it puts two players of a population — the
// duel's holder and peeker — on their own percentiles.
func victimNetwork() *Param {
	return &Param{Key: "victim_network", Group: "network", Kind: KindEnum, Choices: netem.ProfileNames(), Alias: true, Order: orderProfile,
		Doc: "named network profile for both of the victim's (the duel's peeker's) directions; the victim_ link keys refine it",
		Write: func(c *Config, v any) {
			l, _ := netem.Profile(v.(string))
			for _, lf := range linkFields {
				*lf.f(&c.VictimUp), *lf.f(&c.VictimDown) = *lf.f(&l), *lf.f(&l)
			}
		}}
}

func buildParams() []*Param {
	ps := []*Param{
		{Key: "network", Group: "network", Kind: KindEnum, Choices: netem.ProfileNames(), Alias: true, Order: orderProfile,
			Doc:   "named network profile for both directions; other network keys refine it (" + netem.ProfileSources() + ")",
			Write: func(c *Config, v any) { c.Up, c.Down = withProfile(c.Up, v.(string)), withProfile(c.Down, v.(string)) }},
	}
	ps = append(ps, linkParams()...)
	ps = append(ps, traceParams()...)
	ps = append(ps, victimNetwork())
	ps = append(ps, victimLinkParams()...)
	ps = append(ps, populationParams()...)
	ps = append(ps,
		choice("reliable_style", "network", netem.Styles(), netem.NAK, "how reliable messages are resent: nak (Unreal: a packet missing from a later ack, about an RTT plus a packet interval), rto (RFC 6298: a timer from 3 RTT, doubled at each expiry, Karn's rule) or repeat (Quake 3: in every packet until acked); each gives the connection up by its engine's rule (connection_lost)", func(c *Config) *netem.Style { return &c.ReliableStyle }).Restart(),

		integer("tick_hz", "rates", "Hz", 1, 1000, 64, "server tick rate: history samples, command processing", func(c *Config) *int { return &c.TickHz }).Slide(1, 256, 1),
		integer("snapshot_hz", "rates", "Hz", 1, 1000, 32, "snapshots sent to each client (at most tick_hz)", func(c *Config) *int { return &c.SnapshotHz }).Slide(1, 256, 1),
		integer("fps", "rates", "Hz", 1, 1000, 120, "client frame rate", func(c *Config) *int { return &c.FPS }),
		choice("cmd_per", "rates", CmdPers(), CmdPerFrame, "when a client makes a command (a usercmd: its movement and its buttons; a shot is the fire button of the command of its beat): frame (Unreal: a move each render frame), tick (Source: one usercmd per client tick, at tick_hz) or cmd_frame (Overwatch: one per fixed command frame of cmd_frame_ms). cmd_rate_hz is how often the commands made since the last packet go out, not how often they are made", func(c *Config) *CmdPer { return &c.CmdPer }).Restart(),
		num("cmd_frame_ms", "rates", "ms", 1, 1000, 16, "cmd_per = cmd_frame: the fixed command frame (Overwatch's 16 ms)", func(c *Config) *float64 { return &c.CmdFrameMs }).Restart(),
		num("cmd_phase_ms", "rates", "ms", -1, 1000, -1, "cmd_per = tick or cmd_frame: where a client's command beats lie against the server's ticks, ms after each tick boundary (taken modulo the beat); -1 = drawn for each client from the seed, uniform over the beat. A real client's ticks and frames run on its own clock, started when it connected: Source's client ticks follow the server's tick count only as far as the link's delay allows, never its tick boundaries in real time, so the wait from a command's end to its command packet differs from run to run. cmd_per = frame has no clock of its own (a command each render frame): the key changes nothing there", func(c *Config) *float64 { return &c.CmdPhaseMs }).Restart(),
		integer("cmd_rate_hz", "rates", "Hz", 1, 1000, 64, "command packets a client sends a second, each carrying the commands made since the last (Source's cl_cmdrate); at most fps and at most the command beat (cmd_per: a packet carries at least one new command), a clamp the records name (cmd_rate_capped)", func(c *Config) *int { return &c.CmdRateHz }).Slide(1, 256, 1),
		num("input_buffer_ms", "rates", "ms", -1, 1000, -1, "how far the server's input buffer plays a client's inputs behind the first packet's delay and the client's own longest command wait (its schedule's span), to absorb late ones (-1 = one server tick)", func(c *Config) *float64 { return &c.InputBufferMs }).Slide(-1, 200, 1),
		choice("input_starved", "rates", movement.Starves(), movement.StarveRepeat, "what the server's input buffer does when a player's next input has not come: repeat (Overwatch: play the last input again, a guess that overshoots when the player turns); source (Source's usercmds: hold the pawn, then run the commands a later packet brings, cmd_backup's copies included, in one tick, each command missing before them replaced by the last command run (m_LastCmd) when fewer than 24 are missing, and at most max_usercmd_ticks ticks of movement a tick, the rest refused: rules last_cmd_replay, usercmd_cap); ue (Unreal's ServerMove: hold, then play each move over the time since the last move played, a gap's included at the move's own velocity, that time clamped to max_move_delta_ms: rule move_delta_clamp); wait (hold, then play every input that came in one tick without limit, inputs no copy brings skipped, their movement lost: no engine's, lagscope's reference)", func(c *Config) *movement.Starve { return &c.InputStarved }),
		integer("max_usercmd_ticks", "rates", "ticks", 0, 1000, 24, "input_starved = source: the most ticks of movement the server runs for a player in one tick (Source's sv_maxusrcmdprocessticks: each tick grants a tick, kept up to this; the commands beyond it are refused, their movement lost, rule usercmd_cap; 0 = no limit, as Source's 0)", func(c *Config) *int { return &c.MaxUsercmdTicks }),
		num("max_move_delta_ms", "rates", "ms", 1, 5000, 125, "input_starved = ue: the longest a move may cover (Unreal's MaxMoveDeltaTime, 0.125 s): a move whose time since the last move played is longer moves for this long only, rule move_delta_clamp", func(c *Config) *float64 { return &c.MaxMoveDeltaMs }),
		choice("movement_authority", "rates", Authorities(), AuthorityServer, "who decides where a player's own pawn stands: server (its own playing of the inputs; a client that predicted otherwise is corrected) or client (Unreal's character movement: each move carries where the client's prediction put the pawn, ServerMove's ClientLoc; the server adopts it when it lies within max_position_error_m of its own, rule client_position_accepted, else keeps its own and corrects the client, ClientAdjustPosition, rule client_position_adjusted)", func(c *Config) *Authority { return &c.MovementAuthority }).Restart(),
		num("max_position_error_m", "rates", "m", 0.0001, 10, DefaultMaxPositionErrorM, "movement_authority = client: how far the client's reported position may lie from the server's and be adopted (Unreal's MAXPOSITIONERRORSQUARED, 3 uu² with 1 uu = 1 cm: √3 cm)", func(c *Config) *float64 { return &c.MaxPositionErrorM }).Restart(),
		flag("predict_walls", "rates", true, "the predicting client collides with the walls as the server does (false: its prediction walks through them, as a client whose collision disagrees with the server's)", func(c *Config) *bool { return &c.PredictWalls }),
		flag("predict", "rates", true, "the client moves its own pawn by its inputs at once (client-side prediction); false: it shows its pawn where the newest snapshot says the server has it, so the pawn moves only when the server says (Gabriel Gambetta's naive client). The inputs sent are the same; its shots start where it shows itself", func(c *Config) *bool { return &c.Predict }),
		flag("reconcile", "rates", true, "with predict: on each snapshot's word on its own pawn the client replays the inputs the server has not played yet (server reconciliation); false: it puts the pawn at the server's position, which snaps back by the movement still in flight, each jump a correction", func(c *Config) *bool { return &c.Reconcile }),
		num("interp_ms", "rates", "ms", 0, 1000, 100, "client interpolation delay (Source's cl_interp)", func(c *Config) *float64 { return &c.InterpMs }).LogSlide(0, 500, 1),
		choice("display", "rates", []DisplayMode{DisplayInterp, DisplayExtrap, DisplayRaw}, DisplayInterp, "how clients show remote pawns", func(c *Config) *DisplayMode { return &c.Display }),

		choice("mode", "compensation", compensation.Modes(), compensation.Timestamp, "hitscan lag-compensation mode", func(c *Config) *Mode { return &c.Mode }),
		num("bias", "compensation", "", 0, 1, 1, "share of the latency compensated: 0 favours the target, 1 the shooter", func(c *Config) *float64 { return &c.Bias }).Slide(0, 1, 0.05),
		num("max_rewind_ms", "compensation", "ms", 0, 5000, 200, "cap on the latency compensated: the rewind beyond interp_ms (when clients interpolate); the Lag Compensation article's ~200 ms, so the whole rewind is at most this + interp_ms. In source mode this + interp_ms is sv_maxunlag, which clamps only Source's own estimate: a command tick it believes is rewound to as far as the history reaches", func(c *Config) *float64 { return &c.MaxRewindMs }).LogSlide(0, 2000, 5),
		num("max_trail_ms", "compensation", "ms", 10, 5000, 400, "history kept per pawn (UT2003 MaxTrailSeconds = 0.4 s)", func(c *Config) *float64 { return &c.MaxTrailMs }).LogSlide(10, 2000, 10),
		flag("stamp_subtracts_interp", "compensation", true, "the client's stamp subtracts its interpolation delay (false shows what forgetting it costs)", func(c *Config) *bool { return &c.StampSubtractsInterp }),
		enum("rotation_lerp", "compensation", []rewind.RotationLerp{rewind.LerpShortest, rewind.LerpNaive}, rewind.LerpShortest, "yaw interpolation of a rewind: shortest arc, or UT2003's naive component lerp", func(c *Config) *rewind.RotationLerp { return &c.Rotation }),
		flag("trail_reset", "compensation", true, "reset a pawn's trail on teleport/respawn (UT2003's open problem); source mode never does: Source keeps its records and teleport_guard gives up at the jump", func(c *Config) *bool { return &c.TrailReset }),
		flag("teleport_guard", "compensation", true, "never rewind across a jump longer than teleport_dist_m or into a death (Source)", func(c *Config) *bool { return &c.TeleportGuard }),
		num("teleport_dist_m", "compensation", "m", 0.1, 100, 2, "a move longer than this between samples is a teleport", func(c *Config) *float64 { return &c.TeleportDistM }),
		num("source_window_ms", "compensation", "ms", 0, 5000, 200, "source mode: the command's time is trusted only this close to the server's estimate", func(c *Config) *float64 { return &c.SourceWindowMs }),
		num("hit_leeway_m", "compensation", "m", 0, 10, 0.5, "client_checked: how far from the target's box (rewound by the server's own latency estimate, or at the present) a claimed hit point may lie and be credited; farther, the claim is refused (rule hit_leeway). ShooterGame's ClientSideHitLeeway, there a scale of the box", func(c *Config) *float64 { return &c.HitLeewayM }).Slide(0, 3, 0.05),
		num("view_dot_min", "compensation", "", -1, 1, 0.8, "client_checked: the least cosine between the aim the command sent and the direction from the shooter's muzzle to the claimed hit point; below it the claim is refused (rule view_dot). ShooterGame's AllowedViewDotHitDir, 0.8", func(c *Config) *float64 { return &c.ViewDotMin }).Slide(-1, 1, 0.01),
		choice("stamp_precision", "compensation", compensation.Precisions, compensation.Continuous, "what a shot's command carries of its time, read by the modes that stamp (timestamp, source): continuous (the client's time to the microsecond), tick (Source's and CS:GO's usercmd: the integer tick_count and the lerp as TIME_TO_TICKS(lerp), so the rewind lands on a whole tick, up to a tick off what the client drew) or subtick (Counter-Strike 2: the trigger pull's render tick and fraction and the interpolation state drawn then; the rewind is the time drawn)", func(c *Config) *compensation.Precision { return &c.StampPrecision }),

		// ue4 is the engine's own (source 004 builds on UpdatePing), so it is
		// the default; ewma stays selectable for the comparison
		choice("ping_style", "ping", ping.Styles, ping.UE4, "how round trips become ExactPing: ue4 (APlayerState::UpdatePing: four one-second buckets of at most seven samples, recomputed once a second; a bounce once the interval is exceeded since the last send or reply) or ewma (a moving average of every reply, weight ping_smoothing; a bounce every interval)", func(c *Config) *ping.Style { return &c.PingStyle }).Restart(),
		num("ping_interval_ms", "ping", "ms", 10, 60000, 250, "PingUpdateInterval: time between bounce messages", func(c *Config) *float64 { return &c.PingIntervalMs }),
		num("ping_smoothing", "ping", "", 0.01, 1, 0.3, "ping_style = ewma: weight of each new RTT in the smoothed ping (1 = none)", func(c *Config) *float64 { return &c.PingSmoothing }),
		flag("ping_compress", "ping", false, "the Ping replicated to clients is a byte of ms/4 (255 on overflow, when ExactPing becomes 1020 ms); the rewind reads the exact ping", func(c *Config) *bool { return &c.PingCompress }),
		num("max_prediction_ping_ms", "ping", "ms", 0, 1000, 255, "MaxPredictionPing: GetPredictionTime clamps the ping to this; a projectile's fast-forward clamps ping − latency_reduction_ms to it, and the owner delays its fake by the ping above it", func(c *Config) *float64 { return &c.MaxPredictionPingMs }).LogSlide(0, 1000, 5),
		num("correction_factor", "ping", "", 0, 5, 1.8, "PredictionCorrectionFactor (1.8 in the article)", func(c *Config) *float64 { return &c.CorrectionFactor }).Slide(0, 5, 0.05),
		num("latency_reduction_ms", "ping", "ms", 0, 200, 0, "PredictionLatencyReduction: subtracted from the server's perceived ping", func(c *Config) *float64 { return &c.LatencyReductionMs }).LogSlide(0, 200, 1),
		num("ping_tolerance_ms", "ping", "ms", 0, 1000, 30, "a reported ping above the server's own measurement plus this is clamped", func(c *Config) *float64 { return &c.PingToleranceMs }),

		// the defaults are UT2003's scheme on an oscillator that keeps
		// time: the replicated PackageTimeStamp replaces the estimate at
		// every snapshot, so every stamp is the exact reference and the
		// presets judge as the sources' clients, which synchronise with
		// every update, do; the keys make the error a lesson of its own
		choice("clock_sync", "clock", clock.Syncs, clock.PackageTimeStamp, "how each client keeps the server time it stamps shots with: package_timestamp (UT2003: the replicated PackageTimeStamp replaces it at every snapshot, advanced by the client's frame time between), tick_count (Source's CClockDriftMgr: its own tick clock, nudged at up to 200 ms/s toward the average of the last 16 snapshots' ticks when more than 10 ms off, slammed to the server's beyond 150 ms) or none (set from the first snapshot, then free-running). The picture is the snapshots' either way: a stamp's error moves the rewind, not what the client saw", func(c *Config) *clock.Sync { return &c.ClockSync }).Restart(),
		num("clock_offset_ms", "clock", "ms", -5000, 5000, 0, "the error of a client's first estimate of server time (> 0: ahead): it stays with clock_sync = none, tick_count works it off (or slams it beyond 150 ms), package_timestamp's next snapshot replaces it", func(c *Config) *float64 { return &c.ClockOffsetMs }).Slide(-500, 500, 1).Restart(),
		num("clock_drift_ppm", "clock", "ppm", -100000, 100000, 0, "how fast a client's oscillator runs, in parts per million (> 0: fast; a PC's crystal is off by tens): the estimate drifts this much between corrections, forever with clock_sync = none", func(c *Config) *float64 { return &c.ClockDriftPPM }).Slide(-2000, 2000, 10).Restart(),

		choice("shooter_control", "weapon", []Control{ControlBot, ControlUser}, ControlBot, "who fires and moves the shooter: the bot, or the user (clicks in the shooter's view fire; movement keys move it)", func(c *Config) *Control { return &c.Control }),
		choice("target_control", "weapon", []Control{ControlBot, ControlUser}, ControlBot, "who moves the target: its motion script acting as the bot's hands, or the user's movement keys (at target_speed_mps)", func(c *Config) *Control { return &c.TargetControl }).Restart(),
		choice("weapon", "weapon", Weapons, WeaponRifle, "hitscan rifle, rapid-fire hitscan gun, rocket launcher (slow, area damage) or bolt (fast, direct hit)", func(c *Config) *WeaponKind { return &c.Weapon }),
		choice("stamp_mode", "weapon", []StampMode{StampPerShot, StampStartFire}, StampPerShot, "rapid fire: stamp every shot, or only StartFire", func(c *Config) *StampMode { return &c.StampMode }),
		num("fire_interval_ms", "weapon", "ms", 10, 10000, 1100, "time between shots", func(c *Config) *float64 { return &c.FireIntervalMs }).LogSlide(10, 2000, 10),
		integer("burst_shots", "weapon", "", 1, 1000, 10, "rapid fire: shots per burst", func(c *Config) *int { return &c.BurstShots }),
		num("burst_pause_ms", "weapon", "ms", 0, 10000, 400, "rapid fire: pause between bursts", func(c *Config) *float64 { return &c.BurstPauseMs }),
		num("aim_error_deg", "weapon", "deg", 0, 45, 0, "standard deviation of the bot's aim error", func(c *Config) *float64 { return &c.AimErrorDeg }).Slide(0, 10, 0.1),
		num("range_m", "weapon", "m", 1, 10000, 200, "trace range", func(c *Config) *float64 { return &c.RangeM }),
		flag("refire_check", "weapon", false, "the server checks each StartFire against its weapon's NextFireTime, as UT2003's ServerPredictedStartFire does (NextFireTime <= now + PreFireTime, else bServerDelayStartFire): one that comes early (the shot before it arrived late, this one early) is held to the first tick it may fire and named refire_delayed; NextFireTime moves fire_interval_ms past each shot fired", func(c *Config) *bool { return &c.RefireCheck }),
		flag("reliable_fire", "weapon", false, "send each shot command as a reliable message, acked and resent (UT2003's ServerPredictedStartFire is a reliable RPC)", func(c *Config) *bool { return &c.ReliableFire }),
		integer("cmd_backup", "weapon", "", 0, 10, 2, "repeat the last N commands in every command packet (Source's cl_cmdbackup): a shot, the fire button of its command, rides wherever its command does, so with one command a packet it is lost only when b + 1 packets are (p^(b+1)); reliable_fire sends shots apart from it", func(c *Config) *int { return &c.CmdBackup }),

		flag("predict_projectiles", "projectiles", true, "the owner spawns a fake projectile at once (false: server-spawned only)", func(c *Config) *bool { return &c.PredictProjectiles }),
		num("rocket_speed_mps", "projectiles", "m/s", 1, 500, 20, "rocket speed", func(c *Config) *float64 { return &c.RocketSpeedMps }),
		num("rocket_radius_m", "projectiles", "m", 0, 20, 3, "rocket area-damage radius", func(c *Config) *float64 { return &c.RocketRadiusM }),
		flag("rocket_correct_fake", "projectiles", true, "rocket: bCorrectFakeProjectilePositionOverTime", func(c *Config) *bool { return &c.RocketCorrectFake }),
		flag("rocket_predict_fx", "projectiles", false, "rocket: bPredictFX (the fake plays detonation effects)", func(c *Config) *bool { return &c.RocketPredictFX }),
		num("bolt_speed_mps", "projectiles", "m/s", 1, 1000, 60, "bolt speed", func(c *Config) *float64 { return &c.BoltSpeedMps }),
		flag("bolt_correct_fake", "projectiles", false, "bolt: bCorrectFakeProjectilePositionOverTime", func(c *Config) *bool { return &c.BoltCorrectFake }),
		flag("bolt_predict_fx", "projectiles", true, "bolt: bPredictFX", func(c *Config) *bool { return &c.BoltPredictFX }),
		num("fake_correction_ms", "projectiles", "ms", 1, 5000, 150, "time constant of the fake's drift toward its authoritative twin", func(c *Config) *float64 { return &c.CorrectionMs }).LogSlide(1, 1000, 1),
		num("switch_extra_ms", "projectiles", "ms", 0, 2000, 50, "SwitchToAuthTimer: the owner's ping plus this", func(c *Config) *float64 { return &c.SwitchExtraMs }).LogSlide(0, 1000, 5),
		num("detonation_mismatch_m", "projectiles", "m", 0, 50, 1.5, "fake and auth detonations further apart than this hit different things", func(c *Config) *float64 { return &c.MismatchM }).Slide(0, 10, 0.1),
		flag("remote_resim", "projectiles", true, "remote clients rewind a new projectile to its spawn and resimulate it (false: it jumps ahead)", func(c *Config) *bool { return &c.RemoteResim }),
		num("resim_speedup", "projectiles", "", 0.1, 20, 1, "how much faster than real time a remote copy catches up (1 = twice as fast)", func(c *Config) *float64 { return &c.ResimSpeedup }),

		// the packing cannot change at runtime (Restart): it would break
		// serialization between server and client, as the document says of
		// bCompressByte
		choice("burst_encoding", "effects", burstcounter.Encodings, burstcounter.Robust, "how the weapon's BurstCounter is replicated: ShooterGame's int32 reset to 0, or FRepBurstInfo", func(c *Config) *burstcounter.Encoding { return &c.BurstEncoding }).Restart(),
		flag("burst_compress_byte", "effects", true, "bCompressByte: FRepBurstInfo packs into 8 bits (6-bit counter) instead of 16 (14-bit)", func(c *Config) *bool { return &c.BurstCompressByte }).Restart(),
		flag("burst_creation_check", "effects", true, "skip the burst on the packet that opens the weapon's channel (the CreationTime check; false shows the bogus burst on relevancy re-entry)", func(c *Config) *bool { return &c.BurstCreationCheck }),
		flag("burst_autoloop", "effects", false, "remote clients loop the fire effect at the weapon's rate between updates (hides jitter, can play shots never fired)", func(c *Config) *bool { return &c.BurstAutoLoop }),
		flag("burst_play_count", "effects", false, "robust encoding: an update that starts a burst plays NumShotsFired effects at once, one per shot it brought, instead of one (shots merged into one update each get a flash; the naive int32 has no count and plays one)", func(c *Config) *bool { return &c.BurstPlayCount }),
		integer("net_update_hz", "effects", "Hz", 1, 1000, 30, "NetUpdateFrequency: how often the server compares the weapon's properties with what it last sent (capped at tick_hz: once a tick)", func(c *Config) *int { return &c.NetUpdateHz }).LogSlide(1, 128, 1),
		num("trigger_hold_ms", "effects", "ms", 0, 10000, 50, "the shooter releases the trigger (StopFire) this long after the last shot of a burst", func(c *Config) *float64 { return &c.TriggerHoldMs }).LogSlide(0, 1000, 5),
		num("relevancy_m", "effects", "m", 0, 100000, 150, "beyond this distance from the shooter a client's copy of the weapon is culled (destroyed)", func(c *Config) *float64 { return &c.RelevancyM }).LogSlide(1, 1000, 1),

		num("shooter_x_m", "world", "m", -1000, 1000, 0, "shooter position", func(c *Config) *float64 { return &c.ShooterX }).Restart(),
		num("shooter_y_m", "world", "m", -1000, 1000, 0, "shooter position", func(c *Config) *float64 { return &c.ShooterY }).Restart(),
		choice("target_motion", "world", model.MotionKinds, model.Strafe, "the target's motion script", func(c *Config) *model.MotionKind { return &c.Target.Kind }).Restart(),
		num("target_x_m", "world", "m", -1000, 1000, 20, "target start, centre or spawn anchor", func(c *Config) *float64 { return &c.Target.Origin.X }).Restart(),
		num("target_y_m", "world", "m", -1000, 1000, 0, "target start, centre or spawn anchor", func(c *Config) *float64 { return &c.Target.Origin.Y }).Restart(),
		num("target_speed_mps", "world", "m/s", 0, 100, 5, "target speed", func(c *Config) *float64 { return &c.Target.Speed }).Slide(0, 20, 0.5).Restart(),
		degrees("target_heading_deg", "world", 90, "direction of travel (linear) or of the strafe/peek axis; circle start angle", func(c *Config) *float64 { return &c.Target.Heading }).Restart(),
		degrees("target_yaw_deg", "world", 180, "facing when the motion does not set it (stationary, strafe, peek, teleport)", func(c *Config) *float64 { return &c.Target.Yaw }).Restart(),
		num("target_amplitude_m", "world", "m", 0, 1000, 3, "strafe half-width, circle radius, peek distance, walk half-size, spawn spread", func(c *Config) *float64 { return &c.Target.Amplitude }).Restart(),
		duration("target_period_ms", "world", 0, 600000, 2000, "peek cycle, random-walk leg (at least the box diagonal at target_speed_mps), time between teleports", func(c *Config) *model.Time { return &c.Target.Period }).Restart(),
		duration("target_dead_ms", "world", 0, 600000, 0, "teleport: time dead before respawning (0 = teleport alive)", func(c *Config) *model.Time { return &c.Target.Dead }).Restart(),
		(&Param{Key: "walls", Group: "world", Kind: KindText, Default: "", Order: orderKey,
			Doc:       `solid blocks as "x0,y0,x1,y1; ..." in metres`,
			Read:      func(c *Config) any { return model.FormatWalls(c.Walls) },
			Write:     func(c *Config, v any) { c.Walls, _ = model.ParseWalls(v.(string)) },
			CheckText: func(s string) error { _, err := model.ParseWalls(s); return err }, Commas: true}).Restart(),
		integer("extra_pawns", "world", "", 0, 1000, 0, "bystander pawns random-walking in the arena (shootable, and work for the broad phase)", func(c *Config) *int { return &c.ExtraPawns }).Slide(0, 200, 1).Restart(),
		num("arena_m", "world", "m", 1, 1000, 30, "half-size of the square the bystanders walk in", func(c *Config) *float64 { return &c.ArenaM }).Restart(),
		// a duel's target bot draws from streams set up at the start
		flag("duel", "world", false, "the target shoots back (a duel): its bot fires hitscan at the shooter when its own screen shows it in sight; the peeker's advantage is measured (needs weapon rifle)", func(c *Config) *bool { return &c.Duel }).Restart(),
		num("reaction_ms", "world", "ms", 0, 2000, 0, "the shooter's bot's reaction (in a duel, the holder's): from the first frame its screen shows the other player in sight, its weapon ready, to its trigger pull, plus its draw of reaction_spread_ms; 0: it fires at that frame", func(c *Config) *float64 { return &c.ReactionMs }).Restart(),
		num("victim_reaction_ms", "world", "ms", 0, 2000, 0, "duel: the target's bot's reaction (the peeker's), as reaction_ms", func(c *Config) *float64 { return &c.VictimReactionMs }).Restart(),
		num("reaction_spread_ms", "world", "ms", 0, 2000, 0, "each bot's reaction adds a draw uniform in [0, this) from the seed, once per run (a duel is one exposure), each bot from its own stream: evenly matched players whose reactions vary", func(c *Config) *float64 { return &c.ReactionSpreadMs }).Restart(),
		integer("health", "health", "", 0, maxHealth, 0, "each player's pawn's health (0: it cannot die, every hit a hit and nothing more); above 0 the server takes a hit's damage (damage_body, damage_head) from it when it judges the hit, and a pawn at 0 dies at that tick, stops moving and firing, is told by the next snapshot and respawns after respawn_ms", func(c *Config) *int { return &c.Health }).Slide(0, 300, 5).Restart(),
		integer("damage_body", "health", "", -1, maxHealth, -1, "damage of a hit on the body (a projectile's area damage too); -1: the weapon's own — rifle "+weaponDamage[WeaponRifle].words()+" (instagib: one hit kills at any health), rapid "+weaponDamage[WeaponRapid].words()+", rocket "+weaponDamage[WeaponRocket].words()+", bolt "+weaponDamage[WeaponBolt].words(), func(c *Config) *int { return &c.DamageBody }).Slide(-1, 300, 1),
		integer("damage_head", "health", "", -1, maxHealth, -1, "damage of a hit on the head; -1: the weapon's own (see damage_body)", func(c *Config) *int { return &c.DamageHead }).Slide(-1, 300, 1),
		num("respawn_ms", "health", "ms", 0, 60000, 2000, "time a dead pawn stays dead before it respawns (a teleport: a new epoch, so trail_reset and teleport_guard apply) at its script's anchor (target_x_m, target_y_m: a stationary pawn's own spot, a peeker's place behind its cover, a strafe's centre), from where its bot walks on", func(c *Config) *float64 { return &c.RespawnMs }).Slide(0, 10000, 100),
		choice("dead_shooter", "health", DeadShooters, DeadShooterReject, "a shot whose command reaches the server after its shooter died there: reject (Source, Valorant: the dead do not fire; rule shooter_dead, counted) or trade (accepted when it arrives within trade_window_ms of the death — the client fired it before its death reached it, as its bot never fires once told: rule trade, and a kill it makes is a trade, both dead)", func(c *Config) *DeadShooter { return &c.DeadShooter }),
		choice("hit_feedback", "health", HitFeedbacks, HitFeedbackServer, "health > 0: when the shooter's client shows a hit marker: server (when the server's confirmation reaches it, riding the next snapshot, as ShooterGame and UT2003 replicate a hit) or predicted (at once on its own trace, Counter-Strike 2's damage prediction; a marker the server then does not credit is a false marker, counted). Each shot line says when (hit_marker_ms) and whether the server agreed", func(c *Config) *HitFeedback { return &c.HitFeedback }),
		num("trade_window_ms", "health", "ms", 0, 1000, 0, "dead_shooter = trade: how long after its shooter's death a shot may arrive and still be judged (0: only at the death's own tick, a shot the same tick brought)", func(c *Config) *float64 { return &c.TradeWindowMs }).Slide(0, 1000, 5),

		integer("observers", "world", "", 0, MaxObservers, 1, "remote clients besides the victim that watch the shooter, each with its own links", func(c *Config) *int { return &c.Observers }).Slide(0, 8, 1).Restart(),
		choice("observer_motion", "world", model.MotionKinds, model.Stationary, "the first observer's motion script (the others' is the same, turned about the shooter)", func(c *Config) *model.MotionKind { return &c.Observer.Kind }).Restart(),
		num("observer_x_m", "world", "m", -1000, 1000, 0, "the first observer's start, centre or anchor", func(c *Config) *float64 { return &c.Observer.Origin.X }).Restart(),
		num("observer_y_m", "world", "m", -1000, 1000, 15, "the first observer's start, centre or anchor", func(c *Config) *float64 { return &c.Observer.Origin.Y }).Restart(),
		num("observer_speed_mps", "world", "m/s", 0, 100, 5, "observer speed", func(c *Config) *float64 { return &c.Observer.Speed }).Restart(),
		degrees("observer_heading_deg", "world", 0, "the first observer's direction of travel or strafe axis", func(c *Config) *float64 { return &c.Observer.Heading }).Restart(),
		num("observer_amplitude_m", "world", "m", 0, 1000, 10, "observer strafe half-width, circle radius, walk half-size", func(c *Config) *float64 { return &c.Observer.Amplitude }).Restart(),
		duration("observer_period_ms", "world", 0, 600000, 4000, "observer peek cycle or random-walk leg", func(c *Config) *model.Time { return &c.Observer.Period }).Restart(),

		num("cheat_stamp_ms", "cheats", "ms", -5000, 5000, 0, "forged stamps: claim shots this much older (with cheat_backtrack: up to this much, back to when the target was last in sight; negative: from the future)", func(c *Config) *float64 { return &c.CheatStampMs }).Slide(-1000, 2000, 10),
		num("cheat_ping_ms", "cheats", "ms", 0, 5000, 0, "fake extra latency added to the ping the client reports", func(c *Config) *float64 { return &c.CheatPingMs }).LogSlide(0, 1000, 10),
		flag("cheat_forge_hits", "cheats", false, "claim a hit on the target with every shot (ZeroPing has no defence)", func(c *Config) *bool { return &c.CheatForgeHits }),
		flag("cheat_resend", "cheats", false, "send every shot command twice (replay)", func(c *Config) *bool { return &c.CheatResend }),
		flag("cheat_backtrack", "cheats", false, "a backtrack cheat: with cheat_stamp_ms > 0, the shooter's bot, when its screen shows the target out of sight, looks back through the snapshots it kept for the newest pose within cheat_stamp_ms in which it was in sight, aims there and forges its stamp to that time (the pose a server that believes the stamp rewinds to); in sight, it shoots honestly. false (the default, so a sidecar written before this key reproduces): every stamp is forged cheat_stamp_ms older and the bot aims at what it sees, so the forgery only costs it hits. cheat_hits_gained counts what the cheats gain over the honest twin", func(c *Config) *bool { return &c.CheatBacktrack }),

		(&Param{Key: "seed", Group: "run", Kind: KindInt, Min: 0, Max: 1 << 53, Default: 1, Doc: "fixes every random draw", Order: orderKey,
			Read:  func(c *Config) any { return int(c.Seed) },
			Write: func(c *Config, v any) { c.Seed = uint64(v.(float64)) }}).Restart(),
		num("duration_ms", "run", "ms", 1, 3600000, 10000, "simulated time of a headless run", func(c *Config) *float64 { return &c.DurationMs }),
		// a script starts with the run: a change to it starts the run
		// again; it holds commas ("3s:loss_pct=30,for=2s"), so --vary lists
		// scripts with | between them, as it lists walls
		(&Param{Key: "events", Group: "run", Kind: KindText, Default: "", Order: orderKey,
			Doc:       `scripted events, ";" between them: "3s:latency_ms=200" (keys change at 3 s; add ",for=2s" to put them back after 2 s), "3s:outage=1s" (every packet both ways dropped for 1 s), "3s@victim:disconnect=2s" (the client sends and receives nothing for 2 s, then reconnects with a handshake); an outage or a disconnect hits every client unless it names one: shooter, victim or observerN`,
			Read:      func(c *Config) any { return c.Events },
			Write:     func(c *Config, v any) { c.Events = v.(string) },
			CheckText: func(s string) error { _, err := events.Parse(s); return err }, Commas: true}).Restart(),
	)
	return ps
}

// A configuration as text, key by key as --set takes it: the form a
// timeline's script (lagcomp/timeline) and a screenshot's sidecar carry,
// read back strictly so a hand-edited file fails loudly, not silently.

// ConfigMap writes every key of c as text.
func ConfigMap(c *Config) map[string]string {
	m := map[string]string{}
	for _, p := range Params {
		if !p.Alias && p.Read != nil {
			m[p.Key] = p.Format(c)
		}
	}
	return m
}

// ConfigFromMap reads a ConfigMap strictly: every key must be known and
// valid; keys it lacks keep their defaults.
func ConfigFromMap(m map[string]string) (Config, error) {
	c := Defaults()
	keys := make([]string, 0, len(m))
	for k := range m { // order-free: sorted below
		keys = append(keys, k)
	}
	slices.Sort(keys) // a stable order for the first error reported
	settings := make([]Setting, len(keys))
	for i, k := range keys {
		settings[i] = Setting{Key: k, Value: m[k]}
	}
	if err := Apply(&c, settings); err != nil {
		return c, err
	}
	return c, c.Validate()
}
