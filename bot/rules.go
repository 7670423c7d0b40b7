package bot

import (
	"fmt"
	"strings"

	"github.com/sushigo/sushigo/engine"
)

// cardRules says what each card type does, classic and Party. The lobby
// lists a Party menu's lines; `rules <card>` shows one.
var cardRules = map[engine.Kind]string{
	engine.KindTempura:    "A pair of tempura scores 5. A single one scores nothing.",
	engine.KindSashimi:    "A set of 3 sashimi scores 10. One or two score nothing.",
	engine.KindDumpling:   "1/2/3/4/5+ dumplings score 1/3/6/10/15.",
	engine.KindMaki:       "Most maki icons scores 6, second most 3. Ties split the points (rounded down); a tie for most pays no second place; 0 icons never place.",
	engine.KindNigiri:     "Egg 1, salmon 2, squid 3 — tripled on a wasabi.",
	engine.KindWasabi:     "The next nigiri you take goes on your oldest empty wasabi and scores triple. Taking wasabi and nigiri with chopsticks in that order boosts the nigiri.",
	engine.KindChopsticks: "On a later turn, take two cards (both chosen before the reveal); the chopsticks then go back into the hand you pass on.",
	engine.KindPudding:    "Kept until the end: most puddings +6, fewest −6 (no −6 with 2 players). Ties split.",
}

// partyRules are the Party rules of each type (seed 002): where a type's
// classic rule differs (maki, chopsticks, pudding), the Party one.
var partyRules = map[engine.Kind]string{
	engine.KindNigiri:           "Egg 1, salmon 2, squid 3 — tripled on a wasabi.",
	engine.KindMaki:             "Round end: most maki icons 6, second 3 (6–8 players: 6/4/2). Ties all score in full; you need at least 1 icon.",
	engine.KindTemaki:           "Round end: most temaki +4, fewest (even 0) −4; ties in full. No −4 with 2 players.",
	engine.KindUramaki:          "The first to reach 10 uramaki icons scores 8 at once, the next 5, then 2 (those uramaki are discarded). At round end the most icons left takes the next unclaimed place.",
	engine.KindTempura:          "A pair of tempura scores 5.",
	engine.KindSashimi:          "A set of 3 sashimi scores 10.",
	engine.KindDumpling:         "1/2/3/4/5+ dumplings score 1/3/6/10/15.",
	engine.KindEel:              "1 eel −3; 2 or more eel +7.",
	engine.KindTofu:             "1 tofu 2, 2 tofu 6, 3 or more tofu 0.",
	engine.KindEdamame:          "Each edamame scores 1 per opponent with edamame (at most 4). 3+ players only.",
	engine.KindMisoSoup:         "3 points — unless another miso soup is played the same turn: then all of them are discarded.",
	engine.KindOnigiri:          "Sets of different shapes: 1/2/3/4 shapes score 1/4/9/16.",
	engine.KindWasabi:           "The next nigiri you play goes on it and scores triple.",
	engine.KindChopsticks:       "Call it with a later pick: after the reveal, play a second card from your hand; the chopsticks go back into that hand.",
	engine.KindSoySauce:         "4 points if you have the most (or tied) different background colours.",
	engine.KindTea:              "1 point per card in your largest set of one background colour.",
	engine.KindSpoon:            "Call it with a later pick: after the reveal, name a card or type; the first player to your left who has one gives it to you and takes the spoon. 3+ players only.",
	engine.KindMenu:             "When played, draw 4 cards from the deck and play one of them (not a menu); the menu is discarded. 2–6 players only.",
	engine.KindSpecialOrder:     "Copies a card you played earlier this round (chosen with the pick). 2–6 players only.",
	engine.KindTakeoutBox:       "When played, turn any of your earlier cards this round face down: each scores 2 instead.",
	engine.KindPudding:          "Game end: most puddings +6, fewest (even 0) −6; ties in full. No −6 with 2 players.",
	engine.KindGreenTeaIceCream: "Game end: each set of 4 scores 12.",
	engine.KindFruit:            "Game end: each fruit's icons score 0/1/2/3/4/5+ → −2/0/1/3/6/10.",
}

// menuLines is one line per card type of a Party menu: what it does.
func menuLines(m engine.Menu) []string {
	var lines []string
	for _, k := range m.Kinds() {
		lines = append(lines, fmt.Sprintf("%s **%s** — %s", k.Emoji(), k.Name(), partyRules[k]))
	}
	return lines
}

// dummyPudding is the pudding rule of the two-player dummy variant, where
// the dummy is a third tableau (ruling C9), so the fewest-puddings penalty
// applies.
const dummyPudding = "Kept until the end: most puddings +6, fewest −6 — the dummy counts, so with it the −6 applies. Ties split."

// rulesIn explains the game, or one card, for the variant played in the
// channel (variant "" when there is no game: every rule of the card).
func rulesIn(card, variant string) View {
	v := rulesView(card)
	if card == "" || v.Tone == ToneError || variant == "" {
		return v
	}
	k := engine.KindNone
	if c, ok := engine.ParseCard(card); ok && c != engine.None {
		k = c.Kind()
	} else if kk, ok := engine.ParseKind(card); ok {
		k = kk
	}
	switch {
	case variant == "party" && partyRules[k] != "":
		v.Text = partyRules[k]
	case variant == "dummy" && k == engine.KindPudding:
		v.Text = dummyPudding
	case variant != "party" && cardRules[k] != "":
		v.Text = cardRules[k]
	default:
		return v
	}
	if lo, hi := k.Players(); variant == "party" && (lo > 2 || hi < engine.MaxSeats) {
		v.Text += fmt.Sprintf("\nOn a Party menu only with %d to %d players.", lo, hi)
	}
	return v
}

func rulesView(card string) View {
	if card != "" {
		if c, ok := engine.ParseCard(card); ok && c != engine.None && c != engine.FaceDown {
			return ruleView(c.Kind(), c.Name())
		}
		if k, ok := engine.ParseKind(card); ok && k != engine.KindNone {
			return ruleView(k, k.Name())
		}
		return View{Text: fmt.Sprintf("No card called %q. Cards: tempura, sashimi, dumpling, maki, nigiri, wasabi, chopsticks, pudding; Party: temaki, uramaki, eel, tofu, edamame, miso, onigiri, soy, tea, spoon, menu, special order, takeout, ice cream, fruit.", card), Tone: ToneError}
	}
	var lines []string
	lines = append(lines,
		"Each turn everyone secretly keeps one card from their hand, all are revealed together, and hands pass to the next player. Three rounds; score after each, puddings at the end.")
	for _, c := range []engine.Card{engine.Tempura, engine.Sashimi, engine.Dumpling, engine.Maki2, engine.SalmonNigiri, engine.Wasabi, engine.Chopsticks, engine.Pudding} {
		lines = append(lines, fmt.Sprintf("%s **%s** — %s", c.Emoji(), strings.TrimSuffix(strings.SplitN(c.Name(), " (", 2)[0], " nigiri"), cardRules[c.Kind()]))
	}
	lines = append(lines, "Highest total wins; a tie goes to most puddings, then the win is shared.",
		"Sushi Go Party! (`new party`) plays a menu of 8 card types with 2–8 players: `rules <card>` explains each, e.g. `rules spoon`.")
	return View{Screen: ScreenHelp, Title: "📖 How to play Sushi Go!", Text: strings.Join(lines, "\n"), Tone: ToneInfo}
}

// partyRulesView explains a Party game: how a turn goes and what each card
// type on its menu does.
func partyRulesView(m engine.Menu) View {
	lines := []string{"Each turn everyone secretly keeps one card from their hand, all are revealed together, and hands pass on. Three rounds; desserts score at the end. This game's menu:"}
	lines = append(lines, menuLines(m)...)
	lines = append(lines, "Highest total wins; a tie goes to the most desserts kept, then the win is shared. `rules <card>` explains one card.")
	return View{Screen: ScreenHelp, Title: "📖 How to play Sushi Go Party! — " + m.Name(), Text: strings.Join(lines, "\n"), Tone: ToneInfo}
}

// RulesView is how to play (card "") or what one card does, in both games:
// the rules command outside any game.
func RulesView(card string) View { return rulesView(card) }

// ruleView explains one card type: its classic rule and, where Party
// plays it differently or only Party has it, the Party rule.
func ruleView(k engine.Kind, name string) View {
	var lines []string
	classic, party := cardRules[k], partyRules[k]
	switch {
	case classic != "" && party != "" && classic != party:
		lines = append(lines, "**Sushi Go!** — "+classic, "**Sushi Go Party!** — "+party)
	case classic != "":
		lines = append(lines, classic)
	default:
		lines = append(lines, "**Sushi Go Party!** — "+party)
	}
	if lo, hi := k.Players(); k.Group() != engine.GroupNone && (lo > 2 || hi < engine.MaxSeats) {
		lines = append(lines, fmt.Sprintf("On a Party menu only with %d to %d players.", lo, hi))
	}
	return View{Screen: ScreenHelp, Title: k.Emoji() + " " + name, Text: strings.Join(lines, "\n"), Tone: ToneInfo}
}

// Choice is one value a command's option offers: its label and the text
// the command takes.
type Choice struct{ Name, Value string }

// MenuChoices are what `new menu=` takes by name: the recommended menus,
// then custom and random.
func MenuChoices() []Choice {
	var out []Choice
	for _, m := range engine.RecommendedMenus {
		out = append(out, Choice{Name: m.Name, Value: m.Key})
	}
	return append(out, Choice{Name: "Custom (build it in the lobby)", Value: "custom"}, Choice{Name: "Random", Value: menuRandom})
}

// CardChoices are every card type `rules` explains, classic and Party.
func CardChoices() []Choice {
	var out []Choice
	for k := engine.KindTempura; k <= engine.KindFruit; k++ {
		out = append(out, Choice{Name: strings.ToLower(k.Name()), Value: k.Key()})
	}
	return out
}
