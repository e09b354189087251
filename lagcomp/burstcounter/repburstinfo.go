package burstcounter

// The counter's range in each packing (MAX_BURST_COUNT_BYTE and
// MAX_BURST_COUNT_SHORT of the document).
const (
	MaxBurstCountByte  = 0x003f // 63 (6 bits)
	MaxBurstCountShort = 0x3fff // 16383 (14 bits)
)

// FRepBurstInfo is the document's robust burst counter: a ShotCounter
// that is incremented per shot and never reset, so a change always
// replicates after a shot even if firing has already stopped, and
// bIsFiring, so the client also learns when the burst ends.
//
// The fields are unexported as the document's are protected: only
// ShotFired and StoppedFiring change them. bCompressByte is a property of
// the weapon (EditDefaultsOnly), fixed when the struct is made.
type FRepBurstInfo struct {
	ShotCounter   uint16
	bIsFiring     bool
	bCompressByte bool
}

// NewRepBurstInfo is the construction-time value: counter 0, not firing.
func NewRepBurstInfo(bCompressByte bool) FRepBurstInfo {
	return FRepBurstInfo{bCompressByte: bCompressByte}
}

// maxCount is the largest counter value in this packing.
func (b FRepBurstInfo) maxCount() uint16 {
	if b.bCompressByte {
		return MaxBurstCountByte
	}
	return MaxBurstCountShort
}

// ShotFired sets bIsFiring and increments the counter, wrapping after the
// largest value the packing holds.
//
// The document writes (ShotCounter + 1) % MAX, which never reaches MAX
// itself (63 of a 6-bit field is unused) and makes its own NumShotsFired
// count one shot too many across the wrap (62 -> 0 is one shot, its
// formula says two). Wrapping after MAX uses every value of the field and
// makes NumShotsFired exact; the packing is unchanged.
func (b *FRepBurstInfo) ShotFired() {
	b.bIsFiring = true
	b.ShotCounter = (b.ShotCounter + 1) & b.maxCount()
}

// StoppedFiring clears bIsFiring and, unlike the naive counter, keeps the
// count.
func (b *FRepBurstInfo) StoppedFiring() { b.bIsFiring = false }

// WasShotFired reports whether shots were fired between other and b: the
// value itself does not matter, only that it changed.
func (b FRepBurstInfo) WasShotFired(other FRepBurstInfo) bool {
	return b.ShotCounter != other.ShotCounter
}

// HasBurstStopped reports whether the weapon is not firing.
func (b FRepBurstInfo) HasBurstStopped() bool { return !b.bIsFiring }

// IsFiring is bIsFiring, for records and views.
func (b FRepBurstInfo) IsFiring() bool { return b.bIsFiring }

// CompressByte is bCompressByte.
func (b FRepBurstInfo) CompressByte() bool { return b.bCompressByte }

// NumShotsFired is how many shots were fired since previous, as the
// document's utility: exact unless the counter went round its whole range
// (64 shots between two updates with bCompressByte), in which case it
// shows fewer, possibly none.
func (b FRepBurstInfo) NumShotsFired(previous FRepBurstInfo) uint16 {
	if !b.WasShotFired(previous) {
		return 0
	}
	if b.ShotCounter > previous.ShotCounter { // not wrapped
		return b.ShotCounter - previous.ShotCounter
	}
	diffFromMax := b.maxCount() - previous.ShotCounter // we just wrapped
	return b.ShotCounter + diffFromMax + 1
}

// NetSerialize packs the struct as the document does: bCompressByte in
// one bit, bIsFiring in one (the document's listing calls it
// bIsIncrementing), then the counter in 6 bits with bCompressByte or 14
// without: 8 or 16 bits in all. The receiver learns the width from the
// first bit. bOutSuccess is false when a read runs past the end.
func (b *FRepBurstInfo) NetSerialize(ar *Archive) (bOutSuccess bool) {
	ar.SerializeBool(&b.bCompressByte)
	ar.SerializeBool(&b.bIsFiring)
	width := 14
	if b.bCompressByte {
		width = 6
	}
	ar.SerializeUint16(&b.ShotCounter, width)
	return !ar.IsError()
}

// Bits is the size of the packed struct on the wire.
func (b FRepBurstInfo) Bits() int {
	if b.bCompressByte {
		return 8
	}
	return 16
}
