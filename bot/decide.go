package bot

import (
	"fmt"
	"slices"

	"github.com/sushigo/sushigo/engine"
)

// answer takes a player's answer to their Party decision after a reveal:
// a button or select of their private prompt, or a typed `choose`/`flip`.
func (b *Bot) answer(req Request, st *state, a Answer) (change, error) {
	i, err := playerSeat(req, st)
	if err != nil {
		return change{}, err
	}
	g := st.game
	d, ok := g.Decision()
	stale := a.Round != 0 && (!ok || a.Round != d.Round || a.Turn != d.Turn || a.Step != d.Step)
	switch {
	case stale:
		// An old prompt: show what is current instead, privately.
		v := handOrOver(st, i)
		v.Text = "⌛ That choice was already made. " + v.Text
		return change{save: true, resp: Response{Deliveries: []Delivery{b.lookReply(req, st, i, v)}}}, nil
	case !ok:
		return change{}, refuse("%s", friendly(engine.ErrNoDecision))
	case d.Seat != i:
		return change{}, refuse("%s is deciding (their %s), not you.", st.name(d.Seat), decisionName(d))
	}
	ans, err := typedAnswer(g.View(i), d, a)
	if err != nil {
		return change{}, err
	}
	shown, moved, err := b.act(st, nil, func(g *engine.Game) error { return g.Decide(i, ans) })
	if err != nil {
		if msg := friendly(err); msg != "" {
			return change{}, refuse("%s", msg)
		}
		return change{}, fmt.Errorf("answer in %s: %w", st.ID, err)
	}
	st.Seats[i].Idle = 0
	more, again := b.advance(st, nil)
	mine := b.handReply(req, st, i, handOrOver(st, i))
	ds := b.settle(Request{}, st, append(shown, more...), moved || again)
	if req.FromPrivate && isClick(req) {
		ds = dropHandEdit(ds, req.Who.ID)
	}
	return b.afterPlay(req, st, Response{Deliveries: append(ds, mine)})
}

// typedAnswer turns an Answer action into the engine's answer to d. A
// typed answer names a card or a type loosely: `choose tempura` to a spoon
// asks for the type, `choose onigiri` to a menu takes the first onigiri
// offered.
func typedAnswer(w engine.View, d engine.Decision, a Answer) (engine.Answer, error) {
	ans := engine.Answer{Card: a.Card, Kind: a.Kind, Flip: a.Flip, Round: d.Round, Turn: d.Turn, Step: d.Step}
	if a.Round != 0 {
		return ans, nil // a button: exactly what the engine offered
	}
	opts := w.AppendOptions(nil)
	offered := func(x engine.Answer) bool {
		return slices.ContainsFunc(opts, func(o engine.Answer) bool { return o.Card == x.Card && o.Kind == x.Kind })
	}
	switch d.Kind {
	case engine.DecideTakeout:
		if a.Card != engine.None || a.Kind != engine.KindNone {
			return ans, refuse("Your takeout box is waiting: `flip <positions>` or `flip none`.")
		}
		if a.Flip&^d.Flippable != 0 {
			return ans, refuse("You can only flip the cards numbered in your prompt.")
		}
		return ans, nil
	case engine.DecideSpoon:
		if a.Flip != 0 {
			return ans, refuse("Your spoon is waiting: `choose <card or type>`.")
		}
		if !offered(ans) && a.Card != engine.None {
			// A card without variants is asked for by its type.
			ans.Card, ans.Kind = engine.None, a.Card.Kind()
		}
		if !offered(ans) {
			return ans, refuse("Ask for a card type on the menu (or an exact card of one).")
		}
		return ans, nil
	}
	if a.Flip != 0 {
		return ans, refuse("Your %s is waiting: `choose <card>`.", decisionName(d))
	}
	if a.Card == engine.None && a.Kind != engine.KindNone {
		if i := slices.IndexFunc(opts, func(o engine.Answer) bool { return o.Card.Kind() == a.Kind }); i >= 0 {
			ans.Card, ans.Kind = opts[i].Card, engine.KindNone
		}
	}
	if !offered(ans) {
		return ans, refuse("%s", friendly(engine.ErrNotAnOption))
	}
	return ans, nil
}
