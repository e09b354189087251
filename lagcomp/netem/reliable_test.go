package netem

import (
	"slices"
	"testing"

	"lagscope/model"
)

// pkt is a packet on a test wire.
type pkt struct {
	deliver model.Time
	n       int // send order, for ties
	h       Header
	msgs    []Message[int]
	ackOnly bool
}

// pair is a connection between a (the server: a packet every tick) and b
// (the client: a packet only every bEvery, or when it owes one), over two
// emulated links, stepped in 5 ms ticks.
type pair struct {
	a, b       *Endpoint[int]
	ab, ba     *Link
	toA, toB   []pkt
	n          int
	bEvery     model.Time
	got        [][]int // b's deliveries per channel, in order
	gaveUp     []Message[int]
	explicitBA int        // packets b sent only to ack
	now        model.Time // the next tick to run
}

const step = 5 * model.Millisecond

func newPair(ab, ba LinkConfig, seed uint64, bEvery model.Time) *pair {
	rtt := model.MsF(ab.LatencyMs + ba.LatencyMs)
	return &pair{a: NewEndpoint[int](DefaultReliable(rtt)), b: NewEndpoint[int](DefaultReliable(rtt)),
		ab: NewLink(ab, seed, 1), ba: NewLink(ba, seed, 2), bEvery: bEvery, got: make([][]int, 4)}
}

func (p *pair) send(now model.Time, from *Endpoint[int], l *Link, to *[]pkt, ackOnly bool) {
	h, msgs := from.Outgoing(now)
	k, d1, d2 := l.Send(now)
	for _, d := range []model.Time{d1, d2}[:k] {
		p.n++
		*to = append(*to, pkt{deliver: d, n: p.n, h: h, msgs: msgs, ackOnly: ackOnly})
	}
}

// take removes and returns the packets delivered by now, in arrival order.
func take(q *[]pkt, now model.Time) []pkt {
	slices.SortFunc(*q, func(x, y pkt) int {
		if x.deliver != y.deliver {
			return int(x.deliver - y.deliver)
		}
		return x.n - y.n
	})
	i := 0
	for i < len(*q) && (*q)[i].deliver <= now {
		i++
	}
	out := slices.Clone((*q)[:i])
	*q = (*q)[i:]
	return out
}

// run steps the pair for d, calling queue at each tick.
func (p *pair) run(d model.Time, queue func(now model.Time)) {
	for until := p.now + d; p.now <= until; p.now += step {
		now := p.now
		for _, k := range take(&p.toB, now) {
			r := p.b.Incoming(now, k.h, k.msgs)
			for _, m := range r.Deliver {
				p.got[m.Channel] = append(p.got[m.Channel], m.Body)
			}
		}
		for _, k := range take(&p.toA, now) {
			p.a.Incoming(now, k.h, k.msgs)
		}
		if queue != nil {
			queue(now)
		}
		p.gaveUp = append(p.gaveUp, p.a.Poll(now)...)
		p.send(now, p.a, p.ab, &p.toB, false) // a snapshot every tick
		switch {
		case p.bEvery > 0 && now%p.bEvery == 0:
			p.send(now, p.b, p.ba, &p.toA, false)
		case p.b.NeedsPacket(now):
			p.explicitBA++
			p.send(now, p.b, p.ba, &p.toA, true)
		}
	}
}

// checkOrder asserts every channel delivered exactly want[ch], in order.
func checkOrder(t *testing.T, got, want [][]int) {
	t.Helper()
	for ch := range want {
		if !slices.Equal(got[ch], want[ch]) {
			t.Fatalf("channel %d delivered %v, want %v", ch, got[ch], want[ch])
		}
	}
}

// queueEvery puts message v on channel v%3 every 20 ms for the first
// count messages, and returns what each channel must deliver.
func queueEvery(p *pair, count int) (func(model.Time), [][]int) {
	want := make([][]int, 4)
	for v := 0; v < count; v++ {
		want[v%3] = append(want[v%3], v)
	}
	v := 0
	return func(now model.Time) {
		if now%(20*model.Millisecond) == 0 && v < count {
			p.a.Queue(uint8(v%3), v)
			v++
		}
	}, want
}

// Under loss, duplication and reordering every message arrives exactly
// once and in order within its channel.
func TestReliableInOrderUnderLossDupReorder(t *testing.T) {
	dupMsgs := 0
	for seed := uint64(1); seed <= 5; seed++ {
		bad := LinkConfig{LatencyMs: 30, JitterMs: 40, LossPct: 25, DupPct: 20, ReorderPct: 50}
		p := newPair(bad, bad, seed, 50*model.Millisecond)
		q, want := queueEvery(p, 200)
		p.run(12*model.Second, q)
		checkOrder(t, p.got, want)
		if len(p.gaveUp) != 0 || p.a.Unacked() != 0 {
			t.Fatalf("seed %d: %d given up, %d unacked", seed, len(p.gaveUp), p.a.Unacked())
		}
		s := p.b.Stats
		if p.a.Stats.Resends == 0 || s.DupPackets == 0 || s.StalePackets == 0 {
			t.Fatalf("seed %d: the link never lost, duplicated or reordered: a %+v b %+v", seed, p.a.Stats, s)
		}
		dupMsgs += s.DupMessages
	}
	if dupMsgs == 0 {
		t.Fatal("no resend ever arrived after its first copy: dedup untested")
	}
}

// A message whose packet is lost is resent one RTO after it was sent —
// not earlier, not at the next packet — and the resend says so.
func TestResendAfterRTO(t *testing.T) {
	link := LinkConfig{LatencyMs: 40}
	p := newPair(link, link, 1, 0)
	p.ab.SetConfig(LinkConfig{LatencyMs: 40, LossPct: 100})
	p.a.Queue(0, 7)
	rto := p.a.RTO()
	// initial RTO: srtt + 4 x rtt/4 + ack delay = 2 x 80 ms + 20 ms
	if rto != 180*model.Millisecond {
		t.Fatalf("initial RTO %v, want 180 ms", rto)
	}
	var sends []model.Time
	for now := model.Time(0); now <= 400*model.Millisecond; now += step {
		if _, msgs := p.a.Outgoing(now); len(msgs) > 0 {
			sends = append(sends, now)
			if msgs[0].Resends != len(sends)-1 || msgs[0].First != 0 {
				t.Fatalf("copy %d says resends %d, first %v", len(sends), msgs[0].Resends, msgs[0].First)
			}
		}
	}
	if want := []model.Time{0, 180 * model.Millisecond, 360 * model.Millisecond}; !slices.Equal(sends, want) {
		t.Fatalf("copies sent at %v, want %v", sends, want)
	}
}

// Retries are bounded: at 100 % loss a message is given up after
// MaxResends resends and one more timeout, and Poll names it.
func TestGiveUpIsCounted(t *testing.T) {
	dead := LinkConfig{LatencyMs: 10, LossPct: 100}
	p := newPair(dead, dead, 1, 0)
	p.a.Queue(2, 42)
	p.run(30*model.Second, nil)
	if len(p.gaveUp) != 1 || p.gaveUp[0].Body != 42 || p.gaveUp[0].Resends != DefaultReliable(0).MaxResends {
		t.Fatalf("gave up %+v", p.gaveUp)
	}
	if p.a.Stats.GaveUp != 1 || p.a.Unacked() != 0 {
		t.Fatalf("stats %+v, %d unacked", p.a.Stats, p.a.Unacked())
	}
}

// A message the sender gave up on does not block its channel for ever:
// the next message's Floor tells the receiver to stop waiting.
func TestGiveUpDoesNotBlockChannel(t *testing.T) {
	link := LinkConfig{LatencyMs: 10}
	p := newPair(link, link, 1, 20*model.Millisecond)
	p.ab.SetConfig(LinkConfig{LatencyMs: 10, LossPct: 100})
	p.a.Queue(0, 1)
	p.run(20*model.Second, nil)
	p.ab.SetConfig(link)
	p.a.Queue(0, 2)
	p.run(model.Second, nil)
	if !slices.Equal(p.got[0], []int{2}) || len(p.gaveUp) != 1 {
		t.Fatalf("delivered %v, gave up %d", p.got[0], len(p.gaveUp))
	}
}

// Acks ride the other side's traffic: a client that sends a packet every
// 10 ms never needs an ack packet of its own; a silent one sends one
// AckDelay after a reliable message arrives, and none for snapshots alone.
func TestAcksPiggyBack(t *testing.T) {
	link := LinkConfig{LatencyMs: 25}
	busy := newPair(link, link, 1, 10*model.Millisecond)
	q, want := queueEvery(busy, 20)
	busy.run(2*model.Second, q)
	checkOrder(t, busy.got, want)
	if busy.explicitBA != 0 || busy.a.Unacked() != 0 {
		t.Fatalf("busy client sent %d ack packets, %d unacked", busy.explicitBA, busy.a.Unacked())
	}

	silent := newPair(link, link, 1, 0)
	silent.run(model.Second, nil)
	if silent.explicitBA != 0 {
		t.Fatalf("snapshots alone made the client send %d acks", silent.explicitBA)
	}
	silent.a.Queue(0, 1)
	silent.run(model.Second, nil)
	if silent.explicitBA != 1 || silent.a.Unacked() != 0 || silent.a.Stats.Resends != 0 {
		t.Fatalf("silent client: %d ack packets, %d unacked, %d resends", silent.explicitBA, silent.a.Unacked(), silent.a.Stats.Resends)
	}
}

// Unreliable packets never wait for reliable ones: at 30 % loss with
// reliable traffic, every packet that arrives does so one base latency
// after it was sent (the link is jitter-free).
func TestUnreliableNeverWaits(t *testing.T) {
	lossy := LinkConfig{LatencyMs: 40, LossPct: 30}
	p := newPair(lossy, lossy, 3, 50*model.Millisecond)
	q, _ := queueEvery(p, 100)
	var late int
	for now := model.Time(0); now <= 5*model.Second; now += step {
		for _, k := range take(&p.toB, now) {
			if k.deliver%step != 40*model.Millisecond%step {
				late++
			}
			p.b.Incoming(now, k.h, k.msgs)
		}
		for _, k := range take(&p.toA, now) {
			p.a.Incoming(now, k.h, k.msgs)
		}
		q(now)
		p.a.Poll(now)
		h, msgs := p.a.Outgoing(now)
		if k, d, _ := p.ab.Send(now); k > 0 {
			if d != now+40*model.Millisecond {
				t.Fatalf("packet sent at %v delivered at %v: queued behind another", now, d)
			}
			p.toB = append(p.toB, pkt{deliver: d, h: h, msgs: msgs})
		}
		if now%(50*model.Millisecond) == 0 || p.b.NeedsPacket(now) {
			p.send(now, p.b, p.ba, &p.toA, false)
		}
	}
	if p.a.Stats.Resends == 0 {
		t.Fatal("nothing was resent: the test did not exercise loss")
	}
}

// The smoothed round trip converges on the true one (plus the ack wait of
// a client that only acks on its own packets), and the RTO follows it.
func TestRTTEstimate(t *testing.T) {
	link := LinkConfig{LatencyMs: 50}
	p := newPair(link, link, 1, 5*model.Millisecond)
	p.a = NewEndpoint[int](DefaultReliable(300 * model.Millisecond)) // a poor first guess
	q, _ := queueEvery(p, 100)
	p.run(3*model.Second, q)
	if s := p.a.SRTT(); s < 100*model.Millisecond || s > 106*model.Millisecond {
		t.Fatalf("srtt %v, want ~100 ms", s)
	}
	if r := p.a.RTO(); r > 140*model.Millisecond {
		t.Fatalf("RTO %v on a steady 100 ms link, want about an RTT plus the ack delay", r)
	}
}

// Same inputs, same packets: the endpoint is deterministic, and a clone
// runs on exactly as the original does.
func TestEndpointCloneRunsTheSame(t *testing.T) {
	bad := LinkConfig{LatencyMs: 30, JitterMs: 40, LossPct: 25, DupPct: 20, ReorderPct: 50}
	p := newPair(bad, bad, 9, 50*model.Millisecond)
	q, _ := queueEvery(p, 50)
	p.run(500*model.Millisecond, q)
	a2, b2 := p.a.Clone(), p.b.Clone()
	for now := model.Time(0); now < 2*model.Second; now += step {
		a2.Queue(1, 99)
		p.a.Queue(1, 99)
		h1, m1 := p.a.Outgoing(now)
		h2, m2 := a2.Outgoing(now)
		if h1 != h2 || len(m1) != len(m2) {
			t.Fatalf("clone diverged at %v: %+v vs %+v", now, h1, h2)
		}
		r1 := p.b.Incoming(now, h1, m1)
		r2 := b2.Incoming(now, h2, m2)
		if len(r1.Deliver) != len(r2.Deliver) {
			t.Fatalf("clone delivered %d vs %d", len(r2.Deliver), len(r1.Deliver))
		}
	}
}

// BenchmarkEndpoint is one packet each way through the layer with a
// reliable message in flight most of the time: the per-packet cost the
// simulation pays (a server tick sends a packet per client).
func BenchmarkEndpoint(b *testing.B) {
	a, c := NewEndpoint[int](DefaultReliable(80*model.Millisecond)), NewEndpoint[int](DefaultReliable(80*model.Millisecond))
	type inFlight struct {
		at   model.Time
		h    Header
		msgs []Message[int]
	}
	var toC, toA []inFlight
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		now := model.Time(i) * 5 * model.Millisecond
		if i%4 == 0 {
			a.Queue(uint8(i%3), i)
		}
		h, m := a.Outgoing(now)
		toC = append(toC, inFlight{now + 40*model.Millisecond, h, m})
		h, m = c.Outgoing(now)
		toA = append(toA, inFlight{now + 40*model.Millisecond, h, m})
		for len(toC) > 0 && toC[0].at <= now {
			c.Incoming(now, toC[0].h, toC[0].msgs)
			toC = toC[1:]
		}
		for len(toA) > 0 && toA[0].at <= now {
			a.Incoming(now, toA[0].h, toA[0].msgs)
			toA = toA[1:]
		}
		a.Poll(now)
	}
}
