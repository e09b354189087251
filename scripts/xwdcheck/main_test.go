package main

import (
	"encoding/binary"
	"testing"
)

// xwd builds a 32 bpp ZPixmap dump whose pixels come from px.
func xwd(w, h int, px func(x, y int) (r, g, b byte)) []byte {
	hdr := make([]byte, 100)
	put := func(i int, v uint32) { binary.BigEndian.PutUint32(hdr[4*i:], v) }
	put(0, 100)
	put(2, 2)
	put(4, uint32(w))
	put(5, uint32(h))
	put(11, 32)
	put(12, uint32(4*w))
	data := append([]byte(nil), hdr...)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			r, g, b := px(x, y)
			data = append(data, b, g, r, 0)
		}
	}
	return data
}

func TestBlankScreenFails(t *testing.T) {
	if check(xwd(100, 100, func(int, int) (byte, byte, byte) { return 0, 0, 0 })) == nil {
		t.Fatal("a black screen passed")
	}
}

func TestPanesPass(t *testing.T) {
	img := xwd(100, 100, func(x, y int) (byte, byte, byte) {
		switch {
		case y < 10:
			return 0xe5, 0x39, 0x35 // client red
		case y < 20:
			return 0x1e, 0x88, 0xe5 // server blue
		}
		return byte(x), byte(y), 40
	})
	if err := check(img); err != nil {
		t.Fatal(err)
	}
	if check(img[:150]) == nil {
		t.Fatal("truncated dump passed")
	}
}
