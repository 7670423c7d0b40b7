package words

import (
	"strings"

	"github.com/sushigo/sushigo/engine"
)

// The engine names cards, types, categories, menus and rules by key; these
// word them.

func (b *book) nameTheGame(l Lang) {
	for c := range engine.NumCards {
		key := "card." + c.Key()
		if c == engine.None {
			key = "card.none"
		}
		b.cards[c], b.shorts[c] = l.Say(key), l.Say(key+".short")
	}
	for c := range engine.NumCategories {
		b.categories[c] = l.Say(categoryKey(c))
	}
}

// CardName is a card's full name ("Salmon nigiri", "Maki roll (2 icons)").
func (l Lang) CardName(c engine.Card) string {
	if !c.Valid() {
		c = engine.None
	}
	return l.book().cards[c]
}

// CardShort is a card's compact name ("Salmon", "Maki 2").
func (l Lang) CardShort(c engine.Card) string {
	if !c.Valid() {
		c = engine.None
	}
	return l.book().shorts[c]
}

// KindName is a card type's name ("Green tea ice cream").
func (l Lang) KindName(k engine.Kind) string {
	return l.Say(KindKey(k))
}

// KindKey is the catalog's key of a card type's name, for a Phrase.
func KindKey(k engine.Kind) Key {
	if k == engine.KindNone || k.Key() == "unknown" {
		return "kind.unknown"
	}
	return "kind." + k.Key()
}

// KindLower is a card type's name as a sentence's middle writes it:
// "green tea ice cream" (German keeps its nouns' capitals).
func (l Lang) KindLower(k engine.Kind) string {
	if l.book().capitalNouns {
		return l.KindName(k)
	}
	return strings.ToLower(l.KindName(k))
}

// CategoryName is a score category's name ("Egg nigiri on wasabi").
func (l Lang) CategoryName(c engine.Category) string {
	if c >= engine.NumCategories {
		return l.Say(categoryKey(c))
	}
	return l.book().categories[c]
}

// categoryKey is the catalog's key of a score category
// ("category.uramaki-10-icons").
func categoryKey(c engine.Category) Key { return "category." + c.Key() }

// MenuName is a Party menu's name: a recommended menu's, else "Custom
// menu".
func (l Lang) MenuName(m engine.Menu) string {
	if nm, ok := engine.Recommended(m); ok {
		return l.Say("menus." + nm.Key)
	}
	return l.Say("menus.custom")
}

// MenuBlurb is a recommended menu's one-line description.
func (l Lang) MenuBlurb(nm engine.NamedMenu) string { return l.Say("menus." + nm.Key + ".blurb") }

// RecommendedName is a recommended menu's name.
func (l Lang) RecommendedName(nm engine.NamedMenu) string { return l.Say("menus." + nm.Key) }

// GameName is the game as players call it: "classic Sushi Go!", "the dummy
// variant" or "Sushi Go Party!".
func (l Lang) GameName(s engine.Settings) string { return l.Say(GameKey(s)) }

// GameKey is the catalog's key of the game's name (GameName), for a
// Phrase.
func GameKey(s engine.Settings) Key {
	switch {
	case s.Ruleset == engine.Party:
		return "game.party"
	case s.Dummy:
		return "game.dummy"
	}
	return "game.classic"
}

// Rule is what a card of kind k does in games of s, in a sentence or two,
// or "" for a kind s does not play.
func (l Lang) Rule(s engine.Settings, k engine.Kind) string {
	if key := s.RuleKey(k); key != "" {
		return l.Say(key)
	}
	return ""
}

// ParseCard finds a card by its key or by its name, short or full, as
// players type it ("Salmon", "salmon nigiri", "maki2"): in l or in
// English, so a card typed either way works.
func (l Lang) ParseCard(s string) (engine.Card, bool) {
	if c, ok := engine.ParseCard(s); ok {
		return c, true
	}
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return engine.None, false
	}
	for _, b := range []*book{l.book(), books[0]} {
		for c := engine.Card(1); c < engine.NumCards; c++ {
			if s == strings.ToLower(b.shorts[c]) || s == strings.ToLower(b.cards[c]) {
				return c, true
			}
		}
	}
	return engine.None, false
}

// ParseKind finds a card type by its key, an alias or its name, in l or
// in English.
func (l Lang) ParseKind(s string) (engine.Kind, bool) {
	if k, ok := engine.ParseKind(s); ok {
		return k, true
	}
	n := normalize(s)
	if n == "" {
		return engine.KindNone, false
	}
	for _, w := range []Lang{l, English} {
		for _, k := range engine.Kinds() {
			if n == normalize(w.KindName(k)) {
				return k, true
			}
		}
	}
	return engine.KindNone, false
}

// normalize is how ParseKind compares names: lower case, without spaces,
// dashes, underscores, apostrophes and exclamation marks.
func normalize(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	return unpunctuated.Replace(s)
}

// unpunctuated drops what normalize ignores; made once, as its tables are
// built at its first use.
var unpunctuated = strings.NewReplacer(" ", "", "-", "", "_", "", "'", "", "’", "", "!", "")

// BotLevel is a bot level's name ("easy", "hard") in l; a level the
// catalog does not know is shown as stored.
func (l Lang) BotLevel(level string) string {
	if _, ok := l.text("botLevel." + level); ok {
		return l.Say("botLevel." + level)
	}
	return level
}
