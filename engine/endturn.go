package engine

import (
	"math/bits"
	"slices"
)

// The end of a turn and of a round: passing hands, Party's once-a-turn
// checks (miso, the uramaki race), scoring the round and keeping desserts.

func (g *Game) endTurn() {
	g.passHands()
	if g.handLen[0] != 0 {
		g.turn++
		g.drawForController()
		return
	}
	g.endRound()
}

// passHands moves every player's hand to the next seat (or the previous one
// in round 2 of the alternate variant); in the dummy variant the two players
// swap hands and the dummy pile stays.
func (g *Game) passHands() {
	n := g.set.Players
	h, l := &g.hands, &g.handLen
	if g.set.passStep(g.round) > 0 {
		th, tl := h[n-1], l[n-1]
		for s := n - 1; s > 0; s-- {
			h[s], l[s] = h[s-1], l[s-1]
		}
		h[0], l[0] = th, tl
		return
	}
	th, tl := h[0], l[0]
	for s := 0; s < n-1; s++ {
		h[s], l[s] = h[s+1], l[s+1]
	}
	h[n-1], l[n-1] = th, tl
}

func (g *Game) endRound() {
	g.scoreRound()
	for s := 0; s < g.seats; s++ {
		for _, c := range g.tab[s][:g.tabLen[s]] {
			g.discards[c]++
		}
		g.puddings[s] += g.count[s][Pudding]
		g.discards[Pudding] -= g.count[s][Pudding]
		g.count[s] = [NumCards]uint8{}
		g.onWasabi[s] = [4]uint8{}
		g.tab[s] = [maxTableau]Card{}
		g.tabLen[s], g.paired[s], g.emptyWasabi[s], g.chopsticks[s] = 0, 0, 0, 0
	}
	if g.round == Rounds {
		g.scoreDessert()
		g.over = true
		return
	}
	g.round++
	g.deal()
}

// finishTurn runs the checks made once per turn after every bonus action:
// misos (§9.8), then the uramaki race (P9); returns used chopsticks and
// spoons; passes the hands.
func (g *Game) finishTurn() {
	p := &g.p
	var gone [MaxSeats]uint32
	total, who := 0, uint32(0)
	for s := range g.seats {
		if n := bits.OnesCount32(p.misos[s]); n > 0 {
			total += n
			who |= 1 << s
		}
	}
	if total >= 2 {
		for s := range g.seats {
			gone[s] |= p.misos[s]
		}
		g.event(Event{Kind: EvMiso, Seat: -1, N: uint8(total), Mask: who})
	}
	g.uramakiRace(&gone)
	for s := range g.seats {
		g.removeFromTableau(s, gone[s]|p.using[s])
		p.misos[s], p.using[s] = 0, 0
	}
	p.qLen, p.qPos = 0, 0
	p.queue = [maxQueue]queueItem{}
	g.passHands()
	if g.handLen[0] != 0 {
		g.turn++
		return
	}
	g.endRoundParty()
}

// uramakiRace pays the places of the players who reached 10 icons this turn
// (ruling P9; seed 002 Uramaki) and marks their uramaki to be discarded.
func (g *Game) uramakiRace(gone *[MaxSeats]uint32) {
	p := &g.p
	if g.set.Menu.Roll != KindUramaki || p.uraNext > 3 {
		return
	}
	var icons [MaxSeats]int
	var order [MaxSeats]int
	n := 0
	for s := range g.seats {
		icons[s] = g.uramakiIcons(s)
		if icons[s] >= 10 {
			order[n] = s
			n++
		}
	}
	fin := order[:n]
	slices.SortStableFunc(fin, func(a, b int) int { return icons[b] - icons[a] })
	for i := 0; i < len(fin) && p.uraNext <= 3; {
		j := i
		for j < len(fin) && icons[fin[j]] == icons[fin[i]] {
			j++
		}
		place := p.uraNext
		pts := uramakiPoints[place]
		for _, s := range fin[i:j] {
			p.uraPts[s] += int8(pts)
			p.uraPlace[s] = int8(place)
			g.total[s] += int16(pts)
			for k := range int(g.tabLen[s]) {
				if cardKind[g.eff(s, k)] == KindUramaki && !g.faceDown(s, k) {
					gone[s] |= 1 << k
				}
			}
			g.event(Event{Kind: EvUramaki, Seat: int8(s), N: uint8(icons[s]), Place: int8(place), Points: int8(pts)})
		}
		p.uraNext = uint8(min(int(p.uraNext)+j-i, 4))
		i = j
	}
}

var uramakiPoints = [5]int{0, 8, 5, 2, 0}

// UramakiPoints is what the uramaki race pays its place-th finisher (seed
// 002): 8, 5 and 2, nothing after.
func UramakiPoints(place int) int {
	if place < 1 || place >= len(uramakiPoints) {
		return 0
	}
	return uramakiPoints[place]
}

func (g *Game) uramakiIcons(s int) int {
	n := 0
	for k := range int(g.tabLen[s]) {
		if e := g.eff(s, k); cardKind[e] == KindUramaki && !g.faceDown(s, k) {
			n += int(cardIcons[e])
		}
	}
	return n
}

// removeFromTableau takes the cards at mask's positions out of seat's
// tableau: a used chopsticks goes back into the hand, a used spoon to the
// player who gave for it (or the discards), anything else to the discards.
func (g *Game) removeFromTableau(s int, mask uint32) {
	if mask == 0 {
		return
	}
	p := &g.p
	giver := func(pos int) int8 {
		for _, it := range p.queue[:p.qLen] {
			if int(it.seat) == s && int(it.pos) == pos && it.act == actSpoon {
				return it.giver
			}
		}
		return -1
	}
	n := int(g.tabLen[s])
	w := 0
	var paired, flipped uint32
	for i := range n {
		c := g.tab[s][i]
		if mask&(1<<i) == 0 {
			g.tab[s][w] = c
			g.p.copies[s][w] = g.p.copies[s][i]
			paired |= (g.paired[s] >> i & 1) << w
			flipped |= (p.flipped[s] >> i & 1) << w
			w++
			continue
		}
		switch {
		case p.using[s]&(1<<i) != 0 && cardKind[g.eff(s, i)] == KindChopsticks:
			g.hands[s][g.handLen[s]] = c
			g.handLen[s]++
		case p.using[s]&(1<<i) != 0:
			if o := giver(i); o >= 0 {
				g.hands[o][g.handLen[o]] = c
				g.handLen[o]++
			} else {
				g.discards[c]++
			}
		default:
			g.discards[c]++
		}
	}
	for i := w; i < n; i++ {
		g.tab[s][i], g.p.copies[s][i] = None, None
	}
	g.tabLen[s] = uint8(w)
	g.paired[s], p.flipped[s] = paired, flipped
	p.turnStart[s] = min(p.turnStart[s], uint8(w))
}

// endRoundParty scores the round, keeps the desserts and returns every other
// card to the deck (docs/rules.md).
func (g *Game) endRoundParty() {
	p := &g.p
	g.scoreRoundParty()
	for s := range g.seats {
		for i := range int(g.tabLen[s]) {
			c, e := g.tab[s][i], g.eff(s, i)
			if cardKind[e] == g.set.Menu.Dessert && !g.faceDown(s, i) {
				if c == SpecialOrder {
					p.keptCopy[s][dessertVar(e)]++
				} else {
					p.kept[s][dessertVar(e)]++
				}
				continue
			}
			g.discards[c]++
		}
		g.tab[s], p.copies[s] = [maxTableau]Card{}, [maxTableau]Card{}
		g.tabLen[s], g.paired[s], p.flipped[s], p.turnStart[s] = 0, 0, 0, 0
		p.uraPts[s], p.uraPlace[s] = 0, 0
	}
	p.uraNext = 1
	if g.round == Rounds {
		g.scoreDessertParty()
		g.over = true
		return
	}
	g.round++
	// Everything not kept goes back: the undealt deck moves to the front,
	// then the discards follow.
	n := copy(g.deck[:], g.deck[g.drawPos:g.deckLen])
	for c := range NumCards {
		for range g.discards[c] {
			g.deck[n] = c
			n++
		}
	}
	clear(g.deck[n:])
	g.discards = [NumCards]uint8{}
	g.deckLen, g.drawPos = n, 0
	g.dealParty()
}

// scoreRoundParty scores the round through ScoreRound, as a front end would
// from the public view.
func (g *Game) scoreRoundParty() {
	var cards [MaxSeats][maxTableau]Placed
	var rt [MaxSeats]RoundTableau
	for s := range g.seats {
		for i := range int(g.tabLen[s]) {
			cards[s][i] = g.placed(s, i)
		}
		rt[s] = RoundTableau{Cards: cards[s][:g.tabLen[s]], UramakiPoints: int(g.p.uraPts[s]), UramakiPlace: int(g.p.uraPlace[s])}
	}
	r := &g.scores[g.round-1]
	ScoreRound(g.set, rt[:g.seats], int(g.p.uraNext), r[:g.seats])
	for s := range g.seats {
		g.total[s] += int16(r[s].Total() - int(g.p.uraPts[s]))
	}
}

func (g *Game) placed(s, i int) Placed {
	c := g.tab[s][i]
	pl := Placed{Card: c, Paired: g.paired[s]&(1<<i) != 0, FaceDown: g.faceDown(s, i)}
	if c == SpecialOrder {
		pl.Copy = g.p.copies[s][i]
	}
	return pl
}

func (g *Game) scoreDessertParty() {
	var cards [MaxSeats][2 * 15]Card
	var ds [MaxSeats][]Card
	for s := range g.seats {
		ds[s] = g.appendDesserts(cards[s][:0], s)
	}
	ScoreDessert(g.set, ds[:g.seats], g.dessert[:g.seats])
	for s := range g.seats {
		g.total[s] += int16(g.dessert[s].Total())
	}
}

// appendDesserts appends the desserts seat keeps for the game's end, special
// orders as the dessert they copied.
func (g *Game) appendDesserts(dst []Card, s int) []Card {
	for v := range numDessertVar {
		for range int(g.p.kept[s][v]) + int(g.p.keptCopy[s][v]) {
			dst = append(dst, g.dessertCard(v))
		}
	}
	return dst
}

// desserts returns how many dessert cards seat keeps (ruling P10).
func (g *Game) desserts(s int) int {
	n := 0
	for v := range numDessertVar {
		n += int(g.p.kept[s][v]) + int(g.p.keptCopy[s][v])
	}
	return n
}
