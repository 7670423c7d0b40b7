package picture

import (
	"image"
	"image/draw"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// glyphCache is a face that keeps each glyph it drew, by rune and the
// dot's fraction of a pixel: a table draws the same few dozen glyphs
// hundreds of times, and rasterising them was a tenth of its time. It
// belongs to one face set, so to one picture at a time.
type glyphCache struct {
	font.Face
	glyphs map[glyphKey]drawnGlyph
}

type glyphKey struct {
	r      rune
	fx, fy fixed.Int26_6
}

// drawnGlyph is a glyph drawn: its box from the dot's whole pixel, its mask
// (a copy: the face reuses its buffer) and its advance.
type drawnGlyph struct {
	box     image.Rectangle
	mask    *image.Alpha
	advance fixed.Int26_6
	ok      bool
}

// maxGlyphs bounds a face's cache: a few hundred KB of masks.
const maxGlyphs = 2048

func newGlyphCache(f font.Face) *glyphCache {
	return &glyphCache{Face: f, glyphs: map[glyphKey]drawnGlyph{}}
}

// Glyph is font.Face's, from the cache when it drew r at this fraction.
func (c *glyphCache) Glyph(dot fixed.Point26_6, r rune) (image.Rectangle, image.Image, image.Point, fixed.Int26_6, bool) {
	whole := image.Pt(dot.X.Floor(), dot.Y.Floor())
	k := glyphKey{r, dot.X & 63, dot.Y & 63}
	g, seen := c.glyphs[k]
	if !seen {
		dr, mask, maskp, advance, ok := c.Face.Glyph(dot, r)
		g = drawnGlyph{box: dr.Sub(whole), advance: advance, ok: ok}
		if ok {
			g.mask = image.NewAlpha(image.Rect(0, 0, dr.Dx(), dr.Dy()))
			draw.Draw(g.mask, g.mask.Rect, mask, maskp, draw.Src)
		}
		if len(c.glyphs) >= maxGlyphs {
			clear(c.glyphs) // names in many scripts: start again rather than grow
		}
		c.glyphs[k] = g
	}
	if !g.ok {
		return image.Rectangle{}, nil, image.Point{}, g.advance, false
	}
	return g.box.Add(whole), g.mask, image.Point{}, g.advance, true
}
