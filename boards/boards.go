// Package boards keeps a community's leaderboards, player profiles and
// game history over the storage contract: it records a finished game's
// result (Record, called from the one place a game ends), and answers the
// leaderboard, stats and history commands and a player's home page. It
// knows nothing of a game in progress.
package boards

import (
	"context"
	"time"

	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/words"
)

// Store is what the boards keep in the storage contract.
type Store interface {
	RecordResult(ctx context.Context, r storage.Result) (storage.Recorded, error)
	Top(ctx context.Context, q storage.Query) ([]storage.Entry, error)
	PlayerStats(ctx context.Context, community, player string, p storage.Period, at time.Time) (storage.Stats, error)
	Profile(ctx context.Context, community, player string) (storage.Profile, error)
	History(ctx context.Context, community string, n int) ([]storage.Game, error)
	HistoryGame(ctx context.Context, community, gameID string) (storage.Game, error)
}

// Config tunes the boards.
type Config struct {
	// MinRatedGames is how many rated games put a player on the board by
	// rating.
	MinRatedGames int
}

// Boards answer for a community's boards, profiles and history.
type Boards struct {
	store Store
	cfg   Config
	clock func() time.Time
}

// New makes the boards over store, telling the time by now.
func New(store Store, cfg Config, now func() time.Time) *Boards {
	return &Boards{store: store, cfg: cfg, clock: now}
}

func (b *Boards) now() time.Time { return b.clock() }

// refuse turns a request down in the player's words.
func refuse(key words.Key, a ...any) error { return protocol.Refuse(key, a...) }

// privateReply answers only the person who asked.
func privateReply(req protocol.Request, v protocol.View) protocol.Response {
	return protocol.Response{Deliveries: []protocol.Delivery{{Kind: protocol.Reply, To: protocol.Private(req.Who.ID), View: v}}}
}
