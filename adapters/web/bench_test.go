package web_test

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/sushigo/sushigo/adapters/web"
	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/engine/review"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage/bolt"
	"github.com/sushigo/sushigo/words"
)

var (
	benchSustain  = flag.Duration("web-sustain", time.Minute, "how long BenchmarkWebTable plays; its latencies are over the second half")
	benchPace     = flag.Duration("web-pace", 7*time.Second, "how long a BenchmarkWebTable player takes over a pick, on average")
	benchWatchers = flag.Int("web-watchers", 6, "watchers' pages open on each BenchmarkWebTable game, beside its four players'")
)

// BenchmarkWebTable plays live 4-player games through their web pages: each
// player picks from their page at a human pace (-web-pace), and every
// game has its players' pages and -web-watchers watchers' open. It
// reports, over the second half of -web-sustain, the time from a click
// to each page of its game receiving the page that shows it (p50, p99),
// the bytes of a page frame, and the memory an idle page's socket holds.
// The pages' clients run in the same process as the host: the CPU figure
// is both.
//
//	go test ./adapters/web -run '^$' -bench 'WebTable/games=1000$' -timeout 20m
func BenchmarkWebTable(b *testing.B) {
	for _, n := range []int{100, 1000} {
		b.Run(fmt.Sprintf("games=%d", n), func(b *testing.B) { benchWeb(b, n) })
	}
}

// benchClient is one page's socket in the benchmark.
type benchClient struct {
	ws   *websocket.Conn
	game *benchGame
	mu   sync.Mutex
	page *protocol.Page
}

// benchGame is one game's clicks waiting to reach every page.
type benchGame struct {
	mu      sync.Mutex
	pages   int
	pending []*benchClick
}

type benchClick struct {
	at   time.Time
	ver  uint64
	seen map[*benchClient]bool
}

type benchRun struct {
	start, half time.Time
	mu          sync.Mutex
	lat         []time.Duration
	frames      atomic.Int64
	frameBytes  atomic.Int64
	clicks      atomic.Int64
}

func (r *benchRun) arrived(c *benchClient, ver uint64, now time.Time) {
	g := c.game
	g.mu.Lock()
	var done []time.Duration
	keep := g.pending[:0]
	for _, k := range g.pending {
		if k.ver < ver && !k.seen[c] {
			k.seen[c] = true
			if k.at.After(r.half) {
				done = append(done, now.Sub(k.at))
			}
		}
		if len(k.seen) < g.pages {
			keep = append(keep, k)
		}
	}
	g.pending = keep
	g.mu.Unlock()
	if len(done) > 0 {
		r.mu.Lock()
		r.lat = append(r.lat, done...)
		r.mu.Unlock()
	}
}

func benchWeb(b *testing.B, games int) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	store, err := bolt.Open(filepath.Join(b.TempDir(), "w.db"), bolt.Options{NoSync: true, SweepEvery: -1})
	if err != nil {
		b.Fatal(err)
	}
	defer store.Close()
	var table *web.Web
	host := bot.New(store, bot.Config{Timer: -1, Nudge: -1, Review: &review.Options{Samples: 2, Refine: 1},
		OnStored: func(s bot.Stored) { table.Changed(s.Key) }})
	srv := httptest.NewUnstartedServer(nil)
	table, err = web.New(host, store, web.Config{Secret: []byte(strings.Repeat("k", 32)), Base: "http://" + srv.Listener.Addr().String() + "/", Clicks: 1000})
	if err != nil {
		b.Fatal(err)
	}
	srv.Config.Handler = table
	srv.Start()
	defer srv.Close()
	defer table.Close()
	url := "ws" + strings.TrimPrefix(srv.URL, "http") + "/ws"
	run := &benchRun{}
	var players [][]*benchClient
	var all []*benchClient
	dial := func(g *benchGame, where protocol.Location, who, game string) *benchClient {
		l, err := table.Link(where, protocol.User{ID: who, Name: who}, game, words.Lang{})
		if err != nil {
			b.Fatal(err)
		}
		ws, _, err := websocket.Dial(ctx, url, nil)
		if err != nil {
			b.Fatal(err)
		}
		ws.SetReadLimit(1 << 20)
		hello, _ := json.Marshal(map[string]string{"t": "hello", "link": l[strings.Index(l, "#")+1:]})
		if err := ws.Write(ctx, websocket.MessageText, hello); err != nil {
			b.Fatal(err)
		}
		c := &benchClient{ws: ws, game: g}
		go func() {
			for {
				_, data, err := ws.Read(ctx)
				if err != nil {
					return
				}
				now := time.Now()
				var f struct {
					T    string         `json:"t"`
					Page *protocol.Page `json:"page"`
				}
				if json.Unmarshal(data, &f) != nil || f.T != "page" {
					continue
				}
				run.frames.Add(1)
				run.frameBytes.Add(int64(len(data)))
				c.mu.Lock()
				c.page = f.Page
				c.mu.Unlock()
				run.arrived(c, f.Page.Version, now)
			}
		}()
		all = append(all, c)
		return c
	}
	for i := range games {
		where := protocol.Location{Platform: "bench", Community: "g", Channel: fmt.Sprint(i)}
		do := func(who string, a protocol.Action) {
			if _, err := host.Handle(ctx, protocol.Request{Where: where, Who: protocol.User{ID: who, Name: who}, Action: a}); err != nil {
				b.Fatal(err)
			}
		}
		do("p0", protocol.NewGame{Options: protocol.Options{Timer: -1}})
		p, _ := host.Page(ctx, where, "", words.Lang{})
		for _, u := range []string{"p1", "p2", "p3"} {
			do(u, protocol.Join{Game: p.Game})
		}
		do("p0", protocol.Start{Game: p.Game})
		g := &benchGame{pages: 4 + *benchWatchers}
		var seats []*benchClient
		for _, u := range []string{"p0", "p1", "p2", "p3"} {
			seats = append(seats, dial(g, where, u, p.Game))
		}
		for w := range *benchWatchers {
			dial(g, where, fmt.Sprintf("w%d", w), p.Game)
		}
		players = append(players, seats)
	}
	// Every page has its first frame before the clock starts.
	for _, c := range all {
		for {
			c.mu.Lock()
			ok := c.page != nil
			c.mu.Unlock()
			if ok {
				break
			}
			time.Sleep(time.Millisecond)
		}
	}
	idle := idleSocketBytes(b, table, host, store, url)
	var ru0 syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
	run.start = time.Now()
	run.half = run.start.Add(*benchSustain / 2)
	end := run.start.Add(*benchSustain)
	b.ResetTimer()
	var wg sync.WaitGroup
	for gi, seats := range players {
		for si, c := range seats {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rng := rand.New(rand.NewPCG(uint64(gi), uint64(si)))
				for {
					wait := time.Duration(float64(*benchPace) * (0.5 + rng.Float64()))
					if time.Now().Add(wait).After(end) {
						return
					}
					time.Sleep(wait)
					c.mu.Lock()
					p := c.page
					c.mu.Unlock()
					if p == nil || p.Hand == nil || p.Final != nil {
						continue
					}
					var id string
					for _, row := range p.Hand.Rows {
						for _, bt := range row {
							if strings.Contains(bt.ActionID, ":pick:") && !bt.Disabled && id == "" {
								id = bt.ActionID
							}
						}
					}
					if id == "" {
						continue // locked in: waiting for the others
					}
					c.game.mu.Lock()
					c.game.pending = append(c.game.pending, &benchClick{at: time.Now(), ver: p.Version, seen: map[*benchClient]bool{}})
					c.game.mu.Unlock()
					msg, _ := json.Marshal(map[string]string{"t": "act", "id": id})
					if c.ws.Write(ctx, websocket.MessageText, msg) != nil {
						return
					}
					run.clicks.Add(1)
				}
			}()
		}
	}
	wg.Wait()
	b.StopTimer()
	var ru1 syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
	cpu := time.Duration(ru1.Utime.Nano()+ru1.Stime.Nano()-ru0.Utime.Nano()-ru0.Stime.Nano()) * time.Nanosecond
	run.mu.Lock()
	lat := slices.Clone(run.lat)
	run.mu.Unlock()
	slices.Sort(lat)
	pct := func(p float64) float64 {
		if len(lat) == 0 {
			return 0
		}
		return float64(lat[min(len(lat)-1, int(p*float64(len(lat))))].Microseconds()) / 1000
	}
	clicks := run.clicks.Load()
	b.ReportMetric(float64(len(all)), "sockets")
	b.ReportMetric(float64(clicks)/benchSustain.Seconds(), "clicks/s")
	b.ReportMetric(pct(0.50), "frame-p50-ms")
	b.ReportMetric(pct(0.99), "frame-p99-ms")
	b.ReportMetric(float64(len(lat)), "frames-timed")
	if f := run.frames.Load(); f > 0 {
		b.ReportMetric(float64(run.frameBytes.Load())/float64(f), "bytes/frame")
	}
	if clicks > 0 {
		b.ReportMetric(float64(cpu.Microseconds())/1000/float64(clicks), "cpu-ms/click")
	}
	b.ReportMetric(idle/1024, "KB/idle-socket")
}

// idleSocketBytes is the memory one more idle page holds, server and
// client together (they share the process): the growth of the heap and
// stacks in use over 500 watchers' sockets opened on one game, after a
// collection.
func idleSocketBytes(b *testing.B, table *web.Web, host *bot.Bot, _ any, url string) float64 {
	ctx := context.Background()
	where := protocol.Location{Platform: "bench", Community: "idle", Channel: "1"}
	if _, err := host.Handle(ctx, protocol.Request{Where: where, Who: protocol.User{ID: "i0", Name: "i0"}, Action: protocol.NewGame{}}); err != nil {
		b.Fatal(err)
	}
	p, _ := host.Page(ctx, where, "", words.Lang{})
	measure := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapInuse + m.StackInuse
	}
	const n = 500
	before := measure()
	var conns []*websocket.Conn
	for i := range n {
		l, _ := table.Link(where, protocol.User{ID: fmt.Sprint("v", i), Name: "v"}, p.Game, words.Lang{})
		ws, _, err := websocket.Dial(ctx, url, nil)
		if err != nil {
			b.Fatal(err)
		}
		ws.SetReadLimit(1 << 20)
		hello, _ := json.Marshal(map[string]string{"t": "hello", "link": l[strings.Index(l, "#")+1:]})
		_ = ws.Write(ctx, websocket.MessageText, hello)
		for range 3 { // words, session, page
			if _, _, err := ws.Read(ctx); err != nil {
				b.Fatal(err)
			}
		}
		conns = append(conns, ws)
	}
	after := measure()
	for _, c := range conns {
		c.CloseNow()
	}
	return float64(after-before) / n
}
