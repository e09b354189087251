package capture

import (
	"strings"
	"testing"
)

// --caption moment: the band holds the moment's sentence alone, without
// "moment N:", the settings or the version; without a moment it is an
// error naming what to give.
func TestCaptionMomentIsTheSentenceAlone(t *testing.T) {
	sc := sidecar()
	sc.Caption, sc.Moment = CaptionMoment, "moment 1: The victim is told it was hit: on its own screen it is already back behind the wall."
	lines := captionLines(sc, mustFrame(t, sc))
	if len(lines) != 1 || lines[0] != "The victim is told it was hit: on its own screen it is already back behind the wall." {
		t.Fatalf("caption %q", lines)
	}
	if _, err := Render(sc); err != nil {
		t.Fatal(err)
	}
	sc.Moment = ""
	if _, err := Render(sc); err == nil || !strings.Contains(err.Error(), "give --moment N") {
		t.Fatalf("a moment caption without a moment: %v", err)
	}
}
