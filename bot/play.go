package bot

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/strategy"
	"github.com/sushigo/sushigo/storage"
)

// pickErrors turns engine refusals into what a player reads.
var pickErrors = []struct {
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
}

func friendly(err error) string {
	for _, p := range pickErrors {
		if errors.Is(err, p.err) {
			return p.msg
		}
	}
	return ""
}

// playerSeat finds the caller's seat in a running game, or refuses.
func playerSeat(req Request, st *state) (int, error) {
	if st.Phase == phaseLobby {
		return -1, refuse("The game hasn't started yet.")
	}
	if st.Phase == phaseOver {
		return -1, refuse("This game is over. Press **Rematch** for another.")
	}
	i := st.seatOf(req.Who.ID)
	if i < 0 {
		return -1, refuse("You're not playing in this game — these cards aren't yours.")
	}
	if st.Seats[i].Bot {
		return -1, refuse("A bot is playing your seat. Use `join` to take it back.")
	}
	return i, nil
}

// handReply answers with a private hand view: over the clicked private
// message when there is one, else as a new private reply. In ephemeral mode
// the reply becomes the player's hand message for later edits.
func (b *Bot) handReply(req Request, st *state, i int, v View) Delivery {
	s := &st.Seats[i]
	if st.Opts.Hands == HandsEphemeral || s.DMFailed {
		if req.Reply.ID != "" {
			s.Hand = req.Reply
		}
	}
	if s.DMFailed && !s.DMNoticed {
		s.DMNoticed = true
		v.Text = "📪 I couldn't send you a private message (your DMs are closed), so your hand shows up here instead.\n" + v.Text
	}
	return Delivery{Kind: Reply, To: Private(req.Who.ID), Replace: req.FromPrivate && isClick(req), View: v}
}

func (b *Bot) showHand(req Request, st *state) (change, error) {
	i, err := playerSeat(req, st)
	if err != nil {
		return change{}, err
	}
	v := handView(st, i, Pick{})
	if p, ok := st.game.View(i).Pending(); ok {
		v = lockedView(st, i, p)
	}
	return change{save: true, resp: Response{Deliveries: []Delivery{b.handReply(req, st, i, v)}}}, nil
}

// complete reports whether a selection can be submitted.
func complete(st *state, i int, p Pick) bool {
	return p.Card != engine.None && (!p.Chop || p.Extra != engine.None) &&
		(st.game.Controller() != i || p.Dummy != engine.None)
}

func (b *Bot) pick(req Request, st *state, p Pick) (change, error) {
	i, err := playerSeat(req, st)
	if err != nil {
		return change{}, err
	}
	g := st.game
	if (p.Round != 0 && p.Round != g.Round()) || (p.Turn != 0 && p.Turn != g.Turn()) {
		v := handView(st, i, Pick{})
		v.Text = "⌛ That button was from an earlier turn. " + v.Text
		return change{save: true, resp: Response{Deliveries: []Delivery{b.handReply(req, st, i, v)}}}, nil
	}
	if !complete(st, i, p) {
		// The next step of the selection; nothing is submitted yet.
		if !holds(g.View(i).AppendHand(nil), p.Card, p.Extra, p.Dummy) {
			v := handView(st, i, Pick{})
			v.Text = "That card isn't in your hand any more. " + v.Text
			return change{save: true, resp: Response{Deliveries: []Delivery{b.handReply(req, st, i, v)}}}, nil
		}
		if p.Chop && g.View(i).Chopsticks(i) == 0 {
			return change{}, refuse("%s", friendly(engine.ErrNoChopsticks))
		}
		return change{save: true, resp: Response{Deliveries: []Delivery{b.handReply(req, st, i, handView(st, i, p))}}}, nil
	}
	sub := engine.Submission{Card: p.Card, Extra: p.Extra, Dummy: p.Dummy, Round: g.Round(), Turn: g.Turn()}
	shown, revealed, err := b.submit(st, i, sub, nil)
	if err != nil {
		if msg := friendly(err); msg != "" {
			return change{}, refuse("%s", msg)
		}
		return change{}, fmt.Errorf("submit in %s: %w", st.ID, err)
	}
	st.Seats[i].Idle = 0
	more, again := b.advance(st, nil)
	revealed = revealed || again
	// The player's own answer first: it records their newest hand reference,
	// which the table rendered next takes into account.
	var mine Delivery
	if revealed {
		mine = b.handReply(req, st, i, handOrOver(st, i))
	} else {
		mine = b.handReply(req, st, i, lockedView(st, i, sub))
	}
	ds := b.settle(Request{}, st, append(shown, more...), revealed)
	if revealed && req.FromPrivate && isClick(req) {
		// Their click is answered by replacing that very message, so its
		// separate edit is dropped.
		ds = dropHandEdit(ds, req.Who.ID)
	}
	ds = append(ds, mine)
	return b.afterPlay(req, st, Response{Deliveries: ds})
}

// holds reports whether hand has every named card (None ignored), as many
// times as named.
func holds(hand []engine.Card, cards ...engine.Card) bool {
	for _, c := range cards {
		if c == engine.None {
			continue
		}
		i := slices.Index(hand, c)
		if i < 0 {
			return false
		}
		hand = slices.Delete(slices.Clone(hand), i, i+1)
	}
	return true
}

// dropHandEdit removes the edit of user's hand message: their click is
// answered by replacing that very message.
func dropHandEdit(ds []Delivery, user string) []Delivery {
	out := ds[:0]
	for _, d := range ds {
		if d.Kind == Edit && d.To.User == user {
			continue
		}
		out = append(out, d)
	}
	return out
}

func handOrOver(st *state, i int) View {
	if st.game.Over() {
		return View{Title: "🍣 Game over", Text: "The game is over — see the final standings in the channel.", Tone: ToneOver,
			Channel: st.Where.Channel}
	}
	return handView(st, i, Pick{})
}

// advance lets bot seats (and players whose only choice is forced, such as
// the last card of a round) submit, repeatedly, and returns what each reveal
// shows. autoNotes are timer notices to show with the next reveal.
func (b *Bot) advance(st *state, autoNotes []string) ([]Delivery, bool) {
	g := st.game
	var ds []Delivery
	revealedAny := false
	h := strategy.NewHeuristic()
	var legal []engine.Submission
	for progress := true; progress && !g.Over(); {
		progress = false
		for i := range st.Seats {
			if g.Over() || g.Submitted(i) {
				continue
			}
			v := g.View(i)
			var sub engine.Submission
			if st.Seats[i].Bot {
				sub = h.Choose(v)
			} else if legal = v.AppendLegal(legal[:0]); len(legal) == 1 {
				sub = legal[0]
			} else {
				continue
			}
			shown, revealed, err := b.submit(st, i, sub, autoNotes)
			if err != nil {
				b.log.Error("bot seat choice refused", "game", st.ID, "seat", i, "err", err)
				continue
			}
			progress = true
			ds = append(ds, shown...)
			if revealed {
				autoNotes, revealedAny = nil, true
			}
		}
	}
	return ds, revealedAny
}

// submit submits for seat i and, when that was the last choice of the turn,
// returns what the reveal shows.
func (b *Bot) submit(st *state, i int, sub engine.Submission, notes []string) ([]Delivery, bool, error) {
	g := st.game
	turn, round := g.Turn(), g.Round()
	if err := g.Submit(i, sub); err != nil {
		return nil, false, err
	}
	if g.Turn() == turn && g.Round() == round && !g.Over() {
		return nil, false, nil
	}
	return b.revealed(st, round, notes), true, nil
}

// revealed is what the channel sees after a reveal: who took what, the
// round's scores when it ended, the final standings when the game did.
// The table and hands are refreshed once, by settle.
func (b *Bot) revealed(st *state, round int, notes []string) []Delivery {
	now := b.now()
	g := st.game
	st.TurnStart, st.Reminded, st.Notes = now, false, notes
	ds := []Delivery{{Kind: Post, To: Channel, View: revealView(st)}}
	if g.Round() != round || g.Over() {
		ds = append(ds, Delivery{Kind: Post, To: Channel, View: roundScoreView(st, round)})
	}
	if g.Over() {
		st.Phase = phaseOver
		ds = append(ds, Delivery{Kind: Post, To: Channel, View: finalView(st)})
	}
	return ds
}

// settle ends a request that changed the game: one refresh of the public
// table, rendered from the final state, and, after a reveal, every
// player's hand. Posts (reveals, scores) come first.
func (b *Bot) settle(req Request, st *state, posts []Delivery, revealed bool) []Delivery {
	now := b.now()
	ds := append(posts, refreshTable(req, st, tableView(st, now), now)...)
	if revealed {
		ds = append(ds, b.handDeliveries(st, now)...)
	}
	return ds
}

// handDeliveries refreshes every player's private hand message that can
// still be edited; in DM mode a player without one gets a new DM.
func (b *Bot) handDeliveries(st *state, now time.Time) []Delivery {
	var ds []Delivery
	for i := range st.Seats {
		s := &st.Seats[i]
		if !s.human() {
			continue
		}
		v := handOrOver(st, i)
		switch {
		case s.Hand.Usable(now):
			ds = append(ds, Delivery{Kind: Edit, To: Private(s.User), Ref: s.Hand, View: v})
		case st.Opts.Hands == HandsDM && !s.DMFailed && !st.game.Over():
			ds = append(ds, Delivery{Kind: Post, To: Private(s.User), Slot: HandSlot(s.User), View: v})
		}
	}
	return ds
}

// afterPlay finishes an update that may have changed the engine: at game
// end it records the result and keeps the game for a while; during play it
// keeps the timer's deadline.
func (b *Bot) afterPlay(req Request, st *state, resp Response) (change, error) {
	c := change{save: true, resp: resp}
	if st.Phase == phaseOver {
		c.ttl, c.cancel = b.cfg.FinishedTTL, true
		c.result = b.result(st)
		return c, nil
	}
	if st.Opts.Timer > 0 {
		// Scheduling is idempotent and cheap; the deadline is re-derived from
		// the state when it fires, so an early wake-up only reschedules.
		c.schedule = b.nextDeadline(st)
	}
	return c, nil
}

func (b *Bot) result(st *state) *storage.Result {
	r := &storage.Result{GameID: st.ID, Community: st.Where.board(), FinishedAt: b.now()}
	for _, s := range st.game.Standings() {
		seat := st.Seats[s.Seat]
		if seat.human() {
			r.Players = append(r.Players, storage.PlayerResult{ID: seat.User, Name: seat.Name, Score: s.Score, Place: s.Place})
		}
	}
	if len(r.Players) == 0 {
		return nil
	}
	return r
}

func (b *Bot) nextDeadline(st *state) time.Time {
	t := time.Duration(st.Opts.Timer) * time.Second
	if !st.Reminded {
		return st.TurnStart.Add(t / 2)
	}
	return st.TurnStart.Add(t)
}

func equalFold(a, b string) bool { return strings.EqualFold(a, b) }
