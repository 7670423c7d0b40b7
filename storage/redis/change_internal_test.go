package redis

import (
	"testing"

	"github.com/sushigo/sushigo/storage"
)

// TestChangeMessage: a change read back from its message is the change,
// whatever bytes its key and game hold; a key alone (what earlier
// releases published) or a message that does not parse is a change of
// that whole string at no version, so a page of it is read, never drawn
// from a wrong copy.
func TestChangeMessage(t *testing.T) {
	for _, c := range []storage.Change{
		{Key: "discord:1:2", Game: "g1", Version: 1},
		{Key: "slack:T:C", Game: "", Version: 1 << 63},
		{Key: "@9:1:x", Game: "9:1:@", Version: 42},
		{Key: "", Game: "g", Version: 3},
		{Key: "web:a:b"},
	} {
		if got := parseChange(changeMessage(c)); got != c {
			t.Errorf("%+v came back as %+v", c, got)
		}
	}
	if m := changeMessage(storage.Change{Key: "discord:1:2", Game: "g", Version: 0}); m != "discord:1:2" {
		t.Errorf("a change at no version is published as %q, not its key", m)
	}
	for _, m := range []string{"discord:1:2", "@", "@x:1:gk", "@5:", "@5:9:short", "@0:1:gk", "@5:-1:k", "@18446744073709551616:1:gk"} {
		if got := parseChange(m); got != (storage.Change{Key: m}) {
			t.Errorf("%q read as %+v, not as a key at no version", m, got)
		}
	}
}
