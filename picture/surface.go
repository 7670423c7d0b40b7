package picture

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/draw"

	"golang.org/x/image/vector"
)

// surface is what a canvas paints on. A picture that is sent is painted
// straight in the palette's indexes (indexedPage), a byte a pixel laid out
// as the PNG's rows: there is no full-colour page to fill, read back and
// look up again, which was half of a table picture's time. The specimens
// the palette is chosen from are painted in full colour (rgbaPage).
type surface interface {
	// paint fills r with the opaque colour col.
	paint(r image.Rectangle, col color.RGBA)
	// shape paints col over box where z's path covers it; z is box's size.
	shape(z *vector.Rasterizer, box image.Rectangle, col color.RGBA)
	// glyph paints col over r through mask, from mp (a glyph).
	glyph(r image.Rectangle, mask image.Image, mp image.Point, col color.RGBA)
	bounds() image.Rectangle
	// rgba is the page in full colour (a copy for an indexed page).
	rgba() *image.RGBA
	// release gives the page's memory back for the next picture.
	release()
}

// depth says which surface a picture is painted on.
type depth int

const (
	indexed    depth = iota // the palette's indexes: what is sent
	fullColour              // RGBA: the palette's specimens
)

func newSurface(d depth, w, h int) surface {
	if d == fullColour {
		return &rgbaPage{pages.get(w, h)}
	}
	return newIndexedPage(w, h)
}

// rgbaPage paints with image/draw and the rasteriser's own RGBA path.
type rgbaPage struct{ img *image.RGBA }

func (p *rgbaPage) paint(r image.Rectangle, col color.RGBA) {
	draw.Draw(p.img, r, image.NewUniform(col), image.Point{}, draw.Src)
}

func (p *rgbaPage) shape(z *vector.Rasterizer, box image.Rectangle, col color.RGBA) {
	z.Draw(p.img, box, image.NewUniform(col), image.Point{})
}

func (p *rgbaPage) glyph(r image.Rectangle, mask image.Image, mp image.Point, col color.RGBA) {
	draw.DrawMask(p.img, r, image.NewUniform(col), image.Point{}, mask, mp, draw.Over)
}

func (p *rgbaPage) bounds() image.Rectangle { return p.img.Rect }
func (p *rgbaPage) rgba() *image.RGBA       { return p.img }
func (p *rgbaPage) release()                { pages.put(p.img) }

// indexedPage is a page of palette indexes laid out as a PNG's rows: each
// row's filter byte (0, none), then its w indexes. A colour painted over
// part of a pixel (an edge, a glyph) is mixed with the palette colour
// already there and looked up in the palette's table, as the full-colour
// page's pixel was when it was made paletted.
type indexedPage struct {
	w, h int
	raw  []byte
	q    *fixedPalette
	mask image.Alpha // the rasteriser's coverage, reused shape to shape
}

func newIndexedPage(w, h int) *indexedPage {
	p := &indexedPage{w: w, h: h, raw: indexes.get((w + 1) * h), q: quantizer()}
	p.mask.Pix = *masks.get()
	for y := range h {
		p.raw[y*(w+1)] = 0 // filter: none
	}
	return p
}

func (p *indexedPage) bounds() image.Rectangle { return image.Rect(0, 0, p.w, p.h) }

// row is y's indexes, without the filter byte.
func (p *indexedPage) row(y int) []byte {
	return p.raw[y*(p.w+1)+1 : (y+1)*(p.w+1)]
}

func (p *indexedPage) paint(r image.Rectangle, col color.RGBA) {
	r = r.Intersect(p.bounds())
	if r.Empty() {
		return
	}
	first := p.row(r.Min.Y)[r.Min.X:r.Max.X]
	fillBytes(first, p.q.index(col))
	for y := r.Min.Y + 1; y < r.Max.Y; y++ {
		copy(p.row(y)[r.Min.X:r.Max.X], first)
	}
}

func (p *indexedPage) shape(z *vector.Rasterizer, box image.Rectangle, col color.RGBA) {
	w, h := box.Dx(), box.Dy()
	if cap(p.mask.Pix) < w*h {
		p.mask.Pix = make([]uint8, w*h)
	}
	p.mask.Pix, p.mask.Stride, p.mask.Rect = p.mask.Pix[:w*h], w, image.Rect(0, 0, w, h)
	// Src writes every pixel of the box: the mask needs no clearing.
	z.DrawOp = draw.Src
	z.Draw(&p.mask, p.mask.Rect, image.Opaque, image.Point{})
	p.over(box, &p.mask, image.Point{}, col)
}

func (p *indexedPage) glyph(r image.Rectangle, mask image.Image, mp image.Point, col color.RGBA) {
	a, ok := mask.(*image.Alpha)
	if !ok { // (our glyph cache's masks are Alpha; another face's may not be)
		a = image.NewAlpha(image.Rect(0, 0, r.Dx(), r.Dy()))
		draw.Draw(a, a.Rect, mask, mp, draw.Src)
		mp = image.Point{}
	}
	p.over(r, a, mp, col)
}

// over paints col over r, each pixel as much as mask covers it (mask's
// pixel at mp is r.Min's).
func (p *indexedPage) over(r image.Rectangle, mask *image.Alpha, mp image.Point, col color.RGBA) {
	clipped := r.Intersect(p.bounds())
	mp = mp.Add(clipped.Min.Sub(r.Min))
	r = clipped
	if r.Empty() {
		return
	}
	full := p.q.index(col)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		dst := p.row(y)[r.Min.X:r.Max.X]
		at := mask.PixOffset(mp.X, mp.Y+y-r.Min.Y)
		cover := mask.Pix[at : at+len(dst)]
		for i, a := range cover {
			switch {
			case a == 0:
			case a == 0xff && col.A == 0xff:
				dst[i] = full
			default:
				dst[i] = p.q.mix(dst[i], col, a)
			}
		}
	}
}

func (p *indexedPage) rgba() *image.RGBA {
	var rgb [256][4]byte
	for i, c := range p.q.pal {
		r, g, b, _ := c.RGBA()
		rgb[i] = [4]byte{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 0xff}
	}
	img := image.NewRGBA(p.bounds())
	for y := range p.h {
		out := img.Pix[y*img.Stride:]
		for x, idx := range p.row(y) {
			copy(out[4*x:4*x+4], rgb[idx][:])
		}
	}
	return img
}

func (p *indexedPage) release() {
	if p.raw != nil {
		indexes.put(p.raw)
		p.raw = nil
	}
	if p.mask.Pix != nil {
		pix := p.mask.Pix
		masks.put(&pix)
		p.mask.Pix = nil
	}
}

// paletted is the page as an image, sharing its memory.
func (p *indexedPage) paletted() *image.Paletted {
	return &image.Paletted{Pix: p.raw[1:], Stride: p.w + 1, Rect: p.bounds(), Palette: p.q.pal}
}

// index is the palette index of the opaque colour c.
func (f *fixedPalette) index(c color.RGBA) uint8 {
	return f.lut[cellOf(uint32(c.R)|uint32(c.G)<<8|uint32(c.B)<<16)]
}

// mix is the index of c (premultiplied) laid over palette colour idx with
// coverage a, as image/draw's Over mixes them.
func (f *fixedPalette) mix(idx uint8, c color.RGBA, a uint8) uint8 {
	d := f.pal[idx].(color.RGBA)
	m := uint32(a)
	inv := 255*255 - uint32(c.A)*m
	ch := func(dc, sc uint8) uint32 {
		return (uint32(dc)*inv + uint32(sc)*m*255 + 255*255/2) / (255 * 255)
	}
	return f.lut[cellOf(ch(d.R, c.R)|ch(d.G, c.G)<<8|ch(d.B, c.B)<<16)]
}

// rowsAdler32 is zlib's checksum of raw, rows of stride bytes (the last
// may be shorter). A block of L bytes adds its sum S to s1 and L·s1 plus
// its weighted sum W to s2, so a row is summed once and a row equal to the
// one above (most of a page: panels, card faces) costs a comparison. A
// row is summed a run of equal bytes at a time. Reading every byte, as
// hash/adler32 does, was a sixth of a picture's time.
func rowsAdler32(raw []byte, stride int) uint32 {
	const mod = 65521
	s1, s2 := uint64(1), uint64(0)
	var prev []byte
	var sum, weighted uint64
	for len(raw) > 0 {
		row := raw[:min(stride, len(raw))]
		raw = raw[len(row):]
		if !bytes.Equal(row, prev) {
			sum, weighted = rowSums(row)
		}
		prev = row
		s2 = (s2 + uint64(len(row))*s1 + weighted) % mod
		s1 = (s1 + sum) % mod
	}
	return uint32(s2)<<16 | uint32(s1)
}

// rowSums is row's byte sum and the sum of its prefix sums (each byte
// weighted by how far it is from the row's end: L for the first, 1 for the
// last), eight bytes at a step: eight bytes after a prefix sum P add 8·P
// plus their own sums, 36·b for eight bytes b (a flat panel's), sums8's
// for others. Adding a glyph's edge byte by byte was a tenth of a Party
// table picture's time.
func rowSums(row []byte) (sum, weighted uint64) {
	i := 0
	for ; i+8 <= len(row); i += 8 {
		x := binary.LittleEndian.Uint64(row[i:])
		if b := x & 0xff; x == b*0x0101010101010101 { // a flat panel's: most of a page
			weighted += 8*sum + 36*b
			sum += 8 * b
			continue
		}
		s, w := sums8(x)
		weighted += 8*sum + w
		sum += s
	}
	for _, c := range row[i:] {
		sum += uint64(c)
		weighted += sum
	}
	return sum, weighted
}

// sums8 is the sum of the eight bytes of x, first (lowest) to last, and
// their sum weighted 8 for the first down to 1 for the last, counted in
// four 16-bit lanes: the lanes' pairs e+o, multiplied by weights 7, 5, 3
// and 1 lane by lane into the top lane, plus each pair's first byte once
// more (its weight is one above its pair's).
func sums8(x uint64) (sum, weighted uint64) {
	const lanes = 0x00ff00ff00ff00ff
	even := x & lanes            // bytes 0, 2, 4, 6: weights 8, 6, 4, 2
	pairs := even + (x>>8)&lanes // each lane's two bytes: at most 510
	sum = pairs * 0x0001000100010001 >> 48
	weighted = pairs*0x0007000500030001>>48 + even*0x0001000100010001>>48
	return sum, weighted
}
