package views

import (
	"fmt"
	"math"

	"lagscope/lagcomp"
	"lagscope/model"
)

// The lecture frame (LayoutRow): the target's screen, the server and the
// shooter's screen side by side, as Gabriel Gambetta's live demo of
// client-side prediction and entity interpolation shows its three views,
// at one world scale, so one pawn walking shows three boxes a delay apart
// against one grid. A camera fitted again at every frame makes the grid
// zoom and the shooter slide while the pawn stays put (the class saw the
// grid zoom out to 25 m, not the target walk): the Stage is framed once
// and stays still while the pawn it follows walks within the middle
// third of the panes, and turns a page when it leaves it.

// RowViews are the lecture frame's panes, in order.
var RowViews = []View{ViewTarget, ViewServer, ViewShooter}

// LayoutViews are the views layout l shows when none are named, in cell
// order.
func LayoutViews(l Layout) []View {
	if l == LayoutRow {
		return RowViews
	}
	return Views
}

// Stage is the camera the lecture frame's panes share: a world centre
// and a span, in metres, across each pane's drawing area. Panes of one
// width draw at one scale (their drawing areas' width over Span pixels a
// metre), whatever their headers.
type Stage struct {
	Centre model.Vec // the world point at the middle of each drawing area
	Span   float64   // metres across a drawing area's width
	// Aspect is a drawing area's height over its width when the stage
	// was framed: the height of the span, for following up and down.
	Aspect float64
	// Pawn is the pawn the stage follows (Followed).
	Pawn int
}

// followBand is the part of the span, across and up, the followed pawn
// walks in without moving the camera: the middle third.
const followBand = 1.0 / 3

// Followed is the pawn the lecture frame follows: the one the user
// plays (the target when both are), else the target.
func Followed(c *lagcomp.Config) int {
	if c.Control == lagcomp.ControlUser && c.TargetControl != lagcomp.ControlUser {
		return lagcomp.ShooterPawn
	}
	return lagcomp.TargetPawn
}

// PawnCopies are pawn i where the server has it and where each of the
// two players' screens draws it (once it draws it): the boxes the
// lecture frame keeps on screen.
func PawnCopies(f *lagcomp.Frame, i int) []model.Vec {
	if f == nil || i >= len(f.Pawns) {
		return nil
	}
	pts := []model.Vec{f.Pawns[i].Pose.Pos}
	for c := range min(len(f.Clients), 2) {
		if pose, ok := drawn(f.Clients[c].View, i, c); ok {
			pts = append(pts, pose.Pos)
		}
	}
	return pts
}

// stageMinW, stageMinH are the least the stage frames, in metres: the
// panes' own least frame (framing), a pawn walking 5 m/s crossing the
// middle third in over a second.
const stageMinW, stageMinH = 10.0, 6.0

// NewStage frames the lecture frame on frame f, its panes w x h drawn
// under o: the followed pawn's copies (PawnCopies) whole, at least
// stageMinW x stageMinH metres, in the drawing area the three panes all
// leave (below the tallest header, above the tallest legend). The rest
// of the scene does not widen it: fitted to the shooter 20 m away too,
// the pawn was a few pixels and its delay a pixel's gap.
func (r *Renderer) NewStage(f *lagcomp.Frame, w, h int, o Options) Stage {
	if o.Scale <= 0 {
		o.Scale = 1
	}
	if o.Palette == (Palette{}) {
		o.Palette = Dark
	}
	o.Stage, o.Framing, o.Zoom, o.Pan = nil, nil, 1, model.Vec{}
	st := Stage{Span: stageMinW, Aspect: stageMinH / stageMinW}
	if f == nil || w <= 0 || h <= 0 {
		return st
	}
	st.Pawn = Followed(&f.Config)
	var fr framer
	for _, pt := range PawnCopies(f, st.Pawn) {
		fr.point(pt, model.BoundRadius)
	}
	x0, y0, x1, y1 := 0.0, 0.0, float64(w), float64(h)
	for _, v := range RowViews {
		p := r.newPane(r.scratchRGBA(w, h), f, v, o, 1, 1)
		p.draw(v)
		p.rows, p.hlines = p.roomyLayout()
		p.bare = p.bareNeeded(p.rows)
		x, y, aw, ah := p.area()
		x0, y0, x1, y1 = math.Max(x0, x), math.Max(y0, y), math.Min(x1, x+aw), math.Min(y1, y+ah)
	}
	aw, ah := math.Max(x1-x0, 1), math.Max(y1-y0, 1)
	cam := framing{fr: fr, minW: stageMinW, minH: stageMinH}.fit(x0, y0, aw, ah, o.Scale, Options{})
	st.Centre, st.Span, st.Aspect = model.V(cam.cx, cam.cy), aw/cam.ppm, ah/aw
	return st.Follow(PawnCopies(f, st.Pawn))
}

// Follow is the stage turned a page when the points (a pawn's copies)
// leave the middle third of the span, across or up: moved the way they
// went until they sit at the far edge of the third, so they cross the
// whole third again before the next turn; points spread wider than the
// third are centred. A stage whose points stay in the third is returned
// unchanged: the grid stands still. Moved just enough to keep the pawn on
// the third's edge, the camera slid every frame with the pawn pinned, the
// walk unseen again.
func (st Stage) Follow(pts []model.Vec) Stage {
	if len(pts) == 0 || st.Span <= 0 {
		return st
	}
	lo, hi := pts[0], pts[0]
	for _, p := range pts[1:] {
		lo = model.V(math.Min(lo.X, p.X), math.Min(lo.Y, p.Y))
		hi = model.V(math.Max(hi.X, p.X), math.Max(hi.Y, p.Y))
	}
	st.Centre.X = follow1(st.Centre.X, lo.X, hi.X, st.Span*followBand/2)
	st.Centre.Y = follow1(st.Centre.Y, lo.Y, hi.Y, st.Span*st.Aspect*followBand/2)
	return st
}

// follow1 is centre c kept while lo..hi is within c ± half; past its
// high end, moved until lo sits on its low end (past the low end, hi on
// the high end); onto the middle of lo..hi when that is wider than 2 half.
func follow1(c, lo, hi, half float64) float64 {
	switch {
	case hi-lo > 2*half:
		return (lo + hi) / 2
	case hi > c+half:
		return lo + half
	case lo < c-half:
		return hi - half
	}
	return c
}

// stageCamera is the camera of a pane drawn on st: its drawing area at
// the stage's scale, then the window's zoom and pan.
func (p *pane) stageCamera(st *Stage) camera {
	x, y, w, h := p.area()
	cam := camera{x, y, w, h, st.Centre.X, st.Centre.Y, w / st.Span}
	if z := p.o.Zoom; z > 0 {
		cam.ppm *= z
	}
	cam.cx += p.o.Pan.X
	cam.cy += p.o.Pan.Y
	return cam
}

// onStageOwn is what the lecture frame writes by a client's own pawn
// (who: shooter or target) and by where the server has it: "you, on your
// screen" and "you, on the server: 150 ms behind", behind by the time
// the server plays this client's inputs after it (the run's input
// buffer offset). The pawn the user does not play is named.
func (p *pane) onStageOwn(own int, who string) (screen, server string) {
	you, its := "you", "your"
	f := p.f
	if played := f.Config.Control == lagcomp.ControlUser || f.Config.TargetControl == lagcomp.ControlUser; played && !playedBy(&f.Config, own) {
		you, its = who, "its"
	}
	screen = fmt.Sprintf("%s, on %s screen", you, its)
	server = you + ", on the server"
	if own < len(f.InputOffsets) && f.InputOffsets[own] >= 0 {
		server += ": " + gapMs(f.InputOffsets[own]) + " behind"
	}
	return screen, server
}

// playedBy reports whether the user plays pawn i.
func playedBy(c *lagcomp.Config, i int) bool {
	switch i {
	case lagcomp.ShooterPawn:
		return c.Control == lagcomp.ControlUser
	case lagcomp.TargetPawn:
		return c.TargetControl == lagcomp.ControlUser
	}
	return false
}

// onStageOther is what the lecture frame names pawn i by on another's
// screen (client c) or, c < 0, on the server, when the user plays it:
// "you, on the shooter's screen: 262 ms behind" (behind the server's
// now by the time that screen shows the world at), and a shorter form
// for a pane with no room for it ("you, 262 ms behind"); "" when the
// user does not play it or the pane is not on a stage (the usual name).
func (p *pane) onStageOther(i, c int) (full, short string) {
	f := p.f
	if p.o.Stage == nil || !playedBy(&f.Config, i) {
		return "", ""
	}
	if c < 0 {
		return "you, on the server", "you"
	}
	behind := gapMs(f.T - f.Clients[c].View.IdealT)
	return fmt.Sprintf("you, on the %s's screen: %s behind", pawnName(c), behind), "you, " + behind + " behind"
}

// tagOr names pawn i's pose on screen c (c < 0: the server) as
// onStageOther does, or by name.
func (p *pane) tagOr(pose model.Pose, i, c int, name string) {
	full, short := p.onStageOther(i, c)
	if full == "" {
		p.nameTag(pose, name)
		return
	}
	if !pose.Alive {
		full, short = full+" (dead)", short+" (dead)"
	}
	p.labelOr(pose.Pos, full, short, p.pal.Text)
}

// whoIndex is the pawn a client's own name stands for.
func whoIndex(who string) int {
	if who == "shooter" {
		return lagcomp.ShooterPawn
	}
	return lagcomp.TargetPawn
}
