package presets

import "testing"

// ut2003-instagib sends its ServerPredictedStartFire as the Hit
// Prediction implementation does: PredictedShockRifle's replication
// block makes it "reliable if( Role<ROLE_Authority )". Under 40 % upstream
// loss with no command backups, every stamped shot still reaches the
// server (resent until acked), where an unreliable command loses some.
func TestUT2003InstagibStartFireIsReliable(t *testing.T) {
	lossy := []string{"up_loss_pct", "40", "cmd_backup", "0", "duration_ms", "20000"}
	for _, seed := range []string{"1", "2", "3"} {
		s := runPreset(t, "ut2003-instagib", append([]string{"seed", seed}, lossy...)...)
		if !s.Config().ReliableFire {
			t.Fatal("ut2003-instagib does not set reliable_fire")
		}
		sum := s.Summary()
		if sum.ShotsLost != 0 || sum.ShotsFired < 10 {
			t.Errorf("seed %s: %d of %d shots lost under 40 %% upstream loss; ServerPredictedStartFire is reliable", seed, sum.ShotsLost, sum.ShotsFired)
		}
		u := runPreset(t, "ut2003-instagib", append([]string{"seed", seed, "reliable_fire", "false"}, lossy...)...)
		if u.Summary().ShotsLost == 0 {
			t.Errorf("seed %s: unreliable, no shot lost at 40 %% loss either: the test shows nothing", seed)
		}
	}
}
