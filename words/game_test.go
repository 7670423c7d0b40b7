package words_test

import (
	"testing"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/words"
)

// TestCardNamesAndParse: every card has names and a key, and each of them
// reads back as the card.
func TestCardNamesAndParse(t *testing.T) {
	for c := engine.Card(1); c < engine.NumCards; c++ {
		if words.CardName(c) == "" || words.CardShort(c) == "" || c.Emoji() == "" || c.Key() == "" {
			t.Errorf("%d lacks a name, short name, emoji or key", c)
		}
		for _, s := range []string{c.Key(), words.CardShort(c), words.CardName(c)} {
			if got, ok := words.ParseCard(s); !ok || got != c {
				t.Errorf("ParseCard(%q) = %s, %v; want %s", s, got, ok, c)
			}
		}
	}
	if _, ok := engine.ParseCard("hamburger"); ok {
		t.Error("ParseCard accepted a card that does not exist")
	}
	if engine.SalmonNigiri.Kind() != engine.KindNigiri || engine.Maki3.Icons() != 3 || engine.SquidNigiri.NigiriPoints() != 3 {
		t.Error("card kinds or variants wrong")
	}
}
