package words_test

import (
	"strings"
	"testing"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/words"
)

// TestCardNamesAndParse: every card has names and a key, and each of them
// reads back as the card.
func TestCardNamesAndParse(t *testing.T) {
	for c := engine.Card(1); c < engine.NumCards; c++ {
		if words.English.CardName(c) == "" || words.English.CardShort(c) == "" || c.Emoji() == "" || c.Key() == "" {
			t.Errorf("%d lacks a name, short name, emoji or key", c)
		}
		for _, s := range []string{c.Key(), words.English.CardShort(c), words.English.CardName(c)} {
			if got, ok := words.English.ParseCard(s); !ok || got != c {
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

// TestTheGameIsWorded: every card, card type, score category, menu, game
// and rule the engine names has words, and no word is left for something
// the engine no longer has.
func TestTheGameIsWorded(t *testing.T) {
	want := map[string]bool{"card.none": true, "card.none.short": true, "kind.unknown": true, "menus.custom": true,
		"game.classic": true, "game.dummy": true, "game.party": true}
	for c := engine.Card(1); c < engine.NumCards; c++ {
		want["card."+c.Key()], want["card."+c.Key()+".short"] = true, true
	}
	for _, k := range engine.Kinds() {
		want["kind."+k.Key()] = true
		for _, s := range []engine.Settings{{Ruleset: engine.Classic}, {Ruleset: engine.Classic, Dummy: true}, {Ruleset: engine.Party}} {
			if key := s.RuleKey(k); key != "" {
				want[key] = true
			}
		}
	}
	for c := range engine.NumCategories {
		want["category."+c.Key()] = true
	}
	for _, m := range engine.RecommendedMenus {
		want["menus."+m.Key], want["menus."+m.Key+".blurb"] = true, true
	}
	for k := range want {
		if !words.Has(k) {
			t.Errorf("the catalog has no %s", k)
		}
	}
	for _, k := range words.Keys() {
		for _, f := range []string{"card.", "kind.", "category.", "menus.", "rule.", "game."} {
			if strings.HasPrefix(k, f) && !want[k] {
				t.Errorf("%s (%q) words nothing the engine has", k, words.Text(k))
			}
		}
	}
	if words.English.Rule(engine.Settings{Ruleset: engine.Classic}, engine.KindSpoon) != "" {
		t.Error("classic has a rule for the spoon")
	}
}
