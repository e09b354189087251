package burstcounter

import "slices"

// Clone is a deep copy of the client's weapon actor, for the timeline's
// keyframes (each component copies itself).
func (r *Replica) Clone() *Replica {
	c := *r
	c.effects = slices.Clone(r.effects)
	return &c
}
