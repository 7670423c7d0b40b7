package protocol

import (
	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/words"
)

// ButtonRule is the rule of the card a hand's button plays, in the game's
// rules ("🐟 Sashimi — A set of 3 sashimi scores 10."), or "" for any other
// button: the terminal shows it for the card under the cursor.
func ButtonRule(actionID string, w words.Lang) string {
	version, _, _, _, ok := splitID(actionID)
	a, err := ParseActionID(actionID)
	p, isPick := a.(Pick)
	if !ok || err != nil || !isPick {
		return ""
	}
	c := p.Card
	for _, later := range []engine.Card{p.Extra, p.Dummy, p.Copy} {
		if later != engine.None {
			c = later // a later step's button names the card that step adds
		}
	}
	if c == engine.None {
		c = p.Call // a bonus action called on its own
	}
	set := engine.Settings{Ruleset: engine.Classic}
	if version == idParty {
		set = engine.Settings{Ruleset: engine.Party}
	}
	text := w.Rule(set, c.Kind())
	if c == engine.None || c == engine.FaceDown || text == "" {
		return ""
	}
	return c.Emoji() + " " + w.KindName(c.Kind()) + " — " + text
}

// Choice is one value a command's option offers: its label and the text
// the command takes.
type Choice struct{ Name, Value string }

// MenuChoices are what `new menu=` takes by name: the recommended menus,
// then custom and random.
func MenuChoices(w words.Lang) []Choice {
	var out []Choice
	for _, m := range engine.RecommendedMenus {
		out = append(out, Choice{Name: w.RecommendedName(m), Value: m.Key})
	}
	return append(out, Choice{Name: w.Say("protocol.choices.customBuildItInThe"), Value: "custom"}, Choice{Name: w.Say("party.random"), Value: MenuRandom})
}

// CardChoices are every card type `rules` explains, classic and Party.
func CardChoices(w words.Lang) []Choice {
	var out []Choice
	for _, k := range engine.Kinds() {
		out = append(out, Choice{Name: w.KindLower(k), Value: k.Key()})
	}
	return out
}
