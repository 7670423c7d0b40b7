package picture

import (
	"bytes"
	"encoding/binary"
	"hash/adler32"
	"hash/crc32"
	"image"
	"math/bits"
	"sync"
)

// encodePNG writes a paletted page as a PNG of a byte a pixel, compressed
// by a deflate of our own that only looks for the two repeats a page is
// made of: a run of one colour (the byte before) and the row above. It
// writes the fixed Huffman codes, so nothing is counted or sorted.
//
// A table is mostly flat panels and card faces whose rows repeat, so this
// finds nearly every repeat the general compressor finds (the files are a
// few per cent larger, up to a third for score sheets) at a fraction of
// its cost: compress/flate's fastest level hashed every position and
// built Huffman codes per block, which was a third of a table picture's
// time and a tenth of a replica's CPU under load.
func encodePNG(img *image.Paletted) []byte {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	stride := w + 1 // the filter byte (0: none) starts each row
	if stride > maxDistance || w == 0 || h == 0 {
		return nil
	}
	rp := raws.Get().(*[]byte)
	defer raws.Put(rp)
	raw := (*rp)[:0]
	for y := range h {
		row := img.Pix[y*img.Stride : y*img.Stride+w]
		raw = append(raw, 0)
		raw = append(raw, row...)
	}
	*rp = raw

	out := make([]byte, 0, 64<<10)
	out = append(out, "\x89PNG\r\n\x1a\n"...)
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 3 // 8 bits, paletted
	out = chunk(out, "IHDR", ihdr[:])
	pal := make([]byte, 0, 3*len(img.Palette))
	for _, c := range img.Palette {
		r, g, b, _ := c.RGBA()
		pal = append(pal, uint8(r>>8), uint8(g>>8), uint8(b>>8))
	}
	out = chunk(out, "PLTE", pal)

	// The IDAT chunk: its length is filled in once the stream is written.
	at := len(out)
	out = append(out, 0, 0, 0, 0)
	out = append(out, "IDAT"...)
	out = append(out, 0x78, 0x01) // zlib: deflate, 32 KB window, no dictionary
	out = deflateRepeats(out, raw, stride)
	out = binary.BigEndian.AppendUint32(out, adler32.Checksum(raw))
	binary.BigEndian.PutUint32(out[at:], uint32(len(out)-at-8))
	out = binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[at+4:]))
	return chunk(out, "IEND", nil)
}

// raws holds the filtered rows of a page being encoded, for the next one.
var raws = sync.Pool{New: func() any { b := make([]byte, 0, 1<<20); return &b }}

// chunk appends a PNG chunk.
func chunk(out []byte, kind string, data []byte) []byte {
	start := len(out)
	out = binary.BigEndian.AppendUint32(out, uint32(len(data)))
	out = append(out, kind...)
	out = append(out, data...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start+4:]))
}

const (
	maxDistance = 32768
	maxMatch    = 258
	minMatch    = 3 // even a three-byte repeat of the row above is shorter than its literals
)

// deflateRepeats appends raw as one final deflate block of fixed codes
// whose matches are at distance 1 or stride.
func deflateRepeats(out, raw []byte, stride int) []byte {
	bw := bitWriter{out: out}
	bw.put(0b011, 3) // final block, fixed codes
	up := distCode(stride)
	run := distCode(1)
	n := len(raw)
	for i := 0; i < n; {
		if i%stride == 0 && i >= stride && i+stride <= n && bytes.Equal(raw[i:i+stride], raw[i-stride:i]) {
			// A row the same as the one above, as most of a page's rows
			// are: compared at once, written as the longest matches.
			for left := stride; left > 0; {
				m := min(left, maxMatch)
				if left-m > 0 && left-m < minMatch {
					m = left - minMatch // the last match must be long enough too
				}
				l := lengthCodes[m]
				bw.put(uint64(l.bits)|uint64(up.bits)<<l.n, l.n+up.n)
				left -= m
			}
			i += stride
			continue
		}
		best, dist := 0, run
		if i > 0 {
			best = runLen(raw[i:], raw[i-1])
		}
		if i >= stride && best < maxMatch {
			if u := matchLen(raw[i:], raw[i-stride:]); u > best {
				best, dist = u, up
			}
		}
		if best >= minMatch {
			l := lengthCodes[best]
			bw.put(uint64(l.bits)|uint64(dist.bits)<<l.n, l.n+dist.n)
			i += best
			continue
		}
		l := literalCodes[raw[i]]
		bw.put(uint64(l.bits), l.n)
		i++
	}
	l := literalCodes[256] // end of block
	bw.put(uint64(l.bits), l.n)
	return bw.flush()
}

// matchLen is how many bytes of a and b agree from the start, at most
// maxMatch.
func matchLen(a, b []byte) int {
	n := min(len(a), len(b), maxMatch)
	i := 0
	for ; i+8 <= n; i += 8 {
		if x := binary.LittleEndian.Uint64(a[i:]) ^ binary.LittleEndian.Uint64(b[i:]); x != 0 {
			return i + bits.TrailingZeros64(x)/8
		}
	}
	for ; i < n && a[i] == b[i]; i++ {
	}
	return i
}

// runLen is how many bytes of a are c from the start, at most maxMatch.
func runLen(a []byte, c byte) int {
	n := min(len(a), maxMatch)
	pat := uint64(c) * 0x0101010101010101
	i := 0
	for ; i+8 <= n; i += 8 {
		if x := binary.LittleEndian.Uint64(a[i:]) ^ pat; x != 0 {
			return i + bits.TrailingZeros64(x)/8
		}
	}
	for ; i < n && a[i] == c; i++ {
	}
	return i
}

// code is a deflate code with its extra bits, ready to write: bits in
// the order they go out, n of them.
type code struct {
	bits uint32
	n    uint
}

// bitWriter writes deflate's bit stream, least significant bit first.
type bitWriter struct {
	out  []byte
	acc  uint64
	nacc uint
}

// put writes the n low bits of v; n is at most 32.
func (w *bitWriter) put(v uint64, n uint) {
	w.acc |= v << w.nacc
	w.nacc += n
	if w.nacc >= 32 {
		w.out = binary.LittleEndian.AppendUint32(w.out, uint32(w.acc))
		w.acc >>= 32
		w.nacc -= 32
	}
}

func (w *bitWriter) flush() []byte {
	for n := int(w.nacc); n > 0; n -= 8 {
		w.out = append(w.out, byte(w.acc))
		w.acc >>= 8
	}
	w.acc, w.nacc = 0, 0
	return w.out
}

// The fixed codes (RFC 1951, 3.2.6), reversed to go out first bit first.
var (
	literalCodes [257]code
	lengthCodes  [maxMatch + 1]code // by length: the length's code and its extra bits
)

var (
	lengthBase  = [...]int{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthExtra = [...]uint{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	distBase    = [...]int{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}
)

// fixedLiteral is symbol s's fixed code, reversed.
func fixedLiteral(s int) code {
	var c, n int
	switch {
	case s < 144:
		c, n = 0x30+s, 8
	case s < 256:
		c, n = 0x190+s-144, 9
	case s < 280:
		c, n = s-256, 7
	default:
		c, n = 0xc0+s-280, 8
	}
	return code{uint32(bits.Reverse32(uint32(c)) >> (32 - n)), uint(n)}
}

// distCode is distance d's code (five bits) and its extra bits.
func distCode(d int) code {
	i := len(distBase) - 1
	for distBase[i] > d {
		i--
	}
	extra := uint(max(i/2-1, 0))
	c := bits.Reverse32(uint32(i)) >> 27
	return code{c | uint32(d-distBase[i])<<5, 5 + extra}
}

func init() {
	for s := range literalCodes {
		literalCodes[s] = fixedLiteral(s)
	}
	for l := 3; l <= maxMatch; l++ {
		i := len(lengthBase) - 1
		for lengthBase[i] > l {
			i--
		}
		c := fixedLiteral(257 + i)
		lengthCodes[l] = code{c.bits | uint32(l-lengthBase[i])<<c.n, c.n + lengthExtra[i]}
	}
}
