package bot

import (
	"context"
	"fmt"
	"time"

	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/record"
	"github.com/sushigo/sushigo/storage"
)

// How a request changes a game: update hands a step (lobby.go, play.go,
// quit.go, timer.go...) the channel's game; the step returns its effect
// (what to show, to whom, and what becomes of the game); package record
// stores it with compare-and-swap; afterWrite does what follows a stored
// change once.

type requestIDKey struct{}

// withRequestID marks ctx as handling the request with platform ID id.
func withRequestID(ctx context.Context, id string) context.Context {
	if id == "" {
		return ctx
	}
	return context.WithValue(ctx, requestIDKey{}, id)
}

func requestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

type awayKey struct{}

// withAway marks ctx as handling a request from outside the channel
// (protocol.Request.Away).
func withAway(ctx context.Context, away bool) context.Context {
	if !away {
		return ctx
	}
	return context.WithValue(ctx, awayKey{}, true)
}

func isAway(ctx context.Context) bool { return ctx.Value(awayKey{}) != nil }

// effect is what an update function decides: deliveries and what to do with
// the stored game.
type effect struct {
	resp     protocol.Response
	save     bool // write st back
	remove   bool // delete the game
	ttl      time.Duration
	schedule time.Time // when set, the game's next deadline
	cancel   bool      // remove the game's deadline
	// side are deadlines of the game's other timers: each Key is a prefix
	// (votePrefix) the game's key completes.
	side   []storage.Deadline
	result *storage.Result
	// records are written after the save succeeded, never for a run that
	// lost the compare-and-swap.
	records []storedRecord
	// replace, when set, is stored instead of the loaded state: a new game
	// in the channel.
	replace *gameRecord
}

// storedRecord is a storage record an update writes once its save
// succeeded.
type storedRecord struct {
	key  string
	data []byte
	ttl  time.Duration
}

// update loads the location's game (nil if there is none), runs fn on it and
// stores the outcome with compare-and-swap (package record), re-running fn
// on a fresh copy after a conflict. Deliveries are returned only for the
// run that stored.
func (b *Bot) update(ctx context.Context, key string, fn func(st *gameRecord) (effect, error)) (protocol.Response, error) {
	var (
		c   effect
		was phase
	)
	away := isAway(ctx)
	saved, err := b.rec.Update(ctx, key, requestID(ctx), func(st *gameRecord, found bool) (record.Write[*gameRecord], error) {
		was = ""
		if found {
			// The change's copy gets its own game before any step reads it
			// into a local: a copy shares its source's until then.
			st.ownedGame()
			was = st.Phase
			st.Queue.Freeze(redrawReveal, func(q record.Queued) (protocol.View, bool) {
				v, ok := st.snap().redraw(q.Draw, q.D.To, b.now())
				return protocol.Spoken(st.plat.Commands, v), ok
			})
		}
		var err error
		if c, err = fn(st); err != nil {
			return record.Write[*gameRecord]{}, err
		}
		if st != nil && len(st.extra) > 0 {
			c.resp.Deliveries = append(c.resp.Deliveries, st.extra...)
			st.extra = nil
		}
		if c.replace != nil {
			st = c.replace
		}
		if c.result != nil && was == phaseOver {
			c.result = nil // recorded when the game ended
		}
		return b.prepare(key, st, &c, away), nil
	})
	if err != nil {
		return protocol.Response{}, err
	}
	st := saved.Game
	if saved.Applied {
		return protocol.Response{Where: st.Where, Game: st.ID}, nil // applied already
	}
	return b.afterWrite(ctx, key, st, c, was, saved.Due, saved.Net)
}

// prepare readies a change for its write: the platform's wording, thread
// posts routed (or the deliveries queued in the outbox), and the deadlines
// the change needs. They are set with its save, in one round trip: if this
// replica dies right after the save, another one records the game, sends
// its deliveries, lets its bots think.
func (b *Bot) prepare(key string, st *gameRecord, c *effect, away bool) record.Write[*gameRecord] {
	w := record.Write[*gameRecord]{Game: st, Save: c.save, New: c.replace != nil, Remove: c.remove, TTL: c.ttl}
	if c.result != nil {
		w.Due = append(w.Due, storage.Deadline{Key: resultPrefix + key, Due: b.now().Add(resultRetry)})
	}
	if st != nil {
		st.drawUndrawn(c.resp.Deliveries, b.now(), !c.remove && b.sender(st) != nil)
		protocol.SpeakAll(st.plat.Commands, c.resp.Deliveries)
		st.address(c.resp.Deliveries)
		c.resp.Lang = st.Lang
	}
	if st != nil && !c.remove && b.sender(st) == nil {
		// Delivered straight from this response: thread posts are
		// resolved now, and remembered as such.
		c.resp.Deliveries = st.routeAll(c.resp.Deliveries, b.now())
	}
	if !c.remove && b.sender(st) != nil && st.enqueue(c, b.now(), away) {
		w.Queued = true // saved, and its deadline set (record.Write)
	}
	if st != nil && st.think && !c.remove {
		w.Due = append(w.Due, storage.Deadline{Key: thinkPrefix + key, Due: b.now()})
	}
	if !c.schedule.IsZero() {
		w.Due = append(w.Due, storage.Deadline{Key: key, Due: c.schedule})
	}
	for _, d := range c.side {
		w.Due = append(w.Due, storage.Deadline{Key: d.Key + key, Due: d.Due})
	}
	return w
}

// afterWrite does, once, what follows a change that was stored (a run
// that lost the race does none of it): the deadlines the save did not
// set, metrics, records, the game's result, the outbox's and the bots'
// wake-ups, the cancelled deadline.
func (b *Bot) afterWrite(ctx context.Context, key string, st *gameRecord, c effect, was phase, due []storage.Deadline, net time.Time) (protocol.Response, error) {
	for _, d := range due {
		if err := b.store.Schedule(ctx, d.Key, d.Due); err != nil {
			return protocol.Response{}, fmt.Errorf("schedule %s: %w", d.Key, err)
		}
	}
	if st != nil && c.replace == nil && st.Phase != was {
		switch st.Phase {
		case phasePlaying:
			b.cfg.Metrics.GameStarted(st.Where.Platform)
		case phaseOver:
			b.cfg.Metrics.GameFinished(st.Where.Platform)
		}
	}
	for _, r := range c.records {
		if err := b.store.SetRecord(ctx, r.key, r.data, r.ttl); err != nil {
			return protocol.Response{}, fmt.Errorf("record %s: %w", r.key, err)
		}
	}
	if c.result != nil {
		ds, err := b.recordResult(ctx, key, st, c.result)
		if err != nil {
			// The game is saved and its players see the end; the
			// "result:" deadline records it later.
			b.log.Error("recording a result failed; retrying from the timer", "game", key, "err", err)
		}
		c.resp.Deliveries = st.foldFinal(append(c.resp.Deliveries, ds...))
	}
	if !net.IsZero() {
		b.rec.Handoff(key, net)
	}
	if st != nil && st.think && !c.remove {
		b.signal()
	}
	if c.cancel {
		if err := b.store.Cancel(ctx, key); err != nil {
			return protocol.Response{}, fmt.Errorf("cancel deadline of %s: %w", key, err)
		}
	}
	if st != nil {
		c.resp.Where, c.resp.Game = st.Where, st.ID
	}
	return c.resp, nil
}
