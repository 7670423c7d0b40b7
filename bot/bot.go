// Package bot is the sushigo host, what a game does: lobby, commands, turn
// flow, timers, bot seats, authorization, leaderboards and
// platform-neutral views. It takes a protocol.Request and returns what to
// show, to whom, as a protocol.Response; the adapters deliver it. How a
// change is kept and delivered (load, compare-and-swap, the outbox and its
// sender) is package record's, which it hands its own game record to
// (deliver.go). It never calls a chat platform, and its words come from
// package words.
package bot

import (
	"context"
	"log/slog"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sushigo/sushigo/boards"
	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/review"
	"github.com/sushigo/sushigo/outage"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/record"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/words"
)

// Config tunes a Bot. Zero fields take the defaults shown.
type Config struct {
	// Now is the clock (time.Now).
	Now func() time.Time
	// Seed gives each new game its shuffle (random).
	Seed func() uint64
	// NewID names each new game (from Seed). A game's ID is what its
	// result is recorded under, once: where Seed repeats across runs (a
	// replayed deal), NewID must not.
	NewID func() string
	// Log receives operator-facing messages (discarded).
	Log *slog.Logger
	// LobbyTTL is how long an unstarted lobby waits (30 minutes).
	LobbyTTL time.Duration
	// FinishedTTL is how long a finished game is kept for `scores` and
	// rematches (24 hours).
	FinishedTTL time.Duration
	// Timer is the default turn timer (90 seconds; negative: none, as in
	// the terminal).
	Timer time.Duration
	// FlushWait is how long Tick waits for the deliveries it started before
	// returning (0: until they finish, as tests want); serve sets a short
	// one, so a stalled platform never holds up other games' timers.
	FlushWait time.Duration
	// Handoff sends a change's deliveries from the replica that made it,
	// right after the save, instead of through the timer loop; the loop's
	// deadline, handoffGrace later, is the net for a replica that died
	// first. Serve sets it; tests that step the timer loop leave it off.
	Handoff bool
	// ClaimLease is how long a claimed deadline stays hidden from other
	// replicas: one that dies mid-way hands it back after this (30 s).
	ClaimLease time.Duration
	// SendLease is how long a game's delivery lock lasts unless its holder
	// renews it, which it does while it sends (4 s): a replica that dies
	// mid-send lets another take its games' deliveries over within it.
	SendLease time.Duration
	// Nudge is how long a game without a turn timer waits on a player
	// before reminding them, once a turn (10 minutes; negative: never).
	Nudge time.Duration
	// Metrics receives operators' counters (none).
	Metrics Metrics
	// Platforms describes platforms by name, as their adapters do with
	// AddPlatform (platform.go).
	Platforms map[string]protocol.Platform
	// OnStored, when set, hears every change of a game this host stores,
	// once it is stored (after its compare-and-swap, never for a try that
	// lost the race or a request that changed nothing), from any input: a
	// platform's request, a timer, a bot, the outbox. It runs on the
	// request's goroutine after the game's lock is let go: it must not
	// block.
	OnStored func(Stored)
	// Review, when set, is the work a review does in place of the default
	// (reviewOptions): tests that only show a review make it cheap.
	Review *review.Options
	// ThinkInline lets searching bots choose during the request that needs
	// them, as the terminal game does; a server leaves it off, so they
	// think off the request path (think.go).
	ThinkInline bool
	// MinRatedGames is how many rated games a player needs before the
	// board ranks them by rating (3).
	MinRatedGames int
	// TablePicture is how long a game's table keeps its picture before a
	// newer turn is drawn (a minute, give or take a quarter by game;
	// negative: every reveal is drawn). The
	// text is current at every click, and the thread says every reveal;
	// the picture, which names its round and turn, follows at this pace:
	// drawing is most of what a click costs.
	TablePicture time.Duration
	// TableLink, when set, makes a person's link to a game's web table
	// (adapters/web): a chat's table then has an Open table button,
	// answered privately with the link.
	TableLink func(where protocol.Location, who protocol.User, game string, lang words.Lang) (string, error)
	// DecodedGames is how many games a replica keeps decoded, each as it
	// last read or stored it, so the next read of an unchanged game skips
	// decoding (8192, about 10 KB each; negative: none).
	DecodedGames int
}

// Bot is the host. It is safe for concurrent use: all its state is in the
// store.
type Bot struct {
	// store is what the host asks of the storage itself: deadlines and
	// small records. A game's record is package record's (rec): no code
	// here can read or write its bytes.
	store interface {
		storage.Deadlines
		storage.Records
	}
	cfg   Config
	plats platforms
	// hints keeps the expert's choice at each position a hint was asked in.
	hints hintCache
	// alts keeps the alt text of the table picture each game shows (sayTable).
	alts tableAlts
	now  func() time.Time
	seed func() uint64
	// deal starts a game: engine.New, or a dealt position in tests.
	deal func(engine.Settings, uint64) (*engine.Game, error)
	log  *slog.Logger
	wake chan struct{}
	// thinking bounds the searching bots thinking at once, across games.
	thinking chan struct{}
	// rec keeps the games' records and sends what they owe (package
	// record).
	rec *record.Keeper[*gameRecord]
	// workCtx is what reviews run in, cancelled when Drain gives up;
	// stopping is set once Drain began, under workMu (startReview).
	workCtx  context.Context
	abort    context.CancelFunc
	workMu   sync.Mutex
	stopping atomic.Bool
	// failing logs a run of failed requests once (report).
	failing outage.Outage
	// boards are the community's leaderboards, profiles and history.
	boards *boards.Boards
	// reviewing bounds the reviews running at once (review.go); reviews
	// are the ones under way, reviewed those done for a platform without
	// a sender, returned by the next Tick.
	reviewing chan struct{}
	// busy counts the games' work under way (requests, sends): a review
	// waits, a little, while there is some (review.go).
	busy     atomic.Int64
	reviews  sync.WaitGroup
	reviewMu sync.Mutex
	reviewed []protocol.Outbound
}

// New returns a host keeping its games in store.
func New(store storage.Store, cfg Config) *Bot {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Seed == nil {
		cfg.Seed = rand.Uint64
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.LobbyTTL == 0 {
		cfg.LobbyTTL = 30 * time.Minute
	}
	if cfg.MinRatedGames == 0 {
		cfg.MinRatedGames = 3
	}
	if cfg.FinishedTTL == 0 {
		cfg.FinishedTTL = 24 * time.Hour
	}
	if cfg.Timer == 0 {
		cfg.Timer = 90 * time.Second
	}
	if cfg.Nudge == 0 {
		cfg.Nudge = 10 * time.Minute
	}
	if cfg.ClaimLease <= 0 {
		cfg.ClaimLease = 30 * time.Second
	}
	if cfg.SendLease <= 0 {
		cfg.SendLease = 4 * time.Second
	}
	if cfg.Metrics == nil {
		cfg.Metrics = noMetrics{}
	}
	if cfg.TablePicture == 0 {
		cfg.TablePicture = time.Minute
	}
	if cfg.DecodedGames == 0 {
		cfg.DecodedGames = 8192
	}
	workCtx, abort := context.WithCancel(context.Background())
	b := &Bot{store: store, cfg: cfg, now: cfg.Now, seed: cfg.Seed, deal: engine.New, log: cfg.Log, wake: make(chan struct{}, 1),
		workCtx: workCtx, abort: abort,
		// One core is left to requests: bots thinking on every core would
		// keep a click waiting behind them for the scheduler's 10 ms slices.
		thinking:  make(chan struct{}, max(1, runtime.GOMAXPROCS(0)-1)),
		reviewing: make(chan struct{}, reviewWorkers())}
	b.rec = record.New(store, games{b}, record.Config{
		Now: cfg.Now, Log: cfg.Log, Decoded: cfg.DecodedGames, CheckDecoded: checkDecoded,
		Handoff: cfg.Handoff, Wake: b.signal, ClaimLease: cfg.ClaimLease, SendLease: cfg.SendLease,
		FlushWaits: cfg.FlushWait == 0, Busy: &b.busy, OnStored: cfg.OnStored, OnConflict: cfg.Metrics.Conflict,
	})
	b.boards = boards.New(store, boards.Config{MinRatedGames: cfg.MinRatedGames}, func() time.Time { return b.now() })
	for name, p := range cfg.Platforms {
		b.AddPlatform(name, p)
	}
	return b
}

// Stored is one stored change of a game (Config.OnStored): its key, where
// it is, its ID and the version saved, zero when the game was removed.
type Stored = record.Stored

// Drain stops the host's work at its next boundary: sends (package
// record: each game's deliveries handed to another replica at once) and
// reviews. It waits for them until ctx ends; then it cuts them short
// (shutdown stays bounded) and returns ctx's error.
func (b *Bot) Drain(ctx context.Context) error {
	b.workMu.Lock()
	b.stopping.Store(true)
	b.workMu.Unlock()
	err := b.rec.Drain(ctx, b.reviews.Wait)
	if err != nil {
		b.abort()
	}
	return err
}

// startReview counts in a review Drain waits for, unless Drain began: a
// WaitGroup may not grow from zero while it is waited on.
func (b *Bot) startReview() bool {
	b.workMu.Lock()
	defer b.workMu.Unlock()
	if b.stopping.Load() {
		return false
	}
	b.reviews.Add(1)
	return true
}

// reschedule sets a deadline a replica claimed, even when ctx has just
// ended (the host is stopping): left unset, it would wait out the claim's
// lease. The write gets a moment of its own.
func (b *Bot) reschedule(ctx context.Context, key string, at time.Time) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
	defer cancel()
	return b.store.Schedule(ctx, key, at)
}
