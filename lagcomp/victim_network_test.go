package lagcomp

import (
	"testing"

	"lagscope/lagcomp/netem"
)

// victim_network puts the victim on a profile as network puts the
// shooter: every victim_ link field becomes the profile's (none left at
// -1, as the shooter's), a victim_ key given with it refines it whatever
// the order written, and network alone leaves the victim as the shooter.
func TestVictimNetworkIsTheVictimsProfile(t *testing.T) {
	for _, name := range netem.ProfileNames() {
		c := Defaults()
		if err := Apply(&c, []Setting{{Key: "victim_jitter_ms", Value: "7"}, {Key: "victim_network", Value: name}, {Key: "network", Value: "lan"}}); err != nil {
			t.Fatal(err)
		}
		up, down := c.clientLinks(TargetPawn)
		w := withProfile(c.Up, name) // the profile, the trace keys kept as network keeps them
		w.JitterMs = 7
		if up != w || down != w {
			t.Errorf("%s: victim links %+v / %+v, want the profile with jitter 7: %+v", name, up, down, w)
		}
		lan := withProfile(c.Up, "lan")
		if c.Up != lan || c.Down != lan {
			t.Errorf("%s: victim_network moved the shooter's links: %+v", name, c.Up)
		}
	}
	c := Defaults()
	if err := Apply(&c, []Setting{{Key: "network", Value: "dialup"}}); err != nil {
		t.Fatal(err)
	}
	if up, _ := c.clientLinks(TargetPawn); up != c.Up {
		t.Errorf("network alone: the victim's link %+v, want the shooter's %+v", up, c.Up)
	}
	if err := Apply(&c, []Setting{{Key: "victim_network", Value: "moon"}}); err == nil {
		t.Error("victim_network=moon accepted")
	}
}
