package bot_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	goredis "github.com/redis/go-redis/v9"

	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage"
)

// BenchmarkDurableClicks drives live games through the host as serve runs
// it: the outbox on (every post and edit goes through a Sender, as on
// Discord and Slack), deliveries handed off by the replica that saved the
// change, the timer loop beside it, and the real Redis store. Four people
// a game, hands by DM, each person clicking a few seconds after their hand
// arrives (2–8 s, like people choosing a card). One op is one click.
//
// It reports, per click: the request's time (the ack: what the platform
// waits for), the time from the click to the table's edit handed to the
// Sender, the Redis round trips on the request path and in the background
// (sending, timers), and compare-and-swap conflicts.
//
//	go test ./bot -run '^$' -bench DurableClicks -benchtime 3000x
func BenchmarkDurableClicks(b *testing.B) {
	for _, n := range []int{50, 500} {
		b.Run(fmt.Sprintf("games=%d", n), func(b *testing.B) { benchDurable(b, n) })
	}
}

// requestPath marks a request's context (with its *click).
type requestPath struct{}

// tripHook counts Redis round trips, apart for the request path (its
// context is marked) and the rest.
type tripHook struct{ request, loop atomic.Int64 }

func (h *tripHook) count(ctx context.Context) {
	if ctx.Value(requestPath{}) != nil {
		h.request.Add(1)
	} else {
		h.loop.Add(1)
	}
}
func (h *tripHook) DialHook(next goredis.DialHook) goredis.DialHook { return next }
func (h *tripHook) ProcessHook(next goredis.ProcessHook) goredis.ProcessHook {
	return func(ctx context.Context, cmd goredis.Cmder) error { h.count(ctx); return next(ctx, cmd) }
}
func (h *tripHook) ProcessPipelineHook(next goredis.ProcessPipelineHook) goredis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []goredis.Cmder) error { h.count(ctx); return next(ctx, cmds) }
}

// durableGame is one benchmark game: each player's next click, learnt
// from the hands they are sent, and the clicks whose table is not sent yet.
type durableGame struct {
	where protocol.Location
	mu    sync.Mutex
	hands map[string]chan protocol.Action
	// waiting are the clicks saved and not yet shown on a table handed to
	// the sender: when each started and was saved.
	waiting []*click
}

// click is one click: when it started, when its change was stored (set
// by commitClock; 0 until then), and whether that change queued an edit of
// the table (some do not: the last picks of a round change nothing shown
// until the last one).
type click struct {
	start time.Time
	saved atomic.Int64
	table atomic.Bool
}

// commitClock notes, in the click its request's context carries, when the
// click's change was stored (only a table sent after that can show it),
// and whether it queued a new table edit: the stored outbox (format pinned
// by the stored-game goldens) holds a table entry newer than any before.
type commitClock struct {
	storage.Store
	tables sync.Map // game key → newest table entry's sequence number
}

func (c *commitClock) Commit(ctx context.Context, key string, data []byte, prev storage.Version, ttl time.Duration, due []storage.Deadline) (storage.Version, error) {
	v, err := c.Store.Commit(ctx, key, data, prev, ttl, due)
	if err != nil {
		return v, err
	}
	var st struct {
		Outbox []struct {
			Seq    uint64 `json:"q"`
			Target string `json:"g"`
		} `json:"ob"`
	}
	_ = json.Unmarshal(data, &st)
	var newest uint64
	for _, q := range st.Outbox {
		if q.Target == "table" {
			newest = max(newest, q.Seq)
		}
	}
	old, _ := c.tables.Load(key)
	queued := newest > 0 && (old == nil || newest > old.(uint64))
	if queued {
		c.tables.Store(key, newest)
	}
	if k, ok := ctx.Value(requestPath{}).(*click); ok {
		k.table.Store(queued)
		k.saved.Store(time.Now().UnixNano())
	}
	return v, nil
}

// learn passes a hand's first pick button to its player.
func (g *durableGame) learn(d protocol.Delivery) {
	if d.To.IsPublic() || d.To.User == "" {
		return
	}
	for _, btn := range d.View.Buttons() {
		a, err := protocol.ParseActionID(btn.ActionID)
		if _, ok := a.(protocol.Pick); err == nil && ok {
			select {
			case g.hands[d.To.User] <- a:
			default: // an older hand not clicked yet: the newest wins below
				select {
				case <-g.hands[d.To.User]:
				default:
				}
				g.hands[d.To.User] <- a
			}
			return
		}
	}
}

// benchSender hands each delivery to its game, timing tables.
type benchSender struct {
	games map[string]*durableGame
	table *latencies
	ids   atomic.Int64
}

func (s *benchSender) Send(_ context.Context, where protocol.Location, _ string, d protocol.Delivery) (protocol.Ref, error) {
	g := s.games[where.Channel]
	now := time.Now()
	if d.To.IsPublic() && d.View.Screen == protocol.ScreenTable {
		g.mu.Lock()
		keep := g.waiting[:0]
		for _, c := range g.waiting {
			if at := c.saved.Load(); at != 0 && at < now.UnixNano() {
				if c.table.Load() {
					s.table.add(now.Sub(c.start))
				}
			} else {
				keep = append(keep, c)
			}
		}
		g.waiting = keep
		g.mu.Unlock()
	}
	g.learn(d)
	if d.Slot == "" {
		return protocol.Ref{}, nil
	}
	return protocol.Ref{ID: fmt.Sprint(s.ids.Add(1)), Expires: now.Add(time.Hour)}, nil
}

type latencies struct {
	mu sync.Mutex
	d  []time.Duration
}

func (l *latencies) add(d time.Duration) { l.mu.Lock(); l.d = append(l.d, d); l.mu.Unlock() }

func (l *latencies) pct(p float64) float64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.d) == 0 {
		return 0
	}
	slices.Sort(l.d)
	return float64(l.d[int(p*float64(len(l.d)-1))].Microseconds()) / 1000
}

func benchDurable(b *testing.B, n int) {
	store, _, _ := redisStore(b)
	ctx := context.Background()
	var seed atomic.Uint64
	sender := &benchSender{games: map[string]*durableGame{}, table: &latencies{}}
	m := &countMetrics{}
	host := bot.New(&commitClock{Store: store}, bot.Config{Seed: func() uint64 { return seed.Add(1) }, Timer: -1, Nudge: -1,
		Platforms: map[string]protocol.Platform{"bench": {Hands: protocol.HandsDM, Sender: sender}},
		Handoff:   true, FlushWait: 500 * time.Millisecond, Metrics: m, Log: slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))})
	players := []string{"p1", "p2", "p3", "p4"}
	games := make([]*durableGame, n)
	for i := range games {
		g := &durableGame{where: protocol.Location{Platform: "bench", Community: "c", Channel: fmt.Sprint(i)}, hands: map[string]chan protocol.Action{}}
		for _, p := range players {
			g.hands[p] = make(chan protocol.Action, 1)
		}
		games[i] = g
		sender.games[g.where.Channel] = g
	}
	handle := func(g *durableGame, who string, a protocol.Action, private bool) {
		resp, err := host.Handle(ctx, protocol.Request{Where: g.where, Who: protocol.User{ID: who, Name: who}, Action: a, FromPrivate: private})
		if err != nil {
			b.Fatal(err)
		}
		for _, d := range resp.Deliveries {
			g.learn(d)
			if d.Slot != "" {
				// As adapters do: the message a reply created (the table)
				// is remembered, so the outbox edits it.
				ref := protocol.Ref{ID: fmt.Sprint(sender.ids.Add(1)), Expires: time.Now().Add(time.Hour)}
				if err := host.Remember(ctx, g.where, resp.Game, d.Slot, ref); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	// The timer loop, as serve runs it.
	loopCtx, stopLoop := context.WithCancel(ctx)
	var loop sync.WaitGroup
	loop.Go(func() {
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case <-loopCtx.Done():
				return
			case <-t.C:
			case <-host.Wake():
			}
			out, err := host.Tick(loopCtx)
			if err != nil && loopCtx.Err() == nil {
				b.Error(err)
			}
			for _, o := range out {
				for _, d := range o.Response.Deliveries {
					sender.games[o.Where.Channel].learn(d)
				}
			}
		}
	})
	for _, g := range games {
		handle(g, "p1", protocol.NewGame{Options: protocol.Options{Timer: -1, Hands: protocol.HandsDM}}, false)
		for _, p := range players[1:] {
			handle(g, p, protocol.Join{}, false)
		}
		handle(g, "p1", protocol.Start{}, false)
	}
	hook := &tripHook{}
	store.Client().AddHook(hook)
	acks := &latencies{}
	sender.table.mu.Lock()
	sender.table.d = nil
	sender.table.mu.Unlock()
	conflicts0 := m.conflicts.Load()
	var clicks atomic.Int64
	stop := make(chan struct{})
	var stopOnce sync.Once
	var people sync.WaitGroup
	b.ResetTimer()
	for _, g := range games {
		for _, p := range players {
			people.Go(func() {
				r := rand.New(rand.NewPCG(rand.Uint64(), 1))
				for {
					var a protocol.Action
					select {
					case <-stop:
						return
					case a = <-g.hands[p]:
					}
					select {
					case <-stop:
						return
					case <-time.After(2*time.Second + time.Duration(r.Int64N(int64(6*time.Second)))):
					}
					if clicks.Add(1) > int64(b.N) {
						stopOnce.Do(func() { close(stop) })
						return
					}
					c := &click{start: time.Now()}
					g.mu.Lock()
					g.waiting = append(g.waiting, c)
					g.mu.Unlock()
					resp, err := host.Handle(context.WithValue(ctx, requestPath{}, c), protocol.Request{Where: g.where, Who: protocol.User{ID: p, Name: p}, Action: a, FromPrivate: true})
					if err != nil {
						b.Error(err)
						return
					}
					acks.add(time.Since(c.start))
					for _, d := range resp.Deliveries {
						g.learn(d)
					}
				}
			})
		}
	}
	people.Wait()
	b.StopTimer()
	stopLoop()
	loop.Wait()
	if err := host.Drain(ctx); err != nil {
		b.Error(err)
	}
	done := float64(min(clicks.Load(), int64(b.N)))
	b.ReportMetric(done/b.Elapsed().Seconds(), "clicks/s")
	b.ReportMetric(acks.pct(0.5), "ack-p50-ms")
	b.ReportMetric(acks.pct(0.99), "ack-p99-ms")
	b.ReportMetric(sender.table.pct(0.5), "table-p50-ms")
	b.ReportMetric(sender.table.pct(0.99), "table-p99-ms")
	b.ReportMetric(float64(hook.request.Load())/done, "request-trips/click")
	b.ReportMetric(float64(hook.loop.Load())/done, "background-trips/click")
	b.ReportMetric(float64(m.conflicts.Load()-conflicts0)/done, "conflicts/click")
}
