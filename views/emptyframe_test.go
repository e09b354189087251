package views

import (
	"image"
	"runtime/debug"
	"testing"

	"lagscope/lagcomp"
	"lagscope/model"
	"lagscope/presets"
)

// Every view draws a frame in which a client has seen nothing yet — at
// 0 s, before the first snapshot, the window started paused — with every
// focus and every layer, on every preset and with the target under the
// user's keys: a pane says what it lacks, it never indexes a pose that is
// not there (a live class saw `index out of range [0]` in the shooter's
// pane after target_control = user and a focus click).
func TestEveryViewDrawsAFrameWithNothingSeen(t *testing.T) {
	r := NewRenderer()
	img := image.NewRGBA(image.Rect(0, 0, 240, 150)) // small: the cases are many, the fault is in the indexing
	for _, name := range presets.Names() {
		p, err := presets.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := p.Config()
		if err != nil {
			t.Fatal(err)
		}
		for _, control := range []lagcomp.Control{lagcomp.ControlBot, lagcomp.ControlUser} {
			cfg.TargetControl = control
			for _, at := range []model.Time{-1, 0, model.Millisecond} { // -1: never stepped
				s, err := lagcomp.New(cfg)
				if err != nil {
					t.Fatal(err)
				}
				if at >= 0 {
					s.Step(at)
				}
				f := s.Frame()
				for _, v := range Views {
					for _, fo := range append([]Focus{FocusNone}, Focuses...) {
						func() {
							defer func() {
								if e := recover(); e != nil {
									t.Fatalf("%s, target_control %s, at %v: view %s, focus %q: panic: %v\n%s", name, control, at, v, fo, e, debug.Stack())
								}
							}()
							r.Pane(img, f, v, Options{Layers: allLayers(), Focus: fo})
						}()
					}
				}
			}
		}
	}
}
