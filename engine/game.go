package engine

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
)

// Submission is one seat's hidden choice for a turn. Cards are named by
// identity, not hand position, so a choice stays meaningful however a front
// end orders the hand.
type Submission struct {
	// Card is the card kept.
	Card Card
	// Extra is a second card taken with chopsticks from the tableau, placed
	// after Card (ruling C5). None when chopsticks are not used.
	Extra Card
	// Dummy is the card the dummy's controller gives the dummy (ruling C9).
	// None for everyone else.
	Dummy Card
	// Call, in Party, is a chopsticks or spoon in the player's tableau
	// called as a bonus action this turn; the card it brings is decided
	// after the reveal. None when no bonus action is called.
	Call Card
	// Copy, in Party, is what a special order played from the hand copies:
	// a card in front of the player (FaceDown for a face-down one). None
	// for any other card, or when there is nothing to copy.
	Copy Card
	// Round and Turn, when non-zero, must match the game's current round and
	// turn; a choice made for an earlier turn is refused with ErrWrongTurn.
	Round, Turn int
}

// pick is a stored submission: the cards, and for a lone card where it
// was found in the hand (at-1; 0 when unknown), so the reveal need not
// look again.
type pick struct {
	card, extra, dummy, call, copy Card
	at                             uint8
}

// Game is one game of Sushi Go!. It holds no pointers: copying a Game value
// copies the whole game, which is what a search bot needs to explore moves.
// A Game is not safe for concurrent use.
type Game struct {
	set   Settings
	seats int
	round int // 1..Rounds
	turn  int // 1..HandSize
	over  bool
	rng   rand.PCG

	deck    [maxDeck]Card // the draw pile is deck[drawPos:deckLen]
	deckLen int
	drawPos int

	hands   [MaxSeats][maxHand]Card // the dummy seat's hand is its face-down pile; its top is the last card
	handLen [MaxSeats]uint8

	tab    [MaxSeats][maxTableau]Card // cards in front of each seat this round, in placement order
	tabLen [MaxSeats]uint8
	// paired marks tableau positions that are a nigiri on a wasabi or a
	// wasabi holding a nigiri.
	paired      [MaxSeats]uint32
	emptyWasabi [MaxSeats]uint8
	chopsticks  [MaxSeats]uint8
	// count and onWasabi mirror the tableaux (cards by identity; nigiri on
	// wasabi by base value) so scoring and views never rescan them.
	count    [MaxSeats][NumCards]uint8
	onWasabi [MaxSeats][4]uint8
	puddings [MaxSeats]uint8 // kept across rounds
	discards [NumCards]uint8

	pending   [MaxSeats]pick
	submitted uint16 // bit per seat

	scores  [Rounds][MaxSeats]Breakdown
	dessert [MaxSeats]Breakdown // desserts, filled at game end
	total   [MaxSeats]int16     // sum of the breakdowns so far (and of this round's uramaki race)
	last    Reveal

	p partyState
}

// New starts a game: it shuffles the deck from seed and deals round 1. The
// same settings and seed always give the same game.
func New(s Settings, seed uint64) (*Game, error) {
	g := new(Game)
	if err := g.Reset(s, seed); err != nil {
		return nil, err
	}
	return g, nil
}

// Reset turns g into a new game as New would, reusing its memory.
func (g *Game) Reset(s Settings, seed uint64) error {
	if err := s.Validate(); err != nil {
		return err
	}
	*g = Game{}
	g.set, g.seats, g.round = s.withDefaults(), s.Seats(), 1
	// The second PCG word is a fixed odd constant: games differ by seed alone.
	g.rng.Seed(seed, 0x9e3779b97f4a7c15)
	g.rules().deal(g)
	return nil
}

// dealClassic builds, shuffles and deals the classic deck.
func (g *Game) dealClassic() {
	for c := Card(1); c < NumCards; c++ {
		for range g.set.Ruleset.DeckCount(c) {
			g.deck[g.deckLen] = c
			g.deckLen++
		}
	}
	g.shuffle(g.deck[:g.deckLen])
	g.deal()
}

// shuffle is Fisher–Yates with Lemire's unbiased bounded random numbers.
func (g *Game) shuffle(d []Card) {
	for i := len(d) - 1; i > 0; i-- {
		j := g.intn(uint64(i + 1))
		d[i], d[j] = d[j], d[i]
	}
}

func (g *Game) intn(n uint64) uint64 {
	hi, lo := bits.Mul64(g.rng.Uint64(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(g.rng.Uint64(), n)
		}
	}
	return hi
}

func (g *Game) deal() {
	n := g.set.HandSize()
	for s := 0; s < g.seats; s++ {
		copy(g.hands[s][:n], g.deck[g.drawPos:g.drawPos+n])
		// Dealt cards leave the pile for good, so a decoded game (which stores
		// only the pile) equals the original field for field.
		clear(g.deck[g.drawPos : g.drawPos+n])
		g.handLen[s] = uint8(n)
		g.drawPos += n
	}
	g.turn = 1
	g.drawForController()
}

// dummySeat is the dummy's seat in the dummy variant.
const dummySeat = 2

// controller returns the seat that controls the dummy this turn, or -1.
// The first seat controls turn 1 of every round (ruling C9).
func (g *Game) controller() int {
	if !g.set.Dummy {
		return -1
	}
	return (g.turn - 1) % 2
}

// drawForController moves the dummy pile's top card into the controller's hand.
func (g *Game) drawForController() {
	c := g.controller()
	if c < 0 || g.handLen[dummySeat] == 0 {
		return
	}
	g.handLen[dummySeat]--
	g.hands[c][g.handLen[c]] = g.hands[dummySeat][g.handLen[dummySeat]]
	g.hands[dummySeat][g.handLen[dummySeat]] = None
	g.handLen[c]++
}

// Settings returns the settings the game was created with, defaults filled in.
func (g *Game) Settings() Settings { return g.set }

// Round returns the current round, 1 to 3 (3 once the game is over).
func (g *Game) Round() int { return g.round }

// Turn returns the current turn of the round, starting at 1.
func (g *Game) Turn() int { return g.turn }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.over }

// Seats returns the number of tableaux: the players plus the dummy, if any.
func (g *Game) Seats() int { return g.seats }

// Controller returns the seat controlling the dummy this turn, or -1 when the
// game has no dummy or is over.
func (g *Game) Controller() int {
	if g.over {
		return -1
	}
	return g.controller()
}

// Submitted reports whether seat has a submission waiting for the reveal.
func (g *Game) Submitted(seat int) bool {
	return seat >= 0 && seat < MaxSeats && g.submitted&(1<<seat) != 0
}

// Waiting returns how many players still have to submit this turn (none
// while a decision after the reveal is pending).
func (g *Game) Waiting() int {
	if g.over || g.p.deciding {
		return 0
	}
	return g.set.Players - bits.OnesCount16(g.submitted)
}

// Submit records seat's choice for the current turn, replacing any earlier
// choice of the same turn (ruling C10). When it is the last missing choice,
// every choice is revealed at once, hands are passed and, at the end of a
// round, the round is scored and the next one dealt. A refused submission
// leaves the game unchanged and returns one of the package's errors.
func (g *Game) Submit(seat int, sub Submission) error {
	at, err := g.check(seat, sub)
	if err != nil {
		return err
	}
	g.pending[seat] = pick{sub.Card, sub.Extra, sub.Dummy, sub.Call, sub.Copy, at}
	g.submitted |= 1 << seat
	if int(bits.OnesCount16(g.submitted)) == g.set.Players {
		g.rules().reveal(g)
	}
	return nil
}

// Check reports whether Submit would accept sub from seat, without changing
// anything.
func (g *Game) Check(seat int, sub Submission) error {
	_, err := g.check(seat, sub)
	return err
}

// check validates sub; for a lone classic card it also returns where the
// card is in the hand (plus one).
func (g *Game) check(seat int, sub Submission) (uint8, error) {
	if g.over {
		return 0, ErrGameOver
	}
	if uint(seat) >= uint(g.set.Players) {
		return 0, ErrNotPlayer
	}
	if (sub.Round != 0 && sub.Round != g.round) || (sub.Turn != 0 && sub.Turn != g.turn) {
		return 0, ErrWrongTurn
	}
	if g.p.deciding {
		return 0, ErrDeciding
	}
	if sub.Card == None {
		return 0, ErrNoCard
	}
	return g.rules().check(g, seat, sub)
}

// checkClassicPick validates a classic pick; for a lone card (no
// chopsticks, no dummy: the common case) it just finds the card and
// returns where it is in the hand (plus one).
func (g *Game) checkClassicPick(seat int, sub Submission) (uint8, error) {
	if sub.Extra|sub.Dummy|sub.Call|sub.Copy == None && !g.set.Dummy {
		for i, x := range g.hands[seat][:g.handLen[seat]] {
			if x == sub.Card {
				return uint8(i + 1), nil
			}
		}
		return 0, &CardError{ErrNotInHand, sub.Card}
	}
	return 0, g.checkClassic(seat, sub)
}

// checkPartyPick validates a Party pick (checkParty).
func (g *Game) checkPartyPick(seat int, sub Submission) (uint8, error) {
	return 0, g.checkParty(seat, sub)
}

// locate notes where seat's pending lone classic card is in its hand, as
// Submit does, for a pick set any other way (decoded, or redrawn by
// Determinize). Party picks are never located.
func (g *Game) locate(seat int) {
	p := &g.pending[seat]
	p.at = 0
	if p.extra|p.dummy|p.call|p.copy != None || g.set.Dummy || !g.rules().locates {
		return
	}
	if i := slices.Index(g.hands[seat][:g.handLen[seat]], p.card); i >= 0 {
		p.at = uint8(i + 1)
	}
}

// checkClassic validates a classic pick with chopsticks or for the dummy.
func (g *Game) checkClassic(seat int, sub Submission) error {
	if sub.Call != None {
		return fmt.Errorf("%w: classic chopsticks go with the pick (Extra)", ErrNoChopsticks)
	}
	if sub.Copy != None {
		return fmt.Errorf("%w: classic has no special order", ErrCopyTarget)
	}
	need := 1
	if sub.Extra != None {
		if g.chopsticks[seat] == 0 {
			return ErrNoChopsticks
		}
		need++
	}
	ctrl := g.controller() == seat
	if !ctrl && sub.Dummy != None {
		return ErrNotController
	}
	if ctrl {
		need++
	}
	n := int(g.handLen[seat])
	if need > n && sub.Extra != None {
		return ErrHandTooSmall
	}
	h := g.hands[seat][:n]
	if err := g.have(h, sub.Card, sub); err != nil {
		return err
	}
	if sub.Extra != None {
		if err := g.have(h, sub.Extra, sub); err != nil {
			return err
		}
	}
	if sub.Dummy != None {
		return g.have(h, sub.Dummy, sub)
	}
	if ctrl {
		// Last, so a front end that asks for the dummy's card as the next
		// step of a selection learns first whether the rest is in the hand.
		return ErrDummyCard
	}
	return nil
}

// have checks that hand holds as many copies of c as sub names.
func (g *Game) have(hand []Card, c Card, sub Submission) error {
	want := 0
	for _, x := range [3]Card{sub.Card, sub.Extra, sub.Dummy} {
		if x == c {
			want++
		}
	}
	got := 0
	for _, x := range hand {
		if x == c {
			got++
		}
	}
	switch {
	case got == 0:
		return &CardError{ErrNotInHand, c}
	case got < want:
		return &CardError{ErrSameCardTwice, c}
	}
	return nil
}

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
