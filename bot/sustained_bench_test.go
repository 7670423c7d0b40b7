package bot_test

import (
	"container/heap"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"runtime/debug"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	goredis "github.com/redis/go-redis/v9"

	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/review"
	"github.com/sushigo/sushigo/engine/strategy"
	"github.com/sushigo/sushigo/machine"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/storage/redis"
	"github.com/sushigo/sushigo/storage/redis/redistest"
)

var (
	sustainFor      = flag.Duration("sustain", time.Minute, "how long each line of BenchmarkSustained plays; its figures are over the second half")
	sustainPictures = flag.Bool("sustain-pictures", true, "BenchmarkSustained's games show pictures (pictures=off when false)")
	sustainReviews  = flag.Int("sustain-reviews", 0, "BenchmarkSustained asks for this many game reviews (classic games of four) as its clicking starts: the host runs them beside the games")
	sustainOldLocks = flag.Bool("sustain-old-locks", true, "BenchmarkSustained's senders also take the send lock of releases before November 2026, as serve does until OLD_SEND_LOCKS=off")
	sustainRamp     = flag.Duration("sustain-ramp", 0, "BenchmarkSustained deals its games at random moments over this long before -sustain starts (0: all at once), so rounds and games end at all times, as in a channel's day")
)

// BenchmarkSustained plays live games through the host as serve runs it,
// for -sustain (a minute) after they are dealt, and measures the second
// half: the outbox on (every post and edit goes through a Sender, as on
// Discord and Slack), deliveries handed off by the replica that saved the
// change, the timer loop beside it, a turn timer on, Discord-style request
// IDs, the real Redis store. Each person clicks 2–8 s after their hand
// arrives, as people choosing a card do; a game that ends is dealt again,
// so the number of live games holds.
//
//	go test ./bot -run '^$' -bench 'Sustained/games=3000'
//	go test ./bot -run '^$' -bench 'Sustained/party8p/games=1000'
//
// Per click it reports the ack (the request's time: what the platform
// waits for), click → table (the first table edit handed to the Sender
// after the click's change was stored) and, for a click that closed a
// turn, click → reveal post; CPU per click of this process and of Redis;
// Redis round trips on the request path and in the background;
// compare-and-swap conflicts. Then the bytes a live game holds in Redis
// (its record and its send log, MEMORY USAGE of a sample) and the backlog
// when the clicking stops: clicks saved whose table was not sent yet.
//
// The process's CPU includes this benchmark's own players (a timer heap,
// a goroutine a click, reading each hand's buttons): host-cpu-ms/click is
// the process's less the players' own work, timed on its threads
// (players-cpu-ms/click; playerCPU says what that leaves out), and
// process-cpu-ms/click the two together. The log names the host: CPU
// model, clock, cores and load, and what its kernel costs, reported too:
// a system call (syscall-ns) and a Redis round trip, its time
// (redis-trip-us) and this process's CPU (redis-trip-cpu-us), measured
// before the games start. Hosts whose model and clock read alike have
// differed by half in CPU a click; these tell why.
//
// process-alloc-kb/click and process-allocs/click are what the process
// allocated a click, bytes and objects (its players' share included, which
// is small): unlike CPU they hardly move from one host or hour to the
// next, so they compare code across them. So does syscalls/click: the
// reads and writes the process made a click (Redis's round trips, mostly),
// which on a host whose system calls are dear (syscall-ns over a
// microsecond where the kernel splits its page tables) are a large part
// of the CPU a click. process-sys-ms/click is the share of the process's
// CPU spent in the kernel (the players' timing's calls to the clock
// included), switches/click how often its threads stopped running (a
// goroutine woken on an idle core wakes a thread), and faults/click how
// many pages the kernel handed it as they were first touched (a heap
// growing): on such a host, what the kernel's part of a click is made of.
func BenchmarkSustained(b *testing.B) {
	for _, n := range []int{500, 1000, 1500, 2000, 3000, 10000} {
		b.Run(fmt.Sprintf("games=%d", n), func(b *testing.B) { benchSustained(b, n, false) })
	}
	for _, n := range []int{500, 1000, 3000} {
		b.Run(fmt.Sprintf("party8p/games=%d", n), func(b *testing.B) { benchSustained(b, n, true) })
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

// susClick is one click: when it started and when its change was stored
// (0 until then).
type susClick struct {
	g     *susGame
	start time.Time
	saved atomic.Int64
}

// susPlayer is one person: the choice their newest hand offers and
// whether a click of theirs is scheduled.
type susPlayer struct {
	g  *susGame
	id string

	mu       sync.Mutex
	next     protocol.Action
	due      bool
	lastTurn int // round*100+turn of their last click: an older hand is not clicked again
}

// susGame is one channel's game and the clicks not yet shown.
type susGame struct {
	where   protocol.Location
	players map[string]*susPlayer
	order   []*susPlayer
	first   time.Duration // the first hand's extra wait, so games do not move in step

	mu        sync.Mutex
	waiting   []*susClick // saved clicks not yet on a table handed to the sender
	lastSaved *susClick   // the newest saved click, for click → reveal
	revealed  *susClick   // the click a reveal was last timed from
	dealing   atomic.Bool
}

// sample is one measurement and when it was taken.
type sample struct {
	at time.Time
	d  time.Duration
}

type samples struct {
	mu sync.Mutex
	s  []sample
}

func (s *samples) add(at time.Time, d time.Duration) {
	s.mu.Lock()
	s.s = append(s.s, sample{at, d})
	s.mu.Unlock()
}

// since returns the percentiles ps (in ms) of the samples taken from t on.
func (s *samples) since(t time.Time, ps ...float64) []float64 {
	s.mu.Lock()
	var ds []time.Duration
	for _, x := range s.s {
		if !x.at.Before(t) {
			ds = append(ds, x.d)
		}
	}
	s.mu.Unlock()
	slices.Sort(ds)
	out := make([]float64, len(ps))
	for i, p := range ps {
		if len(ds) > 0 {
			out[i] = float64(ds[int(p*float64(len(ds)-1))].Microseconds()) / 1000
		}
	}
	return out
}

func (s *samples) count(t time.Time) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, x := range s.s {
		if !x.at.Before(t) {
			n++
		}
	}
	return n
}

// stampStore notes, in the click its request's context carries, when the
// click's change was stored: only a table sent after that can show it.
// The Redis store's own methods (its send locks) stay its own.
type stampStore struct{ *redis.Store }

func (s stampStore) Commit(ctx context.Context, key string, data []byte, prev storage.Version, ttl time.Duration, due []storage.Deadline) (storage.Version, error) {
	v, err := s.Store.Commit(ctx, key, data, prev, ttl, due)
	stamp(ctx, err)
	return v, err
}

// CommitLocked is the save that takes the send lock (record.CommitLocks),
// stamped alike.
func (s stampStore) CommitLocked(ctx context.Context, key string, data []byte, prev storage.Version, ttl time.Duration, due []storage.Deadline, token []byte, lease time.Duration) (storage.Version, []byte, bool, error) {
	v, side, locked, err := s.Store.CommitLocked(ctx, key, data, prev, ttl, due, token, lease)
	stamp(ctx, err)
	return v, side, locked, err
}

// CommitChecked is the save of a change made on the game kept decoded
// (record.CheckedCommits), stamped alike.
func (s stampStore) CommitChecked(ctx context.Context, key string, data []byte, prev storage.Version, ttl time.Duration, due []storage.Deadline, side, token []byte, lease time.Duration) (storage.Version, []byte, bool, error) {
	v, lockedSide, locked, err := s.Store.CommitChecked(ctx, key, data, prev, ttl, due, side, token, lease)
	stamp(ctx, err)
	return v, lockedSide, locked, err
}

// stamp marks the click on ctx's request path saved, when it was.
func stamp(ctx context.Context, err error) {
	if c, ok := ctx.Value(requestPath{}).(*susClick); ok && err == nil {
		c.saved.Store(time.Now().UnixNano())
		c.g.mu.Lock()
		c.g.lastSaved = c
		c.g.mu.Unlock()
	}
}

// susQueue is the players' clicks to come, soonest first.
type susQueue []susEvent

type susEvent struct {
	at time.Time
	p  *susPlayer
}

func (q susQueue) Len() int           { return len(q) }
func (q susQueue) Less(i, j int) bool { return q[i].at.Before(q[j].at) }
func (q susQueue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *susQueue) Push(x any)        { *q = append(*q, x.(susEvent)) }
func (q *susQueue) Pop() any {
	old := *q
	x := old[len(old)-1]
	*q = old[:len(old)-1]
	return x
}

// susRun is one line of the benchmark.
type susRun struct {
	b       *testing.B
	host    *bot.Bot
	games   map[string]*susGame
	party   bool
	players int

	qmu  sync.Mutex
	q    susQueue
	wake chan struct{}
	rng  *rand.Rand // under qmu

	acks, tables, reveals samples
	// playerCPU is the CPU the simulated players take.
	playerCPU playerCPU
	clicks    atomic.Int64
	reviewed  atomic.Int64
	// drawn counts the pictures sent drawn (not kept), by what they show.
	drawn    [protocol.PictureReview + 1]atomic.Int64
	reqIDs   atomic.Int64
	refs     atomic.Int64
	dealt    atomic.Int64 // games dealt
	inflight sync.WaitGroup
	stopped  atomic.Bool
}

func (r *susRun) schedule(p *susPlayer, after time.Duration) {
	r.qmu.Lock()
	heap.Push(&r.q, susEvent{time.Now().Add(after + 2*time.Second + time.Duration(r.rng.Int64N(int64(6*time.Second)))), p})
	r.qmu.Unlock()
	select {
	case r.wake <- struct{}{}:
	default:
	}
}

// moment orders a hand's choice by round and turn.
func moment(a protocol.Action) int {
	switch a := a.(type) {
	case protocol.Pick:
		return a.Round*100 + a.Turn
	case protocol.Answer:
		return a.Round*100 + a.Turn
	}
	return 0
}

// learn schedules a click for a hand that offers a choice.
func (r *susRun) learn(g *susGame, d protocol.Delivery) {
	if d.To.IsPublic() || d.To.User == "" {
		return
	}
	p := g.players[d.To.User]
	if p == nil {
		return
	}
	for _, btn := range d.View.Buttons() {
		a, err := protocol.ParseActionID(btn.ActionID)
		if err != nil || btn.Disabled {
			continue
		}
		switch a.(type) {
		case protocol.Pick, protocol.Answer:
		default:
			continue
		}
		p.mu.Lock()
		fresh := moment(a) > p.lastTurn
		if fresh {
			p.next = a
		}
		schedule := fresh && !p.due
		if schedule {
			p.due = true
		}
		first := p.lastTurn == 0
		p.mu.Unlock()
		if schedule {
			var extra time.Duration
			if first {
				extra = g.first
			}
			r.schedule(p, extra)
		}
		return
	}
}

// fire clicks p's newest choice.
func (r *susRun) fire(p *susPlayer) {
	p.mu.Lock()
	a := p.next
	p.due = false
	if a == nil || moment(a) <= p.lastTurn {
		p.mu.Unlock()
		return
	}
	p.lastTurn = moment(a)
	p.mu.Unlock()
	g := p.g
	if g.dealing.Load() {
		return
	}
	r.inflight.Add(1)
	go func() {
		defer r.inflight.Done()
		c := &susClick{g: g, start: time.Now()}
		g.mu.Lock()
		g.waiting = append(g.waiting, c)
		g.mu.Unlock()
		req := protocol.Request{Where: g.where, Who: protocol.User{ID: p.id, Name: p.id}, Action: a, FromPrivate: true,
			ID: strconv.FormatInt(1_300_000_000_000_000_000+r.reqIDs.Add(1), 10)} // a snowflake's 19 digits
		resp, err := r.host.Handle(context.WithValue(context.Background(), requestPath{}, c), req)
		if err != nil {
			r.b.Error(err)
			return
		}
		now := time.Now()
		r.acks.add(now, now.Sub(c.start))
		r.clicks.Add(1)
		r.playerCPU.time(func() {
			for _, d := range resp.Deliveries {
				r.learn(g, d)
			}
		})
	}()
}

// loop fires the clicks as they come due, until stop.
func (r *susRun) loop(stop <-chan struct{}) {
	t := time.NewTimer(time.Hour)
	defer t.Stop()
	for {
		var wait time.Duration = time.Hour
		r.playerCPU.time(func() {
			r.qmu.Lock()
			var due []*susPlayer
			now := time.Now()
			for r.q.Len() > 0 {
				if next := r.q[0].at; next.After(now) {
					wait = next.Sub(now)
					break
				}
				due = append(due, heap.Pop(&r.q).(susEvent).p)
			}
			r.qmu.Unlock()
			for _, p := range due {
				r.fire(p)
			}
		})
		t.Reset(wait)
		select {
		case <-stop:
			return
		case <-r.wake:
		case <-t.C:
		}
	}
}

// PostsOnce: the benchmark's platform is Discord's kind, whose posts with
// a nonce are made once (protocol.PostsOnce); on Slack's kind each post
// but a flush's last costs one more send log write.
func (r *susRun) PostsOnce() {}

// Send is the platform: it times tables and reveals and hands each hand
// to its player.
func (r *susRun) Send(_ context.Context, where protocol.Location, _ string, d protocol.Delivery) (protocol.Ref, error) {
	g := r.games[where.Channel]
	if g == nil {
		// A review, privately, to someone of no live game.
		if d.View.Screen == protocol.ScreenReview {
			r.reviewed.Add(1)
		}
		return protocol.Ref{ID: strconv.FormatInt(r.refs.Add(1), 36)}, nil
	}
	now := time.Now()
	if p := d.View.Picture; p != nil && p.PNG != nil && int(p.Of) < len(r.drawn) {
		r.drawn[p.Of].Add(1)
	}
	switch {
	case d.To.IsPublic() && d.View.Screen == protocol.ScreenTable:
		g.mu.Lock()
		keep := g.waiting[:0]
		for _, c := range g.waiting {
			if at := c.saved.Load(); at != 0 && at < now.UnixNano() {
				r.tables.add(now, now.Sub(c.start))
			} else {
				keep = append(keep, c)
			}
		}
		g.waiting = keep
		g.mu.Unlock()
	case d.View.Screen == protocol.ScreenReveal:
		g.mu.Lock()
		if c := g.lastSaved; c != nil && c != g.revealed {
			g.revealed = c
			r.reveals.add(now, now.Sub(c.start))
		}
		g.mu.Unlock()
	case d.View.Screen == protocol.ScreenFinal && d.To.IsPublic() && !r.stopped.Load():
		// The game is over: deal the channel another, as its players would.
		if g.dealing.CompareAndSwap(false, true) {
			go r.deal(g)
		}
	}
	r.playerCPU.time(func() { r.learn(g, d) })
	if d.Slot == "" && d.Kind != protocol.Post {
		return protocol.Ref{}, nil
	}
	return protocol.Ref{ID: strconv.FormatInt(r.refs.Add(1), 36)}, nil
}

// deal opens a game in g's channel, seats its people and starts it.
func (r *susRun) deal(g *susGame) {
	defer g.dealing.Store(false)
	r.dealt.Add(1)
	ctx := context.Background()
	// Chosen, or the channel's settings (pictures on) would decide.
	opts := protocol.Options{Timer: 60, Hands: protocol.HandsDM, NoPictures: !*sustainPictures, PicturesChosen: !*sustainPictures}
	if r.party {
		opts.Party, opts.Menu = true, protocol.DefaultMenu.String()
	}
	handle := func(who string, a protocol.Action) {
		resp, err := r.host.Handle(ctx, protocol.Request{Where: g.where, Who: protocol.User{ID: who, Name: who}, Action: a})
		if err != nil {
			r.b.Error(err)
			return
		}
		for _, d := range resp.Deliveries {
			r.learn(g, d)
			if d.Slot != "" {
				// As adapters do: the message a reply created is remembered.
				ref := protocol.Ref{ID: strconv.FormatInt(r.refs.Add(1), 36)}
				if err := r.host.Remember(ctx, g.where, resp.Game, d.Slot, ref); err != nil {
					r.b.Error(err)
				}
			}
		}
	}
	for _, p := range g.order {
		p.mu.Lock()
		p.next, p.lastTurn = nil, 0
		p.mu.Unlock()
	}
	handle(g.order[0].id, protocol.NewGame{Options: opts})
	for _, p := range g.order[1:] {
		handle(p.id, protocol.Join{})
	}
	handle(g.order[0].id, protocol.Start{})
}

func benchSustained(b *testing.B, n int, party bool) {
	defer bot.WithoutChecks()()
	if os.Getenv("GOGC") == "" {
		defer debug.SetGCPercent(debug.SetGCPercent(400)) // as serve sets it
	}
	store, _, prefix := redisStore(b)
	if !*sustainOldLocks {
		store = redis.New(store.Client(), redis.Options{Prefix: prefix, SkipOldSendLocks: true})
	}
	ctx := context.Background()
	// What this host's kernel costs, before anything else runs.
	sysCall := machine.Syscall()
	trip, err := redistest.Trip(ctx, store.Client(), 2000)
	if err != nil {
		b.Fatal(err)
	}
	players := 4
	if party {
		players = 8
	}
	r := &susRun{b: b, games: map[string]*susGame{}, party: party, players: players,
		wake: make(chan struct{}, 1), rng: rand.New(rand.NewPCG(1, 2))}
	var seed atomic.Uint64
	m := &countMetrics{}
	r.host = bot.New(stampStore{store}, bot.Config{Seed: func() uint64 { return seed.Add(1) }, Nudge: -1,
		Platforms: map[string]protocol.Platform{"bench": {Hands: protocol.HandsDM, Sender: r}},
		Handoff:   true, Metrics: m, Log: slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))})
	for i := range n {
		g := &susGame{where: protocol.Location{Platform: "bench", Community: "c", Channel: strconv.Itoa(i)}, players: map[string]*susPlayer{},
			first: time.Duration(r.rng.Int64N(int64(7 * time.Second)))}
		for j := range players {
			p := &susPlayer{g: g, id: fmt.Sprintf("p%d", j+1)}
			g.players[p.id] = p
			g.order = append(g.order, p)
		}
		r.games[g.where.Channel] = g
	}
	stop := make(chan struct{})
	var bg sync.WaitGroup
	bg.Go(func() { r.loop(stop) })
	// The timer loop, as serve runs it.
	loopCtx, stopLoop := context.WithCancel(ctx)
	bg.Go(func() {
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case <-loopCtx.Done():
				return
			case <-t.C:
			case <-r.host.Wake():
			}
			out, err := r.host.Tick(loopCtx)
			if err != nil && loopCtx.Err() == nil {
				b.Error(err)
			}
			for _, o := range out {
				for _, d := range o.Response.Deliveries {
					r.learn(r.games[o.Where.Channel], d)
				}
			}
		}
	})
	if ramp := *sustainRamp; ramp > 0 {
		// Deal the games at random moments over the ramp: by its end they
		// are at every stage of a game, as in a day of real channels.
		var dealt sync.WaitGroup
		for _, g := range r.games {
			g.dealing.Store(true)
			dealt.Add(1)
			r.qmu.Lock()
			at := time.Duration(r.rng.Int64N(int64(ramp)))
			r.qmu.Unlock()
			time.AfterFunc(at, func() { defer dealt.Done(); r.deal(g) })
		}
		dealt.Wait()
	} else {
		// Deal every game, eight at a time.
		work := make(chan *susGame)
		var dealers sync.WaitGroup
		for range 8 {
			dealers.Go(func() {
				for g := range work {
					g.dealing.Store(true)
					r.deal(g)
				}
			})
		}
		for _, g := range r.games {
			work <- g
		}
		close(work)
		dealers.Wait()
	}

	r.askReviews(store, *sustainReviews)
	hook := &tripHook{}
	store.Client().AddHook(hook)
	b.Logf("host: %s; a system call takes %v, %v; a player's timing costs %v beyond what it reads",
		machine.Describe(), sysCall, trip, r.playerCPU.calibrate())
	b.ResetTimer()
	start := time.Now()
	half := start.Add(*sustainFor / 2)
	time.Sleep(time.Until(half))
	bytes0 := r.bytesPerGame(store) // before the counts: its round trips are the benchmark's
	conflicts0, req0, loop0 := m.conflicts.Load(), hook.request.Load(), hook.loop.Load()
	drawn0, dealt0 := r.drawnNow(), r.dealt.Load()
	host0, redis0, players0 := machine.MustProcessCPU(b), redistest.MustCPU(b, store.Client()), r.playerCPU.total()
	alloc0, objects0 := machine.Allocated()
	calls0, callsKept := machine.Syscalls()
	kernel0 := machine.MustKernel(b)
	waits0 := machine.ReadWaits()
	time.Sleep(time.Until(start.Add(*sustainFor)))
	waits := machine.ReadWaits().Since(waits0)
	procCPU, redisCPU, playersCPU := machine.MustProcessCPU(b)-host0, redistest.MustCPU(b, store.Client())-redis0, r.playerCPU.total()-players0
	alloc, objects := machine.Allocated()
	alloc, objects = alloc-alloc0, objects-objects0
	calls, _ := machine.Syscalls()
	kernel := machine.MustKernel(b)
	hostCPU := procCPU - playersCPU
	conflicts, reqTrips, loopTrips := m.conflicts.Load()-conflicts0, hook.request.Load()-req0, hook.loop.Load()-loop0
	drawn, dealt := r.drawnNow(), r.dealt.Load()-dealt0
	end := time.Now()
	b.StopTimer()
	if n := drawn[protocol.PictureTable] + drawn[protocol.PictureRound] + drawn[protocol.PictureFinal]; !*sustainPictures && n > 0 {
		b.Fatalf("-sustain-pictures=false, yet %d pictures were drawn", n)
	}
	// What is left to show the moment the clicking stops.
	r.stopped.Store(true)
	backlog, oldest := 0, time.Duration(0)
	for _, g := range r.games {
		g.mu.Lock()
		for _, c := range g.waiting {
			if c.saved.Load() != 0 {
				backlog++
				oldest = max(oldest, end.Sub(c.start))
			}
		}
		g.mu.Unlock()
	}
	bytes1 := r.bytesPerGame(store)
	close(stop)
	r.inflight.Wait()
	stopLoop()
	bg.Wait()
	if err := r.host.Drain(ctx); err != nil {
		b.Error(err)
	}
	clicks := float64(r.acks.count(half))
	if clicks == 0 {
		b.Fatal("no click in the second half")
	}
	ack := r.acks.since(half, 0.5, 0.99)
	table := r.tables.since(half, 0.5, 0.99)
	reveal := r.reveals.since(half, 0.5, 0.99)
	b.ReportMetric(clicks/end.Sub(half).Seconds(), "clicks/s")
	b.ReportMetric(float64(sysCall.Nanoseconds()), "syscall-ns")
	trip.Report(b)
	b.ReportMetric(ack[0], "ack-p50-ms")
	b.ReportMetric(ack[1], "ack-p99-ms")
	b.ReportMetric(table[0], "table-p50-ms")
	b.ReportMetric(table[1], "table-p99-ms")
	b.ReportMetric(reveal[0], "reveal-p50-ms")
	b.ReportMetric(reveal[1], "reveal-p99-ms")
	b.ReportMetric(float64(hostCPU.Microseconds())/1000/clicks, "host-cpu-ms/click")
	b.ReportMetric(float64(playersCPU.Microseconds())/1000/clicks, "players-cpu-ms/click")
	b.ReportMetric(float64(procCPU.Microseconds())/1000/clicks, "process-cpu-ms/click")
	b.ReportMetric(float64(redisCPU.Microseconds())/1000/clicks, "redis-cpu-ms/click")
	b.ReportMetric(float64(alloc)/1024/clicks, "process-alloc-kb/click")
	b.ReportMetric(float64(objects)/clicks, "process-allocs/click")
	if callsKept {
		b.ReportMetric(float64(calls-calls0)/clicks, "syscalls/click")
	}
	b.ReportMetric(float64((kernel.Sys-kernel0.Sys).Microseconds())/1000/clicks, "process-sys-ms/click")
	b.ReportMetric(float64(kernel.Switches-kernel0.Switches)/clicks, "switches/click")
	b.ReportMetric(float64(kernel.Faults-kernel0.Faults)/clicks, "faults/click")
	waits.Report(b.ReportMetric, end.Sub(half))
	b.ReportMetric(float64(reqTrips)/clicks, "request-trips/click")
	b.ReportMetric(float64(loopTrips)/clicks, "background-trips/click")
	b.ReportMetric(float64(conflicts)/clicks, "conflicts/click")
	secs := end.Sub(half).Seconds()
	b.ReportMetric(float64(drawn[protocol.PictureTable]-drawn0[protocol.PictureTable])/secs, "tables-drawn/s")
	b.ReportMetric(float64(drawn[protocol.PictureRound]-drawn0[protocol.PictureRound]+drawn[protocol.PictureFinal]-drawn0[protocol.PictureFinal])/secs, "scores-drawn/s")
	b.ReportMetric(float64(drawn[protocol.PictureFinal]-drawn0[protocol.PictureFinal])/secs, "finals-drawn/s")
	b.ReportMetric(float64(dealt)/secs, "games-dealt/s")
	b.ReportMetric(max(bytes0[0], bytes1[0]), "bytes/game")
	b.ReportMetric(max(bytes0[1], bytes1[1]), "bytes/game-max")
	if *sustainReviews > 0 {
		b.ReportMetric(float64(r.reviewed.Load()), "reviews-done")
	}
	b.ReportMetric(float64(backlog), "backlog-clicks")
	b.ReportMetric(oldest.Seconds(), "backlog-oldest-s")
}

// drawnNow is how many pictures were sent drawn so far, by what they show.
func (r *susRun) drawnNow() (n [protocol.PictureReview + 1]int64) {
	for i := range n {
		n[i] = r.drawn[i].Load()
	}
	return n
}

// bytesPerGame is the mean and the largest memory, in Redis, of a sample
// of live games: the record and its send log (MEMORY USAGE).
func (r *susRun) bytesPerGame(store *redis.Store) [2]float64 {
	ctx := context.Background()
	var sum, most float64
	n := 0
	for _, g := range r.games {
		if n == 200 {
			break
		}
		key := g.where.Key()
		var size float64
		for _, k := range []string{store.GameKey(key), store.SideKey(key)} {
			m, err := store.Client().MemoryUsage(ctx, k).Result()
			if err == nil {
				size += float64(m)
			}
		}
		sum, most, n = sum+size, max(most, size), n+1
	}
	return [2]float64{sum / float64(max(n, 1)), most}
}

// askReviews stores n finished classic games of four (one person, three
// bots, recorded as a review replays them) and asks for each person's
// review, as n players pressing Review my game at once would.
func (r *susRun) askReviews(store storage.Store, n int) {
	ctx := context.Background()
	where := protocol.Location{Platform: "bench", Community: "c", Channel: "reviews"}
	set := engine.Settings{Players: 4}
	for k := range n {
		players := []strategy.Player{strategy.NewRandom(uint64(k)), strategy.NewHeuristic(), strategy.NewHeuristic(), strategy.NewHeuristic()}
		rg, err := review.Record(set, uint64(1000+k), players)
		if err != nil {
			r.b.Fatal(err)
		}
		var moves []byte
		for _, m := range rg.Moves {
			moves = review.AppendMove(moves, m)
		}
		id := fmt.Sprintf("rv%d", k)
		rec, _ := json.Marshal(map[string]any{"v": 1, "id": id, "w": where, "set": set, "sd": rg.Seed, "mv": moves,
			"s": []map[string]any{{"u": "rp" + strconv.Itoa(k), "n": "R"}, {"n": "a", "b": true}, {"n": "b", "b": true}, {"n": "c", "b": true}}})
		if err := store.SetRecord(ctx, "review:"+id, rec, time.Hour); err != nil {
			r.b.Fatal(err)
		}
		resp, err := r.host.Handle(ctx, protocol.Request{Where: where, Who: protocol.User{ID: "rp" + strconv.Itoa(k), Name: "R"}, Action: protocol.Review{Game: id}})
		// Queued: a private notice that is not a refusal.
		if err != nil || len(resp.Deliveries) != 1 || resp.Deliveries[0].View.Screen != protocol.ScreenNotice || resp.Deliveries[0].View.Tone == protocol.ToneError {
			r.b.Fatalf("asking for review %d: %v %+v", k, err, resp)
		}
	}
}
