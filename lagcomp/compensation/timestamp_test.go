package compensation

import (
	"slices"
	"testing"

	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// UT2003's stamps: each shot's own, or in start_fire mode the StartFire's
// advanced by the server time since; none without a StartFire; the
// present for a stamp not positive.
func TestTimestampRewindsToTheStamp(t *testing.T) {
	sf := &StartFire{}
	shot := func(now model.Time, tm Timing) Rewind {
		sh := Shot{Now: now, Timing: tm, Conn: Conn{StartFire: sf}, Settings: settings()}
		return RewindTo(Timestamp, sh)
	}
	check := func(name string, rw Rewind, to, claimed model.Time, has bool, rules ...rule.Rule) {
		t.Helper()
		if rw.To != to || rw.Claimed != claimed || rw.HasClaimed != has || !slices.Equal(rw.Rules, rules) {
			t.Errorf("%s: got to %v claimed %v (%v) %v, want to %v claimed %v (%v) %v", name, rw.To, rw.Claimed, rw.HasClaimed, rw.Rules, to, claimed, has, rules)
		}
	}
	ms := model.Ms
	check("no StartFire seen", shot(ms(1000), Timing{}), ms(1000), ms(1000), false, rule.NoStartFire)
	check("own stamp", shot(ms(1000), Timing{Stamp: ms(880), HasStamp: true}), ms(880), ms(880), true)
	check("StartFire", shot(ms(2000), Timing{Stamp: ms(1850), HasStamp: true, StartFire: true}), ms(1850), ms(1850), true)
	if *sf != (StartFire{Stamp: ms(1850), At: ms(2000), Seen: true}) {
		t.Errorf("StartFire not remembered: %+v", *sf)
	}
	check("advanced", shot(ms(2090), Timing{}), ms(1940), ms(1940), true, rule.StampAdvanced)
	check("not positive", shot(ms(50), Timing{Stamp: -ms(10), HasStamp: true}), ms(50), -ms(10), true, rule.StampNotPositive)
}
