package engine

import "fmt"

// Ruleset selects the game: the card list, deal sizes and scoring rules.
type Ruleset uint8

// Rulesets.
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
	// C9). It needs Players == 2; the dummy takes seat 2. Classic only.
	Dummy bool
	// Menu is the Party game's menu; Party needs one, Classic none.
	Menu Menu
}

// HasMenu says whether games of r are played with a menu of card kinds
// chosen before the deal, as Sushi Go Party! is.
func (r Ruleset) HasMenu() bool {
	return int(r) < len(rulesets) && rulesets[r] != nil && rulesets[r].menus
}

// Players returns the player counts the ruleset seats.
func (r Ruleset) Players() (min, max int) {
	switch r {
	case Classic:
		return 2, 5
	case Party:
		return 2, 8
	}
	return 0, 0
}

const (
	// MaxSeats bounds the seats of any ruleset (Party seats 8).
	MaxSeats = 8
	// Rounds is the number of rounds in a game.
	Rounds = 3

	maxHand    = 11  // 10 dealt, plus the dummy pile's card
	maxTableau = 24  // two kept cards a turn over 10 turns, plus room for a turn's discards
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

// PlayerRange is how many players the settings seat: the ruleset's range,
// exactly 2 with the dummy.
func (s Settings) PlayerRange() (lo, hi int) {
	if s.Dummy {
		return 2, 2
	}
	return s.withDefaults().Ruleset.Players()
}

// CheckVariant reports why the settings' ruleset, variant and passing do
// not go together, or nil: the part of Validate a lobby can ask before it
// knows its players or its menu.
func (s Settings) CheckVariant() error {
	s = s.withDefaults()
	switch {
	case s.Ruleset != Classic && s.Ruleset != Party:
		return fmt.Errorf("%w: unknown ruleset %d", ErrSettings, s.Ruleset)
	case s.Ruleset == Party && s.Dummy:
		return problem(ErrSettings, "engine.settings.dummyClassic")
	case s.Ruleset == Party && s.Pass != PassLeft:
		return problem(ErrSettings, "engine.settings.alternateClassic")
	case s.Pass != PassLeft && s.Pass != PassAlternate:
		return fmt.Errorf("%w: unknown pass mode %d", ErrSettings, s.Pass)
	}
	return nil
}

// CheckPlayers reports why the number of players, with the dummy variant
// or not, cannot start a game of the settings' ruleset, or nil: the part
// of Validate a lobby can ask before it has a menu.
func (s Settings) CheckPlayers() error {
	if err := s.CheckVariant(); err != nil {
		return err
	}
	s = s.withDefaults()
	lo, hi := s.Ruleset.Players()
	switch {
	case s.Players < lo || s.Players > hi:
		return fmt.Errorf("%w: %v seats %d to %d players, not %d", ErrPlayerCount, s.Ruleset, lo, hi, s.Players)
	case s.Dummy && s.Players != 2:
		return fmt.Errorf("%w: the dummy variant is for exactly 2 players, not %d", ErrPlayerCount, s.Players)
	}
	return nil
}

// Validate reports why settings cannot start a game, or nil.
func (s Settings) Validate() error {
	if err := s.CheckPlayers(); err != nil {
		return err
	}
	s = s.withDefaults()
	if s.Ruleset == Party {
		if s.Menu.IsZero() {
			return fmt.Errorf("%w: %w: Sushi Go Party! needs a menu", ErrSettings, ErrMenu)
		}
		return s.Menu.Check(s.Players)
	}
	if !s.Menu.IsZero() {
		return fmt.Errorf("%w: classic Sushi Go! has no menu", ErrSettings)
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

// HandSize is the number of cards dealt to each seat each round: classic
// 10/9/8/7 for 2–5 players (9 with the dummy), Party 10/10/9/9/8/8/7 for
// 2–8 (docs/rules.md).
func (s Settings) HandSize() int {
	if s.Ruleset == Party {
		return partyHand[min(max(s.Players, 2), 8)]
	}
	if s.Dummy {
		return 9
	}
	return 12 - s.Players // 10/9/8/7 for 2/3/4/5
}

var partyHand = [9]int{2: 10, 3: 10, 4: 9, 5: 9, 6: 8, 7: 8, 8: 7}

// DessertQuota returns how many dessert cards join a Party deck at the start
// of round (1 to 3): 5/3/2 at 2–5 players, 7/5/3 at 6–8 (docs/rules.md).
func (s Settings) DessertQuota(round int) int {
	if round < 1 || round > Rounds {
		return 0
	}
	if s.Players >= 6 {
		return [3]int{7, 5, 3}[round-1]
	}
	return [3]int{5, 3, 2}[round-1]
}

// passStep returns +1 when hands go to the next seat this round, -1 when they
// go to the previous one.
func (s Settings) passStep(round int) int {
	if s.Pass == PassAlternate && round == 2 {
		return -1
	}
	return 1
}
