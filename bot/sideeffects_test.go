package bot_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/storage"
)

// countingStore counts game saves and fails the next save with a conflict
// when asked, as a concurrent writer would.
type countingStore struct {
	storage.Store
	saves    atomic.Int64
	conflict atomic.Int64 // saves still to refuse
	records  atomic.Int64
}

func (c *countingStore) SaveGame(ctx context.Context, key string, data []byte, prev storage.Version, ttl time.Duration) (storage.Version, error) {
	if c.conflict.Add(-1) >= 0 {
		return 0, storage.ErrConflict
	}
	c.saves.Add(1)
	return c.Store.SaveGame(ctx, key, data, prev, ttl)
}

func (c *countingStore) SetRecord(ctx context.Context, key string, data []byte, ttl time.Duration) error {
	c.records.Add(1)
	return c.Store.SetRecord(ctx, key, data, ttl)
}

// TestReadOnlyRequestsDoNotSave: looking at a hand in DM mode changes
// nothing stored, so nothing is written (no contention with real moves).
func TestReadOnlyRequestsDoNotSave(t *testing.T) {
	h := newHarness(t)
	cs := &countingStore{Store: h.store}
	h.store = cs
	h.b = h.newBot()
	h.lobby("ann", "bots=2 hands=dm")
	h.startGame("ann")
	before := cs.saves.Load()
	for range 3 {
		h.send("ann", bot.ShowHand{}, true)
	}
	if n := cs.saves.Load() - before; n != 0 {
		t.Errorf("%d saves for three looks at a hand, want 0", n)
	}
}

// TestSideEffectsOnceAfterTheSave: a run of an update that loses the
// compare-and-swap records nothing; the run that stores records once.
func TestSideEffectsOnceAfterTheSave(t *testing.T) {
	h := newHarness(t)
	cs := &countingStore{Store: h.store}
	h.store = cs
	h.b = h.newBot()
	cs.conflict.Store(3)
	h.do("ann", "new bots=1")
	if n := cs.records.Load(); n != 1 {
		t.Errorf("%d records written for a game created after 3 conflicts, want 1", n)
	}
}
