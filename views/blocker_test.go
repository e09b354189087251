package views

import (
	"image"
	"strings"
	"testing"

	"lagscope/lagcomp"
	"lagscope/lagcomp/rule"
	"lagscope/model"
	"lagscope/presets"
)

// bystanderShot is the default scene with 64 bystanders at shot 2's
// judgement (1.797 s): pawn 11 stopped its trace, lined up with the
// target 0.370 m inside its hitbox.
func bystanderShot(t *testing.T) (*lagcomp.Frame, *lagcomp.ShotRecord) {
	t.Helper()
	p, err := presets.Load("default")
	if err != nil {
		t.Fatal(err)
	}
	c, err := p.Config()
	if err != nil {
		t.Fatal(err)
	}
	c.ExtraPawns = 64
	f := frameAt(t, c, 1797*model.Millisecond)
	for i := range f.Shots {
		if r := &f.Shots[i]; r.Seq == 2 {
			return f, r
		}
	}
	t.Fatal("shot 2 not judged by 1.797 s")
	return nil, nil
}

// TestOverlayDrawsTheBlocker: the Overlay of a shot a bystander stopped
// draws the bystander's box where the server rewound it, names it, and
// says "blocked by pawn 11" where it said "hit, 0.370 m to spare" beside
// "server: miss"; the Server pane draws and names it too. Drawn from
// records, which keep the pawn's number alone, a note says so.
func TestOverlayDrawsTheBlocker(t *testing.T) {
	f, r := bystanderShot(t)
	if !r.HasRule(rule.BlockedByPawn) || r.ServerHitPawn != 11 || r.ServerHit || !(r.MissByM < 0) {
		t.Fatalf("shot 2: rules %v, server_hit_pawn %d, server_hit %v, miss_by_m %.3f", r.Rules, r.ServerHitPawn, r.ServerHit, r.MissByM)
	}
	if s := gapSays(r); s != "blocked by pawn 11" {
		t.Errorf("the gap's label says %q", s)
	}
	rd := NewRenderer()
	img := image.NewRGBA(image.Rect(0, 0, 960, 540))
	o := Options{Layers: DefaultLayers(), Selected: r.ID}
	rd.Pane(img, f, ViewOverlay, o)
	golden(t, "overlay-blocked-by-pawn", img)
	for _, v := range []View{ViewOverlay, ViewServer} {
		rd.Pane(img, f, v, o)
		if !labelled(rd.last, "pawn 11 stopped the trace") {
			t.Errorf("%v: the blocker is not named", v)
		}
	}
	rf, ro := RecordFrame(withoutBlocker(*r), "run.jsonl", Options{Layers: DefaultLayers()})
	rd.Pane(img, rf, ViewOverlay, ro)
	if !labelled(rd.last, "blocked by pawn 11") {
		t.Error("from records, the gap's label does not say what stopped the trace")
	}
	// as an engine may write it: the bystander's number, no rule
	engine := withoutBlocker(*r)
	engine.Rules = nil
	rf, ro = RecordFrame(engine, "engine.jsonl", Options{Layers: DefaultLayers()})
	rd.Pane(img, rf, ViewOverlay, ro)
	if !labelled(rd.last, "blocked by pawn 11") || labelled(rd.last, "to spare") {
		t.Error("from records that name no rule, the gap's label does not say what stopped the trace")
	}
	if !strings.Contains(blockerUnknown(&engine), "the record names no rule") {
		t.Error("from records that name no rule, no note says the blocker is known by its number alone")
	}
}

// withoutBlocker is r as read back from records, which keep the
// blocker's number (server_hit_pawn) and not its pose.
func withoutBlocker(r lagcomp.ShotRecord) lagcomp.ShotRecord {
	r.Blocker = model.Pose{}
	return r
}

// labelled says whether a pane placed a label reading s.
func labelled(p *pane, s string) bool {
	for _, l := range p.labels {
		if strings.Contains(l.text, s) {
			return true
		}
	}
	return false
}

// TestGapSaysWhatStoppedTheTrace: a trace that lined up with the target
// and missed names what stopped it, a wall or the range as a pawn, never
// "hit, … to spare"; a hit and a trace that passed by say their gap.
// Records from an engine may name no rule: what the trace met (its
// server_hit_pawn, server_part) says it, and a miss nothing explains says
// that, where the label read "hit, 0.200 m to spare" beside "server: miss".
func TestGapSaysWhatStoppedTheTrace(t *testing.T) {
	const target = 1
	for _, c := range []struct {
		rules []rule.Rule
		hit   bool
		miss  float64
		pawn  int // server_hit_pawn
		part  model.Part
		want  string
	}{
		{[]rule.Rule{rule.BlockedByWall}, false, -0.2, 7, model.PartNone, "blocked by a wall"},
		{[]rule.Rule{rule.OutOfRange}, false, -0.2, 7, model.PartNone, "beyond range"},
		{[]rule.Rule{rule.BlockedByPawn}, false, -0.2, 7, model.PartNone, "blocked by pawn 7"},
		{nil, true, -0.2, target, model.PartNone, "hit, 0.200 m to spare"},
		{nil, false, 0.3, 7, model.PartNone, "missed by 0.300 m"},
		{nil, false, -0.2, 7, model.PartNone, "blocked by pawn 7"},
		{nil, false, -0.2, -1, model.PartWall, "blocked by a wall"},
		{nil, false, -0.2, -1, model.PartNone, "lined up (0.200 m inside), missed: no rule says why"},
		{nil, false, -0.2, target, model.PartNone, "lined up (0.200 m inside), missed: no rule says why"},
	} {
		r := &lagcomp.ShotRecord{Outcome: lagcomp.OutcomeJudged, Rules: c.rules, ServerHit: c.hit, MissByM: c.miss,
			ServerHitPawn: c.pawn, ServerPart: c.part, Target: target}
		if got := gapSays(r); got != c.want {
			t.Errorf("rules %v, hit %v, miss_by_m %g, server_hit_pawn %d, part %v: %q, want %q", c.rules, c.hit, c.miss, c.pawn, c.part, got, c.want)
		}
	}
}

// wallShot is prediction-correction's shot 15 at its judgement (8.625 s):
// a wall about 18 m from the hitboxes stopped the server's trace.
func wallShot(t *testing.T) (*lagcomp.Frame, *lagcomp.ShotRecord) {
	t.Helper()
	p, err := presets.Load("prediction-correction")
	if err != nil {
		t.Fatal(err)
	}
	c, err := p.Config()
	if err != nil {
		t.Fatal(err)
	}
	f := frameAt(t, c, 8625*model.Millisecond)
	for i := range f.Shots {
		if r := &f.Shots[i]; r.Seq == 15 {
			return f, r
		}
	}
	t.Fatal("shot 15 not judged by 8.625 s")
	return nil, nil
}

// TestBlockerIsInFrame: where a wall or a pawn stopped the server's
// trace lies inside the drawing area of the Overlay and the Server pane,
// framed alone and focused on the shot, so the blocker and the trace up
// to it are drawn; the wall is named beside the trace's end. The wall of
// prediction-correction's shot 15 was about 18 m outside the Overlay.
func TestBlockerIsInFrame(t *testing.T) {
	wf, wr := wallShot(t)
	if !wr.HasRule(rule.BlockedByWall) || wr.ServerHit {
		t.Fatalf("shot 15: rules %v, server_hit %v", wr.Rules, wr.ServerHit)
	}
	bf, br := bystanderShot(t)
	rd := NewRenderer()
	img := image.NewRGBA(image.Rect(0, 0, 960, 540))
	rd.Pane(img, wf, ViewOverlay, Options{Layers: DefaultLayers(), Selected: wr.ID})
	golden(t, "overlay-blocked-by-wall", img)
	for _, c := range []struct {
		name string
		f    *lagcomp.Frame
		r    *lagcomp.ShotRecord
	}{{"wall", wf, wr}, {"bystander", bf, br}} {
		for _, v := range []View{ViewOverlay, ViewServer} {
			for _, focus := range []Focus{FocusNone, FocusShot} {
				o := Options{Layers: DefaultLayers(), Selected: c.r.ID, Focus: focus}
				rd.Pane(img, c.f, v, o)
				p := rd.last
				x, y, w, h := p.area()
				px, py := p.cam.px(c.r.ServerEnd)
				if !(px >= x && px <= x+w && py >= y && py <= y+h) {
					t.Errorf("%s, %v, focus %q: the trace ended at %v, drawn at (%.0f, %.0f) outside the drawing area (%.0f, %.0f, %.0f × %.0f)", c.name, v, focus, c.r.ServerEnd, px, py, x, y, w, h)
				}
				if c.name == "wall" && !labelled(p, "a wall stopped the trace") {
					t.Errorf("%s, %v, focus %q: the wall is not named", c.name, v, focus)
				}
			}
		}
	}
}
