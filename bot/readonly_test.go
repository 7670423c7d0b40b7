package bot_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/storage"
)

// writeCounter counts every call that writes to the store.
type writeCounter struct {
	storage.Store
	writes atomic.Int64
	last   atomic.Value
}

func (w *writeCounter) note(what string) { w.writes.Add(1); w.last.Store(what) }

func (w *writeCounter) SaveGame(ctx context.Context, key string, data []byte, prev storage.Version, ttl time.Duration) (storage.Version, error) {
	w.note("SaveGame")
	return w.Store.SaveGame(ctx, key, data, prev, ttl)
}
func (w *writeCounter) Commit(ctx context.Context, key string, data []byte, prev storage.Version, ttl time.Duration, due []storage.Deadline) (storage.Version, error) {
	w.note("Commit")
	return w.Store.Commit(ctx, key, data, prev, ttl, due)
}
func (w *writeCounter) DeleteGame(ctx context.Context, key string, prev storage.Version) error {
	w.note("DeleteGame")
	return w.Store.DeleteGame(ctx, key, prev)
}
func (w *writeCounter) SetGameSide(ctx context.Context, key string, side []byte) error {
	w.note("SetGameSide")
	return w.Store.SetGameSide(ctx, key, side)
}
func (w *writeCounter) SetRecord(ctx context.Context, key string, data []byte, ttl time.Duration) error {
	w.note("SetRecord " + key)
	return w.Store.SetRecord(ctx, key, data, ttl)
}
func (w *writeCounter) AddRecord(ctx context.Context, key string, data []byte, ttl time.Duration) (bool, error) {
	w.note("AddRecord " + key)
	return w.Store.AddRecord(ctx, key, data, ttl)
}
func (w *writeCounter) DeleteRecord(ctx context.Context, key string) error {
	w.note("DeleteRecord " + key)
	return w.Store.DeleteRecord(ctx, key)
}
func (w *writeCounter) Schedule(ctx context.Context, key string, due time.Time) error {
	w.note("Schedule")
	return w.Store.Schedule(ctx, key, due)
}
func (w *writeCounter) Cancel(ctx context.Context, key string) error {
	w.note("Cancel")
	return w.Store.Cancel(ctx, key)
}

// TestReadOnlyInputsWriteNothing: every input that changes nothing (looks,
// commands that only show, refusals, stale or foreign buttons) writes
// nothing to the store, in both hand modes, so a busy channel's reads never
// contend with its moves. The one write allowed: a hand opened from the
// table in the ephemeral mode is a new message, whose handle is kept so the
// hand can follow the game.
func TestReadOnlyInputsWriteNothing(t *testing.T) {
	for _, hands := range []string{"ephemeral", "dm"} {
		h := newHarness(t)
		wc := &writeCounter{Store: h.store}
		h.store = wc
		h.b = h.newBot()
		h.lobby("ann", "bots=1 hands="+hands+" timer=0", "bob")
		h.startGame("ann")
		id := h.gameID()
		h.send("ann", bot.ShowHand{Game: id}, false)
		h.send("bob", bot.ShowHand{Game: id}, false)
		inputs := []struct {
			who     string
			a       bot.Action
			private bool
		}{
			{"ann", bot.ShowHand{Game: id}, true},
			{"ann", bot.ShowHand{Game: id}, false},
			{"cat", bot.ShowHand{Game: id}, false},
			{"ann", bot.Status{}, false},
			{"ann", bot.Scores{}, false},
			{"ann", bot.Help{}, false},
			{"ann", bot.Rules{}, false},
			{"ann", bot.Rules{Card: "spoon"}, false},
			{"ann", bot.Leaderboard{}, false},
			{"ann", bot.Stats{}, false},
			{"ann", bot.ChannelSettings{}, false},
			{"cat", bot.Pick{Game: id, Round: 1, Turn: 1}, true},
			{"ann", bot.Pick{Game: id, Round: 1, Turn: 7}, true},
			{"ann", bot.Pick{Game: "zz", Round: 1, Turn: 1}, true},
			{"ann", bot.Join{Game: id}, false},
			{"cat", bot.Join{Game: id}, false},
			{"cat", bot.Leave{Game: id}, false},
			{"ann", bot.Start{Game: id}, false},
			{"bob", bot.Start{Game: id}, false},
			{"cat", bot.Start{Game: id}, false},
			{"cat", bot.End{Game: id}, false},
			{"ann", bot.Rematch{Game: id}, false},
			{"cat", bot.Kick{Player: "bob"}, false},
			{"ann", bot.Kick{Player: "nobody"}, false},
			{"ann", bot.AddBot{}, false},
			{"ann", bot.EndVote{Game: id, Agree: true}, false},
			{"cat", bot.Answer{Game: id, Round: 1, Turn: 1, Step: 1}, true},
			{"ann", bot.Join{Game: "old"}, false},
		}
		for _, in := range inputs {
			before := wc.writes.Load()
			wc.last.Store("")
			h.send(in.who, in.a, in.private)
			want := int64(0)
			if _, look := in.a.(bot.ShowHand); look && hands == "ephemeral" && !in.private && in.who == "ann" {
				want = 1
			}
			if n := wc.writes.Load() - before; n != want {
				t.Errorf("hands=%s: %s %T%+v: %d writes (the last %v), want %d", hands, in.who, in.a, in.a, n, wc.last.Load(), want)
			}
		}
	}
}
