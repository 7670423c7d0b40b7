package engine

// Determinize reshuffles every card hidden from seat: the other players'
// hands, the dummy pile and the draw pile trade places, sizes kept. Pending
// submissions of the other players are redrawn from their new hands (same
// shape: one card, a chopsticks pair, a dummy card), so the game stays valid
// and who has submitted is unchanged. With seat -1 every hand is hidden.
//
// What seat may see is unchanged: g.View(seat) and the public view read the
// same before and after. A search bot samples possible worlds this way; tests
// use it to prove a view leaks nothing hidden.
func (g *Game) Determinize(seat int, seed uint64) {
	var r Game // only its random source is used
	r.rng.Seed(seed, 0x2545f4914f6cdd1d)
	var pool [maxDeck]Card
	n := 0
	hidden := func(s int) bool { return s != seat }
	for s := range g.seats {
		if hidden(s) {
			n += copy(pool[n:], g.hands[s][:g.handLen[s]])
		}
	}
	n += copy(pool[n:], g.deck[g.drawPos:g.deckLen])
	r.shuffle(pool[:n])
	p := pool[:n]
	for s := range g.seats {
		if hidden(s) {
			p = p[copy(g.hands[s][:g.handLen[s]], p):]
		}
	}
	copy(g.deck[g.drawPos:g.deckLen], p)
	for s := range g.set.Players {
		if !hidden(s) || !g.Submitted(s) {
			continue
		}
		// Redraw the pending choice from the new hand, keeping its shape.
		old := g.pending[s]
		h := g.hands[s][:g.handLen[s]]
		var idx [maxHand]int
		for i := range h {
			idx[i] = i
		}
		draw := func(k int) Card {
			j := k + int(r.intn(uint64(len(h)-k)))
			idx[k], idx[j] = idx[j], idx[k]
			return h[idx[k]]
		}
		nw := pick{card: draw(0)}
		k := 1
		if old.extra != None {
			nw.extra = draw(k)
			k++
		}
		if old.dummy != None {
			nw.dummy = draw(k)
		}
		g.pending[s] = nw
	}
}
