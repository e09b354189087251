package records

import (
	"encoding/json"
	"math"
	"testing"

	"lagscope/lagcomp"
	"lagscope/lagcomp/compensation"
	"lagscope/model"
)

// constantVelocity is lagcomp's analytic scenario: a target crossing at
// 5 m/s, clean 40 ms links, 100 ms interpolation, no aim error.
func constantVelocity() lagcomp.Config {
	c := lagcomp.Defaults()
	c.Target = model.Motion{Kind: model.Linear, Origin: model.V(20, -10), Heading: math.Pi / 2, Speed: 5}
	c.FireIntervalMs = 250
	c.MaxRewindMs = 1000
	return c
}

func run(t *testing.T, c lagcomp.Config, d model.Time) *lagcomp.Sim {
	t.Helper()
	s, err := lagcomp.New(c)
	if err != nil {
		t.Fatal(err)
	}
	s.Step(d)
	if s.Shots.Len() < 5 {
		t.Fatalf("only %d shots", s.Shots.Len())
	}
	return s
}

// shotsJSON is every shot record as --json prints it.
func shotsJSON(t *testing.T, s *lagcomp.Sim) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, r := range s.AllShots() {
		b, err := json.Marshal(Shot(&r))
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
	return out
}

// Up 20 % loss without backups: a lost shot prints no server side at
// all — no arrival, verdict, rewind or trace.
func TestLostShotsPrintNoServerSide(t *testing.T) {
	c := constantVelocity()
	c.Up.LossPct, c.CmdBackup, c.FireIntervalMs = 20, 0, 200
	s := run(t, c, 20*model.Second)
	lost := 0
	for _, j := range shotsJSON(t, s) {
		if j["outcome"] != string(lagcomp.OutcomeLost) {
			continue
		}
		lost++
		for _, k := range []string{"arrival_ms", "judged_ms", "server_hit", "rewind_ms", "miss_by_m", "rewind_rule", "trace"} {
			if j[k] != nil {
				t.Fatalf("lost shot %v has %s = %v", j["seq"], k, j[k])
			}
		}
		if j["agree"] != !j["client_hit"].(bool) {
			t.Fatalf("lost shot %v: agree %v, client hit %v (the server credited nothing)", j["seq"], j["agree"], j["client_hit"])
		}
	}
	if lost < 10 {
		t.Fatalf("%d shots lost at 20 %% loss", lost)
	}
}

// Rejected and client-mode records carry no rewind or trace figures that
// could contradict their verdicts.
func TestRecordsDoNotContradictThemselves(t *testing.T) {
	c := constantVelocity()
	c.Weapon, c.FireIntervalMs, c.BurstShots = lagcomp.WeaponRapid, 20, 1000
	c.Up.JitterMs, c.Up.ReorderPct, c.CmdBackup = 80, 100, 0
	s := run(t, c, 5*model.Second)
	c2 := constantVelocity()
	c2.Mode = compensation.ZeroPing
	s2 := run(t, c2, 5*model.Second)
	rejected, client := 0, 0
	for _, j := range append(shotsJSON(t, s), shotsJSON(t, s2)...) {
		if j["outcome"] == string(lagcomp.OutcomeRejected) || j["mode"] == string(compensation.ZeroPing) {
			rejected += b2i(j["outcome"] == string(lagcomp.OutcomeRejected))
			client += b2i(j["mode"] == string(compensation.ZeroPing))
			for _, k := range []string{"rewind_rule", "miss_by_m", "rewind_ms", "rewound", "rewind_error_m"} {
				if j[k] != nil {
					t.Fatalf("%s shot %v (%s mode) has %s = %v", j["outcome"], j["seq"], j["mode"], k, j[k])
				}
			}
		}
	}
	if rejected == 0 || client == 0 {
		t.Fatalf("%d rejected, %d client-mode records checked", rejected, client)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
