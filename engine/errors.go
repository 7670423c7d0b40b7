package engine

import (
	"errors"
	"fmt"
)

// Errors returned for illegal actions. Compare with errors.Is; front ends map
// them to friendly messages. Returned errors may wrap these with detail.
var (
	ErrSettings      = errors.New("engine: invalid settings")
	ErrPlayerCount   = errors.New("engine: wrong number of players")
	ErrGameOver      = errors.New("engine: the game is over")
	ErrNotPlayer     = errors.New("engine: not a player of this game")
	ErrWrongTurn     = errors.New("engine: that choice was for another turn")
	ErrNoCard        = errors.New("engine: no card chosen")
	ErrNotInHand     = errors.New("engine: card not in hand")
	ErrSameCardTwice = errors.New("engine: the same card chosen twice")
	ErrNoChopsticks  = errors.New("engine: no chopsticks to use")
	ErrHandTooSmall  = errors.New("engine: not enough cards in hand for chopsticks")
	ErrDummyCard     = errors.New("engine: the dummy's controller must choose a card for the dummy")
	ErrNotController = errors.New("engine: only the dummy's controller chooses for the dummy")

	// ErrMenu is returned for a Party menu of the wrong shape or one that
	// cannot be played by the number of players.
	ErrMenu = errors.New("engine: invalid menu")
	// ErrExtraAfterReveal: in Party the card taken with chopsticks is chosen
	// after the reveal, as a decision, never with the pick.
	ErrExtraAfterReveal = errors.New("engine: in Party the chopsticks card is chosen after the reveal")
	// ErrNoSpoon: the pick calls a spoon the player has not played.
	ErrNoSpoon = errors.New("engine: no spoon to use")
	// ErrCopyTarget: a special order names nothing it may copy, or a copy
	// was named for a card that is not a special order.
	ErrCopyTarget = errors.New("engine: not a card the special order can copy")
	// ErrDeciding: picks wait until every decision of the reveal is made.
	ErrDeciding = errors.New("engine: waiting for a decision after the reveal")
	// ErrNoDecision: an answer came when no decision was pending.
	ErrNoDecision = errors.New("engine: no decision is pending")
	// ErrNotYourDecision: an answer came from a seat that is not deciding.
	ErrNotYourDecision = errors.New("engine: another player is deciding")
	// ErrNotAnOption: an answer that the pending decision does not offer.
	ErrNotAnOption = errors.New("engine: not one of the options")

	// ErrVersion is returned when decoding a game written by another
	// (usually newer) encoding version.
	ErrVersion = errors.New("engine: unsupported encoding version")
	// ErrCorrupt is returned when encoded bytes do not describe a valid game.
	ErrCorrupt = errors.New("engine: corrupt encoded game")
)

// Problem is a rule violation with its reason: errors.Is matches its
// sentinel (Err), and Key and Args say what is wrong, so a front end words
// it (words.Friendly) without picking an error string apart.
type Problem struct {
	Err error
	// Key names the reason in the catalog (words), Args fill it in: card
	// types as Kind, numbers, keys.
	Key  string
	Args []any
}

func (p *Problem) Error() string { return fmt.Sprintf("%v: %s %v", p.Err, p.Key, p.Args) }
func (p *Problem) Unwrap() error { return p.Err }

// problem is a Problem of sentinel err, its reason a catalog key.
func problem(err error, key string, a ...any) error {
	return &Problem{Err: err, Key: key, Args: a}
}

// CardError is a refusal about one card, such as ErrNotInHand: errors.Is
// matches its sentinel (Err), and Card says which card, so a front end can
// name it.
type CardError struct {
	Err  error
	Card Card
}

func (e *CardError) Error() string { return e.Err.Error() + ": " + e.Card.String() }
func (e *CardError) Unwrap() error { return e.Err }
