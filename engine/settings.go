package engine

import "fmt"

// Ruleset selects the game: the card list, deal sizes and scoring rules.
type Ruleset uint8

// Rulesets. Party is reserved so settings and encodings already carry a
// ruleset; New refuses it until it is implemented.
const (
	Classic Ruleset = iota + 1
	Party
)

func (r Ruleset) String() string {
	switch r {
	case Classic:
		return "classic"
	case Party:
		return "party"
	}
	return fmt.Sprintf("ruleset(%d)", uint8(r))
}

// PassMode says which way hands travel after each turn.
type PassMode uint8

// Pass modes (ruling C8). Left means to the next seat in join order.
const (
	PassLeft      PassMode = iota + 1
	PassAlternate          // left in rounds 1 and 3, right in round 2
)

func (p PassMode) String() string {
	switch p {
	case PassLeft:
		return "left"
	case PassAlternate:
		return "alternate"
	}
	return fmt.Sprintf("pass(%d)", uint8(p))
}

// Settings fix a game at creation. The zero value of each field means its
// default: Classic, PassLeft.
type Settings struct {
	Ruleset Ruleset
	// Players is the number of seats that choose cards, 2 to 5 in Classic.
	Players int
	Pass    PassMode
	// Dummy plays the two-player variant with a third, dummy hand (ruling
	// C9). It needs Players == 2; the dummy takes seat 2.
	Dummy bool
}

const (
	// MaxSeats bounds the seats of any ruleset (Party seats 8).
	MaxSeats = 8
	// Rounds is the number of rounds in a game.
	Rounds = 3

	maxHand    = 11  // 10 dealt, plus the dummy pile's card
	maxTableau = 20  // at most two cards a turn over 10 turns
	maxDeck    = 192 // room for Party's 181 cards
)

func (s Settings) withDefaults() Settings {
	if s.Ruleset == 0 {
		s.Ruleset = Classic
	}
	if s.Pass == 0 {
		s.Pass = PassLeft
	}
	return s
}

// Validate reports why settings cannot start a game, or nil.
func (s Settings) Validate() error {
	s = s.withDefaults()
	switch {
	case s.Ruleset == Party:
		return fmt.Errorf("%w: Sushi Go Party! is not available yet", ErrSettings)
	case s.Ruleset != Classic:
		return fmt.Errorf("%w: unknown ruleset %d", ErrSettings, s.Ruleset)
	case s.Pass != PassLeft && s.Pass != PassAlternate:
		return fmt.Errorf("%w: unknown pass mode %d", ErrSettings, s.Pass)
	case s.Players < 2 || s.Players > 5:
		return fmt.Errorf("%w: classic Sushi Go! seats 2 to 5 players, not %d", ErrPlayerCount, s.Players)
	case s.Dummy && s.Players != 2:
		return fmt.Errorf("%w: the dummy variant is for exactly 2 players, not %d", ErrPlayerCount, s.Players)
	}
	return nil
}

// Seats is the number of tableaux in play: the players, plus the dummy.
func (s Settings) Seats() int {
	if s.Dummy {
		return s.Players + 1
	}
	return s.Players
}

// HandSize is the number of cards dealt to each seat each round.
func (s Settings) HandSize() int {
	if s.Dummy {
		return 9
	}
	return 12 - s.Players // 10/9/8/7 for 2/3/4/5
}

// passStep returns +1 when hands go to the next seat this round, -1 when they
// go to the previous one.
func (s Settings) passStep(round int) int {
	if s.Pass == PassAlternate && round == 2 {
		return -1
	}
	return 1
}
