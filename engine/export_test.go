package engine

import (
	"fmt"
	"math/rand/v2"
)

// Rig returns a game whose round-1 hands are the given cards (Deal, with
// a zero random source for later rounds, as the rigged tests were written).
func Rig(s Settings, hands ...[]Card) *Game {
	g, err := Deal(s, 1, hands...)
	if err != nil {
		panic(err)
	}
	g.rng = rand.PCG{}
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

// RigParty returns a Party game whose round-1 hands are the given cards.
func RigParty(s Settings, hands ...[]Card) *Game { return Rig(s, hands...) }

// RigDeckTop is Stack, panicking on a mistake in the test.
func (g *Game) RigDeckTop(cards ...Card) {
	if err := g.Stack(cards...); err != nil {
		panic(err)
	}
}

// PlaceForTest is Place, panicking on a mistake in the test.
func (g *Game) PlaceForTest(seat int, ps ...Placed) {
	if err := g.Place(seat, ps...); err != nil {
		panic(err)
	}
}

// SetForTest sets final totals and kept desserts, for ranking tests.
func (g *Game) SetForTest(totals []int16, desserts []uint8) {
	g.over = true
	copy(g.total[:], totals)
	for s, n := range desserts {
		g.p.kept[s][0] = n
	}
}
