package netem

import "math/rand/v2"

// Clone is a deep copy of the link, random generators included (a PCG is
// two words: copied by value, the copy draws exactly what the original
// will), for the timeline's keyframes.
func (l *Link) Clone() *Link {
	c := *l
	src, spike := *l.src, *l.spikeSrc
	c.src, c.spikeSrc = &src, &spike
	c.rng, c.spikeRng = rand.New(c.src), rand.New(c.spikeSrc)
	return &c
}
