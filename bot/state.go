package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/strategy"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/record"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/words"
)

type phase string

const (
	phaseLobby   phase = "lobby"
	phasePlaying phase = "playing"
	phaseOver    phase = "over"
)

// seat is one place at the table, in engine seat order.
// shown is the seat's name as w's reader reads it (protocol.NameIn).
func (s seat) shown(w words.Lang) string { return protocol.NameIn(w, s.User, s.Name) }

type seat struct {
	User string `json:"u,omitempty"` // empty for a bot that never was a person
	Name string `json:"n"`
	Bot  bool   `json:"b,omitempty"`
	// Idle counts consecutive turns the timer picked for this player.
	Idle int `json:"i,omitempty"`
	// Hand is the player's latest private hand message.
	Hand protocol.Ref `json:"h,omitzero"`
	// DMFailed is set once a DM to this player failed; hands then go the
	// ephemeral route.
	DMFailed bool `json:"df,omitempty"`
	// DMNoticed is set once the player was told, privately, why.
	DMNoticed bool `json:"dn,omitempty"`
	// Level is a bot seat's strength ("": the game's level).
	Level strategy.Level `json:"l,omitempty"`
	// Taken counts the cards the seat took, for its player's favourite
	// card (cardKey).
	Taken map[string]int `json:"tk,omitempty"`
	// Left orders the people who forfeited by leaving (or going idle) once
	// the game counted: 1 for the first to go. The later one left, the
	// better they rank among the leavers (ratedPlaces). It stays when they
	// come back: a seat is its person's for the whole game. 0 for a seat
	// never left, and for a leaver of an earlier release (ranked with the
	// first).
	Left int `json:"lf,omitempty"`
	// Early marks a person who left, or was removed, before the game
	// counted (quit.go): they are not rated for it, even if they return.
	Early bool `json:"ab,omitempty"`
	// Kicked marks a person the host removed while absent once the game
	// counted: not a forfeit, they are rated by the place their seat
	// finishes.
	Kicked bool `json:"kk,omitempty"`
	// Lang is the language its person reads (their platform's locale, as
	// their latest request said): their hand and every private reply.
	// Zero for a bot, and for a seat of an earlier release (the game's
	// language). Stored with the record's SeatLangs (storeLangs).
	Lang words.Lang `json:"-"`
}

func (s *seat) human() bool { return !s.Bot && s.User != "" }

// state is the stored envelope of one channel's game.
type state struct {
	V       int               `json:"v"`
	ID      string            `json:"id"`
	Where   protocol.Location `json:"w"`
	Phase   phase             `json:"p"`
	Host    string            `json:"host"`
	Opts    protocol.Options  `json:"o"`
	Seats   []seat            `json:"s"`
	Created time.Time         `json:"c"`
	// Lang is the language of the game's public messages: the channel's
	// setting when it opened, else the place's (Discord's guild_locale).
	// Zero for a game of an earlier release: English. Stored as its code,
	// LangCode: a plain string encodes without the reflection a
	// TextMarshaler costs on every click (storeLangs).
	Lang     words.Lang `json:"-"`
	LangCode string     `json:"lg,omitempty"`
	// SeatLangs are the seats' languages' codes, comma-separated in seat
	// order ("" when none has one): one string, not a field a seat, so the
	// seats copied on every click stay small.
	SeatLangs string `json:"sl,omitempty"`
	// Finished is when the game ended: the period its result counts in.
	Finished time.Time `json:"f,omitzero"`
	// Ended says why a rated game ended before its last reveal ("" for a
	// game played out): everyone left, or its end was forced (quit.go).
	Ended string `json:"end,omitempty"`
	// Vote is a pending request to end a rated game in progress.
	Vote *endVote `json:"vote,omitempty"`
	// VoteAgain is when VoteAsker, whose request to end not everyone
	// agreed to, may ask again: each request pings everyone still playing.
	VoteAgain time.Time `json:"va,omitzero"`
	VoteAsker string    `json:"vb,omitempty"`
	// Agreed is set when everyone still playing agreed to end a game that
	// someone had forfeited: the players share first place, the leavers
	// keep their forfeit.
	Agreed bool `json:"agr,omitempty"`
	// RatingsShown is set once the rating changes were posted; Rated is
	// what the closing post says of them, so the post can be drawn again.
	RatingsShown bool       `json:"rs,omitempty"`
	Rated        *ratedNote `json:"rn,omitempty"`
	// turnClock times the turn (timer.go).
	turnClock
	Table protocol.Ref `json:"t,omitzero"`
	// TableSince is when a reply that creates the table went out; until its
	// reference is remembered (or tableWait passes) the outbox holds table
	// deliveries rather than post a second table.
	TableSince time.Time `json:"tsn,omitzero"`
	// Notes are public notices shown on the table until the next reveal.
	Notes  []string `json:"nt,omitempty"`
	Engine []byte   `json:"e,omitempty"`
	// Applied are the IDs of the latest requests that changed this game, so
	// one handled again changes nothing. Stored as "ap", last: encodeState
	// adds them to a body encoded once (withApplied).
	Applied []string `json:"-"`
	// Final is the game's closing post in the channel (the standings, then
	// the ratings folded in).
	Final protocol.Ref `json:"fin,omitzero"`
	// thread is where the play-by-play goes (thread.go).
	thread
	// NoPictures says why the platform refused this game's pictures ("":
	// it did not); PicturesSaid is set once the channel was told.
	NoPictures   string `json:"np,omitempty"`
	PicturesSaid bool   `json:"nps,omitempty"`
	// reminder is the game's one live reminder and its last ping
	// (thread.go).
	reminder
	// moveLog is the game's deal and choices, for its review (review.go).
	moveLog
	// Queue holds the deliveries not yet sent (outbox.go sends them).
	// Embedded, so its fields are stored in the record's object as they
	// always were.
	record.Queue

	game *engine.Game      // decoded Engine, while handling one request
	plat protocol.Platform // the row of Where.Platform, while handling one request
	// think is set when a searching bot must choose: it thinks off the
	// request path (think.go), after the save.
	think bool
	// extra are deliveries a step adds beside its answer (the edit or
	// deletion of an older hand message), added to the change's.
	extra []protocol.Delivery
}

// stateVersion is the stored record's format: 2 since records are packed
// (packed.go) and outboxes name the views they draw when they send
// (redraw.go). Version 1 records (JSON, rendered outboxes) still load
// and deliver.
const stateVersion = 2

// snap is the game as its screens see it: a copy, seats included, so a
// screen cannot change the record.
func (st *state) snap() *snapshot {
	sn := &snapshot{ID: st.ID, Where: st.Where, Phase: st.Phase, Host: st.Host, Opts: st.Opts,
		Seats: slices.Clone(st.Seats), Notes: st.Notes, Ended: st.Ended, Vote: st.Vote,
		NoPictures: st.NoPictures, Agreed: st.Agreed, rated: st.Rated, game: st.game, plat: st.plat, w: st.Lang, turnEnds: st.ends(time.Duration(st.Opts.Timer) * time.Second)}
	if st.Ended != "" && st.game != nil {
		sn.places = st.ratedPlaces(st.game.PublicView().Standings)
	}
	return sn
}

// clone is a copy of st that shares nothing a change writes to.
func (st *state) clone() *state {
	c := *st
	c.Seats = slices.Clone(st.Seats)
	for i := range c.Seats {
		c.Seats[i].Taken = maps.Clone(c.Seats[i].Taken)
	}
	c.Notes, c.Applied = slices.Clone(st.Notes), slices.Clone(st.Applied)
	c.reminder, c.Queue = st.reminder.cloned(), st.Queue.Cloned()
	if st.Vote != nil {
		v := *st.Vote
		v.Yes = slices.Clone(v.Yes)
		c.Vote = &v
	}
	if st.game != nil {
		g := *st.game // a Game holds no pointers
		c.game = &g
	}
	c.extra = nil
	return &c
}

func (st *state) name(i int) string             { return seatName(st.Lang, st.Seats, i) }
func (st *state) people() int                   { return peopleIn(st.Seats) }
func (st *state) hostName() string              { return hostIn(st.Seats, st.Host) }
func (st *state) byDM(s *seat) bool             { return dmHands(st.Opts, s) }
func (st *state) botLevel(i int) strategy.Level { return levelOf(st.Seats[i], st.Opts) }

// chat reports whether the game is in a chat rather than a terminal.
func (st *state) chat() bool { return !st.plat.Terminal }

func (st *state) seatOf(user string) int { return seatIndex(st.Seats, user) }

func (st *state) humans() int {
	n := 0
	for i := range st.Seats {
		if st.Seats[i].human() {
			n++
		}
	}
	return n
}

// encodeBody is the stored state without its Applied IDs. A request that
// changed the game adds its ID only once the encoding shows that it did,
// so the body is encoded once for both.
func encodeBody(st *state) ([]byte, error) {
	if st.game != nil {
		b, err := st.game.MarshalBinary()
		if err != nil {
			return nil, err
		}
		st.Engine = b
	}
	st.V = stateVersion
	st.storeLangs()
	return json.Marshal(st)
}

// storeLangs sets the stored codes of the game's and its seats'
// languages; loadLangs reads them back.
func (st *state) storeLangs() {
	st.LangCode = langCode(st.Lang)
	st.SeatLangs = ""
	for i := range st.Seats {
		if !st.Seats[i].Lang.IsZero() {
			codes := make([]string, len(st.Seats))
			for j := range st.Seats {
				codes[j] = langCode(st.Seats[j].Lang)
			}
			st.SeatLangs = strings.Join(codes, ",")
			return
		}
	}
}

func (st *state) loadLangs() {
	st.Lang = langOf(st.LangCode)
	if st.SeatLangs == "" {
		return
	}
	for i, code := range strings.Split(st.SeatLangs, ",") {
		if i < len(st.Seats) {
			st.Seats[i].Lang = langOf(code)
		}
	}
}

func langCode(l words.Lang) string {
	if l.IsZero() {
		return ""
	}
	return l.Code()
}

// langOf is the language a stored code names; an unknown code (a
// language a later release dropped) or none is the zero Lang: English.
func langOf(code string) words.Lang {
	if code == "" {
		return words.Lang{}
	}
	l, ok := words.Find(code)
	if !ok {
		return words.Lang{}
	}
	return l
}

// decode is decodeState with the row of the game's platform, which
// rendering asks what the platform can do.
func (b *Bot) decode(data []byte) (*state, error) {
	st, err := decodeState(data)
	if err != nil {
		return nil, err
	}
	st.plat = b.platform(st.Where.Platform)
	return st, nil
}

// checkDecoded makes every load that takes a game kept decoded decode the
// record too and compare (record.Config.CheckDecoded; tests set it).
var checkDecoded bool

// decodeState reads a game from its record's JSON (record.Unpack).
func decodeState(data []byte) (*state, error) {
	st := &state{}
	wire := struct {
		*state
		Applied []string `json:"ap"`
	}{state: st}
	if err := json.Unmarshal(data, &wire); err != nil {
		return nil, fmt.Errorf("bot: decode game: %w", err)
	}
	st.Applied = wire.Applied
	st.loadLangs()
	if st.V < 1 || st.V > stateVersion {
		return nil, fmt.Errorf("bot: game stored by version %d, this build reads 1 to %d", st.V, stateVersion)
	}
	if len(st.Engine) > 0 {
		st.game = new(engine.Game)
		if err := st.game.UnmarshalBinary(st.Engine); err != nil {
			return nil, fmt.Errorf("bot: decode game %s: %w", st.ID, err)
		}
	}
	return st, nil
}

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

// change is what an update function decides: deliveries and what to do with
// the stored game.
type change struct {
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
	replace *state
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
func (b *Bot) update(ctx context.Context, key string, fn func(st *state) (change, error)) (protocol.Response, error) {
	var (
		c   change
		was phase
	)
	saved, err := b.rec.Update(ctx, key, requestID(ctx), func(st *state, found bool) (record.Write[*state], error) {
		was = ""
		if found {
			was = st.Phase
			st.Queue.Freeze(redrawReveal, func(q record.Queued) (protocol.View, bool) {
				v, ok := st.snap().redraw(q.Draw, q.D.To, b.now())
				return protocol.Spoken(st.plat.Commands, v), ok
			})
		}
		var err error
		if c, err = fn(st); err != nil {
			return record.Write[*state]{}, err
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
		return b.prepare(key, st, &c), nil
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
func (b *Bot) prepare(key string, st *state, c *change) record.Write[*state] {
	w := record.Write[*state]{Game: st, Save: c.save, New: c.replace != nil, Remove: c.remove, TTL: c.ttl}
	if c.result != nil {
		w.Due = append(w.Due, storage.Deadline{Key: resultPrefix + key, Due: b.now().Add(resultRetry)})
	}
	if st != nil {
		protocol.SpeakAll(st.plat.Commands, c.resp.Deliveries)
		st.address(c.resp.Deliveries)
		c.resp.Lang = st.Lang
	}
	if st != nil && !c.remove && b.sender(st) == nil {
		// Delivered straight from this response: thread posts are
		// resolved now, and remembered as such.
		c.resp.Deliveries = st.routeAll(c.resp.Deliveries, b.now())
	}
	if !c.remove && b.sender(st) != nil && st.enqueue(c, b.now()) {
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
func (b *Bot) afterWrite(ctx context.Context, key string, st *state, c change, was phase, due []storage.Deadline, net time.Time) (protocol.Response, error) {
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

// Which language a message is in: a public one (the table, the thread,
// the closing post, pictures) in the game's, chosen when it opened; a
// private one (a hand, a refusal, an acknowledgement) in its reader's.

// langFor is the language of the person asking: their request's (their
// platform's locale), else their seat's, else the game's.
func (st *state) langFor(req protocol.Request) words.Lang {
	if !req.Lang.IsZero() {
		return req.Lang
	}
	if i := st.seatOf(req.Who.ID); i >= 0 {
		return st.Seats[i].Lang.Or(st.Lang)
	}
	return st.Lang
}

// learnLang keeps the language a seated person's request says they read,
// for what is sent to them later (their next hand).
func (st *state) learnLang(req protocol.Request) {
	if req.Lang.IsZero() {
		return
	}
	if i := st.seatOf(req.Who.ID); i >= 0 && st.Seats[i].human() {
		st.Seats[i].Lang = req.Lang
	}
}

// address marks each delivery's view with the language it is written in:
// a public one the game's, a private one its reader's.
func (st *state) address(ds []protocol.Delivery) {
	for i := range ds {
		if v := &ds[i].View; v.Lang.IsZero() {
			v.Lang = st.readerLang(ds[i].To)
		}
	}
}

// readerLang is the language of whoever reads a delivery to to.
func (st *state) readerLang(to protocol.Audience) words.Lang {
	if !to.IsPublic() {
		if i := st.seatOf(to.User); i >= 0 {
			return st.Seats[i].Lang.Or(st.Lang)
		}
	}
	return st.Lang
}
