package engine

import "fmt"

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
		if got, want := g.total, g.partyTotals(); got != want {
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

// partyTotals recomputes the running totals from the breakdowns and this
// round's uramaki race.
func (g *Game) partyTotals() [MaxSeats]int16 {
	var t [MaxSeats]int16
	for s := range g.seats {
		for r := 1; r <= Rounds; r++ {
			if g.roundScored(r) {
				t[s] += int16(g.scores[r-1][s].Total())
			}
		}
		if g.over {
			t[s] += int16(g.dessert[s].Total())
		} else {
			t[s] += int16(g.p.uraPts[s])
		}
	}
	return t
}
