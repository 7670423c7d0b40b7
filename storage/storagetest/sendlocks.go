package storagetest

import (
	"errors"
	"testing"
	"time"

	keeper "github.com/sushigo/sushigo/record"
	"github.com/sushigo/sushigo/storage"
)

// RunSendLocks checks send locks l kept in store s, both fresh and empty:
// one holder at a time, the game read as it is taken, the side written and
// the net taken back as it is let go.
func RunSendLocks(t *testing.T, open func(t *testing.T) (storage.Store, keeper.SendLocks)) {
	for _, tc := range []struct {
		name string
		fn   func(*testing.T, storage.Store, keeper.SendLocks)
	}{
		{"OneHolderReadsTheGame", lockOneHolder},
		{"MissingGameLeavesItFree", lockMissingGame},
		{"UnlockWritesTheSide", lockWritesSide},
		{"UnlockTakesBackTheNet", lockTakesBackNet},
		{"GoneGameLetsGo", lockGoneGame},
		{"OthersTokenLetsNothingGo", lockOthersToken},
		{"LapsedLeaseLetsGo", lockLapses},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, l := open(t)
			tc.fn(t, s, l)
		})
	}
}

const lockLease = time.Minute

func lock(t *testing.T, l keeper.SendLocks, key, token string) (data, side []byte, ver storage.Version, locked bool) {
	t.Helper()
	data, side, ver, locked, err := l.LockGame(ctx, key, []byte(token), lockLease)
	if err != nil {
		t.Fatalf("LockGame(%q, %s): %v", key, token, err)
	}
	return data, side, ver, locked
}

func lockOneHolder(t *testing.T, s storage.Store, l keeper.SendLocks) {
	v := mustSave(t, s, "g", []byte("game one"), 0)
	must(t, s.SetGameSide(ctx, "g", []byte("log")))
	data, side, ver, locked := lock(t, l, "g", "a")
	if !locked || string(data) != "game one" || string(side) != "log" || ver != v {
		t.Fatalf("LockGame = %q, %q, %d, %t; want the game, its side, version %d, locked", data, side, ver, locked, v)
	}
	if data, _, _, locked := lock(t, l, "g", "b"); locked || data != nil {
		t.Fatalf("a second LockGame while held: locked %t, data %q; want neither", locked, data)
	}
	if held, err := l.RenewGameLock(ctx, "g", []byte("b"), lockLease); err != nil || held {
		t.Fatalf("RenewGameLock by a non-holder = %t, %v; want false", held, err)
	}
	if held, err := l.RenewGameLock(ctx, "g", []byte("a"), lockLease); err != nil || !held {
		t.Fatalf("RenewGameLock by the holder = %t, %v; want true", held, err)
	}
	// A lock is the game's alone.
	mustSave(t, s, "h", []byte("game two"), 0)
	if _, _, _, locked := lock(t, l, "h", "b"); !locked {
		t.Fatal("another game's lock was held too")
	}
	// Renewing with ttl 0 lets go.
	if held, err := l.RenewGameLock(ctx, "g", []byte("a"), 0); err != nil || !held {
		t.Fatalf("RenewGameLock(0) by the holder = %t, %v; want true", held, err)
	}
	if _, _, _, locked := lock(t, l, "g", "c"); !locked {
		t.Fatal("the lock let go with RenewGameLock(0) was still held")
	}
}

func lockMissingGame(t *testing.T, s storage.Store, l keeper.SendLocks) {
	if _, _, _, locked, err := l.LockGame(ctx, "g", []byte("a"), lockLease); !errors.Is(err, storage.ErrNotFound) || locked {
		t.Fatalf("LockGame of a missing game = %t, %v; want ErrNotFound", locked, err)
	}
	mustSave(t, s, "g", []byte("x"), 0)
	if _, side, _, locked := lock(t, l, "g", "b"); !locked || side != nil {
		t.Fatalf("LockGame once the game is made: locked %t, side %q; want locked, no side", locked, side)
	}
}

func lockWritesSide(t *testing.T, s storage.Store, l keeper.SendLocks) {
	mustSave(t, s, "g", []byte("x"), 0)
	lock(t, l, "g", "a")
	must(t, l.UnlockGame(ctx, "g", []byte("a"), []byte("sent 3"), storage.Deadline{}))
	_, side, _, locked := lock(t, l, "g", "b")
	if !locked || string(side) != "sent 3" {
		t.Fatalf("after UnlockGame with a side: locked %t, side %q; want locked, %q", locked, side, "sent 3")
	}
	// Without a side, the side stays as it was.
	must(t, l.UnlockGame(ctx, "g", []byte("b"), nil, storage.Deadline{}))
	if _, side, _, _ := lock(t, l, "g", "c"); string(side) != "sent 3" {
		t.Fatalf("UnlockGame without a side changed it to %q", side)
	}
}

func lockTakesBackNet(t *testing.T, s storage.Store, l keeper.SendLocks) {
	mustSave(t, s, "g", []byte("x"), 0)
	now := time.Now().Truncate(time.Millisecond)
	net := now.Add(-time.Second)
	must(t, s.Schedule(ctx, "out:g", net))
	must(t, s.Schedule(ctx, "out:h", net))
	lock(t, l, "g", "a")
	must(t, l.UnlockGame(ctx, "g", []byte("a"), []byte("log"), storage.Deadline{Key: "out:g", Due: net}))
	// A net set again since (another due time) stays.
	lock(t, l, "g", "b")
	must(t, l.UnlockGame(ctx, "g", []byte("b"), nil, storage.Deadline{Key: "out:h", Due: net.Add(-time.Second)}))
	claims, err := s.ClaimDue(ctx, now, time.Minute, 10)
	must(t, err)
	var keys []string
	for _, c := range claims {
		keys = append(keys, c.Key)
	}
	if len(keys) != 1 || keys[0] != "out:h" {
		t.Fatalf("due after the unlocks: %v; want out:h alone (out:g taken back)", keys)
	}
}

func lockGoneGame(t *testing.T, s storage.Store, l keeper.SendLocks) {
	v := mustSave(t, s, "g", []byte("x"), 0)
	lock(t, l, "g", "a")
	must(t, s.DeleteGame(ctx, "g", v))
	if err := l.UnlockGame(ctx, "g", []byte("a"), []byte("log"), storage.Deadline{}); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("UnlockGame with a side of a deleted game = %v; want ErrNotFound", err)
	}
	mustSave(t, s, "g", []byte("new"), 0)
	if _, side, _, locked := lock(t, l, "g", "b"); !locked || side != nil {
		t.Fatalf("after the game went: locked %t, side %q; want the lock free and no side", locked, side)
	}
}

func lockOthersToken(t *testing.T, s storage.Store, l keeper.SendLocks) {
	mustSave(t, s, "g", []byte("x"), 0)
	lock(t, l, "g", "a")
	// A holder whose lease lapsed lets go of nothing it no longer holds.
	must(t, l.UnlockGame(ctx, "g", []byte("old"), nil, storage.Deadline{}))
	if _, _, _, locked := lock(t, l, "g", "b"); locked {
		t.Fatal("UnlockGame with another token let the lock go")
	}
}

func lockLapses(t *testing.T, s storage.Store, l keeper.SendLocks) {
	mustSave(t, s, "g", []byte("x"), 0)
	if _, _, _, locked, err := l.LockGame(ctx, "g", []byte("a"), 50*time.Millisecond); err != nil || !locked {
		t.Fatalf("LockGame = %t, %v", locked, err)
	}
	eventually(t, "a lapsed lock let go", func() bool {
		_, _, _, locked, err := l.LockGame(ctx, "g", []byte("b"), lockLease)
		must(t, err)
		return locked
	})
	if held, err := l.RenewGameLock(ctx, "g", []byte("a"), lockLease); err != nil || held {
		t.Fatalf("RenewGameLock by the lapsed holder = %t, %v; want false", held, err)
	}
}
