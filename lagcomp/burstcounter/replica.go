package burstcounter

import "lagscope/model"

// Options are a remote client's settings for the shooter's weapon.
type Options struct {
	// CreationCheck skips OnBurstStarted on the packet that opens the
	// actor's channel (TimeSince(CreationTime) == 0), so an actor coming
	// back into relevancy does not play a burst for shots long gone.
	CreationCheck bool
	// AutoLoop is the document's bonus: while the weapon is firing, a
	// looping timer at the fire rate plays effects between updates.
	AutoLoop     bool
	FireInterval model.Time // the weapon's time between shots, for the loop
	// PlayCount plays NumShotsFired effects for an update that starts a
	// burst (FRepBurstInfo only: the naive int32 has no NumShotsFired),
	// at once, instead of one: two shots whose updates were all lost
	// until the second reach the client in one update, and the
	// document's OnRep would play one flash for both.
	PlayCount bool
}

// Cause is why an effect played.
type Cause uint8

const (
	CauseOnRep Cause = iota // OnRep_BurstCounter started a burst (OnBurstStarted / SimulateWeaponFire)
	CauseLoop               // the auto-looping timer
)

// Effect is one muzzle flash a remote client played.
type Effect struct {
	T     model.Time
	Cause Cause
	// Open: played on the packet that opened the channel (the actor was
	// just created). Only possible with CreationCheck off, or for the
	// naive counter, which ShooterGame never checked.
	Open bool
	// Tag is the caller's tag of the update that caused it (for a loop
	// effect, of the update that started or last restarted the loop);
	// PrevTag is the tag of the value that update replaced.
	Tag, PrevTag int64
	// Back is which of the update's shots it stands for, counted back
	// from the latest (0); only PlayCount plays effects for the earlier
	// ones.
	Back int
}

// Replica is a remote client's copy of the shooter's weapon actor: made
// when the actor becomes relevant (CreationTime), destroyed when it is
// culled, holding the last BurstCounter received and playing effects.
type Replica struct {
	CreationTime model.Time
	BurstCounter BurstCounter // the client's current value
	tag          int64        // of the current value
	opt          Options
	looping      bool
	loopTag      int64
	nextLoop     model.Time
	// Effects are what this replica played, oldest first; the owner takes
	// them with TakeEffects.
	effects []Effect
	// Bursts counts OnBurstStarted calls; Stops OnBurstStopped.
	Bursts, Stops int
}

// NewReplica is the actor spawned on the client at now, holding the
// property's construction-time value (tagged tag).
func NewReplica(enc Encoding, bCompressByte bool, now model.Time, tag int64, opt Options) *Replica {
	return &Replica{CreationTime: now, BurstCounter: NewBurstCounter(enc, bCompressByte), tag: tag, opt: opt}
}

// SetOptions changes the client's effect settings from now on.
func (r *Replica) SetOptions(opt Options) {
	r.opt = opt
	if !opt.AutoLoop {
		r.looping = false
	}
}

// Receive applies a value that arrived at now. As UE4's RepNotify with
// its optional previous-value parameter, OnRep_BurstCounter runs only when
// the value differs from what the client holds, and sees that old value.
func (r *Replica) Receive(v BurstCounter, now model.Time, tag int64) {
	if v == r.BurstCounter {
		r.tag = tag
		return
	}
	previous, prevTag := r.BurstCounter, r.tag
	r.BurstCounter, r.tag = v, tag
	r.OnRep_BurstCounter(previous, now, prevTag)
}

// OnRep_BurstCounter is the RepNotify, in the encoding's own words.
func (r *Replica) OnRep_BurstCounter(previousValue BurstCounter, now model.Time, prevTag int64) {
	if r.BurstCounter.Encoding == Naive {
		// ShooterGame: any positive count means firing.
		if r.BurstCounter.Count > 0 {
			r.onBurstStarted(now, prevTag, false, 1)
		} else {
			r.onBurstStopped()
		}
		return
	}
	cur, prev := r.BurstCounter.Info, previousValue.Info
	if cur.WasShotFired(prev) {
		// Don't start new effects if this is an actor coming back to
		// relevancy range.
		bIsOpenChannelPacket := now-r.CreationTime == 0
		if !bIsOpenChannelPacket || !r.opt.CreationCheck {
			// NumShotsFired from the construction-time value counts
			// nothing: an open-channel packet plays one
			n := 1
			if r.opt.PlayCount && !bIsOpenChannelPacket {
				n = max(1, int(cur.NumShotsFired(prev)))
			}
			r.onBurstStarted(now, prevTag, bIsOpenChannelPacket, n)
		}
		// We may have fired a burst then immediately stopped (shotgun,
		// semi-auto). The document's listing calls StoppedFiring(Previous)
		// here, a mutator; HasBurstStopped is what it means.
		if cur.HasBurstStopped() {
			r.onBurstStopped()
		}
		return
	}
	// The counter may have wrapped to the same value and be undetectable:
	// if we stopped firing but were firing before, the stop still fires.
	if cur.HasBurstStopped() && !prev.HasBurstStopped() {
		r.onBurstStopped()
	}
}

// onBurstStarted plays a muzzle flash, or n at once (PlayCount). With
// auto-loop it starts the looping timer at the fire rate as well, and
// while the timer runs an update only keeps it going: the flashes come
// at the weapon's steady rate, not at the jittered times updates arrive.
func (r *Replica) onBurstStarted(now model.Time, prevTag int64, open bool, n int) {
	r.Bursts++
	loop := r.opt.AutoLoop && r.opt.FireInterval > 0 && r.BurstCounter.Firing()
	if loop && r.looping {
		r.loopTag = r.tag
		return
	}
	for k := n - 1; k >= 0; k-- {
		r.effects = append(r.effects, Effect{T: now, Cause: CauseOnRep, Open: open, Tag: r.tag, PrevTag: prevTag, Back: k})
	}
	if loop {
		r.looping, r.loopTag, r.nextLoop = true, r.tag, now+r.opt.FireInterval
	}
}

// onBurstStopped ends the burst: the looping timer is cleared.
func (r *Replica) onBurstStopped() {
	r.Stops++
	r.looping = false
}

// Tick runs the looping timer up to now: one effect per fire interval
// while the client believes the weapon is firing.
func (r *Replica) Tick(now model.Time) {
	for r.looping && r.nextLoop <= now {
		// the timer fires within the client's frame, so the flash shows now
		r.effects = append(r.effects, Effect{T: now, Cause: CauseLoop, Tag: r.loopTag, PrevTag: r.loopTag})
		r.nextLoop += r.opt.FireInterval
	}
}

// Tag is the caller's tag of the value the client holds.
func (r *Replica) Tag() int64 { return r.tag }

// Looping reports whether the auto-loop timer runs.
func (r *Replica) Looping() bool { return r.looping }

// TakeEffects returns the effects played since the last call.
func (r *Replica) TakeEffects() []Effect {
	e := r.effects
	r.effects = nil
	return e
}
