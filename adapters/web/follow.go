package web

import (
	"context"
	"log/slog"
	"time"

	"github.com/sushigo/sushigo/protocol"
)

// Across replicas: the replica that stores a change announces it, its
// game's key and version (Announcer, from bot.Config.OnStored), and every
// replica that holds pages of that game hears it (Follow) and redraws
// them: the one that stored it from the game as it stored it. With the
// embedded store the same runs in one process.

// Changes carries stored changes between replicas (storage.Changes).
type Changes interface {
	Announce(ctx context.Context, c protocol.Changed) error
	Listen(ctx context.Context, heard func(protocol.Changed)) error
}

// announceQueue bounds the changes waiting to be announced; past it one is
// dropped (its pages catch up at the game's next change).
const announceQueue = 4096

// Announcer announces stored changes off the request's path.
type Announcer struct {
	changes Changes
	log     *slog.Logger
	queue   chan protocol.Changed
}

// NewAnnouncer announces through changes; log hears failures.
func NewAnnouncer(changes Changes, log *slog.Logger) *Announcer {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Announcer{changes: changes, log: log, queue: make(chan protocol.Changed, announceQueue)}
}

// Changed queues c's announcement; it never blocks.
func (a *Announcer) Changed(c protocol.Changed) {
	select {
	case a.queue <- c:
	default:
		a.log.Warn("web table: too many changes to announce; one dropped", "game", c.Key)
	}
}

// Run announces what is queued until ctx ends.
func (a *Announcer) Run(ctx context.Context) error {
	for {
		select {
		case <-ctx.Done():
			return nil
		case c := <-a.queue:
			actx, cancel := context.WithTimeout(ctx, 2*time.Second)
			if err := a.changes.Announce(actx, c); err != nil && ctx.Err() == nil {
				a.log.Warn("web table: announcing a change failed", "game", c.Key, "err", err)
			}
			cancel()
		}
	}
}

// Follow redraws this replica's pages of every game announced, until ctx
// ends. When listening fails it listens again, and then redraws every
// open page: what it missed meanwhile is shown.
func (w *Web) Follow(ctx context.Context, changes Changes) error {
	for {
		err := changes.Listen(ctx, w.Changed)
		if ctx.Err() != nil {
			return nil
		}
		w.cfg.Log.Warn("web table: listening for changes failed; again in a second", "err", err)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(time.Second):
		}
		w.hub.redrawAll()
	}
}
