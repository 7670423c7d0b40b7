package bot

import (
	"errors"
	"strings"

	"github.com/sushigo/sushigo/engine"
)

// engineWords is what a player reads for each of the engine's refusals:
// the one place (per language) where its sentinel errors become words.
var engineWords = []struct {
	err error
	msg string
}{
	{engine.ErrGameOver, "This game is over."},
	{engine.ErrWrongTurn, "That button is from an earlier turn — here is your current hand."},
	{engine.ErrNotInHand, "That card isn't in your hand any more."},
	{engine.ErrSameCardTwice, "You only have one of that card — choose two different cards."},
	{engine.ErrNoChopsticks, "You have no chopsticks in front of you to use this turn."},
	{engine.ErrHandTooSmall, "Not enough cards left in your hand to use chopsticks."},
	{engine.ErrDummyCard, "You control the dummy this turn: choose a card for it too."},
	{engine.ErrNotController, "Only the player controlling the dummy chooses its card."},
	{engine.ErrNoCard, "Choose a card first."},
	{engine.ErrNoSpoon, "You have no spoon in front of you to use this turn."},
	{engine.ErrCopyTarget, "Your special order can't copy that: choose a card in front of you."},
	{engine.ErrDeciding, "The cards are revealed — wait until every choice after the reveal is made."},
	{engine.ErrExtraAfterReveal, "In Sushi Go Party! you call your chopsticks with your pick (`pick <card> call=chopsticks`) and choose the second card after the reveal."},
	{engine.ErrNoDecision, "There is nothing to decide right now."},
	{engine.ErrNotYourDecision, "Another player is deciding right now."},
	{engine.ErrNotAnOption, "That isn't one of your choices — pick one of the buttons."},
}

// friendly is what a player reads for an engine error: a rule's own
// reason (engine.Problem, such as what is wrong with a menu) as a
// sentence, else the table's words, else "" (not a refusal the player
// caused).
func friendly(err error) string {
	var p *engine.Problem
	if errors.As(err, &p) && p.Reason != "" {
		return strings.ToUpper(p.Reason[:1]) + p.Reason[1:]
	}
	for _, w := range engineWords {
		if errors.Is(err, w.err) {
			return w.msg
		}
	}
	return ""
}
