package lagcomp

import (
	"fmt"
	"testing"

	"lagscope/model"
)

// authorityRun is prediction-correction's duel (the peeker's prediction
// walks through walls only the server has) under movement_authority,
// with extra settings.
func authorityRun(t *testing.T, seed uint64, authority Authority, extra ...Setting) *Sim {
	t.Helper()
	c := Defaults()
	c.Seed = seed
	set := append([]Setting{{Key: "mode", Value: "timestamp"}, {Key: "latency_ms", Value: "40"}, {Key: "predict_walls", Value: "false"},
		{Key: "target_motion", Value: "strafe"}, {Key: "target_x_m", Value: "20"}, {Key: "target_y_m", Value: "0"}, {Key: "target_heading_deg", Value: "90"},
		{Key: "target_speed_mps", Value: "5"}, {Key: "target_amplitude_m", Value: "3"}, {Key: "walls", Value: "19,1.2,21,1.25; 18,0.9,18.4,1.3"},
		{Key: "movement_authority", Value: string(authority)}}, extra...)
	if err := Apply(&c, set); err != nil {
		t.Fatal(err)
	}
	s, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	s.Step(6 * model.Second)
	return s
}

// Under 20 % loss and 40 ms of jitter on each player's own link, on
// several seeds: under movement_authority = client the summary's
// positions_accepted / positions_adjusted are the movement lines' sums,
// each line names client_position_accepted / _adjusted exactly when it
// counts some, the victim whose prediction walks through the walls is
// adjusted and corrected on some seeds (the server's position sent back,
// the client replaying); under server nothing is counted or named. (The counts
// against the events themselves are movement's
// TestClientPositionCountsUnderLossAndJitter.)
func TestClientAuthorityCountedNamedAndCorrected(t *testing.T) {
	lossy := []Setting{{Key: "up_loss_pct", Value: "20"}, {Key: "up_jitter_ms", Value: "40"},
		{Key: "victim_up_loss_pct", Value: "20"}, {Key: "victim_up_jitter_ms", Value: "40"}}
	var victimAdj, victimCorr int // the victim's, client authority, over the seeds
	for seed := uint64(1); seed <= 4; seed++ {
		for _, a := range Authorities() {
			t.Run(fmt.Sprintf("%s seed %d", a, seed), func(t *testing.T) {
				s := authorityRun(t, seed, a, lossy...)
				var acc, adj int
				for _, m := range s.Movement() {
					acc, adj = acc+m.Buffer.PosAccepted, adj+m.Buffer.PosAdjusted
					if (m.Buffer.PosAccepted > 0) != hasRule(m.Rules, "client_position_accepted") || (m.Buffer.PosAdjusted > 0) != hasRule(m.Rules, "client_position_adjusted") {
						t.Errorf("%s: accepted %d adjusted %d, rules %v", m.Name, m.Buffer.PosAccepted, m.Buffer.PosAdjusted, m.Rules)
					}
					if m.Buffer.PosAccepted+m.Buffer.PosAdjusted > m.Buffer.Applied {
						t.Errorf("%s: %d checked of %d played", m.Name, m.Buffer.PosAccepted+m.Buffer.PosAdjusted, m.Buffer.Applied)
					}
				}
				sum := s.Summary()
				if sum.PositionsAccepted != acc || sum.PositionsAdjusted != adj {
					t.Errorf("summary %d, %d; lines %d, %d", sum.PositionsAccepted, sum.PositionsAdjusted, acc, adj)
				}
				victim := s.Movement()[TargetPawn]
				if a == AuthorityServer {
					if acc+adj != 0 {
						t.Errorf("server authority counted %d, %d", acc, adj)
					}
					return
				}
				if acc == 0 {
					t.Errorf("client authority: nothing accepted")
				}
				victimAdj, victimCorr = victimAdj+victim.Buffer.PosAdjusted, victimCorr+victim.Corrections
			})
		}
	}
	if victimAdj == 0 || victimCorr == 0 {
		t.Errorf("client authority: the victim adjusted %d and corrected %d times over the seeds", victimAdj, victimCorr)
	}
}

// A fixed link with no loss and a prediction that knows the walls: the
// client predicts what the server plays, so every report is accepted,
// none adjusted, and nothing is corrected.
func TestClientAuthorityHonestClientIsNeverAdjusted(t *testing.T) {
	s := authorityRun(t, 1, AuthorityClient, Setting{Key: "predict_walls", Value: "true"})
	for _, m := range s.Movement() {
		if m.Buffer.PosAdjusted != 0 || m.Buffer.PosAccepted == 0 || m.Corrections != 0 {
			t.Errorf("%s: accepted %d adjusted %d corrections %d", m.Name, m.Buffer.PosAccepted, m.Buffer.PosAdjusted, m.Corrections)
		}
	}
}
