package picture

import (
	_ "embed"
	"encoding/binary"
	"image"
	"image/color"
	"math"
	"sync"
)

// palette.bin is the page's 256 colours, three bytes each, most used
// first: the colours of a specimen of every picture we draw (every card's
// face and icon, text on each, the charts), counted over its pixels.
// TestPaletteIsTheSpecimens checks it and rewrites it with
// -update-palette when the drawing changes.
//
//go:embed palette.bin
var paletteBin []byte

// quantizer is the palette and, for every colour at five bits a channel, the
// index of the nearest palette colour: a page is made paletted with a
// table lookup a run of pixels, with nothing counted, sorted or searched.
// Built once, on the first picture.
var quantizer = sync.OnceValue(func() *fixedPalette {
	f := &fixedPalette{}
	keys := make([]uint32, 0, 256)
	for i := 0; i+3 <= len(paletteBin) && len(f.pal) < 256; i += 3 {
		c := color.RGBA{paletteBin[i], paletteBin[i+1], paletteBin[i+2], 0xff}
		f.pal = append(f.pal, c)
		keys = append(keys, uint32(c.R)|uint32(c.G)<<8|uint32(c.B)<<16)
	}
	for cell := range f.lut {
		r, g, b := cell>>10&31, cell>>5&31, cell&31
		centre := uint32(r<<3|4) | uint32(g<<3|4)<<8 | uint32(b<<3|4)<<16
		f.lut[cell] = nearest(keys, centre)
	}
	// A palette colour is itself, not its cell's nearest to the centre;
	// where two share a cell, the more used one (earlier) keeps it.
	for i := len(keys) - 1; i >= 0; i-- {
		f.lut[cellOf(keys[i])] = uint8(i)
	}
	return f
})

type fixedPalette struct {
	pal color.Palette
	lut [1 << 15]uint8
}

// cellOf is colour k's (0xBBGGRR) cell at five bits a channel.
func cellOf(k uint32) int {
	return int(k>>3&31)<<10 | int(k>>11&31)<<5 | int(k>>19&31)
}

// paletted converts a full-colour page (a specimen, or a test's page) to
// the fixed palette, as the pictures sent are painted in it: each run of
// one colour is looked up once and written at once. Every pixel is opaque (the page is
// painted first), so a pixel's first three bytes are its colour. The
// indexes are laid out as a PNG's rows, returned too (raw: each row's
// filter byte, then the row), so encoding copies nothing. They are
// borrowed: give raw back with indexes.put once encoded.
func paletted(img *image.RGBA) (_ *image.Paletted, raw []byte) {
	f := quantizer()
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	pix := img.Pix[:4*w*h] // a fresh image: rows are contiguous
	raw = indexes.get((w + 1) * h)
	for y := range h {
		raw[y*(w+1)] = 0 // filter: none
	}
	out := &image.Paletted{Pix: raw[1:], Stride: w + 1, Rect: b, Palette: f.pal}
	last := binary.LittleEndian.Uint32(pix)
	pair := uint64(last) | uint64(last)<<32
	start := 0
	// flush writes the run of pixels start to end (in reading order) in
	// colour k, row by row.
	flush := func(end int, k uint32) {
		idx := f.lut[cellOf(k)]
		for start < end {
			y := start / w
			stop := min(end, (y+1)*w)
			fillBytes(out.Pix[y*(w+1)+start-y*w:y*(w+1)+stop-y*w], idx)
			start = stop
		}
	}
	for i := 4; i < len(pix); i += 4 {
		// Four, then two pixels at a time through a run: most of the page
		// is runs.
		for i+16 <= len(pix) && binary.LittleEndian.Uint64(pix[i:]) == pair && binary.LittleEndian.Uint64(pix[i+8:]) == pair {
			i += 16
		}
		for i+8 <= len(pix) && binary.LittleEndian.Uint64(pix[i:]) == pair {
			i += 8
		}
		if i == len(pix) {
			break
		}
		if k := binary.LittleEndian.Uint32(pix[i:]); k != last {
			flush(i/4, last)
			last = k
			pair = uint64(last) | uint64(last)<<32
		}
	}
	flush(len(pix)/4, last)
	return out, raw
}

// fillBytes sets every byte of b to v: short runs (most are an edge's
// pixel or two) byte by byte, long ones by doubling copies.
func fillBytes(b []byte, v byte) {
	if len(b) <= 16 {
		for i := range b {
			b[i] = v
		}
		return
	}
	b[0] = v
	for n := 1; n < len(b); n *= 2 {
		copy(b[n:], b[:n])
	}
}

// indexStore reuses the paletted pages' memory, as pages does the RGBA.
type indexStore struct{ p sync.Pool }

var indexes indexStore

func (s *indexStore) get(n int) []uint8 {
	if pix, ok := s.p.Get().(*[]uint8); ok && cap(*pix) >= n {
		return (*pix)[:n]
	}
	return make([]uint8, n)
}

func (s *indexStore) put(raw []byte) { s.p.Put(&raw) }

// nearest is the index in keys of the colour closest to k.
func nearest(keys []uint32, k uint32) uint8 {
	best, bestD := 0, int32(math.MaxInt32)
	for i, p := range keys {
		d := int32(0)
		for sh := 0; sh < 24; sh += 8 {
			v := int32(p>>sh&0xff) - int32(k>>sh&0xff)
			d += v * v
		}
		if d < bestD {
			best, bestD = i, d
		}
	}
	return uint8(best)
}
