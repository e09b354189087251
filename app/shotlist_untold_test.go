package app

import (
	"strings"
	"testing"

	"lagscope/lagcomp"
	"lagscope/model"
)

// A shot from records without settled_ms is listed, and a click seeks,
// at its judgement (or its firing, never handled): every such shot was
// listed at 0.000 s. One without the ideal rewind says so rather than
// "ideal 0"-relative figures.
func TestShotListSaysWhatARecordLeftOut(t *testing.T) {
	r := lagcomp.ShotRecord{Seq: 3, Outcome: lagcomp.OutcomeJudged, Fire: 567 * model.Millisecond, Judged: 672 * model.Millisecond,
		RewindTo: 369 * model.Millisecond, ClientHit: true, ServerHit: true,
		Untold: lagcomp.UntoldSettled | lagcomp.UntoldIdeal}
	if got := settledAt(&r); got != r.Judged {
		t.Errorf("listed at %v, want its judgement %v", got, r.Judged)
	}
	head, body := shotLines(&r)
	if !strings.HasPrefix(head, "#3 · 0.672 s · ") {
		t.Errorf("head %q, want it at 0.672 s", head)
	}
	if !strings.Contains(body, "no ideal in the records") || strings.Contains(body, "ideal 672") {
		t.Errorf("body %q", body)
	}
	lost := lagcomp.ShotRecord{Seq: 4, Outcome: lagcomp.OutcomeLost, Fire: 900 * model.Millisecond, Untold: lagcomp.UntoldSettled}
	if got := settledAt(&lost); got != lost.Fire {
		t.Errorf("a lost shot without settled_ms listed at %v, want its firing %v", got, lost.Fire)
	}
	told := r
	told.Untold, told.Settled = 0, 700*model.Millisecond
	if got := settledAt(&told); got != told.Settled {
		t.Errorf("a shot with settled_ms listed at %v, want %v", got, told.Settled)
	}
}
