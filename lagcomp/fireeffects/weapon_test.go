package fireeffects

import (
	"testing"

	"lagscope/lagcomp/burstcounter"
	"lagscope/model"
)

// "Reliable but lossy" (../shared/sources/001_*): a lost update is not
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
