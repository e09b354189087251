package burstcounter

// Archive is a bit stream in the manner of UE4's FArchive as NetSerialize
// sees it: the same NetSerialize code writes through a saving archive on
// the server and reads through a loading one on the client.
type Archive struct {
	loading bool
	buf     []byte
	pos     int  // bits written or read
	err     bool // a read ran past the end (ArIsError)
}

// NewWriter is an empty saving archive.
func NewWriter() *Archive { return &Archive{} }

// NewReader is a loading archive over bits written by a writer.
func NewReader(b []byte) *Archive { return &Archive{loading: true, buf: b} }

// IsLoading reports whether the archive reads (client) or writes (server).
func (a *Archive) IsLoading() bool { return a.loading }

// IsError reports whether a read ran past the end of the data.
func (a *Archive) IsError() bool { return a.err }

// NumBits is how many bits have been written or read.
func (a *Archive) NumBits() int { return a.pos }

// Bytes is what a writer holds, padded to whole bytes.
func (a *Archive) Bytes() []byte { return a.buf }

// SerializeBits writes or reads the low n bits of *v (n <= 32), least
// significant first, as FArchive::SerializeBits does.
func (a *Archive) SerializeBits(v *uint32, n int) {
	if a.loading {
		var x uint32
		for i := 0; i < n; i++ {
			if a.pos >= 8*len(a.buf) {
				a.err = true
				*v = 0
				return
			}
			x |= uint32(a.buf[a.pos/8]>>(a.pos%8)&1) << i
			a.pos++
		}
		*v = x
		return
	}
	for i := 0; i < n; i++ {
		if a.pos%8 == 0 {
			a.buf = append(a.buf, 0)
		}
		a.buf[a.pos/8] |= byte(*v>>i&1) << (a.pos % 8)
		a.pos++
	}
}

// SerializeBool writes or reads one bit.
func (a *Archive) SerializeBool(b *bool) {
	v := uint32(0)
	if *b {
		v = 1
	}
	a.SerializeBits(&v, 1)
	*b = v == 1
}

// SerializeUint16 writes or reads the low n bits of a uint16.
func (a *Archive) SerializeUint16(x *uint16, n int) {
	v := uint32(*x)
	a.SerializeBits(&v, n)
	*x = uint16(v)
}
