package bot

import (
	"strings"
	"testing"
)

// TestDeadlineKindsAreOneTable: every kind's key comes back to its kind
// without its prefix, no prefix hides another (the first match wins), and
// a key without a prefix is a game's own timer.
func TestDeadlineKindsAreOneTable(t *testing.T) {
	for i, k := range deadlineKinds {
		if k.prefix == "" || (k.run == nil) != (k.runs == runFlush) {
			t.Errorf("kind %q: a prefix, and a run unless it flushes, are needed", k.prefix)
		}
		got, key := deadlineKindOf(k.prefix + "g1")
		if got.prefix != k.prefix || key != "g1" {
			t.Errorf("%q read as kind %q, key %q", k.prefix+"g1", got.prefix, key)
		}
		for _, other := range deadlineKinds[i+1:] {
			if strings.HasPrefix(other.prefix, k.prefix) || strings.HasPrefix(k.prefix, other.prefix) {
				t.Errorf("prefixes %q and %q overlap", k.prefix, other.prefix)
			}
		}
	}
	if got, key := deadlineKindOf("discord:g:c"); got.prefix != "" || key != "discord:g:c" {
		t.Errorf("a game's timer read as kind %q, key %q", got.prefix, key)
	}
}
