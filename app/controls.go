package app

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lagscope/lagcomp"
	"lagscope/lagcomp/netem"
	"lagscope/lagcomp/param"
	"lagscope/views"
)

// controls are the sidebar's sliders, selectors and toggles. Every one is
// bound to a configuration key through lagcomp.Params, so its range,
// units and validation are the ones files and --set use, and its slider
// is the one the key declares (lagcomp/keys.go); this file only lays
// them out, with their labels.
type controls struct {
	u                                    *UI
	network, netcode, scene, layers, all fyne.CanvasObject
	items                                []*control
	layerChecks                          []*check
	syncing                              bool
}

// control is one key's widget.
type control struct {
	key   string // the key written
	read  string // the key read back (a shorthand reads its up_ key)
	param *lagcomp.Param
	value *widget.Label
	sl    *slider // its position, 0 to 1, maps to a value by scale
	scale sliderScale
	typed *entry // a log slider's value, typed (Enter applies it)
	sel   *selector
	chk   *check
	entry *entry
	reset *widget.Button
}

func newControls(u *UI) *controls {
	c := &controls{u: u}
	c.network = c.tab(
		c.widget("network", "Network profile"),
		c.widget("latency_ms", "One-way latency, both ways"),
		c.widget("up_ms", "Upstream latency (client → server)"),
		c.widget("down_ms", "Downstream latency (server → client)"),
		c.widget("jitter_ms", "Jitter, both ways"),
		c.widget("tail_ms", "Skewed delay tail (mean), both ways"),
		c.widget("loss_pct", "Packet loss, both ways"),
		c.widget("victim_latency_ms", "Victim's latency (-1 = as shooter)"),
	)
	c.netcode = c.tab(
		c.widget("mode", "Compensation mode"),
		c.widget("bias", "Bias (0 favours target, 1 shooter)"),
		c.widget("max_rewind_ms", "Max rewind"),
		c.widget("tick_hz", "Server tick rate"),
		c.widget("snapshot_hz", "Snapshot rate"),
		c.naiveClient(),
		c.widget("interp_ms", "Interpolation delay"),
		c.widget("max_prediction_ping_ms", "MaxPredictionPing"),
		c.widget("correction_factor", "PredictionCorrectionFactor"),
		c.widget("latency_reduction_ms", "PredictionLatencyReduction"),
		c.widget("max_trail_ms", "MaxTrailSeconds (history kept)"),
		c.widget("stamp_subtracts_interp", "Stamp subtracts interpolation"),
		c.widget("trail_reset", "Reset trail on teleport"),
		c.widget("teleport_guard", "Never rewind across a teleport (Source)"),
		c.widget("hit_leeway_m", "client_checked: hit leeway"),
		c.widget("view_dot_min", "client_checked: least aim · hit direction"),
		c.widget("rotation_lerp", "Rotation interpolation"),
		c.widget("ping_compress", "Compress ping to a byte (ms/4)"),
		c.widget("clock_sync", "Client clock: how it follows the server"),
		c.widget("clock_offset_ms", "Client clock: first error"),
		c.widget("clock_drift_ppm", "Client clock: drift"),
	)
	c.scene = c.tab(
		c.widget("shooter_control", "Shooter: bot, or user (keys walk, mouse aims, click / F fires)"),
		c.widget("target_control", "Target: bot, or user (W A S D / arrows walk it)"),
		c.widget("weapon", "Weapon"),
		c.widget("stamp_mode", "Rapid-fire stamp"),
		c.widget("fire_interval_ms", "Time between shots"),
		c.widget("aim_error_deg", "Bot aim error (σ)"),
		c.widget("target_motion", "Target motion"),
		c.widget("target_speed_mps", "Target speed"),
		c.widget("extra_pawns", "Bystanders"),
		widget.NewLabelWithStyle("Health and kills (health 0: nobody dies)", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		c.widget("health", "Health"),
		c.widget("damage_body", "Damage, body hit (-1: the weapon's)"),
		c.widget("damage_head", "Damage, head hit (-1: the weapon's)"),
		c.widget("respawn_ms", "Respawn after"),
		c.widget("dead_shooter", "Shot from the dead: reject or trade"),
		c.widget("trade_window_ms", "Trade window"),
		c.widget("hit_feedback", "Hit marker: server or predicted"),
		widget.NewLabelWithStyle("Projectiles (weapon rocket or bolt)", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		c.widget("predict_projectiles", "Fake projectile on the owner"),
		c.widget("rocket_correct_fake", "Rocket: correct fake toward auth"),
		c.widget("rocket_predict_fx", "Rocket: fake plays effects (bPredictFX)"),
		c.widget("bolt_correct_fake", "Bolt: correct fake toward auth"),
		c.widget("bolt_predict_fx", "Bolt: fake plays effects (bPredictFX)"),
		c.widget("remote_resim", "Remote clients rewind and resimulate"),
		c.widget("fake_correction_ms", "Fake correction time constant"),
		c.widget("switch_extra_ms", "SwitchToAuthTimer extra (on top of ping)"),
		c.widget("detonation_mismatch_m", "Detonations 'too far apart' beyond"),
		widget.NewLabelWithStyle("Fire effects (burst counter)", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		c.widget("burst_encoding", "BurstCounter encoding"),
		c.widget("burst_compress_byte", "bCompressByte (8 bits, else 16)"),
		c.widget("burst_creation_check", "CreationTime check on re-entry"),
		c.widget("burst_autoloop", "Auto-loop effects at the fire rate"),
		c.widget("net_update_hz", "NetUpdateFrequency"),
		c.widget("trigger_hold_ms", "Trigger held after a burst"),
		c.widget("observers", "Observers"),
		c.widget("relevancy_m", "Relevancy distance"),
		widget.NewLabelWithStyle("Cheating client", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		c.widget("cheat_stamp_ms", "Forged stamp (older by)"),
		c.widget("cheat_ping_ms", "Fake extra ping"),
		c.widget("cheat_forge_hits", "Forge ZeroPing hits"),
		c.widget("cheat_resend", "Resend every command"),
		c.widget("cheat_backtrack", "Backtrack: aim where the forged stamp rewinds to"),
	)
	c.layers = c.layerTab()
	c.all = c.allKeys()
	c.sync()
	return c
}

func (c *controls) tab(objs ...fyne.CanvasObject) fyne.CanvasObject {
	return sidebarScroll(container.NewVBox(objs...))
}

// sidebarScroll scrolls a sidebar page, its content kept clear of the
// scroll bar: Fyne draws the bar over the content's right edge, where it
// covered the typed value boxes.
func sidebarScroll(content fyne.CanvasObject) *container.Scroll {
	return container.NewVScroll(container.New(clearOfScrollBar{}, content))
}

// clearOfScrollBar insets its content on the right by the scroll bar's
// width (at the current zoom).
type clearOfScrollBar struct{}

func (clearOfScrollBar) gap() float32 { return theme.ScrollBarSize() + theme.Padding() }

func (l clearOfScrollBar) MinSize(objs []fyne.CanvasObject) fyne.Size {
	s := fyne.NewSize(0, 0)
	for _, o := range objs {
		s = s.Max(o.MinSize())
	}
	return s.AddWidthHeight(l.gap(), 0)
}

func (l clearOfScrollBar) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(fyne.NewSize(size.Width-l.gap(), size.Height))
	}
}

func (c *controls) add(key string) *control {
	p, ok := lagcomp.Lookup(key)
	if !ok {
		panic("app: no key " + key) // a programming error, caught by the tests
	}
	ct := &control{key: key, read: key, param: p, value: widget.NewLabel("")}
	if len(p.Sets) > 0 { // a both-way key shows the upstream value
		ct.read = p.Sets[0]
	}
	c.items = append(c.items, ct)
	return ct
}

// widget is a key's control, as its declaration says (lagcomp/keys.go):
// a selector for a choice, a check box for a boolean, its slider for a
// number.
func (c *controls) widget(key, label string) fyne.CanvasObject {
	p, ok := lagcomp.Lookup(key)
	switch {
	case !ok:
		panic("app: no key " + key) // a programming error, caught by the tests
	case p.Kind == lagcomp.KindEnum:
		return c.choice(key, label)
	case p.Kind == lagcomp.KindBool:
		return c.check(key, label)
	case p.Slider == nil:
		panic("app: key " + key + " has no slider: give it one in lagcomp/keys.go")
	}
	return c.scaled(key, label, *p.Slider)
}

// row is a control's label, value, widget and reset button.
func (c *controls) row(ct *control, label string, w fyne.CanvasObject) fyne.CanvasObject {
	ct.reset = widget.NewButtonWithIcon("", theme.ContentUndoIcon(), func() { c.reset(ct) })
	ct.reset.Importance = widget.LowImportance
	name := widget.NewLabel(label)
	name.Truncation = fyne.TextTruncateEllipsis // the sidebar may be narrow
	head := container.NewBorder(nil, nil, nil, container.NewHBox(ct.value, ct.reset), name)
	return container.NewVBox(head, w)
}

// scaled is a key's slider: its position, 0 to 1, maps to a value on the
// key's declared scale (linear, or logarithmic: fine at small values).
func (c *controls) scaled(key, label string, s param.Slider) fyne.CanvasObject {
	ct := c.add(key)
	ct.scale = sliderScale{lo: s.Lo, hi: s.Hi, step: s.Step, log: s.Log}
	ct.sl = c.u.newSlider(0, 1)
	ct.sl.Step = 1.0 / positions
	ct.sl.OnChanged = func(pos float64) {
		c.changed(ct, strconv.FormatFloat(ct.scale.value(pos), 'f', -1, 64))
	}
	if !s.Log {
		return c.row(ct, label, ct.sl)
	}
	// an exact value, typed: any the key allows, even beyond the slider
	ct.typed = c.u.newEntry()
	ct.typed.OnSubmitted = func(v string) { c.set(ct, strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), ct.param.Unit))) }
	return c.row(ct, label, container.NewBorder(nil, nil, nil, container.NewGridWrap(fyne.NewSize(80, ct.typed.MinSize().Height), ct.typed), ct.sl))
}

// setSlider moves a slider to the position of value v, as a drag there
// would (the config changes).
func (ct *control) setSlider(v float64) { ct.sl.SetValue(ct.scale.pos(v)) }

// sliderValue is the value a slider's position stands for.
func (ct *control) sliderValue() float64 { return ct.scale.value(ct.sl.Value) }

func (c *controls) choice(key, label string) fyne.CanvasObject {
	ct := c.selectFor(key)
	return c.row(ct, label, ct.sel)
}

// selectFor is a choice key's control with its selector.
func (c *controls) selectFor(key string) *control {
	ct := c.add(key)
	ct.sel = c.u.newSelect(ct.param.Choices, func(v string) { c.changed(ct, v) })
	ct.sel.PlaceHolder = "(custom)"
	return ct
}

// naiveClient is the naive client's row, as Gabriel Gambetta's demo
// ("Fast-Paced Multiplayer") has its switches: how remote pawns are
// shown (display = raw: no interpolation, they jump at each snapshot),
// predict and reconcile side by side, so a class sees each technique
// switched off in seconds.
func (c *controls) naiveClient() fyne.CanvasObject {
	ct := c.selectFor("display")
	return c.row(ct, "Client display · prediction · reconciliation", container.NewGridWithColumns(3, ct.sel, c.check("predict", "Predict"), c.check("reconcile", "Reconcile")))
}

func (c *controls) check(key, label string) fyne.CanvasObject {
	ct := c.add(key)
	ct.chk = c.u.newCheck(label, func(b bool) { c.changed(ct, strconv.FormatBool(b)) })
	return checkRow(ct.chk, label, ct.value) // its words wrap at the sidebar's edge
}

// changed is a widget's callback: the user's changes apply, the ones
// sync makes while copying the configuration into the widgets do not.
func (c *controls) changed(ct *control, v string) {
	if !c.syncing {
		c.set(ct, v)
	}
}

// set applies one key's new value to the running simulation.
func (c *controls) set(ct *control, v string) {
	var err error
	c.u.applyConfig(func(cfg *lagcomp.Config) { err = lagcomp.Apply(cfg, []lagcomp.Setting{{Key: ct.key, Value: v}}) })
	if err != nil {
		c.u.setStatus(err.Error())
		c.sync()
	}
}

// reset returns a control to the preset's value.
func (c *controls) reset(ct *control) {
	if ct.key == "network" { // a profile is not a value: reset the links
		c.u.applyConfig(func(cfg *lagcomp.Config) { cfg.Up, cfg.Down = c.u.presetCfg.Up, c.u.presetCfg.Down })
		return
	}
	rp, _ := lagcomp.Lookup(ct.read)
	c.set(ct, rp.Format(&c.u.presetCfg))
	if sets := ct.param.Sets; len(sets) > 1 { // a shorthand resets both directions
		dp, _ := lagcomp.Lookup(sets[1])
		c.u.applyConfig(func(cfg *lagcomp.Config) { _ = dp.SetString(cfg, dp.Format(&c.u.presetCfg)) })
	}
}

// sync sets every widget from the configuration at the shown time.
func (c *controls) sync() {
	cfg := c.u.config()
	c.syncing = true
	defer func() { c.syncing = false }()
	for _, ct := range c.items {
		rp, _ := lagcomp.Lookup(ct.read)
		text := rp.Format(&cfg)
		if ct.key == "network" { // a profile is not a stored value: recognise it
			text = profileOf(&cfg)
		}
		switch {
		case ct.sl != nil:
			f, _ := strconv.ParseFloat(text, 64)
			ct.setSlider(f)
			ct.value.SetText(withUnit(text, ct.param.Unit, f < ct.scale.lo || f > ct.scale.hi))
		case ct.sel != nil && text == "": // SetSelected ignores a value not offered
			ct.sel.ClearSelected()
		case ct.sel != nil:
			ct.sel.SetSelected(text)
		case ct.chk != nil:
			ct.chk.SetChecked(text == "true")
		}
		if ct.typed != nil {
			ct.typed.SetText(text)
		}
		if ct.entry != nil {
			ct.entry.SetText(text)
		}
	}
	for i, n := range views.LayerNames {
		c.layerChecks[i].SetChecked(*n.Field(&c.u.layers))
	}
}

// profileOf names the network profile both of cfg's links are exactly
// (as a preset's network = "broadband" leaves them), "" (custom) if none
// or if a link replays a trace; trace_loop alone, which does nothing
// without a trace, does not count, nor does trace_loss.
func profileOf(cfg *lagcomp.Config) string {
	up, down := cfg.Up, cfg.Down
	up.TraceLoop, down.TraceLoop = false, false
	up.TraceLoss, down.TraceLoss = "", ""
	for _, p := range netem.Profiles {
		if up == p.Link && down == p.Link {
			return p.Name
		}
	}
	return ""
}

// withUnit formats a value; one outside the slider's range says so, since
// the slider then shows a clamped position.
func withUnit(v, unit string, outside bool) string {
	s := v
	if unit != "" {
		s += " " + unit
	}
	if outside {
		s += " (beyond slider)"
	}
	return s
}

func (c *controls) layerTab() fyne.CanvasObject {
	box := container.NewVBox()
	for _, n := range views.LayerNames {
		chk := c.u.newCheck(n.Name, func(b bool) {
			if c.syncing {
				return
			}
			*n.Field(&c.u.layers) = b
			c.u.saveLayers()
			c.u.invalidate()
			c.u.refresh()
		})
		c.layerChecks = append(c.layerChecks, chk)
		help := widget.NewLabel(n.Help) // Fyne has no tooltips: the help is written under the toggle
		// in the foreground's colour, set in from its toggle: the low
		// importance's disabled grey was 1.5:1 on the background
		help.Wrapping = fyne.TextWrapWord
		box.Add(container.NewVBox(chk, container.NewBorder(nil, nil, indent(), nil, help)))
	}
	return sidebarScroll(box)
}

// allKeys is every key as a text entry: the full configuration, with
// each key's allowed range, validated on Enter.
func (c *controls) allKeys() fyne.CanvasObject {
	box := container.NewVBox()
	for _, p := range lagcomp.Params {
		if p.Alias {
			continue
		}
		ct := &control{key: p.Key, read: p.Key, param: p, value: widget.NewLabel("")}
		ct.entry = c.u.newEntry()
		ct.entry.OnSubmitted = func(v string) { c.set(ct, v) }
		c.items = append(c.items, ct)
		label := widget.NewLabelWithStyle(p.Key, fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
		hintText := fmt.Sprintf("%s — %s", p.Range(), p.Doc)
		if p.Kind == lagcomp.KindText {
			hintText = p.Doc
		}
		hint := widget.NewLabel(hintText)
		hint.Wrapping = fyne.TextWrapWord
		box.Add(container.NewVBox(label, ct.entry, hint, widget.NewSeparator()))
	}
	return sidebarScroll(box)
}

// indent sets a layer's help in from its toggle, under the toggle's text.
func indent() fyne.CanvasObject {
	return container.New(indentLayout{})
}

type indentLayout struct{}

func (indentLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	return fyne.NewSize(theme.IconInlineSize()+theme.InnerPadding(), 0)
}
func (indentLayout) Layout([]fyne.CanvasObject, fyne.Size) {}
