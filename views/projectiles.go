package views

import (
	"fmt"
	"image/color"
	"math"

	"lagscope/lagcomp"
	"lagscope/model"
)

// The projectile document's debug draws. Green is the authoritative
// projectile (the server's, and the clients' replicated copies of it),
// magenta the owner's fake.

// serverProjectiles draws the authoritative projectiles: a continuous path
// (Projectile Debug Mode), the spawn after fast-forward, the detonations.
func (p *pane) serverProjectiles() {
	for i := range p.f.Projectiles {
		pr := &p.f.Projectiles[i]
		if !pr.Spawned {
			continue
		}
		if p.o.Layers.ProjectileDebug {
			p.polyline(pr.ServerPath, alpha(AuthGreen, 0.8), 1.5)
			p.key(keyAuth)
		}
		if p.o.Layers.SpawnPosition {
			p.spawnMark(pr.SpawnPos, AuthGreen, fmt.Sprintf("%s spawn +%.0f ms", projName(pr), pr.Forward.Millis()))
		}
		if pr.ServerAlive {
			p.projDot(pr.ServerPos, AuthGreen, keyAuth)
		}
		if pr.Final != nil && p.o.Layers.FinalPosition {
			p.finalMark(*pr.Final, pr.Dir, pr.RadiusM, AuthGreen)
		}
	}
}

// ownerProjectiles draws the shooter's fakes and its copies of the auths,
// each at every frame's timestamp so their gap shows, linked by a thin
// connector (they share a uuid).
func (p *pane) ownerProjectiles() {
	for i := range p.f.Projectiles {
		pr := &p.f.Projectiles[i]
		named := false
		if p.o.Layers.ProjectileDebug {
			// the fake under the authoritative: where they run together
			// the green path stays seen, the magenta round it
			p.samples(pr.Fake.Path, FakeMagnta, keyFake)
			p.samples(pr.AuthCopy.Path, AuthGreen, keyAuth)
			if pr.Fake.Shown && pr.AuthCopy.Shown {
				p.line(pr.Fake.Pos, pr.AuthCopy.Pos, alpha(p.pal.Dim, 0.8), 1, true)
				if p.o.Layers.Labels && (pr.Fake.Alive || pr.AuthCopy.Alive) {
					p.label(pr.Fake.Pos, fmt.Sprintf("%s: fake %.2f m from authoritative", projName(pr), pr.Fake.Pos.Dist(pr.AuthCopy.Pos)), p.pal.Dim)
					named = true
				}
			}
		}
		// the newest pair is the one the notes speak of: name it
		if !named && i == len(p.f.Projectiles)-1 {
			if at, ok := twinAt(pr); ok {
				p.label(at, projName(pr), p.pal.Text)
			}
		}
		if p.o.Layers.SpawnPosition && pr.Fake.Shown {
			p.spawnMark(pr.Origin, FakeMagnta, "")
		}
		// the owner's copy of the authoritative twin beside its fake:
		// the gap between them is what prediction is about
		// the fake first and larger: on top of each other, a magenta rim
		// round the green dot shows both
		if pr.Fake.Alive {
			p.projDotR(pr.Fake.Pos, 5.5, FakeMagnta, keyFake)
		}
		if pr.AuthCopy.Alive {
			p.projDot(pr.AuthCopy.Pos, AuthGreen, keyAuth)
		}
		if p.o.Layers.FinalPosition {
			if pr.Fake.Det != nil {
				p.finalMark(*pr.Fake.Det, pr.Dir, pr.RadiusM, FakeMagnta)
				p.keyAt(keyFake, *pr.Fake.Det)
			}
			if pr.AuthCopy.Det != nil {
				p.finalMark(*pr.AuthCopy.Det, pr.Dir, pr.RadiusM, AuthGreen)
				p.keyAt(keyAuth, *pr.AuthCopy.Det)
			}
		}
		if pr.FXShown {
			p.effects(pr.FX, pr.FXFake, string(pr.Rule))
		}
	}
}

// remoteProjectiles draws the victim's copies: resimulated from the spawn,
// or jumping ahead without it.
func (p *pane) remoteProjectiles() {
	for i := range p.f.Projectiles {
		pr := &p.f.Projectiles[i]
		if p.o.Layers.ProjectileDebug {
			p.samples(pr.Remote.Path, AuthGreen, keyAuth)
		}
		if pr.Remote.Alive {
			p.projDot(pr.Remote.Pos, AuthGreen, keyAuth)
		}
		if pr.Remote.Det != nil && p.o.Layers.FinalPosition {
			p.finalMark(*pr.Remote.Det, pr.Dir, pr.RadiusM, AuthGreen)
		}
	}
}

func (p *pane) polyline(pts []model.Vec, c color.NRGBA, width float64) {
	if len(pts) < 2 {
		return
	}
	p.path(pts)
	p.dc.SetColor(c)
	p.dc.SetLineWidth(width * p.s)
	p.dc.Stroke()
}

// projName names a projectile in a student's words: "rocket #3".
func projName(pr *lagcomp.ProjectileFrame) string {
	return fmt.Sprintf("%s #%d", pr.Weapon, pr.Seq)
}

// twinAt is where a projectile's pair is shown to its owner: its fake,
// else its copy of the authoritative one, else where either detonated.
func twinAt(pr *lagcomp.ProjectileFrame) (model.Vec, bool) {
	switch {
	case pr.Fake.Alive:
		return pr.Fake.Pos, true
	case pr.AuthCopy.Alive:
		return pr.AuthCopy.Pos, true
	case pr.Fake.Det != nil:
		return *pr.Fake.Det, true
	case pr.AuthCopy.Det != nil:
		return *pr.AuthCopy.Det, true
	}
	return model.Vec{}, false
}

// projDot is a live projectile, kept clear of labels.
func (p *pane) projDot(at model.Vec, c color.NRGBA, k key) { p.projDotR(at, 4, c, k) }

// projDotR is projDot of radius r logical px.
func (p *pane) projDotR(at model.Vec, r float64, c color.NRGBA, k key) {
	p.dot(at, r, c)
	p.shapeAt(at, r*p.s)
	p.keyAt(k, at)
}

// wallAhead is where projectile pr's line of flight meets a wall, if it
// does within the weapon's range: where its detonation is decided, which
// the projectile slide must show ("the auth reaches the wall first").
func (p *pane) wallAhead(pr *lagcomp.ProjectileFrame) (model.Vec, bool) {
	h := model.Raycast(pr.Origin, pr.Dir, p.f.Config.RangeM, p.f.Config.Walls, nil)
	return h.Point, h.Part == model.PartWall
}

// samples draws a copy at each of its timestamps.
func (p *pane) samples(pts []model.Vec, c color.NRGBA, k key) {
	p.keyAt(k, pts...)
	for _, q := range pts {
		x, y := p.cam.px(q)
		p.dc.DrawCircle(x, y, 1.6*p.s)
	}
	p.dc.SetColor(alpha(c, 0.85))
	p.dc.Fill()
}

// spawnMark is Draw Spawn Position: a ring where the projectile began.
func (p *pane) spawnMark(at model.Vec, c color.NRGBA, text string) {
	x, y := p.cam.px(at)
	p.dc.SetColor(c)
	p.dc.SetLineWidth(1.5 * p.s)
	p.dc.DrawCircle(x, y, 6*p.s)
	p.dc.Stroke()
	p.keyAt(keySpawn, at)
	p.shapeAt(at, 6*p.s)
	if text != "" && p.o.Layers.Labels {
		p.label(at, text, c)
	}
}

// finalMark is Draw Final Position: where it detonated, the direction it
// was travelling and its radius.
func (p *pane) finalMark(at, dir model.Vec, radius float64, c color.NRGBA) {
	x, y := p.cam.px(at)
	r := math.Max(radius*p.cam.ppm, 5*p.s)
	p.dc.SetColor(alpha(c, 0.9))
	p.dc.SetLineWidth(1.5 * p.s)
	p.dc.DrawCircle(x, y, r)
	p.dc.Stroke()
	back := at.Sub(dir.Scale(math.Max(radius, 0.8)))
	p.line(back, at, c, 2, false)
	p.keyAt(keyFinal, at)
}

// effects marks where the owner saw the detonation effects.
func (p *pane) effects(at model.Vec, fromFake bool, rule string) {
	x, y := p.cam.px(at)
	r := 7 * p.s
	p.dc.SetColor(p.pal.Text)
	p.dc.SetLineWidth(1.5 * p.s)
	for k := 0; k < 4; k++ {
		a := float64(k) * math.Pi / 4
		p.dc.DrawLine(x-r*math.Cos(a), y-r*math.Sin(a), x+r*math.Cos(a), y+r*math.Sin(a))
	}
	p.dc.Stroke()
	p.keyAt(keyFX, at)
	p.shape(rect{x - r, y - r, x + r, y + r})
	if p.o.Layers.Labels {
		src := "effects from authoritative"
		if fromFake {
			src = "effects from fake"
		}
		p.label(at, src+" · "+rule, p.pal.Text)
	}
}

// twinNote says how far the newest projectile's fake is from the owner's
// copy of its authoritative twin: what the Overlay's close-up shows.
func (p *pane) twinNote() {
	n := len(p.f.Projectiles)
	if n == 0 {
		return
	}
	pr := &p.f.Projectiles[n-1]
	switch {
	case pr.Fake.Alive && pr.AuthCopy.Alive:
		p.note(fmt.Sprintf("%s: fake %.2f m from its authoritative twin", projName(pr), pr.Fake.Pos.Dist(pr.AuthCopy.Pos)), p.pal.Text)
	case pr.Fake.Alive:
		p.note(fmt.Sprintf("%s: fake only (the authoritative twin has not reached this client)", projName(pr)), p.pal.Text)
	case pr.AuthCopy.Alive:
		p.note(fmt.Sprintf("%s: authoritative twin only (no fake)", projName(pr)), p.pal.Text)
	default:
		p.note(fmt.Sprintf("%s: detonated (%s)", projName(pr), pr.Rule), p.pal.Text)
	}
}

// projectileNote summarises projectiles in a pane's corner.
func (p *pane) projectileNote() {
	s := p.f.ProjSummary
	if s.Count == 0 {
		return
	}
	text := fmt.Sprintf("%d projectiles · spawn offset %s m · max divergence %s m · detonations apart %s m",
		s.Count, metres(s.MeanLinkOffsetM), metres(s.MaxDivergenceM), metres(s.MeanDetDistM))
	p.note(text, p.pal.Text)
	rules := ""
	for _, rc := range s.Rules {
		rules += fmt.Sprintf("%s %d  ", rc.Rule, rc.Count)
	}
	if rules != "" {
		p.note(rules, p.pal.Dim)
	}
}

// metres is a distance of the summary to the centimetre, "–" where it
// has no value yet (NaN: no projectile linked, no pair detonated).
func metres(x float64) string {
	if math.IsNaN(x) {
		return "–"
	}
	return fmt.Sprintf("%.2f", x)
}
