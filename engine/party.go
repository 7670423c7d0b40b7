package engine

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
)

// Sushi Go Party! play. A turn runs as reference §5 describes it: hidden
// picks (a special order names its copy with the pick; a chopsticks or
// spoon bonus action is called with it), the reveal in seat order, then the
// action queue in corner-number order (ruling P4), in which every choice a
// player makes after the reveal is a pending Decision, then the miso and
// uramaki checks once for the whole turn (P9), the used chopsticks and
// spoons go back into hands, and hands pass left.
//
// Decisions where the texts are silent, beyond RULINGS P1–P10:
//   - A bonus action needs at least two cards in hand, as classic's
//     chopsticks do (C4): on a turn with one card left there is nothing to
//     take with chopsticks, and every hand is empty when a spoon would ask.
//   - A spoon naming a type takes the giver's highest variant (P5): the most
//     points or icons, and for onigiri, fruit and numbered specials the
//     highest variant number. Only cards and types of the game's menu can be
//     named.
//   - A special order may copy any card in front of its player when it
//     resolves, including one placed earlier in the same turn; copies of a
//     chopsticks or spoon are the same card with the same corner number,
//     and the copied identity is what a later special order sees. Two
//     queue entries with the same corner number (a copy and its original)
//     resolve in seat order.
//   - A call names the chopsticks or spoon by card; when a special order
//     copies the same card, the older of the two is used.
//   - Once all three uramaki places are taken, reaching 10 icons does
//     nothing: the cards stay and count for colours.
//   - A takeout box may flip any face-up card of an earlier turn except a
//     chopsticks or spoon being used this turn (it is about to leave).

// queue actions
const (
	actChopsticks uint8 = iota + 1
	actSpoon
	actMenu
	actTakeout
)

// queue item stages
const (
	stageStart uint8 = iota
	stageDrawn       // a menu has drawn its cards
	stageDone
)

const (
	maxQueue  = 4 * MaxSeats // a call, a revealed menu or takeout, and two more gained
	maxEvents = 32           // at most 3 special orders, a call per player, 3 menus, 3 takeout boxes, a miso clash and 8 uramaki
	menuDraw  = 4
)

// queueItem is one bonus action or played menu or takeout box of the turn.
type queueItem struct {
	corner uint8
	seat   uint8
	act    uint8
	stage  uint8
	card   Card  // the chopsticks or spoon called (by identity), or the menu or takeout played
	pos    uint8 // tableau position of the called chopsticks or spoon
	giver  int8  // spoon: who gave the named card, or -1
	held   Card  // a special order gained by this action, waiting for its copy target
}

// partyState is the part of a Game only Sushi Go Party! uses.
type partyState struct {
	dpile    [15]Card // the dessert pile; its top is the last card
	dpileLen uint8

	flipped   [MaxSeats]uint32               // face-down tableau positions
	copies    [MaxSeats][maxTableau]Card     // what each special order plays as
	turnStart [MaxSeats]uint8                // tableau length when this turn's reveal began
	using     [MaxSeats]uint32               // chopsticks and spoons called this turn
	misos     [MaxSeats]uint32               // misos played this turn
	kept      [MaxSeats][numDessertVar]uint8 // desserts kept, by variant
	keptCopy  [MaxSeats][numDessertVar]uint8 // special orders kept as a dessert, by variant
	uraPts    [MaxSeats]int8                 // uramaki race points this round
	uraPlace  [MaxSeats]int8
	uraNext   uint8 // next unclaimed uramaki place, 1 to 4

	queue    [maxQueue]queueItem
	qLen     uint8
	qPos     uint8
	draw     [menuDraw]Card // a menu's draw, seen only by the deciding seat
	drawLen  uint8
	deciding bool
	step     uint16 // counts decisions, so a stale answer is refused
}

// numDessertVar is the number of dessert variants: one for pudding and ice
// cream, six fruit combinations.
const numDessertVar = 6

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

func (g *Game) party() bool { return g.set.Ruleset == Party }

// resetParty builds the main deck and the dessert pile from the menu
// (reference §4.6) and deals round 1.
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

// eff returns what tableau position i of seat plays as: a special order's
// copy, or the card itself.
func (g *Game) eff(seat, i int) Card {
	c := g.tab[seat][i]
	if c == SpecialOrder {
		return g.p.copies[seat][i]
	}
	return c
}

func (g *Game) faceDown(seat, i int) bool { return g.p.flipped[seat]&(1<<i) != 0 }

func (g *Game) checkParty(seat int, sub Submission) error {
	if sub.Extra != None {
		return ErrExtraAfterReveal
	}
	if sub.Dummy != None {
		return ErrNotController
	}
	n := int(g.handLen[seat])
	if !slices.Contains(g.hands[seat][:n], sub.Card) {
		return &CardError{ErrNotInHand, sub.Card}
	}
	if sub.Card == SpecialOrder {
		switch {
		case g.tabLen[seat] == 0:
			if sub.Copy != None {
				return problem(ErrCopyTarget, "your special order has nothing in front of you to copy yet")
			}
		case sub.Copy == None:
			return &CardError{ErrCopyTarget, None}
		case !g.canCopy(seat, sub.Copy):
			var keys []string
			for _, c := range g.appendCopyOptions(nil, seat) {
				keys = append(keys, c.Key())
			}
			return problem(ErrCopyTarget, "your special order copies only a card in front of you: %s", strings.Join(keys, ", "))
		}
	} else if sub.Copy != None {
		return problem(ErrCopyTarget, "only a special order copies a card")
	}
	if sub.Call != None {
		switch cardKind[sub.Call] {
		case KindChopsticks:
			if g.callable(seat, sub.Call) < 0 {
				return fmt.Errorf("%w: %s", ErrNoChopsticks, sub.Call)
			}
		case KindSpoon:
			if g.callable(seat, sub.Call) < 0 {
				return fmt.Errorf("%w: %s", ErrNoSpoon, sub.Call)
			}
		default:
			return fmt.Errorf("%w: %s is not chopsticks or a spoon", ErrNoChopsticks, sub.Call)
		}
		if n < 2 {
			return ErrHandTooSmall
		}
	}
	return nil
}

// callable returns the tableau position of the oldest face-up card of seat
// that plays as c, or -1.
func (g *Game) callable(seat int, c Card) int {
	if !c.Valid() {
		return -1
	}
	for i := range int(g.tabLen[seat]) {
		if g.eff(seat, i) == c && !g.faceDown(seat, i) {
			return i
		}
	}
	return -1
}

// canCopy reports whether a special order of seat may copy c now.
func (g *Game) canCopy(seat int, c Card) bool {
	for i := range int(g.tabLen[seat]) {
		if g.faceDown(seat, i) {
			if c == FaceDown {
				return true
			}
		} else if g.eff(seat, i) == c {
			return true
		}
	}
	return false
}

// appendCopyOptions appends each distinct card seat's special order could
// copy, in tableau order.
func (g *Game) appendCopyOptions(dst []Card, seat int) []Card {
	start := len(dst)
	for i := range int(g.tabLen[seat]) {
		c := g.eff(seat, i)
		if g.faceDown(seat, i) {
			c = FaceDown
		}
		if !slices.Contains(dst[start:], c) {
			dst = append(dst, c)
		}
	}
	return dst
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
// resolves everything (reference §5).
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

// advance resolves the queue until a decision is needed or the turn ends.
func (g *Game) advance() {
	p := &g.p
	for p.qPos < p.qLen {
		if g.resolve(&p.queue[p.qPos]) {
			p.deciding = true
			p.step++
			return
		}
		p.qPos++
	}
	p.deciding = false
	g.finishTurn()
}

// resolve carries queue item it as far as it goes without a choice; it
// reports true when a decision with more than one outcome is needed.
func (g *Game) resolve(it *queueItem) bool {
	s := int(it.seat)
	for {
		if it.held != None {
			var buf [maxTableau + 1]Card
			opts := g.appendCopyOptions(buf[:0], s)
			switch len(opts) {
			case 0:
				g.discards[SpecialOrder]++
				g.event(Event{Kind: EvCopy, Seat: int8(s), Via: SpecialOrder})
				it.held = None
			case 1:
				g.copyHeld(it, opts[0])
			default:
				return true
			}
			continue
		}
		switch {
		case it.stage == stageDone:
			return false
		case it.act == actChopsticks:
			var buf [maxHand]Card
			opts := g.appendHandOptions(buf[:0], s)
			switch len(opts) {
			case 0:
				it.stage = stageDone
			case 1:
				g.useChopsticks(it, opts[0])
			default:
				return true
			}
		case it.act == actSpoon:
			return true
		case it.act == actMenu && it.stage == stageStart:
			p := &g.p
			k := min(menuDraw, g.deckLen-g.drawPos)
			copy(p.draw[:k], g.deck[g.drawPos:g.drawPos+k])
			clear(g.deck[g.drawPos : g.drawPos+k])
			g.drawPos += k
			p.drawLen = uint8(k)
			it.stage = stageDrawn
		case it.act == actMenu:
			var buf [menuDraw]Card
			opts := g.appendMenuOptions(buf[:0])
			switch len(opts) {
			case 0:
				g.order(it, None)
			case 1:
				g.order(it, opts[0])
			default:
				return true
			}
		case it.act == actTakeout:
			if g.flippable(s) == 0 {
				g.flip(it, 0)
			} else {
				return true
			}
		}
	}
}

// appendHandOptions appends each distinct card of seat's hand.
func (g *Game) appendHandOptions(dst []Card, seat int) []Card {
	start := len(dst)
	for _, c := range g.hands[seat][:g.handLen[seat]] {
		if !slices.Contains(dst[start:], c) {
			dst = append(dst, c)
		}
	}
	return dst
}

// appendMenuOptions appends each distinct non-menu card of the menu draw.
func (g *Game) appendMenuOptions(dst []Card) []Card {
	start := len(dst)
	for _, c := range g.p.draw[:g.p.drawLen] {
		if cardKind[c] != KindMenu && !slices.Contains(dst[start:], c) {
			dst = append(dst, c)
		}
	}
	return dst
}

// flippable returns the tableau positions a takeout box of seat may flip:
// face-up cards of earlier turns not being used this turn.
func (g *Game) flippable(seat int) uint32 {
	earlier := uint32(1)<<g.p.turnStart[seat] - 1
	return earlier &^ g.p.flipped[seat] &^ g.p.using[seat]
}

// gain plays card c, taken by seat's bonus action or menu, at once (§9.1).
func (g *Game) gain(it *queueItem, c Card) (paired bool) {
	s := int(it.seat)
	switch cardKind[c] {
	case KindSpecialOrder:
		it.held = c
	case KindMenu:
		g.discards[c]++
		g.enqueue(queueItem{seat: it.seat, act: actMenu, card: c}, int(g.p.qPos)+1)
	case KindTakeoutBox:
		g.discards[c]++
		g.enqueue(queueItem{seat: it.seat, act: actTakeout, card: c}, int(g.p.qPos)+1)
	default:
		return g.placeAs(s, c, c)
	}
	return false
}

func (g *Game) copyHeld(it *queueItem, target Card) {
	s := int(it.seat)
	paired := g.placeAs(s, SpecialOrder, target)
	g.event(Event{Kind: EvCopy, Seat: int8(s), Card: target, Via: SpecialOrder, Paired: paired})
	it.held = None
}

func (g *Game) useChopsticks(it *queueItem, c Card) {
	s := int(it.seat)
	g.take(s, c)
	it.stage = stageDone
	ev := Event{Kind: EvChopsticks, Seat: int8(s), Card: c, Via: it.card}
	idx := g.eventIndex()
	ev.Paired = g.gain(it, c)
	g.setEvent(idx, ev)
	g.last.Seats[s].Cards[1], g.last.Seats[s].Paired[1] = c, ev.Paired
}

// spoon asks the players to seat's left, in turn, for the named card (or
// kind) and plays it (§6 Spoon).
func (g *Game) useSpoon(it *queueItem, named Card, kind Kind) {
	s := int(it.seat)
	it.stage = stageDone
	ev := Event{Kind: EvSpoon, Seat: int8(s), Other: -1, Named: kind, Via: it.card}
	if named != None {
		ev.Named = KindNone
		ev.Asked = named
	}
	n := g.set.Players
	for i := 1; i < n; i++ {
		o := (s + i) % n
		best := None
		for _, c := range g.hands[o][:g.handLen[o]] {
			if c == named || (named == None && cardKind[c] == kind && (best == None || cardIcons[c] > cardIcons[best])) {
				best = c
			}
		}
		if best == None {
			continue
		}
		g.take(o, best)
		it.giver = int8(o)
		ev.Other, ev.Card = int8(o), best
		idx := g.eventIndex()
		ev.Paired = g.gain(it, best)
		g.setEvent(idx, ev)
		g.last.Seats[s].Cards[1], g.last.Seats[s].Paired[1] = best, ev.Paired
		return
	}
	g.event(ev)
}

// order plays card c of a menu's draw (None: nothing could be ordered),
// returns the rest to the deck and shuffles it (§6 Menu).
func (g *Game) order(it *queueItem, c Card) {
	p := &g.p
	s := int(it.seat)
	d := p.draw[:p.drawLen]
	if i := slices.Index(d, c); c != None && i >= 0 {
		d[i], d[len(d)-1] = d[len(d)-1], None
		d = d[:len(d)-1]
	}
	g.drawPos -= len(d)
	copy(g.deck[g.drawPos:], d)
	p.draw, p.drawLen = [menuDraw]Card{}, 0
	g.shuffle(g.deck[g.drawPos:g.deckLen])
	it.stage = stageDone
	ev := Event{Kind: EvMenu, Seat: int8(s), Card: c, Via: it.card}
	if c == None {
		g.event(ev)
		return
	}
	idx := g.eventIndex()
	ev.Paired = g.gain(it, c)
	g.setEvent(idx, ev)
}

// flip turns the tableau positions in mask face down (§6 Takeout Box).
func (g *Game) flip(it *queueItem, mask uint32) {
	s := int(it.seat)
	g.p.flipped[s] |= mask
	it.stage = stageDone
	g.event(Event{Kind: EvTakeout, Seat: int8(s), Via: it.card, N: uint8(bits.OnesCount32(mask)), Mask: mask})
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
// card to the deck (reference §4.6, §7).
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
