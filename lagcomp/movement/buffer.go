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
// corrected. Under StarveRepeat an input whose frame the server has already played,
// wholly or in part, arrives too late: the server moves its clock back by
// the lateness so the next ones are in time (a resync, counted; the pawn
// stands still until the clock catches up), and the part of the frame
// already played stays played with the repeated input — wholly played, the
// input is lost. When the queue holds more than it needs for a whole
// window (a latency that fell, a first input that came late), the server
// drains the excess by playing it at once (a drain, counted): the pawn
// jumps ahead by what it would have walked.
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
	checked         uint32 // the late input already resynced for

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
	Lost       int // inputs whose whole frame was played without them
	Late       int // inputs that arrived after their frame had begun playing
	Starved    int // ticks that repeated the last input for want of the next
	Resyncs    int // times a late input moved the playback clock back
	Drains     int // times a backlog was drained
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
		b.anchored, b.next = true, first.Seq
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
			if h.Seq > b.next {
				b.Stats.Lost += int(h.Seq - b.next)
				b.next = h.Seq
			}
			b.cursor = h.T
			b.knot(pose)
			continue
		}
		if h.Seq > b.next { // the ones between never came
			b.Stats.Lost += int(h.Seq - b.next)
			b.next = h.Seq
		}
		if h.T > b.cursor { // a gap before it: its predecessors are missing
			pose = b.repeat(pose, min(h.T, target), walls)
			starved = true
			continue
		}
		begun := b.hasLast && b.last.Seq == h.Seq
		if h.T < b.cursor && !begun && b.checked != h.Seq { // part of its frame was played without it
			b.checked = h.Seq
			b.Stats.Late++
			b.Offset += b.cursor - h.T // later inputs will be as late: wait for them
			b.Stats.Resyncs++
			if h.End() <= b.cursor {
				b.Stats.Lost++
				b.pop()
				target = now - b.Offset
				continue
			}
			target = now - b.Offset
			if b.cursor >= target {
				break
			}
		}
		if !begun {
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

// drain ends a window: if the queue never held less than Lead plus what
// arrives between two of its refills (excess), the excess is played at
// once by moving the playback clock on.
func (b *Buffer) drain(now, tick model.Time) {
	if now-b.windowStart < DrainWindow {
		return
	}
	// between refills the queue runs down by up to a tick and the longest
	// gap between arriving batches (within Lead): keep Lead + two ticks
	if excess := b.minSpare - b.Lead - 2*tick; b.minSpare >= 0 && excess > 0 {
		b.Offset -= excess
		b.Stats.Drains++
	}
	b.windowStart, b.minSpare = now, -1
}

// Clone is a copy sharing nothing written later.
func (b *Buffer) Clone() *Buffer {
	c := *b
	c.queue, c.head = slices.Clone(b.queue[b.head:]), 0
	c.Knots = slices.Clone(b.Knots)
	return &c
}
