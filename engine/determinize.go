package engine

// Determinize reshuffles every card hidden from seat, and only those: the
// hands seat has not held this round, the dummy pile and the draw pile
// trade places, sizes kept. A hand seat held earlier this round stays as it
// is, since every card taken from it since was revealed (from turn P of a
// P-player round on, every hand is known). Pending submissions of the other
// players are redrawn from their hands as one card each (with the dummy's,
// whose controller is public): whether a player is using chopsticks or
// calling a card this turn is as hidden as the card, so no sample keeps
// it. The game stays valid and who has submitted is unchanged. The game's random source is reseeded, so later deals are
// sampled too. With seat -1 every hand is hidden.
//
// What seat may see or has seen is unchanged: g.View(seat) and the public
// view read the same before and after. The world drawn depends only on what
// seat knows and the seed: determinizing a game that differs from g only in
// cards hidden from seat gives the same game. A search bot samples possible
// worlds this way; tests use it to prove a view leaks nothing hidden.
func (g *Game) Determinize(seat int, seed uint64) {
	// The redraw has a stream of its own, seeded by seed: its first two
	// words seed the game's source afterwards, the rest shuffle. (Drawing
	// from the game's own source keeps this allocation-free through the
	// rules table.)
	g.rng.Seed(seed, 0x2545f4914f6cdd1d)
	a, b := g.rng.Uint64(), g.rng.Uint64()
	g.rules().determinize(g, seat)
	g.rng.Seed(a, b)
}

// determinizeClassic redraws what seat cannot see of a classic game.
func (g *Game) determinizeClassic(seat int) {
	var pool [maxDeck]Card
	n := 0
	hidden := func(s int) bool { return !g.seenBy(seat, s) }
	for s := range g.seats {
		if hidden(s) {
			n += copy(pool[n:], g.hands[s][:g.handLen[s]])
		}
	}
	n += copy(pool[n:], g.deck[g.drawPos:g.deckLen])
	sortCards(pool[:n])
	g.shuffle(pool[:n])
	p := pool[:n]
	for s := range g.seats {
		if hidden(s) {
			p = p[copy(g.hands[s][:g.handLen[s]], p):]
		}
	}
	copy(g.deck[g.drawPos:g.deckLen], p)
	for s := range g.set.Players {
		if s == seat || !g.Submitted(s) {
			continue
		}
		// Redraw the pending choice from the new hand: one card (chopsticks'
		// second card is as hidden as the first), and the dummy's where the
		// seat controls it this turn (that is public).
		old := g.pending[s]
		h := g.hands[s][:g.handLen[s]]
		var idx [maxHand]int
		for i := range h {
			idx[i] = i
		}
		draw := func(k int) Card {
			j := k + int(g.intn(uint64(len(h)-k)))
			idx[k], idx[j] = idx[j], idx[k]
			return h[idx[k]]
		}
		nw := pick{card: draw(0)}
		if old.dummy != None {
			nw.dummy = draw(1)
		}
		g.pending[s] = nw
		g.locate(s)
	}
}

// determinizeParty is Determinize for Party: the other players' hands, the
// undealt deck and another player's menu draw trade places; the dessert pile
// is reshuffled on its own, since its cards are all of the menu's dessert.
// A pending decision keeps at least two outcomes (a hidden hand or menu draw
// is redrawn until it does, or left as it was), so it stays a decision.
func (g *Game) determinizeParty(seat int) {
	p := &g.p
	sortCards(p.dpile[:p.dpileLen])
	g.shuffle(p.dpile[:p.dpileLen])
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
			if !g.seenBy(seat, s) {
				n += copy(pool[n:], g.hands[s][:g.handLen[s]])
			}
		}
		n += copy(pool[n:], g.deck[g.drawPos:g.deckLen])
		if hideDraw {
			n += copy(pool[n:], p.draw[:p.drawLen])
		}
		sortCards(pool[:n])
		g.shuffle(pool[:n])
		rest := pool[:n]
		for s := range g.seats {
			if !g.seenBy(seat, s) {
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
		// Redraw the hidden pick from the new hand, without a call: whether
		// the player calls chopsticks or a spoon is as hidden as the card.
		c := g.hands[s][g.intn(uint64(g.handLen[s]))]
		nw := pick{card: c}
		if c == SpecialOrder {
			var buf [maxTableau + 1]Card
			if opts := g.appendCopyOptions(buf[:0], s); len(opts) > 0 {
				nw.copy = opts[g.intn(uint64(len(opts)))]
			}
		}
		g.pending[s] = nw
	}
}

// seenBy reports whether seat knows the hand seat o holds now: its own, or
// one it held earlier this round (hands travel one seat a turn, the way
// passHands moves them; the dummy pile never travels).
func (g *Game) seenBy(seat, o int) bool {
	n := g.set.Players
	if seat < 0 || seat >= n || o >= n {
		return seat == o && seat >= 0
	}
	d := o - seat
	if g.set.passStep(g.round) < 0 {
		d = -d
	}
	if d < 0 {
		d += n
	}
	return d < g.Turn()
}

// sortCards orders cards by value, in place: a counting sort, since a
// sampled world must not depend on where the hidden cards happened to be.
func sortCards(cs []Card) {
	var count [NumCards]uint8
	for _, c := range cs {
		count[c]++
	}
	i := 0
	for c := range NumCards {
		for range count[c] {
			cs[i] = c
			i++
		}
	}
}

// Sample copies into dst a world the viewing seat cannot tell from the real
// one: the game with everything the seat has not seen resampled (see
// Determinize). It is how a search player gets games to play out from a
// View without ever reading a hidden card.
func (v View) Sample(dst *Game, seed uint64) {
	*dst = *v.g
	dst.Determinize(v.seat, seed)
}
