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
)

// A board written by the release before ratings (period hashes without
// mu/sigma, no profiles, no rating sets, no history) keeps reading, and the
// next game rates its players from a fresh start.
func TestBoardFromBeforeRatings(t *testing.T) {
	ctx := context.Background()
	url := os.Getenv("SUSHIGO_TEST_REDIS_URL")
	if url == "" {
		url = "redis://127.0.0.1:6379/15"
	}
	prefix := fmt.Sprintf("sushigo-test:upgrade:%x:", rand.Uint64())
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
	wed := time.Date(2026, 11, 18, 12, 0, 0, 0, time.UTC)
	c := "discord:g1"
	// Exactly what that release's script wrote for one game.
	lb := s.lbKey(c)
	for _, p := range []string{"all", "m2026-11", "w2026-47"} {
		s.c.HSet(ctx, lb+"p:"+p+":ann", "name", "Ann", "games", 3, "places", 5, "wins", 2, "points", 120, "best", 50)
		s.c.ZAdd(ctx, lb+"wins:"+p, redisZ(-(2*10000000+120), "ann"))
		s.c.ZAdd(ctx, lb+"points:"+p, redisZ(-(120*1000000+2), "ann"))
	}
	s.c.Set(ctx, lb+"game:old1", "old1", time.Hour)

	if st, err := s.PlayerStats(ctx, c, "ann", storage.AllTime, wed); err != nil || st.Games != 3 || st.Wins != 2 {
		t.Fatalf("old stats: %+v, %v", st, err)
	}
	if top, err := s.Top(ctx, storage.Query{Community: c, At: wed, By: storage.ByWins, N: 5}); err != nil || len(top) != 1 || top[0].Points != 120 || top[0].Rating.Rated() {
		t.Errorf("old board by wins: %+v, %v", top, err)
	}
	if top, _ := s.Top(ctx, storage.Query{Community: c, At: wed, By: storage.ByRating, N: 5, MinGames: 1}); len(top) != 0 {
		t.Errorf("an unrated player on the rating board: %+v", top)
	}
	if ok, _ := s.RecordResult(ctx, storage.Result{GameID: "old1", Community: c, FinishedAt: wed}); ok {
		t.Error("a game recorded by the old release was recorded again")
	}
	var prior []storage.Rating
	_, err = s.RecordResult(ctx, storage.Result{GameID: "new1", Community: c, FinishedAt: wed,
		Players: []storage.PlayerResult{{ID: "ann", Name: "Ann", Score: 40, Place: 1}},
		Rate: func(p []storage.Rating) []storage.Rating {
			prior = p
			return []storage.Rating{{Mu: 27, Sigma: 8}}
		}})
	if err != nil || len(prior) != 1 || prior[0].Rated() {
		t.Fatalf("rating an old player: prior %v, %v", prior, err)
	}
	p, err := s.Profile(ctx, c, "ann")
	if err != nil || p.Games != 4 || p.Rated != 1 || p.Rating.Mu != 27 || p.TotalScore != 160 {
		t.Errorf("after the upgrade: %+v, %v", p, err)
	}
}

func redisZ(score float64, member string) goredis.Z { return goredis.Z{Score: score, Member: member} }
