package engine

import (
	"fmt"
	"slices"
)

// Rig returns a game whose round-1 hands are the given cards (a hand shorter
// than the deal is topped up from the rest of the deck, which follows in card
// order). In the dummy variant hands[2] is the dummy pile, top card last.
func Rig(s Settings, hands ...[]Card) *Game {
	g, err := New(s, 1)
	if err != nil {
		panic(err)
	}
	var left [NumCards]int
	for c := range NumCards {
		left[c] = g.set.Ruleset.DeckCount(c)
	}
	for _, h := range hands {
		for _, c := range h {
			left[c]--
			if left[c] < 0 {
				panic(fmt.Sprintf("rig: too many %s", c))
			}
		}
	}
	var rest []Card
	for c := range NumCards {
		for range left[c] {
			rest = append(rest, c)
		}
	}
	hs := g.set.HandSize()
	var order []Card
	for seat := range g.seats {
		var h []Card
		if seat < len(hands) {
			h = hands[seat]
		}
		if len(h) > hs {
			panic("rig: hand too large")
		}
		order = append(order, h...)
		order = append(order, rest[:hs-len(h)]...)
		rest = rest[hs-len(h):]
	}
	order = append(order, rest...)
	*g = Game{set: g.set, seats: g.seats, round: 1}
	g.deckLen = copy(g.deck[:], order)
	g.deal()
	return g
}

// Invariants checks what must hold between any two calls: everything decode
// validates, plus that the mirrors of the tableaux agree with the tableaux.
func (g *Game) Invariants() error {
	if err := g.validate(); err != nil {
		return err
	}
	if g.party() {
		if got, want := g.total, g.totals(); got != want {
			return fmt.Errorf("running totals %v, want %v", got, want)
		}
		return nil
	}
	for s := range g.seats {
		var r Game
		r.set = g.set
		for _, c := range g.tab[s][:g.tabLen[s]] {
			r.place(0, c)
		}
		if r.paired[0] != g.paired[s] || r.count[0] != g.count[s] || r.onWasabi[0] != g.onWasabi[s] ||
			r.emptyWasabi[0] != g.emptyWasabi[s] || r.chopsticks[0] != g.chopsticks[s] {
			return fmt.Errorf("seat %d: tableau mirrors out of step", s)
		}
	}
	return nil
}

// RigParty returns a Party game whose round-1 hands are the given cards (a
// hand shorter than the deal is topped up from the rest of the deck, which
// follows in card order, desserts of the round's quota last).
func RigParty(s Settings, hands ...[]Card) *Game {
	g, err := New(s, 1)
	if err != nil {
		panic(err)
	}
	var left [NumCards]int
	for c := range NumCards {
		left[c] = g.set.DeckCount(c)
	}
	quota := g.set.DessertQuota(1)
	for _, h := range hands {
		for _, c := range h {
			left[c]--
			if cardKind[c] == g.set.Menu.Dessert {
				quota--
			}
			if left[c] < 0 || quota < 0 {
				panic(fmt.Sprintf("rig: too many %s", c))
			}
		}
	}
	var rest, desserts []Card
	for c := range NumCards {
		for range left[c] {
			if cardKind[c] == g.set.Menu.Dessert {
				desserts = append(desserts, c)
			} else {
				rest = append(rest, c)
			}
		}
	}
	rest = append(rest, desserts[:quota]...)
	pile := desserts[quota:]
	hs := g.set.HandSize()
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
	*g = Game{set: g.set, seats: g.seats, round: 1}
	g.p.uraNext = 1
	g.last.Controller = -1
	g.p.dpileLen = uint8(copy(g.p.dpile[:], pile))
	g.deckLen = copy(g.deck[:], order)
	g.deal()
	return g
}

// RigDeckTop moves cards of the undealt deck to its top, in order, where a
// menu draws.
func (g *Game) RigDeckTop(cards ...Card) {
	for i, c := range cards {
		d := g.deck[g.drawPos+i : g.deckLen]
		j := 0
		for d[j] != c {
			j++
		}
		d[0], d[j] = d[j], d[0]
	}
}

// PlaceForTest puts cards from the undealt deck in front of seat as if
// played on earlier turns: a special order as Placed.Copy, face down when
// Placed.FaceDown. Every card stays accounted for.
func (g *Game) PlaceForTest(seat int, ps ...Placed) {
	for _, p := range ps {
		d := g.deck[g.drawPos:g.deckLen]
		j := slices.Index(d, p.Card)
		if j < 0 {
			panic(fmt.Sprintf("place: no %s left in the deck", p.Card))
		}
		d[j], d[0] = d[0], None
		g.drawPos++
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
}

// SetForTest sets final totals and kept desserts, for ranking tests.
func (g *Game) SetForTest(totals []int16, desserts []uint8) {
	g.over = true
	copy(g.total[:], totals)
	for s, n := range desserts {
		g.p.kept[s][0] = n
	}
}
