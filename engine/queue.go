package engine

import (
	"math/bits"
	"slices"
)

// After the reveal: Sushi Go Party!'s action queue, where called bonus
// actions, played menus and takeout boxes resolve and every choice a
// player makes is a pending Decision.
//
// Sushi Go Party! play. A turn runs as docs/rules.md ("A Party turn") describes it: hidden
// picks (a special order names its copy with the pick; a chopsticks or
// spoon bonus action is called with it), the reveal in seat order, then the
// action queue in corner-number order (ruling P4), in which every choice a
// player makes after the reveal is a pending Decision, then the miso and
// uramaki checks once for the whole turn (P9), the used chopsticks and
// spoons go back into hands, and hands pass left.
//
// Decisions where the texts are silent, beyond the Party rulings P1–P10
// (docs/rules.md):
//   - Chopsticks need at least two cards in hand, as classic's do (C4): on
//     a turn with one card left there is nothing to take. A spoon may still
//     be called then (docs/rules.md, edge cases): every hand is empty when it asks, so
//     it finds nothing and is discarded like any spoon that finds nothing
//     (seed 002), and no longer counts for colours.
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
