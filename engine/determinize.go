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
	if g.party() {
		g.determinizeParty(seat, &r)
		return
	}
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

// determinizeParty is Determinize for Party: the other players' hands, the
// undealt deck and another player's menu draw trade places; the dessert pile
// is reshuffled on its own, since its cards are all of the menu's dessert.
// A pending decision keeps at least two outcomes (a hidden hand or menu draw
// is redrawn until it does, or left as it was), so it stays a decision.
func (g *Game) determinizeParty(seat int, r *Game) {
	p := &g.p
	r.shuffle(p.dpile[:p.dpileLen])
	d, deciding := g.Decision()
	hideDraw := deciding && d.Kind == DecideMenu && d.Seat != seat
	var pool [maxDeck]Card
	var saved [MaxSeats][maxHand]Card
	savedDeck := g.deck
	savedDraw := p.draw
	saved = g.hands
	for try := 0; ; try++ {
		n := 0
		for s := range g.seats {
			if s != seat {
				n += copy(pool[n:], g.hands[s][:g.handLen[s]])
			}
		}
		n += copy(pool[n:], g.deck[g.drawPos:g.deckLen])
		if hideDraw {
			n += copy(pool[n:], p.draw[:p.drawLen])
		}
		r.shuffle(pool[:n])
		rest := pool[:n]
		for s := range g.seats {
			if s != seat {
				rest = rest[copy(g.hands[s][:g.handLen[s]], rest):]
			}
		}
		rest = rest[copy(g.deck[g.drawPos:g.deckLen], rest):]
		if hideDraw {
			copy(p.draw[:p.drawLen], rest)
		}
		if deciding && d.Seat != seat && d.Kind != DecideTakeout && d.Kind != DecideSpoon {
			var buf [maxTableau + 1]Answer
			if len(g.View(d.Seat).AppendOptions(buf[:0])) < 2 {
				if try < 16 {
					continue
				}
				g.hands, g.deck, p.draw = saved, savedDeck, savedDraw
			}
		}
		break
	}
	for s := range g.set.Players {
		if s == seat || !g.Submitted(s) {
			continue
		}
		// Redraw the hidden pick from the new hand, keeping its call.
		old := g.pending[s]
		c := g.hands[s][r.intn(uint64(g.handLen[s]))]
		nw := pick{card: c, call: old.call}
		if c == SpecialOrder {
			var buf [maxTableau + 1]Card
			if opts := g.appendCopyOptions(buf[:0], s); len(opts) > 0 {
				nw.copy = opts[r.intn(uint64(len(opts)))]
			}
		}
		g.pending[s] = nw
	}
}
