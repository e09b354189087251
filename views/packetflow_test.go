package views

import (
	"image"
	"math"
	"strings"
	"testing"

	"github.com/google/uuid"

	"lagscope/lagcomp"
	"lagscope/lagcomp/packetlog"
	"lagscope/lagcomp/rule"
	"lagscope/model"
	"lagscope/presets"
)

// lossyRockets is a scenario with every fate a packet can meet: loss both
// ways, duplicates, and reliable projectile messages resent after a loss.
func lossyRockets(t *testing.T, at model.Time) *lagcomp.Frame {
	c := lagcomp.Defaults()
	c.Weapon, c.Bias, c.FireIntervalMs = lagcomp.WeaponRocket, 0.5, 400
	c.Up.LatencyMs, c.Down.LatencyMs = 60, 60
	c.Up.LossPct, c.Down.LossPct, c.Down.DupPct = 15, 25, 10
	c.Walls, _ = model.ParseWalls("26,-8,27,8")
	return frameAt(t, c, at)
}

// The packet-flow diagram of a hitscan shot (its stamp, judging tick and
// rewind marked) and of lossy projectile traffic, dark and light.
func TestGoldenPacketFlow(t *testing.T) {
	r := NewRenderer()
	c := lagcomp.Defaults()
	c.Up.LatencyMs, c.Down.LatencyMs = 90, 90
	hitscan := frameAt(t, c, 2600*model.Millisecond)
	if hitscan.Last == nil {
		t.Fatal("no shot judged")
	}
	img, err := r.Render(hitscan, "packets", 1600, 700, Options{Layers: DefaultLayers(), Selected: hitscan.Last.ID})
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "packets-hitscan", img)
	lossy := lossyRockets(t, 3300*model.Millisecond)
	var lost, dup, resent int
	for _, p := range lossy.Packets {
		lost += b2i(p.Deliver < 0)
		dup += b2i(p.Dup)
		resent += b2i(p.Resend)
	}
	if lost == 0 || dup == 0 || resent == 0 {
		t.Fatalf("scenario shows lost %d dup %d resent %d: want each", lost, dup, resent)
	}
	img, _ = r.Render(lossy, "packets", 1200, 600, Options{Layers: DefaultLayers(), Palette: Light})
	golden(t, "packets-lossy-light", img)
}

// A shot's whole journey under loss (the defaults at 30 % loss both
// ways, the first shot whose command was lost and a backup delivered:
// the backup rides a later packet, the tick judges it, a snapshot tells
// the victim) and a
// duel shot fired by the peeker, drawn from the victim's lane.
func TestGoldenShotJourney(t *testing.T) {
	r := NewRenderer()
	c := lagcomp.Defaults()
	c.Up.LossPct, c.Down.LossPct = 30, 30
	s, err := lagcomp.New(c)
	if err != nil {
		t.Fatal(err)
	}
	s.Step(2 * model.Second)
	var shot lagcomp.ShotRecord
	for i := range s.Shots.Len() {
		if r := s.Shots.At(i); r.HasRule(rule.CommandBackup) {
			shot = *r
			break
		}
	}
	if shot.Seq == 0 {
		t.Fatal("no shot delivered by a backup in 2 s at 30 % loss")
	}
	f := frameAt(t, c, shot.Judged+80*model.Millisecond)
	j := func(f *lagcomp.Frame, sel *lagcomp.ShotRecord) (journey, *pane) {
		img := image.NewRGBA(image.Rect(0, 0, 1600, 800))
		r.Pane(img, f, ViewPackets, Options{Layers: DefaultLayers(), Selected: sel.ID})
		return r.last.journeyOf(sel), r.last
	}
	jr, _ := j(f, &shot)
	var lost, delivered, tells int
	for i, st := range jr.role {
		lost += b2i(st == stepLost)
		delivered += b2i(st == stepDelivered)
		tells += b2i(st == stepTells)
		if st == stepDelivered && copyWord(&f.Packets[i], shot.Seq) != "backup" {
			t.Errorf("the copy that got through is a %s, want the backup", copyWord(&f.Packets[i], shot.Seq))
		}
	}
	if lost < 1 || delivered != 1 || tells != 1 {
		t.Fatalf("journey: %d lost, %d delivered, %d told the victim; want at least 1, 1, 1", lost, delivered, tells)
	}
	img, _ := r.Render(f, "packets", 1600, 800, Options{Layers: DefaultLayers(), Selected: shot.ID})
	golden(t, "packets-journey-loss", img)

	p, err := presets.Load("peekers-advantage")
	if err != nil {
		t.Fatal(err)
	}
	dc, _ := p.Config()
	dc.Health = 0 // the journey of today's duel: both fire (the preset's health 100 kills the holder first)
	d := frameAt(t, dc, 1900*model.Millisecond)
	var peek *lagcomp.ShotRecord
	for i := range d.Shots {
		if d.Shots[i].Shooter == lagcomp.TargetPawn {
			peek = &d.Shots[i]
		}
	}
	if peek == nil {
		t.Fatal("no shot by the peeker in the last 3 s")
	}
	// the fired diamond: on the victim's lane, where its command leaves
	_, pn := j(d, peek)
	fl := pn.flowGeometry(peek, pn.journeyOf(peek))
	y := fl.lanes[laneVictim]
	found := false
	for _, s := range pn.shapes {
		cx, cy := (s.x0+s.x1)/2, (s.y0+s.y1)/2
		if math.Abs(cx-fl.x(peek.Fire)) < 1 && math.Abs(cy-y) < 1 {
			found = true
		}
	}
	if !found {
		t.Fatalf("the peeker's shot #%d: no fired mark on the victim's lane at %v", peek.Seq, peek.Fire)
	}
	img, _ = r.Render(d, "packets", 1600, 800, Options{Layers: DefaultLayers(), Selected: peek.ID})
	golden(t, "packets-duel-peeker", img)
}

// Every packet in the window gets its arrow: a lost one drawn in its
// colour, a duplicate's second line beside it.
func TestPacketFlowDrawsEachFate(t *testing.T) {
	f := lossyRockets(t, 3300*model.Millisecond)
	r := NewRenderer()
	base, _ := r.Render(f, "packets", 1200, 600, Options{})
	g := *f
	g.Packets = nil
	empty, _ := r.Render(&g, "packets", 1200, 600, Options{})
	if count(base, ClientRed) <= count(empty, ClientRed) || count(base, ServerBlue) <= count(empty, ServerBlue) {
		t.Fatal("packets drew no command or snapshot arrows")
	}
}

// The legend lists only the marks drawn: a loss-free hitscan scene has no
// lost, duplicated, resent or projectile entry, and its server ticks and
// the shot's ack are named; the lossy projectile scene lists each fate.
func TestPacketLegendListsWhatIsDrawn(t *testing.T) {
	r := NewRenderer()
	legend := func(f *lagcomp.Frame, sel uuid.UUID) string {
		img := image.NewRGBA(image.Rect(0, 0, 1600, 700))
		r.Pane(img, f, ViewPackets, Options{Selected: sel})
		return ownLegendText(r.last.flowEntries(r.last.drawFlow()))
	}
	clean := frameAt(t, lagcomp.Defaults(), 2500*model.Millisecond)
	got := legend(clean, clean.Last.ID)
	for _, no := range []string{"lost", "duplicated", "resend", "projectile"} {
		if strings.Contains(got, no) {
			t.Errorf("loss-free hitscan legend lists %q: %s", no, got)
		}
	}
	for _, yes := range []string{"server tick", "the shot's ack leaves", "command"} {
		if !strings.Contains(got, yes) {
			t.Errorf("legend lacks %q: %s", yes, got)
		}
	}
	got = legend(lossyRockets(t, 4000*model.Millisecond), uuid.UUID{}) // a window with a resend and a rocket in flight
	for _, yes := range []string{"lost", "duplicated", "resend", "projectile"} {
		if !strings.Contains(got, yes) {
			t.Errorf("lossy legend lacks %q: %s", yes, got)
		}
	}
}

// A packet sent only for reliable messages takes the colour of what it
// carries: StopFire is grey, a projectile message green.
func TestReliablePacketColour(t *testing.T) {
	stop := lagcomp.PacketFrame{Header: packetlog.Header{Kind: lagcomp.PacketReliable}, Messages: []lagcomp.MessageFrame{{Kind: lagcomp.PacketStopFire}}}
	proj := lagcomp.PacketFrame{Header: packetlog.Header{Kind: lagcomp.PacketReliable}, Messages: []lagcomp.MessageFrame{{Kind: lagcomp.PacketStopFire}, {Kind: lagcomp.PacketProjSpawn}}}
	if k := packetKey(&stop); k != flowGrey {
		t.Errorf("StopFire packet key %d, want grey", k)
	}
	if k := packetKey(&proj); k != flowProj {
		t.Errorf("projectile packet key %d, want green", k)
	}
}

// The window never starts before the run did.
func TestPacketWindowStartsAtZero(t *testing.T) {
	f := frameAt(t, lagcomp.Defaults(), 300*model.Millisecond)
	r := NewRenderer()
	img := image.NewRGBA(image.Rect(0, 0, 1200, 600))
	r.Pane(img, f, ViewPackets, Options{})
	if fl := r.last.drawFlow(); fl.t0 < 0 {
		t.Fatalf("window starts at %v", fl.t0)
	}
}
