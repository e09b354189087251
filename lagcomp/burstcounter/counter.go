package burstcounter

import "fmt"

// Encoding is how the weapon's BurstCounter property is replicated.
type Encoding string

// The two encodings of the document.
const (
	Naive  Encoding = "naive"  // ShooterGame's int32, reset to 0 on stop
	Robust Encoding = "robust" // FRepBurstInfo, never reset, NetSerialized to 8 or 16 bits
)

// Encodings lists them in the order the UI offers them.
var Encodings = []Encoding{Naive, Robust}

// NaiveBits is the size of ShooterGame's int32 BurstCounter on the wire.
const NaiveBits = 32

// BurstCounter is the weapon's replicated BurstCounter property in one
// encoding: ShooterGame's `int32 BurstCounter` (Count) or the document's
// `FRepBurstInfo BurstCounter` (Info). Two values compare with ==, which
// is how the server decides whether the property changed.
type BurstCounter struct {
	Encoding Encoding
	Count    int32         // naive
	Info     FRepBurstInfo // robust
}

// NewBurstCounter is the property's construction-time value.
func NewBurstCounter(enc Encoding, bCompressByte bool) BurstCounter {
	return BurstCounter{Encoding: enc, Info: NewRepBurstInfo(bCompressByte)}
}

// HandleFireShot is the server firing one shot.
func (c *BurstCounter) HandleFireShot() {
	if c.Encoding == Naive {
		c.Count++
		return
	}
	c.Info.ShotFired()
}

// StopFire is the server's trigger release: the naive counter goes back to
// zero (losing the shot if no replication frame saw it); FRepBurstInfo only
// clears bIsFiring.
func (c *BurstCounter) StopFire() {
	if c.Encoding == Naive {
		c.Count = 0
		return
	}
	c.Info.StoppedFiring()
}

// Bits is the property's size on the wire.
func (c BurstCounter) Bits() int {
	if c.Encoding == Naive {
		return NaiveBits
	}
	return c.Info.Bits()
}

// Value is the replicated value as one number, for records and views:
// the naive count, or the robust ShotCounter.
func (c BurstCounter) Value() int {
	if c.Encoding == Naive {
		return int(c.Count)
	}
	return int(c.Info.ShotCounter)
}

// Firing reports whether the value says the weapon is firing.
func (c BurstCounter) Firing() bool {
	if c.Encoding == Naive {
		return c.Count > 0
	}
	return c.Info.bIsFiring
}

// Marshal packs the property for a packet: 32 bits for the int32, the
// NetSerialize layout for FRepBurstInfo.
func (c BurstCounter) Marshal() []byte {
	ar := NewWriter()
	if c.Encoding == Naive {
		v := uint32(c.Count)
		ar.SerializeBits(&v, NaiveBits)
	} else {
		c.Info.NetSerialize(ar)
	}
	return ar.Bytes()
}

// Unmarshal is the client reading a property of encoding enc from a
// packet; short data is an error, never a guess.
func Unmarshal(enc Encoding, b []byte) (BurstCounter, error) {
	c := BurstCounter{Encoding: enc}
	ar := NewReader(b)
	if enc == Naive {
		var v uint32
		ar.SerializeBits(&v, NaiveBits)
		c.Count = int32(v)
	} else {
		c.Info.NetSerialize(ar)
	}
	if ar.IsError() {
		return BurstCounter{}, fmt.Errorf("burst: %s BurstCounter needs more than the %d bits received", enc, 8*len(b))
	}
	return c, nil
}
