package lagcomp

import "lagscope/model"

// Hit confirmation: what the shooter's client shows of a hit, and when
// (health > 0, where a hit does damage). With hit_feedback = server the
// marker (and the blood) waits for the server's word: it rides the
// snapshot, as the engines replicate a hit — ShooterGame's pawn
// replicates its LastTakeHitInfo, whose OnRep tells the instigator's HUD
// (NotifyEnemyHit), and UT2003 replicates the hit's effects with the pawn
// — so it shows when the first snapshot of the judging tick or later
// reaches the shooter, and the server always agreed. With predicted
// (Counter-Strike 2's damage prediction) the client shows it at once on
// its own trace, at the trigger pull; the server may then disagree (a
// false marker: the shot missed there, was refused or lost), counted.

// HitFeedback is when a shooter's client shows a hit marker.
type HitFeedback string

const (
	// HitFeedbackServer: when the server's confirmation arrives.
	HitFeedbackServer HitFeedback = "server"
	// HitFeedbackPredicted: at once, on the client's own trace.
	HitFeedbackPredicted HitFeedback = "predicted"
)

// HitFeedbacks lists the choices, in the order the UI offers them.
var HitFeedbacks = []HitFeedback{HitFeedbackServer, HitFeedbackPredicted}

// confirmation is a hit the server judged whose marker waits for a
// snapshot to tell its shooter: the shot record's index, its shooter's
// client and the tick that judged it.
type confirmation struct {
	rec    int
	client int
	judged model.Time
}

// FalseMarker reports whether the record's marker showed a hit the
// server did not credit.
func (r *ShotRecord) FalseMarker() bool { return r.HasHitMarker && !r.MarkerAgreed }

// predictedMarker is the marker a shot's client shows before any word
// from the server: with predicted feedback, at the trigger pull when its
// own trace hit. Every record of a run where pawns can die says what its
// marker did (HasFeedback).
func (s *Sim) predictedMarker(r *ShotRecord) {
	if !s.cfg.mortal() {
		return
	}
	r.HasFeedback = true
	if s.cfg.HitFeedback == HitFeedbackPredicted && r.ClientHit {
		r.HasHitMarker, r.HitMarker = true, r.Fire
	}
}

// judgedMarker is what the server's verdict makes of a judged shot's
// marker (rec: its index in the log): a predicted one agreed with or
// not; with server feedback, a hit waits for the snapshot that tells
// its shooter (confirmHits).
func (s *Sim) judgedMarker(r *ShotRecord, rec int) {
	if !r.HasFeedback {
		return
	}
	r.MarkerAgreed = r.HasHitMarker && r.ServerHit
	if s.cfg.HitFeedback == HitFeedbackServer && r.ServerHit && !r.Rejected {
		s.confirming = append(s.confirming, confirmation{rec: rec, client: r.Shooter, judged: r.Judged})
	}
}

// confirmHits is client c receiving at t a snapshot stamped stamp: the
// hits judged at or before it show their markers now.
func (s *Sim) confirmHits(c *Client, stamp, t model.Time) {
	kept := s.confirming[:0]
	for _, k := range s.confirming {
		if k.client != c.Index || k.judged > stamp {
			kept = append(kept, k)
			continue
		}
		r := s.Shots.Mut(k.rec)
		r.HasHitMarker, r.HitMarker, r.MarkerAgreed = true, t, true
	}
	s.confirming = kept
}
