package strategy

import (
	"math"

	"github.com/sushigo/sushigo/engine"
)

// The Party heuristic estimates what a seat's tableau will score by the end
// of the round (and, for desserts, of the game) and judges every pick and
// every decision by how much it raises that estimate. Races (maki, temaki,
// uramaki, soy sauce, pudding) are judged against the other tableaux as the
// seat sees them; sets in progress count in part by the chance of finishing
// them in the picks left.

const numKinds = 32 // more than engine's kinds

// ptab is the part of a seat's Party position the heuristic reasons about.
type ptab struct {
	kind     [numKinds]int // face-up cards by what they play as
	colours  [numKinds]int // by colour class
	nigiri   int           // nigiri points, wasabi included
	wasabi   int           // empty wasabi
	roll     int           // icons of the menu's maki or uramaki
	onigiri  [5]int
	faceDown int
	desserts int    // of the menu's dessert, kept and this round's
	fruit    [3]int // fruit icons, kept and this round's
	nColours int
}

func (t *ptab) add(c engine.Card, roll engine.Kind) {
	if c == engine.FaceDown {
		t.faceDown++
		return
	}
	k := c.Kind()
	t.kind[k]++
	col := k.Colour()
	if t.colours[col] == 0 {
		t.nColours++
	}
	t.colours[col]++
	switch k {
	case engine.KindNigiri:
		n := c.NigiriPoints()
		if t.wasabi > 0 {
			t.wasabi--
			n *= 3
		}
		t.nigiri += n
	case engine.KindWasabi:
		t.wasabi++
	case engine.KindMaki, engine.KindUramaki:
		if k == roll {
			t.roll += c.Icons()
		}
	case engine.KindOnigiri:
		t.onigiri[c.Variant()]++
	case engine.KindPudding, engine.KindGreenTeaIceCream:
		t.desserts++
	case engine.KindFruit:
		t.desserts++
		w, p, o := c.FruitIcons()
		t.fruit[0] += w
		t.fruit[1] += p
		t.fruit[2] += o
	}
}

// remove takes a face-up card out of t (for a takeout box's flip).
func (t *ptab) remove(p engine.Placed, roll engine.Kind) {
	c := p.Plays()
	k := c.Kind()
	t.kind[k]--
	col := k.Colour()
	t.colours[col]--
	if t.colours[col] == 0 {
		t.nColours--
	}
	switch k {
	case engine.KindNigiri:
		n := c.NigiriPoints()
		if p.Paired {
			n *= 3
		}
		t.nigiri -= n
	case engine.KindWasabi:
		if !p.Paired {
			t.wasabi--
		}
	case engine.KindMaki, engine.KindUramaki:
		if k == roll {
			t.roll -= c.Icons()
		}
	case engine.KindOnigiri:
		t.onigiri[c.Variant()]--
	case engine.KindPudding, engine.KindGreenTeaIceCream, engine.KindFruit:
		t.desserts--
	}
	t.faceDown++
}

// pcontext is what the estimate needs besides the seat's own tableau.
type pcontext struct {
	menu        engine.Menu
	players     int
	self        int
	picksLeft   int
	roundsLeft  int
	uramakiNext int
	rolls       [engine.MaxSeats]int // others' roll icons (temaki: cards)
	desserts    [engine.MaxSeats]int
	edamameOpp  int // opponents with edamame
	mostColours int // the most colours among the others
}

func partyTableau(v engine.View, seat int, roll engine.Kind, buf []engine.Placed) ptab {
	var t ptab
	for _, p := range v.AppendTableau(buf[:0], seat) {
		t.add(p.Plays(), roll)
	}
	// Wasabi and nigiri as the engine paired them (flips included).
	t.nigiri, t.wasabi = 0, v.EmptyWasabi(seat)
	for _, p := range v.AppendTableau(buf[:0], seat) {
		if p.FaceDown {
			continue
		}
		if n := p.Plays().NigiriPoints(); n > 0 {
			if p.Paired {
				n *= 3
			}
			t.nigiri += n
		}
	}
	var db [32]engine.Card
	for _, c := range v.AppendDesserts(db[:0], seat) {
		t.desserts++
		w, p, o := c.FruitIcons()
		t.fruit[0] += w
		t.fruit[1] += p
		t.fruit[2] += o
	}
	return t
}

func (h *Heuristic) partyContext(v engine.View) (pcontext, ptab) {
	s := v.Settings()
	me := v.Seat()
	cx := pcontext{
		menu:        s.Menu,
		players:     s.Players,
		self:        me,
		picksLeft:   v.HandSize(me) - 1,
		roundsLeft:  engine.Rounds - v.Round(),
		uramakiNext: v.UramakiNext(),
	}
	if v.Deciding() {
		cx.picksLeft = v.HandSize(me)
	}
	var base ptab
	for seat := range s.Players {
		t := partyTableau(v, seat, s.Menu.Roll, h.placed[:0])
		if seat == me {
			base = t
			continue
		}
		switch s.Menu.Roll {
		case engine.KindTemaki:
			cx.rolls[seat] = t.kind[engine.KindTemaki]
		default:
			cx.rolls[seat] = t.roll
		}
		cx.desserts[seat] = t.desserts
		if t.kind[engine.KindEdamame] > 0 {
			cx.edamameOpp++
		}
		cx.mostColours = max(cx.mostColours, t.nColours)
	}
	return cx, base
}

func chance(k int, q float64) float64 {
	if k <= 0 {
		return 0
	}
	return 1 - math.Pow(1-q, float64(k))
}

var (
	hDumplings = [...]float64{0, 1, 3, 6, 10, 15, 15}
	hOnigiri   = [...]float64{0, 1, 4, 9, 16}
	hFruit     = [...]float64{-2, 0, 1, 3, 6, 10, 10}
)

// worth estimates what t will score by the end of the round, plus the
// desserts' share of the game's end.
func (t *ptab) worth(cx *pcontext) float64 {
	k := cx.picksLeft
	q := 0.25 // chance a pick offers a wanted card
	w := float64(t.nigiri + 2*t.faceDown)
	w += float64(t.wasabi) * 4 * chance(k, 0.35)
	w += float64(5*(t.kind[engine.KindTempura]/2) + 10*(t.kind[engine.KindSashimi]/3))
	if t.kind[engine.KindTempura]%2 == 1 {
		w += 5 * chance(k, q)
	}
	switch t.kind[engine.KindSashimi] % 3 {
	case 2:
		w += 10 * chance(k, q)
	case 1:
		w += 10 * chance(k, q) * chance(k-1, q)
	}
	d := min(t.kind[engine.KindDumpling], 5)
	w += hDumplings[d] + (hDumplings[d+1]-hDumplings[d])*chance(k, q)*0.8
	switch e := t.kind[engine.KindEel]; {
	case e == 1:
		w += -3 + 10*chance(k, q)
	case e >= 2:
		w += 7
	}
	switch t.kind[engine.KindTofu] {
	case 1:
		w += 2
	case 2:
		w += 6
	}
	if e := t.kind[engine.KindEdamame]; e > 0 {
		opp := float64(cx.edamameOpp) + 0.3*float64(cx.players-1-cx.edamameOpp)*chance(k, 0.3)
		w += float64(e) * math.Min(opp, 4)
	}
	w += float64(t.kind[engine.KindMisoSoup]) * 3
	// Onigiri: layered sets, plus the next shape's worth.
	var o [5]int
	copy(o[:], t.onigiri[:])
	first := 0
	for {
		n := 0
		for s := 1; s <= 4; s++ {
			if o[s] > 0 {
				o[s]--
				n++
			}
		}
		if n == 0 {
			break
		}
		if first == 0 {
			first = n
		}
		w += hOnigiri[n]
	}
	if first > 0 && first < 4 {
		w += (hOnigiri[first+1] - hOnigiri[first]) * chance(k, q) * 0.6
	}
	largest := 0
	for _, n := range t.colours {
		largest = max(largest, n)
	}
	w += float64(t.kind[engine.KindTea]) * (float64(largest) + 0.3*float64(k))
	if s := t.kind[engine.KindSoySauce]; s > 0 {
		p := 0.3
		if t.nColours >= cx.mostColours {
			p = 0.8
		}
		w += float64(s) * 4 * p
	}
	if u := t.kind[engine.KindChopsticks] + t.kind[engine.KindSpoon]; u > 0 && k >= 2 {
		w += float64(min(u, k-1)) * 2.5
	}
	w += cx.rollWorth(t)
	w += cx.dessertWorth(t)
	return w
}

// rollWorth is the menu's roll: the race as it stands, discounted by how
// much of the round is left, plus a little for every icon.
func (cx *pcontext) rollWorth(t *ptab) float64 {
	n := cx.players
	var counts, pts, place [engine.MaxSeats]int
	copy(counts[:n], cx.rolls[:n])
	late := 1 - 0.5*float64(cx.picksLeft)/10
	switch cx.menu.Roll {
	case engine.KindMaki:
		counts[cx.self] = t.roll
		engine.PartyMakiPoints(cx.players, counts[:n], pts[:n], place[:n])
		return float64(pts[cx.self])*late + 0.4*float64(cx.picksLeft)/10*float64(t.roll)
	case engine.KindTemaki:
		counts[cx.self] = t.kind[engine.KindTemaki]
		engine.MostFewestPoints(counts[:n], 4, n > 2, pts[:n], place[:n])
		return float64(pts[cx.self])*late + 0.5*float64(t.kind[engine.KindTemaki])
	default: // uramaki
		if cx.uramakiNext > 3 {
			return 0
		}
		next := [4]float64{0, 8, 5, 2}[cx.uramakiNext]
		if t.roll >= 10 {
			return next
		}
		return next * float64(t.roll) / 10 * (0.4 + 0.6*chance(cx.picksLeft, 0.3))
	}
}

// dessertWorth is the menu's dessert at the game's end, weighted by how
// much of the game is left to change it.
func (cx *pcontext) dessertWorth(t *ptab) float64 {
	rl := float64(cx.roundsLeft)
	switch cx.menu.Dessert {
	case engine.KindPudding:
		n := cx.players
		var counts, pts, place [engine.MaxSeats]int
		copy(counts[:n], cx.desserts[:n])
		counts[cx.self] = t.desserts
		engine.MostFewestPoints(counts[:n], 6, n > 2, pts[:n], place[:n])
		return float64(pts[cx.self])*(1-0.25*rl) + float64(t.desserts)*0.8*rl
	case engine.KindGreenTeaIceCream:
		sets := t.desserts / 4
		rest := t.desserts % 4
		return float64(12*sets) + float64(rest)*2.2*(0.5+0.25*rl)
	case engine.KindFruit:
		w := 0.0
		for _, f := range t.fruit {
			w += hFruit[min(f, 6)]
		}
		return w
	}
	return 0
}

// gain is how much adding c (a copy target for a special order) raises the
// seat's estimate.
func (h *Heuristic) gain(base *ptab, c engine.Card, cx *pcontext) float64 {
	now := base.worth(cx)
	t := *base
	switch c.Kind() {
	case engine.KindMenu:
		return 3 // an order from the deck: about an average card
	case engine.KindTakeoutBox:
		return h.takeoutGain(base, cx)
	case engine.KindSpecialOrder:
		best := 0.0
		for _, cp := range h.copies {
			if g := h.gain(base, cp, cx); g > best {
				best = g
			}
		}
		return best
	}
	t.add(c, cx.menu.Roll)
	return t.worth(cx) - now
}

// takeoutGain is what flipping every card worth less than 2 would add.
func (h *Heuristic) takeoutGain(base *ptab, cx *pcontext) float64 {
	g := 0.0
	for _, p := range h.tab {
		if p.FaceDown {
			continue
		}
		t := *base
		before := t.worth(cx)
		t.remove(p, cx.menu.Roll)
		if d := t.worth(cx) - before; d > 0 {
			g += d
		}
	}
	return g
}

func (h *Heuristic) chooseParty(v engine.View) engine.Submission {
	h.buf = v.AppendLegal(h.buf[:0])
	if len(h.buf) <= 1 {
		if len(h.buf) == 0 {
			return engine.Submission{}
		}
		return h.buf[0]
	}
	cx, base := h.partyContext(v)
	h.tab = v.AppendTableau(h.tab[:0], v.Seat())
	h.copies = v.AppendCopyOptions(h.copies[:0])
	best, bestGain := 0, math.Inf(-1)
	for i, sub := range h.buf {
		var g float64
		if sub.Card == engine.SpecialOrder && sub.Copy != engine.None {
			g = h.gain(&base, sub.Copy, &cx)
		} else {
			g = h.gain(&base, sub.Card, &cx)
		}
		if sub.Call != engine.None {
			// A bonus action is worth the second-best card of the hand, less
			// the chopsticks or spoon it uses up.
			g += h.secondBest(v, &base, &cx, sub.Card) - 2.5
			if sub.Call.Kind() == engine.KindSpoon {
				g -= 1
			}
		}
		if g > bestGain {
			best, bestGain = i, g
		}
	}
	return h.buf[best]
}

func (h *Heuristic) secondBest(v engine.View, base *ptab, cx *pcontext, played engine.Card) float64 {
	t := *base
	t.add(played, cx.menu.Roll)
	best, skipped := math.Inf(-1), false
	for i := range v.HandSize(v.Seat()) {
		c := v.HandCard(i)
		if c == played && !skipped {
			skipped = true
			continue
		}
		if g := h.gain(&t, c, cx); g > best {
			best = g
		}
	}
	if math.IsInf(best, -1) {
		return 0
	}
	return best
}

// Decide implements Decider: the option that raises the estimate most; a
// takeout box flips every card worth less than the 2 a face-down card scores.
func (h *Heuristic) Decide(v engine.View) engine.Answer {
	d, ok := v.Decision()
	if !ok || d.Seat != v.Seat() {
		return engine.Answer{}
	}
	cx, base := h.partyContext(v)
	h.tab = v.AppendTableau(h.tab[:0], v.Seat())
	h.copies = v.AppendCopyOptions(h.copies[:0])
	ans := engine.Answer{Round: d.Round, Turn: d.Turn, Step: d.Step}
	if d.Kind == engine.DecideTakeout {
		for i, p := range h.tab {
			if d.Flippable&(1<<i) == 0 {
				continue
			}
			t := base
			before := t.worth(&cx)
			t.remove(p, cx.menu.Roll)
			if t.worth(&cx) > before {
				ans.Flip |= 1 << i
			}
		}
		return ans
	}
	h.opts = v.AppendOptions(h.opts[:0])
	if len(h.opts) == 0 {
		return ans
	}
	best, bestGain := 0, math.Inf(-1)
	for i, a := range h.opts {
		var g float64
		switch {
		case a.Card != engine.None:
			g = h.gain(&base, a.Card, &cx)
			if d.Kind == engine.DecideSpoon {
				g -= 0.5 // an exact card is less likely to be found than its type
			}
		default: // a spoon naming a type: its best variant
			for c := engine.Card(1); c < engine.NumCards; c++ {
				if c.Kind() == a.Kind && v.Settings().DeckCount(c) > 0 {
					g = math.Max(g, h.gain(&base, c, &cx))
				}
			}
		}
		if g > bestGain {
			best, bestGain = i, g
		}
	}
	return h.opts[best]
}
