package engine

import (
	"fmt"
	"slices"
)

// DecisionKind names a choice a Party player makes after the reveal.
type DecisionKind uint8

// Decision kinds.
const (
	DecideNone DecisionKind = iota
	// DecideChopsticks: the card of your hand to play with your chopsticks.
	DecideChopsticks
	// DecideSpoon: the card (Answer.Card) or type (Answer.Kind) to ask for.
	DecideSpoon
	// DecideMenu: the card of your menu's draw to play.
	DecideMenu
	// DecideTakeout: the cards of earlier turns to flip (Answer.Flip).
	DecideTakeout
	// DecideCopy: what your special order copies (Answer.Card; FaceDown for
	// a face-down card).
	DecideCopy
)

func (k DecisionKind) String() string {
	switch k {
	case DecideChopsticks:
		return "chopsticks"
	case DecideSpoon:
		return "spoon"
	case DecideMenu:
		return "menu"
	case DecideTakeout:
		return "takeout"
	case DecideCopy:
		return "copy"
	}
	return "none"
}

// Decision is the choice the game waits for. Which seat decides what is
// public; a menu's draw is not part of it (see View.AppendMenuDraw).
type Decision struct {
	Seat int
	Kind DecisionKind
	// Via is the card that asks: the chopsticks, spoon, menu or takeout box,
	// or the special order.
	Via Card
	// Flippable, for DecideTakeout, marks the tableau positions that may be
	// flipped.
	Flippable uint32
	// Round, Turn and Step identify the decision; an Answer naming another
	// is refused with ErrWrongTurn.
	Round, Turn, Step int
}

// Answer answers the pending Decision.
type Answer struct {
	// Card is the card chosen (chopsticks, menu, copy) or asked for by a
	// spoon.
	Card Card
	// Kind is the type a spoon asks for when Card is None.
	Kind Kind
	// Flip marks the tableau positions a takeout box turns face down.
	Flip uint32
	// Round, Turn and Step, when non-zero, must match the Decision's.
	Round, Turn, Step int
}

// Deciding reports whether the game waits for a decision after a reveal.
func (g *Game) Deciding() bool { return g.p.deciding }

// Decision returns the pending decision; ok is false when there is none.
func (g *Game) Decision() (d Decision, ok bool) {
	p := &g.p
	if !p.deciding {
		return Decision{}, false
	}
	it := &p.queue[p.qPos]
	d = Decision{Seat: int(it.seat), Via: it.card, Round: g.round, Turn: g.turn, Step: int(p.step)}
	switch {
	case it.held != None:
		d.Kind, d.Via = DecideCopy, SpecialOrder
	case it.act == actChopsticks:
		d.Kind = DecideChopsticks
	case it.act == actSpoon:
		d.Kind = DecideSpoon
	case it.act == actMenu:
		d.Kind = DecideMenu
	case it.act == actTakeout:
		d.Kind = DecideTakeout
		d.Flippable = g.flippable(int(it.seat))
	}
	return d, true
}

// Decide answers the pending decision for seat. A refused answer leaves the
// game unchanged. After it the queue goes on: further decisions, then the
// end of the turn, may follow.
func (g *Game) Decide(seat int, a Answer) error {
	if err := g.checkAnswer(seat, a); err != nil {
		return err
	}
	p := &g.p
	it := &p.queue[p.qPos]
	d, _ := g.Decision()
	switch d.Kind {
	case DecideCopy:
		g.copyHeld(it, a.Card)
	case DecideChopsticks:
		g.useChopsticks(it, a.Card)
	case DecideSpoon:
		kind := a.Kind
		if a.Card != None {
			kind = KindNone
		}
		g.useSpoon(it, a.Card, kind)
	case DecideMenu:
		g.order(it, a.Card)
	case DecideTakeout:
		g.flip(it, a.Flip)
	}
	g.advance()
	return nil
}

// CheckAnswer reports whether Decide would accept a from seat.
func (g *Game) CheckAnswer(seat int, a Answer) error { return g.checkAnswer(seat, a) }

func (g *Game) checkAnswer(seat int, a Answer) error {
	if g.over {
		return ErrGameOver
	}
	if uint(seat) >= uint(g.set.Players) {
		return ErrNotPlayer
	}
	d, ok := g.Decision()
	if !ok {
		return ErrNoDecision
	}
	if (a.Round != 0 && a.Round != d.Round) || (a.Turn != 0 && a.Turn != d.Turn) || (a.Step != 0 && a.Step != d.Step) {
		return fmt.Errorf("%w: that answer was for an earlier decision", ErrWrongTurn)
	}
	if seat != d.Seat {
		return ErrNotYourDecision
	}
	bad := func() error { return fmt.Errorf("%w: %s for %s", ErrNotAnOption, a.describe(), d.Kind) }
	if d.Kind != DecideTakeout && a.Flip != 0 || d.Kind != DecideSpoon && a.Kind != KindNone {
		return bad()
	}
	switch d.Kind {
	case DecideCopy:
		if a.Card == None || !g.canCopy(seat, a.Card) {
			return bad()
		}
	case DecideChopsticks:
		if a.Card == None || !slices.Contains(g.hands[seat][:g.handLen[seat]], a.Card) {
			return bad()
		}
	case DecideMenu:
		if a.Card == None || cardKind[a.Card] == KindMenu || !slices.Contains(g.p.draw[:g.p.drawLen], a.Card) {
			return bad()
		}
	case DecideSpoon:
		switch {
		case a.Card != None && a.Kind == KindNone:
			if !a.Card.Valid() || g.set.DeckCount(a.Card) == 0 {
				return bad()
			}
		case a.Card == None && a.Kind != KindNone:
			if !g.set.Menu.Has(a.Kind) {
				return bad()
			}
		default:
			return bad()
		}
	case DecideTakeout:
		if a.Card != None || a.Flip&^d.Flippable != 0 {
			return bad()
		}
	}
	return nil
}

func (a Answer) describe() string {
	switch {
	case a.Flip != 0:
		return fmt.Sprintf("flip %#x", a.Flip)
	case a.Kind != KindNone:
		return a.Kind.Key()
	}
	return a.Card.String()
}

// AppendOptions appends every legal answer of the viewing seat's pending
// decision to dst, each distinct outcome once. A takeout box may flip any
// subset of Decision.Flippable; it appends flipping nothing, each card alone
// and all of them, and Decide takes any other subset too.
func (v View) AppendOptions(dst []Answer) []Answer {
	g := v.g
	d, ok := g.Decision()
	if !ok || d.Seat != v.seat {
		return dst
	}
	base := Answer{Round: d.Round, Turn: d.Turn, Step: d.Step}
	var buf [maxTableau + 1]Card
	var cs []Card
	switch d.Kind {
	case DecideCopy:
		cs = g.appendCopyOptions(buf[:0], v.seat)
	case DecideChopsticks:
		cs = g.appendHandOptions(buf[:0], v.seat)
	case DecideMenu:
		cs = g.appendMenuOptions(buf[:0])
	case DecideSpoon:
		ks := g.set.Menu.Kinds()
		for _, k := range ks {
			a := base
			a.Kind = k
			dst = append(dst, a)
			for c := Card(1); c < NumCards; c++ {
				if cardKind[c] == k && g.set.DeckCount(c) > 0 && variants(k) {
					a := base
					a.Card = c
					dst = append(dst, a)
				}
			}
		}
		return dst
	case DecideTakeout:
		dst = append(dst, base)
		for m := d.Flippable; m != 0; m &= m - 1 {
			a := base
			a.Flip = m & -m
			dst = append(dst, a)
		}
		if d.Flippable&(d.Flippable-1) != 0 {
			a := base
			a.Flip = d.Flippable
			dst = append(dst, a)
		}
		return dst
	}
	for _, c := range cs {
		a := base
		a.Card = c
		dst = append(dst, a)
	}
	return dst
}

// variants reports whether a kind has several different cards, so that a
// spoon may name one exactly.
func variants(k Kind) bool {
	switch k {
	case KindNigiri, KindMaki, KindUramaki, KindOnigiri, KindFruit,
		KindChopsticks, KindSpoon, KindMenu, KindTakeoutBox:
		return true
	}
	return false
}

// AppendMenuDraw appends the cards drawn by the viewing seat's menu while it
// decides; nobody else may see them.
func (v View) AppendMenuDraw(dst []Card) []Card {
	d, ok := v.g.Decision()
	if !ok || d.Seat != v.seat || d.Kind != DecideMenu {
		return dst
	}
	return append(dst, v.g.p.draw[:v.g.p.drawLen]...)
}

// EventKind names what happened during a Party reveal.
type EventKind uint8

// Event kinds.
const (
	EvNone EventKind = iota
	// EvCopy: Seat's special order copies Card (None: it had nothing to
	// copy and was discarded).
	EvCopy
	// EvChopsticks: Seat used chopsticks Via to play Card from their hand.
	EvChopsticks
	// EvSpoon: Seat used spoon Via asking for Asked (a card) or Named (a
	// type); Other gave Card, or Other is -1 and the spoon was discarded.
	EvSpoon
	// EvMenu: Seat's menu Via ordered Card (None: nothing could be ordered).
	EvMenu
	// EvTakeout: Seat's takeout box Via flipped N cards (positions Mask).
	EvTakeout
	// EvMiso: N misos were played this turn, by the seats in Mask: all of
	// them were discarded.
	EvMiso
	// EvUramaki: Seat reached N uramaki icons and took Place for Points;
	// those uramaki were discarded.
	EvUramaki
)

// Event is one outcome of a Party reveal, in the order it happened, so a
// front end can narrate the turn without re-deriving rules.
type Event struct {
	Kind   EventKind
	Seat   int8
	Other  int8
	Card   Card
	Asked  Card
	Named  Kind
	Via    Card
	Paired bool // Card went onto a wasabi
	N      uint8
	Place  int8
	Points int8
	Mask   uint32
}
