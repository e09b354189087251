package lagcomp

import (
	"testing"

	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// A bystander that stops the server's trace before the target it lined
// up with is named (blocked_by_pawn), kept as the record's Blocker where
// the server rewound it, and counted in the summary: with 64 bystanders
// the default scene's shot 2 read "hit, 0.370 m to spare" beside "server:
// miss" (server_hit_pawn 11, rules []).
func TestBlockedByPawnIsNamedAndCounted(t *testing.T) {
	c := Defaults()
	c.ExtraPawns = 64
	s, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	s.Step(model.MsF(c.DurationMs))
	blocked := 0
	for i := range s.Shots.Len() {
		r := s.Shots.At(i)
		if !r.Traced() {
			continue
		}
		named := r.HasRule(rule.BlockedByPawn)
		blocked += b2i(named)
		stoppedByOther := r.ServerHitPawn >= 0 && r.ServerHitPawn != r.Target && r.MissByM < 0
		if named != stoppedByOther {
			t.Errorf("shot seq %d: server_hit_pawn %d, target %d, miss_by_m %.3f, rules %v", r.Seq, r.ServerHitPawn, r.Target, r.MissByM, r.Rules)
		}
		if named != r.Blocker.Alive {
			t.Errorf("shot seq %d: rules %v, blocker %+v", r.Seq, r.Rules, r.Blocker)
		}
		// the trace ends on the blocker's box, as the server rewound it
		if on := model.Raycast(r.Origin, r.Dir, 1e6, nil, []model.Target{{Pawn: r.ServerHitPawn, Box: r.Blocker.Box()}}); named && !(on.Point.Dist(r.ServerEnd) < 1e-9) {
			t.Errorf("shot seq %d: the trace ends at %v, not on pawn %d's box at %v", r.Seq, r.ServerEnd, r.ServerHitPawn, r.Blocker.Pos)
		}
	}
	if blocked == 0 {
		t.Fatal("no shot blocked by a bystander among 64: the rule goes untested")
	}
	counted := 0
	for _, rc := range s.Frame().Summary.RuleCounts {
		if rc.Rule == rule.BlockedByPawn {
			counted = rc.Count
		}
	}
	if counted != blocked {
		t.Errorf("the summary counts blocked_by_pawn %d times, the records name it %d times", counted, blocked)
	}
}
