package record_test

import (
	"context"
	"errors"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/record"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/storage/bolt"
)

// once is a platform that makes a post carrying a nonce once, as Discord
// does: the same nonce again is answered with the first message.
type once struct {
	mu     sync.Mutex
	made   map[string]protocol.Ref
	nonces []string
}

func (o *once) PostsOnce() {}
func (o *once) Send(_ context.Context, _ protocol.Location, _ string, d protocol.Delivery) (protocol.Ref, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.nonces = append(o.nonces, d.Nonce)
	if ref, ok := o.made[d.Nonce]; ok {
		return ref, nil
	}
	ref := protocol.Ref{ID: "m" + string(rune('a'+len(o.made)))}
	o.made[d.Nonce] = ref
	return ref, nil
}

// sideWrites counts a store's send log writes, failing them while broken.
type sideWrites struct {
	storage.Store
	n      atomic.Int64
	broken atomic.Bool
}

func (s *sideWrites) SetGameSide(ctx context.Context, key string, side []byte) error {
	s.n.Add(1)
	if s.broken.Load() {
		return errors.New("the store is down")
	}
	return s.Store.SetGameSide(ctx, key, side)
}

// threePosts stores a game with three posts queued and hands them to k.
func threePosts(t *testing.T, k *record.Keeper[*tally]) {
	t.Helper()
	saved, err := k.Update(context.Background(), "g", "", func(g *tally, found bool) (record.Write[*tally], error) {
		if !found {
			g = &tally{ID: "t1", Where: protocol.Location{Platform: "test", Channel: "c"}}
		}
		for _, slot := range []string{"hand:a", "hand:b", "hand:c"} {
			g.Queue.Add("slot:"+slot, protocol.Delivery{Kind: protocol.Post, Slot: slot, View: protocol.View{Text: slot}})
		}
		return record.Write[*tally]{Game: g, Save: true, New: !found, Queued: true}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	k.Handoff("g", saved.Net)
	k.WaitSends()
}

// TestPostsOnceRecordedWithTheRelease: posts to a platform that makes a
// nonce's post once are recorded once, with the lock's release, where
// every post but the last is written before the next send elsewhere; and
// when that one write is lost, the next sender posts them again under the
// same nonces, so the platform makes no second message.
func TestPostsOnceRecordedWithTheRelease(t *testing.T) {
	open := func(t *testing.T) *sideWrites {
		s, err := bolt.Open(filepath.Join(t.TempDir(), "o.db"), bolt.Options{NoSync: true, SweepEvery: -1})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return &sideWrites{Store: s}
	}
	now := time.Now()
	cfg := record.Config{Now: func() time.Time { return now }, Handoff: true}

	plain := open(t)
	threePosts(t, record.New(plain, tallies{&posts{}}, cfg))
	if n := plain.n.Load(); n != 3 {
		t.Errorf("posts to a platform without PostsOnce: %d send log writes; want 3 (two before the next post, one with the release)", n)
	}

	store := open(t)
	platform := &once{made: map[string]protocol.Ref{}}
	threePosts(t, record.New(store, tallies{platform}, cfg))
	if n := store.n.Load(); n != 1 {
		t.Errorf("posts to a PostsOnce platform: %d send log writes; want 1, with the release", n)
	}

	// The one write lost: the next replica sends them again, as the same posts.
	lost := open(t)
	platform = &once{made: map[string]protocol.Ref{}}
	lost.broken.Store(true)
	threePosts(t, record.New(lost, tallies{platform}, cfg))
	lost.broken.Store(false)
	next := record.New(lost, tallies{platform}, cfg)
	next.Handoff("g", now)
	next.WaitSends()
	if len(platform.nonces) != 6 {
		t.Fatalf("sent %d times; want the three posts, then the three again", len(platform.nonces))
	}
	for i := range 3 {
		if a, b := platform.nonces[i], platform.nonces[3+i]; a == "" || a != b {
			t.Errorf("post %d sent again under nonce %q, first %q", i+1, b, a)
		}
	}
	if len(platform.made) != 3 {
		t.Errorf("%d messages made; want 3", len(platform.made))
	}
	g, _, err := next.Read(context.Background(), "g")
	if err != nil || !g.Queue.Empty() {
		t.Fatalf("after the second sender: %v, queue empty %t", err, err == nil && g.Queue.Empty())
	}
}
