package views

import (
	"fmt"
	"image"
	"testing"

	"lagscope/lagcomp"
	"lagscope/model"
	"lagscope/presets"
)

// defaultAt is the default preset's frame at t: its interpolation moment
// is 3 s, the target drawn ~146 ms behind where the server has it.
func defaultAt(t *testing.T, at model.Time) *lagcomp.Frame {
	t.Helper()
	p, err := presets.Load("default")
	if err != nil {
		t.Fatal(err)
	}
	c, err := p.Config()
	if err != nil {
		t.Fatal(err)
	}
	return frameAt(t, c, at)
}

// Focused on the target, the shooter's pane frames the target it draws
// and the server's ghost of it, so the interpolation gap (0.46 m, about
// 40 x 90 px in the fitted pane) spans a good part of the pane.
func TestFocusFillsThePaneWithTheGap(t *testing.T) {
	f := defaultAt(t, 3*model.Second)
	v := f.Clients[lagcomp.ShooterPawn].View
	shown, now := v.Poses[lagcomp.TargetPawn].Pos, f.Pawns[lagcomp.TargetPawn].Pose.Pos
	gap := func(o Options) float64 {
		ax, ay := PixelAt(f, ViewShooter, o, 1920, 1080, shown)
		bx, by := PixelAt(f, ViewShooter, o, 1920, 1080, now)
		return model.V(ax, ay).Dist(model.V(bx, by))
	}
	o := Options{Layers: DefaultLayers(), Scale: 2}
	fitted := gap(o)
	o.Focus = FocusTarget
	focused := gap(o)
	if fitted > 60 || focused < 200 || focused < 5*fitted {
		t.Fatalf("the gap is %.0f px fitted, %.0f px focused: want it small fitted and across a good part of the pane focused", fitted, focused)
	}
	// both ends inside the drawing area
	img := image.NewRGBA(image.Rect(0, 0, 1920, 1080))
	r := NewRenderer()
	r.Pane(img, f, ViewShooter, o)
	x, y, w, h := r.last.area()
	for _, pt := range []model.Vec{shown, now} {
		px, py := r.last.cam.px(pt)
		if px < x || px > x+w || py < y || py > y+h {
			t.Errorf("focused, %v is drawn at %.0f,%.0f outside the area", pt, px, py)
		}
	}
}

// A focus with nothing to frame (no projectile in a hitscan scene, no
// shot judged yet) frames as usual and says so under the grid.
func TestFocusWithNothingToFrameSaysSo(t *testing.T) {
	f := defaultAt(t, 3*model.Second)
	o := Options{Layers: DefaultLayers()}
	plain := cameraOf(f, ViewServer, o, 800, 500)
	o.Focus = FocusProjectile
	if got := cameraOf(f, ViewServer, o, 800, 500); got != plain {
		t.Errorf("focus projectile with no projectile moved the camera: %+v, fitted %+v", got, plain)
	}
	r := NewRenderer()
	r.Pane(image.NewRGBA(image.Rect(0, 0, 800, 500)), f, ViewServer, o)
	if s := r.last.focusSays(); s != " · focus projectile: none here, all framed" {
		t.Errorf("the grid label adds %q", s)
	}
	early := defaultAt(t, 100*model.Millisecond)
	o.Focus = FocusShot
	r.Pane(image.NewRGBA(image.Rect(0, 0, 800, 500)), early, ViewOverlay, o)
	if s := r.last.focusSays(); s != " · focus shot: none here, all framed" {
		t.Errorf("before any shot the grid label adds %q", s)
	}
	if _, err := ParseFocus("gap"); err == nil {
		t.Error("focus gap was accepted")
	}
}

// The focus and 1x2 goldens: the interpolation slide focused on the
// target, and behind cover as server beside target, focused on the shot.
func TestGoldenFocusAnd1x2(t *testing.T) {
	r := NewRenderer()
	f := defaultAt(t, 3*model.Second)
	img := image.NewRGBA(image.Rect(0, 0, 960, 540))
	r.Pane(img, f, ViewShooter, Options{Layers: DefaultLayers(), Focus: FocusTarget})
	golden(t, "focus-target-shooter", img)
	p, _ := presets.Load("behind-cover")
	c, _ := p.Config()
	fc := frameAt(t, c, 449*model.Millisecond)
	golden(t, "split-1x2-server-target", r.Split(fc, Layout1x2, []View{ViewServer, ViewTarget}, 1280, 540, Options{Layers: DefaultLayers()}))
	golden(t, "split-1x2-focus-shot", r.Split(fc, Layout1x2, []View{ViewServer, ViewTarget}, 1280, 540, Options{Layers: DefaultLayers(), Focus: FocusShot}))
}

// No label overlaps another, a note or a shape with a focus or in a 1x2
// of any two panes: every shipped preset at 3 s, at the slide size
// 1920x1080 and its default scale 2 (unfocused also at 1280x720).
func TestLabelsNeverOverlapFocusedOr1x2(t *testing.T) {
	all, err := presets.All()
	if err != nil {
		t.Fatal(err)
	}
	r := NewRenderer()
	labelled := 0
	pairs := [][]View{{ViewServer, ViewTarget}, {ViewShooter, ViewOverlay}, {ViewTarget, ViewShooter}}
	for _, pr := range all {
		c, err := pr.Config()
		if err != nil {
			t.Fatal(err)
		}
		f := frameAt(t, c, 3*model.Second)
		for _, fo := range append([]Focus{FocusNone}, Focuses...) {
			sizes := []struct {
				w, h int
				s    float64
			}{{1920, 1080, 2}, {1280, 720, 1}}
			if fo != FocusNone { // the slide size alone: the test's time goes to the presets
				sizes = sizes[:1]
			}
			for _, size := range sizes {
				o := Options{Layers: DefaultLayers(), Scale: size.s, Focus: fo}
				layouts := [][]View{Views[:4]}
				if fo == FocusNone || fo == FocusTarget {
					layouts = append(layouts, pairs...)
				}
				for _, vs := range layouts {
					l := Layout2x2
					if len(vs) == 2 {
						l = Layout1x2
					}
					rects, cells := Cells(l, size.w, size.h, vs)
					for i, rc := range rects {
						where := fmt.Sprintf("%s focus %q %s %v at %dx%d: %s", pr.Name, fo, l, vs, size.w, size.h, cells[i])
						r.Pane(image.NewRGBA(image.Rect(0, 0, rc.Dx(), rc.Dy())), f, cells[i], o)
						labelled += len(r.last.placed)
						checkLabels(t, where, r.last)
					}
				}
			}
		}
	}
	if labelled < 200 {
		t.Fatalf("only %d labels placed: the test checks little", labelled)
	}
}
