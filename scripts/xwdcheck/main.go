// Command xwdcheck reads an X window dump (xwd -root) and fails unless it
// shows a live lagscope window: many colours, and the legend's red
// (client saw) and blue (server used). The window smoke test uses it.
package main

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: xwdcheck FILE.xwd")
		os.Exit(2)
	}
	data, err := os.ReadFile(os.Args[1])
	if err == nil {
		err = check(data)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "xwdcheck:", err)
		os.Exit(1)
	}
}

// check decodes a ZPixmap, 32 bits per pixel, as Xvfb's 24-bit screens
// dump, and counts colours.
func check(d []byte) error {
	if len(d) < 100 {
		return errors.New("too short for an XWD header")
	}
	u := func(i int) uint32 { return binary.BigEndian.Uint32(d[4*i:]) }
	headerSize, format, width, height := u(0), u(2), int(u(4)), int(u(5))
	byteOrder, bpp, bpl, ncolors := u(7), u(11), int(u(12)), int(u(19))
	if format != 2 || bpp != 32 {
		return fmt.Errorf("format %d, %d bpp: want ZPixmap, 32 bpp", format, bpp)
	}
	off := int(headerSize) + 12*ncolors
	if off+bpl*height > len(d) {
		return errors.New("truncated pixels")
	}
	colours := map[uint32]bool{}
	red, blue := 0, 0
	for y := 0; y < height; y++ {
		row := d[off+y*bpl:]
		for x := 0; x < width; x++ {
			px := row[4*x : 4*x+4]
			var r, g, b byte
			if byteOrder == 0 { // LSBFirst: B G R x
				b, g, r = px[0], px[1], px[2]
			} else {
				r, g, b = px[1], px[2], px[3]
			}
			colours[uint32(r)<<16|uint32(g)<<8|uint32(b)] = true
			if r > 200 && g < 90 && b < 90 {
				red++
			}
			if r < 60 && g > 110 && g < 160 && b > 200 {
				blue++
			}
		}
	}
	fmt.Printf("xwdcheck: %dx%d, %d colours, %d red and %d blue pixels\n", width, height, len(colours), red, blue)
	if len(colours) < 50 || red < 50 || blue < 50 {
		return errors.New("the screen looks blank: no lagscope panes with their legend")
	}
	return nil
}
