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

// frame fits the camera for view v: the things each pane must show.
func (p *pane) frame(v View) {
	f := p.f
	var fr framer
	minW, minH, notes := 10.0, 6.0, 0
	switch v {
	case ViewServer:
		fr.pose(f.Pawns[lagcomp.ShooterPawn].Pose)
		fr.pose(f.Pawns[lagcomp.TargetPawn].Pose)
		if r := p.selected(); r != nil {
			fr.pose(r.Rewound)
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
		fr.pose(v.Poses[lagcomp.ShooterPawn])
		if v.Shown[lagcomp.TargetPawn] {
			fr.pose(v.Poses[lagcomp.TargetPawn])
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
		notes = p.warpNotes(f.Clients[lagcomp.ShooterPawn])
		if p.o.Layers.InterpBuffer {
			notes++
		}
		if p.o.Layers.ExtrapError && v.Shown[lagcomp.TargetPawn] {
			notes++
		}
	case ViewTarget:
		v := f.Clients[lagcomp.TargetPawn].View
		fr.pose(v.Poses[lagcomp.TargetPawn])
		fr.pose(f.Pawns[lagcomp.TargetPawn].Pose)
		if v.Shown[lagcomp.ShooterPawn] {
			fr.pose(v.Poses[lagcomp.ShooterPawn])
		}
		for i := range f.Projectiles {
			pr := &f.Projectiles[i]
			if pr.Remote.Alive {
				fr.point(pr.Remote.Pos, 0.5)
			}
			p.frameDet(&fr, pr.Remote.Det, pr.RadiusM)
		}
		notes = len(p.toldShots()) + p.warpNotes(f.Clients[lagcomp.TargetPawn])
	case ViewOverlay:
		minW, minH, notes = 3.5, 2.5, 5
		if r := p.selected(); r != nil {
			notes = p.overlayNotesLines(r)
			fr.pose(r.ClientSaw)
			fr.pose(r.Rewound)
			fr.pose(r.ServerNow)
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
			minW, minH, notes = 8, 5, 3
		} else {
			fr.pose(f.Pawns[lagcomp.TargetPawn].Pose)
			minW, minH, notes = 4, 3, 1
		}
	}
	if v != ViewOverlay {
		fr.walls(f.Config.Walls, 3)
	}
	p.fitFrame(fr, minW, minH, notes)
}

// frameDet adds a detonation and its radius when Draw Final Position
// shows it.
func (p *pane) frameDet(fr *framer, det *model.Vec, radius float64) {
	if det != nil && p.o.Layers.FinalPosition {
		fr.point(*det, math.Max(radius, 0.5))
	}
}

// fitFrame fits the camera to fr's box (at least minW x minH metres) in
// the drawing area, below the first notes lines of notes and with a
// margin for labels, then applies the zoom and pan of the options.
func (p *pane) fitFrame(fr framer, minW, minH float64, notes int) {
	x, y, w, h := p.area()
	// in a small pane the margins and notes give way to the picture
	m := math.Min(36*p.s, math.Min(w, h)/8)
	top := math.Min(float64(notes)*noteH*p.s, h/3)
	pts := []model.Vec{fr.lo, fr.hi}
	if !fr.any {
		pts = nil
	}
	ix, iy, iw, ih := x+m, y+top+m/2, w-2*m, h-top-m
	p.cam = fit(ix, iy, iw, ih, pts, minW, minH)
	// keep the framed box where fit put it, centred in the space left by
	// the notes and margins, but draw into the whole area
	p.cam.cx -= (ix + iw/2 - (x + w/2)) / p.cam.ppm
	p.cam.cy += (iy + ih/2 - (y + h/2)) / p.cam.ppm
	p.cam.x0, p.cam.y0, p.cam.w, p.cam.h = x, y, w, h
	if z := p.o.Zoom; z > 0 {
		p.cam.ppm *= z
	}
	p.cam.cx += p.o.Pan.X
	p.cam.cy += p.o.Pan.Y
}

// WorldAt is the world point under pixel (x, y) of view v drawn at w x h
// with options o: where a click in the shooter's view aims, and the
// point a zoom keeps under the cursor.
func WorldAt(f *lagcomp.Frame, v View, o Options, w, h int, x, y float64) model.Vec {
	return cameraOf(f, v, o, w, h).world(x, y)
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
	if f == nil || v == ViewPackets || v == ViewBurst || w <= 0 || h <= 0 {
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
