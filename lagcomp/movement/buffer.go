package movement

import (
	"slices"

	"lagscope/lagcomp/rewind"
	"lagscope/model"
)

// Buffer is the server's input buffer for one client: its inputs queue
// here as they arrive and each server tick plays them back for exactly
// the tick's duration, on the client's clock shifted by Offset (Overwatch
// and Unreal keep such a buffer; Source runs each usercmd as it arrives).
// Offset is fixed by the first input to arrive: its age when its packet
// arrived, plus Lead — the cushion (input_buffer_ms, and the longest an input
// waits in its client's batch) that lets later inputs arrive a little
// later than the first without the queue running dry.
//
// When the queue runs dry the server does what Starve says (a starved
// tick, counted either way): StarveRepeat repeats the last input, a guess
// that is right while the player keeps doing what it did (Overwatch's
// input buffer duplicates the last input); StarveWait holds the pawn where
// it is until the inputs come, then plays every input that has come at
// once — Source runs every usercmd a packet brings, those its cmd_backup
// copies recovered included, in the tick the packet arrives; Unreal's
// ServerMove covers the whole time since the last move. The held pawn
// then lurches forward by what it missed in one tick: the warp others see
// of a player whose packets are lost. Under StarveWait an input no copy
// brings is skipped when the next one is played (Source drops usercmds
// beyond its backups): its movement is lost, and the player's client is
// corrected. Under StarveRepeat an input whose frame the server has
// already begun playing with the repeated input arrives late. The first
// late input of a run of them is a resync (input_resync: one event
// however many inputs the late run holds): the server moves its clock
// back by the lateness of the newest late input that has come (the
// stream's lateness now, not the oldest input's: every input of a late
// batch lies before the cursor, and moving back by each in turn
// ratcheted the clock back by their sum), and Lead more, so the next
// ones are in time; the pawn stands still until the clock catches up
// (the first input's offset re-anchored on the newest). The part of a late
// input's frame already played stays played with the repeated input; a
// late input whose whole frame was played is overplayed (counted late,
// never lost: lost counts only inputs that never came). The run ends at
// the first input played from its frame's start. When the queue holds
// more than Lead and a tick for a whole window (a latency that fell, a
// spike absorbed, a first input that came late), the server drains what
// is beyond Lead
// (a drain, counted) at DrainPerTick of extra client time each tick
// until it is gone: the pawn walks at most twice its pace meanwhile, not
// a jump that teleport_guard would take for a teleport.
type Buffer struct {
	// Lead is the cushion the offset is set with when the first input
	// arrives, and what a drain leaves; the simulation sets it.
	Lead model.Time
	// Starve is what a tick does when the next input has not come
	// (input_starved); the simulation sets it.
	Starve Starve

	// queue[head:] are the inputs waiting, by Seq, none already played;
	// queue[:head] were played: popped by moving head, not by shifting
	// the rest down at every input (Receive moves them down when the
	// array is full and half of it is played)
	queue    []Input
	head     int
	next     uint32 // the first Seq not yet played (or skipped)
	anchored bool
	// the first input to arrive (lowest Seq) and when its packet did
	firstSeq        uint32
	firstT, firstAt model.Time
	hasFirst        bool
	Offset          model.Time // server time − the client time being played
	cursor          model.Time // the client time played up to
	last            Input      // the input played last (repeated when starved)
	hasLast         bool
	checked         uint32 // the late input last counted late
	resyncing       bool   // a late run is on: its resync is done, the next input played from its start ends it
	// missed are the Seqs skipped as never come (counted lost), newest
	// last: one that comes after all is taken off the lost (late, overplayed)
	missed []uint32
	owed   model.Time // the excess a drain has yet to play

	// the drain's window: the least spare input the queue held at any
	// tick since windowStart
	windowStart model.Time
	minSpare    model.Time

	// Knots are the poses at every boundary the last ticks crossed (an
	// input's end, a tick's), at the server time each was played for
	// (client time + Offset): the pawn's exact path, for whoever keeps it.
	// The caller empties it.
	Knots []rewind.Sample

	Stats Stats
}

// Stats counts what a buffer did.
type Stats struct {
	Received   int // inputs taken into the queue (each once)
	Duplicates int // copies of inputs already queued or played (backups, network duplicates)
	Applied    int // inputs played, wholly or in part
	Lost       int // inputs that never came: their frames played (or skipped) without them
	Late       int // inputs that arrived after their frame had begun playing
	Overplayed int // of Late, inputs that arrived after their whole frame was played without them
	Starved    int // ticks that repeated the last input for want of the next
	Resyncs    int // late runs that moved the playback clock back (input_resync), one each
	Drains     int // times a backlog was found and drained
	// DelaySum over DelayN: from the client frame that sampled an input to
	// the tick that began playing it
	DelaySum model.Time
	DelayN   int
}

// Starve is what the server's input buffer does for a player whose next
// input has not come (input_starved).
type Starve string

const (
	// StarveRepeat plays the last input again (Overwatch): a guess.
	StarveRepeat Starve = "repeat"
	// StarveWait holds the pawn until the inputs come, then plays them
	// at once (Source's usercmds, Unreal's ServerMove): a catch-up burst.
	StarveWait Starve = "wait"
)

// Starves are the input_starved choices.
func Starves() []Starve { return []Starve{StarveRepeat, StarveWait} }

// DrainWindow is how long the queue must hold more than it needs before
// the excess is drained.
const DrainWindow = model.Second

// DrainPerTick is how much of a drain's excess a tick plays on top of
// its own length, as a fraction of the tick: 1, so a draining tick plays
// two ticks of input (the pawn at twice its pace, never a jump). An
// excess E is gone within ceil(E / tick) ticks of the window that found it.
const DrainPerTick = 1

// RecoveryBound is the most ticks the input delay takes to come back to
// the pipeline's after the last input of a late run (a spike, a burst)
// has come, late by at most lateness: the window then running may have
// seen the short queue (its end finds no excess), so the next whole
// window finds the excess, ceil(DrainWindow / tick) ticks each, and the
// excess — at most the lateness the resync moved the clock back by —
// drains at DrainPerTick ticks a tick; one tick more for the window's
// phase against the ticks.
func RecoveryBound(lateness, tick model.Time) int {
	win := int((DrainWindow + tick - 1) / tick)
	step := model.Time(DrainPerTick) * tick
	return 2*win + int((lateness+step-1)/step) + 1
}

// Receive queues an input whose packet arrived at time at; a copy of one
// already queued or played is counted and dropped.
func (b *Buffer) Receive(in *Input, at model.Time) { b.ReceiveAll([]Input{*in}, at) }

// ReceiveAll is Receive of each of ins in turn (a packet's inputs, oldest
// first) in one call, as the server takes every input of every packet
// (a call per input was a third of the cost). The inputs are read where
// they lie: most are copies (cmd_backup), never copied here.
func (b *Buffer) ReceiveAll(ins []Input, at model.Time) {
	for k := range ins {
		in := &ins[k]
		if !b.anchored && (!b.hasFirst || in.Seq < b.firstSeq) {
			b.firstSeq, b.firstT, b.firstAt, b.hasFirst = in.Seq, in.T, at, true
		}
		if b.anchored && in.Seq < b.next {
			if k, ok := slices.BinarySearch(b.missed, in.Seq); ok {
				// counted lost when skipped, it came after all: late, overplayed
				b.missed = slices.Delete(b.missed, k, k+1)
				b.Stats.Lost--
				b.Stats.Received++
				b.Stats.Late++
				b.Stats.Overplayed++
				continue
			}
			b.Stats.Duplicates++
			continue
		}
		// its place by Seq, looked for from the newest end: a packet brings
		// the inputs after the queue's last, after copies (cmd_backup) of the
		// last few
		i := len(b.queue) // an index of the whole array, waiting from b.head
		for i > b.head && b.queue[i-1].Seq > in.Seq {
			i--
		}
		if i > b.head && b.queue[i-1].Seq == in.Seq {
			b.Stats.Duplicates++
			continue
		}
		if len(b.queue) == cap(b.queue) && 2*b.head >= len(b.queue) {
			// full, half of it played: move the waiting down rather than grow
			i -= b.head
			b.queue, b.head = b.queue[:copy(b.queue, b.queue[b.head:])], 0
		}
		if i == len(b.queue) {
			b.queue = append(b.queue, *in)
		} else {
			b.queue = slices.Insert(b.queue, i, *in)
		}
		b.Stats.Received++
	}
}

// Anchored reports whether playback has begun (the first input arrived).
func (b *Buffer) Anchored() bool { return b.anchored }

// Cursor is the client time the server has played this client's inputs
// up to: what a snapshot acknowledges.
func (b *Buffer) Cursor() model.Time { return b.cursor }

// Queued is how many inputs wait in the queue.
func (b *Buffer) Queued() int { return len(b.queue) - b.head }

// Tick plays the client's inputs up to server time now (one tick of
// length tick after the last) and returns the pawn's new pose; starved
// reports that the last input was repeated for some of it. Before the
// first input arrives the pawn stays where it is.
func (b *Buffer) Tick(now, tick model.Time, pose model.Pose, walls []model.Wall) (out model.Pose, starved bool) {
	if !b.anchored {
		if b.Queued() == 0 {
			return pose, false
		}
		first := &b.queue[b.head]
		// the inputs before the first to come never came (Seq counts from 1)
		b.anchored, b.next = true, 1
		b.skip(first.Seq)
		b.cursor = first.T
		b.Offset = b.firstAt - b.firstT + b.Lead
		b.windowStart, b.minSpare = now, -1
	}
	b.drain(now, tick)
	target := now - b.Offset
	wait := b.Starve == StarveWait
	for b.cursor < target {
		if b.Queued() == 0 {
			starved = true
			if wait { // hold: the cursor stays, the inputs are played when they come
				break
			}
			pose = b.repeat(pose, target, walls)
			break
		}
		h := &b.queue[b.head]
		if h.T > b.cursor && wait {
			if h.T > target { // they may still come: hold
				starved = true
				break
			}
			// an input after them has come, so no copy of them will
			// (its packet repeated the last cmd_backup before it): skip
			// their frames, their movement lost
			b.skip(h.Seq)
			b.cursor = h.T
			b.knot(pose)
			continue
		}
		b.skip(h.Seq)       // the ones before it never came
		if h.T > b.cursor { // a gap before it: its predecessors are missing
			pose = b.repeat(pose, min(h.T, target), walls)
			starved = true
			continue
		}
		begun := b.hasLast && b.last.Seq == h.Seq
		if h.T < b.cursor && !begun { // part of its frame was played without it
			if b.checked != h.Seq { // counted once, if the clock stops before its rest
				b.checked = h.Seq
				b.Stats.Late++
			}
			if !b.resyncing {
				b.resync()
				target = now - b.Offset
			}
			if h.End() <= b.cursor { // all of it: overplayed
				b.Stats.Overplayed++
				b.pop()
				continue
			}
			if b.cursor >= target {
				break
			}
		}
		if !begun {
			if h.T >= b.cursor {
				b.resyncing = false // in time: the late run is over
			}
			b.Stats.Applied++
			b.Stats.DelaySum += now - h.End()
			b.Stats.DelayN++
		}
		to := min(h.End(), target)
		apply(&pose, h, b.cursor, to, walls)
		b.cursor = to
		b.knot(pose)
		b.last, b.hasLast = *h, true
		if to == h.End() {
			b.pop()
		}
	}
	if starved {
		b.Stats.Starved++
	}
	b.noteSpare(now)
	return pose, starved
}

// Ahead is where pose would be once the queued inputs are played up to
// client time until (the last one repeated past the queue), without
// playing them: where a shot fired at until leaves from, as a server that
// runs each command's movement before its shot has it (Source's usercmd:
// movement, then buttons).
func (b *Buffer) Ahead(pose model.Pose, until model.Time, walls []model.Wall) model.Pose {
	if !b.anchored {
		return pose
	}
	cursor, last, has := b.cursor, b.last, b.hasLast
	repeat := b.Starve != StarveWait // waiting, a gap or the queue's end holds the pawn
	for i := b.head; i < len(b.queue); i++ {
		h := &b.queue[i]
		if cursor >= until {
			break
		}
		if h.End() <= cursor {
			continue
		}
		if h.T > cursor && has && repeat { // a gap: the server would repeat
			rep := last
			rep.Epoch, rep.Alive = int32(pose.Epoch), pose.Alive
			pose = Apply(pose, &rep, cursor, min(h.T, until), walls)
			cursor = min(h.T, until)
			if cursor >= until {
				break
			}
		}
		to := min(h.End(), until)
		pose = Apply(pose, h, max(cursor, h.T), to, walls)
		cursor, last, has = to, *h, true
	}
	if cursor < until && has && repeat {
		rep := last
		rep.Epoch, rep.Alive = int32(pose.Epoch), pose.Alive
		pose = Apply(pose, &rep, cursor, until, walls)
	}
	return pose
}

// repeat plays the last input again up to client time to: the server
// guesses the player kept doing what it last did.
func (b *Buffer) repeat(pose model.Pose, to model.Time, walls []model.Wall) model.Pose {
	if b.hasLast {
		rep := b.last
		rep.Epoch, rep.Alive = int32(pose.Epoch), pose.Alive // a repeat moves and aims, never respawns
		apply(&pose, &rep, b.cursor, to, walls)
	}
	b.cursor = to
	b.knot(pose)
	return pose
}

// knot notes the pose at the cursor, at the server time it stands for
// (never before the last knot: a drain moves the clock on).
func (b *Buffer) knot(pose model.Pose) {
	t := b.cursor + b.Offset
	if n := len(b.Knots); n > 0 {
		t = max(t, b.Knots[n-1].T)
	}
	b.Knots = append(b.Knots, rewind.Sample{T: t, Pose: pose})
}

func (b *Buffer) pop() {
	b.next = b.queue[b.head].Seq + 1
	b.head++
	if b.head == len(b.queue) { // empty: start again at the array's front
		b.queue, b.head = b.queue[:0], 0
	}
}

// spare is how much client time the queue holds beyond what has been
// played: 0 when it is dry.
func (b *Buffer) spare() model.Time {
	if b.Queued() == 0 {
		return 0
	}
	return max(0, b.queue[len(b.queue)-1].End()-b.cursor)
}

func (b *Buffer) noteSpare(now model.Time) {
	if s := b.spare(); b.minSpare < 0 || s < b.minSpare {
		b.minSpare = s
	}
}

// resync moves the playback clock back by the lateness of the newest
// late input that has come, and Lead more (the cushion the first input's
// offset has: without it the next inputs, as late, would each be late by
// the ticks' phase), once for the late run it begins; a drain under way
// stops (the queue ran short).
func (b *Buffer) resync() {
	newest := b.head
	for newest+1 < len(b.queue) && b.queue[newest+1].T < b.cursor {
		newest++
	}
	b.Offset += b.cursor - b.queue[newest].T + b.Lead
	b.Stats.Resyncs++
	b.resyncing, b.owed = true, 0
}

// skip counts the inputs before seq that never came as lost (noted, in
// case one comes after all) and moves past them.
func (b *Buffer) skip(seq uint32) {
	from := b.next
	if seq > missedKeep && seq-missedKeep > from { // only the newest are kept anyway
		from = seq - missedKeep
	}
	for s := from; s < seq; s++ {
		b.missed = append(b.missed, s)
	}
	if seq > b.next {
		b.Stats.Lost += int(seq - b.next)
		b.next = seq
	}
	if n := len(b.missed); n > missedKeep {
		b.missed = b.missed[:copy(b.missed, b.missed[n-missedKeep/2:])]
	}
}

// missedKeep is how many skipped Seqs are remembered: one older than the
// newest missedKeep/2 to missedKeep that comes after all is taken for a
// copy (no backup or reordering brings an input that old).
const missedKeep = 4096

// drain plays a tick's share of the excess owed, and ends a window: if
// the queue never held less than Lead plus more than a tick, all of it
// beyond Lead is owed. Lead is what the first input's offset keeps, so a
// drain brings the delay back to the pipeline's, not above it (keeping
// two ticks more left every spike's delay 2 ticks above: 103 ms, not 72);
// an excess of a tick or less is the sampling of the spare at ticks, not
// a backlog, and is left.
func (b *Buffer) drain(now, tick model.Time) {
	if now-b.windowStart >= DrainWindow {
		if excess := b.minSpare - b.Lead; b.minSpare >= 0 && excess > tick {
			b.owed = excess
			b.Stats.Drains++
		}
		b.windowStart, b.minSpare = now, -1
	}
	if b.owed > 0 {
		step := min(b.owed, DrainPerTick*tick)
		b.Offset -= step
		b.owed -= step
	}
}

// Clone is a copy sharing nothing written later.
func (b *Buffer) Clone() *Buffer {
	c := *b
	c.queue, c.head = slices.Clone(b.queue[b.head:]), 0
	c.Knots = slices.Clone(b.Knots)
	c.missed = slices.Clone(b.missed)
	return &c
}
