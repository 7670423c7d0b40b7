package words

import (
	"fmt"
	"testing"
)

// BenchmarkSay: a catalog sentence with two arguments, against fmt.
func BenchmarkSay(b *testing.B) {
	b.Run("catalog", func(b *testing.B) {
		for range b.N {
			_ = English.Say("lobby.tableFull", 8)
		}
	})
	b.Run("fmt", func(b *testing.B) {
		for range b.N {
			_ = fmt.Sprintf("The table is full (%d seats).", 8)
		}
	})
}
