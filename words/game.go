package words

import (
	"strings"

	"github.com/sushigo/sushigo/engine"
)

// The engine names cards, types, categories, menus and rules by key; these
// word them.

// The names of the game's things are looked up once, at start: a table
// view names every card on it.
var (
	cardNames, cardShorts [engine.NumCards]string
	categoryNames         [engine.NumCategories]string
)

func nameTheGame() {
	for c := range engine.NumCards {
		key := "card." + c.Key()
		if c == engine.None {
			key = "card.none"
		}
		cardNames[c], cardShorts[c] = Say(key), Say(key+".short")
	}
	for c := range engine.NumCategories {
		categoryNames[c] = Say(categoryKey(c))
	}
}

// CardName is a card's full name ("Salmon nigiri", "Maki roll (2 icons)").
func CardName(c engine.Card) string {
	if !c.Valid() {
		c = engine.None
	}
	return cardNames[c]
}

// CardShort is a card's compact name ("Salmon", "Maki 2").
func CardShort(c engine.Card) string {
	if !c.Valid() {
		c = engine.None
	}
	return cardShorts[c]
}

// KindName is a card type's name ("Green tea ice cream").
func KindName(k engine.Kind) string {
	if k == engine.KindNone || k.Key() == "unknown" {
		return Say("kind.unknown")
	}
	return Say("kind." + k.Key())
}

// CategoryName is a score category's name ("Egg nigiri on wasabi").
func CategoryName(c engine.Category) string {
	if c >= engine.NumCategories {
		return Say(categoryKey(c))
	}
	return categoryNames[c]
}

// categoryKey is the catalog's key of a score category
// ("category.uramaki-10-icons").
func categoryKey(c engine.Category) Key { return "category." + c.Key() }

// MenuName is a Party menu's name: a recommended menu's, else "Custom
// menu".
func MenuName(m engine.Menu) string {
	if nm, ok := engine.Recommended(m); ok {
		return Say("menus." + nm.Key)
	}
	return Say("menus.custom")
}

// MenuBlurb is a recommended menu's one-line description.
func MenuBlurb(nm engine.NamedMenu) string { return Say("menus." + nm.Key + ".blurb") }

// RecommendedName is a recommended menu's name.
func RecommendedName(nm engine.NamedMenu) string { return Say("menus." + nm.Key) }

// GameName is the game as players call it: "classic Sushi Go!", "the dummy
// variant" or "Sushi Go Party!".
func GameName(s engine.Settings) string {
	switch {
	case s.Ruleset == engine.Party:
		return Say("game.party")
	case s.Dummy:
		return Say("game.dummy")
	}
	return Say("game.classic")
}

// Rule is what a card of kind k does in games of s, in a sentence or two,
// or "" for a kind s does not play.
func Rule(s engine.Settings, k engine.Kind) string {
	if key := s.RuleKey(k); key != "" {
		return Say(key)
	}
	return ""
}

// ParseCard finds a card by its key or by its name, short or full, as
// players type it ("Salmon", "salmon nigiri", "maki2").
func ParseCard(s string) (engine.Card, bool) {
	if c, ok := engine.ParseCard(s); ok {
		return c, true
	}
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return engine.None, false
	}
	for c := engine.Card(1); c < engine.NumCards; c++ {
		if s == strings.ToLower(CardShort(c)) || s == strings.ToLower(CardName(c)) {
			return c, true
		}
	}
	return engine.None, false
}

// ParseKind finds a card type by its key, an alias or its name.
func ParseKind(s string) (engine.Kind, bool) {
	if k, ok := engine.ParseKind(s); ok {
		return k, true
	}
	n := normalize(s)
	if n == "" {
		return engine.KindNone, false
	}
	for _, k := range engine.Kinds() {
		if n == normalize(KindName(k)) {
			return k, true
		}
	}
	return engine.KindNone, false
}

// normalize is how ParseKind compares names: lower case, without spaces,
// dashes, underscores, apostrophes and exclamation marks.
func normalize(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	return strings.NewReplacer(" ", "", "-", "", "_", "", "'", "", "!", "").Replace(s)
}
