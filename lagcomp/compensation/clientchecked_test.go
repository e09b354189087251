package compensation

import (
	"math"
	"testing"

	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// client_checked's two defences, each attacked with analytic geometry: a
// target facing +x at (10, 0) (its body box 0.2 m deep, 0.35 m wide, its
// head circle ahead), the shooter at the origin aiming along +x. A
// claimed point beside the box passes while within the leeway of either
// box and is refused past it; a claimed point on the box but at an angle
// to the aim whose cosine is below view_dot_min is refused for that.
func TestClientCheckedRefusesClaimsOutsideItsDefences(t *testing.T) {
	present := model.Hitbox{Center: model.Vec{X: 10}}
	rewound := model.Hitbox{Center: model.Vec{X: 10, Y: 1}} // a metre to the side, where the server's estimate rewinds it
	aim := model.Vec{X: 1}
	side := func(y float64) model.Vec { return model.Vec{X: 10, Y: y} } // beside both boxes, along y
	for _, c := range []struct {
		name  string
		point model.Vec
		dir   model.Vec
		want  rule.Rule
	}{
		{"on the present box", model.Vec{X: 9.8}, aim, ""},
		{"0.4 m beside the present box's side (0.35 + 0.4)", side(-0.75), aim, ""},
		{"0.6 m beside it", side(-0.95), aim, rule.HitLeeway},
		{"0.45 m beyond the rewound box's far side (1 + 0.35 + 0.45)", side(1.8), aim, ""},
		{"0.55 m beyond it", side(1.9), aim, rule.HitLeeway},
		// on the present box's near face, aimed 37° off: cos 0.8 is the bound
		{"aim 36° off", model.Vec{X: 9.8}, model.Dir(36 * math.Pi / 180), ""},
		{"aim 38° off", model.Vec{X: 9.8}, model.Dir(38 * math.Pi / 180), rule.ViewDot},
		{"aim behind", model.Vec{X: 9.8}, model.Vec{X: -1}, rule.ViewDot},
	} {
		got := Check(Claim{Point: c.point, Dir: c.dir, Rewound: rewound, Present: present}, 0.5, 0.8)
		if got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// The box the claim is checked against is rewound by the server's own
// estimate, the measured round trip plus the interpolation delay,
// whatever the command claims of its time: a forged stamp buys nothing.
// With no measurement the present is used and named ping_unknown.
func TestClientCheckedRewindsByTheServersEstimate(t *testing.T) {
	sh := at(model.Ms(3000), model.Ms(1000)) // a stamp 2 s old: never read
	sh.Conn.Measured = ExactPing{Ms: 80, Known: true}
	if rw := RewindTo(ClientChecked, sh); rw.To != model.Ms(3000-80-100) || rw.HasClaimed || rw.Rules != nil {
		t.Errorf("measured 80 ms, interp 100 ms: %+v", rw)
	}
	sh.Conn.Measured.Known = false
	if rw := RewindTo(ClientChecked, sh); rw.To != sh.Now || len(rw.Rules) != 1 || rw.Rules[0] != rule.PingUnknown {
		t.Errorf("no measurement: %+v", rw)
	}
	if !For(ClientChecked).ClientJudges() || !ChecksClaims(ClientChecked) || ChecksClaims(ZeroPing) {
		t.Error("client_checked lets the client judge and checks it; client only lets it judge")
	}
}
