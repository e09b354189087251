package capture

import (
	"fmt"

	"lagscope/lagcomp/moments"
	"lagscope/lagcomp/sweep"
	"lagscope/views"
)

// A preset's moment is checked when it loads against what draws its
// slide: the views, layouts, focuses and layers (views.CheckSlide) and
// the A/B's changes, as a sidecar's compare is.
func init() { moments.CheckSlide = checkSlide }

func checkSlide(sl moments.Slide) error {
	if err := views.CheckSlide(sl); err != nil {
		return err
	}
	if sl.Compare != "" {
		if _, err := sweep.ParseChanges(sl.Compare); err != nil {
			return fmt.Errorf("key \"compare\": %w", err)
		}
	}
	return nil
}
