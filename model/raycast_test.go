package model

import (
	"math"
	"testing"
)

func near(a, b, eps float64) bool { return math.Abs(a-b) <= eps }

func TestRayHitsBodyAtAnalyticDistance(t *testing.T) {
	// A pawn at x=10 facing the shooter (-x): the body's front face is
	// BodyHalfDepth closer, but the head sticks out HeadOffset+HeadRadius.
	box := Hitbox{Center: V(10, 0), Yaw: math.Pi}
	d, part, ok := box.Intersect(V(0, 0), V(1, 0), 100)
	if !ok || part != PartHead || !near(d, 10-HeadOffset-HeadRadius, 1e-12) {
		t.Fatalf("got d=%v part=%v ok=%v, want head at %v", d, part, ok, 10-HeadOffset-HeadRadius)
	}
	// Off the head's line but within the shoulders: body face.
	d, part, ok = box.Intersect(V(0, 0.3), V(1, 0), 100)
	if !ok || part != PartBody || !near(d, 10-BodyHalfDepth, 1e-12) {
		t.Fatalf("got d=%v part=%v ok=%v, want body at %v", d, part, ok, 10-BodyHalfDepth)
	}
	if _, _, ok := box.Intersect(V(0, 0.36), V(1, 0), 100); ok {
		t.Fatal("a ray 0.36 m off-centre passed through shoulders 0.35 m wide")
	}
	if _, _, ok := box.Intersect(V(0, 0), V(1, 0), 5); ok {
		t.Fatal("hit beyond the range")
	}
}

func TestRotationChangesWhatIsHit(t *testing.T) {
	// Side-on (facing +y) the body is only BodyHalfDepth wide across the
	// ray and the head reaches 0.31 m, so a ray 0.33 m off-centre misses;
	// face-on the shoulders (0.35 m) take it.
	o, d := V(0, 0.33), V(1, 0)
	faceOn := Hitbox{Center: V(10, 0), Yaw: math.Pi}
	sideOn := Hitbox{Center: V(10, 0), Yaw: math.Pi / 2}
	if _, _, ok := faceOn.Intersect(o, d, 100); !ok {
		t.Fatal("face-on pawn not hit")
	}
	if _, part, ok := sideOn.Intersect(o, d, 100); ok {
		t.Fatalf("side-on pawn hit (%v), but its head is at y=%.2f and its body %.2f wide", part, sideOn.Head().Y, BodyHalfDepth)
	}
}

func TestWallBlocksTrace(t *testing.T) {
	walls := []Wall{{Min: V(5, -1), Max: V(6, 1)}}
	targets := []Target{{Pawn: 3, Box: Hitbox{Center: V(10, 0)}}}
	h := Raycast(V(0, 0), V(1, 0), 100, walls, targets)
	if h.Part != PartWall || h.Pawn != -1 || !near(h.Dist, 5, 1e-12) || !near(h.Point.X, 5, 1e-12) {
		t.Fatalf("want wall at 5 m, got %+v", h)
	}
	h = Raycast(V(0, 2), V(1, 0), 100, walls, []Target{{Pawn: 3, Box: Hitbox{Center: V(10, 2)}}})
	if h.Pawn != 3 {
		t.Fatalf("ray over the wall should hit pawn 3, got %+v", h)
	}
	h = Raycast(V(0, 5), V(1, 0), 20, walls, targets)
	if h.Part != PartNone || !near(h.Dist, 20, 0) || !near(h.Point.X, 20, 1e-12) {
		t.Fatalf("miss should run the full range: %+v", h)
	}
}

func TestLateralGap(t *testing.T) {
	box := Hitbox{Center: V(10, 0), Yaw: math.Pi} // face-on: widest part is the shoulders, 0.35
	if g := box.LateralGap(V(0, 1), V(1, 0)); !near(g, 1-BodyHalfWidth, 1e-12) {
		t.Fatalf("miss by %v, want %v", g, 1-BodyHalfWidth)
	}
	if g := box.LateralGap(V(0, 0), V(1, 0)); !near(g, -BodyHalfWidth, 1e-12) {
		t.Fatalf("dead centre: %v, want %v", g, -BodyHalfWidth)
	}
	if g := box.LateralGap(V(0, -0.5), V(1, 0)); g <= 0 {
		t.Fatalf("below the pawn should be a miss, got %v", g)
	}
}

func TestSegmentNearCircle(t *testing.T) {
	if !SegmentNearCircle(V(0, 0), V(1, 0), 10, V(5, 1), 1) {
		t.Fatal("touching circle not near")
	}
	if SegmentNearCircle(V(0, 0), V(1, 0), 10, V(5, 1.01), 1) {
		t.Fatal("circle 1.01 away counted near")
	}
	if SegmentNearCircle(V(0, 0), V(1, 0), 10, V(11.5, 0), 1) {
		t.Fatal("circle past the end counted near")
	}
	if SegmentNearCircle(V(0, 0), V(1, 0), 10, V(-1.5, 0), 1) {
		t.Fatal("circle behind the origin counted near")
	}
}

func TestParseWalls(t *testing.T) {
	w, err := ParseWalls(" 1,2,3,4 ; 5,6,4,4 ")
	if err != nil || len(w) != 2 || w[1].Min != V(4, 4) || w[1].Max != V(5, 6) {
		t.Fatalf("got %v, %v", w, err)
	}
	if back, _ := ParseWalls(FormatWalls(w)); len(back) != 2 || back[1] != w[1] {
		t.Fatalf("round trip: %v", back)
	}
	for _, bad := range []string{"1,2,3", "1,2,3,x", "1,1,1,5", "NaN,0,1,1", "1e9,0,1,1"} {
		if _, err := ParseWalls(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if w, err := ParseWalls(""); err != nil || len(w) != 0 {
		t.Fatal("empty should be no walls")
	}
}
