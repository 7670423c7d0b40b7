package bot_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/record"
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
	return c.Commit(ctx, key, data, prev, ttl, nil)
}

func (c *countingStore) Commit(ctx context.Context, key string, data []byte, prev storage.Version, ttl time.Duration, due []storage.Deadline) (storage.Version, error) {
	if c.conflict.Add(-1) >= 0 {
		return 0, storage.ErrConflict
	}
	c.saves.Add(1)
	return c.Store.Commit(ctx, key, data, prev, ttl, due)
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
		h.send("ann", protocol.ShowHand{}, true)
	}
	if n := cs.saves.Load() - before; n != 0 {
		t.Errorf("%d saves for three looks at a hand, want 0", n)
	}
}

// TestReadOnlyClicksOnAnEphemeralHandDoNotSave: on Discord every click
// brings a fresh interaction token; taking it as the hand's handle wrote the
// game at each look and each stale button. The handle
// is kept while it has minutes to run, and renewed once it runs short, so
// the hand stays editable.
func TestReadOnlyClicksOnAnEphemeralHandDoNotSave(t *testing.T) {
	h := newHarness(t)
	cs := &countingStore{Store: h.store}
	h.store = cs
	h.b = h.newBot()
	h.lobby("ann", "bots=2 hands=ephemeral timer=0")
	h.startGame("ann")
	id := h.gameID()
	h.send("ann", protocol.ShowHand{Game: id}, false) // from the table: a new message, its handle kept
	before := cs.saves.Load()
	for range 3 {
		h.send("ann", protocol.ShowHand{Game: id}, true)
		h.send("ann", protocol.Pick{Game: id, Round: 1, Turn: 7}, true) // a button from another turn
	}
	if n := cs.saves.Load() - before; n != 0 {
		t.Errorf("%d saves for six read-only clicks on the hand, want 0", n)
	}
	h.now = h.now.Add(10 * time.Minute) // the kept handle has 4 minutes left
	h.send("ann", protocol.ShowHand{Game: id}, true)
	if n := cs.saves.Load() - before; n != 1 {
		t.Errorf("%d saves once the handle runs short, want 1 (renewing it)", n)
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

type countMetrics struct {
	conflicts, started, finished atomic.Int64
	actions                      sync.Map // "action/outcome" → *atomic.Int64
}

func (m *countMetrics) Action(_, action, outcome string, _ time.Duration) {
	v, _ := m.actions.LoadOrStore(action+"/"+outcome, new(atomic.Int64))
	v.(*atomic.Int64).Add(1)
}
func (m *countMetrics) Conflict()              { m.conflicts.Add(1) }
func (m *countMetrics) TimerLag(time.Duration) {}
func (m *countMetrics) GameStarted(string)     { m.started.Add(1) }
func (m *countMetrics) GameFinished(string)    { m.finished.Add(1) }

func (m *countMetrics) count(key string) int64 {
	v, ok := m.actions.Load(key)
	if !ok {
		return 0
	}
	return v.(*atomic.Int64).Load()
}

// TestMetricsCounted: conflicts, a game's start, and each action with its
// outcome reach the operator's metrics once.
func TestMetricsCounted(t *testing.T) {
	h := newHarness(t)
	cs := &countingStore{Store: h.store}
	m := &countMetrics{}
	h.store = cs
	h.b = bot.New(cs, bot.Config{Now: func() time.Time { return h.now }, Seed: func() uint64 { h.seed++; return h.seed }, Metrics: m})
	cs.conflict.Store(2)
	h.lobby("ann", "bots=1")
	h.startGame("ann")
	h.do("ann", "kick nobody")
	if n := m.conflicts.Load(); n != 2 {
		t.Errorf("%d conflicts counted, want 2", n)
	}
	if n := m.started.Load(); n != 1 {
		t.Errorf("%d games started, want 1", n)
	}
	if m.count("newgame/ok") != 1 || m.count("start/ok") != 1 || m.count("kick/refused") != 1 {
		t.Errorf("actions: newgame/ok %d, start/ok %d, kick/refused %d", m.count("newgame/ok"), m.count("start/ok"), m.count("kick/refused"))
	}
}

// TestRequestAppliedOnce: the same request handled twice (a replica
// finishing what a dead one deferred, while the first had in fact stored
// it) changes the game once.
func TestRequestAppliedOnce(t *testing.T) {
	h := newHarness(t)
	h.do("ann", "new timer=0")
	req := protocol.Request{Where: h.where, Who: user("ann"), Action: protocol.AddBot{N: 1}, ID: "interaction-1"}
	for range 2 {
		if _, err := h.b.Handle(context.Background(), req); err != nil {
			t.Fatal(err)
		}
	}
	data, _, err := h.store.LoadGame(context.Background(), h.where.Key())
	if err != nil {
		t.Fatal(err)
	}
	if data, err = record.Unpack(data); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), `"b":true`); n != 1 {
		t.Errorf("%d bots after one Add bot handled twice, want 1", n)
	}
}

// TestOneReplicaSerialisesAGame: changes to one game made at once on one
// replica wait for each other instead of racing to the compare-and-swap
// and doing the work again (retries fed a busy replica's
// backlog). Every change lands.
func TestOneReplicaSerialisesAGame(t *testing.T) {
	h := newRedisHarness(t)
	m := &countMetrics{}
	h.b = bot.New(h.store, bot.Config{Now: func() time.Time { return h.now }, Metrics: m})
	h.lobby("ann", "timer=0", "bob")
	h.startGame("ann")
	game := h.gameID()
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Go(func() {
			// Each a change: the hand message of a player is remembered.
			if err := h.b.Remember(context.Background(), h.where, game, protocol.HandSlot([]string{"ann", "bob"}[i%2]), protocol.Ref{ID: fmt.Sprint("m", i)}); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if n := m.conflicts.Load(); n != 0 {
		t.Errorf("%d compare-and-swap conflicts among one replica's changes to one game", n)
	}
}
