package chart

import (
	"fmt"
	"image/color"
)

// Theme is the chart's colours: light for paper and bright rooms, dark
// for a slide deck on a dark background. The lines keep Okabe and Ito's
// colours in both, which stay apart for colour-blind readers and on a
// projector; only the one that would vanish into the background (black
// on dark) turns white.
type Theme struct {
	Name       string
	Background color.Color // the whole picture
	Ink        color.Color // titles, axes, labels
	Muted      color.Color // notes, "no value", the clamp strip's hatching
	Grid       color.Color
	Band       color.Color // the caption band at the bottom
	BandEdge   color.Color // its top edge
	Palette    []color.RGBA
}

// Light is black on white, the default.
var Light = Theme{Name: "light", Background: color.White, Ink: color.Black, Muted: color.Gray{0x33},
	Grid: color.Gray{0xe0}, Band: color.Gray{0xee}, BandEdge: color.Gray{0xbb}, Palette: Palette}

// Dark is near-white on near-black: the text keeps at least 12:1
// contrast, the grid stays faint.
var Dark = Theme{Name: "dark", Background: color.Gray{0x16}, Ink: color.Gray{0xf2}, Muted: color.Gray{0xc8},
	Grid: color.Gray{0x3a}, Band: color.Gray{0x26}, BandEdge: color.Gray{0x55},
	Palette: []color.RGBA{
		{0x56, 0xb4, 0xe9, 0xff}, {0xe6, 0x9f, 0x00, 0xff}, {0x00, 0x9e, 0x73, 0xff}, {0xcc, 0x79, 0xa7, 0xff},
		{0x00, 0x72, 0xb2, 0xff}, {0xd5, 0x5e, 0x00, 0xff}, {0xff, 0xff, 0xff, 0xff}, {0x99, 0x99, 0x99, 0xff},
	}}

// Themes are the themes by name, as --theme takes them.
var Themes = []Theme{Light, Dark}

// ThemeNamed is the theme called name ("light" or "dark").
func ThemeNamed(name string) (Theme, error) {
	for _, t := range Themes {
		if t.Name == name {
			return t, nil
		}
	}
	return Theme{}, fmt.Errorf("theme %q is not one of light, dark", name)
}
