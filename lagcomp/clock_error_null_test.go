package lagcomp

import (
	"math"
	"strconv"
	"testing"

	"lagscope/model"
)

// A shot that carries no stamp has no clock error: in the modes that read
// no client time (ping, none, client) a client clock 150 ms off gave every
// shot clock_error_ms 150 and the summary a mean of 153 ms, every
// claimed_stamp_ms null. Its clock error is now absent, and the summary's
// clock figures have no value, over 0 shots; in the stamping modes every
// judged shot has one and the figures are over all of them.
func TestClockErrorIsNullWithoutAStamp(t *testing.T) {
	for _, mode := range []string{"ping", "none", "client", "timestamp", "source"} {
		for seed := 1; seed <= 2; seed++ {
			s := runKeys(t, 6*model.Second, map[string]string{"mode": mode, "seed": strconv.Itoa(seed),
				"clock_sync": "none", "clock_offset_ms": "150"})
			stamps := mode == "timestamp" || mode == "source"
			judged, sum := 0, 0.0
			for i := range s.Shots.Len() {
				r := s.Shots.At(i)
				if r.HasClockError != stamps {
					t.Errorf("%s seed %d shot %d: has a clock error %v (%v), want %v", mode, seed, r.Seq, r.HasClockError, r.ClockError, stamps)
				}
				if r.Outcome == OutcomeJudged {
					judged++
					sum += r.ClockError.Millis()
				}
			}
			got := s.Summary()
			if judged < 5 {
				t.Fatalf("%s seed %d: %d judged shots, want several", mode, seed, judged)
			}
			if !stamps {
				if got.ClockErrorShots != 0 || !math.IsNaN(got.MeanClockErrorMs) || !math.IsNaN(got.MaxClockErrorMs) {
					t.Errorf("%s seed %d: clock figures over %d shots, mean %v, largest %v: want none (no shot carries a stamp)", mode, seed, got.ClockErrorShots, got.MeanClockErrorMs, got.MaxClockErrorMs)
				}
				continue
			}
			if got.ClockErrorShots != judged || got.ClockErrorShots != got.Shots || math.Abs(got.MeanClockErrorMs-sum/float64(judged)) > 1e-9 || got.MeanClockErrorMs < 140 {
				t.Errorf("%s seed %d: clock figures over %d of %d judged shots, mean %v (records: %v)", mode, seed, got.ClockErrorShots, judged, got.MeanClockErrorMs, sum/float64(judged))
			}
		}
	}
}

// The summary's clock mean skips the shots without a stamp and counts
// the ones it is over: folded by hand, two stamped shots (10 and 30 ms)
// and three without (their ClockError left at a value that would move
// the mean) give a mean of 20 over 2, a largest of 30.
func TestClockMeanSkipsShotsWithoutAStamp(t *testing.T) {
	var tally shotTally
	for i, c := range []struct {
		ms  float64
		has bool
	}{{10, true}, {500, false}, {30, true}, {-900, false}, {70, false}} {
		tally.add(&ShotRecord{Seq: uint32(i + 1), Outcome: OutcomeJudged, ClockError: model.MsF(c.ms), HasClockError: c.has})
	}
	got := tally.summary()
	if got.Shots != 5 || got.ClockErrorShots != 2 || got.MeanClockErrorMs != 20 || got.MaxClockErrorMs != 30 {
		t.Errorf("5 judged shots, 2 stamped (10, 30 ms): clock figures over %d of %d, mean %v, largest %v; want over 2, 20, 30",
			got.ClockErrorShots, got.Shots, got.MeanClockErrorMs, got.MaxClockErrorMs)
	}
}
