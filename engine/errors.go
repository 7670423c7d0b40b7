package engine

import "errors"

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

	// ErrVersion is returned when decoding a game written by another
	// (usually newer) encoding version.
	ErrVersion = errors.New("engine: unsupported encoding version")
	// ErrCorrupt is returned when encoded bytes do not describe a valid game.
	ErrCorrupt = errors.New("engine: corrupt encoded game")
)
