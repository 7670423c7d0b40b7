package deflate

import (
	"math/bits"
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
