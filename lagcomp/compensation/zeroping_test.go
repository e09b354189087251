package compensation

import (
	"testing"

	"lagscope/model"
)

// ZeroPing: the client judges, so the server rewinds nothing.
func TestClientJudgesAndNothingIsRewound(t *testing.T) {
	sh := at(model.Ms(3000), model.Ms(2800))
	if !For(ZeroPing).ClientJudges() {
		t.Fatal("client mode does not let the client judge")
	}
	if rw := RewindTo(ZeroPing, sh); rw.To != sh.Now || rw.HasClaimed || rw.Rules != nil {
		t.Errorf("client: %+v", rw)
	}
}
