package records

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"lagscope/lagcomp"
	"lagscope/lagcomp/clock"
	"lagscope/lagcomp/compensation"
	"lagscope/model"
)

// In client mode the server traces nothing of its own, so the summary
// line has no rewind figures: a mean error of 0 would read as perfect
// compensation.
func TestClientModeSummaryPrintsNoRewindFigures(t *testing.T) {
	c := constantVelocity()
	c.Mode = compensation.ZeroPing
	s := run(t, c, 5*model.Second)
	sum := s.Summary()
	m := line(t, Summary(s, &sum))
	if m["mean_rewind_error_m"] != nil || m["shots_traced"] != 0.0 || m["shots"] == 0.0 {
		t.Fatalf("client mode JSON: mean_rewind_error_m %v, shots_traced %v of %v", m["mean_rewind_error_m"], m["shots_traced"], m["shots"])
	}
}

// line is a summary line as `sim --json` prints it, read back.
func line(t *testing.T, s SummaryJSON) map[string]any {
	t.Helper()
	var b bytes.Buffer
	if err := json.NewEncoder(&b).Encode(s); err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b.Bytes(), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// A projectile figure over nothing is no value (null in JSON), never a
// perfect 0 a chart would draw as a measurement: a hitscan run has no
// projectile, so no spawn offset, divergence or detonation distance; a
// rocket run measures all three.
func TestProjectileFiguresOverNothingAreNull(t *testing.T) {
	for _, w := range []lagcomp.WeaponKind{lagcomp.WeaponRapid, lagcomp.WeaponRocket} {
		c := lagcomp.Defaults()
		c.Weapon = w
		s, err := lagcomp.New(c)
		if err != nil {
			t.Fatal(err)
		}
		s.Step(10 * model.Second)
		sum := s.Summary()
		j := line(t, Summary(s, &sum))
		for _, name := range []string{"mean_projectile_spawn_offset_m", "max_projectile_divergence_m", "mean_detonation_distance_m"} {
			if hitscan := w == lagcomp.WeaponRapid; hitscan != (j[name] == nil) {
				t.Errorf("%s, %v projectiles: %s = %v, want null only without projectiles", w, j["projectiles"], name, j[name])
			}
		}
		if d, _ := j["mean_detonation_distance_m"].(float64); w == lagcomp.WeaponRocket && (j["projectiles"] == 0.0 || d < 0) {
			t.Errorf("rockets: %v projectiles, detonations %v m apart", j["projectiles"], j["mean_detonation_distance_m"])
		}
	}
}

// The line is the declarations in order — counts as integers, floats to
// a millionth, no value as null, counts by key as objects sorted by key —
// whatever figures are declared (a new one needs no change here).
func TestSummaryLineIsTheDeclarationsInOrder(t *testing.T) {
	nan := math.NaN()
	s := SummaryJSON{Type: "summary",
		Summary: lagcomp.Summary{Shots: 3, ShotsFired: 4, Agreement: 2.0 / 3, MeanRewindErrM: 0.1234564, P95RewindErrM: nan,
			MeanRewindMs: nan, MeanIdealMs: nan, MaxWarpM: 1e-7, PositionsAccepted: 1, PositionsAdjusted: 2,
			Kills: 1, Deaths: 2, DamageDealt: 3, DamageTaken: 4, Trades: 5, DeadRejected: 6, // left out at 0: given, to be in the line
			HitMarkers: 4, FalseHitMarkers: 1,
			RuleCounts: []lagcomp.RuleCount{{Rule: "trail_exhausted", Count: 2}, {Rule: "max_rewind_cap", Count: 1}}},
		Packets:           map[string]int{"up_sent": 5, "down_sent": 6},
		ProjectileSummary: lagcomp.ProjectileSummary{MeanLinkOffsetM: nan, MaxDivergenceM: nan, MeanDetDistM: nan},
		SimSeconds:        2.5, WallMs: 12.25}
	var b strings.Builder
	if err := json.NewEncoder(&b).Encode(s); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	var keys []string
	for _, d := range Declared() {
		keys = append(keys, `"`+d.Name+`":`)
	}
	at := 0
	for _, k := range keys {
		i := strings.Index(out[at:], k)
		if i < 0 {
			t.Fatalf("%s missing or out of the declarations' order in %s", k, out)
		}
		at += i + len(k)
	}
	for _, want := range []string{`{"type":"summary","shots":3,"shots_fired":4,`, `"agreement":0.666667,`,
		`"mean_rewind_error_m":0.123456,`, `"p95_rewind_error_m":null,`, `"rules":{"max_rewind_cap":1,"trail_exhausted":2},`,
		`"max_warp_m":0,`, `"packets":{"down_sent":6,"up_sent":5},`, `"projectile_rules":{},`, `"mean_detonation_distance_m":null,`,
		`"sim_seconds":2.5,"wall_ms":12.25}` + "\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("summary line has no %s:\n%s", want, out)
		}
	}
}

// A shot that carries no stamp prints clock_error_ms null, and the
// summary line's clock figures are null over clock_error_shots 0 (ping
// mode with a clock 150 ms off printed 150 on every shot and a mean of
// 153 ms, every claimed_stamp_ms null); a stamping mode prints a number
// on every shot and counts them all.
func TestClockErrorMsIsNullWithoutAStamp(t *testing.T) {
	for _, m := range []compensation.Mode{compensation.Ping, compensation.Timestamp} {
		c := constantVelocity()
		c.Mode, c.ClockSync, c.ClockOffsetMs = m, clock.None, 150
		s := run(t, c, 5*model.Second)
		stamps := m == compensation.Timestamp
		for _, r := range shotsJSON(t, s) {
			if _, isNum := r["clock_error_ms"].(float64); isNum != stamps || (!stamps && r["claimed_stamp_ms"] != nil) {
				t.Errorf("%s shot %v: clock_error_ms %v, claimed_stamp_ms %v", m, r["seq"], r["clock_error_ms"], r["claimed_stamp_ms"])
			}
		}
		sum := s.Summary()
		l := line(t, Summary(s, &sum))
		if stamps != (l["mean_clock_error_ms"] != nil) || (stamps && l["clock_error_shots"] != l["shots"]) || (!stamps && l["clock_error_shots"] != 0.0) {
			t.Errorf("%s summary: mean_clock_error_ms %v over clock_error_shots %v of %v shots", m, l["mean_clock_error_ms"], l["clock_error_shots"], l["shots"])
		}
	}
}
