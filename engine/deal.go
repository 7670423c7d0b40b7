package engine

import (
	"math/bits"
)

// The deal: building, shuffling and dealing each ruleset's deck, and
// classic's dummy pile.

// dealClassic builds, shuffles and deals the classic deck.
func (g *Game) dealClassic() {
	for c := Card(1); c < NumCards; c++ {
		for range g.set.Ruleset.DeckCount(c) {
			g.deck[g.deckLen] = c
			g.deckLen++
		}
	}
	g.shuffle(g.deck[:g.deckLen])
	g.deal()
}

// shuffle is Fisher–Yates with Lemire's unbiased bounded random numbers.
func (g *Game) shuffle(d []Card) {
	for i := len(d) - 1; i > 0; i-- {
		j := g.intn(uint64(i + 1))
		d[i], d[j] = d[j], d[i]
	}
}

func (g *Game) intn(n uint64) uint64 {
	hi, lo := bits.Mul64(g.rng.Uint64(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(g.rng.Uint64(), n)
		}
	}
	return hi
}

func (g *Game) deal() {
	n := g.set.HandSize()
	for s := 0; s < g.seats; s++ {
		copy(g.hands[s][:n], g.deck[g.drawPos:g.drawPos+n])
		// Dealt cards leave the pile for good, so a decoded game (which stores
		// only the pile) equals the original field for field.
		clear(g.deck[g.drawPos : g.drawPos+n])
		g.handLen[s] = uint8(n)
		g.drawPos += n
	}
	g.turn = 1
	g.drawForController()
}

// dummySeat is the dummy's seat in the dummy variant.
const dummySeat = 2

// controller returns the seat that controls the dummy this turn, or -1.
// The first seat controls turn 1 of every round (ruling C9).
func (g *Game) controller() int {
	if !g.set.Dummy {
		return -1
	}
	return (g.turn - 1) % 2
}

// drawForController moves the dummy pile's top card into the controller's hand.
func (g *Game) drawForController() {
	c := g.controller()
	if c < 0 || g.handLen[dummySeat] == 0 {
		return
	}
	g.handLen[dummySeat]--
	g.hands[c][g.handLen[c]] = g.hands[dummySeat][g.handLen[dummySeat]]
	g.hands[dummySeat][g.handLen[dummySeat]] = None
	g.handLen[c]++
}

func dessertVar(c Card) int {
	if cardKind[c] == KindFruit {
		return int(cardIcons[c]) - 1
	}
	return 0
}

// dessertCard returns the card of variant v of the menu's dessert.
func (g *Game) dessertCard(v int) Card {
	switch g.set.Menu.Dessert {
	case KindPudding:
		return Pudding
	case KindGreenTeaIceCream:
		return GreenTeaIceCream
	}
	return FruitWatermelon2 + Card(v)
}

// resetParty builds the main deck and the dessert pile from the menu
// (docs/rules.md) and deals round 1.
func (g *Game) resetParty() {
	p := &g.p
	p.uraNext = 1
	g.last.Controller = -1
	for c := Card(1); c < NumCards; c++ {
		n := g.set.DeckCount(c)
		for range n {
			if cardKind[c] == g.set.Menu.Dessert {
				p.dpile[p.dpileLen] = c
				p.dpileLen++
			} else {
				g.deck[g.deckLen] = c
				g.deckLen++
			}
		}
	}
	g.shuffle(p.dpile[:p.dpileLen])
	g.dealParty()
}

// dealParty adds the round's dessert quota to the deck, shuffles it and
// deals the hands.
func (g *Game) dealParty() {
	p := &g.p
	for range g.set.DessertQuota(g.round) {
		p.dpileLen--
		g.deck[g.deckLen] = p.dpile[p.dpileLen]
		p.dpile[p.dpileLen] = None
		g.deckLen++
	}
	g.shuffle(g.deck[g.drawPos:g.deckLen])
	g.deal()
}
