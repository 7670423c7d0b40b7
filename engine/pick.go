package engine

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
)

// Hidden picks: what a seat may submit for the turn, checked for both
// rulesets before anything is recorded.

// Submit records seat's choice for the current turn, replacing any earlier
// choice of the same turn (ruling C10). When it is the last missing choice,
// every choice is revealed at once, hands are passed and, at the end of a
// round, the round is scored and the next one dealt. A refused submission
// leaves the game unchanged and returns one of the package's errors.
func (g *Game) Submit(seat int, sub Submission) error {
	at, err := g.check(seat, sub)
	if err != nil {
		return err
	}
	g.pending[seat] = pick{sub.Card, sub.Extra, sub.Dummy, sub.Call, sub.Copy, at}
	g.submitted |= 1 << seat
	if int(bits.OnesCount16(g.submitted)) == g.set.Players {
		g.rules().reveal(g)
	}
	return nil
}

// Check reports whether Submit would accept sub from seat, without changing
// anything.
func (g *Game) Check(seat int, sub Submission) error {
	_, err := g.check(seat, sub)
	return err
}

// check validates sub; for a lone classic card it also returns where the
// card is in the hand (plus one).
func (g *Game) check(seat int, sub Submission) (uint8, error) {
	if g.over {
		return 0, ErrGameOver
	}
	if uint(seat) >= uint(g.set.Players) {
		return 0, ErrNotPlayer
	}
	if (sub.Round != 0 && sub.Round != g.round) || (sub.Turn != 0 && sub.Turn != g.turn) {
		return 0, ErrWrongTurn
	}
	if g.p.deciding {
		return 0, ErrDeciding
	}
	if sub.Card == None {
		return 0, ErrNoCard
	}
	return g.rules().check(g, seat, sub)
}

// checkClassicPick validates a classic pick; for a lone card (no
// chopsticks, no dummy: the common case) it just finds the card and
// returns where it is in the hand (plus one).
func (g *Game) checkClassicPick(seat int, sub Submission) (uint8, error) {
	if sub.Extra|sub.Dummy|sub.Call|sub.Copy == None && !g.set.Dummy {
		for i, x := range g.hands[seat][:g.handLen[seat]] {
			if x == sub.Card {
				return uint8(i + 1), nil
			}
		}
		return 0, &CardError{ErrNotInHand, sub.Card}
	}
	return 0, g.checkClassic(seat, sub)
}

// checkPartyPick validates a Party pick (checkParty).
func (g *Game) checkPartyPick(seat int, sub Submission) (uint8, error) {
	return 0, g.checkParty(seat, sub)
}

// locate notes where seat's pending lone classic card is in its hand, as
// Submit does, for a pick set any other way (decoded, or redrawn by
// Determinize). Party picks are never located.
func (g *Game) locate(seat int) {
	p := &g.pending[seat]
	p.at = 0
	if p.extra|p.dummy|p.call|p.copy != None || g.set.Dummy || !g.rules().locates {
		return
	}
	if i := slices.Index(g.hands[seat][:g.handLen[seat]], p.card); i >= 0 {
		p.at = uint8(i + 1)
	}
}

// checkClassic validates a classic pick with chopsticks or for the dummy.
func (g *Game) checkClassic(seat int, sub Submission) error {
	if sub.Call != None {
		return fmt.Errorf("%w: classic chopsticks go with the pick (Extra)", ErrNoChopsticks)
	}
	if sub.Copy != None {
		return fmt.Errorf("%w: classic has no special order", ErrCopyTarget)
	}
	need := 1
	if sub.Extra != None {
		if g.chopsticks[seat] == 0 {
			return ErrNoChopsticks
		}
		need++
	}
	ctrl := g.controller() == seat
	if !ctrl && sub.Dummy != None {
		return ErrNotController
	}
	if ctrl {
		need++
	}
	n := int(g.handLen[seat])
	if need > n && sub.Extra != None {
		return ErrHandTooSmall
	}
	h := g.hands[seat][:n]
	if err := g.have(h, sub.Card, sub); err != nil {
		return err
	}
	if sub.Extra != None {
		if err := g.have(h, sub.Extra, sub); err != nil {
			return err
		}
	}
	if sub.Dummy != None {
		return g.have(h, sub.Dummy, sub)
	}
	if ctrl {
		// Last, so a front end that asks for the dummy's card as the next
		// step of a selection learns first whether the rest is in the hand.
		return ErrDummyCard
	}
	return nil
}

// have checks that hand holds as many copies of c as sub names.
func (g *Game) have(hand []Card, c Card, sub Submission) error {
	want := 0
	for _, x := range [3]Card{sub.Card, sub.Extra, sub.Dummy} {
		if x == c {
			want++
		}
	}
	got := 0
	for _, x := range hand {
		if x == c {
			got++
		}
	}
	switch {
	case got == 0:
		return &CardError{ErrNotInHand, c}
	case got < want:
		return &CardError{ErrSameCardTwice, c}
	}
	return nil
}

func (g *Game) checkParty(seat int, sub Submission) error {
	if sub.Extra != None {
		return ErrExtraAfterReveal
	}
	if sub.Dummy != None {
		return ErrNotController
	}
	n := int(g.handLen[seat])
	if !slices.Contains(g.hands[seat][:n], sub.Card) {
		return &CardError{ErrNotInHand, sub.Card}
	}
	if sub.Card == SpecialOrder {
		switch {
		case g.tabLen[seat] == 0:
			if sub.Copy != None {
				return problem(ErrCopyTarget, "engine.copy.nothingYet")
			}
		case sub.Copy == None:
			return &CardError{ErrCopyTarget, None}
		case !g.canCopy(seat, sub.Copy):
			var keys []string
			for _, c := range g.appendCopyOptions(nil, seat) {
				keys = append(keys, c.Key())
			}
			return problem(ErrCopyTarget, "engine.copy.onlyInFront", strings.Join(keys, ", "))
		}
	} else if sub.Copy != None {
		return problem(ErrCopyTarget, "engine.copy.notSpecialOrder")
	}
	if sub.Call != None {
		switch cardKind[sub.Call] {
		case KindChopsticks:
			if g.callable(seat, sub.Call) < 0 {
				return fmt.Errorf("%w: %s", ErrNoChopsticks, sub.Call)
			}
		case KindSpoon:
			if g.callable(seat, sub.Call) < 0 {
				return fmt.Errorf("%w: %s", ErrNoSpoon, sub.Call)
			}
		default:
			return fmt.Errorf("%w: %s is not chopsticks or a spoon", ErrNoChopsticks, sub.Call)
		}
		if n < 2 && cardKind[sub.Call] == KindChopsticks {
			return ErrHandTooSmall
		}
	}
	return nil
}

// callable returns the tableau position of the oldest face-up card of seat
// that plays as c, or -1.
func (g *Game) callable(seat int, c Card) int {
	if !c.Valid() {
		return -1
	}
	for i := range int(g.tabLen[seat]) {
		if g.eff(seat, i) == c && !g.faceDown(seat, i) {
			return i
		}
	}
	return -1
}

// canCopy reports whether a special order of seat may copy c now.
func (g *Game) canCopy(seat int, c Card) bool {
	for i := range int(g.tabLen[seat]) {
		if g.faceDown(seat, i) {
			if c == FaceDown {
				return true
			}
		} else if g.eff(seat, i) == c {
			return true
		}
	}
	return false
}

// appendCopyOptions appends each distinct card seat's special order could
// copy, in tableau order.
func (g *Game) appendCopyOptions(dst []Card, seat int) []Card {
	start := len(dst)
	for i := range int(g.tabLen[seat]) {
		c := g.eff(seat, i)
		if g.faceDown(seat, i) {
			c = FaceDown
		}
		if !slices.Contains(dst[start:], c) {
			dst = append(dst, c)
		}
	}
	return dst
}
