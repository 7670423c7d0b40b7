package deflate

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

var distBase = [...]int{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}

// TestDistanceCodes: every distance's code is the table's (RFC 1951,
// 3.2.5): the symbol, its extra bits and their count.
func TestDistanceCodes(t *testing.T) {
	for d := 1; d <= MaxDistance; d++ {
		i := len(distBase) - 1
		for distBase[i] > d {
			i--
		}
		extra := uint(max(i/2-1, 0))
		want := code{bits.Reverse32(uint32(i))>>27 | uint32(d-distBase[i])<<5, 5 + extra}
		if got := distCode(d); got != want {
			t.Fatalf("distance %d: %+v, want %+v", d, got, want)
		}
	}
}

// TestRunAndUp: one pass counts what runLen and matchLen count, on
// stretches that are runs, matches of the row above, both or neither,
// ending at every offset of an eight-byte word and at maxMatch.
func TestRunAndUp(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for k := range 20000 {
		n := rng.IntN(300) + 1
		a, b := make([]byte, n), make([]byte, n+rng.IntN(4))
		c := byte(rng.IntN(3))
		for i := range a {
			a[i] = c
			if rng.IntN(40) == 0 {
				a[i] = byte(rng.IntN(3))
			}
		}
		copy(b, a)
		for i := range b {
			if rng.IntN(50) == 0 {
				b[i] = byte(rng.IntN(3))
			}
		}
		run, up := runAndUp(a, b, c)
		if want := runLen(a, c); run != want {
			t.Fatalf("case %d: run %d, want %d", k, run, want)
		}
		if run == maxMatch {
			continue // up is not counted past a run no match can beat
		}
		if want := matchLen(a, b); up != want {
			t.Fatalf("case %d: up %d, want %d", k, up, want)
		}
	}
}
