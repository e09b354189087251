package presets

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// manyMoments is a preset of n moments, inline or as [[moments]] tables,
// the last one bad (its at_ms out of range), and the line it starts on.
func manyMoments(n int, tables bool) (data []byte, badLine int) {
	var b strings.Builder
	b.WriteString("description = \"many moments\"\n")
	line := 1
	if !tables {
		b.WriteString("moments = [\n")
		line++
	}
	for i := range n {
		at := i % 10000
		if i == n-1 {
			at = -1
		}
		if tables {
			fmt.Fprintf(&b, "[[moments]]\nat_ms = %d\nsay = \"Moment %d.\"\n", at, i)
			badLine, line = line+1, line+3
		} else {
			fmt.Fprintf(&b, "  { at_ms = %d, say = \"Moment %d.\" },\n", at, i)
			badLine, line = line+1, line+1
		}
	}
	if !tables {
		b.WriteString("]\n")
	}
	return []byte(b.String()), badLine
}

// Each moment's line was found by reading the file again from its start
// (issue 32: 500/1000/2000 moments took 0.41/1.44/5.5 s, 20 000 past
// 2 min): 20 000 moments, inline or as tables, are read at once, well
// under a bound twenty times what they take here, and the last one's
// error still names its line.
func TestTwentyThousandMomentsAreLinear(t *testing.T) {
	for _, tables := range []bool{false, true} {
		data, line := manyMoments(20000, tables)
		start := time.Now()
		_, err := Parse("many.toml", data)
		took := time.Since(start)
		want := fmt.Sprintf("many.toml:%d: moment 20000: key \"at_ms\": -1 is out of range", line)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("tables %v: %v, want %q", tables, err, want)
		}
		if took > 10*time.Second {
			t.Errorf("tables %v: 20 000 moments took %v: quadratic", tables, took)
		}
	}
}

// BenchmarkMoments reads a preset of 20 000 moments.
func BenchmarkMoments(b *testing.B) {
	data, _ := manyMoments(20000, false)
	data = []byte(strings.Replace(string(data), "at_ms = -1", "at_ms = 1", 1))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse("many.toml", data); err != nil {
			b.Fatal(err)
		}
	}
}
