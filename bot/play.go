package bot

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/review"
	"github.com/sushigo/sushigo/engine/strategy"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// playerSeat finds the caller's seat in a running game, or refuses.
func playerSeat(req protocol.Request, st *gameRecord) (int, error) {
	if st.Phase == phaseLobby {
		return -1, refuse("play.notStarted")
	}
	if st.Phase == phaseOver {
		return -1, refuse("play.playOver")
	}
	i := st.seatOf(req.Who.ID)
	if i < 0 {
		return -1, refuse("play.notYourCards")
	}
	if st.Seats[i].Bot {
		return -1, refuse("play.botHasSeat")
	}
	return i, nil
}

// keepHandle is how long a hand handle must still work for a read-only
// click on the hand to keep it rather than take the click's fresher one:
// the answer replaces the same message either way, and keeping the handle
// leaves the game record unwritten. A move, written anyway, renews it.
const keepHandle = 5 * time.Minute

// handReply answers a move with a private hand view: over the clicked
// private message when there is one, else as a new private reply. In
// ephemeral mode the reply becomes the player's hand message for later
// edits, its handle the freshest there is.
func (b *Bot) handReply(req protocol.Request, st *gameRecord, i int, v protocol.View) protocol.Delivery {
	return b.handAnswer(req, st, i, v, false)
}

// handReplyNow is handReply with the hand as it stands, which the outbox
// may draw again when it sends (redraw.go), unless the answer adds a note.
func (b *Bot) handReplyNow(req protocol.Request, st *gameRecord, i int) protocol.Delivery {
	v := handNow(st.drawNow(), i)
	d := b.handReply(req, st, i, v)
	if d.View.Text == v.Text { // no note added
		d.Redraw = redrawHand
	}
	return d
}

// lookReply is handReply for a request that changes nothing (a look, a
// stale button, a step of a selection): a click on the hand keeps the
// handle it has while it lasts, so nothing is written.
func (b *Bot) lookReply(req protocol.Request, st *gameRecord, i int, v protocol.View) protocol.Delivery {
	return b.handAnswer(req, st, i, v, true)
}

func (b *Bot) handAnswer(req protocol.Request, st *gameRecord, i int, v protocol.View, look bool) protocol.Delivery {
	s := &st.Seats[i]
	if !st.byDM(s) {
		switch live := s.Hand.Usable(b.now()); {
		case !req.FromPrivate && req.Reply.ID == "" && live:
			// Asked from the table where a new private message could never
			// be updated (Slack): the live hand message shows it instead,
			// so no stale copy is left behind. Where the outbox keeps that
			// message current (every change edits it, in order), it shows
			// it already: a look then writes nothing.
			if !look || b.sender(st) == nil {
				st.extra = append(st.extra, protocol.Delivery{Kind: protocol.Edit, To: protocol.Private(s.User), Ref: s.Hand.Use(), View: v})
			}
			return protocol.Delivery{Kind: protocol.Reply, To: protocol.Private(req.Who.ID), View: protocol.View{Screen: protocol.ScreenNotice, Tone: protocol.ToneInfo,
				Text: req.Lang.Say("play.yourHandIsUpTo")}}
		case !req.FromPrivate && req.Reply.ID != "" && live && s.Hand.ID != req.Reply.ID:
			// The new reply becomes the hand message; the old one would
			// linger, never updated again, so it goes.
			st.extra = append(st.extra, protocol.Delivery{Kind: protocol.Delete, To: protocol.Private(s.User), Ref: s.Hand.Use()})
		}
		if req.Reply.ID != "" && !(look && req.FromPrivate && isClick(req) && s.Hand.LastsFor(b.now(), keepHandle)) {
			s.Hand = req.Reply
		}
	}
	if s.DMFailed && !s.DMNoticed {
		s.DMNoticed = true
		v.Text = req.Lang.Say("play.iCouldnTSendYou") + v.Text
	}
	return protocol.Delivery{Kind: protocol.Reply, To: protocol.Private(req.Who.ID), Replace: req.FromPrivate && isClick(req), View: v}
}

func (b *Bot) showHand(req protocol.Request, st *gameRecord) (effect, error) {
	i, err := playerSeat(req, st)
	if err != nil {
		return effect{}, err
	}
	v := handOrOver(st.snap(), i)
	if p, ok := st.game.View(i).Pending(); ok && !st.game.Deciding() {
		v = lockedView(st.snap(), i, p)
	}
	return effect{save: true, resp: protocol.Response{Deliveries: []protocol.Delivery{b.lookReply(req, st, i, v)}}}, nil
}

func (b *Bot) pick(req protocol.Request, st *gameRecord, p protocol.Pick) (effect, error) {
	i, err := playerSeat(req, st)
	if err != nil {
		return effect{}, err
	}
	g := st.game
	w := g.View(i)
	if p.Kind != engine.KindNone {
		var err error
		if p.Card, err = ofKind(req.Lang, w.AppendHand(nil), p.Kind); err != nil {
			return effect{}, err
		}
	}
	p.Call = callable(w, p.Call)
	// The engine judges the selection; the host only tells a selection
	// still being made (what the next buttons ask for) from a refusal.
	sub := engine.Submission{Card: p.Card, Extra: p.Extra, Dummy: p.Dummy, Call: p.Call, Copy: p.Copy, Round: p.Round, Turn: p.Turn}
	err = g.Check(i, sub)
	var missing *engine.CardError
	switch {
	case errors.Is(err, engine.ErrWrongTurn) || errors.Is(err, engine.ErrDeciding):
		v := handOrOver(st.snap(), i)
		if g.Deciding() {
			v.Text = req.Lang.Say("play.theCardsOfThisTurn") + " " + v.Text
		} else {
			v.Text = req.Lang.Say("play.thatButtonWasFromAn") + " " + v.Text
		}
		return effect{save: true, resp: protocol.Response{Deliveries: []protocol.Delivery{b.lookReply(req, st, i, v)}}}, nil
	case errors.As(err, &missing) && errors.Is(err, engine.ErrNotInHand):
		if !isClick(req) {
			// A typed pick names cards that may never have been in the hand.
			return effect{}, refuse("play.notInHand", req.Lang.CardName(missing.Card))
		}
		return effect{}, engineRefusal(err)
	case choosing(p, err):
		// The next step of the selection; nothing is submitted yet.
		if p.Chop && p.Extra == engine.None && w.Chopsticks(i) == 0 {
			return effect{}, engineRefusal(engine.ErrNoChopsticks)
		}
		return effect{save: true, resp: protocol.Response{Deliveries: []protocol.Delivery{b.lookReply(req, st, i, handView(st.snap(), i, p))}}}, nil
	}
	sub.Round, sub.Turn = g.Round(), g.Turn()
	shown, revealed, err := b.submit(st, i, sub, nil)
	if err != nil {
		if r := engineRefusal(err); r != nil {
			return effect{}, r
		}
		return effect{}, fmt.Errorf("submit in %s: %w", st.ID, err)
	}
	st.Seats[i].Idle = 0
	more, again := b.advance(st, nil)
	revealed = revealed || again
	// The player's own answer first: it records their newest hand reference,
	// which the table rendered next takes into account.
	mine := b.handReplyNow(req, st, i)
	ds := b.settle(protocol.Request{Who: req.Who}, st, append(shown, more...), revealed)
	if revealed && req.FromPrivate && isClick(req) {
		// Their click is answered by replacing that very message, so its
		// separate edit is dropped.
		ds = dropHandEdit(ds, req.Who.ID)
	}
	ds = append(ds, mine)
	return b.afterPlay(req, st, protocol.Response{Deliveries: ds})
}

// ofKind is the hand's one card of type k, for a typed "pick maki"; with
// none, or with several different ones, the player is asked to name it.
func ofKind(w words.Lang, hand []engine.Card, k engine.Kind) (engine.Card, error) {
	var found []engine.Card
	var names []string
	for _, c := range hand {
		if c.Kind() == k && !slices.Contains(found, c) {
			found = append(found, c)
			names = append(names, "`"+strings.ToLower(w.CardShort(c))+"`")
		}
	}
	switch len(found) {
	case 0:
		return engine.None, refuse("play.notInHand", w.KindLower(k))
	case 1:
		return found[0], nil
	}
	return engine.None, refuse("play.whichCard",
		w.KindLower(k), strings.Join(names, ", "), strings.ToLower(w.CardShort(found[0])))
}

// choosing reports whether the engine's answer to a selection (err) only
// says the player has more to choose: a first card, the second card for
// chopsticks, the dummy's card, what a special order copies.
func choosing(p protocol.Pick, err error) bool {
	return err == nil && p.Chop && p.Extra == engine.None ||
		errors.Is(err, engine.ErrNoCard) || errors.Is(err, engine.ErrDummyCard) ||
		errors.Is(err, engine.ErrCopyTarget) && p.Copy == engine.None
}

// dropHandEdit removes the edit of user's hand message: their click is
// answered by replacing that very message.
func dropHandEdit(ds []protocol.Delivery, user string) []protocol.Delivery {
	out := ds[:0]
	for _, d := range ds {
		if d.Kind == protocol.Edit && d.To.User == user {
			continue
		}
		out = append(out, d)
	}
	return out
}

func handOrOver(st *snapshot, i int) protocol.View {
	st = st.to(i)
	g := st.game
	if g.Over() {
		text := st.w.Say("play.theGameIsOverSee")
		if st.plat.Terminal {
			text = st.w.Say("play.theGameIsOverThe")
		}
		return protocol.View{Screen: protocol.ScreenHand, Title: st.w.Say("play.gameOver"), Text: text, Tone: protocol.ToneOver, Channel: st.Where.Channel}
	}
	if d, ok := g.Decision(); ok {
		if d.Seat == i {
			return decisionView(st, i)
		}
		return waitingView(st, i)
	}
	return handView(st, i, protocol.Pick{})
}

// callable reads a typed call loosely: `call=spoon` means the first spoon
// the seat could call. Whether it may is the engine's to say.
func callable(w engine.View, c engine.Card) engine.Card {
	if c == engine.None {
		return c
	}
	calls := w.AppendCallable(nil)
	if slices.Contains(calls, c) {
		return c
	}
	if i := slices.IndexFunc(calls, func(x engine.Card) bool { return x.Kind() == c.Kind() }); i >= 0 {
		return calls[i]
	}
	return c
}

// advance lets bot seats (and players whose only choice is forced, such as
// the last card of a round) submit and answer their decisions, repeatedly,
// and returns what each reveal shows. autoNotes are timer notices to show
// with the next reveal.
func (b *Bot) advance(st *gameRecord, autoNotes []string) ([]protocol.Delivery, bool) {
	g := st.game
	var ds []protocol.Delivery
	movedAny := false
	var legal []engine.Submission
	var forced []string // said with the reveal: a person's only choice played itself
	for progress := true; progress && !g.Over(); {
		progress = false
		if d, ok := g.Decision(); ok {
			if d.Seat >= len(st.Seats) || !st.Seats[d.Seat].Bot {
				break // a person decides
			}
			p, inline := b.botPlayer(st.snap(), d.Seat)
			if !inline {
				st.think = true
				break
			}
			a := strategy.Answer(p, g.View(d.Seat))
			shown, moved, err := b.act(st, autoNotes, review.Move{Seat: d.Seat, Answer: a, Decide: true})
			if err != nil {
				b.log.Error("bot seat answer refused", "game", st.ID, "seat", d.Seat, "err", err)
				break
			}
			progress = true
			ds = append(ds, shown...)
			if moved {
				autoNotes, movedAny = nil, true
			}
			continue
		}
		for i := range st.Seats {
			if g.Over() || g.Deciding() || g.Submitted(i) {
				continue
			}
			v := g.View(i)
			var sub engine.Submission
			if st.Seats[i].Bot {
				p, inline := b.botPlayer(st.snap(), i)
				if !inline {
					st.think = true
					continue
				}
				sub = p.Choose(v)
			} else if legal = v.AppendLegal(legal[:0]); len(legal) == 1 {
				sub = legal[0]
				forced = append(forced, agree(st.Lang, st.name(i), "play.onlyChoice", cardText(st.Lang, sub.Card)))
			} else {
				continue
			}
			shown, moved, err := b.submit(st, i, sub, append(slices.Clone(autoNotes), forced...))
			if err != nil {
				b.log.Error("bot seat choice refused", "game", st.ID, "seat", i, "err", err)
				continue
			}
			progress = true
			ds = append(ds, shown...)
			if moved {
				autoNotes, forced, movedAny = nil, nil, true
			}
		}
	}
	return ds, movedAny
}

// submit submits for seat i; see act.
func (b *Bot) submit(st *gameRecord, i int, sub engine.Submission, notes []string) ([]protocol.Delivery, bool, error) {
	return b.act(st, notes, review.Move{Seat: i, Sub: sub})
}

// progress is where a game stands: it moves on at a reveal, at each
// decision after it and at the next turn.
type progress struct {
	round, turn, step int
	deciding, over    bool
}

func progressOf(g *engine.Game) progress {
	d, ok := g.Decision()
	return progress{g.Round(), g.Turn(), d.Step, ok, g.Over()}
}

// act runs one engine action (a submission or an answer). When it moved
// the game on it returns true, and, when a turn ended, what the reveal
// shows; while decisions follow a reveal, each decider gets a fresh turn
// timer and notes wait on the table for the reveal.
func (b *Bot) act(st *gameRecord, notes []string, m review.Move) ([]protocol.Delivery, bool, error) {
	g := st.ownedGame()
	before := progressOf(g)
	var err error
	if m.Decide {
		err = g.Decide(m.Seat, m.Answer)
	} else {
		err = g.Submit(m.Seat, m.Sub)
	}
	if err != nil {
		return nil, false, err
	}
	st.moveLog.add(m) // for the game's review (review.go)
	after := progressOf(g)
	switch {
	case after == before:
		return nil, false, nil
	case after.round == before.round && after.turn == before.turn && !after.over:
		st.turnClock.restart(b.now())
		st.Notes = append(st.Notes, notes...)
		return nil, true, nil
	}
	if before.deciding {
		// The notes of the reveal's start were kept on the table.
		notes = append(st.Notes, notes...)
	}
	return b.revealed(st, before.round, notes), true, nil
}

// revealed is what the channel sees after a reveal: who took what, the
// round's scores when it ended, the final standings when the game did.
// The table and hands are refreshed once, by settle.
func (b *Bot) revealed(st *gameRecord, round int, notes []string) []protocol.Delivery {
	now := b.now()
	g := st.game
	st.turnClock.restart(now)
	st.Notes = notes
	st.countTaken()
	ds := st.clearReminder()
	ds = append(ds, playByPlay(revealView(st.snap())))
	if g.Round() != round || g.Over() {
		// The reveal said them; the next round's table, or the end's,
		// does not repeat the last turn's notices.
		st.Notes = nil
		scores := playByPlay(roundScoreView(st.snap(), round))
		scores.Redraw = redrawRound + strconv.Itoa(round)
		ds = append(ds, scores)
	}
	if g.Over() {
		st.Phase = phaseOver
		st.finishedAt(now)
		ds = append(ds, protocol.Delivery{Kind: protocol.Post, To: protocol.Channel, Slot: protocol.SlotFinal, View: finalNow(st.snap()), Redraw: redrawFinal})
	}
	return ds
}

// settle ends a request that changed the game: one refresh of the public
// table, rendered from the final state, and, after a reveal, every
// player's hand. Posts (reveals, scores) come first.
func (b *Bot) settle(req protocol.Request, st *gameRecord, posts []protocol.Delivery, revealed bool) []protocol.Delivery {
	now := b.now()
	ds := append(posts, st.reminderDone()...)
	ds = append(ds, refreshTableNow(req, st, now)...)
	if revealed {
		ds = append(ds, b.handDeliveries(st, now, req.Who.ID)...)
	}
	return append(ds, decisionPing(st)...)
}

// handDeliveries refreshes every player's private hand message that can
// still be edited; in DM mode a player without one, or whom the new turn
// needs, gets a new DM (except the clicker, whose click shows it).
func (b *Bot) handDeliveries(st *gameRecord, now time.Time, clicker string) []protocol.Delivery {
	var ds []protocol.Delivery
	for i := range st.Seats {
		s := &st.Seats[i]
		if !s.human() {
			continue
		}
		// Undrawn: the outbox draws a hand from the game as stored when it
		// sends it, and a reply is drawn before the save (drawUndrawn).
		var v protocol.View
		switch {
		case st.byDM(s) && st.chat() && s.Hand.Usable(now) && st.needsReader(i) && s.User != clicker:
			// An edited DM tells nobody it is their move: a new one does.
			// The old one goes once the new one is there.
			ds = append(ds, protocol.Delivery{Kind: protocol.Post, To: protocol.Private(s.User), Slot: protocol.HandSlot(s.User), View: v, Redraw: redrawHand},
				protocol.Delivery{Kind: protocol.Delete, To: protocol.Private(s.User), Ref: s.Hand.Use()})
			s.Hand = protocol.Ref{}
		case s.Hand.Usable(now):
			ds = append(ds, protocol.Delivery{Kind: protocol.Edit, To: protocol.Private(s.User), Ref: s.Hand.Use(), View: v, Redraw: redrawHand})
		case st.byDM(s) && !st.game.Over():
			ds = append(ds, protocol.Delivery{Kind: protocol.Post, To: protocol.Private(s.User), Slot: protocol.HandSlot(s.User), View: v, Redraw: redrawHand})
		}
	}
	return ds
}

// byDM reports whether seat s's hands go by DM (the game's choice, unless
// their DMs failed).

// needsReader reports whether seat i must act now: choose a card, or make
// the decision the game waits on.
func (st *gameRecord) needsReader(i int) bool {
	g := st.game
	if g.Over() {
		return false
	}
	if d, ok := g.Decision(); ok {
		return d.Seat == i
	}
	return !g.Submitted(i)
}

// afterPlay finishes an update that may have changed the engine: at game
// end it records the result and keeps the game for a while; during play it
// keeps the timer's deadline.
func (b *Bot) afterPlay(req protocol.Request, st *gameRecord, resp protocol.Response) (effect, error) {
	c := effect{save: true, resp: resp}
	if st.Phase == phaseOver {
		c.ttl, c.cancel = b.cfg.FinishedTTL, true
		c.result = b.result(st)
		if r, ok := finishReview(st.snap(), &st.moveLog); ok {
			c.records = append(c.records, r)
		}
		return c, nil
	}
	if st.Opts.Timer > 0 {
		// Scheduling is idempotent and cheap; the deadline is re-derived from
		// the state when it fires, so an early wake-up only reschedules.
		c.schedule = b.nextDeadline(st)
	} else if b.cfg.Nudge > 0 && st.chat() && !st.Nudging {
		// Set when none is pending (the start, a wait after a nudge, a game
		// stored by an earlier release): one still pending from an earlier
		// wait finds the new one when it fires and moves itself (nudge),
		// so clicks pay nothing for it.
		st.Nudging = true
		c.schedule = st.TurnStart.Add(b.cfg.Nudge)
	}
	return c, nil
}

func (b *Bot) nextDeadline(st *gameRecord) time.Time {
	return st.turnClock.next(time.Duration(st.Opts.Timer) * time.Second)
}

func equalFold(a, b string) bool { return strings.EqualFold(a, b) }

// answer takes a player's answer to their Party decision after a reveal:
// a button or select of their private prompt, or a typed `choose`/`flip`.
func (b *Bot) answer(req protocol.Request, st *gameRecord, a protocol.Answer) (effect, error) {
	i, err := playerSeat(req, st)
	if err != nil {
		return effect{}, err
	}
	g := st.game
	ans := typedAnswer(g, i, a)
	err = g.CheckAnswer(i, ans)
	switch {
	case a.Round != 0 && (errors.Is(err, engine.ErrWrongTurn) || errors.Is(err, engine.ErrNoDecision)):
		// An old prompt: show what is current instead, privately.
		v := handOrOver(st.snap(), i)
		v.Text = req.Lang.Say("play.thatChoiceWasAlreadyMade") + " " + v.Text
		return effect{save: true, resp: protocol.Response{Deliveries: []protocol.Delivery{b.lookReply(req, st, i, v)}}}, nil
	case errors.Is(err, engine.ErrNotYourDecision):
		d, _ := g.Decision()
		return effect{}, refuse("play.otherDecides", st.name(d.Seat), decisionPhrase(d))
	case errors.Is(err, engine.ErrNotAnOption) && a.Round == 0:
		d, _ := g.Decision()
		return effect{}, typedHint(d, a)
	}
	shown, moved, err := b.act(st, nil, review.Move{Seat: i, Answer: ans, Decide: true})
	if err != nil {
		if r := engineRefusal(err); r != nil {
			return effect{}, r
		}
		return effect{}, fmt.Errorf("answer in %s: %w", st.ID, err)
	}
	st.Seats[i].Idle = 0
	more, again := b.advance(st, nil)
	mine := b.handReplyNow(req, st, i)
	ds := b.settle(protocol.Request{}, st, append(shown, more...), moved || again)
	if req.FromPrivate && isClick(req) {
		ds = dropHandEdit(ds, req.Who.ID)
	}
	return b.afterPlay(req, st, protocol.Response{Deliveries: append(ds, mine)})
}

// playMoves plays the searching bots' moves, chosen off the request path
// from the game at progress at, unless the game moved on meanwhile.
func (b *Bot) playMoves(st *gameRecord, at progress, moves []move, o *protocol.Outbound) (effect, error) {
	if st == nil || st.Phase != phasePlaying || progressOf(st.game) != at {
		// The game moved on without them (a human's change, a timer):
		// whoever moved it scheduled what comes next.
		return effect{}, nil
	}
	o.Where, o.Game = st.Where, st.ID
	var posts []protocol.Delivery
	revealed := false
	for _, m := range moves {
		var shown []protocol.Delivery
		var r bool
		var err error
		if m.decide {
			shown, r, err = b.act(st, nil, review.Move{Seat: m.seat, Answer: m.ans, Decide: true})
		} else if !st.game.Submitted(m.seat) {
			shown, r, err = b.submit(st, m.seat, m.sub, nil)
		}
		if err != nil {
			b.log.Error("searching bot's choice refused", "game", st.ID, "seat", m.seat, "err", err)
			continue
		}
		posts, revealed = append(posts, shown...), revealed || r
	}
	more, again := b.advance(st, nil)
	return b.afterPlay(protocol.Request{}, st, protocol.Response{Deliveries: b.settle(protocol.Request{}, st, append(posts, more...), revealed || again)})
}
