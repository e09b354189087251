package app

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"math"
	"os"
	"reflect"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"lagscope/lagcomp"
	tl "lagscope/lagcomp/timeline"
	"lagscope/model"
	"lagscope/views"
	"lagscope/views/capture"
)

// keyDown and keyUp route a held key as the desktop driver does
// (internal/driver/glfw's processKeyPressed): to the focused widget's
// KeyDown/KeyUp if it has them, else to the canvas's key-down/up hooks
// (which bindPlayKeys sets on a desktop canvas; the test canvas has none,
// so the hook is called by name); a key going down is then also typed.
func keyDown(u *UI, name fyne.KeyName) {
	ev := &fyne.KeyEvent{Name: name}
	c := u.win.Canvas()
	if f := c.Focused(); f != nil {
		if k, ok := f.(desktop.Keyable); ok {
			k.KeyDown(ev)
		}
		f.TypedKey(ev)
		return
	}
	u.play.keyDown(ev)
	c.OnTypedKey()(ev)
}

func keyUp(u *UI, name fyne.KeyName) {
	ev := &fyne.KeyEvent{Name: name}
	if f := u.win.Canvas().Focused(); f != nil {
		if k, ok := f.(desktop.Keyable); ok {
			k.KeyUp(ev)
		}
		return
	}
	u.play.keyUp(ev)
}

// userTarget is the default preset with the target the user's.
func userTarget(t *testing.T) (*UI, *fakeClock) {
	t.Helper()
	u, clk := newTestUI(t, "default")
	u.control("target_control").sel.SetSelected("user")
	if u.config().TargetControl != lagcomp.ControlUser {
		t.Fatal("the Target control did not make the target the user's")
	}
	return u, clk
}

func serverPos(u *UI, pawn int) model.Vec { return u.frame.Load().Pawns[pawn].Pose.Pos }
func ownPos(u *UI, pawn int) model.Vec {
	return u.frame.Load().Clients[pawn].View.Poses[pawn].Pos
}

// W held walks the user's target north at the preset's speed: at once on
// its own client (prediction), on the server only a pipeline later; let
// go, it stops. The seek back to the middle of the walk and the
// screenshot's sidecar show the same frames, byte for byte, as the live
// run did; the window says which keys do what.
func TestKeysWalkTheUsersTarget(t *testing.T) {
	u, clk := userTarget(t)
	if !u.play.bar.Visible() || !strings.Contains(u.play.say.Text, "W A S D") {
		t.Fatalf("no line says the keys walk the target: %q (shown %v)", u.play.say.Text, u.play.bar.Visible())
	}
	clk.run(u, 40) // the links and the input buffer settle
	cfg := u.config()
	start, startOwn := serverPos(u, lagcomp.TargetPawn), ownPos(u, lagcomp.TargetPawn)
	t0 := u.sessionState().now
	keyDown(u, fyne.KeyW)
	if !strings.Contains(u.play.say.Text, "target walking ↑") {
		t.Errorf("the line does not say the target walks north: %q", u.play.say.Text)
	}
	clk.run(u, 1) // 16 ms: shorter than the up link's latency
	if got := serverPos(u, lagcomp.TargetPawn); got != start {
		t.Fatalf("the server moved the target %v within 16 ms of the key, before its input could arrive (up %v ms)", got.Sub(start), cfg.Up.LatencyMs)
	}
	if d := ownPos(u, lagcomp.TargetPawn).Sub(startOwn); d.Y <= 0 || math.Abs(d.X) > 1e-9 {
		t.Fatalf("the target's own client did not predict the step north at once: %v", d)
	}
	clk.run(u, 29)
	mid, midFrame := u.sessionState().now, u.frame.Load()
	clk.run(u, 30)
	t1 := u.sessionState().now
	keyUp(u, fyne.KeyW)
	clk.run(u, 40) // the last inputs reach the server
	walked := serverPos(u, lagcomp.TargetPawn).Sub(start)
	want := cfg.Target.Speed * (t1 - t0).Seconds()
	frame := cfg.Target.Speed / float64(cfg.FPS) // one client frame's walk: when the key fell between frames
	if math.Abs(walked.X) > 1e-9 || math.Abs(walked.Y-want) > frame+1e-9 {
		t.Fatalf("the server walked the target %v over %v held, want (0, %.4f) ± one frame's %.4f m", walked, t1-t0, want, frame)
	}
	t.Logf("held %v: the server walked the target %v, want (0, %.4f) ± %.4f m", t1-t0, walked, want, frame)
	still := serverPos(u, lagcomp.TargetPawn)
	clk.run(u, 20)
	if got := serverPos(u, lagcomp.TargetPawn); got != still {
		t.Fatalf("let go, the target still walks: %v → %v", still, got)
	}
	if strings.Contains(u.play.say.Text, "walking") {
		t.Errorf("let go, the line still says it walks: %q", u.play.say.Text)
	}
	sc := u.session.Script()
	if n := len(sc.Inputs); n != 2 || sc.Inputs[0].Move == nil || !sc.Inputs[0].Move.Frame || sc.Inputs[0].Move.Dir != [2]float64{0, 1} {
		t.Fatalf("the script holds %d inputs, want the key down and up as sampled: %+v", n, sc.Inputs)
	}

	// a screenshot's sidecar, read back as `shot --from` reads it,
	// replays to the same frame and draws the same picture
	live := u.frame.Load()
	u.shotUI.what, u.shotUI.size = "target", "640x360"
	path, err := u.shotUI.take()
	if err != nil {
		t.Fatal(err)
	}
	side, err := capture.Read(capture.SidecarPath(path))
	if err != nil {
		t.Fatal(err)
	}
	if side.AtUs != int64(live.T) {
		t.Fatalf("the sidecar is at %v µs, the window at %v", side.AtUs, live.T)
	}
	sim, err := side.Script.Replay(model.Time(side.AtUs))
	if err != nil {
		t.Fatal(err)
	}
	if got := sim.Frame(); !sameValue(reflect.ValueOf(got), reflect.ValueOf(live)) {
		t.Fatalf("the sidecar's replay differs from the live frame: target on the server %v, live %v", got.Pawns[lagcomp.TargetPawn].Pose, live.Pawns[lagcomp.TargetPawn].Pose)
	}
	img, err := capture.Render(side)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(img.Pix, pngPixels(t, path)) {
		t.Fatal("the sidecar does not redraw the screenshot's pixels")
	}

	// a seek back to the middle of the walk shows what the live run showed
	u.timeline.seek(mid)
	if got := u.frame.Load(); !sameValue(reflect.ValueOf(got), reflect.ValueOf(midFrame)) {
		t.Fatalf("the seek to %v differs from the live frame: target %v, live %v", mid, got.Pawns[lagcomp.TargetPawn].Pose, midFrame.Pawns[lagcomp.TargetPawn].Pose)
	}
}

// pngPixels is a PNG file's pixels as RGBA.
func pngPixels(t *testing.T, path string) []byte {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	im, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	rgba := image.NewRGBA(im.Bounds())
	draw.Draw(rgba, rgba.Bounds(), im, im.Bounds().Min, draw.Src)
	return rgba.Pix
}

// Two keys walk the diagonal at the same speed, normalised; opposite keys
// stand still; the arrows walk as W A S D do; and ←/→/S walk rather than
// step the timeline or open the screenshot dialog.
func TestKeysWalkDiagonalsAndOwnTheirKeys(t *testing.T) {
	u, clk := userTarget(t)
	clk.run(u, 20)
	held := func() model.Vec {
		var in lagcomp.UserInput
		u.withSession(func(s *tl.Session) { in = s.UserInput(lagcomp.TargetPawn) })
		return in.Move
	}
	keyDown(u, fyne.KeyW)
	keyDown(u, fyne.KeyD)
	if got := held(); got != model.V(1, 1) {
		t.Fatalf("W and D hold %v", got)
	}
	before := ownPos(u, lagcomp.TargetPawn)
	clk.run(u, 10)
	d := ownPos(u, lagcomp.TargetPawn).Sub(before)
	if math.Abs(d.X-d.Y) > 1e-9 || math.Abs(d.Len()-u.config().Target.Speed*0.16) > u.config().Target.Speed/float64(u.config().FPS)+1e-9 {
		t.Fatalf("W+D for 160 ms walked %v (%.4f m), want a diagonal at the target's speed", d, d.Len())
	}
	keyDown(u, fyne.KeyS)
	if got := held(); got != model.V(1, 0) {
		t.Fatalf("W, D and S hold %v, want east", got)
	}
	for _, k := range []fyne.KeyName{fyne.KeyW, fyne.KeyD, fyne.KeyS} {
		keyUp(u, k)
	}
	now := u.sessionState().now
	keyDown(u, fyne.KeyLeft)
	if got := held(); got != model.V(-1, 0) {
		t.Fatalf("← holds %v", got)
	}
	if u.sessionState().now != now || u.sessionState().paused {
		t.Fatal("← stepped the timeline while it walks the target")
	}
	keyUp(u, fyne.KeyLeft)
	keyDown(u, fyne.KeyS)
	keyUp(u, fyne.KeyS)
	if len(u.win.Canvas().Overlays().List()) != 0 {
		t.Fatal("S opened the screenshot dialog while it walks the target")
	}
	// with the bot back, the keys are the window's again
	u.control("target_control").sel.SetSelected("bot")
	if u.play.bar.Visible() || u.play.owns(fyne.KeyS) {
		t.Fatal("with the bot at the target, the movement keys are still taken")
	}
}

// Typing in a text entry walks nothing: the letters are text there; a
// key held when a click focused the entry is let go, not walked for ever.
func TestTypingInAnEntryDoesNotWalk(t *testing.T) {
	u, clk := userTarget(t)
	clk.run(u, 20)
	c := u.win.Canvas()
	u.tabs.show("Sweep")
	e := u.sweep.seeds
	c.Focus(e)
	if c.Focused() != e {
		t.Fatal("the seeds entry takes no focus")
	}
	e.SetText("")
	for _, k := range []fyne.KeyName{fyne.KeyW, fyne.KeyA, fyne.KeyS, fyne.KeyD, fyne.KeyUp} {
		keyDown(u, k)
		e.TypedRune(rune(strings.ToLower(string(k))[0]))
	}
	var in lagcomp.UserInput
	u.withSession(func(s *tl.Session) { in = s.UserInput(lagcomp.TargetPawn) })
	if in.Move != (model.Vec{}) || len(u.play.down) != 0 {
		t.Fatalf("typing in an entry walks the target: %v (%d keys held)", in.Move, len(u.play.down))
	}
	before := ownPos(u, lagcomp.TargetPawn)
	clk.run(u, 10)
	if got := ownPos(u, lagcomp.TargetPawn); got != before {
		t.Fatalf("typing in an entry moved the target %v", got.Sub(before))
	}
	// W held, then a click puts the keyboard in the entry: W is let go
	c.Unfocus()
	keyDown(u, fyne.KeyW)
	c.Focus(e)
	clk.run(u, 1)
	if len(u.play.down) != 0 {
		t.Fatal("a key held when the entry took the keyboard still walks")
	}
	// and a focused slider hands its keys over (a click on it focuses it)
	c.Unfocus()
	sl := u.timeline.scrub
	c.Focus(sl)
	v := sl.Value
	keyDown(u, fyne.KeyUp)
	if len(u.play.down) != 1 || sl.Value != v {
		t.Fatalf("↑ on the focused scrubber: %d keys held, slider %v → %v", len(u.play.down), v, sl.Value)
	}
	keyUp(u, fyne.KeyUp)
}

// The mouse over the target's pane turns it toward the pointer; the same
// move over another pane, or with the bot at the target, does nothing.
func TestMouseAimsTheUsersPawn(t *testing.T) {
	u, clk := userTarget(t)
	clk.run(u, 30)
	p := u.pane(views.ViewTarget)
	p.Resize(fyne.NewSize(600, 400))
	p.draw(600, 400)
	f := u.frame.Load()
	own := f.Clients[lagcomp.TargetPawn].View.Poses[lagcomp.TargetPawn].Pos
	aimAt := own.Add(model.V(0, -3)) // due south of it
	px := pixelOf(p, f, aimAt)
	p.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: px}})
	var in lagcomp.UserInput
	u.withSession(func(s *tl.Session) { in = s.UserInput(lagcomp.TargetPawn) })
	if !in.Aim || math.Abs(model.AngleDiff(in.Yaw, -math.Pi/2)) > 0.05 {
		t.Fatalf("the pointer south of the target aims %v (aim %v), want −90°", in.Yaw, in.Aim)
	}
	clk.run(u, 10)
	if yaw := ownYaw(u); math.Abs(model.AngleDiff(yaw, -math.Pi/2)) > 0.05 {
		t.Fatalf("the target faces %v on its own client, want −90°", yaw)
	}
	var sh lagcomp.UserInput
	u.withSession(func(s *tl.Session) { sh = s.UserInput(lagcomp.ShooterPawn) })
	u.pane(views.ViewShooter).MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: px}})
	u.withSession(func(s *tl.Session) { in = s.UserInput(lagcomp.ShooterPawn) })
	if in != sh {
		t.Fatal("the pointer over the shooter's pane aims the bot's shooter")
	}
}

func ownYaw(u *UI) float64 {
	return u.frame.Load().Clients[lagcomp.TargetPawn].View.Poses[lagcomp.TargetPawn].Yaw
}

// sameValue is reflect.DeepEqual with NaN equal to NaN (a figure not
// measured yet is NaN in a frame, and the same in its replay).
func sameValue(a, b reflect.Value) bool {
	if a.IsValid() != b.IsValid() {
		return false
	}
	if !a.IsValid() {
		return true
	}
	if a.Type() != b.Type() {
		return false
	}
	switch a.Kind() {
	case reflect.Float32, reflect.Float64:
		x, y := a.Float(), b.Float()
		return x == y || (x != x && y != y)
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return sameValue(a.Elem(), b.Elem())
	case reflect.Slice, reflect.Array:
		if a.Len() != b.Len() {
			return false
		}
		for i := 0; i < a.Len(); i++ {
			if !sameValue(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if !sameValue(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	case reflect.Map:
		if a.Len() != b.Len() {
			return false
		}
		for _, k := range a.MapKeys() {
			if !sameValue(a.MapIndex(k), b.MapIndex(k)) {
				return false
			}
		}
		return true
	case reflect.Func, reflect.Chan, reflect.UnsafePointer:
		return a.IsNil() && b.IsNil()
	}
	if !a.CanInterface() { // unexported: compare its text
		return fmt.Sprint(a) == fmt.Sprint(b)
	}
	return reflect.DeepEqual(a.Interface(), b.Interface())
}

// With both pawns the user's, W A S D walk the shooter and the arrows the
// target (two people at one keyboard), the mouse over the shooter's pane
// aims the shooter, and a click there still fires.
func TestTwoPlayersShareTheKeyboard(t *testing.T) {
	u, clk := userTarget(t)
	u.control("shooter_control").sel.SetSelected("user")
	clk.run(u, 40)
	if !strings.Contains(u.play.say.Text, "the arrows walk the target") {
		t.Fatalf("the line does not split the keys: %q", u.play.say.Text)
	}
	held := func(pawn int) (in lagcomp.UserInput) {
		u.withSession(func(s *tl.Session) { in = s.UserInput(pawn) })
		return in
	}
	keyDown(u, fyne.KeyD)
	keyDown(u, fyne.KeyDown)
	if sh, tg := held(lagcomp.ShooterPawn).Move, held(lagcomp.TargetPawn).Move; sh != model.V(1, 0) || tg != model.V(0, -1) {
		t.Fatalf("D and ↓: shooter holds %v, target %v", sh, tg)
	}
	before := ownPos(u, lagcomp.ShooterPawn)
	clk.run(u, 10)
	if d := ownPos(u, lagcomp.ShooterPawn).Sub(before); d.X <= 0 || math.Abs(d.Y) > 1e-9 {
		t.Fatalf("D walked the shooter %v, want east", d)
	}
	keyUp(u, fyne.KeyD)
	keyUp(u, fyne.KeyDown)

	p := u.pane(views.ViewShooter)
	p.Resize(fyne.NewSize(600, 400))
	p.draw(600, 400)
	f := u.frame.Load()
	own := f.Clients[lagcomp.ShooterPawn].View.Poses[lagcomp.ShooterPawn].Pos
	p.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: pixelOf(p, f, own.Add(model.V(0, 4)))}})
	if in := held(lagcomp.ShooterPawn); !in.Aim || math.Abs(model.AngleDiff(in.Yaw, math.Pi/2)) > 0.05 {
		t.Fatalf("the pointer north of the shooter aims %v (aim %v), want 90°", in.Yaw, in.Aim)
	}
	seen := f.Clients[lagcomp.ShooterPawn].View.Poses[lagcomp.TargetPawn].Pos
	n := u.session.Sim().Shots.Len()
	p.Tapped(&fyne.PointEvent{Position: pixelOf(p, f, seen)})
	clk.run(u, 30)
	if got := u.session.Sim().Shots.Len(); got != n+1 {
		t.Fatalf("a click in the shooter's pane: %d shots judged, want %d", got, n+1)
	}
}
