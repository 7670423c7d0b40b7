package storagetest

import (
	"errors"
	"maps"
	"slices"
	"testing"
	"time"

	keeper "github.com/sushigo/sushigo/record"
	"github.com/sushigo/sushigo/storage"
)

// CommitLocker is a store whose saves can take a game's send lock.
type CommitLocker interface {
	storage.Store
	keeper.SendLocks
	keeper.CommitLocks
}

// RunCommitLocks checks that a save takes the send lock only when it saved
// and the lock was free, reading the side with it, and that what it
// took is the lock SendLocks keeps (renewed, refused to others, let go).
func RunCommitLocks(t *testing.T, open func(t *testing.T) CommitLocker) {
	group(t, open, map[string]func(*testing.T, CommitLocker){
		"FreeLockIsTaken":      commitLockFree,
		"HeldLockIsLeft":       commitLockHeld,
		"ConflictTakesNothing": commitLockConflict,
		"DeadlinesAreSet":      commitLockDeadlines,
	})
}

// group runs each of cases as a parallel subtest on a store of its own.
func group[S any](t *testing.T, open func(t *testing.T) S, cases map[string]func(*testing.T, S)) {
	for _, name := range slices.Sorted(maps.Keys(cases)) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			cases[name](t, open(t))
		})
	}
}

func commitLocked(t *testing.T, s CommitLocker, key, data string, prev storage.Version, token string, due ...storage.Deadline) (storage.Version, []byte, bool, error) {
	t.Helper()
	return s.CommitLocked(ctx, key, []byte(data), prev, 0, due, []byte(token), lockLease)
}

func commitLockFree(t *testing.T, s CommitLocker) {
	v := mustSave(t, s, "g", []byte("one"), 0)
	must(t, s.SetGameSide(ctx, "g", []byte("log")))
	v2, side, locked, err := commitLocked(t, s, "g", "two", v, "a")
	if err != nil || !locked || v2 != v+1 || string(side) != "log" {
		t.Fatalf("CommitLocked = %d, %q, %t, %v; want version %d, the side, locked", v2, side, locked, err, v+1)
	}
	if data, _, err := s.LoadGame(ctx, "g"); err != nil || string(data) != "two" {
		t.Fatalf("after CommitLocked the game is %q, %v", data, err)
	}
	if _, _, _, locked := lock(t, s, "g", "b"); locked {
		t.Fatal("LockGame took a lock a save had taken")
	}
	if held, err := s.RenewGameLock(ctx, "g", []byte("a"), lockLease); err != nil || !held {
		t.Fatalf("RenewGameLock by the save's token = %t, %v", held, err)
	}
	must(t, s.UnlockGame(ctx, "g", []byte("a"), []byte("log 2"), storage.Deadline{}))
	if _, side, _, locked := lock(t, s, "g", "b"); !locked || string(side) != "log 2" {
		t.Fatalf("after UnlockGame: locked %t, side %q", locked, side)
	}
	// A new game (version 0 before) starts with no side.
	v, side, locked, err = commitLocked(t, s, "new", "n", 0, "c")
	if err != nil || !locked || v != 1 || side != nil {
		t.Fatalf("CommitLocked of a new game = %d, %q, %t, %v; want version 1, no side, locked", v, side, locked, err)
	}
}

func commitLockHeld(t *testing.T, s CommitLocker) {
	v := mustSave(t, s, "g", []byte("one"), 0)
	if _, _, _, locked := lock(t, s, "g", "a"); !locked {
		t.Fatal("LockGame refused a free game")
	}
	v2, side, locked, err := commitLocked(t, s, "g", "two", v, "b")
	if err != nil || locked || v2 != v+1 || side != nil {
		t.Fatalf("CommitLocked while held = %d, %q, %t, %v; want saved, not locked", v2, side, locked, err)
	}
	if held, err := s.RenewGameLock(ctx, "g", []byte("a"), lockLease); err != nil || !held {
		t.Fatalf("the holder's lock after another's save = %t, %v; want still held", held, err)
	}
}

func commitLockConflict(t *testing.T, s CommitLocker) {
	v := mustSave(t, s, "g", []byte("one"), 0)
	_, _, locked, err := commitLocked(t, s, "g", "two", v+1, "a")
	if !errors.Is(err, storage.ErrConflict) || locked {
		t.Fatalf("CommitLocked at a stale version: locked %t, %v; want ErrConflict", locked, err)
	}
	if _, _, locked, err = commitLocked(t, s, "none", "x", 3, "a"); !errors.Is(err, storage.ErrConflict) || locked {
		t.Fatalf("CommitLocked of a missing game at version 3: locked %t, %v; want ErrConflict", locked, err)
	}
	if data, _, err := s.LoadGame(ctx, "g"); err != nil || string(data) != "one" {
		t.Fatalf("after a lost save the game is %q, %v", data, err)
	}
	if _, _, _, locked := lock(t, s, "g", "b"); !locked {
		t.Fatal("a lost save left the game locked")
	}
}

func commitLockDeadlines(t *testing.T, s CommitLocker) {
	v := mustSave(t, s, "g", []byte("one"), 0)
	at := time.UnixMilli(time.Now().UnixMilli())
	_, _, locked, err := commitLocked(t, s, "g", "two", v, "a", storage.Deadline{Key: "out:g", Due: at}, storage.Deadline{Key: "g", Due: at})
	if err != nil || !locked {
		t.Fatalf("CommitLocked with deadlines: locked %t, %v", locked, err)
	}
	claims, err := s.ClaimDue(ctx, at, time.Minute, 10)
	if err != nil || len(claims) != 2 {
		t.Fatalf("claims after CommitLocked = %+v, %v; want both deadlines", claims, err)
	}
}
