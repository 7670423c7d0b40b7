package redis_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/strategy"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/storage/redis/redistest"
)

// gameState is a realistic stored 5-player game: the engine's encoding at
// the end of round 2 (two rounds of breakdowns, puddings, round 3 hands),
// plus 400 bytes standing in for the host's seating, names and message
// references.
func gameState(tb testing.TB) []byte {
	g, err := engine.New(engine.Settings{Players: 5}, 99)
	if err != nil {
		tb.Fatal(err)
	}
	ps := make([]strategy.Player, 5)
	for i := range ps {
		ps[i] = strategy.NewHeuristic()
	}
	for g.Round() < 3 || g.Turn() < 2 {
		for s := range 5 {
			if !g.Submitted(s) {
				if err := g.Submit(s, ps[s].Choose(g.View(s))); err != nil {
					tb.Fatal(err)
				}
			}
		}
	}
	b, err := g.MarshalBinary()
	if err != nil {
		tb.Fatal(err)
	}
	host := make([]byte, 400)
	for i := range host {
		host[i] = byte('a' + i%26)
	}
	return append(b, host...)
}

func TestOneRoundTripPerSaveAndLoad(t *testing.T) {
	s := open(t)
	rt := &redistest.Trips{}
	s.Client().AddHook(rt)
	ctx := context.Background()
	data := gameState(t)
	v, err := s.SaveGame(ctx, "warm", data, 0, 0) // loads the script once
	if err != nil {
		t.Fatal(err)
	}
	rt.N.Store(0)
	for range 10 {
		d, cur, err := s.LoadGame(ctx, "warm")
		if err != nil || cur != v || len(d) != len(data) {
			t.Fatal(err)
		}
		if v, err = s.SaveGame(ctx, "warm", d, cur, 0); err != nil {
			t.Fatal(err)
		}
	}
	if n := rt.N.Load(); n != 20 {
		t.Errorf("%d round trips for 10 loads and 10 saves, want 20", n)
	}
}

func TestGameMemoryUsage(t *testing.T) {
	s := open(t)
	ctx := context.Background()
	data := gameState(t)
	if _, err := s.SaveGame(ctx, "mem", data, 0, 0); err != nil {
		t.Fatal(err)
	}
	n, err := s.Client().MemoryUsage(ctx, s.GameKey("mem")).Result()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("a stored 5-player game (%d bytes of state) uses %d bytes in Redis", len(data), n)
	if n > 2048 {
		t.Errorf("%d bytes per game, want at most 2 KB", n)
	}
}

func report(b *testing.B, lat []time.Duration, rt *redistest.Trips, ops int) {
	slices.Sort(lat)
	pct := func(p float64) float64 { return float64(lat[int(p*float64(len(lat)-1))].Microseconds()) }
	b.ReportMetric(pct(0.50), "p50-µs")
	b.ReportMetric(pct(0.99), "p99-µs")
	b.ReportMetric(float64(ops)/b.Elapsed().Seconds(), "ops/s")
	b.ReportMetric(float64(rt.N.Load())/float64(ops), "round-trips/op")
}

// BenchmarkSaveGame5p is one compare-and-swap save of a 5-player game.
func BenchmarkSaveGame5p(b *testing.B) {
	s := open(b)
	ctx := context.Background()
	data := gameState(b)
	v, err := s.SaveGame(ctx, "bench", data, 0, 0)
	if err != nil {
		b.Fatal(err)
	}
	rt := &redistest.Trips{}
	s.Client().AddHook(rt)
	lat := make([]time.Duration, 0, 1<<16)
	for b.Loop() {
		t0 := time.Now()
		if v, err = s.SaveGame(ctx, "bench", data, v, 0); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(t0))
	}
	if n, err := s.Client().MemoryUsage(ctx, s.GameKey("bench")).Result(); err == nil {
		b.ReportMetric(float64(n), "redis-bytes/game")
	}
	report(b, lat, rt, len(lat))
}

// BenchmarkLoadSave64x1000 runs 64 goroutines that each load and save
// random games among 1,000, retrying on conflict. One op is a load+save.
func BenchmarkLoadSave64x1000(b *testing.B) {
	s := open(b)
	ctx := context.Background()
	data := gameState(b)
	const games = 1000
	for i := range games {
		if _, err := s.SaveGame(ctx, fmt.Sprint("g", i), data, 0, 0); err != nil {
			b.Fatal(err)
		}
	}
	rt := &redistest.Trips{}
	s.Client().AddHook(rt)
	var mu sync.Mutex
	var all []time.Duration
	var conflicts atomic.Int64
	b.SetParallelism(32) // 32 × GOMAXPROCS (2 here) = 64 goroutines
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		r := rand.New(rand.NewPCG(rand.Uint64(), 1))
		var lat []time.Duration
		for pb.Next() {
			key := fmt.Sprint("g", r.IntN(games))
			t0 := time.Now()
			for {
				d, v, err := s.LoadGame(ctx, key)
				if err != nil {
					b.Error(err)
					return
				}
				_, err = s.SaveGame(ctx, key, d, v, 0)
				if err == nil {
					break
				}
				if !errors.Is(err, storage.ErrConflict) {
					b.Error(err)
					return
				}
				conflicts.Add(1)
			}
			lat = append(lat, time.Since(t0))
		}
		mu.Lock()
		all = append(all, lat...)
		mu.Unlock()
	})
	b.StopTimer()
	b.ReportMetric(float64(conflicts.Load())/float64(len(all)), "conflicts/op")
	report(b, all, rt, len(all))
}
