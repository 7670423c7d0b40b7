package web_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/sushigo/sushigo/adapters/web"
	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/engine/review"
	"github.com/sushigo/sushigo/machine"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/storage/bolt"
	"github.com/sushigo/sushigo/storage/redis"
	"github.com/sushigo/sushigo/storage/redis/redistest"
	"github.com/sushigo/sushigo/words"
)

var (
	benchSustain  = flag.Duration("web-sustain", time.Minute, "how long BenchmarkWebTable plays; its latencies are over the second half")
	benchPace     = flag.Duration("web-pace", 7*time.Second, "how long a BenchmarkWebTable player takes over a pick, on average")
	benchWatchers = flag.Int("web-watchers", 6, "watchers' pages open on each BenchmarkWebTable game, beside its four players'")
	benchChat     = flag.Int("web-chat", 5, "BenchmarkWebTable plays one chat game without pages for every this many games with pages (0: none): the chat path beside the pages")
	benchRedis    = flag.Bool("web-redis", false, "BenchmarkWebTable keeps its games in the test Redis (SUSHIGO_TEST_REDIS_URL, else database 15 of 127.0.0.1:6379), as replicas do, and reports Redis's CPU a click")
	benchOutbox   = flag.Bool("web-outbox", false, "BenchmarkWebTable's games are a chat platform's too: every change's posts and edits, pictures drawn, go through the outbox to a platform that takes them, beside the pages")
	benchHeap     = flag.String("web-heapprofile", "", "BenchmarkWebTable writes the host's heap profile to this file once every page is open: what the sockets hold")
	benchCPU      = flag.String("web-cpuprofile", "", "BenchmarkWebTable writes the host's CPU profile of the played minute alone (-test.cpuprofile's includes opening every page) to this file")
	benchAcks     = flag.String("web-acklog", "", "BenchmarkWebTable writes each chat ack of the second half to this file, a line each: when it started, in seconds since the process started, and what it took, in ms. Beside GODEBUG=gctrace=1, whose times count from (within milliseconds of) the same start, it shows which acks came while the collector marked; the pages' process then runs without GODEBUG")
	benchNice     = flag.Int("web-pages-nice", 0, "BenchmarkWebTable runs the pages' process at this nice value (through nice(1)): it stands in for browsers on other machines, so at 10 it yields the cores to the host and Redis first, and the frames it times carry its own waits")
	benchKind     = flag.String("web-platform", "discord", "with -web-outbox, the kind of chat platform BenchmarkWebTable's outbox sends to: discord (a post with a nonce is made once, as BenchmarkSustained's platform) or slack (each post but a send's last costs a send log write)")
)

// started is about when the process started, as the collector's trace
// counts (-web-acklog).
var started = time.Now()

// clientsEnv makes the test binary the benchmark's pages (clients).
const clientsEnv = "SUSHIGO_WEB_CLIENTS"

func TestMain(m *testing.M) {
	if os.Getenv(clientsEnv) != "" {
		if err := runClients(os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "clients:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// BenchmarkWebTable plays live 4-player games through their web pages: each
// player picks from their page at a human pace (-web-pace), and every game
// has its players' pages and -web-watchers watchers' open: 10,000 sockets
// at 1,000 games. The pages run in a process of their own (the test binary
// again), so the CPU a click is the host's alone (its web table included);
// pages-cores is what that process took of the machine's cores, and
// -web-pages-nice lowers its priority below the host's.
// It reports, over the second half of -web-sustain, the time from a click
// to each page of its game receiving the page that shows it (p50, p99),
// the bytes of a page frame and the frames a page's click brings
// (frames/click), and the host's memory a socket holds; what the host
// allocated a click (process-alloc-kb/click and, in objects,
// process-allocs/click: unlike its CPU they hardly move from run to run
// or host to host, so they tell a change's worth where the CPU's noise
// hides it), and the reads and writes it made a click (syscalls/click:
// frames to the pages, their clicks, Redis's round trips), as steady,
// with its CPU in the kernel (host-sys-ms/click), how often its threads
// stopped running (switches/click) and the pages it touched afresh
// (faults/click); and what the host's kernel
// costs, to compare hosts by: a system call (syscall-ns) and, with
// -web-redis, a Redis round trip (redis-trip-us, and this process's CPU
// for it, redis-trip-cpu-us).
//
//	go test ./adapters/web -run '^$' -bench 'WebTable/games=1000$' -timeout 20m
//
// Three thousand live games on one replica with 10,000 sockets — 2,500
// games with their players' pages and 500 chat games beside them:
//
//	go test ./adapters/web -run '^$' -bench 'WebTable/games=2500$' -web-watchers 0 -timeout 20m
//
// A replica's whole load: 3,000 games in Redis, every one a chat
// platform's with its outbox and pictures, 1,500 of them with their
// players' and three watchers' pages (10,500 sockets):
//
//	go test ./adapters/web -run '^$' -bench 'WebTable/games=1500$' -web-chat 1 -web-watchers 3 -web-redis -web-outbox -web-pages-nice 10 -timeout 20m
func BenchmarkWebTable(b *testing.B) {
	for _, n := range []int{100, 1000, 1500, 2500} {
		b.Run(fmt.Sprintf("games=%d", n), func(b *testing.B) { benchWeb(b, n) })
	}
}

// clientPlan is what the host's side tells the pages' process.
type clientPlan struct {
	URL     string        `json:"url"`
	Games   [][]string    `json:"games"` // each game's links: its four players' first, then its watchers'
	Sustain time.Duration `json:"sustain"`
	Pace    time.Duration `json:"pace"`
}

// clientResult is what the pages' process measured.
type clientResult struct {
	Clicks     int64   `json:"clicks"`
	P50        float64 `json:"p50"`
	P99        float64 `json:"p99"`
	Timed      int     `json:"timed"`
	Frames     int64   `json:"frames"`
	FrameBytes int64   `json:"frameBytes"`
	// CPU is what the pages' process used over the played time, in
	// seconds: the cores the stand-in browsers took from the host's.
	CPU float64 `json:"cpu"`
}

func benchWeb(b *testing.B, games int) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if os.Getenv("GOGC") == "" {
		defer debug.SetGCPercent(debug.SetGCPercent(400)) // as serve sets it
	}
	defer web.WithoutChecks()()
	var store storage.Store
	var rs *redis.Store
	// What this host's kernel costs, before anything else runs.
	sysCall, trip := machine.Syscall(), redistest.TripCost{}
	if *benchRedis {
		rs = redistest.Store(b, redistest.Prefix("web"))
		store = rs
		var err error
		if trip, err = redistest.Trip(ctx, rs.Client(), 2000); err != nil {
			b.Fatal(err)
		}
	} else {
		bs, err := bolt.Open(filepath.Join(b.TempDir(), "w.db"), bolt.Options{NoSync: true, SweepEvery: -1})
		if err != nil {
			b.Fatal(err)
		}
		defer bs.Close()
		store = bs
	}
	var table *web.Web
	hands := &chatHands{seats: map[chatSeat]*chatHand{}}
	cfg := bot.Config{Timer: -1, Nudge: -1, Review: &review.Options{Samples: 2, Iterations: 4, Refine: 1},
		OnStored: func(s bot.Stored) { table.Changed(s.Change()) }}
	if *benchOutbox {
		s := &sink{hands: hands}
		var sender protocol.Sender = s
		switch *benchKind {
		case "discord":
			sender = onceSink{s}
		case "slack":
		default:
			b.Fatalf("-web-platform %q: want discord or slack", *benchKind)
		}
		cfg.Platforms = map[string]protocol.Platform{"bench": {Hands: protocol.HandsDM, Sender: sender}}
		cfg.Handoff = true
	}
	host := bot.New(store, cfg)
	var err error
	srv := httptest.NewUnstartedServer(nil)
	table, err = web.New(host, store, web.Config{Secret: []byte(strings.Repeat("k", 32)), Base: "http://" + srv.Listener.Addr().String() + "/",
		Clicks: 1000, LinkTTL: time.Hour})
	if err != nil {
		b.Fatal(err)
	}
	srv.Config.Handler = table
	srv.Start()
	defer srv.Close()
	defer table.Close()
	plan := clientPlan{URL: "ws" + strings.TrimPrefix(srv.URL, "http") + "/ws", Sustain: *benchSustain, Pace: *benchPace}
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
		var links []string
		who := []string{"p0", "p1", "p2", "p3"}
		for w := range *benchWatchers {
			who = append(who, fmt.Sprintf("w%d", w))
		}
		for _, u := range who {
			l, err := table.Link(where, protocol.User{ID: u, Name: u}, p.Game, words.Lang{})
			if err != nil {
				b.Fatal(err)
			}
			links = append(links, l[strings.Index(l, "#")+1:])
		}
		plan.Games = append(plan.Games, links)
	}
	// Games played from a chat beside the pages: their players' clicks
	// are requests straight to the host, as a chat adapter's, timed from
	// the request to its answer (the acknowledgement).
	var chat []protocol.Location
	if *benchChat > 0 {
		for i := range games / *benchChat {
			where := protocol.Location{Platform: "bench", Community: "chat", Channel: fmt.Sprint(i)}
			for k, u := range []string{"p0", "p1", "p2", "p3"} {
				var a protocol.Action = protocol.Join{}
				if k == 0 {
					a = protocol.NewGame{Options: protocol.Options{Timer: -1}}
				}
				if _, err := host.Handle(ctx, protocol.Request{Where: where, Who: protocol.User{ID: u, Name: u}, Action: a}); err != nil {
					b.Fatal(err)
				}
			}
			if _, err := host.Handle(ctx, protocol.Request{Where: where, Who: protocol.User{ID: "p0", Name: "p0"}, Action: protocol.Start{}}); err != nil {
				b.Fatal(err)
			}
			chat = append(chat, where)
		}
	}
	heap := func() (heap, stacks uint64) {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapInuse, m.StackInuse
	}
	heap0, stacks0 := heap()
	pages := []string{os.Args[0], "-test.run=^$"}
	if *benchNice != 0 {
		pages = append([]string{"nice", "-n", fmt.Sprint(*benchNice)}, pages...)
	}
	cmd := exec.Command(pages[0], pages[1:]...)
	cmd.Env = append(os.Environ(), clientsEnv+"=1")
	if *benchAcks != "" {
		cmd.Env = append(cmd.Env, "GODEBUG=") // its trace would mix with the host's
	}
	cmd.Stderr = os.Stderr
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	defer cmd.Process.Kill()
	if err := json.NewEncoder(in).Encode(plan); err != nil {
		b.Fatal(err)
	}
	in.Close()
	lines := bufio.NewScanner(out)
	lines.Buffer(nil, 1<<20)
	if !lines.Scan() || lines.Text() != "ready" {
		b.Fatalf("the pages' process did not get ready: %q %v", lines.Text(), lines.Err())
	}
	sockets := games * (4 + *benchWatchers)
	heap1, stacks1 := heap()
	perSocket := float64(heap1+stacks1-heap0-stacks0) / float64(sockets)
	stackPerSocket := (float64(stacks1) - float64(stacks0)) / float64(sockets)
	if *benchHeap != "" {
		writeHeap(b, *benchHeap)
	}
	cpu0 := machine.MustProcessCPU(b)
	alloc0, objects0 := machine.Allocated()
	calls0, callsKept := machine.Syscalls()
	kernel0 := machine.MustKernel(b)
	redis0 := redisCPU(b, rs)
	stopProfile := func() {}
	if *benchCPU != "" {
		stopProfile = startCPUProfile(b, *benchCPU)
		defer stopProfile() // when the run fails before it ends
	}
	b.ResetTimer()
	start := time.Now()
	half, end := start.Add(*benchSustain/2), start.Add(*benchSustain)
	// What held the host back, over the second half as the latencies are.
	waitsAtHalf := make(chan machine.Waits, 1)
	go func() {
		time.Sleep(time.Until(half))
		waitsAtHalf <- machine.ReadWaits()
	}()
	var chatMu sync.Mutex
	var acks []time.Duration
	var ackStarts []time.Duration // with -web-acklog: when each of acks started, since the process did
	var chatClicks atomic.Int64
	var wg sync.WaitGroup
	for gi, where := range chat {
		for si, u := range []string{"p0", "p1", "p2", "p3"} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rng := rand.New(rand.NewPCG(uint64(gi)+1e6, uint64(si)))
				for {
					wait := time.Duration(float64(*benchPace) * (0.5 + rng.Float64()))
					if time.Now().Add(wait).After(end) {
						return
					}
					time.Sleep(wait)
					a := hands.fresh(where, u)
					if a == nil && !hands.knows(where, u) {
						// No message has shown this player a hand yet: a
						// game's first is shown when its player asks.
						p, err := host.Page(ctx, where, u, words.Lang{})
						if err != nil || p.Hand == nil || p.Final != nil {
							continue
						}
						a = firstPick(p.Hand)
						hands.looked(where, u) // once: the next hands come in messages
					}
					if a == nil {
						continue
					}
					t0 := time.Now()
					resp, err := host.Handle(ctx, protocol.Request{Where: where, Who: protocol.User{ID: u, Name: u}, Action: a, ID: fmt.Sprintf("c%d-%d-%d", gi, si, t0.UnixNano())})
					if err != nil {
						continue
					}
					hands.clicked(where, u, a)
					for _, d := range resp.Deliveries {
						hands.learn(where, d)
					}
					took := time.Since(t0)
					chatClicks.Add(1)
					if t0.After(half) {
						chatMu.Lock()
						acks = append(acks, took)
						if *benchAcks != "" {
							ackStarts = append(ackStarts, t0.Sub(started))
						}
						chatMu.Unlock()
					}
				}
			}()
		}
	}
	if !lines.Scan() {
		b.Fatalf("the pages' process said nothing: %v", lines.Err())
	}
	wg.Wait()
	b.StopTimer()
	stopProfile()
	waits, waitsEnd := machine.ReadWaits().Since(<-waitsAtHalf), time.Now()
	cpu1 := machine.MustProcessCPU(b)
	alloc, objects := machine.Allocated()
	alloc, objects = alloc-alloc0, objects-objects0
	calls, _ := machine.Syscalls()
	kernel := machine.MustKernel(b)
	redisUsed := redisCPU(b, rs) - redis0
	if *benchAcks != "" {
		// Written now, not as the acks came (the played minute's CPU is
		// the host's alone), and before acks is sorted.
		var ackLog bytes.Buffer
		for i, at := range ackStarts {
			fmt.Fprintf(&ackLog, "%.3f %.1f\n", at.Seconds(), float64(acks[i].Microseconds())/1000)
		}
		if err := os.WriteFile(*benchAcks, ackLog.Bytes(), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	var r clientResult
	if err := json.Unmarshal(lines.Bytes(), &r); err != nil {
		b.Fatalf("%v: %q", err, lines.Text())
	}
	if err := cmd.Wait(); err != nil {
		b.Fatal(err)
	}
	cpu := cpu1 - cpu0
	slices.Sort(acks)
	if len(acks) > 0 {
		b.ReportMetric(float64(acks[len(acks)/2].Microseconds())/1000, "chat-ack-p50-ms")
		b.ReportMetric(float64(acks[min(len(acks)-1, len(acks)*99/100)].Microseconds())/1000, "chat-ack-p99-ms")
	}
	b.ReportMetric(float64(chatClicks.Load())/benchSustain.Seconds(), "chat-clicks/s")
	b.ReportMetric(float64(sockets), "sockets")
	b.ReportMetric(float64(r.Clicks)/benchSustain.Seconds(), "clicks/s")
	b.ReportMetric(r.P50, "frame-p50-ms")
	b.ReportMetric(r.P99, "frame-p99-ms")
	b.ReportMetric(float64(r.Timed), "frames-timed")
	b.ReportMetric(r.CPU/benchSustain.Seconds(), "pages-cores")
	if r.Frames > 0 {
		b.ReportMetric(float64(r.FrameBytes)/float64(r.Frames), "bytes/frame")
		if r.Clicks > 0 {
			// Every page frame a page's click brought, its watchers' and
			// its other players' included (each a write to a socket).
			b.ReportMetric(float64(r.Frames)/float64(r.Clicks), "frames/click")
		}
	}
	if n := r.Clicks + chatClicks.Load(); n > 0 {
		// Over every click, the chat's too (whose looks at their hands
		// are part of the host's work).
		b.ReportMetric(float64(cpu.Microseconds())/1000/float64(n), "host-cpu-ms/click")
		b.ReportMetric(float64(alloc)/1024/float64(n), "process-alloc-kb/click")
		b.ReportMetric(float64(objects)/float64(n), "process-allocs/click")
		if callsKept {
			b.ReportMetric(float64(calls-calls0)/float64(n), "syscalls/click")
		}
		b.ReportMetric(float64((kernel.Sys-kernel0.Sys).Microseconds())/1000/float64(n), "host-sys-ms/click")
		b.ReportMetric(float64(kernel.Switches-kernel0.Switches)/float64(n), "switches/click")
		b.ReportMetric(float64(kernel.Faults-kernel0.Faults)/float64(n), "faults/click")
		if rs != nil {
			b.ReportMetric(float64(redisUsed.Microseconds())/1000/float64(n), "redis-cpu-ms/click")
		}
	}
	waits.Report(b.ReportMetric, waitsEnd.Sub(half))
	b.ReportMetric(perSocket/1024, "host-KB/socket")
	b.ReportMetric(stackPerSocket/1024, "host-stack-KB/socket")
	b.ReportMetric(float64(sysCall.Nanoseconds()), "syscall-ns")
	about := fmt.Sprintf("host: %s; a system call takes %v", machine.Describe(), sysCall)
	if rs != nil {
		trip.Report(b)
		about += ", " + trip.String()
	}
	b.Log(about)
}

// redisCPU is the CPU the Redis server of rs has used (none without one).
func redisCPU(b *testing.B, rs *redis.Store) time.Duration {
	if rs == nil {
		return 0
	}
	return redistest.MustCPU(b, rs.Client())
}

// sink is a chat platform that takes every post and edit
// (-web-outbox): the outbox's work, pictures included, without a
// platform's.
type sink struct {
	n     atomic.Int64
	hands *chatHands
}

func (s *sink) Send(_ context.Context, where protocol.Location, _ string, d protocol.Delivery) (protocol.Ref, error) {
	s.hands.learn(where, d)
	if d.Slot == "" && d.Kind != protocol.Post {
		return protocol.Ref{}, nil
	}
	return protocol.Ref{ID: strconv.FormatInt(s.n.Add(1), 36)}, nil
}

// onceSink is a sink of Discord's kind, whose posts with a nonce are made
// once (protocol.PostsOnce): the outbox records them with the lock's
// release rather than before the next send. Until 29 November 2026 the
// benchmark's platform was a plain sink, Slack's kind (-web-platform
// slack): a send log write a post more, about one a click.
type onceSink struct{ *sink }

func (onceSink) PostsOnce() {}

// chatHands is what the chat games' players last saw of their hands: a
// chat shows a player's hand in the messages the host sends them (their
// hand's message, edited every turn; the answer to their click), as
// BenchmarkSustained's players take theirs. A player with none yet looks
// at the page once, as a chat player asks for a game's first hand (until
// 29 November 2026, again at every wake until a message showed one: under
// a load past the host's edge, a read and a page drawn each time, which
// slowed the messages further). (Until 28 November 2026 every chat player asked the
// host for its whole page before each click, a read of the game and a page
// drawn that no chat player makes: a tenth of the host's CPU in the
// replica's whole load.)
type chatHands struct {
	mu    sync.Mutex
	seats map[chatSeat]*chatHand
}

type chatSeat struct{ channel, user string }

type chatHand struct {
	next    protocol.Action // the newest pick a message offered
	clicked int             // the moment (round and turn) last clicked
}

// learn takes the pick a private message to a chat game's player offers,
// if it is newer than what they have.
func (h *chatHands) learn(where protocol.Location, d protocol.Delivery) {
	if where.Community != "chat" || d.To.IsPublic() || d.To.User == "" {
		return
	}
	a := firstPick(&d.View)
	if a == nil {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	k := chatSeat{where.Channel, d.To.User}
	c := h.seats[k]
	if c == nil {
		c = &chatHand{}
		h.seats[k] = c
	}
	if c.next == nil || pickMoment(a) > pickMoment(c.next) {
		c.next = a
	}
}

// fresh is the pick user has seen and not yet made, or nil.
func (h *chatHands) fresh(where protocol.Location, user string) protocol.Action {
	h.mu.Lock()
	defer h.mu.Unlock()
	c := h.seats[chatSeat{where.Channel, user}]
	if c == nil || c.next == nil || pickMoment(c.next) <= c.clicked {
		return nil
	}
	return c.next
}

// knows reports whether a message has shown user a hand.
func (h *chatHands) knows(where protocol.Location, user string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.seats[chatSeat{where.Channel, user}] != nil
}

// looked records that user saw their hand on the page: they wait for
// the next in a message, as a chat player does, rather than ask again.
func (h *chatHands) looked(where protocol.Location, user string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	k := chatSeat{where.Channel, user}
	if h.seats[k] == nil {
		h.seats[k] = &chatHand{}
	}
}

func (h *chatHands) clicked(where protocol.Location, user string, a protocol.Action) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if c := h.seats[chatSeat{where.Channel, user}]; c != nil {
		c.clicked = max(c.clicked, pickMoment(a))
	}
}

// pickMoment orders a pick's turns: later turns are larger.
func pickMoment(a protocol.Action) int {
	if p, ok := a.(protocol.Pick); ok {
		return p.Round*100 + p.Turn
	}
	return 0
}

// runClients is the pages' process: it opens every page of the plan,
// says "ready", plays the players' picks for plan.Sustain, and writes what
// it measured as one line of JSON.
func runClients(stdin *os.File, stdout *os.File) error {
	var plan clientPlan
	if err := json.NewDecoder(stdin).Decode(&plan); err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	run := &benchRun{}
	var players [][]*benchClient
	var all []*benchClient
	for _, links := range plan.Games {
		g := &benchGame{pages: len(links)}
		var seats []*benchClient
		for k, l := range links {
			c, err := dialPage(ctx, plan.URL, l, g, run)
			if err != nil {
				return err
			}
			all = append(all, c)
			if k < 4 {
				seats = append(seats, c)
			}
		}
		players = append(players, seats)
	}
	for _, c := range all {
		for c.latest() == nil {
			time.Sleep(time.Millisecond) // every page has its first frame before the clock starts
		}
	}
	fmt.Fprintln(stdout, "ready")
	cpu0, err := machine.ProcessCPU()
	if err != nil {
		return fmt.Errorf("the pages' CPU before: %w", err)
	}
	run.start = time.Now()
	run.half = run.start.Add(plan.Sustain / 2)
	end := run.start.Add(plan.Sustain)
	var wg sync.WaitGroup
	for gi, seats := range players {
		for si, c := range seats {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c.play(ctx, rand.New(rand.NewPCG(uint64(gi), uint64(si))), plan.Pace, end, run)
			}()
		}
	}
	wg.Wait()
	cpu1, err := machine.ProcessCPU()
	if err != nil {
		return fmt.Errorf("the pages' CPU after: %w", err)
	}
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
	return json.NewEncoder(stdout).Encode(clientResult{Clicks: run.clicks.Load(), P50: pct(0.5), P99: pct(0.99), Timed: len(lat),
		Frames: run.frames.Load(), FrameBytes: run.frameBytes.Load(), CPU: (cpu1 - cpu0).Seconds()})
}

// firstPick is the first card a hand's view offers to pick, or nil.
func firstPick(v *protocol.View) protocol.Action {
	for _, row := range v.Rows {
		for _, bt := range row {
			if strings.Contains(bt.ActionID, ":pick:") && !bt.Disabled {
				if a, err := protocol.ParseActionID(bt.ActionID); err == nil {
					return a
				}
			}
		}
	}
	return nil
}

// benchClient is one page's socket in the benchmark.
type benchClient struct {
	ws   *websocket.Conn
	game *benchGame
	mu   sync.Mutex
	page *benchPage
}

// benchPage is what a benchmark's page reads of a frame's page: its
// version, its hand's buttons and whether the game is over. A browser
// draws the whole page on its own machine; decoding all of it here, on
// the cores the host is measured on, took them from the host.
type benchPage struct {
	Version uint64 `json:"v"`
	Hand    *struct {
		Rows [][]struct {
			ActionID string
			Disabled bool
		}
	} `json:"hand"`
	Final *struct{} `json:"final"`
}

func (c *benchClient) latest() *benchPage {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.page
}

func dialPage(ctx context.Context, url, link string, g *benchGame, run *benchRun) (*benchClient, error) {
	ws, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		return nil, err
	}
	ws.SetReadLimit(1 << 20)
	hello, _ := json.Marshal(map[string]string{"t": "hello", "link": link})
	if err := ws.Write(ctx, websocket.MessageText, hello); err != nil {
		return nil, err
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
				T    string     `json:"t"`
				Page *benchPage `json:"page"`
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
	return c, nil
}

// play picks from the page's hand every pace or so (half to one and a
// half of it) until end.
func (c *benchClient) play(ctx context.Context, rng *rand.Rand, pace time.Duration, end time.Time, run *benchRun) {
	for {
		wait := time.Duration(float64(pace) * (0.5 + rng.Float64()))
		if time.Now().Add(wait).After(end) {
			return
		}
		time.Sleep(wait)
		p := c.latest()
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

// arrived times, for each click of c's game not yet shown on c, its
// arrival on c: once a page of a newer version came.
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

// startCPUProfile profiles the CPU into path until the returned func is
// first called.
func startCPUProfile(b *testing.B, path string) func() {
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		b.Fatal(err)
	}
	var once sync.Once
	return func() {
		once.Do(func() {
			pprof.StopCPUProfile()
			if err := f.Close(); err != nil {
				b.Error(err)
			}
		})
	}
}

// writeHeap writes the heap profile, as of the last collection, to path.
func writeHeap(b *testing.B, path string) {
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	if err := pprof.Lookup("heap").WriteTo(f, 0); err != nil {
		b.Fatal(err)
	}
}
