// Package deflate writes DEFLATE streams (RFC 1951) fast: one final block
// of the fixed Huffman codes, so nothing is counted, sorted or built per
// stream, with matches found the cheapest way the data allows. Any
// inflater reads them (compress/flate, zlib inside a PNG, a browser).
//
// compress/flate's fastest level costs about 80 µs for a 2 KB game record
// and 5 ms for a table picture, most of it building Huffman codes and
// hashing every position; these cost a fraction of that for output a few
// per cent to a third larger.
package deflate

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/bits"
)

const (
	// MaxDistance is how far back a match may reach: the window.
	MaxDistance = 32768
	maxMatch    = 258
	minMatch    = 3
)

// AppendRows appends raw, rows of stride bytes, as deflate whose only
// matches are a run of one byte (distance 1) and the row above (distance
// stride): what a page of flat colours and repeated rows is made of. A
// row the same as the one above is compared at once, and taken whole: no
// match runs into it. stride is at most MaxDistance.
func AppendRows(dst, raw []byte, stride int) []byte {
	w := bitWriter{out: dst}
	w.put(0b011, 3) // final block, fixed codes
	up := distCode(stride)
	run := distCode(1)
	n := len(raw)
	// next is where the row after i's starts; never, for rows too short
	// to be taken whole, where a run goes on through them.
	next := math.MaxInt
	if stride >= minMatch {
		next = stride
	}
	// repeatsAt says whether the row at at (a row's start) is the same as
	// the one above, asked once a row.
	sameAt, same := -1, false
	repeatsAt := func(at int) bool {
		if sameAt != at {
			sameAt, same = at, repeats(raw, at, stride)
		}
		return same
	}
	for i := 0; i < n; {
		for i >= next {
			next += stride
		}
		if i == next-stride && repeatsAt(i) {
			for left := stride; left > 0; {
				m := min(left, maxMatch)
				if left-m > 0 && left-m < minMatch {
					m = left - minMatch // the last match must be long enough too
				}
				w.match(m, up)
				left -= m
			}
			i += stride
			continue
		}
		best, dist := 0, run
		if i >= stride {
			r, u := runAndUp(raw[i:], raw[i-stride:], raw[i-1])
			best = r
			if u > r {
				best, dist = u, up
			}
		} else if i > 0 {
			best = runLen(raw[i:], raw[i-1])
		}
		if i+best > next && repeatsAt(next) {
			// The match would run into a row the same as the one above (a
			// flat panel's run goes on past its row's end): it stops at
			// the row's end, and that row is taken whole.
			best = next - i
		}
		if best >= minMatch {
			w.match(best, dist)
			i += best
			continue
		}
		w.literal(raw[i])
		i++
	}
	return w.end()
}

// repeats says the row at start (a row's first byte) is the same as the
// one above.
func repeats(raw []byte, start, stride int) bool {
	return start >= stride && start+stride <= len(raw) && bytes.Equal(raw[start:start+stride], raw[start-stride:start])
}

// hashBits sizes Append's table of where each four bytes were last seen.
const hashBits = 12

// Append appends data as deflate with the matches a table of the last
// place each four bytes were seen finds, one candidate a position: text
// that repeats its words (JSON's keys) shrinks by about half.
func Append(dst, data []byte) []byte {
	w := bitWriter{out: dst}
	w.put(0b011, 3)
	var last [1 << hashBits]int32 // position + 1; 0: not seen
	n := len(data)
	i := 0
	for i+4 <= n {
		k := binary.LittleEndian.Uint32(data[i:])
		h := hash4(k)
		cand := int(last[h]) - 1
		last[h] = int32(i + 1)
		if cand >= 0 && i-cand <= MaxDistance && binary.LittleEndian.Uint32(data[cand:]) == k {
			l := 4 + matchLen(data[i+4:], data[cand+4:])
			l = min(l, maxMatch)
			w.match(l, distCode(i-cand))
			// The positions inside the match are seen too: the next
			// repeat often starts there.
			end := min(i+l, n-3)
			j := i + 1
			for ; j+8 <= end+3; j += 5 { // five positions from one eight-byte load
				x := binary.LittleEndian.Uint64(data[j:])
				for b := range 5 {
					last[hash4(uint32(x>>(8*b)))] = int32(j + b + 1)
				}
			}
			for ; j < end; j++ {
				last[hash4(binary.LittleEndian.Uint32(data[j:]))] = int32(j + 1)
			}
			i += l
			continue
		}
		w.literal(data[i])
		i++
	}
	for ; i < n; i++ {
		w.literal(data[i])
	}
	return w.end()
}

// hash4 is where four bytes, read as k, go in Append's table.
func hash4(k uint32) uint32 { return (k * 0x9e3779b1) >> (32 - hashBits) }

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

// runAndUp is runLen(a, c) and matchLen(a, b) from one pass over a: in
// a row unlike the one above, a flat stretch is most often both a run and
// a match with the row above, and reading it twice was most of
// AppendRows. up is not counted past a run of maxMatch, which no match
// can beat; b is at least as long as a.
func runAndUp(a, b []byte, c byte) (run, up int) {
	n := min(len(a), maxMatch)
	pat := uint64(c) * 0x0101010101010101
	i := 0
	for ; i+8 <= n; i += 8 {
		x := binary.LittleEndian.Uint64(a[i:])
		r, u := x^pat, x^binary.LittleEndian.Uint64(b[i:])
		switch {
		case r != 0 && u != 0:
			return i + bits.TrailingZeros64(r)/8, i + bits.TrailingZeros64(u)/8
		case r != 0:
			return i + bits.TrailingZeros64(r)/8, i + matchLen(a[i:n], b[i:n])
		case u != 0:
			return i + runLen(a[i:n], c), i + bits.TrailingZeros64(u)/8
		}
	}
	run, up = i, i
	for ; run < n && a[run] == c; run++ {
	}
	for ; up < n && a[up] == b[up]; up++ {
	}
	return run, up
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

// code is a code with its extra bits, ready to write: bits in the order
// they go out, n of them.
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

func (w *bitWriter) literal(b byte) {
	l := literalCodes[b]
	w.put(uint64(l.bits), l.n)
}

// match writes a match of length l (3 to 258) at distance d.
func (w *bitWriter) match(l int, d code) {
	c := lengthCodes[l]
	w.put(uint64(c.bits)|uint64(d.bits)<<c.n, c.n+d.n)
}

// end writes the end of the block (symbol 256) and the bits left.
func (w *bitWriter) end() []byte {
	eob := literalCodes[256]
	w.put(uint64(eob.bits), eob.n)
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
	distSymbols  [32]uint32         // each distance symbol's five bits, reversed
)

var (
	lengthBase  = [...]int{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthExtra = [...]uint{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
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
	return code{bits.Reverse32(uint32(c)) >> (32 - n), uint(n)}
}

// distCode is distance d's code (five bits, reversed) and its extra bits.
// The symbols' reversed bits come from a table rather than bits.Reverse32
// at every match: a match's line (its code and its writing) was a fifth
// of packing a record.
func distCode(d int) code {
	v := uint32(d - 1)
	if v < 4 {
		return code{distSymbols[v], 5}
	}
	top := uint32(bits.Len32(v)) - 1 // the highest bit set
	extra := top - 1
	sym := 2*top + (v>>extra)&1
	base := (2 | sym&1) << extra
	return code{distSymbols[sym] | (v-base)<<5, 5 + uint(extra)}
}

func init() {
	for s := range literalCodes {
		literalCodes[s] = fixedLiteral(s)
	}
	for s := range distSymbols {
		distSymbols[s] = bits.Reverse32(uint32(s)) >> 27
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
