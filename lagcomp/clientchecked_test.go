package lagcomp

import (
	"strconv"
	"testing"

	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// ruleCount is how often rule r shaped a shot of the run.
func ruleCount(sum Summary, r Rule) int {
	for _, c := range sum.RuleCounts {
		if c.Rule == r {
			return c.Count
		}
	}
	return 0
}

// client_checked against the backtrack cheat of the cheater preset: in
// client mode the server believes the hit it claims on the pose it shot
// at, so every shot hits and the cheat gains what it gains where every
// forged stamp is believed; client_checked refuses the claims farther
// than hit_leeway_m from the box the server has (hit_leeway, counted)
// and leaves the cheat no more than a server that caps its rewind at
// 200 ms does. An honest shooter in client_checked has no claim refused.
// Forged hits (cheat_forge_hits: every shot claims the target's head,
// wherever its trace stopped) pass in client and are refused in
// client_checked, all those that missed.
func TestClientCheckedStandsAgainstTheBacktrackCheat(t *testing.T) {
	for seed := 1; seed <= 3; seed++ {
		m := with(peekKeys, "seed", strconv.Itoa(seed))
		run := func(kv ...string) Summary { return runKeys(t, 10*model.Second, with(m, kv...)).Summary() }
		believed, checked, capped := run("mode", "client"), run("mode", "client_checked"), run("mode", "timestamp")
		if believed.ServerHits != believed.Shots || believed.CheatHitsGained <= capped.CheatHitsGained {
			t.Errorf("seed %d: client believed %d hits of %d shots, gained %v (timestamp capped: %v)", seed, believed.ServerHits, believed.Shots, believed.CheatHitsGained, capped.CheatHitsGained)
		}
		refused := ruleCount(checked, rule.HitLeeway)
		if refused == 0 || checked.Rejected != refused || checked.CheatHitsGained > capped.CheatHitsGained {
			t.Errorf("seed %d: client_checked refused %d claims (%d rejected), gained %v; client gained %v, timestamp capped %v", seed, refused, checked.Rejected, checked.CheatHitsGained, believed.CheatHitsGained, capped.CheatHitsGained)
		}
		if honest := run("mode", "client_checked", "cheat_stamp_ms", "0"); honest.Rejected != 0 || honest.ServerHits == 0 {
			t.Errorf("seed %d: an honest shooter in client_checked: %d refused, %d hits", seed, honest.Rejected, honest.ServerHits)
		}
		forge := with(m, "cheat_stamp_ms", "0", "cheat_backtrack", "false", "cheat_forge_hits", "true", "aim_error_deg", "2")
		free := runKeys(t, 10*model.Second, with(forge, "mode", "client")).Summary()
		s := runKeys(t, 10*model.Second, with(forge, "mode", "client_checked"))
		sum := s.Summary()
		var missed, fired int
		for _, r := range s.Shots.Records() {
			missed += b2i(!r.ClientHit)
			fired++
		}
		if free.ServerHits != free.Shots || missed == 0 || ruleCount(sum, rule.HitLeeway) != missed || sum.Rejected != missed || sum.ServerHits != fired-missed {
			t.Errorf("seed %d: forged hits: client credited %d of %d; client_checked refused %d, credited %d of %d, %d missed on the client", seed, free.ServerHits, free.Shots, ruleCount(sum, rule.HitLeeway), sum.ServerHits, fired, missed)
		}
	}
}
