package engine

import (
	"math/bits"
	"math/rand/v2"
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

// Settings returns the settings the game was created with, defaults filled in.
func (g *Game) Settings() Settings { return g.set }

// Round returns the current round, 1 to 3 (3 once the game is over).
func (g *Game) Round() int { return g.round }

// Turn returns the current turn of the round, starting at 1.
func (g *Game) Turn() int { return g.turn }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.over }

// Passing returns the seats whose hand seat gets this round and to which
// it passes its own: from the previous seat to the next one, or the other
// way in the alternate variant's second round. With two players (the
// dummy's pile never passes) both are the other player.
func (g *Game) Passing(seat int) (from, to int) {
	n, step := g.set.Players, g.set.passStep(g.round)
	return (seat - step + n) % n, (seat + step + n) % n
}

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

func (g *Game) party() bool { return g.set.Ruleset == Party }

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
