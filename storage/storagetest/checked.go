package storagetest

import (
	"errors"
	"testing"
	"time"

	keeper "github.com/sushigo/sushigo/record"
	"github.com/sushigo/sushigo/storage"
)

// CheckedCommitter is a store whose saves can check the game's side.
type CheckedCommitter interface {
	CommitLocker
	keeper.CheckedCommits
}

// RunCheckedCommits checks that a checked save saves only while the
// game's side is the one it names (none included) and its version the one
// it names, taking the send lock with a token as CommitLocked does, and
// that a refused one writes nothing and takes no lock.
func RunCheckedCommits(t *testing.T, open func(t *testing.T) CheckedCommitter) {
	group(t, open, map[string]func(*testing.T, CheckedCommitter){
		"SameSideSaves":      checkedSame,
		"OtherSideConflicts": checkedOther,
		"LockedWithToken":    checkedLocked,
	})
}

func commitChecked(t *testing.T, s CheckedCommitter, key, data string, prev storage.Version, side []byte, token string, due ...storage.Deadline) (storage.Version, []byte, bool, error) {
	t.Helper()
	var tok []byte
	if token != "" {
		tok = []byte(token)
	}
	return s.CommitChecked(ctx, key, []byte(data), prev, time.Hour, due, side, tok, lockLease)
}

func checkedSame(t *testing.T, s CheckedCommitter) {
	v := mustSave(t, s, "g", []byte("one"), 0)
	// No side yet: nil names none.
	v2, _, locked, err := commitChecked(t, s, "g", "two", v, nil, "")
	if err != nil || v2 != v+1 || locked {
		t.Fatalf("CommitChecked with no side = %d, %t, %v; want version %d, no lock", v2, locked, err, v+1)
	}
	must(t, s.SetGameSide(ctx, "g", []byte("log")))
	at := time.UnixMilli(time.Now().UnixMilli())
	v3, _, _, err := commitChecked(t, s, "g", "three", v2, []byte("log"), "", storage.Deadline{Key: "out:g", Due: at})
	if err != nil || v3 != v2+1 {
		t.Fatalf("CommitChecked with the side = %d, %v; want version %d", v3, err, v2+1)
	}
	if data, side, ver, err := s.LoadGameSide(ctx, "g"); err != nil || string(data) != "three" || string(side) != "log" || ver != v3 {
		t.Fatalf("after CommitChecked: %q, side %q, version %d, %v", data, side, ver, err)
	}
	if claims, err := s.ClaimDue(ctx, at, time.Minute, 10); err != nil || len(claims) != 1 {
		t.Fatalf("claims after CommitChecked = %+v, %v; want its deadline", claims, err)
	}
}

func checkedOther(t *testing.T, s CheckedCommitter) {
	v := mustSave(t, s, "g", []byte("one"), 0)
	must(t, s.SetGameSide(ctx, "g", []byte("log 2")))
	for _, side := range [][]byte{nil, []byte("log"), []byte("log 2 ")} {
		if _, _, _, err := commitChecked(t, s, "g", "two", v, side, ""); !errors.Is(err, storage.ErrConflict) {
			t.Fatalf("CommitChecked naming side %q where it is \"log 2\": %v; want ErrConflict", side, err)
		}
		if _, _, locked, err := commitChecked(t, s, "g", "two", v, side, "a"); !errors.Is(err, storage.ErrConflict) || locked {
			t.Fatalf("CommitChecked with a lock naming side %q: locked %t, %v; want ErrConflict", side, locked, err)
		}
	}
	// The side right but not the version.
	if _, _, _, err := commitChecked(t, s, "g", "two", v+1, []byte("log 2"), ""); !errors.Is(err, storage.ErrConflict) {
		t.Fatalf("CommitChecked at a stale version: %v; want ErrConflict", err)
	}
	// A game gone (expired, removed) is not saved back.
	must(t, s.DeleteGame(ctx, "g", v))
	if _, _, _, err := commitChecked(t, s, "g", "two", v, nil, ""); !errors.Is(err, storage.ErrConflict) {
		t.Fatalf("CommitChecked of a removed game: %v; want ErrConflict", err)
	}
	if _, _, _, err := s.LoadGameSide(ctx, "g"); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("after refused saves the removed game loads: %v", err)
	}
}

func checkedLocked(t *testing.T, s CheckedCommitter) {
	v := mustSave(t, s, "g", []byte("one"), 0)
	must(t, s.SetGameSide(ctx, "g", []byte("log")))
	v2, side, locked, err := commitChecked(t, s, "g", "two", v, []byte("log"), "a")
	if err != nil || !locked || v2 != v+1 || string(side) != "log" {
		t.Fatalf("CommitChecked with a token = %d, %q, %t, %v; want version %d, the side, locked", v2, side, locked, err, v+1)
	}
	if _, _, _, locked := lock(t, s, "g", "b"); locked {
		t.Fatal("LockGame took a lock a checked save had taken")
	}
	must(t, s.UnlockGame(ctx, "g", []byte("a"), nil, storage.Deadline{}))
	// A refused save took no lock.
	if _, _, locked, err := commitChecked(t, s, "g", "three", v2, []byte("other"), "c"); !errors.Is(err, storage.ErrConflict) || locked {
		t.Fatalf("CommitChecked naming another side: locked %t, %v", locked, err)
	}
	if _, _, _, locked := lock(t, s, "g", "b"); !locked {
		t.Fatal("a refused checked save left the game locked")
	}
}
