package picture

import (
	"image/color"
	"math"
	"testing"

	"github.com/sushigo/sushigo/engine"
)

// TestColoursTellKindsApart: any two card types can share a Party menu
// (a custom one, if no recommended menu has both), so every pair is drawn
// at least a clearly visible step apart (CIE76 ΔE ≥ 20). Nigiri and wasabi
// too: the rulebook's art gives them one yellow, but a table shows a
// wasabi waiting for its nigiri apart from the nigiri themselves.
func TestColoursTellKindsApart(t *testing.T) {
	kinds := engine.Kinds()
	for i, a := range kinds {
		for _, b := range kinds[i+1:] {
			if d := deltaE(kindColour[a], kindColour[b]); d < 20 {
				t.Errorf("%v and %v are %.1f apart (ΔE), under 20", a, b, d)
			}
		}
	}
}

// deltaE is the CIE76 distance of two sRGB colours in CIELAB (D65).
func deltaE(a, b color.RGBA) float64 {
	la, lb := cieLab(a), cieLab(b)
	return math.Sqrt((la[0]-lb[0])*(la[0]-lb[0]) + (la[1]-lb[1])*(la[1]-lb[1]) + (la[2]-lb[2])*(la[2]-lb[2]))
}

func cieLab(c color.RGBA) [3]float64 {
	lin := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	r, g, b := lin(c.R), lin(c.G), lin(c.B)
	x := (0.4124*r + 0.3576*g + 0.1805*b) / 0.95047
	y := 0.2126*r + 0.7152*g + 0.0722*b
	z := (0.0193*r + 0.1192*g + 0.9505*b) / 1.08883
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Cbrt(t)
		}
		return (24389.0/27*t + 16) / 116
	}
	return [3]float64{116*f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))}
}
