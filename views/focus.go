package views

import (
	"fmt"
	"strings"

	"lagscope/lagcomp"
)

// A slide is about one thing: the gap between where the shooter's screen
// draws the target and where the server has it now (the interpolation
// delay of UnrealWiki's "Lag Compensation", about 40 x 90 px in a fitted pane),
// the rewound hitbox beside the one the client saw, a projectile's two
// twins. A focus frames a pane tightly on that thing, so it fills the
// pane instead of a corner of the arena.

// Focus is what a world pane is framed on; the zero Focus frames
// everything that matters (the fitted frame).
type Focus string

// The focuses.
const (
	FocusNone       Focus = ""
	FocusShot       Focus = "shot"       // the selected shot: the hitbox the client saw, the one the server rewound, the target now
	FocusTarget     Focus = "target"     // the target as this pane shows it and where the server has it now
	FocusShooter    Focus = "shooter"    // the shooter as this pane shows it and where the server has it now
	FocusProjectile Focus = "projectile" // the newest projectile as this pane shows it, its twin, their detonations
)

// Focuses lists the focuses a pane can take, in the order the window's
// focus button steps through them.
var Focuses = []Focus{FocusShot, FocusTarget, FocusShooter, FocusProjectile}

// ParseFocus reads a focus by name: "", "none", or one of Focuses.
func ParseFocus(s string) (Focus, error) {
	if s == "" || s == "none" {
		return FocusNone, nil
	}
	for _, f := range Focuses {
		if string(f) == s {
			return f, nil
		}
	}
	names := make([]string, len(Focuses))
	for i, f := range Focuses {
		names[i] = string(f)
	}
	return FocusNone, fmt.Errorf("focus %q: want %s (or none)", s, strings.Join(names, ", "))
}

// focusMin is the smallest box a focus frames, in metres: a head and a
// body with room for their labels, a 0.5 m gap across most of the pane.
const focusMinW, focusMinH = 1.6, 1.0

// focusFramer is what a focused pane of view v frames, and false when
// the frame has nothing to focus on (no shot judged yet, no projectile):
// the pane then frames as usual and says so.
func (p *pane) focusFramer(v View) (framer, bool) {
	f := p.f
	var fr framer
	// pawn i as this pane shows it, and where the server has it now
	shown := func(i int) {
		switch v {
		case ViewShooter:
			if pose, ok := drawn(f.Clients[lagcomp.ShooterPawn].View, i, lagcomp.ShooterPawn); ok {
				fr.pose(pose)
			}
		case ViewTarget:
			if pose, ok := drawn(f.Clients[lagcomp.TargetPawn].View, i, lagcomp.TargetPawn); ok {
				fr.pose(pose)
			}
		}
		fr.pose(f.Pawns[i].Pose)
	}
	switch p.o.Focus {
	case FocusShot:
		r := p.selected()
		if r == nil {
			return fr, false
		}
		// the hitboxes the verdict compared, and the target as this
		// pane shows it now
		switch v {
		case ViewServer:
			fr.pose(r.Rewound)
			fr.pose(r.ServerNow)
			fr.pose(f.Pawns[lagcomp.TargetPawn].Pose)
			p.frameBlock(&fr, r)
		case ViewShooter:
			fr.pose(r.ClientSaw)
			if pose, ok := drawn(f.Clients[lagcomp.ShooterPawn].View, lagcomp.TargetPawn, lagcomp.ShooterPawn); ok {
				fr.pose(pose)
			}
		case ViewTarget: // where it was hit, and where its own screen has it
			fr.pose(r.Rewound)
			if pose, ok := drawn(f.Clients[lagcomp.TargetPawn].View, lagcomp.TargetPawn, lagcomp.TargetPawn); ok {
				fr.pose(pose)
			}
		default:
			fr.pose(r.ClientSaw)
			fr.pose(r.Rewound)
			fr.pose(r.ServerNow)
			p.frameBlock(&fr, r)
		}
	case FocusTarget:
		shown(lagcomp.TargetPawn)
	case FocusShooter:
		shown(lagcomp.ShooterPawn)
	case FocusProjectile:
		n := len(f.Projectiles)
		if n == 0 {
			return fr, false
		}
		pr := f.Projectiles[n-1]
		copies := []lagcomp.CopyFrame{pr.Fake, pr.AuthCopy}
		switch v {
		case ViewServer:
			copies = []lagcomp.CopyFrame{{Alive: pr.ServerAlive, Pos: pr.ServerPos, Det: pr.Final}}
		case ViewTarget:
			copies = []lagcomp.CopyFrame{pr.Remote}
		}
		for _, c := range copies {
			if c.Alive {
				fr.point(c.Pos, 0.5)
			}
			if c.Det != nil {
				fr.point(*c.Det, max(pr.RadiusM, 0.5))
			}
		}
		if !fr.any {
			fr.point(pr.Origin, 0.5)
		}
	default:
		return fr, false
	}
	// a wall beside what the focus is on (the cover a victim ducked
	// behind) is part of the picture; the rest of the arena is not
	fr.walls(f.Config.Walls, 0.5)
	return fr, true
}

// focusSays is what the grid's label adds about the focus: which one the
// pane is framed on, or that it has nothing to frame it on and shows the
// usual frame (a picture never silently framed otherwise than asked).
func (p *pane) focusSays() string {
	if p.o.Focus == FocusNone {
		return ""
	}
	if _, ok := p.focusFramer(p.v); !ok {
		return fmt.Sprintf(" · focus %s: none here, all framed", p.o.Focus)
	}
	return " · focus " + string(p.o.Focus)
}
