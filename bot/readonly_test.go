package bot_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sushigo/sushigo/protocol"
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
func (w *writeCounter) Withdraw(ctx context.Context, key string, due time.Time) error {
	w.note("Withdraw")
	return w.Store.Withdraw(ctx, key, due)
}

// TestReadOnlyInputsWriteNothing: every input that changes nothing (looks,
// commands that only show, refusals, stale or foreign buttons) writes
// nothing to the store, in both hand modes, so a busy channel's reads never
// contend with its moves. The one write allowed: a hand opened from the
// table in the ephemeral mode is a new message, whose handle is kept so the
// hand can follow the game.
func TestReadOnlyInputsWriteNothing(t *testing.T) {
	for _, hands := range []string{"ephemeral", "dm"} {
		mode := hands
		h := newHarness(t)
		wc := &writeCounter{Store: h.store}
		h.store = wc
		h.b = h.newBot()
		h.lobby("ann", "bots=1 hands="+hands+" timer=0", "bob")
		h.startGame("ann")
		id := h.gameID()
		h.send("ann", protocol.ShowHand{Game: id}, false)
		h.send("bob", protocol.ShowHand{Game: id}, false)
		inputs := []struct {
			who     string
			a       protocol.Action
			private bool
		}{
			{"ann", protocol.ShowHand{Game: id}, true},
			{"ann", protocol.ShowHand{Game: id}, false},
			{"cat", protocol.ShowHand{Game: id}, false},
			{"ann", protocol.Status{}, false},
			{"ann", protocol.Scores{}, false},
			{"ann", protocol.Help{}, false},
			{"ann", protocol.Rules{}, false},
			{"ann", protocol.Rules{Card: "spoon"}, false},
			{"ann", protocol.Leaderboard{}, false},
			{"ann", protocol.Stats{}, false},
			{"ann", protocol.ChannelSettings{}, false},
			{"cat", protocol.Pick{Game: id, Round: 1, Turn: 1}, true},
			{"ann", protocol.Pick{Game: id, Round: 1, Turn: 7}, true},
			{"ann", protocol.Pick{Game: "zz", Round: 1, Turn: 1}, true},
			{"ann", protocol.Join{Game: id}, false},
			{"cat", protocol.Join{Game: id}, false},
			{"cat", protocol.Leave{Game: id}, false},
			{"ann", protocol.Start{Game: id}, false},
			{"bob", protocol.Start{Game: id}, false},
			{"cat", protocol.Start{Game: id}, false},
			{"cat", protocol.End{Game: id}, false},
			{"ann", protocol.Rematch{Game: id}, false},
			{"cat", protocol.Kick{Player: "bob"}, false},
			{"ann", protocol.Kick{Player: "nobody"}, false},
			{"ann", protocol.AddBot{}, false},
			{"ann", protocol.EndVote{Game: id, Agree: true}, false},
			{"cat", protocol.Answer{Game: id, Round: 1, Turn: 1, Step: 1}, true},
			{"ann", protocol.Join{Game: "old"}, false},
			{"ann", protocol.History{}, false},
			{"ann", protocol.History{Party: true}, false},
			{"ann", protocol.History{Open: 1}, true},
			{"ann", protocol.PastGame{ID: "nope"}, true},
			{"ann", protocol.Stats{Player: "bob"}, false},
			{"ann", protocol.Leaderboard{Period: protocol.Week, By: protocol.ByRating}, false},
			{"ann", protocol.Leaderboard{Period: protocol.Month, By: protocol.ByPoints, Party: true}, false},
			{"cat", protocol.Hint{Game: id}, true},
			{"cat", protocol.Review{Game: id}, true},
			{"ann", protocol.Review{Game: id}, true},
			{"cat", protocol.Change{Game: id}, true},
			{"cat", protocol.AddBot{}, false},
			{"bob", protocol.Kick{Player: "ann"}, false},
			{"ann", protocol.Help{}, true},
			{"ann", protocol.Status{}, true},
		}
		for _, in := range inputs {
			before := wc.writes.Load()
			wc.last.Store("")
			h.send(in.who, in.a, in.private)
			want := int64(0)
			if _, look := in.a.(protocol.ShowHand); look && hands == "ephemeral" && !in.private && in.who == "ann" {
				want = 1
			}
			if n := wc.writes.Load() - before; n != want {
				t.Errorf("%s: %s %T%+v: %d writes (the last %v), want %d", mode, in.who, in.a, in.a, n, wc.last.Load(), want)
			}
		}
	}
}

// TestSlackLookFromTheTableWritesNothing: where a hand cannot be sent anew
// from the table (Slack: no reply handle), "Show my hand" points to the live
// hand message; with the outbox keeping that message current, the look
// writes nothing (it queued an edit of the same hand: four writes).
func TestSlackLookFromTheTableWritesNothing(t *testing.T) {
	h := newHarness(t)
	h.sender = &fakeSender{h: h}
	wc := &writeCounter{Store: h.store}
	h.store = wc
	h.b = h.newBot()
	h.lobby("ann", "bots=1 timer=0", "bob")
	h.startGame("ann")
	h.send("ann", protocol.ShowHand{Game: h.gameID()}, false) // the live hand message
	for range 3 {
		h.tick(0)
	}
	before := wc.writes.Load()
	resp, err := h.b.Handle(context.Background(), protocol.Request{Where: h.where, Who: user("ann"), Action: protocol.ShowHand{Game: h.gameID()},
		ID: "slack-look", Lang: h.langs["ann"]})
	if err != nil {
		t.Fatal(err)
	}
	h.tick(0)
	if n := wc.writes.Load() - before; n != 0 {
		t.Errorf("a look from the table wrote %d times (the last %v)", n, wc.last.Load())
	}
	if len(resp.Deliveries) != 1 || resp.Deliveries[0].To.IsPublic() {
		t.Errorf("the look's answer: %+v", resp.Deliveries)
	}
}
