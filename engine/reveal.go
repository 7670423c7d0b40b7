package engine

// The reveal: every pick turned face up in seat order and placed in front
// of its seat; in Party, the bonus actions and played menus and takeout
// boxes queued for queue.go.

// reveal turns every pending submission face up, in seat order.
func (g *Game) reveal() {
	// Field by field: classic never writes the reveal's events, and
	// clearing them every turn would cost more than the rest of the reveal.
	l := &g.last
	l.Round, l.Turn, l.Controller = g.round, g.turn, g.controller()
	l.Seats = [MaxSeats]Placement{}
	for s := 0; s < g.set.Players; s++ {
		p := g.pending[s]
		pl := &g.last.Seats[s]
		if p.at != 0 {
			// Found at Submit, and the hand has not changed since.
			h, n := &g.hands[s], g.handLen[s]-1
			h[p.at-1], h[n] = h[n], None
			g.handLen[s] = n
		} else {
			g.take(s, p.card)
		}
		pl.Cards[0], pl.Paired[0] = p.card, g.place(s, p.card)
		if p.extra != None {
			g.take(s, p.extra)
			pl.Cards[1], pl.Paired[1] = p.extra, g.place(s, p.extra)
			pl.Chopsticks = true
			g.returnChopsticks(s)
		}
		if p.dummy != None {
			g.take(s, p.dummy)
			d := &g.last.Seats[dummySeat]
			d.Cards[0], d.Paired[0] = p.dummy, g.place(dummySeat, p.dummy)
		}
	}
	g.pending = [MaxSeats]pick{}
	g.submitted = 0
	g.endTurn()
}

// take removes one copy of c from seat's hand. The last card fills the gap:
// a hand's order carries no meaning (views sort hands for display).
func (g *Game) take(seat int, c Card) {
	h := &g.hands[seat]
	n := int(g.handLen[seat]) - 1
	for i := 0; i <= n; i++ {
		if h[i] == c {
			h[i], h[n] = h[n], None
			g.handLen[seat]--
			return
		}
	}
	panic("engine: card vanished from a checked hand")
}

// place puts c in seat's tableau, onto the oldest empty wasabi if c is a
// nigiri (ruling C6), and reports whether it went onto a wasabi.
func (g *Game) place(seat int, c Card) bool {
	i := g.tabLen[seat]
	g.tab[seat][i] = c
	g.tabLen[seat]++
	g.count[seat][c]++
	switch cardKind[c] {
	case KindNigiri:
		if g.emptyWasabi[seat] == 0 {
			return false
		}
		t := &g.tab[seat]
		for j := range i {
			if t[j] == Wasabi && g.paired[seat]&(1<<j) == 0 {
				g.paired[seat] |= 1<<j | 1<<i
				g.emptyWasabi[seat]--
				g.onWasabi[seat][cardIcons[c]]++
				return true
			}
		}
		panic("engine: empty wasabi count out of step with the tableau")
	case KindWasabi:
		g.emptyWasabi[seat]++
	case KindChopsticks:
		g.chopsticks[seat]++
	}
	return false
}

// returnChopsticks moves the oldest chopsticks of seat's tableau back into its
// hand, before the hand is passed (ruling C4).
func (g *Game) returnChopsticks(seat int) {
	t := &g.tab[seat]
	n := int(g.tabLen[seat])
	for j := 0; j < n; j++ {
		if t[j] != Chopsticks {
			continue
		}
		copy(t[j:n], t[j+1:n])
		t[n-1] = None
		g.tabLen[seat]--
		m := g.paired[seat]
		g.paired[seat] = m&(1<<j-1) | (m>>(j+1))<<j
		g.chopsticks[seat]--
		g.count[seat][Chopsticks]--
		g.hands[seat][g.handLen[seat]] = Chopsticks
		g.handLen[seat]++
		return
	}
	panic("engine: chopsticks count out of step with the tableau")
}

// revealParty turns every pick face up in seat order, queues the bonus
// actions and the played menus and takeout boxes, and runs the queue.
func (g *Game) revealParty() {
	p := &g.p
	g.last = Reveal{Round: g.round, Turn: g.turn, Controller: -1}
	for s := range g.seats {
		p.turnStart[s] = g.tabLen[s]
		p.using[s], p.misos[s] = 0, 0
	}
	p.qLen, p.qPos = 0, 0
	for s := range g.set.Players {
		pk := g.pending[s]
		pl := &g.last.Seats[s]
		g.take(s, pk.card)
		pl.Cards[0] = pk.card
		switch cardKind[pk.card] {
		case KindSpecialOrder:
			if pk.copy == None {
				g.discards[SpecialOrder]++
				g.event(Event{Kind: EvCopy, Seat: int8(s), Card: None, Via: SpecialOrder})
			} else {
				pl.Paired[0] = g.placeAs(s, SpecialOrder, pk.copy)
				g.event(Event{Kind: EvCopy, Seat: int8(s), Card: pk.copy, Via: SpecialOrder, Paired: pl.Paired[0]})
			}
		case KindMenu:
			g.discards[pk.card]++
			g.enqueue(queueItem{seat: uint8(s), act: actMenu, card: pk.card}, 0)
		case KindTakeoutBox:
			g.discards[pk.card]++
			g.enqueue(queueItem{seat: uint8(s), act: actTakeout, card: pk.card}, 0)
		default:
			pl.Paired[0] = g.placeAs(s, pk.card, pk.card)
		}
		if pk.call != None {
			i := g.callable(s, pk.call)
			p.using[s] |= 1 << i
			act := actChopsticks
			if cardKind[pk.call] == KindSpoon {
				act = actSpoon
			}
			pl.Chopsticks = act == actChopsticks
			g.enqueue(queueItem{seat: uint8(s), act: act, card: pk.call, pos: uint8(i), giver: -1}, 0)
		}
	}
	g.pending = [MaxSeats]pick{}
	g.submitted = 0
	g.advance()
}

// enqueue inserts it in corner order, after index from-1: during the reveal
// from is 0; while an entry resolves, what it gains goes after it. Anything
// gained has a higher corner than what gained it, so one ascending pass
// resolves everything (docs/rules.md).
func (g *Game) enqueue(it queueItem, from int) {
	p := &g.p
	it.corner = uint8(it.card.Corner())
	if it.act != actSpoon {
		it.giver = -1
	}
	i := int(p.qLen)
	for i > from {
		q := p.queue[i-1]
		if q.corner < it.corner || (q.corner == it.corner && q.seat <= it.seat) {
			break
		}
		i--
	}
	copy(p.queue[i+1:p.qLen+1], p.queue[i:p.qLen])
	p.queue[i] = it
	p.qLen++
}

// placeAs puts the physical card c in seat's tableau playing as e (a special
// order's copy, or c itself), pairs a nigiri with the oldest empty wasabi
// and notes misos played this turn. It reports whether c went onto a wasabi.
func (g *Game) placeAs(seat int, c, e Card) bool {
	i := int(g.tabLen[seat])
	g.tab[seat][i] = c
	g.tabLen[seat]++
	if c == SpecialOrder {
		g.p.copies[seat][i] = e
	}
	if e == FaceDown {
		g.p.flipped[seat] |= 1 << i
		return false
	}
	switch cardKind[e] {
	case KindMisoSoup:
		g.p.misos[seat] |= 1 << i
	case KindNigiri:
		for j := range i {
			if g.eff(seat, j) == Wasabi && !g.faceDown(seat, j) && g.paired[seat]&(1<<j) == 0 {
				g.paired[seat] |= 1<<j | 1<<i
				return true
			}
		}
	}
	return false
}

func (g *Game) event(e Event) { g.setEvent(g.eventIndex(), e) }

// eventIndex reserves the next event slot, so an action's event comes before
// the events of what it caused.
func (g *Game) eventIndex() int {
	i := int(g.last.NEvents)
	if i < maxEvents {
		g.last.NEvents++
	}
	return i
}

func (g *Game) setEvent(i int, e Event) {
	if i < maxEvents {
		g.last.Events[i] = e
	}
}
