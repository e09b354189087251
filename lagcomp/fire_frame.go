package lagcomp

import (
	"lagscope/lagcomp/burst"
	"lagscope/lagcomp/chunklog"
	"lagscope/model"
)

// FireWindow is how much fire-effects history a frame carries for the
// lane view.
const FireWindow = 4 * model.Second

// FireFrame is the weapon-fire effects around a frame (source 001): the
// server's real shots and its BurstCounter, and per remote client what
// arrived, what it played, and which shots went unseen.
type FireFrame struct {
	From, To      model.Time
	Encoding      burst.Encoding
	CompressByte  bool
	AutoLoop      bool
	CreationCheck bool
	NetUpdateHz   int // effective (capped at tick_hz)
	Shots         []FireShot
	Stops         []model.Time
	Values        []ValueChange // the server's property after each change, from the last one before From
	Lanes         []FireLane    // remote clients, victim first
}

// FireShot is a server shot in the window.
type FireShot struct {
	T      model.Time
	Burst  int
	Single bool // its burst is one shot
}

// FireLane is one remote client.
type FireLane struct {
	Client  int
	Name    string
	Updates []FireUpdate
	Effects []FireEffect
	Missed  []model.Time // shots no effect was played for (bursts old enough to judge)
	Culled  []Span       // its copy of the weapon did not exist
	Record  BurstRecord  // the whole run so far
}

// FireEffect is a played effect, marked as the records count it.
type FireEffect struct {
	T     model.Time
	Cause burst.Cause
	Extra bool // beyond its burst's shots, or for none
	Bogus bool // on relevancy re-entry for a weapon not firing
}

// fireFrame builds the window ending now.
func (s *Sim) fireFrame() *FireFrame {
	l := s.fx
	from := s.Now - FireWindow
	ff := &FireFrame{From: from, To: s.Now, Encoding: s.cfg.BurstEncoding, CompressByte: s.cfg.BurstCompressByte,
		AutoLoop: s.cfg.BurstAutoLoop, CreationCheck: s.cfg.BurstCreationCheck, NetUpdateHz: s.cfg.netUpdateHz()}
	// shots and bursts are in time order, one burst stopping before the
	// next starts: only the window's tail is read, so a frame costs the
	// same after 10 shots and after 100 000
	first := l.Shots.Len()
	for first > 0 && l.Shots.At(first-1).T >= from {
		first--
	}
	for _, sh := range l.Shots.Slice(first, l.Shots.Len()) {
		ff.Shots = append(ff.Shots, FireShot{T: sh.T, Burst: sh.Burst, Single: l.Bursts.At(sh.Burst).N == 1})
	}
	b := l.Bursts.Len()
	for b > 0 && (l.Bursts.At(b-1).Stop >= from || l.Bursts.At(b-1).Stop < 0) {
		b--
	}
	for ; b < l.Bursts.Len(); b++ {
		if stop := l.Bursts.At(b).Stop; stop >= from {
			ff.Stops = append(ff.Stops, stop)
		}
	}
	ff.Values = valuesSince(&l.Values, from)
	for i := 1; i < len(s.Clients); i++ {
		ff.Lanes = append(ff.Lanes, s.fireLane(i, from))
	}
	return ff
}

// valuesSince are the changes at or after from, led by the value in
// force at from.
func valuesSince(vs *chunklog.Log[ValueChange], from model.Time) []ValueChange {
	k := vs.Len()
	for k > 0 && vs.At(k-1).T >= from {
		k--
	}
	if k > 0 {
		k--
	}
	return vs.Slice(k, vs.Len())
}

func (s *Sim) fireLane(i int, from model.Time) FireLane {
	rf := &s.fx.Clients[i]
	ln := FireLane{Client: i, Name: ClientName(i), Record: s.runningBurstRecord(i)}
	// every log is in time order: the window is its tail
	u := rf.Updates.Len()
	for u > 0 && rf.Updates.At(u-1).Recv >= from {
		u--
	}
	ln.Updates = rf.Updates.Slice(u, rf.Updates.Len())
	e := rf.Effects.Len()
	for e > 0 && rf.Effects.At(e-1).T >= from {
		e--
	}
	sh := s.fx.Shots.Len()
	for sh > 0 && s.fx.Shots.At(sh-1).T >= from {
		sh--
	}
	marks := s.windowMarks(i, e, sh)
	for j, pe := range rf.Effects.Slice(e, rf.Effects.Len()) {
		ln.Effects = append(ln.Effects, FireEffect{T: pe.T, Cause: pe.Cause, Extra: marks.effectExtra[j], Bogus: pe.Bogus})
	}
	for j, shot := range s.fx.Shots.Slice(sh, s.fx.Shots.Len()) {
		if marks.shotMissed[j] {
			ln.Missed = append(ln.Missed, shot.T)
		}
	}
	c := len(rf.Culled)
	for c > 0 && (rf.Culled[c-1].End < 0 || rf.Culled[c-1].End >= from) {
		c--
	}
	ln.Culled = append(ln.Culled, rf.Culled[c:]...)
	return ln
}
