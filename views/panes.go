package views

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"lagscope/lagcomp"
	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// server is the authority's truth: pawns where the server has them, their
// history, and at each judged shot the hitboxes it rewound to and its trace.
func (p *pane) server() {
	f := p.f
	shots := p.shownShots()
	sel := p.selected()
	p.frame(ViewServer)
	p.grid()
	p.walls()
	p.bystanders()
	if p.o.Layers.Trail {
		for _, tr := range f.Trails {
			for _, smp := range tr {
				p.dot(smp.Pose.Pos, 1.6, alpha(TrailGrey, 0.8))
				p.key(keyTrail)
			}
		}
	}
	for _, r := range shots {
		a := p.fade(r)
		if p.o.Layers.Rewound {
			p.hitbox(r.Rewound, alpha(ServerBlue, a), 0.25*a, 2, false)
			p.key(p.shotKey(r, sel))
		}
		p.blocker(r, a)
		if p.o.Layers.Traces {
			p.trace(r.Origin, r.ServerEnd, alpha(p.pal.Trace, a), 1.5, false)
			p.key(keyTrace)
		}
	}
	p.teleport(sel)
	if sel != nil && p.o.Layers.Labels && (p.o.Layers.Rewound || p.o.Layers.Traces) {
		p.label(sel.Rewound.Pos, fmt.Sprintf("shot #%d rewound %.0f ms", sel.Seq, sel.RewindMs()), ServerBlue)
	}
	p.teleportLabels(sel)
	if sel != nil && (sel.Blocker.Alive || sel.HasRule(rule.BlockedByWall)) {
		p.blockerNamed(sel)
	}
	p.serverProjectiles()
	if p.o.Layers.ServerNow {
		for i := 0; i < 2; i++ {
			p.hitbox(f.Pawns[i].Pose, p.pal.Neutral, 0, 1.5, false)
			p.key(keyPawnNow)
		}
		p.tagOr(f.Pawns[lagcomp.ShooterPawn].Pose, lagcomp.ShooterPawn, -1, "shooter")
		p.tagOr(f.Pawns[lagcomp.TargetPawn].Pose, lagcomp.TargetPawn, -1, "target")
	}
	info := fmt.Sprintf("t = %.3f s · tick %d Hz · snapshots %d Hz · mode %s · bias %.2f", f.T.Seconds(), f.Config.TickHz, f.Config.SnapshotHz, f.Config.Mode, f.Config.Bias)
	if sel != nil {
		info += fmt.Sprintf(" · shot #%d rewound %.1f ms", sel.Seq, sel.RewindMs())
		if sel.Told(lagcomp.UntoldIdeal) {
			info += fmt.Sprintf(" (ideal %.1f)", sel.IdealRewindMs())
		}
	}
	p.header("Server truth", info)
}

// shotKey is the legend key of a drawn shot: the selected one in full
// blue, older ones as faded ghosts.
func (p *pane) shotKey(r, sel *lagcomp.ShotRecord) key {
	if r == sel {
		return keyRewound
	}
	return keyGhostShots
}

// nameTag names a pawn in words, so a student knows which box is whom;
// a dead one (health > 0, or a scripted death) is named so, beside the
// cross its hitbox draws.
func (p *pane) nameTag(pose model.Pose, name string) {
	if !pose.Alive {
		name += " (dead)"
	}
	p.label(pose.Pos, name, p.pal.Text)
}

// bystanders draws the extra pawns, and with the broad-phase layer the
// grid cells the selected shot's broad phase walked along its ray, which
// pawns it rewound (blue) and which it skipped (faint).
func (p *pane) bystanders() {
	f := p.f
	if len(f.Pawns) <= 2 {
		return
	}
	var rewound map[int]bool
	if r := p.selected(); p.o.Layers.BroadPhase && r != nil {
		p.visitedCells(r.BroadPhase)
		rewound = map[int]bool{}
		for _, i := range r.RewoundPawns {
			rewound[i] = true
		}
	}
	for i := 2; i < len(f.Pawns); i++ {
		pose := f.Pawns[i].Pose
		switch {
		case rewound == nil:
			p.dot(pose.Pos, 3, alpha(p.pal.Dim, 0.7))
			p.keyAt(keyBystander, pose.Pos)
		case rewound[i]:
			p.hitbox(pose, ServerBlue, 0, 1.5, false)
			p.keyAt(keyRewound, pose.Pos)
		default:
			p.dot(pose.Pos, 2, alpha(p.pal.Dim, 0.3))
			p.keyAt(keyBroadSkipped, pose.Pos)
		}
	}
	if r := p.selected(); rewound != nil && r != nil {
		p.note(fmt.Sprintf("broad phase: %d cells walked, %d rewound, %d skipped", len(r.BroadPhase.Cells), r.Rewinds, r.Culls), p.pal.Text)
	}
}

// visitedCells outlines the grid cells a broad phase walked, faint blue
// (the server's), so a reader sees the ray's corridor and where it stopped.
func (p *pane) visitedCells(v lagcomp.BroadPhaseVisit) {
	if len(v.Cells) == 0 {
		return
	}
	cells := p.r.rects[:0]
	for _, c := range v.Cells {
		lo, hi := v.Box(c)
		x0, y0 := p.cam.px(model.V(lo.X, hi.Y))
		x1, y1 := p.cam.px(model.V(hi.X, lo.Y))
		cells = append(cells, rect{x0, y0, x1, y1})
	}
	p.r.rects = cells
	p.fillRects(alpha(ServerBlue, 0.06), cells...)
	p.strokeRects(alpha(ServerBlue, 0.35), p.s, cells...)
	p.key(keyBroadCells)
}

// shooter is the shooter's screen: the world as its client shows it
// (red), its own beams drawn at once, its crosshair.
func (p *pane) shooter() {
	f := p.f
	c := f.Clients[lagcomp.ShooterPawn]
	v := c.View
	if len(v.Poses) == 0 {
		p.notDrawnYet(ViewShooter)
		return
	}
	own, seen := v.Poses[lagcomp.ShooterPawn], v.Poses[lagcomp.TargetPawn]
	p.frame(ViewShooter)
	p.grid()
	p.walls()
	if p.o.Layers.Traces {
		for _, r := range p.shownShots() {
			p.trace(r.ClientOrigin, r.ClientEnd, alpha(p.pal.Trace, p.fade(r)), 1.5, false)
			p.key(keyTrace)
		}
		for _, fs := range f.Fired {
			if f.Config.Weapon.IsProjectile() { // its shots fly: no beam
				break
			}
			p.trace(fs.Origin, fs.End, p.pal.Trace, 2.5, false)
			p.key(keyTrace)
		}
	}
	p.serverNowGhosts(c, lagcomp.ShooterPawn)
	for i, pose := range v.Poses {
		if i == lagcomp.ShooterPawn || !v.Shown[i] || !p.o.Layers.ClientSeen {
			continue
		}
		if i == lagcomp.TargetPawn {
			p.hitbox(pose, ClientRed, 0.35, 2, false)
		} else {
			p.dot(pose.Pos, 3, alpha(ClientRed, 0.5))
		}
		p.keyAt(keyClientSaw, pose.Pos)
	}
	if p.o.Layers.InterpBuffer { // over the box the render time puts there
		p.buffer(c)
	}
	p.hitbox(own, p.pal.Neutral, 0, 1.5, false)
	p.key(keyOwn)
	p.ownTag(own, "shooter", c)
	if v.Shown[lagcomp.TargetPawn] {
		p.crosshair(seen.Pos)
		p.tagOr(seen, lagcomp.TargetPawn, lagcomp.ShooterPawn, "target")
	}
	p.hitMarkers()
	p.ownerProjectiles()
	if p.o.Layers.ExtrapError && v.Shown[lagcomp.TargetPawn] {
		truth := c.OtherTruth
		// solid, where the gap to server now is dashed: two grey links
		// a legend must tell apart. Its figure is a note, not one more
		// label crowding the target's box.
		p.line(seen.Pos, truth.Pos, TrailGrey, 1.5, false)
		p.dot(truth.Pos, 2.5, TrailGrey)
		p.key(keyTruthThen)
		p.note(fmt.Sprintf("truth at shown time: %.3f m from the target shown", truth.Pos.Dist(seen.Pos)), p.pal.Text)
	}
	p.warps(c)
	p.corrections(c, own)
	info := fmt.Sprintf("ping %.0f ms (true %.0f) · display %s", c.TrackedPing, f.Ping.TrueRTTMs, f.Config.Display)
	if w := p.linkWords(lagcomp.ShooterPawn); w != "" {
		info = fmt.Sprintf("ping %.0f ms (true %.0f; %s) · display %s", c.TrackedPing, f.Ping.TrueRTTMs, w, f.Config.Display)
	}
	if f.Config.Display == lagcomp.DisplayInterp {
		info += fmt.Sprintf(" %.0f ms", f.Config.InterpMs)
	}
	info += fmt.Sprintf(" · shows server t − %s", ms(f.T-v.IdealT))
	if f.Config.Display == lagcomp.DisplayExtrap {
		info += fmt.Sprintf(" · warp this frame %.3f m", c.WarpM)
	}
	if !f.Config.Predict || !f.Config.Reconcile { // the naive client's: said where it shows itself
		info += " · " + ownPrediction(f)
	}
	p.header("Shooter client", info)
}

func starved(b bool) string {
	if b {
		return " · STARVED (past the newest snapshot)"
	}
	return ""
}

func (p *pane) crosshair(at model.Vec) {
	x, y := p.cam.px(at)
	r := 9 * p.s
	p.dc.SetColor(p.pal.Text)
	p.dc.SetLineWidth(1.2 * p.s)
	p.dc.DrawLine(x-r, y, x-r/3, y)
	p.dc.DrawLine(x+r/3, y, x+r, y)
	p.dc.DrawLine(x, y-r, x, y-r/3)
	p.dc.DrawLine(x, y+r/3, x, y+r)
	p.dc.Stroke()
	p.key(keyCrosshair)
	p.shape(rect{x - r, y - r, x + r, y + r})
}

// target is the victim's screen: itself now (ahead of the server), the
// shooter in the past (orange: what this client shows, not the red of
// the shooter's view), where the server has them now, and the hits it is
// told of — "I was already behind the wall" is visible here.
func (p *pane) target() {
	f := p.f
	c := f.Clients[lagcomp.TargetPawn]
	v := c.View
	if len(v.Poses) == 0 {
		p.notDrawnYet(ViewTarget)
		return
	}
	own, shooter := v.Poses[lagcomp.TargetPawn], v.Poses[lagcomp.ShooterPawn]
	p.frame(ViewTarget)
	p.grid()
	p.walls()
	p.serverNowGhosts(c, lagcomp.TargetPawn)
	for i := lagcomp.TargetPawn + 1; i < len(v.Poses) && p.o.Layers.ClientSeen; i++ {
		if v.Shown[i] {
			p.dot(v.Poses[i].Pos, 3, alpha(p.pal.Victim, 0.6))
			p.keyAt(keyVictimOthers, v.Poses[i].Pos)
		}
	}
	if p.o.Layers.ClientSeen && v.Shown[lagcomp.ShooterPawn] {
		p.hitbox(shooter, p.pal.Victim, 0.35, 2, false)
		p.key(keyVictimSaw)
		p.tagOr(shooter, lagcomp.ShooterPawn, lagcomp.TargetPawn, "shooter")
	}
	p.hitbox(own, p.pal.Neutral, 0.15, 2, false)
	p.key(keyOwn)
	p.ownTag(own, "target", c)
	p.remoteProjectiles()
	p.muzzleFlashes(shooter, v.Shown[lagcomp.ShooterPawn])
	p.told()
	p.warps(c)
	p.corrections(c, own)
	info := fmt.Sprintf("%s · the shooter as of server t − %s", ownPrediction(f), ms(f.T-v.IdealT))
	if ff := f.Fire; ff != nil && len(ff.Lanes) > 0 {
		r := ff.Lanes[0].Record
		info += " · " + flashesFor(r.EffectsPlayed, r.ShotsFired)
	}
	// its link, when it is not the shooter's (the Shooter pane says that)
	if w := p.linkWords(lagcomp.TargetPawn); w != "" && w != p.linkWords(lagcomp.ShooterPawn) {
		info += " · its link: " + w
	}
	p.header("Target client", info)
}

// victimDown is the victim's downstream base latency for a snapshot sent
// at t (its trace's delay then while one replays): when it hears of a hit.
func (p *pane) victimDown(t model.Time) model.Time {
	return model.MsF(p.f.LinkBaseMs(lagcomp.TargetPawn, false, t))
}

// linkWords name client i's links by the traces they replay, with their
// delays now ("" while neither replays one: the caption's latency keys
// say the link then).
func (p *pane) linkWords(i int) string {
	f := p.f
	up, down := f.LinkTrace(i, true), f.LinkTrace(i, false)
	if up == "" && down == "" {
		return ""
	}
	upMs, downMs := f.LinkBaseMs(i, true, f.T), f.LinkBaseMs(i, false, f.T)
	if up == down {
		return fmt.Sprintf("trace %s: %.0f ms up, %.0f ms down now", up, upMs, downMs)
	}
	part := func(dir, name string, ms float64) string {
		if name == "" {
			return fmt.Sprintf("%s %.0f ms", dir, ms)
		}
		return fmt.Sprintf("%s trace %s: %.0f ms", dir, name, ms)
	}
	return part("up", up, upMs) + ", " + part("down", down, downMs) + " now"
}

// toldShots are the newest four hits the victim has been told of.
func (p *pane) toldShots() []*lagcomp.ShotRecord {
	var told []*lagcomp.ShotRecord
	for _, r := range p.shownShots() {
		// the victim has been told (in a duel, only of the shots at it)
		if r.ServerHit && r.Target == lagcomp.TargetPawn && r.Judged+p.victimDown(r.Judged) <= p.f.T {
			told = append(told, r)
		}
	}
	if len(told) > 4 {
		told = told[len(told)-4:]
	}
	return told
}

// told lists the hits the victim has been told of, with their traces.
func (p *pane) told() {
	f := p.f
	for _, r := range p.toldShots() {
		down := p.victimDown(r.Judged)
		if p.o.Layers.Traces {
			p.trace(r.Origin, r.ServerEnd, alpha(p.pal.Trace, p.fade(r)), 1.5, false)
			p.key(keyTrace)
		}
		msg := fmt.Sprintf("hit by shot #%d, %.0f ms ago", r.Seq, (f.T - r.Judged - down).Millis())
		col := p.pal.Text
		if r.BehindCover {
			msg += " — I was behind cover!"
			col = p.pal.Victim
		}
		p.note(msg, col)
	}
}

// overlay compares, for one shot, the target as the client saw it (red),
// as the server rewound it (blue) and where it is now (outline), with the
// trace and the figures.
func (p *pane) overlay() {
	r := p.selected()
	p.frame(ViewOverlay)
	if r == nil {
		p.grid()
		if p.f.ProjSummary.Count > 0 {
			p.walls() // the one the newest flies at is framed
			p.ownerProjectiles()
			p.projectileNote()
			p.twinNote()
			// last, over any path that runs past the drawing area (a
			// focus or a zoom takes the frame close to the twins)
			p.header("Overlay", "projectiles: fake (magenta) vs authoritative (green)")
			return
		}
		p.header("Overlay", "no shot judged yet")
		p.note("waiting for the first judged shot…", p.pal.Dim)
		p.duelNotes()
		return
	}
	p.grid()
	p.walls()
	if p.o.Layers.ServerNow {
		p.hitbox(r.ServerNow, p.pal.Neutral, 0, 1.5, true)
		p.key(keyServerNow)
	}
	// blue under red, with a thicker line: where they coincide (a
	// perfect rewind) a blue rim shows round the red box
	if p.o.Layers.Rewound {
		p.hitbox(r.Rewound, ServerBlue, 0.3, 5, false)
		p.key(keyRewound)
	}
	if p.o.Layers.ClientSeen {
		p.hitbox(r.ClientSaw, ClientRed, 0.3, 2, false)
		p.key(keyClientSaw)
	}
	p.blocker(r, 1) // named below, once the notes are written
	p.teleport(r)
	if p.o.Layers.Traces {
		if r.Told(lagcomp.UntoldClientTrace) {
			p.trace(r.ClientOrigin, r.ClientEnd, p.pal.Trace, 1.5, true)
		}
		p.trace(r.Origin, r.ServerEnd, p.pal.Trace, 2, false)
		// the dashed client trace vanishes under the server's when they
		// run together (most shots on a clean link): the legend says so
		// rather than list a mark nobody can find; a record without the
		// client's trace lists the server's alone
		if !r.Told(lagcomp.UntoldClientTrace) {
			p.key(keyTrace)
		} else if p.underSegment(r.ClientOrigin, r.ClientEnd, r.Origin, r.ServerEnd) {
			p.key(keyTracesSame)
		} else {
			p.key(keyTrace)
			p.key(keyClientTrace)
		}
	}
	// the figures over the picture: in a small pane the boxes may reach
	// under them, and the text must stay readable
	p.overlayNotes(r)
	p.recordsNote()
	p.blockerNamed(r)
	p.duelNotes()
	// the gap is the server trace's against the rewound hitbox: a shot
	// the server did not trace (client authority) has none, nor has a
	// record that leaves miss_by_m out ("hit, −0.000 m to spare" was
	// drawn for both)
	if p.o.Layers.Gap && r.Traced() && r.Told(lagcomp.UntoldMissBy) {
		p.label(r.Rewound.Pos, gapSays(r), p.pal.Text)
	}
	if p.o.Layers.ServerNow {
		p.label(r.ServerNow.Pos, "server now", p.pal.Dim)
	}
	p.teleportLabels(r)
	agree := "verdicts agree"
	if !r.Agree() {
		agree = "VERDICTS DISAGREE"
	}
	// (the colours are the legend's to explain: the header keeps the figures)
	mode := " · mode " + string(r.Mode)
	if !r.Told(lagcomp.UntoldMode) {
		mode = ""
	}
	p.header("Overlay", fmt.Sprintf("shot #%d%s · %s", r.Seq, mode, agree))
}

// overlayNotes are the selected shot's figures.
func (p *pane) overlayNotes(r *lagcomp.ShotRecord) {
	for _, l := range p.overlayLines(r) {
		p.note(l, p.pal.Text)
	}
}

// overlayNotesLines is how many lines the selected shot's figures take
// once wrapped to the pane, for the framing to leave them room.
func (p *pane) overlayNotesLines(r *lagcomp.ShotRecord) int {
	_, _, w, _ := p.area()
	n := 0
	for _, l := range p.overlayLines(r) {
		n += len(p.wrap(l, noteSize, w-12*p.s))
	}
	if blockedByPawn(r) && !r.Blocker.Alive && p.o.Layers.Rewound {
		n += len(p.wrap(blockerUnknown(r), noteSize, w-12*p.s))
	}
	return n
}

// overlayNotesWidth is the width of the widest line of the selected
// shot's figures once wrapped to the pane, panel included.
func (p *pane) overlayNotesWidth(r *lagcomp.ShotRecord) float64 {
	_, _, w, _ := p.area()
	widest := 0.0
	for _, l := range p.overlayLines(r) {
		for _, s := range p.wrap(l, noteSize, w-12*p.s) {
			tw, _ := p.measure(s, noteSize)
			widest = math.Max(widest, tw+10*p.s)
		}
	}
	return widest
}

// overlayLines are the selected shot's figures, one line each, with the
// ping mode's rewind worked out from the run's figures.
func (p *pane) overlayLines(r *lagcomp.ShotRecord) []string {
	lines := overlayLines(r)
	if l, ok := pingRewindLine(r, p.f.Config); ok {
		lines = slices.Insert(lines, 2, l)
	}
	return lines
}

// overlayLines are the selected shot's figures, one line each.
func overlayLines(r *lagcomp.ShotRecord) []string {
	lines := []string{
		fmt.Sprintf("shot #%d fired %.3f s, judged %.3f s", r.Seq, r.Fire.Seconds(), r.Judged.Seconds()),
		rewindLine(r),
		fmt.Sprintf("client saw vs server used: %.3f m, %.1f°", r.RewindErrorM, r.YawErrorDeg),
		fmt.Sprintf("client: %s · server: %s", verdict(r.ClientHit, r.ClientPart, r.Told(lagcomp.UntoldClientPart)), verdict(r.ServerHit, r.ServerPart, r.Told(lagcomp.UntoldServerPart))),
	}
	if len(r.Rules) > 0 {
		rules := make([]string, len(r.Rules))
		for i, x := range r.Rules {
			rules[i] = string(x)
		}
		lines = append(lines, "rules: "+strings.Join(rules, ", "))
	}
	return lines
}

// duelNotes are the peeker's advantage box: Riot's breakdown from the
// configuration, then what the run measured up to the shown time.
func (p *pane) duelNotes() {
	d := p.f.Duel
	if d == nil {
		return
	}
	p.note(fmt.Sprintf("peeker's advantage ≈ %.0f ms: frame %.1f + cmd wait %.1f + peeker %.0f + input buffer %.1f + holder %.0f + interp %.0f + ½ frame (%.0f–%.0f)",
		d.PredictedMs, d.PeekerFrameMs, d.PeekerCmdWaitMs, d.PeekerUpMs, d.InputBufferMs, d.HolderDownMs, d.HolderInterpMs, d.LowMs, d.HighMs), p.pal.Text)
	saw := func(ok bool, t model.Time) string {
		if !ok {
			return "not yet"
		}
		return fmt.Sprintf("%.3f s", t.Seconds())
	}
	line := fmt.Sprintf("first sight: peeker %s · server %s · holder %s", saw(d.PeekerSeen, d.PeekerSaw), saw(d.ServerSeen, d.ServerSaw), saw(d.HolderSeen, d.HolderSaw))
	if m, ok := d.MeasuredMs(); ok {
		line += fmt.Sprintf(" · measured %.1f ms", m)
	}
	p.note(line, p.pal.Text)
	won := "duel: no hit confirmed yet"
	if d.Winner >= 0 {
		who := "holder (shooter)"
		if d.Winner == d.Peeker {
			who = "peeker (target)"
		}
		won = fmt.Sprintf("duel won by the %s: server confirmed its hit at %.3f s", who, d.WonAt.Seconds())
	}
	p.note(won, p.pal.Text)
}

func verdict(hit bool, part model.Part, told bool) string {
	switch {
	case hit && told:
		return "HIT (" + part.String() + ")"
	case hit: // a record that names no part
		return "HIT"
	}
	return "miss"
}

// rewindLine is the rewind used against the ideal; a record without the
// ideal (ideal_rewind_to_ms) says so, where its 0 read as "off by
// −1611.2 ms".
func rewindLine(r *lagcomp.ShotRecord) string {
	if !r.Told(lagcomp.UntoldIdeal) {
		return fmt.Sprintf("rewind used %.1f ms · ideal: not in the records", r.RewindMs())
	}
	return fmt.Sprintf("rewind used %.1f ms · ideal %.1f ms · off by %+.1f ms", r.RewindMs(), r.IdealRewindMs(), r.RewindMs()-r.IdealRewindMs())
}

// flashesFor says how many muzzle flashes a remote client played for
// the shots fired, in words a header can hold: "1 muzzle flash for 2
// shots fired".
func flashesFor(played, fired int) string {
	return fmt.Sprintf("%s for %s fired", plural(played, "muzzle flash"), plural(fired, "shot"))
}

// flashShown is how long a played muzzle flash stays on screen.
const flashShown = 120 * model.Millisecond

// muzzleFlashes draws the flashes the victim's client played from the
// replicated BurstCounter (not the server's record of shots): a star at
// the shooter as this client shows it, fading over flashShown.
func (p *pane) muzzleFlashes(shooter model.Pose, shown bool) {
	ff := p.f.Fire
	if ff == nil || len(ff.Lanes) == 0 || !shown {
		return
	}
	for _, e := range ff.Lanes[0].Effects {
		age := p.f.T - e.T
		if age < 0 || age > flashShown {
			continue
		}
		a := 1 - float64(age)/float64(flashShown)
		x, y := p.cam.px(shooter.Pos.Add(model.Dir(shooter.Yaw).Scale(0.8)))
		p.flash(x, y, alpha(p.pal.Victim, a))
		p.key(keyMuzzleFlash)
	}
}

// ownPrediction says where a client shows its own pawn: predicted, or
// not, as the naive client's switches (predict, reconcile) have it.
func ownPrediction(f *lagcomp.Frame) string {
	switch {
	case !f.Config.Predict:
		return "itself where the server's newest word has it (predict off)"
	case !f.Config.Reconcile:
		return "itself predicted, put back at each word of the server's (reconcile off)"
	}
	return "itself where its inputs put it (predicted)"
}

// ownTag names a client's own pawn with how many of its inputs the
// server has not acknowledged yet — the inputs a reconciliation replays —
// beside the pawn, so a class sees them pile up with the ping; a pane
// with no room for that says "you (who)" alone.
func (p *pane) ownTag(own model.Pose, who string, c lagcomp.ClientFrame) {
	you := "you (" + who + ")"
	if p.o.Stage != nil { // the lecture frame: "you, on your screen"
		you, _ = p.onStageOwn(whoIndex(who), who)
	}
	if !own.Alive {
		you += " (dead)"
	}
	p.labelOr(own.Pos, fmt.Sprintf("%s · %d inputs unacked", you, c.Pending), you, p.pal.Text)
}

// notDrawnYet is a client's pane before its client has drawn a frame (a
// run not stepped yet: the window started paused at 0 s): the world, and
// a note saying why no pawn is on it.
func (p *pane) notDrawnYet(v View) {
	p.frame(v)
	p.grid()
	p.walls()
	p.note("no frame on this screen yet: its client has not drawn one (step or play)", p.pal.Dim)
}

// drawn is pawn i as client view v shows it, and whether it does: its
// own pawn (own) always once the client has drawn a frame, another once
// the client has state for it; nothing before the client's first frame.
func drawn(v lagcomp.ClientView, i, own int) (model.Pose, bool) {
	if i >= len(v.Poses) || (i != own && (i >= len(v.Shown) || !v.Shown[i])) {
		return model.Pose{}, false
	}
	return v.Poses[i], true
}
