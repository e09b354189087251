package views

import (
	"fmt"
	"slices"
	"strings"

	"lagscope/lagcomp/moments"
)

// A preset's moment names its slide in lagscope shot's words (view,
// layout, panes, focus, layers); the presets package reads them, and
// this one knows which exist. CheckSlide checks a slide when a preset
// loads (capture sets moments.CheckSlide to it and the compare's check),
// so a misspelt view is an error naming the key and what is allowed, not
// a slide that silently shows the default.

// splitView is the view that lays panes out: the one a layout and
// panes are for.
const splitView = "split"

// CheckSlide reports the first bad key of a moment's slide but its
// compare (capture checks that), naming it and what is allowed.
func CheckSlide(sl moments.Slide) error {
	viewNames := []string{splitView}
	for _, v := range Views {
		viewNames = append(viewNames, string(v))
	}
	view := sl.View
	switch {
	case view == "":
		view = splitView
	case !slices.Contains(viewNames, view):
		return fmt.Errorf("key \"view\": %q is not a view (allowed: %s)", view, strings.Join(viewNames, ", "))
	}
	var layouts []string
	for _, l := range Layouts {
		layouts = append(layouts, string(l))
	}
	if sl.Layout != "" && !slices.Contains(layouts, sl.Layout) {
		return fmt.Errorf("key \"layout\": %q is not a layout (allowed: %s)", sl.Layout, strings.Join(layouts, ", "))
	}
	for _, p := range sl.Panes {
		if !slices.Contains(Views, View(p)) {
			return fmt.Errorf("key \"panes\": %q is not a view (allowed: %s)", p, strings.Join(viewNames[1:], ", "))
		}
	}
	if (sl.Layout != "" || len(sl.Panes) > 0) && view != splitView {
		return fmt.Errorf("keys \"layout\" and \"panes\" are for view = \"split\" (the view is %q)", view)
	}
	if len(sl.Panes) > 0 {
		layout := Layout(sl.Layout)
		if layout == "" {
			layout = Layout2x2
		}
		if cells, _ := Cells(layout, 64, 64, Views); len(sl.Panes) != len(cells) {
			return fmt.Errorf("key \"panes\": layout %s shows %d pane(s), %d given", layout, len(cells), len(sl.Panes))
		}
	}
	if sl.Focus != "" {
		names := make([]string, len(Focuses))
		for i, f := range Focuses {
			names[i] = string(f)
		}
		if f, err := ParseFocus(sl.Focus); err != nil {
			return fmt.Errorf("key \"focus\": %q is not a focus (allowed: %s or none)", sl.Focus, strings.Join(names, ", "))
		} else if f != FocusNone && View(view).TimeAxis() {
			return fmt.Errorf("key \"focus\": frames the world panes; view %s runs along time", view)
		}
	}
	if sl.Layers != "" {
		if _, err := ParseLayers(sl.Layers); err != nil {
			return fmt.Errorf("key \"layers\": %w", err)
		}
	}
	return nil
}
