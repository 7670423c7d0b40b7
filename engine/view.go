package engine

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

// Reveal is the outcome of the latest reveal.
type Reveal struct {
	Round, Turn int
	// Controller is the seat that chose the dummy's card, or -1.
	Controller int
	Seats      [MaxSeats]Placement
}

// LastReveal returns the most recent reveal; its Turn is 0 before the first.
func (g *Game) LastReveal() Reveal { return g.last }

// Placed is a card in a tableau.
type Placed struct {
	Card Card
	// Paired is true for a nigiri on a wasabi and for a wasabi holding one.
	Paired bool
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
	// Dessert holds the pudding breakdowns once the game is over.
	Dessert   []Breakdown
	Standings []Standing
}

// PlayerView is what one player may see: the public view plus their own hand
// and their own pending submission.
type PlayerView struct {
	PublicView
	Seat    int
	Hand    []Card
	Pending *Submission
	Legal   []Submission
}

// PublicView returns a fresh snapshot of what anyone may see.
func (g *Game) PublicView() PublicView {
	v := PublicView{
		Settings:   g.set,
		Round:      g.round,
		Turn:       g.turn,
		Over:       g.over,
		Controller: g.Controller(),
		DrawPile:   g.deckLen - g.drawPos,
		LastReveal: g.last,
		Standings:  g.Standings(),
	}
	for _, n := range g.discards {
		v.Discards += int(n)
	}
	for s := range g.seats {
		sv := SeatView{
			Seat:      s,
			Dummy:     g.set.Dummy && s == dummySeat,
			HandSize:  int(g.handLen[s]),
			Submitted: g.Submitted(s),
			Puddings:  int(g.puddings[s]),
			Score:     g.Score(s),
		}
		sv.Tableau = g.View(s).AppendTableau(nil, s)
		v.Seats = append(v.Seats, sv)
	}
	for r := 1; r <= Rounds; r++ {
		if g.roundScored(r) {
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
	return Submission{Card: p.card, Extra: p.extra, Dummy: p.dummy, Round: v.g.round, Turn: v.g.turn}, true
}

// AppendTableau appends seat's tableau, in placement order, to dst.
func (v View) AppendTableau(dst []Placed, seat int) []Placed {
	if seat < 0 || seat >= v.g.seats {
		return dst
	}
	g := v.g
	for i, c := range g.tab[seat][:g.tabLen[seat]] {
		dst = append(dst, Placed{c, g.paired[seat]&(1<<i) != 0})
	}
	return dst
}

// Count returns how many c seat has in front of it this round.
func (v View) Count(seat int, c Card) int {
	if seat < 0 || seat >= v.g.seats || !c.Valid() {
		return 0
	}
	return int(v.g.count[seat][c])
}

// KindCount returns how many cards of kind k seat has in front of it this round.
func (v View) KindCount(seat int, k Kind) int {
	n := 0
	if seat >= 0 && seat < v.g.seats {
		for _, x := range v.g.tab[seat][:v.g.tabLen[seat]] {
			if cardKind[x] == k {
				n++
			}
		}
	}
	return n
}

// MakiIcons returns seat's maki icons this round.
func (v View) MakiIcons(seat int) int {
	if seat < 0 || seat >= v.g.seats {
		return 0
	}
	cnt := &v.g.count[seat]
	return int(cnt[Maki1]) + 2*int(cnt[Maki2]) + 3*int(cnt[Maki3])
}

// EmptyWasabi returns how many of seat's wasabi wait for a nigiri.
func (v View) EmptyWasabi(seat int) int {
	if seat < 0 || seat >= v.g.seats {
		return 0
	}
	return int(v.g.emptyWasabi[seat])
}

// Chopsticks returns how many chopsticks seat could use this turn.
func (v View) Chopsticks(seat int) int {
	if seat < 0 || seat >= v.g.seats {
		return 0
	}
	return int(v.g.chopsticks[seat])
}

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
