package views

import (
	"fmt"
	"image/color"
	"math"

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
		}
		if p.o.Layers.SpawnPosition {
			p.spawnMark(pr.SpawnPos, AuthGreen, fmt.Sprintf("spawn +%.0f ms", pr.Forward.Millis()))
		}
		if pr.ServerAlive {
			p.dot(pr.ServerPos, 4, AuthGreen)
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
		if p.o.Layers.ProjectileDebug {
			p.samples(pr.AuthCopy.Path, AuthGreen)
			p.samples(pr.Fake.Path, FakeMagnta)
			if pr.Fake.Shown && pr.AuthCopy.Shown {
				p.line(pr.Fake.Pos, pr.AuthCopy.Pos, alpha(p.pal.Dim, 0.8), 1, true)
				if p.o.Layers.Labels {
					p.label(pr.Fake.Pos, fmt.Sprintf("%s  %.2f m", pr.ID.String()[:8], pr.Fake.Pos.Dist(pr.AuthCopy.Pos)), p.pal.Dim, 8, -8)
				}
			}
		}
		if p.o.Layers.SpawnPosition && pr.Fake.Shown {
			p.spawnMark(pr.Origin, FakeMagnta, "")
		}
		if pr.Fake.Alive {
			p.dot(pr.Fake.Pos, 4, FakeMagnta)
		}
		if p.o.Layers.FinalPosition {
			if pr.Fake.Det != nil {
				p.finalMark(*pr.Fake.Det, pr.Dir, pr.RadiusM, FakeMagnta)
			}
			if pr.AuthCopy.Det != nil {
				p.finalMark(*pr.AuthCopy.Det, pr.Dir, pr.RadiusM, AuthGreen)
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
			p.samples(pr.Remote.Path, AuthGreen)
		}
		if pr.Remote.Alive {
			p.dot(pr.Remote.Pos, 4, AuthGreen)
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

// samples draws a copy at each of its timestamps.
func (p *pane) samples(pts []model.Vec, c color.NRGBA) {
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
	if text != "" && p.o.Layers.Labels {
		p.label(at, text, c, 8, -8)
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
	if p.o.Layers.Labels {
		src := "auth FX"
		if fromFake {
			src = "fake FX"
		}
		p.label(at, src+" · "+rule, p.pal.Text, 10, 18)
	}
}

// projectileNote summarises projectiles in a pane's corner.
func (p *pane) projectileNote(line int) {
	s := p.f.ProjSummary
	if s.Count == 0 {
		return
	}
	text := fmt.Sprintf("%d projectiles · spawn offset %.2f m · max divergence %.2f m · detonations apart %.2f m", s.Count, s.MeanLinkOffsetM, s.MaxDivergenceM, s.MeanDetDistM)
	p.note(line, text, p.pal.Text)
	rules := ""
	for _, rc := range s.Rules {
		rules += fmt.Sprintf("%s %d  ", rc.Rule, rc.Count)
	}
	if rules != "" {
		p.note(line+1, rules, p.pal.Dim)
	}
}
