package app

import (
	"math"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lagscope/lagcomp"
	tl "lagscope/lagcomp/timeline"
	"lagscope/model"
	"lagscope/views"
)

// The user can play: with shooter_control or target_control at user, the
// movement keys walk that pawn through the netcode — its own client
// samples what they hold at each of its frames, predicts at once and
// sends the inputs over its own up link (the DESIGN's pipeline), so a
// student feels the latency in their own movement — the mouse over the
// pawn's own view turns it, and a click in the shooter's view fires.
// The keys are read as held (the desktop driver's key down and key up),
// not typed: a held key walks until it is let go, with no key-repeat
// stutter. With both pawns the user's, W A S D walk the shooter and the
// arrows the target (two people at one keyboard).

// player is what the user's hands hold.
type player struct {
	u    *UI
	down map[fyne.KeyName]bool // the movement keys held
	aims [2]aim                // where the mouse turned each pawn (index: the pawn)
	bar  *fyne.Container       // the controls' line over the panes
	say  *widget.Label
	text string
}

// aim is where the mouse turned a pawn: on once the pointer has moved
// over the pawn's own view.
type aim struct {
	on  bool
	yaw float64
}

// moveDirs are the movement keys' directions in the world (y up, as
// every view draws it).
var moveDirs = map[fyne.KeyName]model.Vec{
	fyne.KeyW: model.V(0, 1), fyne.KeyS: model.V(0, -1), fyne.KeyA: model.V(-1, 0), fyne.KeyD: model.V(1, 0),
	fyne.KeyUp: model.V(0, 1), fyne.KeyDown: model.V(0, -1), fyne.KeyLeft: model.V(-1, 0), fyne.KeyRight: model.V(1, 0),
}

func isWASD(name fyne.KeyName) bool {
	return name == fyne.KeyW || name == fyne.KeyA || name == fyne.KeyS || name == fyne.KeyD
}

func newPlayer(u *UI) *player {
	p := &player{u: u, down: map[fyne.KeyName]bool{}}
	p.say = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	p.say.SizeName = theme.SizeNameSubHeadingText // read from the back of a lecture hall
	p.say.Wrapping = fyne.TextWrapWord
	p.bar = container.NewBorder(nil, nil, widget.NewIcon(theme.ComputerIcon()), nil, p.say)
	p.bar.Hide()
	return p
}

// controlled says which pawns are the user's at the shown time.
func (p *player) controlled() (shooter, target bool) {
	c := p.u.config()
	return c.Control == lagcomp.ControlUser, c.TargetControl == lagcomp.ControlUser
}

// pawnOf is the pawn a movement key walks, given who is the user's.
func pawnOf(name fyne.KeyName, shooter, target bool) (int, bool) {
	if _, ok := moveDirs[name]; !ok {
		return 0, false
	}
	switch {
	case shooter && target:
		if isWASD(name) {
			return lagcomp.ShooterPawn, true
		}
		return lagcomp.TargetPawn, true
	case shooter:
		return lagcomp.ShooterPawn, true
	case target:
		return lagcomp.TargetPawn, true
	}
	return 0, false
}

// owns reports whether name is a movement key now: then it walks a pawn
// and does nothing else (S takes no screenshot, ←/→ step no tick, a
// focused slider or list does not move).
func (p *player) owns(name fyne.KeyName) bool {
	if _, ok := moveDirs[name]; !ok {
		return false
	}
	sh, tg := p.controlled()
	_, ok := pawnOf(name, sh, tg)
	return ok
}

// keyDown is a key going down with no text box focused.
func (p *player) keyDown(ev *fyne.KeyEvent) {
	sh, tg := p.controlled()
	pawn, ok := pawnOf(ev.Name, sh, tg)
	if !ok || p.down[ev.Name] {
		return
	}
	p.down[ev.Name] = true
	p.push()
	p.u.hint(string(ev.Name) + ": " + pawnName(pawn) + " walks " + arrow(moveDirs[ev.Name]))
}

// keyUp is a key let go, wherever the keyboard was: a walk never sticks.
func (p *player) keyUp(ev *fyne.KeyEvent) {
	if !p.down[ev.Name] {
		return
	}
	delete(p.down, ev.Name)
	p.push()
}

// releaseAll lets go of every key (the window lost the keyboard).
func (p *player) releaseAll() {
	if len(p.down) == 0 {
		return
	}
	clear(p.down)
	p.push()
}

// held is what the keys and mouse hold for pawn: the sum of its keys'
// directions, each axis kept to -1…1 (W and ↑ together walk no faster;
// W and S together stand still; W and D walk north-east, the client
// normalising the diagonal to the pawn's speed).
func (p *player) held(pawn int, shooter, target bool) lagcomp.UserInput {
	var d model.Vec
	for name := range p.down {
		if q, ok := pawnOf(name, shooter, target); ok && q == pawn {
			d = d.Add(moveDirs[name])
		}
	}
	d = model.V(math.Max(-1, math.Min(1, d.X)), math.Max(-1, math.Min(1, d.Y)))
	return lagcomp.UserInput{Move: d, Aim: p.aims[pawn].on, Yaw: p.aims[pawn].yaw}
}

// push hands the session what the user holds now, for each pawn whose
// input changed. In the past it branches the timeline there, as a shot
// does: what followed is dropped, and the status line says so.
func (p *player) push() {
	sh, tg := p.controlled()
	branched := false
	p.u.withSession(func(s *tl.Session) {
		for _, pawn := range []int{lagcomp.ShooterPawn, lagcomp.TargetPawn} {
			in := p.held(pawn, sh, tg)
			if in == s.UserInput(pawn) {
				continue
			}
			branched = branched || s.Now() < s.LiveNow()
			s.SetUserInput(pawn, in)
		}
	})
	if branched {
		p.u.setStatus("your keys took over from the time shown: what followed it is dropped (the timeline branched)")
		p.u.publish()
	}
	p.sync()
}

// aimAt turns pawn toward world point at, as the mouse over its view
// points. Only at the live edge: hovering over a pane while looking at
// the past must not rewrite it.
func (p *player) aimAt(pawn int, at model.Vec) {
	f := p.u.frame.Load()
	if f == nil || pawn >= len(f.Clients) {
		return
	}
	pb := p.u.sessionState()
	if pb.now < pb.live {
		return
	}
	own := f.Clients[pawn].View.Poses[pawn].Pos // where its own client shows it
	d := at.Sub(own)
	if d.Len() < 1e-6 {
		return
	}
	p.aims[pawn].on, p.aims[pawn].yaw = true, d.Angle()
	p.push()
}

// sync shows the controls' line when a pawn is the user's, with what the
// keys hold now.
func (p *player) sync() {
	sh, tg := p.controlled()
	text := playWords(sh, tg)
	if text != "" {
		for _, pawn := range []int{lagcomp.ShooterPawn, lagcomp.TargetPawn} {
			if d := p.held(pawn, sh, tg).Move; d != (model.Vec{}) {
				text += " · " + pawnName(pawn) + " walking " + arrow(d)
			}
		}
	}
	if text == p.text {
		return
	}
	p.text = text
	p.say.SetText(text)
	if text == "" {
		p.bar.Hide()
	} else {
		p.bar.Show()
	}
}

// playWords is the controls' line for who is the user's.
func playWords(shooter, target bool) string {
	switch {
	case shooter && target:
		return "W A S D walk the shooter (the mouse aims and a click fires in the Shooter pane) · the arrows walk the target (the mouse turns it in the Target pane)"
	case shooter:
		return "You play the shooter: W A S D or the arrows walk it · the mouse aims in the Shooter pane · a click there fires (F: at the target)"
	case target:
		return "You play the target: W A S D or the arrows walk it · the mouse over the Target pane turns it"
	}
	return ""
}

// pawnName is a pawn as the window's panes name it.
func pawnName(pawn int) string {
	if pawn == lagcomp.ShooterPawn {
		return "shooter"
	}
	return "target"
}

// arrow is a direction as the arrow keys that walk it: a diagonal as two
// (the interface font has ← ↑ → ↓ but not the diagonal arrows, which
// fell back to a colour emoji).
func arrow(d model.Vec) string {
	var s []string
	if d.Y > 0 {
		s = append(s, "↑")
	} else if d.Y < 0 {
		s = append(s, "↓")
	}
	if d.X > 0 {
		s = append(s, "→")
	} else if d.X < 0 {
		s = append(s, "←")
	}
	if len(s) == 0 {
		return "·"
	}
	return strings.Join(s, "")
}

// takeBackKeys lets go of the held keys when a text box has the keyboard:
// its key-up events go to it, not to the window, so a key held when a
// click focused it would walk the pawn for ever.
func (p *player) takeBackKeys() {
	if len(p.down) == 0 {
		return
	}
	switch p.u.win.Canvas().Focused().(type) {
	case nil, *check, *slider, *selector, *list: // these hand the window its keys
		return
	}
	p.releaseAll()
}

// bindPlayKeys reads the keys as held, where the driver can (the desktop
// one); a lost window focus lets every key go.
func (u *UI) bindPlayKeys() {
	if dc, ok := u.win.Canvas().(desktop.Canvas); ok {
		dc.SetOnKeyDown(u.play.keyDown)
		dc.SetOnKeyUp(u.play.keyUp)
	}
	u.app.Lifecycle().SetOnExitedForeground(u.play.releaseAll)
}

var _ desktop.Hoverable = (*Pane)(nil)

// MouseIn is the pointer entering a pane: it aims as it moves.
func (p *Pane) MouseIn(ev *desktop.MouseEvent) { p.MouseMoved(ev) }

// MouseMoved aims the pawn whose own view this is, when it is the
// user's: toward the world point under the pointer, read from the pane
// as last drawn (no redraw for a mouse move).
func (p *Pane) MouseMoved(ev *desktop.MouseEvent) {
	var pawn int
	switch p.view {
	case views.ViewShooter:
		pawn = lagcomp.ShooterPawn
	case views.ViewTarget:
		pawn = lagcomp.TargetPawn
	default:
		return
	}
	if p.img == nil {
		return
	}
	sh, tg := p.ui.play.controlled()
	if (pawn == lagcomp.ShooterPawn && !sh) || (pawn == lagcomp.TargetPawn && !tg) {
		return
	}
	px := p.scale(p.img.Bounds().Dx())
	if at, ok := p.r.LastWorldAt(float64(ev.Position.X)*px, float64(ev.Position.Y)*px); ok {
		p.ui.play.aimAt(pawn, at)
	}
}

// MouseOut leaves the aim where it was, as a game's does.
func (p *Pane) MouseOut() {}
