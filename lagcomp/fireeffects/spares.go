package fireeffects

import "lagscope/lagcomp/chunklog"

// Spares are the chunks of finished runs' fire logs, for new logs to
// append into (lagcomp's Recycler hands a finished sweep point's to the
// next): a chunk comes out as a new one (chunklog.Spare). The zero value
// is empty and ready; not safe for concurrent use.
type Spares struct {
	shots   chunklog.Spare[ServerShot]
	bursts  chunklog.Spare[ServerBurst]
	values  chunklog.Spare[ValueChange]
	updates chunklog.Spare[FireUpdate]
	effects chunklog.Spare[PlayedEffect]
}

// Len is how many chunks sp holds.
func (sp *Spares) Len() int {
	return sp.shots.Len() + sp.bursts.Len() + sp.values.Len() + sp.updates.Len() + sp.effects.Len()
}

// NewLogFrom is NewLog, its logs' new chunks taken from sp while it has
// them (nil: made). A clone of the log takes none (Clone).
func NewLogFrom(clients int, sp *Spares) *Log {
	l := NewLog(clients)
	l.spares = sp
	return l
}

// AddShot appends a shot the server's weapon fired.
func (l *Log) AddShot(x ServerShot) {
	var sp *chunklog.Spare[ServerShot]
	if l.spares != nil {
		sp = &l.spares.shots
	}
	l.Shots.AddFrom(x, nil, sp)
}

// AddBurst appends a burst the server's weapon began.
func (l *Log) AddBurst(x ServerBurst) {
	var sp *chunklog.Spare[ServerBurst]
	if l.spares != nil {
		sp = &l.spares.bursts
	}
	l.Bursts.AddFrom(x, nil, sp)
}

// AddValue appends the server's BurstCounter after a change.
func (l *Log) AddValue(x ValueChange) {
	var sp *chunklog.Spare[ValueChange]
	if l.spares != nil {
		sp = &l.spares.values
	}
	l.Values.AddFrom(x, nil, sp)
}

// AddUpdate appends an update client i applied.
func (l *Log) AddUpdate(i int, x FireUpdate) {
	var sp *chunklog.Spare[FireUpdate]
	if l.spares != nil {
		sp = &l.spares.updates
	}
	l.Clients[i].Updates.AddFrom(x, nil, sp)
}

// AddEffect appends an effect client i played.
func (l *Log) AddEffect(i int, x PlayedEffect) {
	var sp *chunklog.Spare[PlayedEffect]
	if l.spares != nil {
		sp = &l.spares.effects
	}
	l.Clients[i].Effects.AddFrom(x, nil, sp)
}

// Release gives sp the chunks only l held (chunklog's Release: never one
// a clone shares) and empties l: it must not be used again.
func (l *Log) Release(sp *Spares) {
	l.Shots.Release(&sp.shots)
	l.Bursts.Release(&sp.bursts)
	l.Values.Release(&sp.values)
	for i := range l.Clients {
		l.Clients[i].Updates.Release(&sp.updates)
		l.Clients[i].Effects.Release(&sp.effects)
	}
	*l = Log{}
}
