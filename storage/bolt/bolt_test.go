package bolt_test

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	bbolt "go.etcd.io/bbolt"

	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/storage/bolt"
	"github.com/sushigo/sushigo/storage/storagetest"
)

func open(t *testing.T, path string, o bolt.Options) *bolt.Store {
	t.Helper()
	s, err := bolt.Open(path, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestConformance(t *testing.T) {
	storagetest.Run(t, func(t *testing.T) storage.Store {
		a := &aging{}
		a.Store = open(t, filepath.Join(t.TempDir(), "sushigo.db"), bolt.Options{Now: a.now})
		return a
	})
}

// aging is a store whose clock the suite can move on (storagetest.Ager).
type aging struct {
	*bolt.Store
	mu    sync.Mutex
	ahead time.Duration
}

func (a *aging) now() time.Time {
	a.mu.Lock()
	defer a.mu.Unlock()
	return time.Now().Add(a.ahead)
}

// Age moves the clock on by d and sweeps what expired.
func (a *aging) Age(t *testing.T, d time.Duration) {
	a.mu.Lock()
	a.ahead += d
	a.mu.Unlock()
	if err := a.Sweep(); err != nil {
		t.Fatal(err)
	}
}

func TestSurvivesReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "sushigo.db")
	s, err := bolt.Open(path, bolt.Options{})
	if err != nil {
		t.Fatal(err)
	}
	v, _ := s.SaveGame(ctx, "g", []byte("state"), 0, 0)
	_ = s.Schedule(ctx, "g", time.UnixMilli(1000))
	_, _ = s.RecordResult(ctx, storage.Result{GameID: "1", Community: "c", FinishedAt: time.Now(),
		Players: []storage.PlayerResult{{ID: "ann", Name: "Ann", Score: 9, Place: 1}}})
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = open(t, path, bolt.Options{})
	if data, got, err := s.LoadGame(ctx, "g"); err != nil || got != v || string(data) != "state" {
		t.Errorf("game after reopen: %q v%d %v", data, got, err)
	}
	if cs, _ := s.ClaimDue(ctx, time.UnixMilli(2000), time.Minute, 5); len(cs) != 1 {
		t.Errorf("deadline after reopen: %+v", cs)
	}
	if st, _ := s.PlayerStats(ctx, "c", "ann", storage.AllTime, time.Now()); st.Wins != 1 {
		t.Errorf("stats after reopen: %+v", st)
	}
}

func TestSecondProcessRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sushigo.db")
	open(t, path, bolt.Options{})
	_, err := bolt.Open(path, bolt.Options{})
	if err == nil || !strings.Contains(err.Error(), "in use") {
		t.Fatalf("second open: %v, want an in-use error", err)
	}
}

// TestSweepRemovesExpired uses a fake clock: expired entries read as
// missing at once and are gone from the file after a sweep.
func TestSweepRemovesExpired(t *testing.T) {
	ctx := context.Background()
	now := time.Unix(1000, 0)
	s := open(t, filepath.Join(t.TempDir(), "sushigo.db"), bolt.Options{Now: func() time.Time { return now }, SweepEvery: -1})
	_, _ = s.SaveGame(ctx, "g", []byte("x"), 0, time.Minute)
	_ = s.SetRecord(ctx, "r", []byte("x"), time.Minute)
	now = now.Add(2 * time.Minute)
	if _, _, err := s.LoadGame(ctx, "g"); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("expired game: %v", err)
	}
	if err := s.Sweep(); err != nil {
		t.Fatal(err)
	}
	now = now.Add(-time.Hour) // had the sweep not deleted them, they would read as live now
	if _, _, err := s.LoadGame(ctx, "g"); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("game still in the file after a sweep: %v", err)
	}
	if _, err := s.GetRecord(ctx, "r"); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("record still in the file after a sweep: %v", err)
	}
}

// A board written by the release before ratings (stats as plain
// storage.Stats JSON, no profiles, no history) keeps reading, and the next
// game rates its players from a fresh start.
func TestBoardFromBeforeRatings(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sushigo.db")
	db, err := bbolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *bbolt.Tx) error {
		lb, _ := tx.CreateBucketIfNotExists([]byte("leaderboards"))
		c, _ := lb.CreateBucketIfNotExists([]byte("discord:g1"))
		games, _ := c.CreateBucketIfNotExists([]byte("games"))
		stats, _ := c.CreateBucketIfNotExists([]byte("stats"))
		// Both that release and the first with ratings kept a 1.
		_ = games.Put([]byte("old1"), []byte{1})
		// Exactly what that release wrote.
		for _, p := range []string{"all", "m2026-11", "w2026-47"} {
			err := stats.Put([]byte(p+"\x00ann"), []byte(`{"PlayerID":"ann","Name":"Ann","Games":3,"Wins":2,"TotalScore":120,"BestScore":50,"PlaceSum":5}`))
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	s := open(t, path, bolt.Options{})
	storagetest.BoardFromBeforeRatings(t, s)
	s.Close()
	// The record this release keeps of a rated game, pinned: a change
	// needs care that recordedGame keeps reading this one.
	db, err = bbolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	const pinned = `{"prior":[{"Mu":0,"Sigma":0}],"after":[{"Mu":27,"Sigma":8}]}`
	_ = db.View(func(tx *bbolt.Tx) error {
		v := tx.Bucket([]byte("leaderboards")).Bucket([]byte("discord:g1")).Bucket([]byte("games")).Get([]byte("new1"))
		if string(v) != pinned {
			t.Errorf("game record %s, want %s", v, pinned)
		}
		return nil
	})
}
