package redis_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/sushigo/sushigo/record"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/storage/redis"
	"github.com/sushigo/sushigo/storage/redis/redistest"
	"github.com/sushigo/sushigo/storage/storagetest"
)

var (
	_ record.SendLocks   = (*redis.Store)(nil)
	_ record.CommitLocks = (*redis.Store)(nil)
)

func TestSendLocks(t *testing.T) {
	storagetest.RunSendLocks(t, func(t *testing.T) (storage.Store, record.SendLocks) {
		s := open(t)
		return s, s
	})
}

func TestCommitLocks(t *testing.T) {
	storagetest.RunCommitLocks(t, func(t *testing.T) storagetest.CommitLocker { return open(t) })
}

func TestCheckedCommits(t *testing.T) {
	storagetest.RunCheckedCommits(t, func(t *testing.T) storagetest.CheckedCommitter { return open(t) })
}

// TestCommitLockedWithOldLocks: a save takes the old lock record too, and
// takes neither when an older replica is sending (its save still stored).
func TestCommitLockedWithOldLocks(t *testing.T) {
	ctx := context.Background()
	s := open(t)
	v, err := s.SaveGame(ctx, "g", []byte("x"), 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := s.AddRecord(ctx, "outbox-lock:g", []byte("old"), time.Minute); err != nil || !got {
		t.Fatalf("the old lock: %t, %v", got, err)
	}
	v, _, locked, err := s.CommitLocked(ctx, "g", []byte("y"), v, 0, nil, []byte("a"), time.Minute)
	if err != nil || locked || v != 2 {
		t.Fatalf("CommitLocked while an older replica sends = %d, %t, %v; want saved, not locked", v, locked, err)
	}
	if _, err := s.RenewRecord(ctx, "outbox-lock:g", []byte("old"), 0); err != nil {
		t.Fatal(err)
	}
	// Refused, it left this release's lock free; now it takes both.
	if _, _, locked, err := s.CommitLocked(ctx, "g", []byte("z"), v, 0, nil, []byte("b"), time.Minute); err != nil || !locked {
		t.Fatalf("CommitLocked with both free = %t, %v", locked, err)
	}
	if got, err := s.AddRecord(ctx, "outbox-lock:g", []byte("old"), time.Minute); err != nil || got {
		t.Fatalf("an older replica took the old lock of a game this one sends: %t, %v", got, err)
	}
	if err := s.UnlockGame(ctx, "g", []byte("b"), nil, storage.Deadline{}); err != nil {
		t.Fatal(err)
	}
	if got, err := s.AddRecord(ctx, "outbox-lock:g", []byte("old"), time.Minute); err != nil || !got {
		t.Fatalf("UnlockGame left the old lock held: %t, %v", got, err)
	}
}

// TestOldSendLocks: while replicas of a release before the send locks
// beside the games may run, a sender takes their lock (the record
// outbox-lock:<game>) too, so neither sends while the other does; with
// SkipOldSendLocks it no longer looks at it.
func TestOldSendLocks(t *testing.T) {
	ctx := context.Background()
	s, prefix := openPrefix(t)
	const lease = time.Minute
	if _, err := s.SaveGame(ctx, "g", []byte("x"), 0, 0); err != nil {
		t.Fatal(err)
	}
	old := func() bool { // an older replica's lock, as it took it
		t.Helper()
		got, err := s.AddRecord(ctx, "outbox-lock:g", []byte("old"), lease)
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	oldLetGo := func() {
		t.Helper()
		if _, err := s.RenewRecord(ctx, "outbox-lock:g", []byte("old"), 0); err != nil {
			t.Fatal(err)
		}
	}
	lock := func(st *redis.Store, token string) bool {
		t.Helper()
		_, _, _, locked, err := st.LockGame(ctx, "g", []byte(token), lease)
		if err != nil {
			t.Fatal(err)
		}
		return locked
	}
	if !old() {
		t.Fatal("the old lock was taken before anyone")
	}
	if lock(s, "a") {
		t.Fatal("LockGame took a game an older replica is sending")
	}
	// Refused, it left the new lock free.
	oldLetGo()
	if !lock(s, "b") {
		t.Fatal("LockGame refused a free game")
	}
	if old() {
		t.Fatal("an older replica took a game this one is sending")
	}
	if held, err := s.RenewGameLock(ctx, "g", []byte("b"), lease); err != nil || !held {
		t.Fatalf("RenewGameLock = %t, %v", held, err)
	}
	if err := s.UnlockGame(ctx, "g", []byte("b"), []byte("log"), storage.Deadline{}); err != nil {
		t.Fatal(err)
	}
	if !old() {
		t.Fatal("UnlockGame left the old lock held")
	}
	// Skipping them, the old lock is not looked at.
	skip, err := redis.Dial(ctx, testURL(), redis.Options{Prefix: prefix, SkipOldSendLocks: true})
	if err != nil {
		t.Fatal(err)
	}
	defer skip.Close()
	if !lock(skip, "c") {
		t.Fatal("with SkipOldSendLocks, the old lock still kept the game")
	}
}

// TestSendLocksAfterScriptFlush: a server that lost its scripts (a restart,
// a failover) is sent them whole, and the locks work on. The server is the
// test's own: SCRIPT FLUSH on the shared one would cost other packages'
// tests, run at the same time, a round trip they count.
func TestSendLocksAfterScriptFlush(t *testing.T) {
	ctx := context.Background()
	port, _ := redistest.Fresh(t)
	s, err := redis.Dial(ctx, fmt.Sprintf("redis://127.0.0.1:%d/0", port), redis.Options{Prefix: "flush:"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.SaveGame(ctx, "g", []byte("x"), 0, 0); err != nil {
		t.Fatal(err)
	}
	for i, token := range []string{"a", "b"} {
		if err := s.Client().ScriptFlush(ctx).Err(); err != nil {
			t.Fatal(err)
		}
		_, _, _, locked, err := s.LockGame(ctx, "g", []byte(token), time.Minute)
		if err != nil || !locked {
			t.Fatalf("LockGame %d after SCRIPT FLUSH = %t, %v", i, locked, err)
		}
		if err := s.Client().ScriptFlush(ctx).Err(); err != nil {
			t.Fatal(err)
		}
		if err := s.UnlockGame(ctx, "g", []byte(token), []byte(token), storage.Deadline{Key: "out:g", Due: time.Now()}); err != nil {
			t.Fatalf("UnlockGame %d after SCRIPT FLUSH: %v", i, err)
		}
		if _, side, _, err := s.LoadGameSide(ctx, "g"); err != nil || string(side) != token {
			t.Fatalf("side after UnlockGame %d = %q, %v", i, side, err)
		}
	}
	// A save that takes the lock, with deadlines and the old lock beside
	// it in one MULTI, each script missing in turn: saved once, locked.
	_, _, ver, err := s.LoadGameSide(ctx, "g")
	if err != nil {
		t.Fatal(err)
	}
	for i, load := range []string{"", "save", "old"} {
		if err := s.Client().ScriptFlush(ctx).Err(); err != nil {
			t.Fatal(err)
		}
		if load != "" {
			if err := redis.LoadScript(ctx, s, load); err != nil {
				t.Fatal(err)
			}
		}
		token := []byte{'c' + byte(i)}
		v, side, locked, err := s.CommitLocked(ctx, "g", []byte("y"), ver, 0, []storage.Deadline{{Key: "out:g", Due: time.Now()}}, token, time.Minute)
		if err != nil || !locked || v != ver+1 || side == nil {
			t.Fatalf("CommitLocked %d after SCRIPT FLUSH = %d, %q, %t, %v; want version %d, locked", i, v, side, locked, err, ver+1)
		}
		if err := s.UnlockGame(ctx, "g", token, nil, storage.Deadline{}); err != nil {
			t.Fatal(err)
		}
		ver = v
	}
}
