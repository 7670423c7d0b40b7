package engine

import (
	"fmt"
	"slices"
)

// Deal returns a game of s whose round-1 hands begin with the given cards:
// a position instead of a seed, for tests, tutorials and puzzles. A hand
// shorter than the deal is topped up from the rest of the deck, which
// follows in card order (in Party, the round's dessert quota last); in the
// dummy variant hands[2] is the dummy pile, top card last. Later rounds
// differ by ruleset: Party reshuffles its deck every round, by seed; classic
// deals all three rounds from one deck, so its later hands come from that
// rest in card order (round 2 of a two-player classic Deal is mostly
// sashimi and dumplings, whatever the seed): a position for round 1.
func Deal(s Settings, seed uint64, hands ...[]Card) (*Game, error) {
	g, err := New(s, seed)
	if err != nil {
		return nil, err
	}
	if len(hands) > g.seats {
		return nil, fmt.Errorf("%w: %d hands for %d seats", ErrSettings, len(hands), g.seats)
	}
	party := g.set.Ruleset == Party
	var left [NumCards]int
	for c := range NumCards {
		left[c] = g.set.DeckCount(c)
	}
	quota := g.set.DessertQuota(1)
	hs := g.set.HandSize()
	for _, h := range hands {
		if len(h) > hs {
			return nil, fmt.Errorf("%w: a hand of %d cards, the deal is %d", ErrSettings, len(h), hs)
		}
		for _, c := range h {
			if !c.Valid() || c == None {
				return nil, fmt.Errorf("%w: no card %s", ErrSettings, c)
			}
			left[c]--
			if party && cardKind[c] == g.set.Menu.Dessert {
				quota--
			}
			if left[c] < 0 || quota < 0 {
				return nil, &CardError{ErrSettings, c} // more than the deck holds
			}
		}
	}
	var rest, desserts []Card
	for c := range NumCards {
		for range left[c] {
			if party && cardKind[c] == g.set.Menu.Dessert {
				desserts = append(desserts, c)
			} else {
				rest = append(rest, c)
			}
		}
	}
	var pile []Card
	if party {
		rest = append(rest, desserts[:quota]...)
		pile = desserts[quota:]
	}
	var order []Card
	for seat := range g.seats {
		var h []Card
		if seat < len(hands) {
			h = hands[seat]
		}
		order = append(order, h...)
		order = append(order, rest[:hs-len(h)]...)
		rest = rest[hs-len(h):]
	}
	order = append(order, rest...)
	rng := g.rng
	*g = Game{set: g.set, seats: g.seats, round: 1, rng: rng}
	if party {
		g.p.uraNext = 1
		g.last.Controller = -1
		g.p.dpileLen = uint8(copy(g.p.dpile[:], pile))
	}
	g.deckLen = copy(g.deck[:], order)
	g.deal()
	return g, nil
}

// Place puts cards from the undealt deck in front of seat as if played on
// earlier turns of this round: a special order as Placed.Copy, face down
// when Placed.FaceDown (Party). Every card stays accounted for.
func (g *Game) Place(seat int, ps ...Placed) error {
	switch {
	case g.over:
		return ErrGameOver
	case uint(seat) >= uint(g.seats):
		return ErrNotPlayer
	case g.p.deciding || g.submitted != 0:
		return fmt.Errorf("%w: cards are placed between turns", ErrWrongTurn)
	}
	for _, p := range ps {
		d := g.deck[g.drawPos:g.deckLen]
		j := slices.Index(d, p.Card)
		switch {
		case p.Card == None || j < 0:
			return &CardError{ErrNotInHand, p.Card} // not in the undealt deck
		case int(g.tabLen[seat]) >= maxTableau:
			return fmt.Errorf("%w: no room in front of seat %d", ErrSettings, seat)
		case g.set.Ruleset != Party && (p.Copy != None || p.FaceDown):
			return fmt.Errorf("%w: copies and face-down cards are Party's", ErrSettings)
		}
		d[j], d[0] = d[0], None
		g.drawPos++
		if g.set.Ruleset != Party {
			g.place(seat, p.Card)
			continue
		}
		e := p.Card
		if e == SpecialOrder {
			e = p.Copy
		}
		g.placeAs(seat, p.Card, e)
		if p.FaceDown {
			g.p.flipped[seat] |= 1 << (g.tabLen[seat] - 1)
		}
	}
	g.p.turnStart[seat] = g.tabLen[seat]
	g.p.misos[seat] = 0
	return nil
}

// Stack moves cards of the undealt deck to its top, in order: what a menu
// draws next.
func (g *Game) Stack(cards ...Card) error {
	for i, c := range cards {
		d := g.deck[g.drawPos+i : g.deckLen]
		j := slices.Index(d, c)
		if c == None || j < 0 {
			return &CardError{ErrNotInHand, c} // not in the undealt deck
		}
		d[0], d[j] = d[j], d[0]
	}
	return nil
}
