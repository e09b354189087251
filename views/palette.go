package views

import "image/color"

// The colour convention every pane and screenshot shares, as Source's
// impact display taught users: red is what the client saw, blue what the
// server used; grey history, yellow traces; green the authoritative
// projectile, magenta the fake one.
var (
	ClientRed  = color.NRGBA{0xe5, 0x39, 0x35, 0xff}
	ServerBlue = color.NRGBA{0x1e, 0x88, 0xe5, 0xff}
	TrailGrey  = color.NRGBA{0x9e, 0x9e, 0x9e, 0xff}
	TraceYellw = color.NRGBA{0xfd, 0xd8, 0x35, 0xff}
	AuthGreen  = color.NRGBA{0x43, 0xa0, 0x47, 0xff}
	FakeMagnta = color.NRGBA{0xd8, 0x1b, 0x60, 0xff}
	// VictimOrange is the shooter as the victim's client shows it: also
	// "a client saw", but not the shooter's view of the target that red
	// stands for, so it has its own colour.
	VictimOrange = color.NRGBA{0xfb, 0x8c, 0x00, 0xff}
)

// Palette is the background-dependent half of the colours: panes follow
// the app's light or dark theme and stay readable on both.
type Palette struct {
	Background, Grid, Wall, Text, Dim, Neutral, Panel color.NRGBA
	Trace                                             color.NRGBA // yellow, darkened on light backgrounds
	Victim                                            color.NRGBA // VictimOrange, darkened on light backgrounds
}

// Dark and Light are the two palettes.
var (
	Dark = Palette{
		Background: color.NRGBA{0x16, 0x18, 0x1d, 0xff}, Grid: color.NRGBA{0x26, 0x29, 0x30, 0xff},
		Wall: color.NRGBA{0x5c, 0x61, 0x6b, 0xff}, Text: color.NRGBA{0xec, 0xee, 0xf1, 0xff},
		Dim: color.NRGBA{0xbd, 0xc2, 0xc9, 0xff}, Neutral: color.NRGBA{0xf5, 0xf5, 0xf5, 0xff},
		Panel: color.NRGBA{0x0e, 0x10, 0x14, 0xe6}, Trace: TraceYellw, Victim: VictimOrange,
	}
	Light = Palette{
		Background: color.NRGBA{0xfa, 0xfa, 0xf7, 0xff}, Grid: color.NRGBA{0xe6, 0xe6, 0xe1, 0xff},
		Wall: color.NRGBA{0x8d, 0x8f, 0x94, 0xff}, Text: color.NRGBA{0x1b, 0x1d, 0x21, 0xff},
		Dim: color.NRGBA{0x46, 0x4a, 0x51, 0xff}, Neutral: color.NRGBA{0x30, 0x33, 0x38, 0xff},
		Panel: color.NRGBA{0xff, 0xff, 0xff, 0xe6}, Trace: color.NRGBA{0xc7, 0x9a, 0x00, 0xff},
		Victim: color.NRGBA{0xb8, 0x5e, 0x00, 0xff},
	}
)

// alpha is c with opacity a (0..1).
func alpha(c color.NRGBA, a float64) color.NRGBA {
	c.A = uint8(float64(c.A) * a)
	return c
}
