package redis_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/storage/redis"
	"github.com/sushigo/sushigo/storage/redis/redistest"
)

func finished(id string, at time.Time, places ...int) storage.Result {
	r := storage.Result{GameID: id, Community: "guild", FinishedAt: at, Summary: []byte(`{"v":1}`)}
	for i, p := range places {
		r.Players = append(r.Players, storage.PlayerResult{ID: fmt.Sprint("p", i), Name: fmt.Sprint("P", i), Score: 50 - p, Place: p,
			Cards: map[string]int{"Tempura": 2}, Categories: map[string]int{"Tempura": 5}})
	}
	r.Rate = func(prior []storage.Rating, met [][]storage.Met) ([]storage.Rating, [][]storage.Met) {
		out := make([]storage.Rating, len(prior))
		for i, pr := range prior {
			if !pr.Rated() {
				pr = storage.Rating{Mu: 25, Sigma: 8}
			}
			out[i] = storage.Rating{Mu: pr.Mu + float64(4-r.Players[i].Place), Sigma: pr.Sigma * 0.9}
		}
		return out, met
	}
	return r
}

// Every read of a leaderboard page, a profile or the history is one round
// trip; recording a game is two (read the ratings, write everything).
func TestOneRoundTripPerBoardRead(t *testing.T) {
	s := open(t)
	ctx := context.Background()
	now := time.Date(2026, 11, 18, 12, 0, 0, 0, time.UTC)
	for i := range 30 {
		if _, err := s.RecordResult(ctx, finished(fmt.Sprint("g", i), now, 1+i%3, 1+(i+1)%3, 1+(i+2)%3, 3)); err != nil {
			t.Fatal(err)
		}
	}
	rt := &redistest.Trips{}
	s.Client().AddHook(rt)
	reads := map[string]func() error{
		"Top by wins": func() error {
			_, err := s.Top(ctx, storage.Query{Community: "guild", At: now, By: storage.ByWins, N: 10})
			return err
		},
		"Top by points this week": func() error {
			_, err := s.Top(ctx, storage.Query{Community: "guild", Period: storage.Week, At: now, By: storage.ByPoints, N: 10})
			return err
		},
		"Top by rating": func() error {
			es, err := s.Top(ctx, storage.Query{Community: "guild", At: now, By: storage.ByRating, N: 10, MinGames: 5})
			if err == nil && len(es) != 4 {
				err = fmt.Errorf("%d entries", len(es))
			}
			return err
		},
		"Profile": func() error {
			p, err := s.Profile(ctx, "guild", "p0")
			if err == nil && (p.Games != 30 || p.Cards["Tempura"] != 60) {
				err = fmt.Errorf("profile %+v", p)
			}
			return err
		},
		"History": func() error {
			h, err := s.History(ctx, "guild", 10)
			if err == nil && len(h) != 10 {
				err = fmt.Errorf("%d games", len(h))
			}
			return err
		},
	}
	for name, read := range reads {
		if err := read(); err != nil { // loads its script
			t.Fatalf("%s: %v", name, err)
		}
		rt.N.Store(0)
		if err := read(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if n := rt.N.Load(); n != 1 {
			t.Errorf("%s: %d round trips, want 1", name, n)
		}
	}
	rt.N.Store(0)
	if _, err := s.RecordResult(ctx, finished("one-more", now, 1, 2)); err != nil {
		t.Fatal(err)
	}
	if n := rt.N.Load(); n != 2 {
		t.Errorf("recording a game: %d round trips, want 2", n)
	}
}

// Replicas are separate clients: of any number recording one game at once,
// one applies it; games recorded side by side by different replicas each
// rate from the ratings the other left.
func TestRatedOnceAcrossReplicas(t *testing.T) {
	ctx := context.Background()
	prefix := fmt.Sprintf("sushigo-test:replicas:%x:", rand.Uint64())
	replicas := make([]*redis.Store, 4)
	for i := range replicas {
		s, err := redis.Dial(ctx, testURL(), redis.Options{Prefix: prefix})
		if err != nil {
			open(t) // fails in CI, skips elsewhere, with the reason
			t.Fatal(err)
		}
		replicas[i] = s
	}
	t.Cleanup(func() {
		c := replicas[0].Client()
		iter := c.Scan(ctx, 0, prefix+"*", 500).Iterator()
		for iter.Next(ctx) {
			c.Del(ctx, iter.Val())
		}
		for _, s := range replicas {
			s.Close()
		}
	})
	now := time.Date(2026, 11, 18, 12, 0, 0, 0, time.UTC)
	var wg sync.WaitGroup
	var mu sync.Mutex
	applied := map[string]int{}
	for g := range 10 {
		for _, s := range replicas {
			wg.Go(func() {
				rec, err := s.RecordResult(ctx, finished(fmt.Sprint("g", g), now, 1, 2, 3))
				if err != nil {
					t.Error(err)
				}
				if rec.New {
					mu.Lock()
					applied[fmt.Sprint("g", g)]++
					mu.Unlock()
				}
			})
		}
	}
	wg.Wait()
	for g := range 10 {
		if n := applied[fmt.Sprint("g", g)]; n != 1 {
			t.Errorf("game g%d applied %d times, want once", g, n)
		}
	}
	p, err := replicas[1].Profile(ctx, "guild", "p0")
	if err != nil {
		t.Fatal(err)
	}
	if p.Games != 10 || p.Rated != 10 || p.Rating.Mu != 25+30 {
		t.Errorf("winner after 10 games: %d games, %d rated, μ %v; want 10, 10, 55", p.Games, p.Rated, p.Rating.Mu)
	}
	if h, _ := replicas[2].History(ctx, "guild", 100); len(h) != 10 {
		t.Errorf("history holds %d games, want 10", len(h))
	}
}

// BenchmarkBoard reads a leaderboard page (10 lines) of a community of 500
// rated players, by each metric, and records games of four and of eight
// (rated).
func BenchmarkBoard(b *testing.B) {
	s := open(b)
	ctx := context.Background()
	now := time.Date(2026, 11, 18, 12, 0, 0, 0, time.UTC)
	for g := range 500 {
		r := finished(fmt.Sprint("seed", g), now, 1, 2, 3, 4)
		for i := range r.Players {
			r.Players[i].ID = fmt.Sprint("p", (g*4+i*37)%500)
		}
		if _, err := s.RecordResult(ctx, r); err != nil {
			b.Fatal(err)
		}
	}
	for _, by := range []struct {
		name string
		m    storage.Metric
	}{{"ByRating", storage.ByRating}, {"ByWins", storage.ByWins}, {"ByPoints", storage.ByPoints}} {
		b.Run("Top10"+by.name, func(b *testing.B) {
			rt := &redistest.Trips{}
			s.Client().AddHook(rt)
			lat := make([]time.Duration, 0, 1<<16)
			for b.Loop() {
				t0 := time.Now()
				es, err := s.Top(ctx, storage.Query{Community: "guild", At: now, By: by.m, N: 10, MinGames: 3})
				if err != nil || len(es) != 10 {
					b.Fatal(len(es), err)
				}
				lat = append(lat, time.Since(t0))
			}
			report(b, lat, rt, len(lat))
		})
	}
	// Recording a game: what Redis spends on it (redis-cpu-µs/op, the
	// server's CPU over the run, which is the script's) beside its time.
	for _, players := range []int{4, 8} {
		b.Run(fmt.Sprintf("RecordResult%dp", players), func(b *testing.B) {
			rt := &redistest.Trips{}
			s.Client().AddHook(rt)
			lat := make([]time.Duration, 0, 1<<16)
			places := make([]int, players)
			for i := range places {
				places[i] = i + 1
			}
			n := 0
			cpu0 := redistest.MustCPU(b, s.Client())
			for b.Loop() {
				n++
				r := finished(fmt.Sprint("b", players, "-", n), now, places...)
				for i := range r.Players {
					r.Players[i].ID = fmt.Sprint("p", (n*players+i*37)%500)
				}
				t0 := time.Now()
				if _, err := s.RecordResult(ctx, r); err != nil {
					b.Fatal(err)
				}
				lat = append(lat, time.Since(t0))
			}
			cpu1 := redistest.MustCPU(b, s.Client())
			report(b, lat, rt, len(lat))
			b.ReportMetric(float64((cpu1-cpu0).Microseconds())/float64(len(lat)), "redis-cpu-µs/op")
		})
	}
}
