package compensation

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// settings are the defaults' compensation keys: full bias, a 200 ms cap,
// 100 ms interpolation, the ping article's figures.
func settings() Settings {
	return Settings{Bias: 1, MaxRewindMs: 200, Interp: model.Ms(100), SourceWindowMs: 200,
		PingToleranceMs: 50, MaxPredictionPingMs: 255, CorrectionFactor: 1.8}
}

// at is a shot judged at now, with a claim the source mode believes: its
// tick less interpolation is claimed.
func at(now, claimed model.Time) Shot {
	return Shot{Now: now, Timing: Timing{Stamp: claimed, HasStamp: true, TickTime: claimed}, Conn: Conn{StartFire: &StartFire{}}, Settings: settings()}
}

// The steps every mode shares, on the timestamp mode's claim: a claim
// after the present is clamped to it, bias scales the rewind, and the
// latency compensated beyond interpolation is capped. (Source's own
// clamp replaces the cap: source_test.go.)
func TestRewindToHoldsEveryModeToTheSharedSteps(t *testing.T) {
	now := model.Ms(10_000)
	for _, c := range []struct {
		name    string
		claimed model.Time
		bias    float64
		to      model.Time
		rules   []rule.Rule
	}{
		{"within the cap", now - model.Ms(250), 1, now - model.Ms(250), nil},
		{"half bias", now - model.Ms(250), 0.5, now - model.Ms(125), nil},
		{"no bias: the present", now - model.Ms(250), 0, now, nil},
		{"in the future", now + model.Ms(30), 1, now, []rule.Rule{rule.FutureStamp}},
		{"beyond cap + interp", now - model.Ms(450), 1, now - model.Ms(300), []rule.Rule{rule.MaxRewindCap}},
	} {
		sh := at(now, c.claimed)
		sh.Settings.Bias = c.bias
		rw := RewindTo(Timestamp, sh)
		if rw.To != c.to || !slices.Equal(rw.Rules, c.rules) || rw.Claimed != c.claimed || !rw.HasClaimed {
			t.Errorf("%s: rewound to %v with %v (claimed %v), want %v with %v", c.name, now-rw.To, rw.Rules, rw.Claimed, now-c.to, c.rules)
		}
	}
}

// A want of the present passes the shared steps unchanged, whatever the
// bias and cap: none, client and a stamp not positive rely on it.
func TestThePresentPassesTheSharedSteps(t *testing.T) {
	for _, bias := range []float64{0, 0.5, 1} {
		for _, capMs := range []float64{0, 200} {
			for _, interp := range []model.Time{0, model.Ms(100)} {
				sh := at(model.Ms(5000), 0)
				sh.Settings.Bias, sh.Settings.MaxRewindMs, sh.Settings.Interp = bias, capMs, interp
				if rw := shared(Rewind{To: sh.Now}, &sh); rw.To != sh.Now || len(rw.Rules) != 0 {
					t.Errorf("bias %v, cap %v, interp %v: a want of the present became %v with %v", bias, capMs, interp, rw.To, rw.Rules)
				}
			}
		}
	}
}

// The table is the one list of modes: no mode twice, each with a
// strategy; ZeroPing lets the client judge and the server-side modes do
// not; an unknown mode is judged at the present as none is.
func TestTheTableListsEveryMode(t *testing.T) {
	seen := map[Mode]bool{}
	for _, e := range table {
		if e.mode == "" || e.strategy == nil || seen[e.mode] {
			t.Errorf("table entry %q: a mode needs a name, once, and a strategy", e.mode)
		}
		seen[e.mode] = true
	}
	if got := Modes(); len(got) != len(table) {
		t.Errorf("Modes() = %v: every mode of the table", got)
	}
	for _, m := range []Mode{None, Timestamp, Ping, Source} {
		if For(m).ClientJudges() {
			t.Errorf("%s lets the client judge", m)
		}
	}
	if !For(ZeroPing).ClientJudges() {
		t.Error("client mode does not let the client judge")
	}
	if _, ok := For("no such mode").(present); !ok {
		t.Error("an unknown mode is not judged at the present")
	}
}

// Every Mode constant this package declares is in the table: a mode's
// file without its line there fails here.
func TestEveryDeclaredModeIsInTheTable(t *testing.T) {
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, ".", func(fi fs.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, p := range pkgs {
		for _, f := range p.Files {
			for _, d := range f.Decls {
				gd, ok := d.(*ast.GenDecl)
				if !ok || gd.Tok != token.CONST {
					continue
				}
				for _, s := range gd.Specs {
					vs := s.(*ast.ValueSpec)
					if id, ok := vs.Type.(*ast.Ident); !ok || id.Name != "Mode" {
						continue
					}
					for i, name := range vs.Names {
						v, _ := strconv.Unquote(vs.Values[i].(*ast.BasicLit).Value)
						n++
						if !slices.Contains(Modes(), Mode(v)) {
							t.Errorf("%s declares the mode %s (%q), which the table in table.go does not list", fset.Position(name.Pos()), name.Name, v)
						}
					}
				}
			}
		}
	}
	if n != len(Modes()) {
		t.Errorf("%d Mode constants declared, %d modes in the table", n, len(Modes()))
	}
}

// The README's list of modes names every mode of the table.
func TestTheREADMEDescribesEveryMode(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	i := strings.Index(readme, "- **Modes** (`mode`):")
	if i < 0 {
		t.Fatal("README has no list of modes (- **Modes** (`mode`): …)")
	}
	list := readme[i:]
	if j := strings.Index(list[1:], "\n- **"); j >= 0 {
		list = list[:j+1]
	}
	for _, m := range Modes() {
		if !strings.Contains(list, "`"+string(m)+"`") {
			t.Errorf("README's list of modes does not describe %q: say what it does and its source", m)
		}
	}
}
