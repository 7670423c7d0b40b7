package bot

import (
	"fmt"
	"strings"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// classicRules and partyRules ask the engine for each game's rule texts.
var (
	classicRules = engine.Settings{Ruleset: engine.Classic}
	partyRules   = engine.Settings{Ruleset: engine.Party}
)

// menuLines is one line per card type of a Party menu: what it does.
func menuLines(w words.Lang, m engine.Menu) []string {
	var lines []string
	for _, k := range m.Kinds() {
		lines = append(lines, fmt.Sprintf("%s **%s** — %s", k.Emoji(), w.KindName(k), w.Rule(partyRules, k)))
	}
	return lines
}

// rulesIn explains the game, or one card, for the variant played in the
// channel (variant "" when there is no game: every rule of the card).
func rulesIn(w words.Lang, card, variant string) protocol.View {
	v := rulesView(w, card)
	if card == "" || v.Tone == protocol.ToneError || variant == "" {
		return v
	}
	k := engine.KindNone
	if c, ok := w.ParseCard(card); ok && c != engine.None {
		k = c.Kind()
	} else if kk, ok := w.ParseKind(card); ok {
		k = kk
	}
	set := engine.Settings{Ruleset: engine.Classic, Dummy: variant == "dummy"}
	if variant == "party" {
		set = partyRules
	}
	text := w.Rule(set, k)
	if text == "" {
		return v
	}
	v.Text = text
	if lo, hi := k.Players(); variant == "party" && (lo > 2 || hi < engine.MaxSeats) {
		v.Text += w.Say("rules.onAPartyMenuOnly", lo, hi)
	}
	return v
}

func rulesView(w words.Lang, card string) protocol.View {
	if card != "" {
		if c, ok := w.ParseCard(card); ok && c != engine.None && c != engine.FaceDown {
			return ruleView(w, c.Kind(), w.CardName(c))
		}
		if k, ok := w.ParseKind(card); ok && k != engine.KindNone {
			return ruleView(w, k, w.KindName(k))
		}
		return protocol.View{Text: w.Say("rules.noCardCalledQCards", card), Tone: protocol.ToneError}
	}
	var lines []string
	lines = append(lines,
		w.Say("rules.eachTurnEveryoneSecretlyKeeps"))
	for _, c := range []engine.Card{engine.Tempura, engine.Sashimi, engine.Dumpling, engine.Maki2, engine.SalmonNigiri, engine.Wasabi, engine.Chopsticks, engine.Pudding} {
		// Headed by the type (Nigiri, Maki roll), not by the card that
		// lends its emoji: "🍣 Salmon" headed all three nigiri.
		lines = append(lines, fmt.Sprintf("%s **%s** — %s", c.Emoji(), w.KindName(c.Kind()), w.Rule(classicRules, c.Kind())))
	}
	lines = append(lines, w.Say("rules.highestTotalWinsATie"),
		w.Say("rules.sushiGoPartyNewParty"))
	return protocol.View{Screen: protocol.ScreenHelp, Title: w.Say("rules.howToPlaySushiGo"), Text: strings.Join(lines, "\n"), Tone: protocol.ToneInfo}
}

// partyRulesView explains a Party game: how a turn goes and what each card
// type on its menu does.
func partyRulesView(w words.Lang, m engine.Menu) protocol.View {
	lines := []string{w.Say("rules.eachTurnEveryoneSecretlyKeeps2")}
	lines = append(lines, menuLines(w, m)...)
	for _, k := range []engine.Kind{engine.KindChopsticks, engine.KindSpoon, engine.KindMenu, engine.KindTakeoutBox} {
		if m.Has(k) {
			// The circled numbers on these cards would otherwise go
			// unexplained (Spoon ⑤, Menu ⑧, Takeout ⑪).
			lines = append(lines, w.Say("rules.aCircledNumberOnA"))
			break
		}
	}
	lines = append(lines, w.Say("rules.highestTotalWinsATie2"))
	return protocol.View{Screen: protocol.ScreenHelp, Title: w.Say("rules.howToPlayParty", w.MenuName(m)), Text: strings.Join(lines, "\n"), Tone: protocol.ToneInfo}
}

// RulesView is how to play (card "") or what one card does, in both games:
// the rules command outside any game.
func RulesView(w words.Lang, card string) protocol.View { return rulesView(w, card) }

// ruleView explains one card type: its classic rule and, where Party
// plays it differently or only Party has it, the Party rule.
func ruleView(w words.Lang, k engine.Kind, name string) protocol.View {
	var lines []string
	classic, party := w.Rule(classicRules, k), w.Rule(partyRules, k)
	switch {
	case classic != "" && party != "" && classic != party:
		lines = append(lines, w.Say("rules.inClassic", classic), w.Say("rules.inParty", party))
	case classic != "":
		lines = append(lines, classic)
	default:
		lines = append(lines, w.Say("rules.inParty", party))
	}
	if lo, hi := k.Players(); k.Group() != engine.GroupNone && (lo > 2 || hi < engine.MaxSeats) {
		lines = append(lines, w.Say("rules.onAPartyMenuOnly2", lo, hi))
	}
	return protocol.View{Screen: protocol.ScreenHelp, Title: k.Emoji() + " " + name, Text: strings.Join(lines, "\n"), Tone: protocol.ToneInfo}
}
