package lagcomp

import (
	"testing"

	"lagscope/model"
)

// feedbackRun is constant-velocity where pawns have health and none
// dies (a point of damage a hit, a thousand of health), a snapshot every
// tick on clean links, with hit_feedback fb, mode m and the bot's aim
// error aimDeg (σ).
func feedbackRun(t *testing.T, fb HitFeedback, m Mode, aimDeg float64) *Sim {
	t.Helper()
	c := constantVelocity()
	c.Health, c.DamageBody, c.DamageHead = maxHealth, 1, 1
	c.SnapshotHz = c.TickHz
	c.HitFeedback, c.Mode, c.AimErrorDeg = fb, m, aimDeg
	return run(t, c, 5*model.Second)
}

// hit_feedback = server: the marker of every hit the server credited
// shows when the snapshot of the tick that judged it reaches the
// shooter — the judging tick plus the down link's latency (a snapshot
// every tick, a fixed latency), at the client's first frame from then
// (it reads its packets at its frames: within 1/fps) — and agrees; a
// shot the server did not credit shows none. No marker is false.
func TestServerHitMarkerRidesTheJudgingTicksSnapshot(t *testing.T) {
	s := feedbackRun(t, HitFeedbackServer, "timestamp", 2)
	down, frame := model.MsF(s.cfg.Down.LatencyMs), model.Second/model.Time(s.cfg.FPS)
	var hits int
	for _, r := range s.Shots.Records() {
		if !r.HasFeedback {
			t.Fatalf("shot %d: no feedback recorded with health > 0", r.Seq)
		}
		if r.ServerHit != r.HasHitMarker || r.HasHitMarker && (!r.MarkerAgreed || r.HitMarker < r.Judged+down || r.HitMarker > r.Judged+down+frame) {
			t.Errorf("shot %d: server hit %v judged %v; marker %v at %v (agreed %v), want at %v", r.Seq, r.ServerHit, r.Judged, r.HasHitMarker, r.HitMarker, r.MarkerAgreed, r.Judged+down)
		}
		hits += b2i(r.ServerHit)
	}
	if sum := s.Summary(); hits < 5 || sum.HitMarkers != hits || sum.FalseHitMarkers != 0 {
		t.Errorf("%d server hits; summary: %d markers, %d false", hits, sum.HitMarkers, sum.FalseHitMarkers)
	}
}

// hit_feedback = predicted with mode none (no rewind: the server judges
// the target where it is now, a walk of latency and interpolation ahead
// of what the shooter saw): the marker shows at the trigger pull of
// every shot the client's trace hit (its aim error misses some, which
// show none), and the server credits none of them, so every marker is
// false and the summary counts them all.
func TestPredictedHitMarkersTheServerDeniesAreFalse(t *testing.T) {
	s := feedbackRun(t, HitFeedbackPredicted, "none", 2)
	var markers, false_ int
	for _, r := range s.Shots.Records() {
		if r.HasHitMarker != r.ClientHit || r.HasHitMarker && (r.HitMarker != r.Fire || r.MarkerAgreed != r.ServerHit) {
			t.Errorf("shot %d: client hit %v at %v, server hit %v; marker %v at %v agreed %v", r.Seq, r.ClientHit, r.Fire, r.ServerHit, r.HasHitMarker, r.HitMarker, r.MarkerAgreed)
		}
		markers += b2i(r.HasHitMarker)
		false_ += b2i(r.FalseMarker())
	}
	if sum := s.Summary(); markers < 5 || markers == len(s.Shots.Records()) || false_ != markers || sum.HitMarkers != markers || sum.FalseHitMarkers != false_ {
		t.Errorf("%d markers, %d false; summary %d and %d", markers, false_, sum.HitMarkers, sum.FalseHitMarkers)
	}
}

// The summary's markers against a hand-built set of records: the
// shooter's three markers, one the server did not credit, one agreed,
// one of a lost shot (never credited); a marker of the other player's
// and a shot with no marker are not the shooter's markers.
func TestFalseHitMarkersCountedByHand(t *testing.T) {
	recs := []ShotRecord{
		{Shooter: ShooterPawn, HasFeedback: true, HasHitMarker: true, MarkerAgreed: true},
		{Shooter: ShooterPawn, HasFeedback: true, HasHitMarker: true, MarkerAgreed: false},
		{Shooter: ShooterPawn, HasFeedback: true, HasHitMarker: true, Outcome: OutcomeLost},
		{Shooter: ShooterPawn, HasFeedback: true},
		{Shooter: TargetPawn, HasFeedback: true, HasHitMarker: true},
	}
	var sum Summary
	sum.FoldLife(nil, func(yield func(*ShotRecord) bool) {
		for i := range recs {
			if !yield(&recs[i]) {
				return
			}
		}
	}, nil)
	if sum.HitMarkers != 3 || sum.FalseHitMarkers != 2 {
		t.Errorf("%d markers, %d false; want 3 and 2", sum.HitMarkers, sum.FalseHitMarkers)
	}
}
