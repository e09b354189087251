package cli

import (
	"fmt"
	"io"
	"os"

	"golang.org/x/term"

	"lagscope/views/capture"
)

// progressTo reports a long render's progress on w when w is a terminal
// (a pipe or a file gets nothing: scripts see only the result). done
// clears the line.
func progressTo(w io.Writer, what string) (progress capture.Progress, done func()) {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil, func() {}
	}
	last := -1
	progress = func(frac float64) {
		if pct := int(frac * 100); pct != last {
			last = pct
			fmt.Fprintf(f, "\rlagscope: %s: %3d %%", what, pct)
		}
	}
	return progress, func() {
		if last >= 0 {
			fmt.Fprint(f, "\r\033[K")
		}
	}
}
