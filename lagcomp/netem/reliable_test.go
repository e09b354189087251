package netem

import (
	"math"
	"reflect"
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
	got        [][]int        // b's deliveries per channel, in order
	delivered  []Message[int] // b's deliveries, as they arrived
	lost       []string       // a's give-up rule, each time it fired
	gaveUp     []Message[int]
	explicitBA int        // packets b sent only to ack
	now        model.Time // the next tick to run
}

const step = 5 * model.Millisecond

func newPair(ab, ba LinkConfig, seed uint64, bEvery model.Time) *pair {
	return newStylePair(NAK, ab, ba, seed, bEvery)
}

// newStylePair is a pair of style: a's packet interval is the tick, b's
// bEvery (or the tick when b sends only when it must).
func newStylePair(style Style, ab, ba LinkConfig, seed uint64, bEvery model.Time) *pair {
	rtt := model.MsF(ab.LatencyMs + ba.LatencyMs)
	bInterval := bEvery
	if bInterval == 0 {
		bInterval = step
	}
	return &pair{a: NewEndpoint[int](DefaultReliable(style, rtt, step)), b: NewEndpoint[int](DefaultReliable(style, rtt, bInterval)),
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
			p.delivered = append(p.delivered, r.Deliver...)
		}
		for _, k := range take(&p.toA, now) {
			p.a.Incoming(now, k.h, k.msgs)
		}
		if queue != nil {
			queue(now)
		}
		if why, lost := p.a.ConnectionLost(now); lost {
			p.lost = append(p.lost, why)
			gone, _ := Reconnect(p.a, p.b)
			p.gaveUp = append(p.gaveUp, gone...)
		}
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
// once and in order within its channel, whatever the style.
func TestReliableInOrderUnderLossDupReorder(t *testing.T) {
	for _, style := range Styles() {
		dupMsgs := 0
		for seed := uint64(1); seed <= 5; seed++ {
			bad := LinkConfig{LatencyMs: 30, JitterMs: 40, LossPct: 25, DupPct: 20, ReorderPct: 50}
			p := newStylePair(style, bad, bad, seed, 50*model.Millisecond)
			q, want := queueEvery(p, 200)
			p.run(12*model.Second, q)
			// rto may lose the connection at this much loss (ENet's rule:
			// six losses in a row of one message); the others may not
			if (style != RTO && len(p.gaveUp) != 0) || p.a.Unacked() != 0 {
				t.Fatalf("%s seed %d: %d given up (%v), %d unacked", style, seed, len(p.gaveUp), p.lost, p.a.Unacked())
			}
			// every message not given up is delivered, once, in order
			for _, m := range p.gaveUp {
				want[m.Channel] = slices.DeleteFunc(want[m.Channel], func(v int) bool { return v == m.Body })
			}
			checkOrder(t, p.got, want)
			s := p.b.Stats
			if p.a.Stats.Resends == 0 || s.DupPackets == 0 || s.StalePackets == 0 {
				t.Fatalf("%s seed %d: the link never lost, duplicated or reordered: a %+v b %+v", style, seed, p.a.Stats, s)
			}
			dupMsgs += s.DupMessages
		}
		if dupMsgs == 0 {
			t.Fatalf("%s: no resend ever arrived after its first copy: dedup untested", style)
		}
	}
}

// lossyOneWay is a pair whose a -> b link loses lossPct of its packets,
// 40 ms each way, jitter-free, b acking every ack-eliciting packet at the
// tick it arrives; a sends a packet every tick (its packet interval) and
// queues a message every 20 ms for the first n.
func lossyOneWay(style Style, seed uint64, lossPct float64, n int) *pair {
	p := newStylePair(style, LinkConfig{LatencyMs: 40, LossPct: lossPct}, LinkConfig{LatencyMs: 40}, seed, 0)
	p.b.cfg.AckDelay = 0
	q, _ := queueEvery(p, n)
	p.run(msgs(n)*20*model.Millisecond+20*model.Second, q)
	return p
}

func msgs(n int) model.Time { return model.Time(n) }

// perLoss is the mean delay per lost copy over the messages that needed
// resends: the arriving copy's send time less the first copy's, over its
// resends.
func perLoss(p *pair) (mean float64, losses int) {
	var sum model.Time
	for _, m := range p.delivered {
		if m.Resends > 0 {
			sum += m.Sent - m.First
			losses += m.Resends
		}
	}
	return sum.Millis() / float64(losses), losses
}

// nak: each lost copy costs one round trip (80 ms) plus the wait for the
// next packet that gets through to reveal the gap — I/(1-p) on average
// with a packet every I = 5 ms at loss p — and never less than RTT + I.
// Checked on several seeds against the sampling bound of that mean.
func TestNakResendDelay(t *testing.T) {
	const p, interval, rtt = 0.2, 5.0, 80.0
	want := rtt + interval/(1-p)
	// the extra wait is I x (a geometric count - 1): sd I sqrt(p)/(1-p)
	sd := interval * math.Sqrt(p) / (1 - p)
	for seed := uint64(1); seed <= 4; seed++ {
		pr := lossyOneWay(NAK, seed, 100*p, 400)
		for _, m := range pr.delivered {
			if d := (m.Sent - m.First).Millis(); d < float64(m.Resends)*(rtt+interval)-1e-9 {
				t.Fatalf("seed %d: message %d arrived after %d resends %.1f ms late, under %d x (RTT + interval)", seed, m.ID, m.Resends, d, m.Resends)
			}
		}
		mean, n := perLoss(pr)
		if n < 50 || math.Abs(mean-want) > 4*sd/math.Sqrt(float64(n))+0.01 {
			t.Fatalf("seed %d: %.2f ms a loss over %d losses, want %.2f ± %.2f", seed, mean, n, want, 4*sd/math.Sqrt(float64(n)))
		}
		if pr.a.Stats.Naks == 0 || pr.a.Stats.Resends != n {
			t.Fatalf("seed %d: %d naks, %d resends, %d losses", seed, pr.a.Stats.Naks, pr.a.Stats.Resends, n)
		}
	}
}

// repeat: every packet carries the message until it is acked, so the copy
// that arrives is the first one the link did not drop: k lost packets in
// a row cost k packet intervals, P(k) = p^k (1-p). Checked on several
// seeds: every delay a whole number of intervals, the share of messages
// with none within its binomial bound, the mean I p/(1-p) within its
// sampling bound.
func TestRepeatResendDelay(t *testing.T) {
	const p, interval = 0.2, 5.0
	for seed := uint64(1); seed <= 4; seed++ {
		pr := lossyOneWay(Repeat, seed, 100*p, 400)
		n, first := len(pr.delivered), 0
		var sum float64
		for _, m := range pr.delivered {
			d := (m.Sent - m.First).Millis()
			if k := math.Round(d / interval); math.Abs(d-k*interval) > 1e-9 || int(k) != m.Resends {
				t.Fatalf("seed %d: message %d %.3f ms late after %d resends: not whole packet intervals", seed, m.ID, d, m.Resends)
			}
			if d == 0 {
				first++
			}
			sum += d
		}
		share, bound := float64(first)/float64(n), 4*math.Sqrt(p*(1-p)/float64(n))
		if n != 400 || math.Abs(share-(1-p)) > bound {
			t.Fatalf("seed %d: %d of %d arrived in their first copy, want %.2f ± %.3f", seed, first, n, 1-p, bound)
		}
		mean, want := sum/float64(n), interval*p/(1-p)
		if sd := interval * math.Sqrt(p) / (1 - p); math.Abs(mean-want) > 4*sd/math.Sqrt(float64(n)) {
			t.Fatalf("seed %d: mean delay %.3f ms, want %.3f", seed, mean, want)
		}
	}
}

// rto: a lost copy is resent when its timer runs out, and each further
// loss doubles the timer: on several seeds, every message resent twice or
// more shows gaps between its copies that double (to the tick).
func TestRTOResendDoubles(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		p := newStylePair(RTO, LinkConfig{LatencyMs: 40, LossPct: 40}, LinkConfig{LatencyMs: 40}, seed, 0)
		p.b.cfg.AckDelay = 0
		copies := map[uint32][]model.Time{}
		n := 0
		for p.now <= 30*model.Second {
			now := p.now
			for _, k := range take(&p.toB, now) {
				p.b.Incoming(now, k.h, k.msgs)
			}
			for _, k := range take(&p.toA, now) {
				p.a.Incoming(now, k.h, k.msgs)
			}
			if now%(200*model.Millisecond) == 0 && n < 100 {
				p.a.Queue(0, n)
				n++
			}
			h, msgs := p.a.Outgoing(now)
			for _, m := range msgs {
				copies[m.ID] = append(copies[m.ID], now)
			}
			if k, d, _ := p.ab.Send(now); k > 0 {
				p.toB = append(p.toB, pkt{deliver: d, h: h, msgs: msgs})
			}
			if p.b.NeedsPacket(now) {
				p.send(now, p.b, p.ba, &p.toA, true)
			}
			p.now += step
		}
		doubled := 0
		for id, at := range copies {
			for i := 2; i < len(at); i++ {
				g1, g2 := at[i-1]-at[i-2], at[i]-at[i-1]
				if g2 < 2*g1-step || g2 > 2*g1+step {
					t.Fatalf("seed %d: message %d sent at %v: the timer did not double", seed, id, at)
				}
				doubled++
			}
		}
		if doubled == 0 {
			t.Fatalf("seed %d: no timer doubled", seed)
		}
	}
}

// The first timer is RFC 6298's from the handshake's round trip R:
// SRTT = R, RTTVAR = R/2, RTO = R + 4 R/2 = 3R, with no ack delay added on
// top (the samples hold it); a lost message goes again at 3R, then 6R
// later.
func TestRTOFromHandshake(t *testing.T) {
	link := LinkConfig{LatencyMs: 40}
	p := newStylePair(RTO, link, link, 1, 0)
	p.ab.SetConfig(LinkConfig{LatencyMs: 40, LossPct: 100})
	p.a.Queue(0, 7)
	if rto := p.a.RTO(); rto != 240*model.Millisecond {
		t.Fatalf("initial RTO %v, want 3 x 80 ms", rto)
	}
	var sends []model.Time
	for now := model.Time(0); now <= 800*model.Millisecond; now += step {
		if _, msgs := p.a.Outgoing(now); len(msgs) > 0 {
			sends = append(sends, now)
			if msgs[0].Resends != len(sends)-1 || msgs[0].First != 0 {
				t.Fatalf("copy %d says resends %d, first %v", len(sends), msgs[0].Resends, msgs[0].First)
			}
		}
	}
	if want := []model.Time{0, 240 * model.Millisecond, 720 * model.Millisecond}; !slices.Equal(sends, want) {
		t.Fatalf("copies sent at %v, want %v", sends, want)
	}
}

// Karn's rule: the ack of a resent message is no round-trip sample, and
// the backed-off timer holds until a message acked at its first copy
// gives one. Without the rule (nak), the same ack moves the estimate.
func TestKarnsRule(t *testing.T) {
	for _, style := range []Style{RTO, NAK} {
		link := LinkConfig{LatencyMs: 40}
		p := newStylePair(style, link, link, 1, 10*model.Millisecond)
		p.a = NewEndpoint[int](DefaultReliable(style, 300*model.Millisecond, step)) // a poor first guess
		p.ab.SetConfig(LinkConfig{LatencyMs: 40, LossPct: 100})
		p.a.Queue(0, 1)
		p.run(5*model.Millisecond, nil) // the first copy is lost
		p.ab.SetConfig(link)
		p.run(3*model.Second, nil) // the resend is acked
		if p.a.Unacked() != 0 || p.a.Stats.Resends != 1 {
			t.Fatalf("%s: %d unacked, %d resends", style, p.a.Unacked(), p.a.Stats.Resends)
		}
		if style == NAK {
			if p.a.SRTT() == 300*model.Millisecond {
				t.Fatal("nak: the resend's ack gave no sample")
			}
			continue
		}
		if p.a.SRTT() != 300*model.Millisecond || p.a.RTO() != 1800*model.Millisecond {
			t.Fatalf("rto: after the resend's ack srtt %v, RTO %v: want 300 ms and the backed-off 1.8 s", p.a.SRTT(), p.a.RTO())
		}
		p.a.Queue(0, 2)
		p.run(model.Second, nil)
		if s := p.a.SRTT(); s >= 300*model.Millisecond || s < 250*model.Millisecond || p.a.RTO() >= 1800*model.Millisecond {
			t.Fatalf("rto: a clean sample left srtt %v, RTO %v", s, p.a.RTO())
		}
	}
}

// Each style's give-up rule, attacked with a dead link: nak closes when a
// channel holds 256 unacked messages (UE4's RELIABLE_BUFFER), repeat when
// a 65th is queued with 64 unacknowledged (Quake 3's command overflow),
// rto at ENet's timeout — here a 60 ms first timer expires at 60, 180,
// 420, 900, 1860, 3780 and 7620 ms: the seventh expiry is the first with
// the timer at its 32x limit and 5 s since the first. The rule fires
// once, Reconnect gives up every unacked message and counts it, and the
// receiver then waits for nothing the sender gave up.
func TestGiveUpRules(t *testing.T) {
	dead := LinkConfig{LatencyMs: 10, LossPct: 100}
	for _, c := range []struct {
		style Style
		n     int        // messages queued, one a tick
		at    model.Time // when the rule fires
	}{{NAK, 256, 255 * step}, {Repeat, 65, 64 * step}, {RTO, 1, 7620 * model.Millisecond}} {
		p := newStylePair(c.style, dead, LinkConfig{LatencyMs: 10}, 1, 0)
		p.a = NewEndpoint[int](DefaultReliable(c.style, 20*model.Millisecond, step))
		queued := 0
		q := func(now model.Time) {
			if queued < c.n {
				p.a.Queue(0, queued)
				queued++
			}
		}
		p.run(c.at-step, q)
		if len(p.lost) != 0 {
			t.Fatalf("%s: gave up early, at %v: %v", c.style, p.now, p.lost)
		}
		p.run(step, q)
		if len(p.lost) != 1 || len(p.gaveUp) != c.n || p.a.Stats.Lost != 1 || p.a.Stats.GaveUp != c.n || p.a.Unacked() != 0 {
			t.Fatalf("%s: by %v lost %v, gave up %d of %d, stats %+v", c.style, p.now, p.lost, len(p.gaveUp), c.n, p.a.Stats)
		}
		p.ab.SetConfig(LinkConfig{LatencyMs: 10})
		p.a.Queue(0, 1000)
		p.run(2*model.Second, nil)
		if !slices.Equal(p.got[0], []int{1000}) || len(p.lost) != 1 {
			t.Fatalf("%s: after the loss delivered %v, lost %v", c.style, p.got[0], p.lost)
		}
	}
}

// Copies of a lost connection's messages still on the wire are dropped
// where they arrive, and say so; the new connection's are delivered.
func TestReconnectDropsCopiesInFlight(t *testing.T) {
	link := LinkConfig{LatencyMs: 40}
	a, b := NewEndpoint[int](DefaultReliable(NAK, 80*model.Millisecond, step)), NewEndpoint[int](DefaultReliable(NAK, 80*model.Millisecond, step))
	_ = link
	a.Queue(0, 1)
	h, msgs := a.Outgoing(0)
	gone, _ := Reconnect(a, b)
	if len(gone) != 1 {
		t.Fatalf("gave up %d", len(gone))
	}
	a.Queue(0, 2)
	h2, msgs2 := a.Outgoing(step)
	r := b.Incoming(40*model.Millisecond, h, msgs)
	r2 := b.Incoming(45*model.Millisecond, h2, msgs2)
	if len(r.Deliver) != 0 || len(r.Abandoned) != 1 || len(r2.Deliver) != 1 || r2.Deliver[0].Body != 2 || b.Stats.Abandoned != 1 {
		t.Fatalf("old copy: %+v; new: %+v", r, r2)
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
	if silent.explicitBA == 0 || silent.a.Unacked() != 0 || silent.a.Stats.Resends != 0 {
		t.Fatalf("silent client: %d ack packets, %d unacked, %d resends", silent.explicitBA, silent.a.Unacked(), silent.a.Stats.Resends)
	}
}

// Unreliable packets never wait for reliable ones: at 30 % loss with
// reliable traffic, every packet that arrives does so one base latency
// after it was sent (the link is jitter-free).
func TestUnreliableNeverWaits(t *testing.T) {
	for _, style := range Styles() {
		lossy := LinkConfig{LatencyMs: 40, LossPct: 30}
		p := newStylePair(style, lossy, lossy, 3, 50*model.Millisecond)
		q, _ := queueEvery(p, 100)
		for now := model.Time(0); now <= 5*model.Second; now += step {
			for _, k := range take(&p.toB, now) {
				p.b.Incoming(now, k.h, k.msgs)
			}
			for _, k := range take(&p.toA, now) {
				p.a.Incoming(now, k.h, k.msgs)
			}
			q(now)
			h, msgs := p.a.Outgoing(now)
			if k, d, _ := p.ab.Send(now); k > 0 {
				if d != now+40*model.Millisecond {
					t.Fatalf("%s: packet sent at %v delivered at %v: queued behind another", style, now, d)
				}
				p.toB = append(p.toB, pkt{deliver: d, h: h, msgs: msgs})
			}
			if now%(50*model.Millisecond) == 0 || p.b.NeedsPacket(now) {
				p.send(now, p.b, p.ba, &p.toA, false)
			}
		}
		if p.a.Stats.Resends == 0 {
			t.Fatalf("%s: nothing was resent: the test did not exercise loss", style)
		}
	}
}

// The smoothed round trip converges on the true one (plus the ack wait of
// a client that only acks on its own packets), and the RTO follows it.
func TestRTTEstimate(t *testing.T) {
	link := LinkConfig{LatencyMs: 50}
	p := newStylePair(RTO, link, link, 1, 5*model.Millisecond)
	p.a = NewEndpoint[int](DefaultReliable(RTO, 300*model.Millisecond, step)) // a poor first guess
	q, _ := queueEvery(p, 100)
	p.run(3*model.Second, q)
	if s := p.a.SRTT(); s < 100*model.Millisecond || s > 106*model.Millisecond {
		t.Fatalf("srtt %v, want ~100 ms", s)
	}
	if r := p.a.RTO(); r > 130*model.Millisecond {
		t.Fatalf("RTO %v on a steady 100 ms link, want about an RTT", r)
	}
}

// Same inputs, same packets: the endpoint is deterministic, and a clone
// runs on exactly as the original does, in every style.
func TestEndpointCloneRunsTheSame(t *testing.T) {
	for _, style := range Styles() {
		bad := LinkConfig{LatencyMs: 30, JitterMs: 40, LossPct: 25, DupPct: 20, ReorderPct: 50}
		p := newStylePair(style, bad, bad, 9, 50*model.Millisecond)
		q, _ := queueEvery(p, 50)
		p.run(500*model.Millisecond, q)
		a2, b2 := p.a.Clone(), p.b.Clone()
		for now := model.Time(0); now < 2*model.Second; now += step {
			a2.Queue(1, 99)
			p.a.Queue(1, 99)
			h1, m1 := p.a.Outgoing(now)
			h2, m2 := a2.Outgoing(now)
			if h1 != h2 || len(m1) != len(m2) {
				t.Fatalf("%s: clone diverged at %v: %+v vs %+v", style, now, h1, h2)
			}
			r1 := p.b.Incoming(now, h1, m1)
			r2 := b2.Incoming(now, h2, m2)
			if len(r1.Deliver) != len(r2.Deliver) {
				t.Fatalf("%s: clone delivered %d vs %d", style, len(r2.Deliver), len(r1.Deliver))
			}
		}
	}
}

// Same seed, same run: two pairs built alike deliver the same copies at
// the same times, in every style.
func TestStylesDeterministic(t *testing.T) {
	for _, style := range Styles() {
		run := func() []Message[int] { return lossyOneWay(style, 5, 30, 100).delivered }
		a, b := run(), run()
		if len(a) != 100 || !slices.EqualFunc(a, b, func(x, y Message[int]) bool { return x == y }) {
			t.Fatalf("%s: two runs of one seed differ (%d, %d deliveries)", style, len(a), len(b))
		}
	}
}

// BenchmarkEndpoint is one packet each way through the layer with a
// reliable message in flight most of the time: the per-packet cost the
// simulation pays (a server tick sends a packet per client).
func BenchmarkEndpoint(b *testing.B) {
	a, c := NewEndpoint[int](DefaultReliable(NAK, 80*model.Millisecond, 5*model.Millisecond)), NewEndpoint[int](DefaultReliable(NAK, 80*model.Millisecond, 5*model.Millisecond))
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
	}
}

// A new connection (a rejoin's): every undelivered message of both ends
// is given up and returned — sent and unacked, or arrived but waiting
// behind a lost one — the packet numbers start again from 1 with no acks,
// the channels from their first message, the counts go on, and a packet
// of the old connection arriving later is dropped whole (its numbers
// would otherwise read as the new one's and its acks settle new messages).
func TestNewConnectionStartsAfresh(t *testing.T) {
	rtt := 80 * model.Millisecond
	a, b := NewEndpoint[int](DefaultReliable(NAK, rtt, step)), NewEndpoint[int](DefaultReliable(NAK, rtt, step))
	for i := 0; i < 20; i++ { // traffic both ways: packet numbers and acks move on
		h, m := a.Outgoing(model.Time(i) * step)
		b.Incoming(model.Time(i)*step+40*model.Millisecond, h, m)
		h, m = b.Outgoing(model.Time(i) * step)
		a.Incoming(model.Time(i)*step+40*model.Millisecond, h, m)
	}
	a.Queue(0, 1)
	a.Queue(0, 2)
	h1, m1 := a.Outgoing(30 * step) // carries 1 and 2: lost
	a.Queue(0, 3)
	h2, m2 := a.Outgoing(31 * step) // carries 3 (and 1, 2 again? nak waits): arrives, 3 waits behind 1
	r := b.Incoming(31*step+40*model.Millisecond, h2, m2)
	if len(r.Deliver) != 0 && r.Deliver[0].Body == 3 {
		t.Fatalf("3 delivered ahead of 1: %+v", r)
	}
	b.Queue(1, 7)
	hb, mb := b.Outgoing(32 * step) // in flight when the connection is replaced
	sentA, sentB := a.Stats.Packets, b.Stats.Packets
	fromA, fromB := NewConnection(a, b)
	ids := func(ms []Message[int]) (out []int) {
		for _, m := range ms {
			out = append(out, m.Body)
		}
		return out
	}
	if got := ids(fromA); !slices.Equal(got, []int{1, 2, 3}) || !slices.Equal(ids(fromB), []int{7}) {
		t.Fatalf("given up: from a %v, from b %v; want [1 2 3] and [7]", got, ids(fromB))
	}
	if a.Unacked() != 0 || b.Unacked() != 0 || a.Stats.GaveUp != 3 || b.Stats.GaveUp != 1 || a.Stats.Packets != sentA || b.Stats.Packets != sentB {
		t.Fatalf("after: unacked %d/%d, gave up %d/%d, packets %d/%d", a.Unacked(), b.Unacked(), a.Stats.GaveUp, b.Stats.GaveUp, a.Stats.Packets, b.Stats.Packets)
	}
	a.Measured(200 * model.Millisecond)
	if a.SRTT() != 200*model.Millisecond || a.RTO() != 600*model.Millisecond {
		t.Fatalf("the estimate from the new handshake: srtt %v, rto %v", a.SRTT(), a.RTO())
	}
	a.Queue(0, 4)
	h, m := a.Outgoing(40 * step)
	if h.Seq != 1 || h.Ack != 0 || h.AckBits != 0 || len(m) != 1 || m[0].ChanSeq != 1 || m[0].ID != 1 {
		t.Fatalf("the new connection's first packet: %+v %+v", h, m)
	}
	// the old connection's packets arrive late: dropped whole
	for _, old := range []struct {
		h Header
		m []Message[int]
		e *Endpoint[int]
	}{{h1, m1, b}, {hb, mb, a}} {
		if r := old.e.Incoming(41*step, old.h, old.m); !r.OldConnection || len(r.Deliver) != 0 || r.Acked != 0 || len(r.Abandoned) != len(old.m) {
			t.Fatalf("an old packet: %+v", r)
		}
	}
	if r := b.Incoming(41*step, h, m); r.OldConnection || len(r.Deliver) != 1 || r.Deliver[0].Body != 4 {
		t.Fatalf("the new connection's packet: %+v", r)
	}
	if b.Stats.OldPackets != 1 || a.Stats.OldPackets != 1 {
		t.Fatalf("old packets counted %d, %d", a.Stats.OldPackets, b.Stats.OldPackets)
	}
}

// Idle is a shortcut past ConnectionLost and NeedsPacket: whenever it
// says an end is idle, both give what they give an end with nothing to do
// (no loss, no packet needed) and change nothing. Held at every tick of
// every style under loss, duplication and reordering, right after the
// tick's messages were queued and its packets taken in.
func TestIdleIsNothingToDo(t *testing.T) {
	bad := LinkConfig{LatencyMs: 30, JitterMs: 20, LossPct: 15, DupPct: 5, ReorderPct: 10}
	for _, style := range Styles() {
		for seed := uint64(1); seed <= 3; seed++ {
			p := newStylePair(style, bad, bad, seed, 0)
			queue, _ := queueEvery(p, 40)
			idle, busy := 0, 0
			p.run(3*model.Second, func(now model.Time) {
				queue(now)
				for _, e := range []*Endpoint[int]{p.a, p.b} {
					if !e.Idle(now) {
						busy++
						continue
					}
					idle++
					c := e.Clone()
					why, lost := c.ConnectionLost(now)
					need := c.NeedsPacket(now)
					if lost || why != "" || need || !reflect.DeepEqual(c, e) {
						t.Fatalf("%s seed %d at %v: idle, but ConnectionLost %q %v, NeedsPacket %v, changed %v", style, seed, now, why, lost, need, !reflect.DeepEqual(c, e))
					}
				}
			})
			if idle == 0 || busy == 0 {
				t.Fatalf("%s seed %d: %d idle and %d busy checks: the test must see both", style, seed, idle, busy)
			}
		}
	}
	e := NewEndpoint[int](DefaultReliable(NAK, 50*model.Millisecond, step))
	if !e.Idle(0) {
		t.Fatal("a new endpoint is not idle")
	}
	if e.lost = "given up"; e.Idle(0) {
		t.Fatal("a lost connection with nothing queued is idle: ConnectionLost would report it")
	}
}

// acked returns at once when no packet in flight carried a message: held
// to the full walk (ackedFlight) on a copy of the endpoint at every packet
// taken in by either end of every style under loss, duplication and
// reordering — the same count and the same state after.
func TestAckedShortcutIsTheFullWalk(t *testing.T) {
	bad := LinkConfig{LatencyMs: 30, JitterMs: 20, LossPct: 15, DupPct: 5, ReorderPct: 10}
	for _, style := range Styles() {
		for seed := uint64(1); seed <= 3; seed++ {
			p := newStylePair(style, bad, bad, seed, 0)
			queue, _ := queueEvery(p, 40)
			short, full := 0, 0
			p.run(3*model.Second, func(now model.Time) {
				queue(now)
				for _, c := range []struct {
					e    *Endpoint[int]
					wire []pkt
				}{{p.a, p.toA}, {p.b, p.toB}} {
					for _, k := range c.wire {
						fast, slow := c.e.Clone(), c.e.Clone()
						if len(fast.flight) == 0 || k.h.Ack == 0 {
							short++
						} else {
							full++
						}
						if n, m := fast.acked(now, k.h), slow.ackedFlight(now, k.h); n != m || !reflect.DeepEqual(fast, slow) {
							t.Fatalf("%s seed %d at %v: acked %d, the full walk %d (state equal: %v)", style, seed, now, n, m, reflect.DeepEqual(fast, slow))
						}
					}
				}
			})
			if short == 0 || full == 0 {
				t.Fatalf("%s seed %d: %d headers taken the short way, %d the full: the test must see both", style, seed, short, full)
			}
		}
	}
}
