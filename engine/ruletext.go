package engine

// The rule texts live beside the card data, so a new card kind is a row
// here too and never a change to the host; ruletext_test.go checks each
// number a text claims against what the engine pays.

// Rule is what a card of kind k does in games of s, in a sentence or two:
// what `rules <card>` and a Party lobby show. It is "" for a kind s's
// ruleset does not play.
func (s Settings) Rule(k Kind) string {
	s = s.withDefaults()
	switch {
	case s.Ruleset == Party:
		return partyRules[k]
	case s.Dummy && k == KindPudding:
		return dummyPudding
	}
	return classicRules[k]
}

// classicRules says what each card type of classic Sushi Go! does.
var classicRules = map[Kind]string{
	KindTempura:    "A pair of tempura scores 5. A single one scores nothing.",
	KindSashimi:    "A set of 3 sashimi scores 10. One or two score nothing.",
	KindDumpling:   "1/2/3/4/5+ dumplings score 1/3/6/10/15.",
	KindMaki:       "Most maki icons scores 6, second most 3. Ties split the points (rounded down); a tie for most pays no second place; 0 icons never place.",
	KindNigiri:     "Egg 1, salmon 2, squid 3 — tripled on a wasabi.",
	KindWasabi:     "The next nigiri you take goes on your oldest empty wasabi and scores triple. Taking wasabi and nigiri with chopsticks in that order boosts the nigiri.",
	KindChopsticks: "On a later turn, take two cards (both chosen before the reveal); the chopsticks then go back into the hand you pass on.",
	KindPudding:    "Kept until the end: most puddings +6, fewest −6 (no −6 with 2 players). Ties split.",
}

// partyRules are the Party rules of each type (seed 002): where a type's
// classic rule differs (maki, chopsticks, pudding), the Party one.
var partyRules = map[Kind]string{
	KindNigiri:           "Egg 1, salmon 2, squid 3 — tripled on a wasabi.",
	KindMaki:             "Round end: most maki icons 6, second 3 (6–8 players: 6/4/2). Ties all score in full; you need at least 1 icon.",
	KindTemaki:           "Round end: most temaki +4, fewest (even 0) −4; ties in full. No −4 with 2 players.",
	KindUramaki:          "The first to reach 10 uramaki icons scores 8 at once, the next 5, then 2 (those uramaki are discarded). At round end the most icons left takes the next unclaimed place.",
	KindTempura:          "A pair of tempura scores 5.",
	KindSashimi:          "A set of 3 sashimi scores 10.",
	KindDumpling:         "1/2/3/4/5+ dumplings score 1/3/6/10/15.",
	KindEel:              "1 eel −3; 2 or more eel +7.",
	KindTofu:             "1 tofu 2, 2 tofu 6, 3 or more tofu 0.",
	KindEdamame:          "Each edamame scores 1 per opponent with edamame (at most 4). 3+ players only.",
	KindMisoSoup:         "3 points — unless another miso soup is played the same turn: then all of them are discarded.",
	KindOnigiri:          "Sets of different shapes: 1/2/3/4 shapes score 1/4/9/16.",
	KindWasabi:           "The next nigiri you play goes on it and scores triple.",
	KindChopsticks:       "Call it with a later pick: after the reveal, play a second card from your hand; the chopsticks go back into that hand.",
	KindSoySauce:         "4 points if you have the most (or tied) different background colours.",
	KindTea:              "1 point per card in your largest set of one background colour.",
	KindSpoon:            "Call it with a later pick: after the reveal, name a card or type; the first player to your left who has one gives it to you and takes the spoon. 3+ players only.",
	KindMenu:             "When played, draw 4 cards from the deck and play one of them (not a menu); the menu is discarded. 2–6 players only.",
	KindSpecialOrder:     "Copies a card you played earlier this round (chosen with the pick). 2–6 players only.",
	KindTakeoutBox:       "When played, turn any of your earlier cards this round face down: each scores 2 instead.",
	KindPudding:          "Game end: most puddings +6, fewest (even 0) −6; ties in full. No −6 with 2 players.",
	KindGreenTeaIceCream: "Game end: each set of 4 scores 12.",
	KindFruit:            "Game end: each fruit's icons score 0/1/2/3/4/5+ → −2/0/1/3/6/10.",
}

// dummyPudding is the pudding rule of the two-player dummy variant, where
// the dummy is a third tableau (ruling C9), so the fewest-puddings penalty
// applies.
const dummyPudding = "Kept until the end: most puddings +6, fewest −6 — the dummy counts, so with it the −6 applies. Ties split."
