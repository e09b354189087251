package netem

import (
	"math"
	"strings"
	"testing"
)

// Unity's table, read back from the regional-p… profiles, is the table
// Unity gives (SimulatorPreset: p5 10 ± 2 ms 2 %, p25 16 ± 6 2 %, p50
// 66 ± 11 3 %, p95 151 ± 11 4 %), and a player between two rows is on the
// line between them: p40 is 3/5 of the way from p25 to p50 (46 ± 9 ms,
// 2.6 %); beyond the rows, the end row, said (Tail).
func TestUnityPopulationIsTheTable(t *testing.T) {
	p, err := LoadPopulation(UnityRegional)
	if err != nil {
		t.Fatal(err)
	}
	want := []PopulationRow{{5, 10, 2, 2}, {25, 16, 6, 2}, {50, 66, 11, 3}, {95, 151, 11, 4}}
	if len(p.Rows) != len(want) {
		t.Fatalf("rows %v, want %v", p.Rows, want)
	}
	for i, r := range want {
		if p.Rows[i] != r {
			t.Errorf("row %d: %v, want %v", i, p.Rows[i], r)
		}
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
	for _, c := range []struct {
		q                   float64
		delay, jitter, loss float64
		tail                bool
	}{
		{40, 46, 9, 2.6, false}, {5, 10, 2, 2, false}, {95, 151, 11, 4, false}, {72.5, 108.5, 11, 3.5, false},
		{1, 10, 2, 2, true}, {99.9, 151, 11, 4, true},
	} {
		got := p.At(c.q)
		if !near(got.DelayMs, c.delay) || !near(got.JitterMs, c.jitter) || !near(got.LossPct, c.loss) || got.Tail != c.tail || got.Pct != c.q {
			t.Errorf("at p%v: %+v, want %v ± %v ms, %v %%, tail %v", c.q, got, c.delay, c.jitter, c.loss, c.tail)
		}
	}
	// the link a drawn player gets is made as the profiles make theirs
	if l, _ := Profile("regional-p50"); p.At(50).Link() != l {
		t.Errorf("p50's link %+v, the profile's %+v", p.At(50).Link(), l)
	}
}

// The population file's reader is strict: each bad file is an error
// naming the file, the line and column, the column's name and its range.
func TestPopulationFileErrors(t *testing.T) {
	const head = "percentile,delay_ms,jitter_ms,loss_pct\n"
	for _, c := range []struct{ name, data, want string }{
		{"empty", "", "population f.csv: empty: want a header percentile,delay_ms,jitter_ms,loss_pct"},
		{"no rows", "# ours\n" + head, "population f.csv: a header but no rows"},
		{"header", "pct,delay,jitter,loss\n5,10,2,2\n", `population f.csv:1: header "pct,delay,jitter,loss": want percentile,delay_ms,jitter_ms,loss_pct`},
		{"columns", head + "5,10,2\n", "population f.csv:2: 3 columns, want 4"},
		{"not a number", head + "5,ten,2,2\n", `population f.csv:2:2: delay_ms: "ten": want a number from 0 to 5000`},
		{"percentile above 100", head + "5,10,2,2\n\n101,20,2,2\n", `population f.csv:4:1: percentile: "101": want a number from 0 to 100`},
		{"negative delay", head + "5,-1,0,2\n", `population f.csv:2:2: delay_ms: "-1": want a number from 0 to 5000`},
		{"jitter above delay", head + "5,10,12,2\n", `population f.csv:2:3: jitter_ms: "12": want a number from 0 to 10`},
		{"loss", head + "5,10,2,100.5\n", `population f.csv:2:4: loss_pct: "100.5": want a number from 0 to 100`},
		{"not finite", head + "5,10,2,NaN\n", `population f.csv:2:4: loss_pct: "NaN"`},
		{"not increasing", head + "50,66,11,3\n25,16,6,2\n", "population f.csv:3:1: percentile: 25 is not above the row before (50): want a number from 50 to 100"},
		{"repeated", head + "50,66,11,3\n50,70,11,3\n", "population f.csv:3:1: percentile: 50 is not above the row before (50)"},
	} {
		p, err := ParsePopulation("f.csv", []byte(c.data))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v (rows %v), want %q", c.name, err, p, c.want)
		}
	}
	// a good file, a comment, CRLF and spaces: its rows
	p, err := ParsePopulation("f.csv", []byte("# our players\r\n"+strings.ReplaceAll(head, "\n", "\r\n")+"10, 20, 5, 1\r\n90,120,30,2.5\r\n"))
	if err != nil || len(p.Rows) != 2 || p.Rows[1] != (PopulationRow{90, 120, 30, 2.5}) || p.At(50).DelayMs != 70 {
		t.Fatalf("%v %+v", err, p)
	}
}
