package bot

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/review"
	"github.com/sushigo/sushigo/engine/strategy"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/record"
	"github.com/sushigo/sushigo/storage"
)

// A deadlineKind is one kind of deadline the timer loop runs, told by its
// key's prefix: what runs it, how, and what its failure logs.
type deadlineKind struct {
	prefix string
	runs   runMode
	run    func(b *Bot, ctx context.Context, c storage.Claim, key string, now time.Time) (protocol.Outbound, error)
	failed string
}

// runMode is how Tick runs a kind: in the loop, beside it, or as a game's
// deliveries (in a bounded flush slot of their own).
type runMode uint8

const (
	runInline runMode = iota
	runAside
	runFlush
)

// deadlineKinds lists every kind; a key matching no prefix is a game's
// own timer (lobby expiry, reminders, auto-picks).
// Not player words: the labels are the log's.
var deadlineKinds = []deadlineKind{
	{prefix: record.OutboxPrefix, runs: runFlush, failed: "sending deliveries failed"},
	{prefix: resultPrefix, run: func(b *Bot, ctx context.Context, c storage.Claim, key string, _ time.Time) (protocol.Outbound, error) {
		return b.resultClaimed(ctx, c, key)
	}, failed: "recording a result failed"},
	{prefix: homePrefix, run: func(b *Bot, ctx context.Context, c storage.Claim, key string, _ time.Time) (protocol.Outbound, error) {
		return protocol.Outbound{}, b.homesClaimed(ctx, c, key)
	}, failed: "refreshing home pages failed"},
	{prefix: votePrefix, run: (*Bot).voteClaimed, failed: "closing a vote failed"},
	{prefix: redoPrefix, run: func(b *Bot, ctx context.Context, c storage.Claim, _ string, now time.Time) (protocol.Outbound, error) {
		b.redoClaimed(ctx, c, now)
		return protocol.Outbound{}, nil
	}},
	{prefix: reviewPrefix, run: (*Bot).reviewClaimed, failed: "queueing a review failed"},
	{prefix: thinkPrefix, runs: runAside, run: func(b *Bot, ctx context.Context, c storage.Claim, key string, _ time.Time) (protocol.Outbound, error) {
		return b.thinkClaimed(ctx, c, key)
	}, failed: "bots' thinking failed"},
}

// gameTimer is the kind of a key without a prefix.
// Not player words: the label is the log's.
var gameTimer = deadlineKind{run: (*Bot).fireAndComplete, failed: "timer failed"}

// deadlineKindOf is the kind of a deadline's key and the key without its
// prefix.
func deadlineKindOf(k string) (deadlineKind, string) {
	for _, kind := range deadlineKinds {
		if key, ok := strings.CutPrefix(k, kind.prefix); ok {
			return kind, key
		}
	}
	return gameTimer, k
}

// fireAndComplete fires a game's timer and, once it has, completes the
// claim; a failed one stays claimed and comes back after the lease.
func (b *Bot) fireAndComplete(ctx context.Context, c storage.Claim, _ string, now time.Time) (protocol.Outbound, error) {
	o, err := b.fire(ctx, c, now)
	if err != nil {
		return protocol.Outbound{}, err
	}
	if err := b.store.Complete(ctx, c); err != nil {
		b.log.Error("completing timer", "game", c.Key, "err", err)
	}
	return o, nil
}

// Tick fires every due deadline (lobby expiry, turn reminders, auto-picks)
// and returns what to deliver, per game. Call it every second or so from
// each replica: the store hands each deadline to exactly one of them.
func (b *Bot) Tick(ctx context.Context) ([]protocol.Outbound, error) {
	now := b.now()
	claims, err := b.store.ClaimDue(ctx, now, b.cfg.ClaimLease, 100)
	if err != nil {
		return nil, fmt.Errorf("tick: %w", err)
	}
	var out []protocol.Outbound
	var outMu sync.Mutex
	// Games' deliveries go out side by side, a bounded number at once
	// across ticks (record.Keeper.Claimed): a platform that takes a second
	// per message, or stalls, must not make every other game wait behind
	// one. Tick waits for them at most Config.FlushWait; a stalled one
	// carries on alone, bounded by the claim's lease, and its game's next
	// deliveries wait for it.
	var sending, flushes sync.WaitGroup
	keep := func(o protocol.Outbound) {
		if len(o.Response.Deliveries) > 0 {
			outMu.Lock()
			out = append(out, o)
			outMu.Unlock()
		}
	}
	for _, c := range claims {
		b.cfg.Metrics.TimerLag(now.Sub(c.Due))
		kind, key := deadlineKindOf(c.Key)
		switch kind.runs {
		case runFlush:
			flushes.Add(1)
			b.rec.Claimed(ctx, c, key, now, flushes.Done)
		case runAside:
			// Games' bots think side by side; thinkAll bounds the work
			// by the cores.
			sending.Add(1)
			go func() {
				defer sending.Done()
				o, err := kind.run(b, ctx, c, key, now)
				if err != nil {
					b.log.Error(kind.failed, "game", key, "err", err)
					return
				}
				keep(o)
			}()
		default:
			o, err := kind.run(b, ctx, c, key, now)
			if err != nil {
				// Left claimed: it comes back after the lease.
				b.log.Error(kind.failed, "game", key, "err", err)
			}
			keep(o)
		}
	}
	sending.Wait()
	b.waitFlushes(&flushes)
	return append(out, b.takeReviewed()...), nil
}

// waitFlushes waits for this tick's deliveries: until they are done, or at
// most Config.FlushWait when it is set.
func (b *Bot) waitFlushes(wg *sync.WaitGroup) {
	if b.cfg.FlushWait == 0 {
		wg.Wait()
		return
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	t := time.NewTimer(b.cfg.FlushWait)
	defer t.Stop()
	select {
	case <-done:
	case <-t.C:
	}
}

func (b *Bot) fire(ctx context.Context, c storage.Claim, now time.Time) (protocol.Outbound, error) {
	var o protocol.Outbound
	resp, err := b.update(ctx, c.Key, func(st *gameRecord) (effect, error) {
		if st == nil {
			return effect{}, nil
		}
		o.Where, o.Game = st.Where, st.ID
		switch st.Phase {
		case phaseLobby:
			expires := st.Created.Add(b.cfg.LobbyTTL)
			if now.Before(expires) {
				return effect{schedule: expires}, nil
			}
			v := protocol.View{Screen: protocol.ScreenTable, Title: st.Lang.Say("timer.lobbyExpired", gameTitle(st.snap())), Tone: protocol.ToneOver,
				Text: st.Lang.Say("timer.nobodyStartedThisGameWithin", st.Lang.Duration(b.cfg.LobbyTTL))}
			return effect{remove: true, resp: protocol.Response{Deliveries: refreshTable(protocol.Request{}, st, v, now)}}, nil
		case phasePlaying:
			if st.Opts.Timer <= 0 {
				return b.nudge(st, now)
			}
			return b.turnTimer(st, now)
		}
		return effect{}, nil
	})
	o.Response = resp
	return o, err
}

// turnClock is the record's part that times the turn: when it began, and
// whether its late players were reminded, or a nudge is pending.
type turnClock struct {
	// TurnStart is when the current turn began (for the timer).
	TurnStart time.Time `json:"ts,omitzero"`
	Reminded  bool      `json:"rem,omitempty"`
	// Nudging is set while a game without a timer has its nudge's deadline
	// pending.
	Nudging bool `json:"nd,omitempty"`
}

// restart starts a new turn's clock at now.
func (c *turnClock) restart(now time.Time) { c.TurnStart, c.Reminded = now, false }

// ends is when a turn of limit runs out: zero without a limit or a turn.
func (c *turnClock) ends(limit time.Duration) time.Time {
	if limit <= 0 || c.TurnStart.IsZero() {
		return time.Time{}
	}
	return c.TurnStart.Add(limit)
}

// next is when a turn of limit next needs the timer: the reminder at half
// time, then the end.
func (c *turnClock) next(limit time.Duration) time.Time {
	if !c.Reminded {
		return c.TurnStart.Add(limit / 2)
	}
	return c.TurnStart.Add(limit)
}

// over reports whether a turn of limit has run out at now.
func (c *turnClock) over(now time.Time, limit time.Duration) bool {
	return !now.Before(c.TurnStart.Add(limit))
}

// remindNow reports whether a turn of limit is half over at now with
// nobody reminded yet, and marks it reminded.
func (c *turnClock) remindNow(now time.Time, limit time.Duration) bool {
	if c.Reminded || now.Before(c.TurnStart.Add(limit/2)) {
		return false
	}
	c.Reminded = true
	return true
}

func (b *Bot) turnTimer(st *gameRecord, now time.Time) (effect, error) {
	limit := time.Duration(st.Opts.Timer) * time.Second
	waiting, what := st.waitingSeats()
	switch {
	case len(waiting) == 0:
		return effect{}, nil
	case st.turnClock.over(now, limit):
		return b.autoPick(st, waiting)
	case st.turnClock.remindNow(now, limit):
		left := st.TurnStart.Add(limit).Sub(now).Round(time.Second)
		text := st.Lang.Say("timer.sLeftToSOr", st.Lang.Duration(left), what)
		return effect{save: true, schedule: b.nextDeadline(st), resp: protocol.Response{Deliveries: st.remind(waiting, text)}}, nil
	}
	return effect{schedule: b.nextDeadline(st)}, nil
}

// nudge reminds, once a turn, the people a game without a timer has waited
// on for Config.Nudge: nobody is auto-picked, but nobody is forgotten. The
// deadline follows the game from wait to wait while one is pending
// (Nudging); once it nudged, the next wait sets it again.
func (b *Bot) nudge(st *gameRecord, now time.Time) (effect, error) {
	waiting, what := st.waitingSeats()
	at := st.TurnStart.Add(b.cfg.Nudge)
	switch {
	case b.cfg.Nudge <= 0 || st.Reminded || len(waiting) == 0:
		st.Nudging = false
		return effect{save: true}, nil
	case now.Before(at):
		return effect{schedule: at}, nil
	}
	st.Reminded, st.Nudging = true, false
	return effect{save: true, resp: protocol.Response{Deliveries: st.remind(waiting, nudgeText(st, waiting, what, now.Sub(st.TurnStart)))}}, nil
}

// autoPick chooses for players the timer ran out on, with the heuristic
// player, and gives a bot the seat of anyone auto-picked twice in a row.
func (b *Bot) autoPick(st *gameRecord, waiting []int) (effect, error) {
	g := st.game
	h := strategy.NewHeuristic()
	var notes []string
	d, deciding := g.Decision()
	subs := make([]engine.Submission, len(waiting))
	for k, i := range waiting {
		s := &st.Seats[i]
		if !deciding {
			subs[k] = h.Choose(g.View(i))
		}
		s.Idle++
		// The only person at the table is never replaced by a bot: there
		// is nobody to play on with, and in the terminal nobody can `join`.
		if s.Idle >= 2 && st.humans() > 1 {
			st.markLeft(i)
			notes = append(notes, st.Lang.Say("timer.sWasAutoPickedTwice", s.shown(st.Lang)))
			b.handOver(st, s.User)
		} else {
			// A decision left open is answered, a card picked.
			picked := "timer.timeSUpIPicked"
			if deciding {
				picked = "timer.timeSUpIChose"
			}
			notes = append(notes, agree(st.Lang, s.shown(st.Lang), picked))
		}
	}
	var posts []protocol.Delivery
	revealed := false
	if deciding {
		// The heuristic answers the decision the player left open.
		a := strategy.Answer(h, g.View(d.Seat))
		shown, r, err := b.act(st, notes, review.Move{Seat: d.Seat, Answer: a, Decide: true})
		if err != nil {
			return effect{}, fmt.Errorf("auto-answer for seat %d of %s: %w", d.Seat, st.ID, err)
		}
		posts, revealed = shown, r
	}
	for k, i := range waiting {
		if deciding {
			break
		}
		shown, r, err := b.submit(st, i, subs[k], notes)
		if err != nil {
			return effect{}, fmt.Errorf("auto-pick for seat %d of %s: %w", i, st.ID, err)
		}
		posts, revealed = append(posts, shown...), revealed || r
	}
	more, again := b.advance(st, nil)
	if st.humans() == 0 && st.Phase != phaseOver {
		return b.quitAll(protocol.Request{}, st, st.Lang.Say("timer.nobodyIsPlayingAnyMore"))
	}
	return b.afterPlay(protocol.Request{}, st, protocol.Response{Deliveries: b.settle(protocol.Request{}, st, append(posts, more...), revealed || again)})
}
