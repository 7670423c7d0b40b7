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
func paletted(img *image.RGBA) (_ *image.Paletted, raw []byte, sum uint32) {
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
	// The rows' Adler-32 (zlib's checksum of the PNG's data), a run at a
	// time: n bytes b add n·b to s1 and n·s1 + b·n(n+1)/2 to s2, so a
	// page of runs costs a few multiplications a run where reading every
	// byte again cost a sixth of a picture.
	const mod = 65521
	s1, s2 := uint64(1), uint64(0)
	// flush writes the run of pixels start to end (in reading order) in
	// colour k, row by row.
	flush := func(end int, k uint32) {
		idx := f.lut[cellOf(k)]
		for start < end {
			y := start / w
			stop := min(end, (y+1)*w)
			fill := out.Pix[y*(w+1)+start-y*w : y*(w+1)+stop-y*w]
			if len(fill) <= 16 { // most runs are an edge's pixel or two
				for i := range fill {
					fill[i] = idx
				}
			} else {
				fill[0] = idx
				for n := 1; n < len(fill); n *= 2 {
					copy(fill[n:], fill[:n])
				}
			}
			if start == y*w {
				s2 += s1 // the row's filter byte, 0
			}
			n := uint64(stop - start)
			s2 += n*s1 + uint64(idx)*(n*(n+1)/2)
			s1 += n * uint64(idx)
			if s2 >= 1<<60 { // s1 stays far smaller: 255 a byte
				s1, s2 = s1%mod, s2%mod
			}
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
	return out, raw, uint32(s2%mod)<<16 | uint32(s1%mod)
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
