// Package bot is the sushigo host: lobby, commands, turn flow, timers, bot
// seats, authorization, leaderboards and platform-neutral views. It keeps
// every game in a storage.Store and returns what to show, to whom, as
// values; the adapters deliver them. It never calls a chat platform.
package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/strategy"
	"github.com/sushigo/sushigo/storage"
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
	// ClaimLease is how long a claimed deadline (and a game's delivery
	// lock) stays hidden from other replicas: one that dies mid-way hands
	// it back after this (30 s).
	ClaimLease time.Duration
	// Nudge is how long a game without a turn timer waits on a player
	// before reminding them, once a turn (10 minutes; negative: never).
	Nudge time.Duration
	// Hands is the default hand route per platform (ephemeral).
	Hands map[string]HandsVia
	// Metrics receives operators' counters (none).
	Metrics Metrics
	// Senders, by platform, make that platform's posts and edits durable
	// (outbox.go). A platform without one gets them in the Response.
	Senders map[string]Sender
	// Redo, by platform, handles again a request an adapter parked and no
	// replica finished (redo.go).
	Redo map[string]func(ctx context.Context, id string, payload []byte) error
	// ThinkInline lets searching bots choose during the request that needs
	// them, as the terminal game does; a server leaves it off, so they
	// think off the request path (think.go).
	ThinkInline bool
	// Homes, by platform, publish a player's home page when one of their
	// games ends (Slack's App Home).
	Homes map[string]HomePublisher
	// MinRatedGames is how many rated games a player needs before the
	// board ranks them by rating (3).
	MinRatedGames int
}

// Bot is the host. It is safe for concurrent use: all its state is in the
// store.
type Bot struct {
	store storage.Store
	cfg   Config
	now   func() time.Time
	seed  func() uint64
	log   *slog.Logger
	wake  chan struct{}
	// thinking bounds the searching bots thinking at once, across games.
	thinking chan struct{}
	// flushing bounds the games whose deliveries go out at once, across
	// ticks.
	flushing chan struct{}
	// sends run this replica's deliveries (send.go): the games being sent
	// (true: changed again meanwhile), every flush under way, and the
	// context they send in, cancelled only when Drain gives up.
	sendMu   sync.Mutex
	sending  map[string]bool
	locked   map[string]bool // games whose send lock this replica holds
	flushes  sync.WaitGroup
	sendCtx  context.Context
	abort    context.CancelFunc
	stopping atomic.Bool
	// failing logs a run of failed requests once (report).
	failing Outage
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
	if cfg.Metrics == nil {
		cfg.Metrics = noMetrics{}
	}
	sendCtx, abort := context.WithCancel(context.Background())
	return &Bot{store: store, cfg: cfg, now: cfg.Now, seed: cfg.Seed, log: cfg.Log, wake: make(chan struct{}, 1),
		sending: map[string]bool{}, locked: map[string]bool{}, sendCtx: sendCtx, abort: abort,
		// One core is left to requests: bots thinking on every core would
		// keep a click waiting behind them for the scheduler's 10 ms slices.
		thinking: make(chan struct{}, max(1, runtime.GOMAXPROCS(0)-1)),
		flushing: make(chan struct{}, flushWorkers)}
}

// refusal is a user-facing "no": shown privately to the user, never logged
// as a failure.
type refusal struct{ msg string }

func (r *refusal) Error() string { return r.msg }

func refuse(format string, a ...any) error { return &refusal{fmt.Sprintf(format, a...)} }

// Handle does what req asks and returns what to deliver. A refusal (not your
// card, stale button, bad command…) comes back as a private reply with a nil
// error. Any other failure returns a generic private reply and the error, for
// the adapter to log once with its request context.
func (b *Bot) Handle(ctx context.Context, req Request) (Response, error) {
	start := time.Now()
	resp, err := b.handle(withRequestID(ctx, req.ID), req)
	resp.Deliveries = repliesFirst(resp.Deliveries)
	if resp.Where.Channel == "" {
		resp.Where = req.Where
	}
	var r *refusal
	var u *UsageError
	outcome := "error"
	defer func() { b.cfg.Metrics.Action(req.Where.Platform, actionName(req.Action), outcome, time.Since(start)) }()
	switch {
	case err == nil:
		outcome = "ok"
	case errors.As(err, &r):
		outcome, resp, err = "refused", privateReply(req, notice(r.msg)), nil
	case errors.As(err, &u):
		outcome, resp, err = "refused", privateReply(req, notice(u.Msg)), nil
	default:
		resp = privateReply(req, View{Screen: ScreenNotice, Title: "Something went wrong", Text: "Sorry — that didn't work. Please try again in a moment.", Tone: ToneError})
		err = b.report(req, err)
	}
	if err == nil {
		b.failing.Succeeded(b.log, "requests succeed again")
	}
	speakAll(req.Where.Platform, resp.Deliveries)
	return resp, err
}

// Reported is a request's failure the host has logged already: once when
// failures begin (a store outage fails every request), then at debug level
// until a request succeeds. Adapters need not log it again.
type Reported struct{ Err error }

func (r *Reported) Error() string { return r.Err.Error() }
func (r *Reported) Unwrap() error { return r.Err }

// report logs a request's failure once per run of failures.
func (b *Bot) report(req Request, err error) error {
	b.failing.Failed(b.log, "requests are failing", "platform", req.Where.Platform,
		"channel", req.Where.Channel, "user", req.Who.ID, "action", actionName(req.Action), "err", err)
	return &Reported{Err: err}
}

// actionName is the metric label of an action: its type, lower case.
func actionName(a Action) string {
	if a == nil {
		return "none"
	}
	n := fmt.Sprintf("%T", a)
	return strings.ToLower(n[strings.LastIndexByte(n, '.')+1:])
}

// repliesFirst moves replies to the front, keeping order otherwise: a
// platform answers the triggering interaction before anything else.
func repliesFirst(ds []Delivery) []Delivery {
	out := make([]Delivery, 0, len(ds))
	for _, d := range ds {
		if d.Kind == Reply {
			out = append(out, d)
		}
	}
	for _, d := range ds {
		if d.Kind != Reply {
			out = append(out, d)
		}
	}
	return out
}

func privateReply(req Request, v View) Response {
	return Response{Deliveries: []Delivery{{Kind: Reply, To: Private(req.Who.ID), View: v}}}
}

func notice(msg string) View { return View{Text: msg, Tone: ToneError} }

// locationTTL bounds how long a game's location is remembered for clicks
// that come from a DM, where the platform does not say which channel the
// game is in.
const locationTTL = 7 * 24 * time.Hour

func locationKey(gameID string) string { return "game-location:" + gameID }

// resolve fills in the location of a click from a private message from the
// game ID its button carries.
func (b *Bot) resolve(ctx context.Context, req *Request) error {
	if req.Where.Channel != "" {
		return nil
	}
	g, ok := req.Action.(interface{ game() string })
	if !ok || g.game() == "" {
		return refuse("Use this command in the channel where the game is.")
	}
	data, err := b.store.GetRecord(ctx, locationKey(g.game()))
	if errors.Is(err, storage.ErrNotFound) {
		return refuse("That game has ended.")
	}
	if err != nil {
		return fmt.Errorf("locate game %s: %w", g.game(), err)
	}
	var loc Location
	if err := json.Unmarshal(data, &loc); err != nil {
		return fmt.Errorf("locate game %s: %w", g.game(), err)
	}
	req.Where = loc
	return nil
}

func (b *Bot) handle(ctx context.Context, req Request) (Response, error) {
	if err := b.resolve(ctx, &req); err != nil {
		return Response{}, err
	}
	switch a := req.Action.(type) {
	case NewGame:
		return b.newGame(ctx, req, a.Options, nil)
	case Join:
		return b.inGame(ctx, req, a.Game, b.join)
	case Leave:
		return b.inGame(ctx, req, a.Game, b.leave)
	case Start:
		return b.inGame(ctx, req, a.Game, b.start)
	case SetMenu:
		return b.inGame(ctx, req, a.Game, func(req Request, st *state) (change, error) { return b.setMenu(req, st, a) })
	case Answer:
		return b.inGame(ctx, req, a.Game, func(req Request, st *state) (change, error) { return b.answer(req, st, a) })
	case AddBot:
		return b.inGame(ctx, req, a.Game, func(req Request, st *state) (change, error) { return b.addBots(req, st, a.N, a.Level) })
	case Kick:
		return b.inGame(ctx, req, "", func(req Request, st *state) (change, error) { return b.kick(req, st, a.Player) })
	case ShowHand:
		return b.inGame(ctx, req, a.Game, b.showHand)
	case Pick:
		return b.inGame(ctx, req, a.Game, func(req Request, st *state) (change, error) { return b.pick(req, st, a) })
	case Change:
		return b.inGame(ctx, req, a.Game, func(req Request, st *state) (change, error) {
			return b.pick(req, st, Pick{Game: a.Game, Round: a.Round, Turn: a.Turn})
		})
	case End:
		return b.inGame(ctx, req, a.Game, b.end)
	case EndVote:
		return b.inGame(ctx, req, a.Game, func(req Request, st *state) (change, error) { return b.vote(req, st, a) })
	case Rematch:
		return b.rematch(ctx, req, a.Game)
	case Status:
		return b.read(ctx, req, func(st *state) View { return tableView(st, b.now()) })
	case Scores:
		return b.read(ctx, req, scoresView)
	case Leaderboard:
		return b.leaderboard(ctx, req, a)
	case Stats:
		return b.stats(ctx, req, a)
	case History:
		return b.history(ctx, req, a)
	case PastGame:
		return b.pastGame(ctx, req, a)
	case Rules:
		if a.Card == "" {
			if m, ok := b.partyMenu(ctx, req.Where); ok {
				return privateReply(req, partyRulesView(m)), nil
			}
		}
		return privateReply(req, rulesIn(a.Card, b.variant(ctx, req.Where))), nil
	case ChannelSettings:
		return b.channelSettings(ctx, req, a)
	case Help:
		return privateReply(req, helpView(req.Where.Platform)), nil
	case nil:
		return Response{}, &UsageError{"Nothing to do. " + shortUsage}
	}
	return Response{}, fmt.Errorf("bot: unhandled action %T", req.Action)
}

// inGame runs fn on the channel's game, refusing when there is none or when
// a button belongs to another game than the current one.
func (b *Bot) inGame(ctx context.Context, req Request, gameID string, fn func(Request, *state) (change, error)) (Response, error) {
	return b.update(ctx, req.Where.Key(), func(st *state) (change, error) {
		if st == nil {
			if gameID != "" {
				return change{}, refuse("That game has ended. Start a new one with `new`.")
			}
			return change{}, refuse("There is no game in this channel. Start one with `new`.")
		}
		if gameID != "" && gameID != st.ID {
			return change{}, refuse("That button belongs to a game that has ended.")
		}
		return fn(req, st)
	})
}

// read shows a private view of the channel's game.
func (b *Bot) read(ctx context.Context, req Request, view func(*state) View) (Response, error) {
	data, _, err := b.store.LoadGame(ctx, req.Where.Key())
	if errors.Is(err, storage.ErrNotFound) {
		return Response{}, refuse("There is no game in this channel. Start one with `new`.")
	}
	if err != nil {
		return Response{}, fmt.Errorf("load %s: %w", req.Where.Key(), err)
	}
	st, err := decodeState(data)
	if err != nil {
		return Response{}, err
	}
	return privateReply(req, view(st)), nil
}

// isClick reports whether the request came from a button (as opposed to a
// typed command): buttons carry their game's ID.
func isClick(req Request) bool {
	g, ok := req.Action.(interface{ game() string })
	return ok && g.game() != ""
}

// refreshTable updates the public table (or lobby) message: through the
// click when the button was on it, else by editing the remembered message,
// else by posting a new one and remembering it.
func refreshTable(req Request, st *state, v View, now time.Time) []Delivery {
	if isClick(req) && !req.FromPrivate {
		return []Delivery{{Kind: Reply, To: Channel, Replace: true, View: v}}
	}
	if st.Table.Usable(now) {
		return []Delivery{{Kind: Edit, To: Channel, Ref: st.Table, View: v}}
	}
	return []Delivery{{Kind: Post, To: Channel, Slot: SlotTable, View: v}}
}

// warnMenu tells whoever changed the seats, privately, when the menu no
// longer suits them (a typed command's acknowledgement already says so).
func warnMenu(req Request, st *state, ds []Delivery) []Delivery {
	w := st.menuWarning()
	if w == "" || slices.ContainsFunc(ds, func(d Delivery) bool { return d.Kind == Reply && !d.To.IsPublic() }) {
		return ds
	}
	return append(ds, Delivery{Kind: Reply, To: Private(req.Who.ID), View: View{Text: strings.TrimSpace(w), Tone: ToneInfo}})
}

// withAck adds a private confirmation for typed commands, whose only other
// delivery may be an edit of another message.
func withAck(req Request, ds []Delivery, msg string) []Delivery {
	for _, d := range ds {
		if d.Kind == Reply {
			return ds
		}
	}
	return append(ds, Delivery{Kind: Reply, To: Private(req.Who.ID), View: View{Text: msg, Tone: ToneInfo}})
}

func newID(seed uint64) string {
	return strconv.FormatUint(seed, 36)
}

// newID names a new game: Config.NewID, else from the seed.
func (b *Bot) newID() string {
	if b.cfg.NewID != nil {
		return b.cfg.NewID()
	}
	return newID(b.seed())
}

var botNames = []string{"Maki-bot", "Wasabi-bot", "Tempura-bot", "Dumpling-bot", "Pudding-bot", "Tofu-bot", "Onigiri-bot", "Edamame-bot"}

func (b *Bot) options(req Request, o Options) Options {
	if o.Timer < 0 {
		o.Timer = max(0, int(b.cfg.Timer/time.Second))
	}
	if o.Pass == 0 {
		o.Pass = engine.PassLeft
	}
	if o.Hands == "" {
		o.Hands = b.cfg.Hands[req.Where.Platform]
		if o.Hands == "" {
			o.Hands = HandsEphemeral
		}
	}
	return o
}

// maxSeats is the most seats the options' game takes: the engine says.
func maxSeats(o Options) int {
	if o.Dummy {
		return 2
	}
	_, hi := o.ruleset().Players()
	return hi
}

// newGame opens a lobby; seats prefills it (a rematch).
func (b *Bot) newGame(ctx context.Context, req Request, o Options, seats []seat, invite ...string) (Response, error) {
	o = b.options(req, o)
	if !o.ThreadsChosen || !o.PicturesChosen {
		cs, err := b.settingsOf(ctx, req.Where)
		if err != nil {
			return Response{}, err
		}
		if !o.ThreadsChosen {
			o.NoThreads = cs.Threads == "off"
		}
		if !o.PicturesChosen {
			o.NoPictures = cs.Pictures == "off"
		}
	}
	now := b.now()
	return b.update(ctx, req.Where.Key(), func(old *state) (change, error) {
		if old != nil && old.Phase != phaseOver {
			return change{}, refuse("A game is already %s in this channel (host: %s). Finish it, or the host can `end` it.",
				map[phase]string{phaseLobby: "waiting to start", phasePlaying: "running"}[old.Phase], old.hostName())
		}
		st := &state{ID: b.newID(), Where: req.Where, Phase: phaseLobby, Host: req.Who.ID, Opts: o, Created: now}
		if seats == nil {
			st.Seats = []seat{{User: req.Who.ID, Name: req.Who.Name}}
			for range min(o.Bots, maxSeats(o)-1) {
				st.Seats = append(st.Seats, seat{Name: nextBotName(st), Bot: true})
			}
		} else {
			st.Seats = seats
		}
		v := lobbyView(st)
		if len(invite) > 0 {
			// Mentioned in the new message only: later edits ping nobody.
			v.Mentions = invite
			v.Text = fmt.Sprintf("🔁 **%s** asks for a rematch: press **Join** to play again.\n", req.Who.Name) + v.Text
		}
		loc, err := json.Marshal(req.Where)
		if err != nil {
			return change{}, err
		}
		st.TableSince = now
		return change{save: true, replace: st, schedule: now.Add(b.cfg.LobbyTTL),
			records: []record{{locationKey(st.ID), loc, locationTTL}},
			resp:    Response{Deliveries: []Delivery{{Kind: Reply, To: Channel, Slot: SlotTable, View: v}}}}, nil
	})
}

func (st *state) hostName() string {
	if i := st.seatOf(st.Host); i >= 0 {
		return st.Seats[i].Name
	}
	return "unknown"
}

func (b *Bot) join(req Request, st *state) (change, error) {
	i := st.seatOf(req.Who.ID)
	switch st.Phase {
	case phaseLobby:
		if i >= 0 {
			return change{}, refuse("You're already in this game.")
		}
		if len(st.Seats) >= maxSeats(st.Opts) {
			return change{}, refuse("The table is full (%d seats).", maxSeats(st.Opts))
		}
		st.Seats = append(st.Seats, seat{User: req.Who.ID, Name: req.Who.Name})
		ds := warnMenu(req, st, withAck(req, refreshTable(req, st, lobbyView(st), b.now()), "You joined the game."+st.menuWarning()))
		return change{save: true, resp: Response{Deliveries: ds}}, nil
	case phasePlaying:
		if i < 0 {
			return change{}, refuse("This game has already started. Wait for the next one — or ask for a rematch.")
		}
		s := &st.Seats[i]
		if !s.Bot {
			return change{}, refuse("You're already playing. Press **Show my hand** to see your cards.")
		}
		s.Bot, s.Idle, s.Left = false, 0, 0
		note := fmt.Sprintf("👋 %s is back and takes their seat from the bot.", s.Name)
		if s.Name == "You" {
			note = "👋 You are back and take your seat from the bot."
		}
		st.Notes = append(st.Notes, note)
		ds := b.settle(Request{}, st, nil, false)
		ds = append(ds, Delivery{Kind: Reply, To: Private(req.Who.ID), View: handOrOver(st, i)})
		if st.Opts.Hands == HandsEphemeral {
			s.Hand = req.Reply
		}
		return change{save: true, resp: Response{Deliveries: ds}}, nil
	}
	return change{}, refuse("This game is over. Press **Rematch** or start a new one with `new`.")
}

func (b *Bot) leave(req Request, st *state) (change, error) {
	i := st.seatOf(req.Who.ID)
	if i < 0 {
		return change{}, refuse("You're not in this game.")
	}
	switch st.Phase {
	case phaseLobby:
		st.Seats = append(st.Seats[:i], st.Seats[i+1:]...)
		if st.humans() == 0 {
			v := View{Screen: ScreenTable, Title: "🍣 Sushi Go! — lobby closed", Text: "Everyone left. Start a new game with `new`.", Tone: ToneOver}
			return change{remove: true, cancel: true, resp: Response{Deliveries: withAck(req, refreshTable(req, st, v, b.now()), "You left.")}}, nil
		}
		b.handOver(st, req.Who.ID)
		return change{save: true, resp: Response{Deliveries: withAck(req, refreshTable(req, st, lobbyView(st), b.now()), "You left the game.")}}, nil
	case phasePlaying:
		return b.replaceWithBot(req, st, i, fmt.Sprintf("🚪 %s left; a bot plays their seat (`join` to come back).", st.Seats[i].Name))
	}
	return change{}, refuse("This game is over.")
}

// handOver passes the host role to the first human still seated.
func (b *Bot) handOver(st *state, leaving string) {
	if st.Host != leaving {
		return
	}
	for _, s := range st.Seats {
		if s.human() && s.User != leaving {
			st.Host = s.User
			st.Notes = append(st.Notes, fmt.Sprintf("👑 %s is now the host.", s.Name))
			return
		}
	}
}

func (b *Bot) replaceWithBot(req Request, st *state, i int, note string) (change, error) {
	s := &st.Seats[i]
	if s.Bot {
		return change{}, refuse("A bot already plays that seat.")
	}
	st.markLeft(i)
	st.Notes = append(st.Notes, note)
	b.handOver(st, s.User)
	if st.humans() == 0 {
		return b.quitAll(req, st, "Everyone left, so the game ended.")
	}
	posts, revealed := b.advance(st, nil)
	return b.afterPlay(req, st, Response{Deliveries: withAck(req, b.settle(req, st, posts, revealed), "Done.")})
}

func (b *Bot) addBots(req Request, st *state, n int, level strategy.Level) (change, error) {
	if st.Phase != phaseLobby {
		return change{}, refuse("Bots can only be added before the game starts.")
	}
	if req.Who.ID != st.Host {
		return change{}, refuse("Only the host (%s) can add bots.", st.hostName())
	}
	added := 0
	for range n {
		if len(st.Seats) >= maxSeats(st.Opts) {
			break
		}
		st.Seats = append(st.Seats, seat{Name: nextBotName(st), Bot: true, Level: level})
		added++
	}
	if added == 0 {
		return change{}, refuse("The table is full (%d seats).", maxSeats(st.Opts))
	}
	return change{save: true, resp: Response{Deliveries: warnMenu(req, st, withAck(req, refreshTable(req, st, lobbyView(st), b.now()), "Bot added."+st.menuWarning()))}}, nil
}

func nextBotName(st *state) string {
	for _, n := range botNames {
		if !slicesContainsName(st.Seats, n) {
			return n
		}
	}
	return "Bot " + strconv.Itoa(len(st.Seats)+1)
}

func slicesContainsName(ss []seat, name string) bool {
	for _, s := range ss {
		if s.Name == name {
			return true
		}
	}
	return false
}

func (b *Bot) kick(req Request, st *state, who string) (change, error) {
	if req.Who.ID != st.Host && !req.Who.Admin {
		return change{}, refuse("Only the host (%s) can remove players.", st.hostName())
	}
	i := -1
	for j, s := range st.Seats {
		if (s.User != "" && s.User == who) || equalFold(s.Name, who) {
			i = j
		}
	}
	if i < 0 {
		if platformID.MatchString(who) {
			// A mention: its platform ID means nothing to a reader.
			return change{}, refuse("That player isn't at this table.")
		}
		return change{}, refuse("No player called %q at this table.", who)
	}
	if st.Seats[i].User == req.Who.ID {
		return change{}, refuse("You can't remove yourself — use `leave`.")
	}
	if st.Phase == phaseLobby {
		name := st.Seats[i].Name
		st.Seats = append(st.Seats[:i], st.Seats[i+1:]...)
		return change{save: true, resp: Response{Deliveries: withAck(req, refreshTable(req, st, lobbyView(st), b.now()), name+" was removed.")}}, nil
	}
	if st.Phase != phasePlaying {
		return change{}, refuse("This game is over.")
	}
	return b.replaceWithBot(req, st, i, fmt.Sprintf("🤖 The host handed %s's seat to a bot.", st.Seats[i].Name))
}

func (b *Bot) start(req Request, st *state) (change, error) {
	if st.Phase != phaseLobby {
		return change{}, refuse("This game has already started.")
	}
	if req.Who.ID != st.Host {
		return change{}, refuse("Only the host (%s) can start the game.", st.hostName())
	}
	n := len(st.Seats)
	lo, hi := st.Opts.ruleset().Players()
	switch {
	case st.Opts.Dummy && n != 2:
		return change{}, refuse("The dummy variant needs exactly 2 players (now %d).", n)
	case n < lo:
		return change{}, refuse("You need at least %d players — invite a friend or add a bot.", lo)
	case n > hi:
		return change{}, refuse("At most %d players in %s.", hi, gameName(st.Opts))
	}
	set := engine.Settings{Ruleset: st.Opts.ruleset(), Players: n, Pass: st.Opts.Pass, Dummy: st.Opts.Dummy}
	if st.Opts.Party {
		m, err := b.startMenu(st, n)
		if err != nil {
			return change{}, err
		}
		set.Menu = m
	}
	g, err := engine.New(set, b.seed())
	if err != nil {
		return change{}, fmt.Errorf("start %s: %w", st.ID, err)
	}
	now := b.now()
	st.game, st.Phase, st.TurnStart, st.Notes = g, phasePlaying, now, nil
	posts, _ := b.advance(st, nil)
	ds := b.settle(req, st, posts, true)
	ds = append(ds, startPing(st)...)
	if i := st.seatOf(req.Who.ID); i >= 0 && st.Opts.Hands == HandsEphemeral {
		// The host pressed Start: show them their hand at once.
		hand := Delivery{Kind: Reply, To: Private(req.Who.ID), View: handView(st, i, Pick{})}
		if ds[0].Kind == Reply {
			// A follow-up: the click's handle edits the table it updated,
			// so it must not become this hand's (the table prompts instead).
			ds = append(ds, hand)
		} else {
			ds = append(ds, b.handReply(req, st, i, hand.View))
		}
	}
	return b.afterPlay(req, st, Response{Deliveries: ds})
}

func (b *Bot) end(req Request, st *state) (change, error) {
	if req.Who.ID != st.Host && !req.Who.Admin {
		return change{}, refuse("Only the host (%s) or a channel admin can end the game.", st.hostName())
	}
	if st.Phase == phaseOver {
		return change{remove: true, cancel: true, resp: Response{Deliveries: withAck(req, nil, "The finished game was cleared.")}}, nil
	}
	if st.Phase == phasePlaying && st.rated() {
		return b.askToEnd(req, st)
	}
	v := View{Screen: ScreenTable, Title: gameTitle(st) + " — game ended", Text: fmt.Sprintf("%s ended the game. Start a new one with `new`.", req.Who.Name), Tone: ToneOver}
	// The table says it; whoever typed the command is answered privately
	// (a public answer would say it twice).
	ds := withAck(req, append(refreshTable(req, st, v, b.now()), st.handsEnded()...), "Done: the game is over.")
	return change{remove: true, cancel: true, resp: Response{Deliveries: ds}}, nil
}

// gameTitle names the game played: its tables' titles start with it.
func gameTitle(st *state) string { return lookOf(st).title }

// platformID is what a mention becomes: a Discord snowflake or a Slack
// user ID, which means nothing to a reader.
var platformID = regexp.MustCompile(`^(\d{15,20}|[UW][A-Z0-9]{6,})$`)

// handsEnded turns every private hand message of a game that ended early
// into a note without buttons, so no card looks playable any more.
func (st *state) handsEnded() []Delivery {
	var ds []Delivery
	for i := range st.Seats {
		if s := &st.Seats[i]; s.human() && s.Hand.ID != "" {
			ds = append(ds, Delivery{Kind: Edit, To: Private(s.User), Ref: s.Hand.use(),
				View: View{Screen: ScreenHand, Title: gameTitle(st) + " — game ended", Text: "This game ended early; its cards can no longer be played.", Tone: ToneOver, Channel: st.Where.Channel}})
		}
	}
	return ds
}

func (b *Bot) rematch(ctx context.Context, req Request, gameID string) (Response, error) {
	data, _, err := b.store.LoadGame(ctx, req.Where.Key())
	if errors.Is(err, storage.ErrNotFound) {
		return Response{}, refuse("That game is no longer stored; start a new one with `new`.")
	}
	if err != nil {
		return Response{}, fmt.Errorf("load %s: %w", req.Where.Key(), err)
	}
	old, err := decodeState(data)
	if err != nil {
		return Response{}, err
	}
	if gameID != "" && gameID != old.ID {
		return Response{}, refuse("That button belongs to an older game.")
	}
	if old.Phase != phaseOver {
		return Response{}, refuse("The current game isn't over yet.")
	}
	if old.seatOf(req.Who.ID) < 0 {
		return Response{}, refuse("Only someone who played this game can ask for a rematch — start your own with `new`.")
	}
	// The one who asks hosts; the game's bots keep their seats; the other
	// people are invited, once, and sit down only by pressing Join.
	seats := []seat{{User: req.Who.ID, Name: req.Who.Name}}
	var invite []string
	for _, s := range old.Seats {
		switch {
		case s.User == "":
			seats = append(seats, seat{Name: s.Name, Bot: true, Level: s.Level})
		case s.User != req.Who.ID:
			invite = append(invite, s.User)
		}
	}
	return b.newGame(ctx, req, old.Opts, seats, invite...)
}

// finishEarly ends a game nobody is left to play, without recording it.
func (b *Bot) finishEarly(req Request, st *state, why string) (change, error) {
	v := View{Screen: ScreenTable, Title: gameTitle(st) + " — game ended", Text: why, Tone: ToneOver}
	return change{remove: true, cancel: true, resp: Response{Deliveries: append(refreshTable(req, st, v, b.now()), st.handsEnded()...)}}, nil
}

// Remember stores a message reference an adapter reports for a delivery's
// Slot, so later updates edit that message instead of posting new ones.
func (b *Bot) Remember(ctx context.Context, where Location, gameID, slot string, ref Ref) error {
	_, err := b.update(ctx, where.Key(), func(st *state) (change, error) {
		if st == nil || st.ID != gameID {
			return change{}, nil
		}
		st.remember(slot, ref)
		return change{save: true}, nil // nothing is written when nothing changed
	})
	return err
}

// Discard drops a lobby whose message never appeared (the app may not post
// in the channel), so nobody joins a game nobody can see. A lobby that was
// shown, or a game under way, is kept.
func (b *Bot) Discard(ctx context.Context, where Location, gameID string) error {
	_, err := b.update(ctx, where.Key(), func(st *state) (change, error) {
		if st == nil || st.ID != gameID || st.Phase != phaseLobby || st.Table.ID != "" {
			return change{}, nil
		}
		return change{remove: true, cancel: true}, nil
	})
	return err
}

// Undeliverable records that a private message to user could not be
// delivered (DMs closed): their hands go the ephemeral route from now on. It
// returns the table refresh that tells the channel (without any card).
func (b *Bot) Undeliverable(ctx context.Context, where Location, gameID, user string) (Response, error) {
	return b.update(ctx, where.Key(), func(st *state) (change, error) {
		if st == nil || st.ID != gameID {
			return change{}, nil
		}
		i := st.seatOf(user)
		if i < 0 || st.Seats[i].DMFailed {
			return change{}, nil
		}
		st.Seats[i].DMFailed = true
		st.Seats[i].Hand = Ref{}
		st.Notes = append(st.Notes, fmt.Sprintf("📪 I can't send %s private messages: press **Show my hand** here instead.", st.Seats[i].Name))
		return change{save: true, resp: Response{Deliveries: refreshTable(Request{}, st, tableView(st, b.now()), b.now())}}, nil
	})
}

// variant names the game played in the channel ("party", "dummy",
// "classic"), or "" when there is none to tell.
// partyMenu is the menu of the Party game at where, if one is there.
func (b *Bot) partyMenu(ctx context.Context, where Location) (engine.Menu, bool) {
	data, _, err := b.store.LoadGame(ctx, where.Key())
	if err != nil {
		return engine.Menu{}, false
	}
	st, err := decodeState(data)
	if err != nil || !st.Opts.Party {
		return engine.Menu{}, false
	}
	if st.game != nil {
		return st.game.Settings().Menu, true
	}
	m, err := engine.ParseMenu(st.Opts.Menu)
	return m, err == nil
}

func (b *Bot) variant(ctx context.Context, where Location) string {
	data, _, err := b.store.LoadGame(ctx, where.Key())
	if err != nil {
		return ""
	}
	st, err := decodeState(data)
	if err != nil {
		return ""
	}
	switch {
	case st.Opts.Party:
		return "party"
	case st.Opts.Dummy:
		return "dummy"
	}
	return "classic"
}

// Running reports whether the channel has a game in its lobby or in play.
func (b *Bot) Running(ctx context.Context, where Location) (bool, error) {
	data, _, err := b.store.LoadGame(ctx, where.Key())
	if errors.Is(err, storage.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("load %s: %w", where.Key(), err)
	}
	st, err := decodeState(data)
	if err != nil {
		return false, err
	}
	return st.Phase != phaseOver, nil
}
