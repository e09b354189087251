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
// Offset is set when the first packet arrives: its delay (arrival − the
// end of its newest input, as the client stamps its sending) plus the
// cushion, Span + Lead. Span is the longest an input's start lies before
// the end of the newest input its packet carries on the client's command
// schedule (its frame or beat, and the ones made while it waited for a
// command packet), so an input of a steady link is never late, whichever
// came first; Lead
// (input_buffer_ms) absorbs the link's jitter. The first input's own age
// would make the cushion a matter of which input came first: at 144 fps
// and 64 command packets a second its wait is the longest of the cycle
// (13.9 ms) only because frames and packets start together, and when the
// first packet is lost the next one's repeats of it doubled the cushion
// for the whole run.
//
// When the queue runs dry the server does what Starve says (a starved
// tick, counted either way): StarveRepeat repeats the last input, a guess
// that is right while the player keeps doing what it did (Overwatch's
// input buffer duplicates the last input). StarveWait, StarveSource and
// StarveUE hold the pawn where it is until the inputs come, then play
// every input that has come up to the clock at once: the held pawn
// lurches forward by what it missed in one tick, the warp others see of a
// player whose packets are late. They differ in what a gap costs (the
// inputs before one that came, which no copy brought) and in how much
// one tick may catch up:
//   - StarveWait skips a gap, its movement lost, and catches up without
//     limit. No engine is known to do this; it is lagscope's reference.
//   - StarveSource is Source's usercmd processing (CBasePlayer::
//     PhysicsSimulate): m_LastCmd, the last command run, is run again
//     for each command of a gap of fewer than LastCmdDropMax (a longer
//     gap is skipped, as StarveWait does), and a tick runs at most the
//     movement time its budget holds (sv_maxusrcmdprocessticks: each
//     tick grants a tick of time, kept up to CatchUp; each command run
//     spends its time): the time beyond it is refused, the commands in
//     it not run (CPlayerMove::RunCommand ignores them), their movement
//     lost, counted (Capped, CappedTime).
//   - StarveUE is Unreal's ServerMove: a move covers the client time
//     since the last move the server played (a gap's included, at the
//     move's own velocity), that delta clamped to MaxMoveDelta (the
//     GameNetworkManager's MaxMoveDeltaTime): the time beyond it is not
//     moved, counted (Clamped). A backlog of moves that all came is
//     played in full, each move its own delta.
//
// Where movement was lost the player's own client is corrected.
//
// The clock follows the link's mean delay, not its tail: each window of
// DrainWindow the server sets Offset to the mean delay of the window's
// packets (arrival − the newest input's end, when the client sent it)
// plus the cushion, Span + Lead (follow). A late input alone never moves it: it is played from where
// the clock is (the part of its frame already played stays played by
// the starvation rule), counted late, and guessed when its whole frame
// was played without it (never lost: lost counts only inputs that never
// came) — Source runs a late usercmd when it comes; Overwatch's buffer
// plays its guess and is resized from what a while of inputs shows, not
// from one. A rise of the mean by more than a tick (the link's delay rose
// for a while: a latency that rose, a spike's late run) moves the clock
// back at once, one resync (input_resync) however many inputs and
// windows it spans; a fall drains at DrainPerTick of extra client time
// each tick: the pawn walks at most twice its pace meanwhile, not a jump
// that teleport_guard would take for a teleport. Each input's delay
// (DelaySum) is from its sampling to the tick its frame was due on the
// clock, in time or not, so the mean is the buffer's own delay: on a
// steady link the pipeline's plus the link's mean extra delay, the inputs
// later than that counted apart (Late, Overplayed).
type Buffer struct {
	// Lead is the cushion the offset is set with beyond Span when the
	// first input arrives, and what a drain leaves; the simulation sets it.
	Lead model.Time
	// Span is the longest an input's start lies before the end of the
	// newest input its packet carries, on the client's command schedule
	// (the simulation's cmdCycle): the part of the cushion that covers
	// the client's own waits.
	Span model.Time
	// Starve is what a tick does when the next input has not come
	// (input_starved); the simulation sets it.
	Starve Starve
	// CatchUp is StarveSource's budget: the most movement time one tick
	// may play (max_usercmd_ticks ticks; 0: no limit, as Source's 0).
	CatchUp model.Time
	// MaxMoveDelta is StarveUE's clamp on a move's delta
	// (max_move_delta_ms).
	MaxMoveDelta model.Time
	// MaxPosError > 0 is movement_authority = client: an input played
	// whole that carries the client's position (HasPos) has it adopted
	// when it lies within MaxPosError metres of the server's own, else
	// the server keeps its own and the client is corrected (clientPos).
	MaxPosError float64

	// queue[head:] are the inputs waiting, by Seq, none already played;
	// queue[:head] were played: popped by moving head, not by shifting
	// the rest down at every input (Receive moves them down when the
	// array is full and half of it is played)
	queue    []Input
	head     int
	next     uint32 // the first Seq not yet played (or skipped)
	anchored bool
	// the first input to arrive (lowest Seq), whose packet's delay sets
	// the offset
	firstSeq uint32
	hasFirst bool
	Offset   model.Time // server time − the client time being played
	cursor   model.Time // the client time played up to
	last     Input      // the input played last (repeated when starved)
	hasLast  bool
	checked  uint32 // the late input last counted late
	// cushion is what Offset holds beyond the link's delay (arrival − the
	// newest input's end, when the client sent it): Span + Lead, fixed
	// when playback begins
	cushion   model.Time
	firstLink model.Time // the delay of the first input's packet
	now, tick model.Time // the last Tick's time and length: the grid of an input's due tick
	// missed are the Seqs skipped as never come (counted lost), newest
	// last: one that comes after all is taken off the lost (late, overplayed)
	missed []uint32
	owed   model.Time // the excess a drain has yet to play
	budget model.Time // StarveSource: the movement time the ticks have granted and not spent
	capped uint32     // StarveSource: the input last counted capped

	// the clock's window: the delays of the packets that came since
	// windowStart, summed
	windowStart model.Time
	linkSum     model.Time
	linkN       int
	rising      bool // the last window moved the clock back (one resync however many windows a rise spans)

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
	Applied    int // inputs played (or the budget refused, usercmd_cap), wholly or in part
	Lost       int // inputs that never came: their frames played (or skipped) without them
	Late       int // inputs that arrived after their frame had begun playing
	Overplayed int // of Late, inputs that arrived after their whole frame was played without them
	Starved    int // ticks the next input had not come for: the last repeated, or the pawn held
	Resyncs    int // late runs that moved the playback clock back (input_resync), one each
	Drains     int // times a backlog was found and drained
	// StarveSource: commands of gaps m_LastCmd was run again for
	// (last_cmd_replay); inputs that came whose movement the budget
	// refused in whole or in part (usercmd_cap), each once, and the client
	// time refused (replays' included)
	Replayed   int
	Capped     int
	CappedTime model.Time
	// StarveUE: moves whose delta was clamped to MaxMoveDelta
	// (move_delta_clamp), and the client time not moved
	Clamped     int
	ClampedTime model.Time
	// MaxPosError > 0: inputs whose client-reported position the server
	// adopted (client_position_accepted) or refused for its own, which
	// the client is then corrected to (client_position_adjusted)
	PosAccepted int
	PosAdjusted int
	// DelaySum over DelayN: from the client frame that sampled an input to
	// the tick its frame was due on the clock (the tick that began playing
	// it when it came in time)
	DelaySum model.Time
	DelayN   int
	// LinkSum over LinkN: the delays of the packets that came once
	// playback had begun (arrival − the newest input's end), what the
	// clock follows
	LinkSum model.Time
	LinkN   int
}

// Starve is what the server's input buffer does for a player whose next
// input has not come (input_starved).
type Starve string

const (
	// StarveRepeat plays the last input again (Overwatch): a guess.
	StarveRepeat Starve = "repeat"
	// StarveWait holds the pawn until the inputs come, then plays them
	// at once, skipping gaps, without limit: no engine's (lagscope's
	// reference).
	StarveWait Starve = "wait"
	// StarveSource holds, then runs m_LastCmd for each command of a gap
	// and the commands that came, within the tick's budget (Source).
	StarveSource Starve = "source"
	// StarveUE holds, then plays each move over the time since the last,
	// clamped to MaxMoveDelta (Unreal's ServerMove).
	StarveUE Starve = "ue"
)

// Starves are the input_starved choices.
func Starves() []Starve { return []Starve{StarveRepeat, StarveWait, StarveSource, StarveUE} }

// LastCmdDropMax is Source's limit on a gap m_LastCmd is run again for:
// PhysicsSimulate replays it only while fewer than 24 were dropped.
const LastCmdDropMax = 24

// DrainWindow is the clock's window: how long a while of packets' delays the mean
// it follows is taken over (a second's: 32 to 128 packets at the usual
// command rates, enough that one late packet moves the mean by a few
// percent of its lateness, short enough to follow a latency that rose).
const DrainWindow = model.Second

// DrainPerTick is how much of a drain's excess a tick plays on top of
// its own length, as a fraction of the tick: 1, so a draining tick plays
// two ticks of input (the pawn at twice its pace, never a jump). An
// excess E is gone within ceil(E / tick) ticks of the window that found it.
const DrainPerTick = 1

// RecoveryBound is the most ticks the input delay takes to come back to
// the pipeline's after the last input of a late run (a spike, a burst)
// has come, late by at most lateness: the window it came in may have
// raised the clock (its mean took the late run in), the next whole
// window's mean is the link's again, ceil(DrainWindow / tick) ticks
// each, and the excess — at most the lateness — drains at DrainPerTick
// ticks a tick; one tick more for the window's phase against the ticks.
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
	if len(ins) == 0 {
		return
	}
	// the packet's delay: the client sent it at its newest input's end
	link := at - ins[len(ins)-1].End()
	for k := range ins {
		b.receive(&ins[k], at, link)
	}
	b.noteLink(link)
}

// noteLink counts a packet's delay link into the clock's window: every
// packet that came, whatever it brought (which of two packets of a tick
// brings an input first is their order, not the link's).
func (b *Buffer) noteLink(link model.Time) {
	if b.anchored {
		b.linkSum += link
		b.linkN++
		b.Stats.LinkSum += link
		b.Stats.LinkN++
	}
}

// receive queues input in, of a packet that arrived at at after a delay
// of link.
func (b *Buffer) receive(in *Input, at, link model.Time) {
	if !b.anchored && (!b.hasFirst || in.Seq < b.firstSeq) {
		b.firstSeq, b.hasFirst = in.Seq, true
		b.firstLink = link
	}
	if b.anchored && in.Seq < b.next {
		if k, ok := slices.BinarySearch(b.missed, in.Seq); ok {
			// counted lost when skipped, it came after all: late, guessed
			b.missed = slices.Delete(b.missed, k, k+1)
			b.Stats.Lost--
			b.Stats.Received++
			b.Stats.Late++
			b.Stats.Overplayed++
			b.delay(in, b.now) // its frame was played by the last tick
			return
		}
		b.Stats.Duplicates++
		return
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
		return
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
		b.cushion = b.Span + b.Lead
		b.Offset = b.firstLink + b.cushion
		b.windowStart, b.linkSum, b.linkN = now, 0, 0
		b.budget = b.CatchUp // what a client connected long since has
	}
	b.now, b.tick = now, tick
	b.follow(now, tick)
	target := now - b.Offset
	hold := b.holds()
	if b.Starve == StarveSource && b.CatchUp > 0 {
		// each tick grants a tick of movement time, kept up to the cap
		// (PhysicsSimulate, sv_maxusrcmdprocessticks)
		b.budget = min(b.budget+tick, b.CatchUp)
	}
	for b.cursor < target {
		if b.Queued() == 0 {
			starved = true
			if hold { // the cursor stays, the inputs are played when they come
				break
			}
			pose = b.repeat(pose, target, walls)
			break
		}
		h := &b.queue[b.head]
		begun := b.hasLast && b.last.Seq == h.Seq
		if h.T > b.cursor && hold && !begun {
			if h.T > target { // they may still come: hold
				starved = true
				break
			}
			// an input after them has come, so no copy of them will (its
			// packet repeated the last cmd_backup before it)
			switch b.Starve {
			case StarveSource:
				pose = b.lastCmd(pose, h, walls)
				continue
			case StarveWait: // skip their frames, their movement lost
				b.skip(h.Seq)
				b.cursor = h.T
				b.knot(pose)
				continue
			}
			// StarveUE: the move covers them (serverMove)
		}
		if b.Starve == StarveUE && !begun {
			b.serverMove(pose, h, now)
			if b.cursor >= target {
				break
			}
			begun = true
		}
		b.skip(h.Seq)                 // the ones before it never came
		if h.T > b.cursor && !begun { // a gap before it: its predecessors are missing
			pose = b.repeat(pose, min(h.T, target), walls)
			starved = true
			continue
		}
		if h.T < b.cursor && !begun { // part of its frame was played without it
			// late: the clock stays (one late input is not the link's
			// delay; the window's mean is, follow), its delay is its due
			// tick's, counted once
			if b.checked != h.Seq {
				b.checked = h.Seq
				b.Stats.Late++
				b.delay(h, now)
			}
			if h.End() <= b.cursor { // all of it: guessed (overplayed)
				b.Stats.Overplayed++
				b.pop()
				continue
			}
			if b.cursor >= target {
				break
			}
			b.Stats.Applied++
			begun = true
		}
		if !begun {
			b.Stats.Applied++
			b.Stats.DelaySum += now - h.End()
			b.Stats.DelayN++
		}
		to := min(h.End(), target)
		if spend := b.spendable(to); spend < to { // the budget refuses the rest
			if spend == b.cursor {
				b.refuse(h, to, pose)
				continue
			}
			to = spend
		}
		apply(&pose, h, b.cursor, to, walls)
		if to == h.End() {
			b.clientPos(&pose, h)
		}
		b.spend(to - b.cursor)
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
	return pose, starved
}

// Ahead is where pose would be once the queued inputs are played up to
// client time until (the last one repeated past the queue), without
// playing them: where a shot fired at until leaves from, as a server that
// runs each command's movement before its shot has it (Source's usercmd:
// movement, then buttons). A gap is bridged as Tick would bridge it
// (repeated, m_LastCmd run again, or covered by the next move, clamped);
// StarveSource's budget is left out (a shot's own command is paid for).
func (b *Buffer) Ahead(pose model.Pose, until model.Time, walls []model.Wall) model.Pose {
	if !b.anchored {
		return pose
	}
	cursor, last, has, next := b.cursor, b.last, b.hasLast, b.next
	hold := b.holds()
	for i := b.head; i < len(b.queue); i++ {
		h := &b.queue[i]
		if cursor >= until {
			break
		}
		if h.End() <= cursor {
			continue
		}
		gap := h.T > cursor && (!has || last.Seq != h.Seq)
		if gap && h.T > until && (b.Starve == StarveSource || b.Starve == StarveUE) {
			break // the gap's inputs may still come: Tick holds
		}
		if gap && has && (!hold || b.Starve == StarveSource && int(h.Seq-next) < LastCmdDropMax) {
			// the server would repeat the last (StarveRepeat's guess, Source's m_LastCmd)
			rep := last
			rep.Epoch, rep.Alive = int32(pose.Epoch), pose.Alive
			pose = Apply(pose, &rep, cursor, min(h.T, until), walls)
			cursor = min(h.T, until)
			if cursor >= until {
				break
			}
		}
		from := max(cursor, h.T)
		if b.Starve == StarveUE && (!has || last.Seq != h.Seq) { // a move covers the time since the last
			from = cursor
			if b.MaxMoveDelta > 0 {
				from = max(from, h.End()-b.MaxMoveDelta)
			}
		}
		to := min(h.End(), until)
		pose = Apply(pose, h, from, to, walls)
		cursor, last, has, next = to, *h, true, h.Seq+1
	}
	if cursor < until && has && !hold {
		rep := last
		rep.Epoch, rep.Alive = int32(pose.Epoch), pose.Alive
		pose = Apply(pose, &rep, cursor, until, walls)
	}
	return pose
}

// holds reports whether the pawn waits when the queue is dry or a gap
// lies ahead (every mode but StarveRepeat, the zero value's).
func (b *Buffer) holds() bool {
	return b.Starve == StarveWait || b.Starve == StarveSource || b.Starve == StarveUE
}

// spendable is how far toward to the tick's movement budget lets the
// cursor go: to itself but under StarveSource with a cap.
func (b *Buffer) spendable(to model.Time) model.Time {
	if b.Starve != StarveSource || b.CatchUp <= 0 {
		return to
	}
	return min(to, b.cursor+b.budget)
}

// spend takes d of movement time from the budget (StarveSource).
func (b *Buffer) spend(d model.Time) {
	if b.Starve == StarveSource && b.CatchUp > 0 {
		b.budget = max(0, b.budget-d)
	}
}

// refuse is the budget's refusal of input h's frame up to to: the cursor
// moves there and the pawn stays (RunCommand ignores a command the
// budget cannot pay for); h is counted capped once.
func (b *Buffer) refuse(h *Input, to model.Time, pose model.Pose) {
	if b.capped != h.Seq {
		b.capped = h.Seq
		b.Stats.Capped++
	}
	b.Stats.CappedTime += to - b.cursor
	b.cursor = to
	b.knot(pose)
	b.last, b.hasLast = *h, true
	if to == h.End() {
		b.pop()
	}
}

// lastCmd is Source's answer to a gap before input h (its predecessors
// never came): m_LastCmd, the last command run, is run again for each
// missing command when fewer than LastCmdDropMax are missing, within the
// tick's budget (the time it refuses is counted capped); a longer gap is
// skipped, its movement lost. Either way the cursor ends at h's frame.
func (b *Buffer) lastCmd(pose model.Pose, h *Input, walls []model.Wall) model.Pose {
	missing := int(h.Seq - b.next)
	b.skip(h.Seq)
	if missing >= LastCmdDropMax || !b.hasLast {
		b.cursor = h.T
		b.knot(pose)
		return pose
	}
	b.Stats.Replayed += missing
	to := b.spendable(h.T)
	rep := b.last
	rep.Epoch, rep.Alive = int32(pose.Epoch), pose.Alive // a replay moves and aims, never respawns
	apply(&pose, &rep, b.cursor, to, walls)
	b.spend(to - b.cursor)
	b.Stats.CappedTime += h.T - to
	b.cursor = h.T
	b.knot(pose)
	return pose
}

// serverMove begins Unreal's ServerMove of input h: its delta is the
// client time since the last move played (a gap before it included), at
// most MaxMoveDelta; the time before that is not moved (the cursor moves
// past it, the pawn stays), counted clamped. h is then being played.
func (b *Buffer) serverMove(pose model.Pose, h *Input, now model.Time) {
	b.skip(h.Seq)
	if d := h.End() - b.cursor; b.MaxMoveDelta > 0 && d > b.MaxMoveDelta {
		b.Stats.Clamped++
		b.Stats.ClampedTime += d - b.MaxMoveDelta
		b.cursor = h.End() - b.MaxMoveDelta
		b.knot(pose)
	}
	b.Stats.Applied++
	b.Stats.DelaySum += now - h.End()
	b.Stats.DelayN++
	b.last, b.hasLast = *h, true
}

// clientPos is the server's check of the position the client reported
// with input h, which the server has just played whole (Unreal's
// ServerMoveHandleClientError): within MaxPosError of the server's own
// the client's is adopted ("the server will allow a certain amount of
// error"), counted accepted; beyond it the server keeps its own, which
// its next snapshot sends back (ClientAdjustPosition) for the client to
// reset to and replay from, counted adjusted. A teleport's or a death's
// input (another epoch or life than the pawn's) is not checked.
func (b *Buffer) clientPos(pose *model.Pose, h *Input) {
	if b.MaxPosError <= 0 || !h.HasPos || int32(pose.Epoch) != h.Epoch || pose.Alive != h.Alive {
		return
	}
	if pose.Pos.Dist(h.Pos) <= b.MaxPosError {
		pose.Pos = h.Pos
		b.Stats.PosAccepted++
		return
	}
	b.Stats.PosAdjusted++
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

// delay adds input h's delay to the mean: from the client frame that
// sampled it to the tick its frame was due on the clock (the first tick,
// on the grid of ref, whose client time passed its start), whether it
// came by then or not (a late one is counted late, and guessed when its
// whole frame was played without it). So the mean is the buffer's own
// delay, what its clock holds inputs for; how late the late ones were is
// not in it.
func (b *Buffer) delay(h *Input, ref model.Time) {
	due := ref
	if over := ref - b.Offset - h.T; b.tick > 0 && over > 0 {
		due -= (over - 1) / b.tick * b.tick
	}
	b.Stats.DelaySum += due - h.End()
	b.Stats.DelayN++
}

// follow ends a window of DrainWindow: the clock is set to the link's
// mean delay over the window (the packets that brought a new input),
// plus the cushion (Span + Lead). A clock above that drains at DrainPerTick (counted a drain when
// more than a tick: a spike absorbed, a latency that fell, a first input
// that came late); a clock below it moves back at once (a resync,
// input_resync, counted when more than a tick: the link's delay rose for
// a window, not one late input; a rise over windows in a row is one
// resync). A late input alone never moves the
// clock (Source runs a late usercmd when it comes; Overwatch's buffer
// plays its guess and resizes from what a while of inputs shows): each
// window moves it by the mean's change, so the clock holds inputs for the
// link's mean delay, not its tail. On a link whose delay never changes
// the mean is the first packet's and the clock never moves. A window no
// packet came in leaves the clock.
func (b *Buffer) follow(now, tick model.Time) {
	if now-b.windowStart >= DrainWindow {
		if b.linkN > 0 {
			target := b.cushion + b.linkSum/model.Time(b.linkN)
			d := b.Offset - target
			rose := -d > tick
			switch {
			case d > 0:
				b.owed = d
				if d > tick {
					b.Stats.Drains++
				}
			case d < 0:
				b.Offset, b.owed = target, 0
				if rose && !b.rising {
					b.Stats.Resyncs++
				}
			}
			b.rising = rose
		}
		b.windowStart, b.linkSum, b.linkN = now, 0, 0
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
