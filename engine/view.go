package engine

import "slices"

// Placement is what one seat put in front of itself at a reveal.
type Placement struct {
	// Cards in placement order; Cards[1] is the chopsticks card, or None.
	Cards [2]Card
	// Paired reports, for each of Cards, that it went onto a wasabi.
	Paired [2]bool
	// Chopsticks is true when the seat used chopsticks (they went back into
	// the hand that was then passed).
	Chopsticks bool
}

// Reveal is the outcome of the latest reveal. In Party, Cards[1] is the
// card a bonus action (chopsticks or spoon) brought, and Events tell the
// whole turn in order; while decisions are pending the reveal is still being
// written and Game.Deciding is true.
type Reveal struct {
	Round, Turn int
	// Controller is the seat that chose the dummy's card, or -1.
	Controller int
	Seats      [MaxSeats]Placement
	NEvents    uint8
	Events     [maxEvents]Event
}

// AppendEvents appends the reveal's events to dst.
func (r Reveal) AppendEvents(dst []Event) []Event {
	return append(dst, r.Events[:min(int(r.NEvents), maxEvents)]...)
}

// LastReveal returns the most recent reveal; its Turn is 0 before the first.
func (g *Game) LastReveal() Reveal { return g.last }

// Placed is a card in a tableau.
type Placed struct {
	Card Card
	// Paired is true for a nigiri on a wasabi and for a wasabi holding one.
	// A flipped wasabi or nigiri stays paired: the pair is used, and the
	// nigiri is boosted only while both are face up (ruling P7).
	Paired bool
	// Copy is what a special order plays as (Party): FaceDown when it copied
	// a face-down card. None for every other card.
	Copy Card
	// FaceDown marks a card a takeout box flipped (Party): worth 2, no type
	// and no colour.
	FaceDown bool
}

// Plays returns what the card counts as: a special order's copy, FaceDown
// for a face-down card, or the card.
func (p Placed) Plays() Card {
	switch {
	case p.FaceDown:
		return FaceDown
	case p.Card == SpecialOrder:
		return p.Copy
	}
	return p.Card
}

// SeatView is what everybody may see of one seat.
type SeatView struct {
	Seat      int
	Dummy     bool
	HandSize  int
	Submitted bool
	Tableau   []Placed
	Puddings  int
	Score     int
	// Desserts are the desserts kept from finished rounds (Party), special
	// orders as what they copied.
	Desserts []Card
	// Deciding is true while the game waits for this seat's decision.
	Deciding bool
	// UramakiIcons are the uramaki icons still in front of the seat this
	// round; UramakiPoints and UramakiPlace what it scored in the race this
	// round, and for which place (Party).
	UramakiIcons, UramakiPoints, UramakiPlace int
}

// PublicView is everything anyone may see: it holds no card of any hand or
// of the draw pile, and of a pending submission only that it exists.
type PublicView struct {
	Settings   Settings
	Round      int
	Turn       int
	Over       bool
	Controller int
	DrawPile   int
	Discards   int
	Seats      []SeatView
	LastReveal Reveal
	// Scores[r][s] is seat s's breakdown for finished round r+1.
	Scores [][]Breakdown
	// Dessert holds the dessert breakdowns once the game is over.
	Dessert   []Breakdown
	Standings []Standing
	// Decision is the pending decision after a Party reveal: who decides
	// what, never the options of a menu's draw.
	Decision *Decision
	// UramakiNext is the next unclaimed uramaki place this round (4: all
	// taken); DessertPile the desserts not yet added to the deck (Party).
	UramakiNext int
	DessertPile int
}

// PlayerView is what one player may see: the public view plus their own hand
// and their own pending submission.
type PlayerView struct {
	PublicView
	Seat    int
	Hand    []Card
	Pending *Submission
	Legal   []Submission
	// Options are the answers to the seat's own pending decision, and
	// MenuDraw the cards its menu drew, which only it may see.
	Options  []Answer
	MenuDraw []Card
}

// PublicView returns a fresh snapshot of what anyone may see.
func (g *Game) PublicView() PublicView {
	v := PublicView{
		Settings:    g.set,
		Round:       g.round,
		Turn:        g.turn,
		Over:        g.over,
		Controller:  g.Controller(),
		DrawPile:    g.deckLen - g.drawPos,
		LastReveal:  g.last,
		Standings:   g.Standings(),
		UramakiNext: max(int(g.p.uraNext), 1),
		DessertPile: int(g.p.dpileLen),
	}
	if d, ok := g.Decision(); ok {
		v.Decision = &d
	}
	for _, n := range g.discards {
		v.Discards += int(n)
	}
	// Filled in place: a view is drawn at every click, and growing the
	// slice seat by seat (and moving each seat to the heap for the rules'
	// hook) was most of what it allocated.
	v.Seats = make([]SeatView, g.seats)
	// The tableaus share one array, each capped at its own length so an
	// append to one copies rather than run into the next: one allocation
	// for every seat's cards instead of one a seat.
	n := 0
	for s := range g.seats {
		n += int(g.tabLen[s])
	}
	var tabs []Placed
	if n > 0 {
		tabs = make([]Placed, 0, n)
	}
	for s := range g.seats {
		sv := &v.Seats[s]
		*sv = SeatView{
			Seat:      s,
			Dummy:     g.set.Dummy && s == dummySeat,
			HandSize:  int(g.handLen[s]),
			Submitted: g.Submitted(s),
			Puddings:  int(g.puddings[s]),
			Score:     g.Score(s),
		}
		w := g.View(s)
		if k := int(g.tabLen[s]); k > 0 {
			start := len(tabs)
			tabs = w.AppendTableau(tabs, s)
			sv.Tableau = tabs[start:len(tabs):len(tabs)]
		}
		if f := g.rules().publicSeat; f != nil {
			f(g, sv, w, v.Decision)
		}
	}
	for r := 1; r <= Rounds; r++ {
		if g.roundScored(r) {
			if v.Scores == nil {
				v.Scores = make([][]Breakdown, 0, Rounds)
			}
			v.Scores = append(v.Scores, append([]Breakdown(nil), g.scores[r-1][:g.seats]...))
		}
	}
	if g.over {
		v.Dessert = append([]Breakdown(nil), g.dessert[:g.seats]...)
	}
	return v
}

// PlayerView returns a fresh snapshot of what seat may see. For a seat that
// is not a player it returns the public view alone.
func (g *Game) PlayerView(seat int) PlayerView {
	v := PlayerView{PublicView: g.PublicView(), Seat: seat}
	if seat < 0 || seat >= g.set.Players {
		v.Seat = -1
		return v
	}
	w := g.View(seat)
	v.Hand = w.AppendHand(nil)
	if p, ok := w.Pending(); ok {
		v.Pending = &p
	}
	v.Legal = w.AppendLegal(nil)
	v.Options = w.AppendOptions(nil)
	v.MenuDraw = w.AppendMenuDraw(nil)
	return v
}

// View is one seat's window on a game: its own hand and pending choice, and
// everything public. Bots get a View, never the Game, so they cannot see
// other hands. Its methods do not allocate unless they append to a full dst.
type View struct {
	g    *Game
	seat int
}

// View returns seat's window on the game.
func (g *Game) View(seat int) View { return View{g, seat} }

// Seat returns the viewing seat.
func (v View) Seat() int { return v.seat }

// Settings returns the game's settings.
func (v View) Settings() Settings { return v.g.set }

// Party reports whether the game is Sushi Go Party!.
func (v View) Party() bool { return v.g.set.Ruleset == Party }

// Round returns the current round.
func (v View) Round() int { return v.g.round }

// Turn returns the current turn.
func (v View) Turn() int { return v.g.turn }

// Over reports whether the game has ended.
func (v View) Over() bool { return v.g.over }

// Seats returns the number of tableaux.
func (v View) Seats() int { return v.g.seats }

// Controller returns the seat controlling the dummy this turn, or -1.
func (v View) Controller() int { return v.g.Controller() }

// HandSize returns how many cards seat holds (the dummy: its pile).
func (v View) HandSize(seat int) int {
	if seat < 0 || seat >= v.g.seats {
		return 0
	}
	return int(v.g.handLen[seat])
}

// AppendHand appends the viewing seat's hand to dst.
func (v View) AppendHand(dst []Card) []Card {
	if v.seat < 0 || v.seat >= v.g.set.Players {
		return dst
	}
	return append(dst, v.g.hands[v.seat][:v.g.handLen[v.seat]]...)
}

// Drawn is the card the viewing seat drew from the dummy's pile this turn
// while it controls the dummy (the two-player dummy variant): the last card
// of its hand until the reveal. None for any other seat or game.
func (v View) Drawn() Card {
	if v.seat < 0 || v.seat >= v.g.set.Players || !v.g.set.Dummy || v.g.controller() != v.seat || v.g.handLen[v.seat] == 0 {
		return None
	}
	return v.g.hands[v.seat][v.g.handLen[v.seat]-1]
}

// HandCard returns card i of the viewing seat's hand, or None when i is out
// of range.
func (v View) HandCard(i int) Card {
	if v.seat < 0 || v.seat >= v.g.set.Players || i < 0 || i >= int(v.g.handLen[v.seat]) {
		return None
	}
	return v.g.hands[v.seat][i]
}

// Pending returns the viewing seat's own submission for this turn, if any.
func (v View) Pending() (Submission, bool) {
	if !v.g.Submitted(v.seat) || v.seat >= v.g.set.Players {
		return Submission{}, false
	}
	p := v.g.pending[v.seat]
	return Submission{Card: p.card, Extra: p.extra, Dummy: p.dummy, Call: p.call, Copy: p.copy, Round: v.g.round, Turn: v.g.turn}, true
}

// AppendTableau appends seat's tableau, in placement order, to dst.
func (v View) AppendTableau(dst []Placed, seat int) []Placed {
	if seat < 0 || seat >= v.g.seats {
		return dst
	}
	for i := range int(v.g.tabLen[seat]) {
		dst = append(dst, v.g.placed(seat, i))
	}
	return dst
}

// scan counts seat's face-up tableau cards that match, by what they play as.
func (g *Game) scan(seat int, match func(Card) bool) int {
	n := 0
	for i := range int(g.tabLen[seat]) {
		if !g.faceDown(seat, i) && match(g.eff(seat, i)) {
			n++
		}
	}
	return n
}

// Count returns how many c seat has in front of it this round.
func (v View) Count(seat int, c Card) int {
	if seat < 0 || seat >= v.g.seats || !c.Valid() {
		return 0
	}
	return v.g.rules().count(v.g, seat, c)
}

// countClassic reads classic's running count.
func (g *Game) countClassic(seat int, c Card) int { return int(g.count[seat][c]) }

// countParty reads the tableau: a special order counts as what it copies.
func (g *Game) countParty(seat int, c Card) int {
	return g.scan(seat, func(x Card) bool { return x == c })
}

// KindCount returns how many cards of kind k seat has in front of it this round.
func (v View) KindCount(seat int, k Kind) int {
	if seat < 0 || seat >= v.g.seats {
		return 0
	}
	return v.g.scan(seat, func(x Card) bool { return cardKind[x] == k })
}

// MakiIcons returns seat's maki icons this round.
func (v View) MakiIcons(seat int) int {
	if seat < 0 || seat >= v.g.seats {
		return 0
	}
	return v.g.rules().makiIcons(v.g, seat)
}

func (g *Game) makiIconsClassic(seat int) int {
	cnt := &g.count[seat]
	return int(cnt[Maki1]) + 2*int(cnt[Maki2]) + 3*int(cnt[Maki3])
}

func (g *Game) makiIconsParty(seat int) int {
	if g.set.Menu.Roll != KindMaki {
		return 0
	}
	n := 0
	for i := range int(g.tabLen[seat]) {
		if e := g.eff(seat, i); cardKind[e] == KindMaki && !g.faceDown(seat, i) {
			n += int(cardIcons[e])
		}
	}
	return n
}

// UramakiIcons returns seat's uramaki icons still in front of it (Party).
func (v View) UramakiIcons(seat int) int {
	if seat < 0 || seat >= v.g.seats {
		return 0
	}
	return v.g.uramakiIcons(seat) // none in a classic tableau
}

// UramakiNext returns the next unclaimed uramaki place this round: 1 to 3,
// or 4 when all three are taken.
func (v View) UramakiNext() int { return max(int(v.g.p.uraNext), 1) }

// Desserts returns how many dessert cards seat keeps from finished rounds
// (Party; classic: puddings).
func (v View) Desserts(seat int) int {
	if seat < 0 || seat >= v.g.seats {
		return 0
	}
	return v.g.rules().desserts(v.g, seat)
}

// AppendDesserts appends the desserts seat keeps from finished rounds,
// special orders as the dessert they copied.
func (v View) AppendDesserts(dst []Card, seat int) []Card {
	if seat < 0 || seat >= v.g.seats {
		return dst
	}
	return v.g.rules().appendDesserts(v.g, dst, seat)
}

func (g *Game) dessertsClassic(seat int) int { return int(g.puddings[seat]) }

func (g *Game) appendDessertsClassic(dst []Card, seat int) []Card {
	for range g.puddings[seat] {
		dst = append(dst, Pudding)
	}
	return dst
}

// Deciding reports whether the game waits for a decision after a reveal.
func (v View) Deciding() bool { return v.g.p.deciding }

// Decision returns the pending decision, if any (whose it is, is public).
func (v View) Decision() (Decision, bool) { return v.g.Decision() }

// DeckSize returns how many cards are left undealt in the deck.
func (v View) DeckSize() int { return v.g.deckLen - v.g.drawPos }

// EmptyWasabi returns how many of seat's wasabi wait for a nigiri.
func (v View) EmptyWasabi(seat int) int {
	if seat < 0 || seat >= v.g.seats {
		return 0
	}
	return v.g.rules().emptyWasabi(v.g, seat)
}

func (g *Game) emptyWasabiClassic(seat int) int { return int(g.emptyWasabi[seat]) }

func (g *Game) emptyWasabiParty(seat int) int {
	n := 0
	for i := range int(g.tabLen[seat]) {
		if g.eff(seat, i) == Wasabi && !g.faceDown(seat, i) && g.paired[seat]&(1<<i) == 0 {
			n++
		}
	}
	return n
}

// Chopsticks returns how many chopsticks seat could use this turn.
func (v View) Chopsticks(seat int) int {
	if seat < 0 || seat >= v.g.seats {
		return 0
	}
	return v.g.rules().chopsticks(v.g, seat)
}

func (g *Game) chopsticksClassic(seat int) int { return int(g.chopsticks[seat]) }

func (g *Game) chopsticksParty(seat int) int {
	return g.scan(seat, func(x Card) bool { return cardKind[x] == KindChopsticks })
}

// Spoons returns how many spoons seat could use this turn (Party).
func (v View) Spoons(seat int) int { return v.KindCount(seat, KindSpoon) }

// Puddings returns seat's puddings from this and earlier rounds.
func (v View) Puddings(seat int) int { return v.g.Puddings(seat) + v.Count(seat, Pudding) }

// Score returns seat's points from finished rounds.
func (v View) Score(seat int) int { return v.g.Score(seat) }

// Submitted reports whether seat has submitted this turn.
func (v View) Submitted(seat int) bool { return v.g.Submitted(seat) }

// AppendLegal appends every legal submission of the viewing seat to dst,
// each distinct outcome once: cards are named by identity, and a chopsticks
// pair is listed in one order unless the order matters (a wasabi and a nigiri,
// ruling C5). It appends nothing when the seat cannot submit.
func (v View) AppendLegal(dst []Submission) []Submission {
	g, s := v.g, v.seat
	if g.over || s < 0 || s >= g.set.Players {
		return dst
	}
	return g.rules().appendLegal(v, dst)
}

// appendLegalClassic appends every distinct classic pick: each card, with
// each second card when chopsticks can be used, each with a card for the
// dummy when the seat controls it.
func (v View) appendLegalClassic(dst []Submission) []Submission {
	g, s := v.g, v.seat
	h := g.hands[s][:g.handLen[s]]
	var count [NumCards]uint8
	var distinct [maxHand]Card
	nd := 0
	for _, c := range h {
		if count[c] == 0 {
			distinct[nd] = c
			nd++
		}
		count[c]++
	}
	ds := distinct[:nd]
	base := Submission{Round: g.round, Turn: g.turn}
	ctrl := g.controller() == s
	chop := g.chopsticks[s] > 0 && len(h) >= 2+boolInt(ctrl)
	for _, a := range ds {
		count[a]--
		sub := base
		sub.Card = a
		dst = appendDummy(dst, sub, ctrl, ds, &count)
		if chop {
			for _, b := range ds {
				if count[b] == 0 || (b < a && !orderMatters(a, b)) {
					continue
				}
				count[b]--
				sub.Extra = b
				dst = appendDummy(dst, sub, ctrl, ds, &count)
				count[b]++
			}
		}
		count[a]++
	}
	return dst
}

// appendDummy appends sub, or for the dummy's controller one copy of sub per
// card still available for the dummy.
func appendDummy(dst []Submission, sub Submission, ctrl bool, ds []Card, count *[NumCards]uint8) []Submission {
	if !ctrl {
		return append(dst, sub)
	}
	for _, d := range ds {
		if count[d] > 0 {
			sub.Dummy = d
			dst = append(dst, sub)
		}
	}
	return dst
}

func orderMatters(a, b Card) bool {
	ka, kb := cardKind[a], cardKind[b]
	return (ka == KindWasabi && kb == KindNigiri) || (ka == KindNigiri && kb == KindWasabi)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// appendLegalParty appends every distinct Party pick: each card of the hand,
// a special order with each thing it could copy, each alone or with each
// chopsticks or spoon that could be called.
func (v View) appendLegalParty(dst []Submission) []Submission {
	g, s := v.g, v.seat
	if g.p.deciding {
		return dst
	}
	var hb [maxHand]Card
	hand := g.appendHandOptions(hb[:0], s)
	var cb [maxTableau + 1]Card
	copies := g.appendCopyOptions(cb[:0], s)
	var calls [2*maxTableau + 1]Card
	nc := len(v.AppendCallable(calls[1:1])) + 1
	base := Submission{Round: g.round, Turn: g.turn}
	for _, c := range hand {
		for _, call := range calls[:nc] {
			sub := base
			sub.Card, sub.Call = c, call
			if c == SpecialOrder && len(copies) > 0 {
				for _, cp := range copies {
					sub.Copy = cp
					dst = append(dst, sub)
				}
				continue
			}
			dst = append(dst, sub)
		}
	}
	return dst
}

// AppendCopyOptions appends what a special order of the viewing seat could
// copy now, each once, in tableau order (FaceDown for a face-down card).
func (v View) AppendCopyOptions(dst []Card) []Card {
	if v.seat < 0 || v.seat >= v.g.seats {
		return dst
	}
	return v.g.appendCopyOptions(dst, v.seat)
}

// AppendCallable appends each chopsticks or spoon the viewing seat could
// call with its pick this turn (Party), each once. With one card left
// chopsticks have nothing to take, but a spoon may still be called: it
// finds every hand empty and is discarded (docs/rules.md).
func (v View) AppendCallable(dst []Card) []Card {
	g, s := v.g, v.seat
	if !g.rules().calls || s < 0 || s >= g.set.Players || g.handLen[s] < 1 {
		return dst
	}
	start := len(dst)
	for i := range int(g.tabLen[s]) {
		e := g.eff(s, i)
		k := cardKind[e]
		if k == KindChopsticks && g.handLen[s] < 2 {
			continue
		}
		if (k == KindChopsticks || k == KindSpoon) && !g.faceDown(s, i) && !slices.Contains(dst[start:], e) {
			dst = append(dst, e)
		}
	}
	return dst
}

// publicSeatParty adds what a Party seat shows: desserts kept, uramaki
// icons and places, whether it is deciding.
func (g *Game) publicSeatParty(sv *SeatView, w View, d *Decision) {
	s := sv.Seat
	sv.Desserts = w.AppendDesserts(nil, s)
	sv.UramakiIcons = w.UramakiIcons(s)
	sv.UramakiPoints = int(g.p.uraPts[s])
	sv.UramakiPlace = int(g.p.uraPlace[s])
	sv.Deciding = d != nil && d.Seat == s
}
