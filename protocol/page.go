package protocol

import (
	"errors"

	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/words"
)

// Page is what a web table shows one reader of one game: the public table
// as the channel sees it, the latest reveal, the closing post once the
// game is over, and, for a seated person, their own hand. It never holds
// another seat's hand: a watcher's page has none.
type Page struct {
	Game string `json:"game"`
	// Version is the stored game's version the page was drawn from: a
	// page that sees a version older than one it showed ignores it.
	Version uint64 `json:"v"`
	// Seat is the reader's seat, -1 for a watcher.
	Seat   int   `json:"seat"`
	Table  View  `json:"table"`
	Reveal *View `json:"reveal,omitempty"`
	// Scores are the latest finished round's, with their breakdown, until
	// the game is over.
	Scores *View `json:"scores,omitempty"`
	Hand   *View `json:"hand,omitempty"`
	Final  *View `json:"final,omitempty"`
}

// ErrNoGame says the place has no game to draw (the host's Page).
var ErrNoGame = errors.New("no game has been dealt here")

// Reader is one audience of a game's pages: a person (a watcher when they
// hold no seat, or User is "") reading in Lang (zero: their seat's, else
// the game's). Readers alike see the same page.
type Reader struct {
	User string
	Lang words.Lang
}

// Changed is a stored change of a game as replicas announce it to the
// front ends that show games live: the game's key, and the game (its ID)
// and version stored (zero: only that the game at the key changed). Pages
// of a change drawn on the replica that stored it need no read of the
// game.
type Changed = storage.Change
