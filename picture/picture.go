// Package picture draws public views of a game as PNG images: the table
// and a round's scores. Its input is the engine's PublicView, which holds no
// card of any hand or of the draw pile, so no private card can reach an
// image. Drawing uses only our own shapes and the Go fonts; the same view
// gives the same bytes.
package picture

import (
	"bytes"
	"cmp"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"slices"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"github.com/sushigo/sushigo/engine"
)

// Palette of the page.
var (
	paper = color.RGBA{0xfb, 0xf7, 0xef, 0xff}
	ink   = color.RGBA{0x22, 0x22, 0x22, 0xff}
	faint = color.RGBA{0x8a, 0x84, 0x7a, 0xff}
	rule  = color.RGBA{0xe2, 0xdb, 0xcf, 0xff}
	white = color.RGBA{0xff, 0xff, 0xff, 0xff}
	back  = color.RGBA{0x5b, 0x3a, 0x29, 0xff} // a face-down card's back
)

// kindColour is each card type's background colour, from the rulebook art
// (../shared/rules/reference.md §3).
var kindColour = [...]color.RGBA{
	engine.KindNigiri:           rgb(0xF9C324),
	engine.KindWasabi:           rgb(0xF9C324),
	engine.KindMaki:             rgb(0xD31F2E),
	engine.KindTemaki:           rgb(0x75135F),
	engine.KindUramaki:          rgb(0xDBE82C),
	engine.KindTempura:          rgb(0xC188C9),
	engine.KindSashimi:          rgb(0xBCDE25),
	engine.KindDumpling:         rgb(0x6F93D2),
	engine.KindEel:              rgb(0x373190),
	engine.KindTofu:             rgb(0x67AB2E),
	engine.KindOnigiri:          rgb(0xD51B96),
	engine.KindEdamame:          rgb(0x87217B),
	engine.KindMisoSoup:         rgb(0x30837A),
	engine.KindChopsticks:       rgb(0xA3DFC7),
	engine.KindSoySauce:         rgb(0xEE8941),
	engine.KindTea:              rgb(0x97181F),
	engine.KindMenu:             rgb(0xEEE567),
	engine.KindSpoon:            rgb(0x4A4C4D),
	engine.KindSpecialOrder:     rgb(0xB0B0B0), // rainbow: drawn striped
	engine.KindTakeoutBox:       rgb(0xC3976D),
	engine.KindPudding:          rgb(0xF7A2B2),
	engine.KindGreenTeaIceCream: rgb(0x4FA2B4),
	engine.KindFruit:            rgb(0xF0666C),
}

func rgb(v uint32) color.RGBA {
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
}

// colourOf is k's colour, grey for a kind without one.
func colourOf(k engine.Kind) color.RGBA {
	if int(k) < len(kindColour) && kindColour[k].A != 0 {
		return kindColour[k]
	}
	return faint
}

// dark reports whether text on c should be white.
func dark(c color.RGBA) bool {
	return int(c.R)*299+int(c.G)*587+int(c.B)*114 < 140_000
}

// Faces are made once: parsing the fonts is the slow part.
var faces = sync.OnceValues(func() (map[string]font.Face, error) {
	out := map[string]font.Face{}
	for _, f := range []struct {
		name string
		ttf  []byte
		size float64
	}{
		{"title", gobold.TTF, 26}, {"name", gobold.TTF, 20}, {"body", goregular.TTF, 16},
		{"card", gobold.TTF, 15}, {"small", goregular.TTF, 13},
	} {
		ft, err := opentype.Parse(f.ttf)
		if err != nil {
			return nil, fmt.Errorf("picture: font: %w", err)
		}
		face, err := opentype.NewFace(ft, &opentype.FaceOptions{Size: f.size, DPI: 72, Hinting: font.HintingFull})
		if err != nil {
			return nil, fmt.Errorf("picture: font: %w", err)
		}
		out[f.name] = face
	}
	return out, nil
})

// canvas is an image being drawn.
type canvas struct {
	img   *image.RGBA
	faces map[string]font.Face
	r     vector.Rasterizer
}

func newCanvas(w, h int) (*canvas, error) {
	fs, err := faces()
	if err != nil {
		return nil, err
	}
	c := &canvas{img: image.NewRGBA(image.Rect(0, 0, w, h)), faces: fs}
	draw.Draw(c.img, c.img.Bounds(), image.NewUniform(paper), image.Point{}, draw.Src)
	return c, nil
}

// fill rasterises a path inside the box x, y, w, h only: a rasteriser the
// size of the whole image would cost the whole image for every shape.
func (c *canvas) fill(x, y, w, h float32, col color.Color, path func(r *vector.Rasterizer, ox, oy float32)) {
	x0, y0 := int(x)-1, int(y)-1
	x1, y1 := int(x+w)+2, int(y+h)+2
	c.r.Reset(x1-x0, y1-y0)
	path(&c.r, x-float32(x0), y-float32(y0))
	c.r.Draw(c.img, image.Rect(x0, y0, x1, y1), image.NewUniform(col), image.Point{})
}

// rect fills a rectangle with rounded corners of radius rad.
func (c *canvas) rect(x, y, w, h, rad float32, col color.Color) {
	c.fill(x, y, w, h, col, func(r *vector.Rasterizer, x, y float32) {
		k := rad * 0.4477 // control point offset for a quarter circle
		r.MoveTo(x+rad, y)
		r.LineTo(x+w-rad, y)
		r.CubeTo(x+w-k, y, x+w, y+k, x+w, y+rad)
		r.LineTo(x+w, y+h-rad)
		r.CubeTo(x+w, y+h-k, x+w-k, y+h, x+w-rad, y+h)
		r.LineTo(x+rad, y+h)
		r.CubeTo(x+k, y+h, x, y+h-k, x, y+h-rad)
		r.LineTo(x, y+rad)
		r.CubeTo(x, y+k, x+k, y, x+rad, y)
		r.ClosePath()
	})
}

// ellipse fills an ellipse centred at cx, cy.
func (c *canvas) ellipse(cx, cy, rx, ry float32, col color.Color) {
	c.fill(cx-rx, cy-ry, 2*rx, 2*ry, col, func(r *vector.Rasterizer, x, y float32) {
		cx, cy := x+rx, y+ry
		kx, ky := rx*0.5523, ry*0.5523
		r.MoveTo(cx+rx, cy)
		r.CubeTo(cx+rx, cy+ky, cx+kx, cy+ry, cx, cy+ry)
		r.CubeTo(cx-kx, cy+ry, cx-rx, cy+ky, cx-rx, cy)
		r.CubeTo(cx-rx, cy-ky, cx-kx, cy-ry, cx, cy-ry)
		r.CubeTo(cx+kx, cy-ry, cx+rx, cy-ky, cx+rx, cy)
		r.ClosePath()
	})
}

// text draws s with its baseline at x, y and returns its width.
func (c *canvas) text(face string, x, y int, col color.Color, s string) int {
	d := font.Drawer{Dst: c.img, Src: image.NewUniform(col), Face: c.faces[face], Dot: fixed.P(x, y)}
	d.DrawString(s)
	return (d.Dot.X - fixed.I(x)).Ceil()
}

// measure is s's width in face.
func (c *canvas) measure(face, s string) int { return font.MeasureString(c.faces[face], s).Ceil() }

// centred draws s centred on x.
func (c *canvas) centred(face string, x, y int, col color.Color, s string) {
	c.text(face, x-c.measure(face, s)/2, y, col, s)
}

// fit shortens s with "…" until it is at most w wide.
func (c *canvas) fit(face, s string, w int) string {
	if c.measure(face, s) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 1 && c.measure(face, string(r)+"…") > w {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}

func (c *canvas) png() ([]byte, error) {
	var b bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&b, paletted(c.img)); err != nil {
		return nil, fmt.Errorf("picture: encode: %w", err)
	}
	return b.Bytes(), nil
}

// paletted converts img to its 256 most used colours (ties by value, so
// the same image gives the same bytes), the rest to the nearest of those.
// A paletted PNG is a byte a pixel and is written without the per-row
// filter search, which is most of a full-colour PNG's cost. The page is
// large flat areas: every fill colour is among the most used; only the
// rarest anti-aliasing steps move to a neighbour.
func paletted(img *image.RGBA) image.Image {
	b := img.Bounds()
	key := func(p []uint8) uint32 { return uint32(p[0])<<16 | uint32(p[1])<<8 | uint32(p[2]) }
	counts := map[uint32]int{}
	last, run := ^uint32(0), 0
	for i := 0; i+3 < len(img.Pix); i += 4 {
		k := key(img.Pix[i : i+3])
		if k != last {
			if run > 0 {
				counts[last] += run
			}
			last, run = k, 0
		}
		run++
	}
	counts[last] += run
	type used struct {
		k uint32
		n int
	}
	all := make([]used, 0, len(counts))
	for k, n := range counts {
		all = append(all, used{k, n})
	}
	slices.SortFunc(all, func(a, b used) int { return cmp.Or(cmp.Compare(b.n, a.n), cmp.Compare(a.k, b.k)) })
	pal := make(color.Palette, 0, 256)
	index := make(map[uint32]uint8, len(all))
	for _, u := range all[:min(len(all), 256)] {
		index[u.k] = uint8(len(pal))
		pal = append(pal, color.RGBA{uint8(u.k >> 16), uint8(u.k >> 8), uint8(u.k), 0xff})
	}
	for _, u := range all[min(len(all), 256):] {
		index[u.k] = uint8(pal.Index(color.RGBA{uint8(u.k >> 16), uint8(u.k >> 8), uint8(u.k), 0xff}))
	}
	out := image.NewPaletted(b, pal)
	last = ^uint32(0)
	var idx uint8
	for y := range b.Dy() {
		row := img.Pix[y*img.Stride : y*img.Stride+4*b.Dx()]
		orow := out.Pix[y*out.Stride:]
		for x := range b.Dx() {
			if k := key(row[4*x : 4*x+3]); k != last {
				last, idx = k, index[k]
			}
			orow[x] = idx
		}
	}
	return out
}
