package fireeffects

import (
	"testing"

	"lagscope/lagcomp/burstcounter"
	"lagscope/model"
)

// "Reliable but lossy" (ShooterGame's BurstCounter article): a lost update is not
// resent as it was; once the server learns of the loss (a round trip
// later) the property's current value goes out. Relevancy closes the
// channel and a re-entry opens a new one.
func TestChannelResendsTheCurrentValueAfterALoss(t *testing.T) {
	ms := model.Millisecond
	rtt := 100 * ms
	w := NewServerWeapon(burstcounter.Naive, false)
	var ch WeaponChannel
	w.HandleFireShot()
	m := ch.Replicate(0, &w, true, w.BurstCounter.Marshal())
	if m == nil || !m.Open || !ch.Open() || m.Gen != 1 {
		t.Fatalf("the first update opens the channel: %+v", m)
	}
	ch.Sent(0, rtt, m, false)
	if m := ch.Replicate(50*ms, &w, true, nil); m != nil {
		t.Fatalf("nothing changed and no loss known yet, but %+v went out", m)
	}
	w.HandleFireShot()
	m = ch.Replicate(rtt, &w, true, w.BurstCounter.Marshal())
	if m == nil || ch.Resends != 1 || m.Value != w.BurstCounter || !m.Open {
		t.Fatalf("after the loss: %+v, %d resends; want the current value, still opening", m, ch.Resends)
	}
	ch.Sent(rtt, rtt, m, true)
	if m := ch.Replicate(2*rtt, &w, true, nil); m != nil || ch.Packets != 2 || ch.Lost != 1 {
		t.Fatalf("delivered and unchanged: %+v, %d packets, %d lost", m, ch.Packets, ch.Lost)
	}
	if m := ch.Replicate(3*rtt, &w, false, nil); m == nil || !m.Close || ch.Open() {
		t.Fatalf("culled: %+v", m)
	}
	if m := ch.Replicate(4*rtt, &w, true, nil); m == nil || !m.Open || m.Gen != 2 {
		t.Fatalf("relevant again: %+v", m)
	}
}

// A packet the client dropped for coming after a newer one (out of order)
// is a loss to the server: once it learns, the current value goes out
// again. A NAK for a copy of the actor since closed changes nothing.
func TestNakResendsTheCurrentValue(t *testing.T) {
	ms := model.Millisecond
	w := NewServerWeapon(burstcounter.Robust, true)
	var ch WeaponChannel
	w.HandleFireShot()
	m := ch.Replicate(0, &w, true, w.BurstCounter.Marshal())
	ch.Sent(0, 80*ms, m, true)
	w.HandleFireShot()
	m = ch.Replicate(30*ms, &w, true, w.BurstCounter.Marshal())
	ch.Sent(30*ms, 80*ms, m, true)
	ch.Nak(m.Gen, 150*ms) // the client dropped it at 110 ms; the server hears at 150
	if m := ch.Replicate(140*ms, &w, true, nil); m != nil {
		t.Fatalf("before the server hears of the drop: %+v", m)
	}
	m = ch.Replicate(150*ms, &w, true, w.BurstCounter.Marshal())
	if m == nil || m.Value != w.BurstCounter || ch.Resends != 1 || ch.Lost != 0 {
		t.Fatalf("after the NAK: %+v, %d resends, %d lost by the link", m, ch.Resends, ch.Lost)
	}
	ch.Sent(150*ms, 80*ms, m, true)
	ch.Nak(m.Gen-1, 200*ms) // an opening long gone
	if m := ch.Replicate(300*ms, &w, true, nil); m != nil {
		t.Fatalf("a NAK for another copy resent %+v", m)
	}
}
