package bot

import (
	"slices"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/protocol"
)

// typedAnswer turns an Answer action into the engine's answer to the
// pending decision. A typed answer names a card or a type loosely: `choose
// tempura` to a spoon asks for the type, `choose onigiri` to a menu takes
// the first onigiri offered. Whether the answer stands is the engine's to
// say.
func typedAnswer(g *engine.Game, seat int, a protocol.Answer) engine.Answer {
	d, ok := g.Decision()
	ans := engine.Answer{Card: a.Card, Kind: a.Kind, Flip: a.Flip, Round: d.Round, Turn: d.Turn, Step: d.Step}
	if a.Round != 0 || !ok {
		// A button: exactly what the engine offered, for the decision it
		// was drawn for.
		ans.Round, ans.Turn, ans.Step = a.Round, a.Turn, a.Step
		return ans
	}
	switch {
	case a.Card != engine.None && g.CheckAnswer(seat, ans) != nil:
		// A card without variants is asked for by its type (a spoon).
		if byKind := (engine.Answer{Kind: a.Card.Kind(), Round: d.Round, Turn: d.Turn, Step: d.Step}); g.CheckAnswer(seat, byKind) == nil {
			return byKind
		}
	case a.Card == engine.None && a.Kind != engine.KindNone && g.CheckAnswer(seat, ans) != nil:
		// A type names the first card of it offered (a menu, a copy).
		opts := g.View(seat).AppendOptions(nil)
		if i := slices.IndexFunc(opts, func(o engine.Answer) bool { return o.Card.Kind() == a.Kind }); i >= 0 {
			ans.Card, ans.Kind = opts[i].Card, engine.KindNone
		}
	}
	return ans
}

// typedHint is the refusal of a typed answer that isn't one of the
// decision's options: how to answer this kind of decision.
func typedHint(d engine.Decision, a protocol.Answer) error {
	switch {
	case d.Kind == engine.DecideTakeout && a.Flip == 0:
		return refuse("play.takeoutWaits")
	case d.Kind == engine.DecideTakeout:
		return refuse("play.flipNumbered")
	case d.Kind == engine.DecideSpoon && a.Flip != 0:
		return refuse("play.spoonWaits")
	case d.Kind == engine.DecideSpoon:
		return refuse("play.spoonAsks")
	case a.Flip != 0:
		return refuse("play.choiceWaits", decisionPhrase(d))
	}
	return engineRefusal(engine.ErrNotAnOption)
}
