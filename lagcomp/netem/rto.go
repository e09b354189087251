package netem

import "lagscope/model"

// rto resends as RFC 6298's retransmission timer does. Each message's
// timer starts at the connection's RTO (3R from the handshake's round
// trip R, then SRTT + max(G, 4 RTTVAR) as samples come); when it runs out
// the message is sent again and its timer doubles (5.5, "back off the
// timer"), up to MaxRTO. Karn's rule: an ack answering only resent copies
// gives no round-trip sample (in TCP it would not say which copy it
// answers), so a backed-off timer lasts until a clean sample. The
// give-up rule is ENet's (enet_protocol_check_timeouts), the game
// library built on such a timer: RFC 6298 states none.
type rto struct{}

func (rto) rides(c *conn, s *slot, now model.Time) bool { return rto{}.due(c, s, now) }
func (rto) due(_ *conn, s *slot, now model.Time) bool {
	return !s.sent || now-s.lastSent >= s.timeout
}

func (rto) sent(c *conn, s *slot, now model.Time, again bool) {
	if !again {
		s.timeout = c.rto
		s.limit = ENetTimeoutLimit * s.timeout
		return
	}
	rto{}.check(c, s, now)
	if c.lost == "" {
		s.timeout = min(2*s.timeout, c.cfg.MaxRTO)
		// the connection's timer stays backed off until a clean sample
		// (Karn): new messages start from it too
		c.rto = max(c.rto, s.timeout)
	}
}

// check: ENet disconnects the peer at an expired command when the
// earliest expiry not followed by an ack is ENetTimeoutMaximum old, or
// ENetTimeoutMinimum old and this command's timer has reached its limit.
func (rto) check(c *conn, s *slot, now model.Time) {
	if now-s.lastSent < s.timeout || c.lost != "" {
		return
	}
	if c.earliest < 0 || s.lastSent < c.earliest {
		c.earliest = s.lastSent
	}
	waited := now - c.earliest
	if waited >= ENetTimeoutMaximum || (s.timeout >= s.limit && waited >= ENetTimeoutMinimum) {
		c.lost = "timed out: a timer doubled to 32x with 5 s unacked, or 30 s"
	}
}

func (rto) missing(*slot)          {}
func (rto) queued(*conn, int, int) {}
func (rto) probes() bool           { return false }
func (rto) karn() bool             { return true }
