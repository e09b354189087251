package views

import (
	"image"
	"math"

	"lagscope/lagcomp"
	"lagscope/model"
)

// Each pane frames what matters in it — the shooter, the target, the
// judged shot and live projectiles — whole hitboxes with a margin, and
// the walls near them; the window's zoom and pan then move that frame.

// framer collects the world boxes a pane must show.
type framer struct {
	lo, hi model.Vec
	any    bool
}

// point adds a point with r metres round it.
func (fr *framer) point(p model.Vec, r float64) {
	a, b := model.V(p.X-r, p.Y-r), model.V(p.X+r, p.Y+r)
	if !fr.any {
		fr.lo, fr.hi, fr.any = a, b, true
		return
	}
	fr.lo = model.V(math.Min(fr.lo.X, a.X), math.Min(fr.lo.Y, a.Y))
	fr.hi = model.V(math.Max(fr.hi.X, b.X), math.Max(fr.hi.Y, b.Y))
}

// add adds what other framed.
func (fr *framer) add(other framer) {
	if other.any {
		fr.point(other.lo, 0)
		fr.point(other.hi, 0)
	}
}

// pose adds a whole hitbox.
func (fr *framer) pose(p model.Pose) { fr.point(p.Pos, model.BoundRadius) }

// walls adds the parts of the walls within reach metres of what is
// framed already: a wall beside the action matters, the far end of a
// long one does not.
func (fr *framer) walls(ws []model.Wall, reach float64) {
	if !fr.any {
		return
	}
	lo, hi := fr.lo.Sub(model.V(reach, reach)), fr.hi.Add(model.V(reach, reach))
	for _, w := range ws {
		a := model.V(math.Max(w.Min.X, lo.X), math.Max(w.Min.Y, lo.Y))
		b := model.V(math.Min(w.Max.X, hi.X), math.Min(w.Max.Y, hi.Y))
		if a.X <= b.X && a.Y <= b.Y {
			fr.point(a, 0)
			fr.point(b, 0)
		}
	}
}

// frame fits the camera for view v to the things the pane must show, or
// takes the camera a Framing shared among panes holds for v.
func (p *pane) frame(v View) {
	if st := p.o.Stage; st != nil && st.Span > 0 && !v.TimeAxis() {
		p.cam = p.stageCamera(st)
		return
	}
	if cam, ok := p.o.Framing.camera(v); ok {
		p.cam = cam
		return
	}
	x, y, w, h := p.area()
	p.cam = p.framing(v).fit(x, y, w, h, p.s, p.o)
}

// framing is what a pane must show: a box of at least minW x minH metres
// and room above it for notes lines of notes.
type framing struct {
	fr         framer
	minW, minH float64
	notes      int
	// notesW is the widest line of those notes in pixels, where known
	// (0: not): notes too many for the band above the box a pane leaves
	// them (a third of its height) go beside the box instead, so that
	// they never cover it
	notesW float64
}

// framing collects what view v must show: the things each pane frames.
func (p *pane) framing(v View) framing {
	f := p.f
	var fr framer
	minW, minH, notes, notesW := 10.0, 6.0, 0, 0.0
	switch v {
	case ViewServer:
		fr.pose(f.Pawns[lagcomp.ShooterPawn].Pose)
		fr.pose(f.Pawns[lagcomp.TargetPawn].Pose)
		if r := p.selected(); r != nil {
			fr.pose(r.Rewound)
			p.frameBlock(&fr, r)
			if a, b, ok := p.teleportCrossed(r); ok {
				fr.point(a.Pose.Pos, 0.5)
				fr.point(b.Pose.Pos, 0.5)
			}
		}
		for i := range f.Projectiles {
			pr := &f.Projectiles[i]
			if pr.ServerAlive {
				fr.point(pr.ServerPos, 0.5)
			}
			p.frameDet(&fr, pr.Final, pr.RadiusM)
		}
	case ViewShooter:
		v := f.Clients[lagcomp.ShooterPawn].View
		if own, ok := drawn(v, lagcomp.ShooterPawn, lagcomp.ShooterPawn); ok {
			fr.pose(own)
		}
		if seen, ok := drawn(v, lagcomp.TargetPawn, lagcomp.ShooterPawn); ok {
			fr.pose(seen)
			fr.pose(f.Pawns[lagcomp.TargetPawn].Pose) // its server-now ghost
		}
		for i := range f.Projectiles {
			pr := &f.Projectiles[i]
			for _, c := range []lagcomp.CopyFrame{pr.Fake, pr.AuthCopy} {
				if c.Alive {
					fr.point(c.Pos, 0.5)
				}
				p.frameDet(&fr, c.Det, pr.RadiusM)
			}
		}
		notes = p.warpNotes(f.Clients[lagcomp.ShooterPawn]) + p.correctionNotes(f.Clients[lagcomp.ShooterPawn])
		if p.o.Layers.InterpBuffer {
			notes++
		}
		if _, ok := drawn(v, lagcomp.TargetPawn, lagcomp.ShooterPawn); ok && p.o.Layers.ExtrapError {
			notes++
		}
	case ViewTarget:
		v := f.Clients[lagcomp.TargetPawn].View
		if own, ok := drawn(v, lagcomp.TargetPawn, lagcomp.TargetPawn); ok {
			fr.pose(own)
		}
		fr.pose(f.Pawns[lagcomp.TargetPawn].Pose)
		if shooter, ok := drawn(v, lagcomp.ShooterPawn, lagcomp.TargetPawn); ok {
			fr.pose(shooter)
		}
		for i := range f.Projectiles {
			pr := &f.Projectiles[i]
			if pr.Remote.Alive {
				fr.point(pr.Remote.Pos, 0.5)
			}
			p.frameDet(&fr, pr.Remote.Det, pr.RadiusM)
		}
		notes = len(p.toldShots()) + p.warpNotes(f.Clients[lagcomp.TargetPawn]) + p.correctionNotes(f.Clients[lagcomp.TargetPawn])
	case ViewOverlay:
		minW, minH, notes = 3.5, 2.5, 5
		if r := p.selected(); r != nil {
			notes = p.overlayNotesLines(r) + b2i(p.o.FromRecords != "")
			notesW = p.overlayNotesWidth(r)
			fr.pose(r.ClientSaw)
			fr.pose(r.Rewound)
			fr.pose(r.ServerNow)
			p.frameBlock(&fr, r) // what stopped the trace (blocker.go)
			// the spawns a rewind across a teleport ran between (teleport.go)
			if a, b, ok := p.teleportCrossed(r); ok {
				fr.point(a.Pose.Pos, 0.5)
				fr.point(b.Pose.Pos, 0.5)
			}
		} else if n := len(f.Projectiles); n > 0 {
			// the newest projectile's twins, close up: where the owner
			// shows its fake and its copy of the authoritative one, or
			// where they detonated
			pr := f.Projectiles[n-1]
			for _, c := range []lagcomp.CopyFrame{pr.Fake, pr.AuthCopy} {
				if c.Alive {
					fr.point(c.Pos, 0.5)
				}
				p.frameDet(&fr, c.Det, pr.RadiusM)
			}
			if !fr.any {
				fr.point(pr.Origin, 0.5)
			}
			if at, ok := p.wallAhead(&pr); ok {
				fr.point(at, 0.5)
			}
			minW, minH, notes = 8, 5, 3
		} else {
			fr.pose(f.Pawns[lagcomp.TargetPawn].Pose)
			minW, minH, notes = 4, 3, 1
		}
	}
	if v != ViewOverlay {
		fr.walls(f.Config.Walls, 3)
	}
	if p.o.Focus != FocusNone {
		if ffr, ok := p.focusFramer(v); ok {
			return framing{ffr, focusMinW, focusMinH, notes, notesW}
		}
	}
	return framing{fr, minW, minH, notes, notesW}
}

// frameDet adds a detonation and its radius when Draw Final Position
// shows it.
func (p *pane) frameDet(fr *framer, det *model.Vec, radius float64) {
	if det != nil && p.o.Layers.FinalPosition {
		fr.point(*det, math.Max(radius, 0.5))
	}
}

// fit fits a camera to the box (at least minW x minH metres) in the
// drawing area x, y, w, h, below notes lines of notes (at scale s) and
// with a margin for labels, then applies the zoom and pan of o.
func (fm framing) fit(x, y, w, h, s float64, o Options) camera {
	// in a small pane the margins and notes give way to the picture
	m := math.Min(36*s, math.Min(w, h)/8)
	top := math.Min(float64(fm.notes)*noteH*s, h/3)
	pts := []model.Vec{fm.fr.lo, fm.fr.hi}
	if !fm.fr.any {
		pts = nil
	}
	ix, iy, iw, ih := x+m, y+top+m/2, w-2*m, h-top-m
	if notesH, nw := float64(fm.notes)*noteH*s, fm.notesW; top < notesH {
		// the band a third of the pane high is too low for the notes,
		// which would cover the box: the box goes below all of them or
		// beside them (where their width is known), whichever draws it
		// larger; in a pane too small for either, the band stays
		below := [4]float64{x + m, y + notesH + m/2, w - 2*m, h - notesH - m}
		beside := [4]float64{x + nw + m, y + m/2, w - nw - 2*m, h - m}
		best := 0.0
		for _, a := range [][4]float64{below, beside} {
			if a[2] < 8*s || a[3] < 8*s || (a == beside && nw <= 0) {
				continue
			}
			if c := fit(a[0], a[1], a[2], a[3], pts, fm.minW, fm.minH); c.ppm > best {
				best, ix, iy, iw, ih = c.ppm, a[0], a[1], a[2], a[3]
			}
		}
	}
	cam := fit(ix, iy, iw, ih, pts, fm.minW, fm.minH)
	// keep the framed box where fit put it, centred in the space left
	// by the notes and margins, but draw into the whole area
	cam.cx -= (ix + iw/2 - (x + w/2)) / cam.ppm
	cam.cy += (iy + ih/2 - (y + h/2)) / cam.ppm
	cam.x0, cam.y0, cam.w, cam.h = x, y, w, h
	if z := o.Zoom; z > 0 {
		cam.ppm *= z
	}
	cam.cx += o.Pan.X
	cam.cy += o.Pan.Y
	return cam
}

// Framing is one camera per world view shared by panes drawn apart: the
// two halves of an A/B framed to the union of their contents, so that one
// world point sits at the same pixel in each and the eye can compare
// positions across them; or every frame of a clip, so that the wall stays
// put and a 10 px warp is not hidden by a 35 px drift of the framing. Set
// it as Options.Framing; nil (the default) lets each pane frame its own
// contents.
type Framing struct {
	cams map[View]camera
	acc  map[View]*union
	// warpM is, per view, the longest warp any framed pane draws: the
	// panes that share a camera share the warp arrows' magnification
	// too, so that 0.34 m and 0.11 m do not look alike drawn ×1 and ×3
	warpM map[View]float64
}

// union is what a Framing has framed of one view so far: the union of
// each pane's framing, in the drawing area all of them leave.
type union struct {
	all            framing
	x0, y0, x1, y1 float64
}

// sharedWarpM is the longest warp of view v over the panes the framing
// framed (0: it frames none, or none drew a warp).
func (fm *Framing) sharedWarpM(v View) float64 {
	if fm == nil {
		return 0
	}
	return fm.warpM[v]
}

// camera is the shared camera of view v, if the framing has one.
func (fm *Framing) camera(v View) (camera, bool) {
	if fm == nil {
		return camera{}, false
	}
	c, ok := fm.cams[v]
	return c, ok
}

// FrameUnion frames view v of every frame of fs, each in a pane of w x h
// drawn under o, to the union of their contents and of what fm framed of
// v before: every box each pane would frame alone, the largest minimum
// size, the most lines of notes, in the drawing area all of them leave
// (below the tallest header, above the tallest legend). Panes of unequal
// sizes share it when framed at the smallest: the camera maps from each
// pane's top left corner. It adds v to fm (nil starts a new Framing) and
// returns it, so one Framing holds every view of a layout, and a clip
// adds its frames one at a time. A time view (packets, burst) has no
// world to share and is left out.
func (r *Renderer) FrameUnion(fm *Framing, fs []*lagcomp.Frame, v View, w, h int, o Options) *Framing {
	if fm == nil {
		fm = &Framing{cams: map[View]camera{}, acc: map[View]*union{}, warpM: map[View]float64{}}
	}
	if v.TimeAxis() || w <= 0 || h <= 0 {
		return fm
	}
	if o.Scale <= 0 {
		o.Scale = 1
	}
	if o.Palette == (Palette{}) {
		o.Palette = Dark
	}
	o.Framing = nil // each pane as it frames itself alone
	u := fm.acc[v]
	for _, f := range fs {
		if f == nil {
			continue
		}
		// the header's and legend's heights are known once the pane is
		// drawn: draw it as Pane does the first time
		p := r.newPane(r.scratchRGBA(w, h), f, v, o, 1, 1)
		p.draw(v)
		p.rows, p.hlines = p.roomyLayout()
		p.bare = p.bareNeeded(p.rows)
		one := p.framing(v)
		fm.warpM[v] = math.Max(fm.warpM[v], p.longestWarpM)
		x, y, aw, ah := p.area()
		if u == nil {
			u = &union{one, x, y, x + aw, y + ah}
			fm.acc[v] = u
			continue
		}
		u.all.fr.add(one.fr)
		u.all.minW, u.all.minH = math.Max(u.all.minW, one.minW), math.Max(u.all.minH, one.minH)
		u.all.notes = max(u.all.notes, one.notes)
		u.all.notesW = math.Max(u.all.notesW, one.notesW)
		u.x0, u.y0, u.x1, u.y1 = math.Max(u.x0, x), math.Max(u.y0, y), math.Min(u.x1, x+aw), math.Min(u.y1, y+ah)
	}
	if u != nil {
		fm.cams[v] = u.all.fit(u.x0, u.y0, math.Max(u.x1-u.x0, 1), math.Max(u.y1-u.y0, 1), o.Scale, o)
	}
	return fm
}

// FrameUnionSplit frames every world view of layout l, drawn by Split at
// w x h, to the union of its contents in every frame of fs.
func (r *Renderer) FrameUnionSplit(fs []*lagcomp.Frame, l Layout, views []View, w, h int, o Options) *Framing {
	return r.FrameUnionSplitOnto(nil, fs, l, views, w, h, o)
}

// FrameUnionSplitOnto is FrameUnionSplit adding to what fm has framed
// (nil: nothing yet): a clip frames its layout one frame at a time.
func (r *Renderer) FrameUnionSplitOnto(fm *Framing, fs []*lagcomp.Frame, l Layout, views []View, w, h int, o Options) *Framing {
	rects, vs := Cells(l, w, h, views)
	for i, rc := range rects {
		fm = r.FrameUnion(fm, fs, vs[i], rc.Dx(), rc.Dy(), o)
	}
	return fm
}

// scratchRGBA is an image of w x h to draw a pane into and throw away,
// reused while its size stays.
func (r *Renderer) scratchRGBA(w, h int) *image.RGBA {
	if r.scratch == nil || r.scratch.Bounds().Dx() != w || r.scratch.Bounds().Dy() != h {
		r.scratch = image.NewRGBA(image.Rect(0, 0, w, h))
	}
	return r.scratch
}

// WorldAt is the world point under pixel (x, y) of view v drawn at w x h
// with options o: where a click in the shooter's view aims, and the
// point a zoom keeps under the cursor.
func WorldAt(f *lagcomp.Frame, v View, o Options, w, h int, x, y float64) model.Vec {
	return cameraOf(f, v, o, w, h).world(x, y)
}

// LastWorldAt is the world point under pixel (x, y) of the pane this
// renderer drew last, as it was drawn: where the mouse points, read at
// every move of the pointer without drawing the pane again (WorldAt
// draws it). ok is false before a world view was drawn.
func (r *Renderer) LastWorldAt(x, y float64) (pt model.Vec, ok bool) {
	if r.last == nil || r.last.v.TimeAxis() || r.last.cam.ppm <= 0 {
		return model.Vec{}, false
	}
	return r.last.cam.world(x, y), true
}

// PixelAt is where world point pt is drawn in view v at w x h with
// options o: WorldAt's inverse, so a test can aim at a pawn with one draw
// rather than a search over pixels.
func PixelAt(f *lagcomp.Frame, v View, o Options, w, h int, pt model.Vec) (x, y float64) {
	return cameraOf(f, v, o, w, h).px(pt)
}

// cameraOf is the camera view v is drawn with at w x h under o.
func cameraOf(f *lagcomp.Frame, v View, o Options, w, h int) camera {
	if o.Scale <= 0 {
		o.Scale = 1
	}
	if f == nil || v.TimeAxis() || w <= 0 || h <= 0 {
		p := &pane{f: f, o: o, s: o.Scale, w: float64(w), h: float64(h)}
		if f != nil {
			p.frame(v)
		}
		return p.cam
	}
	// the camera depends on the header's and legend's heights, known only
	// once the pane is drawn: draw it as the window does
	r := NewRenderer()
	r.Pane(image.NewRGBA(image.Rect(0, 0, w, h)), f, v, o)
	return r.last.cam
}
