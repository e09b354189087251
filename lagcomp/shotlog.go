package lagcomp

import (
	"slices"

	"lagscope/lagcomp/chunklog"
)

// ShotLog is the shots' records (judged, rejected, lost) in the order
// their fate was known, in chunks shared with a clone until written
// (chunklog): a keyframe or a replay from one shares them all, and an
// append or a write in place copies the one chunk it touches. With one
// flat slice, a seek an hour into rapid fire copied every record
// (144 000, 87 MB) on its first shot, and so did the live run after
// each keyframe.
type ShotLog struct{ c chunklog.Log[ShotRecord] }

// Len is the number of records.
func (l *ShotLog) Len() int { return l.c.Len() }

// At is record i, to read: a write goes through Mut.
func (l *ShotLog) At(i int) *ShotRecord { return l.c.At(i) }

// Last is the newest record, nil in an empty log.
func (l *ShotLog) Last() *ShotRecord {
	if l.Len() == 0 {
		return nil
	}
	return l.At(l.Len() - 1)
}

// Append adds r at the end.
func (l *ShotLog) Append(r ShotRecord) { l.c.Add(r, ownRules) }

// Mut is record i, to write in place: its chunk is copied first if a
// clone shares it.
func (l *ShotLog) Mut(i int) *ShotRecord { return l.c.Mut(i, ownRules) }

// ownRules clips a copied record's rules, so a rule appended to one copy
// never lands in the array the other still reads.
func ownRules(r *ShotRecord) { r.Rules = slices.Clip(r.Rules) }

// Records is every record, in order, in a slice of its own.
func (l *ShotLog) Records() []ShotRecord { return l.From(0) }

// From is the records from i on, in a slice of their own.
func (l *ShotLog) From(i int) []ShotRecord {
	out := make([]ShotRecord, 0, max(l.Len()-i, 0))
	for ; i < l.Len(); i++ {
		out = append(out, *l.At(i))
	}
	return out
}

// clone is a log sharing every chunk with l (a pointer a chunk).
func (l *ShotLog) clone() ShotLog { return ShotLog{l.c.Clone()} }

// firedShots holds every shot fired, by command seq − 1.
type firedShots = chunklog.Log[pendingShot]

// ownSent gives a copied shot its own list of send times: both copies
// append to it.
func ownSent(ps *pendingShot) { ps.sentAt = slices.Clip(ps.sentAt) }
