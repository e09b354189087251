package timeline

import (
	"bytes"
	"fmt"
	"testing"

	"lagscope/lagcomp"
	"lagscope/lagcomp/internal/testscene"
)

// framesBytes is everything a frame and the run's records say, as bytes:
// every shot record and projectile record, every field unrounded, the
// summary, and the frame itself (testscene.Bytes). lagcomp's clone test
// gathers the same values: its tests cannot import this package, nor
// can testscene name lagcomp's types.
func framesBytes(t *testing.T, s *lagcomp.Sim) []byte {
	t.Helper()
	var b bytes.Buffer
	for i := range s.Shots.Len() {
		b.Write(testscene.Bytes(*s.Shots.At(i)))
	}
	for _, r := range s.Projectiles() {
		b.Write(testscene.Bytes(r))
	}
	b.Write(testscene.Bytes(s.Frame()))
	return b.Bytes()
}

// firstDiff shows where a replay from zero (a) and a seek (b) part.
func firstDiff(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo := max(0, i-200)
	return fmt.Sprintf("replay …%s\nseek   …%s", a[lo:min(len(a), i+200)], b[lo:min(len(b), i+200)])
}
