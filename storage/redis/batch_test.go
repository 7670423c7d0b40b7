package redis_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/storage/redis"
	"github.com/sushigo/sushigo/storage/redis/redistest"
)

// TestUnlocksShareARoundTrip: releases of send locks that come together
// go to Redis in one pipeline, each with its own answer (a game gone is
// that release's ErrNotFound, not the others'), each lock let go and each
// send log written; a release on a quiet store goes alone, at once.
func TestUnlocksShareARoundTrip(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	s := open(t)
	const n = 8
	key := func(i int) string { return fmt.Sprintf("g%d", i) }
	token := func(i int) []byte { return fmt.Appendf(nil, "t%d", i) }
	for i := range n {
		v, err := s.SaveGame(ctx, key(i), []byte("game"), 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, _, got, err := s.LockGame(ctx, key(i), token(i), time.Minute); err != nil || !got {
			t.Fatalf("lock %s: %t, %v", key(i), got, err)
		}
		if i == n-1 {
			if err := s.DeleteGame(ctx, key(i), v); err != nil {
				t.Fatal(err)
			}
		}
	}
	rt := &redistest.Trips{}
	s.Client().AddHook(rt)
	redis.HoldWrites(s, time.Hour, n) // the batch goes when all are in it
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			errs[i] = s.UnlockGame(ctx, key(i), token(i), fmt.Appendf(nil, "log%d", i), storage.Deadline{})
		})
	}
	wg.Wait()
	redis.QuietWrites(s)
	if got := rt.N.Load(); got != 1 {
		t.Errorf("%d round trips for %d releases together, want 1", got, n)
	}
	for i, err := range errs {
		switch {
		case i == n-1 && !errors.Is(err, storage.ErrNotFound):
			t.Errorf("release of %s, whose game is gone: %v, want ErrNotFound", key(i), err)
		case i < n-1 && err != nil:
			t.Errorf("release of %s: %v", key(i), err)
		}
	}
	for i := range n - 1 {
		if _, side, _, err := s.LoadGameSide(ctx, key(i)); err != nil || string(side) != fmt.Sprint("log", i) {
			t.Errorf("%s's send log after its release: %q, %v", key(i), side, err)
		}
		if _, _, _, got, err := s.LockGame(ctx, key(i), []byte("next"), time.Minute); err != nil || !got {
			t.Errorf("%s's lock after its release: taken %t, %v", key(i), got, err)
		}
	}

	redis.QuietWrites(s)
	batches := redis.WriteBatches(s)
	rt.N.Store(0)
	if err := s.UnlockGame(ctx, key(0), []byte("next"), nil, storage.Deadline{}); err != nil {
		t.Fatal(err)
	}
	if got := redis.WriteBatches(s); got != batches || rt.N.Load() != 1 {
		t.Errorf("a release on a quiet store opened %d batches and took %d round trips, want none and 1", got-batches, rt.N.Load())
	}
}

// TestSavesShareARoundTrip: saves of different games that come together,
// with their deadlines and send locks, go to Redis in one pipeline, each
// with its own answer: a save from a stale version is refused
// (ErrConflict) while the others are stored, locked and scheduled.
func TestSavesShareARoundTrip(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	s := open(t)
	const n = 6
	key := func(i int) string { return fmt.Sprintf("g%d", i) }
	vers := make([]storage.Version, n)
	for i := range n {
		v, err := s.SaveGame(ctx, key(i), []byte("dealt"), 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		vers[i] = v
	}
	vers[n-1]-- // stale: another replica saved since
	// The scripts a locking save runs, loaded (a server without them
	// costs the first save a round trip more).
	if _, _, _, err := s.CommitLocked(ctx, "warm", []byte("x"), 0, 0, nil, []byte("tok"), time.Minute); err != nil {
		t.Fatal(err)
	}
	rt := &redistest.Trips{}
	s.Client().AddHook(rt)
	redis.HoldWrites(s, time.Hour, n)
	due := time.UnixMilli(time.Now().Add(time.Hour).UnixMilli())
	type result struct {
		v      storage.Version
		locked bool
		err    error
	}
	res := make([]result, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			sched := []storage.Deadline{{Key: "turn:" + key(i), Due: due}}
			v, _, locked, err := s.CommitLocked(ctx, key(i), fmt.Appendf(nil, "picked%d", i), vers[i], 0, sched, []byte("tok"), time.Minute)
			res[i] = result{v, locked, err}
		})
	}
	wg.Wait()
	redis.QuietWrites(s)
	// One, and one more for the stale save alone: its save was refused
	// after the old release's lock record was taken, which it lets go.
	if got := rt.N.Load(); got != 2 {
		t.Errorf("%d round trips for %d saves together (one refused), want 2", got, n)
	}
	for i, r := range res {
		data, ver, err := s.LoadGame(ctx, key(i))
		if err != nil {
			t.Fatal(err)
		}
		if i == n-1 {
			if !errors.Is(r.err, storage.ErrConflict) || r.locked || string(data) != "dealt" {
				t.Errorf("the stale save: %+v, stored %q; want ErrConflict, nothing stored or locked", r, data)
			}
			continue
		}
		if r.err != nil || !r.locked || r.v != ver || string(data) != fmt.Sprint("picked", i) {
			t.Errorf("save of %s: %+v, stored %q at %d; want stored and locked", key(i), r, data, ver)
		}
		if _, _, _, got, err := s.LockGame(ctx, key(i), []byte("other"), time.Minute); err != nil || got {
			t.Errorf("%s's lock, taken by its save, was free to another: %t, %v", key(i), got, err)
		}
	}
	claims, err := s.ClaimDue(ctx, due, time.Minute, 2*n)
	if err != nil {
		t.Fatal(err)
	}
	if len(claims) != n {
		t.Errorf("%d deadlines due after %d saves that set one each (the stale one's too: set before it), want %d", len(claims), n, n)
	}
}

// TestOneGamesWritesGoAlone: writes of one game come one after another,
// and none waits for others: a game saved again and again opens no batch
// however soon each save follows the last.
func TestOneGamesWritesGoAlone(t *testing.T) {
	ctx := context.Background()
	s := open(t)
	v, err := s.SaveGame(ctx, "g", []byte("dealt"), 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	batches := redis.WriteBatches(s)
	for range 20 {
		if v, err = s.SaveGame(ctx, "g", []byte("picked"), v, 0); err != nil {
			t.Fatal(err)
		}
	}
	if got := redis.WriteBatches(s) - batches; got != 0 {
		t.Errorf("20 saves of one game, one after another, opened %d batches, want none", got)
	}
}
