package protocol

import (
	"reflect"
	"testing"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/words"
)

func TestActionIDRoundTrip(t *testing.T) {
	for _, a := range []Action{
		Join{Game: "abc"}, Leave{Game: "abc"}, Start{Game: "abc"}, AddBot{Game: "abc", N: 2}, ShowHand{Game: "abc"}, End{Game: "abc"}, Rematch{Game: "abc"},
		Change{Game: "abc", Round: 3, Turn: 7},
		Pick{Game: "zz9", Round: 3, Turn: 10, Card: engine.SquidNigiri, Extra: engine.Wasabi, Dummy: engine.Pudding, Chop: true},
		Pick{Game: "a", Round: 1, Turn: 1},
	} {
		id := ActionID(a)
		if len(id) > MaxActionID {
			t.Errorf("%q is longer than %d", id, MaxActionID)
		}
		got, err := ParseActionID(id)
		if err != nil || got != a {
			t.Errorf("%q parsed to %#v, %v; want %#v", id, got, err, a)
		}
	}
	for _, bad := range []string{"", "sg1", "sg1:join", "sg1:join:", "sg2:join:abc", "sg1:join:abc:1", "sg1:fly:abc",
		"sg1:join:ABC", "sg1:pick:abc:1:1:1:0:0", "sg1:pick:abc:0:1:1:0:0:0", "sg1:pick:abc:1:1:99:0:0:0",
		"sg1:pick:abc:1:1:01:0:0:0", "sg1:pick:abc:1:1:1:0:0:2", "sg1:addbot:abc:0", "sg1:change:abc:1:-1"} {
		if a, err := ParseActionID(bad); err == nil {
			t.Errorf("%q parsed to %#v", bad, a)
		}
	}
}

// FuzzParseActionID: no input panics, and what parses re-encodes to itself.
func FuzzParseActionID(f *testing.F) {
	f.Add("sg1:pick:abc:1:2:3:0:0:0")
	f.Add("sg1:join:k2x9")
	f.Add("sg1:change:abc:3:7")
	f.Add("sg1:addbot:abc:2")
	f.Fuzz(func(t *testing.T, id string) {
		a, err := ParseActionID(id)
		if err != nil {
			return
		}
		if back := ActionID(a); back != id {
			t.Fatalf("%q parsed to %#v, which encodes as %q", id, a, back)
		}
	})
}

// TestTypedCardNamesOfSeveralWords: the names players type parse as the
// cards they name.
func TestTypedCardNamesOfSeveralWords(t *testing.T) {
	for text, want := range map[string]Action{
		"pick maki 3":               Pick{Card: engine.Maki3},
		"pick maki3":                Pick{Card: engine.Maki3},
		"pick special order":        Pick{Card: engine.SpecialOrder},
		"pick wasabi squid":         Pick{Card: engine.Wasabi, Extra: engine.SquidNigiri, Chop: true},
		"pick uramaki 5 call=spoon": Pick{Card: engine.Uramaki5, Call: engine.Spoon},
		"pick maki":                 Pick{Kind: engine.KindMaki},
		"pick onigiri":              Pick{Kind: engine.KindOnigiri},
		"choose onigiri square":     Answer{Card: engine.OnigiriSquare},
		"choose maki 2":             Answer{Card: engine.Maki2},
		"choose onigiri":            Answer{Kind: engine.KindOnigiri},
	} {
		got, err := ParseCommand(text, words.English)
		if err != nil {
			t.Errorf("%q: %v", text, err)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q = %+v, want %+v", text, got, want)
		}
	}
	for _, bad := range []string{"pick maki 7", "pick blah", "pick maki salmon wasabi"} {
		if _, err := ParseCommand(bad, words.English); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

// TestActionName: the metrics' and logs' name of an action is its type's,
// lower-cased, whether the action is a value or a pointer to one.
func TestActionName(t *testing.T) {
	for _, c := range []struct {
		a    Action
		want string
	}{
		{nil, "none"}, {NewGame{}, "newgame"}, {Pick{Card: engine.Tempura}, "pick"}, {&AddBot{N: 1}, "addbot"}, {ShowHand{}, "showhand"},
	} {
		if got := ActionName(c.a); got != c.want {
			t.Errorf("ActionName(%#v) = %q, want %q", c.a, got, c.want)
		}
	}
}
