package bot

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/strategy"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/record"
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
	Taken tally `json:"tk,omitempty"`
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

// gameRecord is one channel's game as it is stored: seats, options,
// engine, timers, thread, and the record's parts package record keeps in it
// (the applied request IDs, the outbox).
type gameRecord struct {
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
	// Queue holds the deliveries not yet sent (package record sends
	// them; deliver.go says what each one is).
	// Embedded, so its fields are stored in the record's object as they
	// always were.
	record.Queue

	game *engine.Game // decoded Engine, while handling one request
	// ownGame is set once game is this record's own copy (ownedGame):
	// a clone shares its source's game, which only reads it, until it
	// changes it.
	ownGame bool
	plat    protocol.Platform // the row of Where.Platform, while handling one request
	// web is set when the host has a web table (Config.TableLink).
	web bool
	// think is set when a searching bot must choose: it thinks off the
	// request path (think.go), after the save.
	think bool
	// extra are deliveries a step adds beside its answer (the edit or
	// deletion of an older hand message), added to the change's.
	extra []protocol.Delivery
}

// recordVersion is the stored record's format: 2 since records are packed
// (packed.go) and outboxes name the views they draw when they send
// (redraw.go). Version 1 records (JSON, rendered outboxes) still load
// and deliver.
const recordVersion = 2

// snap is the game as its screens see it: a copy, seats included, so a
// screen cannot change the record.
func (st *gameRecord) snap() *snapshot {
	sn := st.drawNow()
	sn.Seats = slices.Clone(st.Seats)
	return sn
}

// drawNow is snap for a view drawn at once, before st changes again (a
// send's delivery, the answer to a pick): it shares st's seats, which no
// screen writes. Copying them for every delivery a send draws was a tenth
// of what a replica allocates at Party 8p.
func (st *gameRecord) drawNow() *snapshot {
	sn := &snapshot{ID: st.ID, Where: st.Where, Phase: st.Phase, Host: st.Host, Opts: st.Opts,
		Seats: st.Seats, Notes: st.Notes, Ended: st.Ended, Vote: st.Vote,
		NoPictures: st.NoPictures, Agreed: st.Agreed, rated: st.Rated, game: st.game, plat: st.plat, web: st.web, w: st.Lang, turnEnds: st.ends(time.Duration(st.Opts.Timer) * time.Second)}
	if st.Ended != "" && st.game != nil {
		sn.places = st.ratedPlaces(st.game.PublicView().Standings)
	}
	return sn
}

// clone is a copy of st that shares nothing a change writes to.
func (st *gameRecord) clone() *gameRecord {
	c := *st
	c.Seats = slices.Clone(st.Seats) // their tallies are shared: countTaken replaces one
	c.Notes, c.Applied = slices.Clone(st.Notes), slices.Clone(st.Applied)
	c.reminder, c.Queue = st.reminder.cloned(), st.Queue.Cloned()
	if st.Vote != nil {
		v := *st.Vote
		v.Yes = slices.Clone(v.Yes)
		c.Vote = &v
	}
	// The game is shared until the copy changes it (ownedGame): most
	// copies (a send's, a look at a hand) only read it, and copying its
	// 8 KB was a seventh of what a replica allocates.
	c.ownGame = false
	c.extra = nil
	return &c
}

// ownedGame is the game for a change to write: st's own copy, made the
// first time a clone (or a decoded record, which a kept copy may share)
// asks. update asks before any step runs, so a step may keep the game in a
// local across its changes.
func (st *gameRecord) ownedGame() *engine.Game {
	if !st.ownGame && st.game != nil {
		g := *st.game // a Game holds no pointers
		st.game, st.ownGame = &g, true
	}
	return st.game
}

func (st *gameRecord) name(i int) string             { return seatName(st.Lang, st.Seats, i) }
func (st *gameRecord) people() int                   { return peopleIn(st.Seats) }
func (st *gameRecord) hostName() string              { return hostIn(st.Seats, st.Host) }
func (st *gameRecord) byDM(s *seat) bool             { return dmHands(st.Opts, s) }
func (st *gameRecord) botLevel(i int) strategy.Level { return levelOf(st.Seats[i], st.Opts) }

// chat reports whether the game is in a chat rather than a terminal.
func (st *gameRecord) chat() bool { return !st.plat.Terminal }

func (st *gameRecord) seatOf(user string) int { return seatIndex(st.Seats, user) }

func (st *gameRecord) humans() int {
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
func encodeBody(st *gameRecord) ([]byte, error) {
	if st.game != nil {
		b, err := st.game.MarshalBinary()
		if err != nil {
			return nil, err
		}
		st.Engine = b
	}
	st.V = recordVersion
	st.storeLangs()
	return marshalRecord(st)
}

// storeLangs sets the stored codes of the game's and its seats'
// languages; loadLangs reads them back.
func (st *gameRecord) storeLangs() {
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

func (st *gameRecord) loadLangs() {
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
func (b *Bot) decode(data []byte) (*gameRecord, error) {
	st, err := decodeState(data)
	if err != nil {
		return nil, err
	}
	st.plat = b.platform(st.Where.Platform)
	st.web = b.cfg.TableLink != nil
	return st, nil
}

// checkDecoded makes every load that takes a game kept decoded decode the
// record too and compare (record.Config.CheckDecoded; tests set it).
var checkDecoded bool

// decodeState reads a game from its record's JSON (record.Unpack).
func decodeState(data []byte) (*gameRecord, error) {
	st := &gameRecord{}
	wire := struct {
		*gameRecord
		Applied []string `json:"ap"`
	}{gameRecord: st}
	if err := json.Unmarshal(data, &wire); err != nil {
		return nil, fmt.Errorf("bot: decode game: %w", err)
	}
	st.Applied = wire.Applied
	st.loadLangs()
	if st.V < 1 || st.V > recordVersion {
		return nil, fmt.Errorf("bot: game stored by version %d, this build reads 1 to %d", st.V, recordVersion)
	}
	if len(st.Engine) > 0 {
		st.game = new(engine.Game)
		if err := st.game.UnmarshalBinary(st.Engine); err != nil {
			return nil, fmt.Errorf("bot: decode game %s: %w", st.ID, err)
		}
	}
	return st, nil
}
