package bot_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/engine/strategy"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage/redis"
	"github.com/sushigo/sushigo/storage/redis/redistest"
)

// redisStore opens the test Redis under a fresh prefix (redistest.Store),
// with its address and the prefix, for a test that dials it again.
func redisStore(tb testing.TB) (s *redis.Store, url, prefix string) {
	prefix = redistest.Prefix("bot")
	return redistest.Store(tb, prefix), redistest.URL(), prefix
}

// table tracks one benchmark game: each player's next click, learnt from
// the hand views the host sends them.
type benchGame struct {
	mu    sync.Mutex
	where protocol.Location
	next  map[string]protocol.Action
}

func (g *benchGame) learn(resp protocol.Response) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, d := range resp.Deliveries {
		if d.To.IsPublic() {
			continue
		}
		for _, b := range d.View.Buttons() {
			if strings.HasPrefix(b.ActionID, "sg1:pick:") && !strings.Contains(b.Label, "chopsticks") {
				a, _ := protocol.ParseActionID(b.ActionID)
				g.next[d.To.User] = a
				break
			}
		}
	}
}

func (g *benchGame) take(r *rand.Rand) (string, protocol.Action) {
	g.mu.Lock()
	defer g.mu.Unlock()
	var ready []string
	for u := range g.next {
		ready = append(ready, u)
	}
	if len(ready) == 0 {
		return "", nil
	}
	slices.Sort(ready)
	u := ready[r.IntN(len(ready))]
	a := g.next[u]
	delete(g.next, u)
	return u, a
}

// BenchmarkHostSubmissions1000Games drives 1,000 concurrent 4-player games
// (four people each) through the host on the real Redis store. One op is
// one card submission: load, engine, compare-and-swap save, rendering.
func BenchmarkHostSubmissions1000Games(b *testing.B) {
	defer bot.WithoutChecks()()
	// In flight at once: 2 (one per core), 16, and 64 (saturated: latency
	// is then mostly queueing for the 2 cores the host shares with Redis).
	for _, par := range []int{1, 8, 32} {
		b.Run(fmt.Sprintf("inflight=%d", par*2), func(b *testing.B) { benchHost(b, par, "") })
	}
}

// BenchmarkHostWithBots is the same with two people and two bots a game:
// normal bots choose inline; hard bots (10 ms a choice) think off the
// request path, in the host's timer loop, which runs beside the clicks
// as serve runs it. People's submissions are what is timed.
func BenchmarkHostWithBots(b *testing.B) {
	defer bot.WithoutChecks()()
	for _, level := range []strategy.Level{strategy.Normal, strategy.Hard} {
		b.Run(fmt.Sprintf("bots=%s/inflight=2", level), func(b *testing.B) { benchHost(b, 1, level) })
	}
}

func benchHost(b *testing.B, parallelism int, level strategy.Level) {
	store, _, _ := redisStore(b)
	hook := &redistest.Trips{}
	ctx := context.Background()
	var seed atomic.Uint64
	host := bot.New(store, bot.Config{Seed: func() uint64 { return seed.Add(1) }})
	players := []string{"p1", "p2", "p3", "p4"}
	opts := protocol.Options{Timer: 0}
	if level != "" {
		players, opts.Bots, opts.Level = players[:2], 2, level
	}
	const n = 1000
	games := make([]*benchGame, n)
	handle := func(g *benchGame, who string, a protocol.Action, private bool) protocol.Response {
		resp, err := host.Handle(ctx, protocol.Request{Where: g.where, Who: protocol.User{ID: who, Name: who}, Action: a,
			FromPrivate: private, Reply: protocol.Ref{ID: "t-" + who, Expires: time.Now().Add(time.Hour)}})
		if err != nil {
			b.Fatal(err)
		}
		g.learn(resp)
		return resp
	}
	for i := range games {
		g := &benchGame{where: protocol.Location{Platform: "bench", Community: "c", Channel: fmt.Sprint(i)}, next: map[string]protocol.Action{}}
		games[i] = g
		handle(g, "p1", protocol.NewGame{Options: opts}, false)
		for _, p := range players[1:] {
			handle(g, p, protocol.Join{}, false)
		}
		handle(g, "p1", protocol.Start{}, false)
		for _, p := range players {
			handle(g, p, protocol.ShowHand{}, false)
		}
	}
	byChannel := map[string]*benchGame{}
	for _, g := range games {
		byChannel[g.where.Channel] = g
	}
	tickCtx, stopTicks := context.WithCancel(ctx)
	defer stopTicks()
	ticking := sync.WaitGroup{}
	if level != "" {
		// The timer loop, as serve runs it: searching bots think here.
		ticking.Add(1)
		go func() {
			defer ticking.Done()
			for tickCtx.Err() == nil {
				out, err := host.Tick(tickCtx)
				if err != nil && tickCtx.Err() == nil {
					b.Error(err)
				}
				for _, o := range out {
					byChannel[o.Where.Channel].learn(o.Response)
				}
				if len(out) == 0 {
					time.Sleep(time.Millisecond)
				}
			}
		}()
		defer func() { stopTicks(); ticking.Wait() }() // before the store closes
	}
	store.Client().AddHook(hook)
	var mu sync.Mutex
	var lat []time.Duration
	var subs atomic.Int64
	b.SetParallelism(parallelism) // × GOMAXPROCS goroutines
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		r := rand.New(rand.NewPCG(rand.Uint64(), 2))
		var mine []time.Duration
		for pb.Next() {
			var g *benchGame
			var who string
			var a protocol.Action
			// People wait for hard bots still thinking: up to 10 s.
			deadline := time.Now().Add(10 * time.Second)
			for try := 0; ; try++ {
				g = games[r.IntN(n)]
				if who, a = g.take(r); a != nil || (try >= 10*n && (level != strategy.Hard || time.Now().After(deadline))) {
					break
				}
				if level == strategy.Hard && try%n == n-1 {
					time.Sleep(time.Millisecond)
				}
			}
			if a == nil {
				b.Error("every game is waiting or over: run a shorter benchmark")
				return
			}
			t0 := time.Now()
			handle(g, who, a, true)
			mine = append(mine, time.Since(t0))
			subs.Add(1)
		}
		mu.Lock()
		lat = append(lat, mine...)
		mu.Unlock()
	})
	b.StopTimer()
	slices.Sort(lat)
	if len(lat) == 0 {
		return
	}
	pct := func(p float64) float64 { return float64(lat[int(p*float64(len(lat)-1))].Microseconds()) }
	b.ReportMetric(float64(subs.Load())/b.Elapsed().Seconds(), "submissions/s")
	b.ReportMetric(pct(0.5), "p50-µs")
	b.ReportMetric(pct(0.99), "p99-µs")
	b.ReportMetric(float64(hook.N.Load())/float64(subs.Load()), "round-trips/submission")
}
