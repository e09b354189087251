package compensation

import (
	"testing"

	"lagscope/model"
)

// None judges at the present whatever the command claims.
func TestNoneJudgesAtThePresent(t *testing.T) {
	sh := at(model.Ms(3000), model.Ms(2800))
	if rw := RewindTo(None, sh); rw.To != sh.Now || rw.HasClaimed || rw.Rules != nil {
		t.Errorf("none: %+v", rw)
	}
}
