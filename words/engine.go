package words

import (
	"errors"

	"github.com/sushigo/sushigo/engine"
)

// engineWords are the catalog's keys for the engine's refusals: the one
// place where its sentinel errors become words.
var engineWords = []struct {
	err error
	key Key
}{
	{engine.ErrGameOver, "engine.gameOver"},
	{engine.ErrWrongTurn, "engine.wrongTurn"},
	{engine.ErrNotInHand, "engine.notInHand"},
	{engine.ErrSameCardTwice, "engine.sameCardTwice"},
	{engine.ErrNoChopsticks, "engine.noChopsticks"},
	{engine.ErrHandTooSmall, "engine.handTooSmall"},
	{engine.ErrDummyCard, "engine.dummyCard"},
	{engine.ErrNotController, "engine.notController"},
	{engine.ErrNoCard, "engine.noCard"},
	{engine.ErrNoSpoon, "engine.noSpoon"},
	{engine.ErrCopyTarget, "engine.copyTarget"},
	{engine.ErrDeciding, "engine.deciding"},
	{engine.ErrExtraAfterReveal, "engine.extraAfterReveal"},
	{engine.ErrNoDecision, "engine.noDecision"},
	{engine.ErrNotYourDecision, "engine.notYourDecision"},
	{engine.ErrNotAnOption, "engine.notAnOption"},
}

// Friendly is what a player reads for an engine error: a rule's own
// reason (engine.Problem, such as what is wrong with a menu) as a
// sentence, else the table's words, else "" (not a refusal the player
// caused).
func (l Lang) Friendly(err error) string {
	var p *engine.Problem
	if errors.As(err, &p) && p.Key != "" {
		return Capital(l.Reason(p))
	}
	for _, w := range engineWords {
		if errors.Is(err, w.err) {
			return l.Say(w.key)
		}
	}
	return ""
}

// Reason words a rule's problem as the engine states it, in lower case
// ("tofu can't be used with 2 players (only 2 to 8)"): card types it names
// by their names.
func (l Lang) Reason(p *engine.Problem) string {
	args := make([]any, len(p.Args))
	for i, a := range p.Args {
		if k, ok := a.(engine.Kind); ok {
			a = l.KindName(k)
		}
		args[i] = a
	}
	return l.Say(p.Key, args...)
}
