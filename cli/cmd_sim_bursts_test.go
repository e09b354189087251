package cli

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The fire-effects line of lagscope sim adds up as a reader checks it:
// shots = judged + culled + pending, judged = with an effect + without,
// effects = for judged shots + for pending or culled ones + extra, bogus
// within extra — on presets with loss, relevancy culling, bogus bursts
// and the auto-loop, several seeds, and runs cut short so bursts are
// pending. (It read "3 played for 4 shots … 2 pending".)
var burstLineRE = regexp.MustCompile(`^fire effects, \S+ \((naive|robust)\): (\d+) shots?: (\d+) judged \((\d+) with an effect, (\d+) without: (\d+) single shots? and (\d+) bursts? missed whole\), (\d+) culled, (\d+) pending; ` +
	`(\d+) effects? played: (\d+) for judged shots, (\d+) for pending or culled ones, (\d+) extra \((\d+) bogus\); [0-9.]+ bit/s` +
	`(; \d+ shots? merged into another's flash)?(; \d+ stale updates? dropped out of order)?$`)

func TestFireEffectsLineAddsUp(t *testing.T) {
	lines, pending, culled, extra := 0, 0, 0, 0
	for _, p := range []string{"burst-single-shot-loss", "burst-900rpm-jitter", "burst-relevancy", "burst-900rpm-autoloop"} {
		for _, run := range [][]string{{"--seed", "1"}, {"--seed", "2", "--duration", "1500ms"}, {"--seed", "3", "--duration", "4s", "--set", "down_loss_pct=30"}} {
			code, out, errs := runCLI(append([]string{"sim", "--preset", p}, run...)...)
			if code != 0 {
				t.Fatal(errs)
			}
			for _, l := range strings.Split(out, "\n") {
				if !strings.HasPrefix(l, "fire effects") {
					continue
				}
				m := burstLineRE.FindStringSubmatch(l)
				if m == nil {
					t.Fatalf("%s %v: %q is not in the line's form", p, run, l)
				}
				n := make([]int, len(m))
				for i := 2; i <= 14; i++ {
					n[i], _ = strconv.Atoi(m[i])
				}
				shots, judged, with, without, singles, bursts, cul, pend := n[2], n[3], n[4], n[5], n[6], n[7], n[8], n[9]
				effects, forJudged, forOthers, ext, bogus := n[10], n[11], n[12], n[13], n[14]
				if shots != judged+cul+pend || judged != with+without || effects != forJudged+forOthers+ext ||
					forJudged != with || bogus > ext || singles+bursts > without || forOthers < 0 {
					t.Errorf("%s %v: does not add up: %q", p, run, l)
				}
				lines++
				pending, culled, extra = pending+pend, culled+cul, extra+ext
			}
		}
	}
	if lines < 12 || pending == 0 || culled == 0 || extra == 0 {
		t.Fatalf("%d lines, %d pending, %d culled, %d extra: the test attacks too little", lines, pending, culled, extra)
	}
}
