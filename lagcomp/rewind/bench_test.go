package rewind

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"lagscope/model"
)

// BenchmarkRewind compares the ring buffer's lookup by index arithmetic
// with the straight port of UT2003's linked-list scan, per lookup: the
// ring's cost must not depend on the trail's length.
func BenchmarkRewind(b *testing.B) {
	for _, trail := range []model.Time{400 * model.Millisecond, model.Second, 5 * model.Second} {
		for _, hz := range []int{64, 128} {
			h := NewHistory(trail, 4)
			legacy := &legacyPawn{maxTrailSeconds: trail}
			var now model.Time
			for n := int64(0); n < int64(hz)*(3+int64(trail/model.Second)); n++ {
				now = model.TickTime(n, hz)
				p := linearPose(now)
				h.Push(Sample{T: now, Pose: p}, 0)
				legacy.tick(now, p)
			}
			rng := rand.New(rand.NewPCG(1, 1))
			stamps := make([]model.Time, 1024)
			for i := range stamps {
				stamps[i] = now - model.Time(rng.Int64N(int64(trail)))
			}
			name := fmt.Sprintf("trail=%v/hz=%d", trail.Seconds(), hz)
			b.Run(name+"/ring", func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					// the port lerps yaw naively; compare like with like
					h.RewindTo(stamps[i&1023], Options{Rotation: LerpNaive})
				}
			})
			b.Run(name+"/linkedlist", func(b *testing.B) {
				live := linearPose(now)
				for i := 0; i < b.N; i++ {
					legacy.timeShift(stamps[i&1023], live)
				}
			})
		}
	}
}

// shotWorld is a server mid-game with n pawns and a full history.
