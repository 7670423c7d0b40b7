package words_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/words"
)

var (
	classicRules = engine.Settings{Ruleset: engine.Classic}
	partyRules   = engine.Settings{Ruleset: engine.Party}
)

// cardsOf are the cards of kind k, one of each (onigiri: each shape).
func cardsOf(k engine.Kind) []engine.Card {
	var out []engine.Card
	for c := engine.Card(1); c < engine.NumCards; c++ {
		if c.Kind() == k {
			out = append(out, c)
		}
	}
	return out
}

// roundPoints scores one seat holding cs in a Party round of a menu with
// kind k (the rules of a type do not depend on the rest of the menu).
func roundPoints(t *testing.T, k engine.Kind, cs []engine.Card) int {
	t.Helper()
	var menu engine.Menu
	for _, m := range engine.RecommendedMenus {
		if m.Menu.Has(k) {
			menu = m.Menu
			break
		}
	}
	if menu.IsZero() {
		t.Fatalf("no recommended menu has %s", words.English.KindName(k))
	}
	seat := engine.RoundTableau{}
	for _, c := range cs {
		seat.Cards = append(seat.Cards, engine.Placed{Card: c})
	}
	dst := make([]engine.Breakdown, 1)
	engine.ScoreRound(engine.Settings{Ruleset: engine.Party, Players: 4, Menu: menu}, []engine.RoundTableau{seat}, 1, dst)
	return dst[0].Total()
}

func repeat(c engine.Card, n int) []engine.Card {
	out := make([]engine.Card, n)
	for i := range out {
		out[i] = c
	}
	return out
}

// The rule texts people read are checked against the engine that scores:
// every card type has its text in both games, and each number a text
// claims is what the engine pays (a rule right in the engine
// and wrong on screen).
func TestRuleTextsMatchTheEngine(t *testing.T) {
	for _, k := range engine.Kinds() {
		if words.English.Rule(partyRules, k) == "" {
			t.Errorf("%s has no Party rule text", words.English.KindName(k))
		}
		classic := false
		for _, c := range cardsOf(k) {
			classic = classic || engine.Classic.DeckCount(c) > 0
		}
		if classic != (words.English.Rule(classicRules, k) != "") {
			t.Errorf("%s: in the classic deck %v, has a classic rule text %v", words.English.KindName(k), classic, words.English.Rule(classicRules, k) != "")
		}
	}
	// Counts of one card of the kind → points, and the words the text must
	// hold for them.
	for _, c := range []struct {
		kind   engine.Kind
		points map[int]int
		says   []string
	}{
		{engine.KindTempura, map[int]int{1: 0, 2: 5}, []string{"pair", "5"}},
		{engine.KindSashimi, map[int]int{2: 0, 3: 10}, []string{"3", "10"}},
		{engine.KindDumpling, map[int]int{1: 1, 2: 3, 3: 6, 4: 10, 5: 15, 6: 15}, []string{"1/2/3/4/5+", "1/3/6/10/15"}},
		{engine.KindEel, map[int]int{1: -3, 2: 7, 3: 7}, []string{"1 eel −3", "2 or more eel +7"}},
		{engine.KindTofu, map[int]int{1: 2, 2: 6, 3: 0, 4: 0}, []string{"1 tofu 2", "2 tofu 6", "3 or more tofu 0"}},
		{engine.KindTea, map[int]int{1: 1, 3: 9}, []string{"largest set of one background colour"}},
	} {
		card := cardsOf(c.kind)[0]
		for n, want := range c.points {
			if got := roundPoints(t, c.kind, repeat(card, n)); got != want {
				t.Errorf("%d %s: the engine pays %d, the test expects %d", n, words.English.KindName(c.kind), got, want)
			}
		}
		for _, rules := range []engine.Settings{classicRules, partyRules} {
			if text := words.English.Rule(rules, c.kind); text != "" {
				for _, s := range c.says {
					if !strings.Contains(text, s) {
						t.Errorf("%s's text %q does not say %q", words.English.KindName(c.kind), text, s)
					}
				}
			}
		}
	}
	// Onigiri: sets of different shapes.
	shapes := cardsOf(engine.KindOnigiri)
	for n, want := range map[int]int{1: 1, 2: 4, 3: 9, 4: 16} {
		if got := roundPoints(t, engine.KindOnigiri, shapes[:n]); got != want {
			t.Errorf("%d onigiri shapes: the engine pays %d, the text says %d", n, got, want)
		}
	}
	if !strings.Contains(words.English.Rule(partyRules, engine.KindOnigiri), "1/2/3/4 shapes score 1/4/9/16") {
		t.Errorf("onigiri text %q", words.English.Rule(partyRules, engine.KindOnigiri))
	}
	// Uramaki: 8, 5, 2.
	text := words.English.Rule(partyRules, engine.KindUramaki)
	for place, word := range map[int]string{1: "scores 8", 2: "next 5", 3: "then 2"} {
		if !strings.Contains(text, word) || !strings.Contains(word, strconv.Itoa(engine.UramakiPoints(place))) {
			t.Errorf("uramaki place %d pays %d; the text %q should say %q", place, engine.UramakiPoints(place), text, word)
		}
	}
	// Maki: classic 6 and 3; Party 6/3, or 6/4/2 at 6–8 players.
	points, place := make([]int, 3), make([]int, 3)
	engine.MakiPoints([]int{3, 2, 1}, points, place)
	if points[0] != 6 || points[1] != 3 || !strings.Contains(words.English.Rule(classicRules, engine.KindMaki), "scores 6, second most 3") {
		t.Errorf("classic maki pays %v; text %q", points, words.English.Rule(classicRules, engine.KindMaki))
	}
	engine.PartyMakiPoints(6, []int{3, 2, 1}, points, place)
	if points[0] != 6 || points[1] != 4 || points[2] != 2 || !strings.Contains(words.English.Rule(partyRules, engine.KindMaki), "6–8 players: 6/4/2") {
		t.Errorf("Party maki at 6 pays %v; text %q", points, words.English.Rule(partyRules, engine.KindMaki))
	}
	// Green tea ice cream: 12 per 4, at the game's end.
	dst := make([]engine.Breakdown, 1)
	ice := cardsOf(engine.KindGreenTeaIceCream)[0]
	var menu engine.Menu
	for _, m := range engine.RecommendedMenus {
		if m.Menu.Dessert == engine.KindGreenTeaIceCream {
			menu = m.Menu
		}
	}
	engine.ScoreDessert(engine.Settings{Ruleset: engine.Party, Players: 4, Menu: menu}, [][]engine.Card{repeat(ice, 8)}, dst)
	if dst[0].Total() != 24 || !strings.Contains(words.English.Rule(partyRules, engine.KindGreenTeaIceCream), "each set of 4 scores 12") {
		t.Errorf("8 ice creams pay %d; text %q", dst[0].Total(), words.English.Rule(partyRules, engine.KindGreenTeaIceCream))
	}
}

// TestDummyRuleTexts: the dummy variant reads classic's texts, except the
// pudding, whose fewest-puddings penalty the dummy's tableau brings back
// at two players (ruling C9).
func TestDummyRuleTexts(t *testing.T) {
	dummy := engine.Settings{Ruleset: engine.Classic, Players: 2, Dummy: true}
	for _, k := range engine.Kinds() {
		got, classic := words.English.Rule(dummy, k), words.English.Rule(classicRules, k)
		switch {
		case k == engine.KindPudding && (got == classic || !strings.Contains(got, "the dummy counts")):
			t.Errorf("the dummy's pudding text %q", got)
		case k != engine.KindPudding && got != classic:
			t.Errorf("%s: the dummy reads %q, classic %q", words.English.KindName(k), got, classic)
		}
	}
}
