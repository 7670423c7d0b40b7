// Command sushigo hosts Sushi Go! games: `play` in the terminal against bots,
// `serve` on the chat platforms configured in the environment.
package main

import (
	"context"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unicode"

	"github.com/bwmarrin/discordgo"
	tea "github.com/charmbracelet/bubbletea"
	xterm "github.com/charmbracelet/x/term"
	"github.com/joho/godotenv"
	slackapi "github.com/slack-go/slack"
	"github.com/slack-go/slack/socketmode"
	"golang.org/x/sync/errgroup"

	"github.com/sushigo/sushigo/adapters/console"
	"github.com/sushigo/sushigo/adapters/discord"
	"github.com/sushigo/sushigo/adapters/slack"
	"github.com/sushigo/sushigo/adapters/web"
	"github.com/sushigo/sushigo/arena"
	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/review"
	"github.com/sushigo/sushigo/engine/strategy"
	"github.com/sushigo/sushigo/metrics"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/storage/bolt"
	"github.com/sushigo/sushigo/storage/redis"
	"github.com/sushigo/sushigo/words"
)

// main runs the command line.
// Not player words: a .env that cannot be read is the operator's to fix.
func main() {
	// On a developer's machine an optional .env fills in variables the
	// environment does not set; production (SUSHIGO_ENV=production, as the
	// image sets) takes its configuration from the environment alone.
	if os.Getenv("SUSHIGO_ENV") != "production" {
		if err := godotenv.Load(); err != nil && !errors.Is(err, os.ErrNotExist) {
			fmt.Fprintln(os.Stderr, "sushigo: reading .env:", err)
			os.Exit(1)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err := run(ctx, os.Args[1:], os.Getenv, os.Stdin, os.Stdout, os.Stderr)
	switch {
	case errors.Is(err, errUsage):
		os.Exit(2) // the usage is printed already
	case err != nil:
		fmt.Fprintln(os.Stderr, "sushigo:", err)
		os.Exit(1)
	}
}

// errUsage is run's answer to a command line that names no command: the
// usage went to standard error, and the exit status says it was wrong.
var errUsage = errors.New("no command")

// run is main without the process: tests call it with their own
// environment and streams.
func run(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	w := systemLang(getenv)
	if len(args) == 0 {
		fmt.Fprintln(stderr, w.Say("cli.usage"))
		return errUsage
	}
	cfg, err := loadConfig(getenv)
	if err != nil {
		return fmt.Errorf("configuration:\n%w", err)
	}
	switch args[0] {
	case "play":
		return play(ctx, cfg, w, args[1:], stdin, stdout)
	case "serve":
		return serve(ctx, cfg, stderr)
	case "arena":
		return runArena(args[1:], stdout)
	case "stats":
		return localStats(ctx, cfg, w, args[1:], stdout)
	case "review":
		return localReview(ctx, cfg, w, args[1:], stdout)
	case "render":
		return render(ctx, cfg, w, args[1:], stdout)
	case "rules":
		return rules(w, args[1:], stdout)
	case "healthcheck":
		return healthcheck(ctx, cfg, stdout)
	case "version", "--version", "-v":
		fmt.Fprintln(stdout, "sushigo", version())
		return nil
	case "help", "-h", "--help":
		fmt.Fprintln(stdout, w.Say("cli.usage"))
		return nil
	}
	return errors.New(unticked(w.Say("cli.unknownCommand", args[0], w.Say("cli.usage"))))
}

func play(ctx context.Context, cfg config, w words.Lang, args []string, stdin io.Reader, stdout io.Writer) error {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	lang := fs.String("lang", "", w.Say("sushigo.main.lang", languageList()))
	bots := fs.Int("bots", 3, w.Say("sushigo.main.botOpponents1To4"))
	party := fs.Bool("party", false, w.Say("sushigo.main.playSushiGoParty2"))
	menu := fs.String("menu", "", w.Say("sushigo.main.partyMenuARecommendedMenu"))
	seed := fs.Uint64("seed", 0, w.Say("sushigo.main.shuffleSeed0Random"))
	pass := fs.String("pass", "left", w.Say("sushigo.main.passDirectionLeftOrAlternate"))
	dummy := fs.Bool("dummy", false, w.Say("sushigo.main.twoPlayerDummyVariantOne"))
	fresh := fs.Bool("new", false, w.Say("sushigo.main.abandonASavedGameAnd"))
	name := fs.String("name", "", w.Say("sushigo.main.yourNameAtTheTable"))
	level := fs.String("level", "normal", w.Say("sushigo.main.howWellTheBotsPlay"))
	timer := fs.Duration("timer", 0, w.Say("sushigo.main.aTurnTimerEG"))
	plain := fs.Bool("plain", false, w.Say("sushigo.main.lineModeAutomaticWhenInput"))
	pngDir := fs.String("png", "", w.Say("sushigo.main.writeEachRoundSScores"))
	hints := fs.Bool("hints", false, w.Say("sushigo.main.hints"))
	inBrowser := fs.Bool("web", false, w.Say("sushigo.main.web"))
	addr := fs.String("addr", "", w.Say("sushigo.main.addr"))
	if helped, err := parseFlags(w, fs, args, w.Say("sushigo.main.usageSushigoPlayFlagsPlay"), stdout); helped || err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if set["lang"] {
		if w = words.Match(*lang); w.IsZero() {
			return errors.New(unticked(w.Say("cli.play.lang", languageList(), *lang)))
		}
	}
	if *pass != "left" && *pass != "alternate" {
		return errors.New(unticked(w.Say("cli.play.pass", *pass)))
	}
	if *dummy && set["bots"] && *bots != 1 {
		return errors.New(unticked(w.Say("cli.play.dummyBots", *bots)))
	}
	if *timer != 0 && (*timer < 10*time.Second || *timer > time.Hour) {
		return errors.New(unticked(w.Say("cli.play.timer", timer.String())))
	}
	*party = *party || *menu != ""
	if hi := 4; *bots < 1 || *bots > hi && !*party || *bots > 7 {
		if *party {
			hi = 7
		}
		return errors.New(unticked(w.Say("cli.play.bots", hi)))
	}
	if *party && *dummy {
		return errors.New(unticked(w.Say("cli.play.dummyParty")))
	}
	args = []string{fmt.Sprintf("bots=%d", *bots), "pass=" + *pass, "level=" + *level, fmt.Sprintf("timer=%d", int(timer.Seconds()))}
	switch {
	case *dummy:
		args = []string{"bots=1", "dummy", "pass=" + *pass, "level=" + *level, fmt.Sprintf("timer=%d", int(timer.Seconds()))}
	case *menu != "":
		args = append(args, "menu="+strings.ToLower(*menu))
	case *party:
		args = append(args, "party")
	}
	if *hints {
		args = append(args, "hints")
	}
	// The flags become options through the one parser every `new` goes
	// through, so the terminal validates exactly as a chat does.
	opts, err := protocol.ParseOptions(args)
	if err != nil {
		var u *protocol.UsageError
		if errors.As(err, &u) {
			return errors.New(unticked(w.Say("cli.play.refused", u.In(w))))
		}
		return err
	}
	if *menu != "" && !strings.EqualFold(*menu, "random") {
		// The terminal's lobby has no menu control: a menu the table
		// cannot play must be refused here, not at a Start that fails.
		if m, err := engine.ParseMenu(*menu); err == nil {
			if err := m.Check(*bots + 1); err != nil {
				why := err.Error()
				if p := (*engine.Problem)(nil); errors.As(err, &p) && p.Key != "" {
					why = w.Reason(p)
				}
				return errors.New(unticked(w.Say("cli.play.menu", why)))
			}
		}
	}
	if err := os.MkdirAll(cfg.DataDir, 0o700); err != nil {
		return fmt.Errorf("data directory: %w", err)
	}
	// The terminal game has its own file, so it runs beside a `serve`.
	store, err := bolt.Open(filepath.Join(cfg.DataDir, "play.db"), bolt.Options{})
	if errors.Is(err, bolt.ErrInUse) {
		return errors.New(unticked(w.Say("cli.play.inUse")))
	}
	if err != nil {
		return err
	}
	defer store.Close()
	// The terminal has no timer loop: its bots think while you wait.
	// The screen game stops this clock while a panel hides your hand, so a
	// turn timer never runs out while you read.
	clock := console.NewClock(nil)
	bc := bot.Config{LobbyTTL: 24 * time.Hour, Log: cfg.logger(os.Stderr), ThinkInline: true, Timer: -1, Now: clock.Now, Review: reviewWork}
	if *seed != 0 {
		s := *seed
		bc.Seed = func() uint64 { s++; return s }
		// The deal repeats, the game does not: its ID (what its result is
		// recorded under) comes from the random source, or a second game
		// with the same seed would be taken for the first and not rated.
		bc.NewID = func() string { return strconv.FormatUint(rand.Uint64(), 36) }
	}
	// The web table hears every stored change of the game.
	var announcer *web.Announcer
	if *inBrowser {
		announcer = web.NewAnnouncer(store, bc.Log)
		bc.OnStored = func(s bot.Stored) { announcer.Changed(s.Change()) }
	}
	host := bot.New(store, bc)
	me := protocol.User{ID: protocol.You, Name: or(*name, w.You())}
	if *inBrowser {
		return webPlay(ctx, host, store, announcer, me, opts, *fresh, w, *addr, stdout, nil)
	}
	var h interface {
		console.Host
		Tick(context.Context) ([]protocol.Outbound, error)
	} = host
	var pw *pngWriter
	if *pngDir != "" {
		if pw, err = newPNGWriter(host, *pngDir, w); err != nil {
			return err
		}
		h = pw
	}
	if *fresh {
		if _, err := host.Handle(ctx, protocol.Request{Where: console.Where, Who: me, Action: protocol.End{}}); err != nil {
			return err
		}
	} else if running, err := host.Running(ctx, console.Where); err != nil {
		return err
	} else if running {
		// Flags that shape a game would be silently ignored by resuming.
		for _, f := range []string{"bots", "seed", "pass", "dummy", "party", "menu", "level", "timer", "hints"} {
			if set[f] {
				return errors.New(unticked(w.Say("cli.play.saved", f, f)))
			}
		}
	}
	title := w.Say("sushigo.main.sushiGo")
	if *party {
		title = w.Say("sushigo.main.sushiGoParty")
	}
	if !*plain && isTerminal(stdin) && isTerminal(stdout) {
		var tick console.Ticker
		if *timer > 0 {
			tick = h.Tick // the turn timer really fires
		}
		p := tea.NewProgram(console.NewTUI(ctx, h, me, opts, tick, console.WithClock(clock), console.WithLang(w)), tea.WithContext(ctx), tea.WithInput(stdin), tea.WithOutput(stdout), tea.WithAltScreen())
		if _, err := p.Run(); err != nil && !errors.Is(err, tea.ErrProgramKilled) {
			return fmt.Errorf("terminal: %w", err)
		}
		fmt.Fprintln(stdout, w.Say("sushigo.main.byeYourGameIsSaved", self()+" play"))
		return pw.done(stdout)
	}
	// The line mode's greeting; the screen game has its own key line.
	fmt.Fprintln(stdout, w.Say("console.intro", title))
	c := console.New(h, stdin, stdout, me)
	c.Lang, c.Resume = w, self()+" play"
	if cfg.Columns > 0 {
		c.Width = cfg.Columns
	}
	if *timer > 0 {
		c.Tick = h.Tick // the turn timer really fires
	}
	if err := c.Run(ctx, opts); err != nil {
		return err
	}
	return pw.done(stdout)
}

// self is this program as the person typed it: "go run ./cmd/sushigo"
// when go run built it (in its temporary go-build directory), else
// "sushigo", so what it tells them to type works.
// Not player words: a command.
func self() string {
	if strings.Contains(filepath.ToSlash(os.Args[0]), "/go-build") {
		return "go run ./cmd/sushigo"
	}
	return "sushigo"
}

// runArena plays bots against each other (docs/bots.md).
// Not player words: a developer's tool.
func runArena(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("arena", flag.ContinueOnError)
	fs.SetOutput(stdout)
	players := fs.Int("players", 4, "players at the table")
	games := fs.Int("games", 1000, "games to play (rounded up to whole seat rotations)")
	party := fs.Bool("party", false, "play Sushi Go Party!")
	menu := fs.String("menu", "", "Party menu (implies --party; default My First Meal)")
	seed := fs.Uint64("seed", 1, "first deal")
	dealList := fs.String("deals", "", "play exactly these deals: seeds separated by commas or spaces, or @FILE with one per line")
	parallel := fs.Int("parallel", runtime.GOMAXPROCS(0), "games at once")
	reviewGames := fs.Int("review", 0, "instead of a tournament: play this many games of mixed bots and measure the game review on them (no bots named)")
	reviewSamples := fs.Int("review-samples", 0, "with --review: deals sampled for each option a choice had (0: the review's default)")
	reviewRefine := fs.Int("review-refine", 0, "with --review: how many times more deals weigh the costliest choices again (0: the review's default)")
	reviewCandidates := fs.Int("review-candidates", 0, "with --review: how many of the costliest choices are weighed again before three are named (0: the review's default)")
	judge := fs.String("review-judge", "", "with --review: the review's judge, search or rollouts (default: the review's own)")
	judgeIterations := fs.Int("review-iterations", 0, "with --review: the search judge's sampled worlds an option (0: the review's default)")
	compare := fs.String("compare-judge", "", "with --review: also review each game with this judge (search or rollouts) and hold it to the same reference")
	compareIterations := fs.Int("compare-iterations", 0, "with --compare-judge: the compared search judge's sampled worlds an option (0: as the review's)")
	compareRandom := fs.Bool("compare-random-rollouts", false, "with --compare-judge search: its rollouts at random, as the bots' searches play them, not by the heuristic")
	refDeals := fs.Int("reference-deals", 32, "with --review: deals each option of the sampled choices is played on by search players for the reference (0: no reference)")
	refIterations := fs.Int("reference-iterations", 400, "with --review: the reference players' search iterations a choice")
	expertIterations := fs.Int("expert-iterations", 2000, "with --review: the expert's search iterations a choice, to compare its choices with the review's best (0: skip)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	var bots []strategy.Level
	for _, a := range fs.Args() {
		l, err := strategy.ParseLevel(a)
		if err != nil {
			return err
		}
		bots = append(bots, l)
	}
	if len(bots) < 2 && *reviewGames == 0 {
		return fmt.Errorf("arena needs two bots or more, e.g. sushigo arena hard normal")
	}
	s := engine.Settings{Players: *players}
	if *party || *menu != "" {
		s.Ruleset, s.Menu = engine.Party, engine.RecommendedMenus[0].Menu
		if *menu != "" {
			m, err := engine.ParseMenu(*menu)
			if err != nil {
				return err
			}
			s.Menu = m
		}
	}
	if *reviewGames > 0 {
		ro := review.Options{Samples: *reviewSamples, Refine: *reviewRefine, Candidates: *reviewCandidates, Iterations: *judgeIterations, Seed: 1}
		if *judge != "" {
			j, err := review.ParseJudge(*judge)
			if err != nil {
				return err
			}
			ro.Judge = j
		}
		cfg := arena.CalibrationConfig{Settings: s, Games: *reviewGames, Seed: *seed, Review: ro, Parallel: *parallel,
			ReferenceDeals: *refDeals, ReferenceIterations: *refIterations}
		if *compare != "" {
			j, err := review.ParseJudge(*compare)
			if err != nil {
				return err
			}
			co := ro
			co.Judge = j
			if *compareIterations > 0 {
				co.Iterations = *compareIterations
			}
			co.RandomRollouts = *compareRandom
			cfg.Compare = &co
		}
		c, err := arena.Calibrate(cfg, *expertIterations)
		if err != nil {
			return err
		}
		name := fmt.Sprintf("classic, %d players", s.Players)
		if s.Ruleset == engine.Party {
			name = fmt.Sprintf("Party, %d players", s.Players)
		}
		arena.PrintCalibration(stdout, name, c)
		return nil
	}
	deals, err := parseDeals(*dealList)
	if err != nil {
		return err
	}
	cfg := arena.Config{Settings: s, Bots: bots, Games: *games, Seed: *seed, Deals: deals, Parallel: *parallel}
	rs, err := arena.Run(cfg)
	if err != nil {
		return err
	}
	arena.Print(stdout, cfg, rs)
	return nil
}

// isTerminal reports whether f is an interactive terminal.
func isTerminal(f any) bool {
	file, ok := f.(*os.File)
	return ok && xterm.IsTerminal(file.Fd())
}

// platformCallTimeout bounds one call to a chat platform (Slack's client,
// response_url posts); Discord's client has its own 20 s.
const platformCallTimeout = 10 * time.Second

// flushWait is how long the timer loop waits for the deliveries a tick
// started: a platform slower than that delivers on alone, and every other
// game's timers keep their time.
const flushWait = 500 * time.Millisecond

// serveGOGC is the collector's target serve sets unless GOGC is set.
const serveGOGC = 400

// openStore picks Redis when REDIS_URL is set, else the embedded store.
func openStore(ctx context.Context, cfg config) (storage.Store, func() error, error) {
	if cfg.RedisURL != "" {
		s, err := redis.Dial(ctx, cfg.RedisURL, redis.Options{Prefix: cfg.RedisPrefix, SkipOldSendLocks: !cfg.OldSendLocks})
		if err != nil {
			return nil, nil, err
		}
		return s, s.Close, nil
	}
	if err := os.MkdirAll(cfg.DataDir, 0o700); err != nil {
		return nil, nil, fmt.Errorf("data directory: %w", err)
	}
	s, err := bolt.Open(filepath.Join(cfg.DataDir, "sushigo.db"), bolt.Options{})
	if err != nil {
		return nil, nil, err
	}
	return s, s.Close, nil
}

// discordSession is the session every call to Discord goes through.
func discordSession(c discordConfig) (*discordgo.Session, error) {
	s, err := discordgo.New("Bot " + c.Token)
	if err != nil {
		return nil, fmt.Errorf("discord: %w", err)
	}
	s.ShardID, s.ShardCount = c.ShardID, c.ShardCount
	// A 429 comes back to the outbox as a Retry-After (protocol.RetryLater)
	// instead of a sleep no shutdown can interrupt: the game's
	// deliveries wait, in order, and nothing sleeps past its lease.
	s.ShouldRetryOnRateLimit = false
	if c.APIURL != "" {
		if err := discord.PointAt(s, c.APIURL); err != nil {
			return nil, fmt.Errorf("discord: %w", err)
		}
	}
	return s, nil
}

// Not player words: the operator's, when serve has nothing to serve.
const platformVars = `no chat platform is configured. Set, in the environment or in .env:
  Discord: DISCORD_TOKEN and DISCORD_APP_ID (gateway), or those and DISCORD_PUBLIC_KEY with DISCORD_MODE=http
  Slack:   SLACK_BOT_TOKEN and SLACK_APP_TOKEN (Socket Mode), or SLACK_MODE=http with SLACK_SIGNING_SECRET
See .env.example. To play without a platform: sushigo play`

func serve(ctx context.Context, cfg config, stderr io.Writer) error {
	if !cfg.Discord.enabled() && !cfg.Slack.enabled() {
		return errors.New(platformVars)
	}
	log := cfg.logger(stderr)
	redis.SetLogger(log.With("component", "go-redis"))
	if os.Getenv("GOGC") == "" {
		// A server's heap is small (tens of MB at thousands of games) and
		// short-lived garbage is most of it: collecting at 4× rather than
		// 2× the live heap cut CPU per click by about a tenth
		// (BenchmarkSustained, docs/operations.md). GOGC still decides.
		debug.SetGCPercent(serveGOGC)
	}
	store, closeStore, err := openStore(ctx, cfg)
	if err != nil {
		return err
	}
	// Closed last, once every goroutine below has returned.
	defer closeStore()
	m := metrics.New()
	// Each adapter adds its platform to the host below, once it exists: it
	// sends the host's durable deliveries, and the host is what it serves.
	hc := bot.Config{Review: reviewWork, Log: log, LobbyTTL: cfg.LobbyTTL, FinishedTTL: cfg.GameTTL, Timer: cfg.TurnTimer, Nudge: cfg.NudgeAfter, ClaimLease: cfg.ClaimLease, FlushWait: flushWait, Handoff: true,
		Metrics: m}
	// The web table is made after the host it serves; both are ready
	// before the first request.
	var table *web.Web
	var announcer *web.Announcer
	if cfg.Web.URL != nil {
		hc.TableLink = func(where protocol.Location, who protocol.User, game string, lang words.Lang) (string, error) {
			return table.Link(where, who, game, lang)
		}
		// Every replica hears every stored change (the store's Changes)
		// and redraws the pages it holds.
		announcer = web.NewAnnouncer(store, log.With("component", "web"))
		hc.OnStored = func(s bot.Stored) { announcer.Changed(s.Change()) }
	}
	host := bot.New(store, hc)

	// Discord's session is made first: the Activity's sign-in, in the web
	// table, calls Discord through it.
	var ds *discordgo.Session
	if cfg.Discord.enabled() {
		if ds, err = discordSession(cfg.Discord); err != nil {
			return err
		}
	}
	var activity *discord.Activity
	mux := http.NewServeMux()
	if cfg.Web.URL != nil {
		wc := web.Config{Secret: []byte(cfg.Web.Secret), Base: cfg.Web.URL.String(), Log: log.With("component", "web")}
		if cfg.Discord.Activity {
			// Inside Discord the page is served from the app's own host,
			// through Discord's proxy (docs/activity.md).
			activity = discord.NewActivity(ds, cfg.Discord.AppID, cfg.Discord.ClientSecret)
			wc.Activity = activity
			wc.Origins = []string{cfg.Discord.AppID + ".discordsays.com"}
		}
		if table, err = web.New(host, store, wc); err != nil {
			return err
		}
		defer table.Close()
		mux.Handle(cfg.Web.URL.Path, table)
	}
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, _ *http.Request) { fmt.Fprintln(w, "ok") })
	creds := newCredentials()
	mux.HandleFunc("/readyz", readyz(store, creds))
	mux.Handle("/metrics", m.Handler())
	deliver := map[string]func(context.Context, protocol.Outbound){}
	// The host's own sends first: each finishes and is recorded, then the
	// games are left for the next replica at once.
	drains := []func(context.Context) error{host.Drain}
	g, gctx := errgroup.WithContext(ctx)
	if table != nil {
		g.Go(func() error { return announcer.Run(gctx) })
		g.Go(func() error { return table.Follow(gctx, store) })
	}
	if cfg.Discord.enabled() {
		s := ds
		g.Go(func() error { return creds.check(gctx, "discord", askDiscord(s, cfg.Discord.AppID), log) })
		if activity != nil {
			g.Go(func() error { return creds.check(gctx, "discord-activity", askActivity(s, activity), log) })
		}
		key, _ := hex.DecodeString(cfg.Discord.PublicKey)
		a := discord.New(s, host, store, discord.Config{AppID: cfg.Discord.AppID, PublicKey: key,
			GuildID: cfg.Discord.GuildID, Log: log.With("platform", "discord"), Activity: cfg.Discord.Activity,
			Failed: func(code string) { m.DeliveryFailed("discord", code) }, Cut: func(what string) { m.TextCut("discord", what) }})
		deliver["discord"] = a.Deliver
		host.AddPlatform("discord", a.Platform())
		m.InFlight("discord", a.InFlight)
		drains = append(drains, a.Drain)
		g.Go(func() error {
			// Registration talks to Discord; serving does not wait for it.
			if changed, err := a.Register(); err != nil {
				var refused *discordgo.RESTError
				if errors.As(err, &refused) && refused.Response != nil && refused.Response.StatusCode == http.StatusUnauthorized {
					// The credentials check names the refused token.
					log.Debug("registering /sushigo failed: the token was refused", "err", err)
				} else {
					log.Error("registering /sushigo failed", "err", err)
				}
			} else {
				log.Info("/sushigo registered", "changed", changed, "guild", cfg.Discord.GuildID)
			}
			return nil
		})
		if cfg.Discord.Mode == "http" {
			mux.Handle("/discord/interactions", a)
		} else {
			g.Go(func() error { return namedRefusal(a.Run(gctx), "DISCORD_TOKEN", "Discord") })
		}
	}
	if cfg.Slack.enabled() {
		// Every call to Slack has a deadline: a hung call must not hold a
		// delivery (or a request's answer) for good.
		opts := []slackapi.Option{slack.Retries(), slackapi.OptionHTTPClient(&http.Client{Timeout: platformCallTimeout})}
		if cfg.Slack.APIURL != "" {
			opts = append(opts, slackapi.OptionAPIURL(cfg.Slack.APIURL))
		}
		if cfg.Slack.Mode == "socket" {
			opts = append(opts, slackapi.OptionAppLevelToken(cfg.Slack.AppToken))
		}
		api := slackapi.New(cfg.Slack.BotToken, opts...)
		g.Go(func() error { return creds.check(gctx, "slack", askSlack(api), log) })
		a := slack.New(api, host, slack.Config{SigningSecret: cfg.Slack.SigningSecret, Seen: store, Log: log.With("platform", "slack"),
			HTTP:   &http.Client{Timeout: platformCallTimeout},
			Failed: func(code string) { m.DeliveryFailed("slack", code) }, Cut: func(what string) { m.TextCut("slack", what) }})
		deliver["slack"] = a.Deliver
		host.AddPlatform("slack", a.Platform())
		m.InFlight("slack", a.InFlight)
		drains = append(drains, a.Drain)
		if cfg.Slack.Mode == "http" {
			mux.Handle("/slack/commands", a.Commands())
			mux.Handle("/slack/interactivity", a.Interactivity())
			mux.Handle("/slack/events", a.Events())
		} else {
			g.Go(func() error {
				return namedRefusal(a.RunSocketMode(gctx, socketmode.New(api)), "SLACK_APP_TOKEN", "Slack")
			})
		}
	}
	srv := newServer(cfg.HTTPAddr, mux, serverTimeouts)
	g.Go(func() error {
		log.Info("listening", "addr", cfg.HTTPAddr)
		if err := srv.ListenAndServe(); !errors.Is(err, http.ErrServerClosed) {
			return fmt.Errorf("http: %w", err)
		}
		return nil
	})
	g.Go(func() error {
		tickLoop(gctx, host, host.Wake(), deliver, log, time.Second)
		return nil
	})
	g.Go(func() error {
		<-gctx.Done()
		// Stop accepting, finish the requests in flight, then let their
		// deliveries go out, each for a bounded time; the store closes after.
		log.Info("shutting down")
		sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
		defer cancel()
		if err := srv.Shutdown(sctx); err != nil {
			log.Warn("requests still in flight at shutdown", "err", err)
		}
		for _, drain := range drains {
			if err := drain(sctx); err != nil {
				log.Warn("deliveries still running at shutdown", "err", err)
			}
		}
		return nil
	})
	if err := g.Wait(); err != nil && ctx.Err() == nil {
		return err
	}
	return nil
}

// shutdownGrace bounds each stage of a shutdown (requests, deliveries).
const shutdownGrace = 10 * time.Second

// timeouts bound each phase of an HTTP connection.
type timeouts struct{ header, read, write, idle time.Duration }

// serverTimeouts: platforms send small requests and expect answers within
// 3 seconds, so nothing legitimate comes close.
var serverTimeouts = timeouts{header: 5 * time.Second, read: 10 * time.Second, write: 20 * time.Second, idle: 60 * time.Second}

// newServer is the HTTP server with every timeout set: a client that
// trickles its headers or body, or never reads the answer, is cut off.
func newServer(addr string, h http.Handler, t timeouts) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: t.header,
		ReadTimeout:       t.read,
		WriteTimeout:      t.write,
		IdleTimeout:       t.idle,
		MaxHeaderBytes:    64 << 10,
	}
}

// readyz answers 200 while the store takes writes and every platform has
// accepted serve's credentials (creds; nil: none to wait for), 503 with
// the reason otherwise.
func readyz(store storage.Health, creds *credentials) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if creds != nil {
			if why := creds.notReady(); why != "" {
				http.Error(w, "platform not ready: "+why, http.StatusServiceUnavailable)
				return
			}
		}
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		if err := store.Ping(ctx); err != nil {
			http.Error(w, "store unavailable: "+err.Error(), http.StatusServiceUnavailable)
			return
		}
		fmt.Fprintln(w, "ready")
	}
}

// ticker is the part of the host the timer loop drives.
type ticker interface {
	Tick(ctx context.Context) ([]protocol.Outbound, error)
}

// tickLoop fires the host's timers and sends its pending deliveries every
// interval, and at once when wake says deliveries are waiting; deliveries a
// timer returns go to the adapter of their platform.
func tickLoop(ctx context.Context, host ticker, wake <-chan struct{}, deliver map[string]func(context.Context, protocol.Outbound), log *slog.Logger, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	down := false
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-wake:
		}
		out, err := host.Tick(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			// One line when the store goes away and one when it is back,
			// not one a tick.
			if !down {
				log.Error("timers stopped: the store does not answer", "err", err)
				down = true
			}
			continue
		}
		if down {
			log.Info("timers running again: the store answers")
			down = false
		}
		for _, o := range out {
			if d, ok := deliver[o.Where.Platform]; ok {
				d(ctx, o)
			} else {
				log.Warn("timer delivery for a platform not served here", "platform", o.Where.Platform)
			}
		}
	}
}

// parseDeals reads --deals: seeds separated by commas or spaces, or
// @FILE with one per line ("" is none: the arena numbers its own).
func parseDeals(v string) ([]uint64, error) {
	if name, ok := strings.CutPrefix(v, "@"); ok {
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, fmt.Errorf("arena deals: %w", err)
		}
		v = string(data)
	}
	var deals []uint64
	for _, f := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || unicode.IsSpace(r) }) {
		d, err := strconv.ParseUint(f, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("arena deals: %q is not a deal seed", f)
		}
		deals = append(deals, d)
	}
	return deals, nil
}

// systemLang is the language the system's locale asks for (LC_ALL, then
// LC_MESSAGES, then LANG, as POSIX orders them), else English.
func systemLang(getenv func(string) string) words.Lang {
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if loc := getenv(v); loc != "" {
			return words.Match(loc).Or(words.English)
		}
	}
	return words.English
}

// languageList names the languages --lang takes.
func languageList() string {
	var codes []string
	for _, l := range words.Languages() {
		codes = append(codes, l.Code())
	}
	return strings.Join(codes, ", ")
}
