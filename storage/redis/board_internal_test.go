package redis

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"testing"
	"time"

	goredis "github.com/redis/go-redis/v9"

	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/storage/storagetest"
)

// A board written by the release before ratings (period hashes without
// mu/sigma, no profiles, no rating sets, no history) keeps reading, and the
// next game rates its players from a fresh start.
func TestBoardFromBeforeRatings(t *testing.T) {
	ctx := context.Background()
	s := openPrefixed(t, "upgrade")
	c := "discord:g1"
	// Exactly what that release's script wrote for one game.
	lb := s.lbKey(c)
	for _, p := range []string{"all", "m2026-11", "w2026-47"} {
		s.c.HSet(ctx, lb+"p:"+p+":ann", "name", "Ann", "games", 3, "places", 5, "wins", 2, "points", 120, "best", 50)
		s.c.ZAdd(ctx, lb+"wins:"+p, redisZ(-(2*10000000+120), "ann"))
		s.c.ZAdd(ctx, lb+"points:"+p, redisZ(-(120*1000000+2), "ann"))
	}
	// Both that release and the first with ratings kept the game's ID.
	s.c.Set(ctx, lb+"game:old1", "old1", time.Hour)

	storagetest.BoardFromBeforeRatings(t, s)
	// The record this release keeps of a rated game, pinned: a change
	// needs a new prefix, and decodeRecorded must keep reading this one.
	const pinned = "r1\n0,0,27,8"
	if v, err := s.c.Get(ctx, lb+"game:new1").Result(); err != nil || v != pinned {
		t.Errorf("game record %q, %v; want %q", v, err, pinned)
	}
	if rec := decodeRecorded(pinned); len(rec.After) != 1 || rec.After[0].Mu != 27 || rec.After[0].Sigma != 8 || rec.Prior[0].Rated() {
		t.Errorf("decoded %+v", rec)
	}
}

func redisZ(score float64, member string) goredis.Z { return goredis.Z{Score: score, Member: member} }

// TestRecordedGameRememberedForEver: a recorded game's ID never expires,
// like the ratings it changed (it was kept 30 days, so a
// game replayed after that would be rated again).
func TestRecordedGameRememberedForEver(t *testing.T) {
	ctx := context.Background()
	s := openPrefixed(t, "forever")
	r := storage.Result{GameID: "g1", Community: "discord:g1", FinishedAt: time.Date(2026, 11, 18, 20, 0, 0, 0, time.UTC),
		Players: []storage.PlayerResult{{ID: "ann", Name: "Ann", Score: 30, Place: 1}, {ID: "bob", Name: "Bob", Score: 20, Place: 2}},
		Rate: func(prior []storage.Rating, met [][]storage.Met) ([]storage.Rating, [][]storage.Met) {
			return []storage.Rating{{Mu: 27, Sigma: 2}, {Mu: 23, Sigma: 2}}, met
		}}
	if rec, err := s.RecordResult(ctx, r); err != nil || !rec.New {
		t.Fatalf("record: %+v %v", rec, err)
	}
	ttl, err := s.c.PTTL(ctx, s.lbKey(r.Community)+"game:g1").Result()
	if err != nil || ttl != -1 {
		t.Errorf("the recorded game's key expires in %v (%v), want never (-1)", ttl, err)
	}
	if rec, err := s.RecordResult(ctx, r); err != nil || rec.New {
		t.Errorf("recorded again: %+v %v", rec, err)
	}
}

// openPrefixed opens the test Redis under a key prefix of its own, named
// for the test, and deletes its keys afterwards. In CI a missing Redis
// fails the test.
func openPrefixed(t *testing.T, name string) *Store {
	t.Helper()
	ctx := context.Background()
	url := os.Getenv("SUSHIGO_TEST_REDIS_URL")
	if url == "" {
		url = "redis://127.0.0.1:6379/15"
	}
	prefix := fmt.Sprintf("sushigo-test:%s:%x:", name, rand.Uint64())
	s, err := Dial(ctx, url, Options{Prefix: prefix})
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("Redis is required in CI: %v", err)
		}
		t.Skipf("no Redis at %s: %v", url, err)
	}
	t.Cleanup(func() {
		iter := s.c.Scan(ctx, 0, prefix+"*", 500).Iterator()
		for iter.Next(ctx) {
			s.c.Del(ctx, iter.Val())
		}
		s.Close()
	})
	return s
}
