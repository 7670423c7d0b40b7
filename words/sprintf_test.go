package words

import (
	"fmt"
	"testing"
)

// TestSprintfIsFmts: every sentence of every language's catalog, given
// strings, ints, other values, too few and too many arguments, comes out
// as fmt.Sprintf writes it; so do the formats fmt alone handles.
func TestSprintfIsFmts(t *testing.T) {
	formats := []string{"", "plain", "100%%", "%s and %d", "%[2]s before %[1]s", "%[2]d %s", "%q", "%5d", "%", "%[", "%[x]s", "%[1]s %[1]s", "tail %"}
	for _, l := range append(Languages(), Pseudo()) {
		for _, key := range keyNames {
			if text, ok := l.text(key); ok {
				formats = append(formats, text)
			}
		}
	}
	args := [][]any{
		nil,
		{"Ann"},
		{3},
		{"Ann", 3},
		{3, "Ann"},
		{"Ann", "Bob", "Cleo", "Dan", "Eve"},
		{1, 2, 3, 4, 5},
		{"Ann", 2, "Cleo", 4, "Eve", 6},
		{int64(3), Key("k")},
		{2.5, true, nil},
	}
	n := 0
	for _, f := range formats {
		for _, a := range args {
			if got, want := sprintf(f, a), fmt.Sprintf(f, a...); got != want {
				t.Fatalf("sprintf(%q, %v) = %q, fmt says %q", f, a, got, want)
			}
			n++
		}
	}
	if n < 1000 {
		t.Fatalf("only %d formats checked", n)
	}
}

// BenchmarkSprintf: a table's seat line, by sprintf and by fmt.
func BenchmarkSprintf(b *testing.B) {
	f, a := "%s %s — %d pts", []any{"✅", "Aiko-bot 🤖", 31}
	b.Run("sprintf", func(b *testing.B) {
		for b.Loop() {
			_ = sprintf(f, a)
		}
	})
	b.Run("fmt", func(b *testing.B) {
		for b.Loop() {
			_ = fmt.Sprintf(f, a...)
		}
	})
}
