package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"time"

	"github.com/sushigo/sushigo/boards"
	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/words"
)

// countTaken adds the latest reveal's cards to each seat's tally. A
// tally is never changed in place but replaced: copies of the record
// (clone) share it, and a record is copied at every load, a tally
// changed once a turn.
func (st *gameRecord) countTaken() {
	r := st.game.LastReveal()
	for i := range st.Seats {
		if i >= len(r.Seats) {
			break
		}
		var taken tally
		for _, c := range r.Seats[i].Cards {
			if c == engine.None {
				continue
			}
			if taken == nil {
				taken = maps.Clone(st.Seats[i].Taken)
				if taken == nil {
					taken = tally{}
				}
			}
			taken[boards.CardKey(c)]++
		}
		if taken != nil {
			st.Seats[i].Taken = taken
		}
	}
}

// ratedPlaces are the places a finished game counts for its players: the
// standings (at the end, or when the game was ended early) among the seats
// that played on, then the people who forfeited: the later one left, the
// better their place, so neither leaving a lost game nor being the last to
// leave ever saves a rating. When everyone still playing agreed to end the
// game (Agreed), the seats that played on share first place.
func (st *gameRecord) ratedPlaces(standings []engine.Standing) []int {
	places := make([]int, len(st.Seats))
	stayed := 0
	for _, s := range standings {
		if s.Seat < len(st.Seats) && !st.forfeited(s.Seat) {
			stayed++
		}
	}
	for _, s := range standings {
		if s.Seat >= len(st.Seats) {
			continue
		}
		if st.forfeited(s.Seat) {
			later := 0
			for j := range st.Seats {
				if st.forfeited(j) && st.Seats[j].Left > st.Seats[s.Seat].Left {
					later++
				}
			}
			places[s.Seat] = stayed + later + 1
			continue
		}
		if st.Agreed {
			places[s.Seat] = 1
			continue
		}
		// Standings are in order, with the engine's place shared by ties:
		// one more than the staying seats strictly ahead.
		ahead := 0
		for _, o := range standings {
			if o.Seat < len(st.Seats) && !st.forfeited(o.Seat) && o.Place < s.Place {
				ahead++
			}
		}
		places[s.Seat] = ahead + 1
	}
	return places
}

// result is what a finished game adds to the community's board: every
// person's score, place, cards and category points, their new ratings and
// the history entry. Nil when no person played. A person who forfeited
// counts at their forfeit place (ratedPlaces) with their seat's score; one
// who left before the game counted is not in it at all.
func (b *Bot) result(st *gameRecord) *storage.Result {
	at := st.Finished
	if at.IsZero() {
		at = b.now()
	}
	r := &storage.Result{GameID: st.ID, Community: st.Where.Board(party(st.snap())), FinishedAt: at}
	pv := st.game.PublicView()
	places := st.ratedPlaces(pv.Standings)
	var peoplePlaces []int
	for _, s := range pv.Standings {
		if s.Seat >= len(st.Seats) {
			continue // the dummy of a 2-player game is nobody's opponent
		}
		seat := st.Seats[s.Seat]
		if seat.User == "" || seat.Early {
			continue // a bot, or nobody's rated opponent
		}
		peoplePlaces = append(peoplePlaces, places[s.Seat])
		cats := map[string]int{}
		for _, bd := range append(seatBreakdowns(pv, s.Seat), dessertOf(pv, s.Seat)) {
			for _, l := range bd.Lines() {
				cats[boards.StoredName(l.Category)] += l.Points
			}
		}
		r.Players = append(r.Players, storage.PlayerResult{ID: seat.User, Name: seat.Name, Score: s.Score, Place: places[s.Seat],
			Cards: maps.Clone(seat.Taken), Categories: cats, Quit: st.forfeited(s.Seat)})
	}
	if len(r.Players) == 0 {
		return nil
	}
	if len(r.Players) > 1 {
		// Rated among people; a game with one person is practice.
		r.Rate = boards.RateFunc(boards.AmongPeople(peoplePlaces), at)
	}
	r.Summary, _ = json.Marshal(summaryOf(st, pv))
	return r
}

// dessertOf is a seat's dessert score: none before the game's end (a game
// ended early has none).
func dessertOf(pv engine.PublicView, seat int) engine.Breakdown {
	if seat < len(pv.Dessert) {
		return pv.Dessert[seat]
	}
	return engine.Breakdown{}
}

func seatBreakdowns(pv engine.PublicView, seat int) []engine.Breakdown {
	var out []engine.Breakdown
	for r := range pv.Scores {
		out = append(out, pv.Scores[r][seat])
	}
	return out
}

// finishedAt stamps the game's end once, so a result recorded late (after a
// crash) counts in the period the game ended in.
func (st *gameRecord) finishedAt(now time.Time) {
	if st.Finished.IsZero() {
		st.Finished = now
	}
}

// A finished game's result is recorded right after the save that finished
// it; a "result:" deadline, scheduled before that save, records it after
// resultRetry if the replica died in between (recording is idempotent).
const (
	resultPrefix = "result:"
	resultRetry  = time.Minute
)

// recordResult records a finished game, posts its players' rating changes
// once, refreshes their home pages and clears the recovery deadline. It
// returns what the ratings post adds to the request's response (nothing
// when the platform's outbox sends it).
func (b *Bot) recordResult(ctx context.Context, key string, st *gameRecord, r *storage.Result) ([]protocol.Delivery, error) {
	prior, after, recorded, err := b.boards.Record(ctx, *r)
	if err != nil {
		return nil, err
	}
	var ds []protocol.Delivery
	if r.Rate != nil {
		if ds, err = b.announceRatings(ctx, key, st.ID, r.Players, prior, after); err != nil {
			return nil, err
		}
	}
	if recorded && st.plat.Home != nil {
		// Off the request path: a platform call per player could outlast
		// the click's acknowledgement.
		if err := b.store.Schedule(ctx, homePrefix+key, b.now()); err != nil {
			return nil, fmt.Errorf("schedule home pages of %s: %w", key, err)
		}
		b.signal()
	}
	if err := b.store.Cancel(ctx, resultPrefix+key); err != nil {
		return nil, fmt.Errorf("record result of %s: %w", key, err)
	}
	return ds, nil
}

// announceRatings posts, once per game, how the game moved its players'
// ratings: a change of the stored game, so it survives a crash and goes
// through the outbox like any post.
func (b *Bot) announceRatings(ctx context.Context, key, gameID string, players []storage.PlayerResult, prior, after []storage.Rating) ([]protocol.Delivery, error) {
	if len(after) != len(players) || len(prior) != len(players) {
		return nil, nil
	}
	// Its own change, not the request's: the request's ID is already
	// among the game's applied ones.
	ctx = context.WithValue(ctx, requestIDKey{}, "")
	resp, err := b.update(ctx, key, func(st *gameRecord) (effect, error) {
		if st == nil || st.ID != gameID || st.RatingsShown {
			return effect{}, nil
		}
		st.RatingsShown = true
		if st.game == nil || !st.game.Over() {
			// A game ended some other way: the ratings stand on their own.
			v := boards.RatingsView(st.Lang, st.ratedSeats(), players, prior, after)
			return effect{save: true, ttl: b.cfg.FinishedTTL, resp: protocol.Response{Deliveries: []protocol.Delivery{{Kind: protocol.Post, To: protocol.Channel, View: v}}}}, nil
		}
		// Folded into the closing post: the channel gets no message more.
		// The game keeps what the post says of the ratings, so the post is
		// drawn from the game (redraw.go), and the cards taken, recorded
		// now, are let go.
		rows, less := boards.RatingRows(st.ratedSeats(), players, prior, after)
		r := boards.RatingsOf(st.Lang, rows, less)
		st.Rated = &ratedNote{Title: r.Title, Text: r.Text, Footer: r.Footer, Notes: boards.RatingNotes(st.ratedSeats(), players, prior, after), Less: less}
		for _, x := range rows {
			st.Rated.Rows = append(st.Rated.Rows, ratedRow{Name: x.Name, Shown: x.Shown, Delta: x.Delta, Forfeited: x.Forfeited, Kicked: x.Kicked})
		}
		for i := range st.Seats {
			st.Seats[i].Taken = nil
		}
		v := finalNow(st.snap())
		return effect{save: true, ttl: b.cfg.FinishedTTL, resp: protocol.Response{Deliveries: []protocol.Delivery{
			{Kind: protocol.Edit, To: protocol.Channel, Slot: protocol.SlotFinal, Ref: st.Final, View: v, Redraw: redrawFinal}}}}, nil
	})
	if err != nil {
		return nil, fmt.Errorf("announce ratings of %s: %w", key, err)
	}
	return resp.Deliveries, nil
}

// homePrefix marks the deadline that refreshes a finished game's players'
// home pages from the timer loop.
const homePrefix = "home:"

// homesClaimed publishes the home page of each person of the finished game
// at key. A failure is only logged: the page is built afresh whenever its
// user opens it.
func (b *Bot) homesClaimed(ctx context.Context, c storage.Claim, key string) error {
	st, found, err := b.rec.Read(ctx, key)
	switch {
	case err != nil:
		return err
	case !found:
		return b.store.Complete(ctx, c)
	}
	if pub := st.plat.Home; pub != nil && st.Phase == phaseOver {
		for _, s := range st.Seats {
			if s.User == "" {
				continue // a bot that never was a person
			}
			v, err := b.Home(ctx, s.Lang.Or(st.Lang), st.Where, s.User)
			if err == nil {
				err = pub.PublishHome(ctx, st.Where, s.User, v)
			}
			if err != nil {
				b.log.Warn("refreshing a home page failed", "user", s.User, "err", err)
			}
		}
	}
	return b.store.Complete(ctx, c)
}

// resultClaimed records the result of a game whose replica died between
// finishing it and recording it (or announcing it), and returns what to
// deliver where the platform has no outbox.
func (b *Bot) resultClaimed(ctx context.Context, c storage.Claim, key string) (protocol.Outbound, error) {
	st, found, err := b.rec.Read(ctx, key)
	switch {
	case err != nil:
		return protocol.Outbound{}, err
	case !found:
		return protocol.Outbound{}, b.store.Complete(ctx, c)
	}
	o := protocol.Outbound{Where: st.Where, Game: st.ID}
	if st.Phase == phaseOver && st.game != nil {
		if r := b.result(st); r != nil {
			ds, err := b.recordResult(ctx, key, st, r)
			if err != nil {
				return protocol.Outbound{}, err
			}
			o.Response = protocol.Response{Deliveries: st.foldFinal(ds), Where: st.Where, Game: st.ID}
		}
	}
	return o, b.store.Complete(ctx, c)
}

// summaryOf is the finished game as the history keeps it.
func summaryOf(st *gameRecord, pv engine.PublicView) boards.Summary {
	s := boards.Summary{V: boards.SummaryVersion, Game: lookOf(st.snap()).key, Dummy: st.Opts.Dummy, Menu: boards.MenuName(words.English, st.Opts)} // stored: the same in every language
	for _, sd := range pv.Standings {
		dessert := dessertOf(pv, sd.Seat)
		ss := boards.SummarySeat{Name: st.name(sd.Seat), Score: sd.Score, Place: sd.Place, Dessert: dessert.Total()}
		if sd.Seat < len(st.Seats) {
			seat := st.Seats[sd.Seat]
			ss.ID, ss.Left, ss.Removed, ss.Unrated = seat.User, st.forfeited(sd.Seat), seat.Kicked, seat.Early
			if !seat.human() {
				ss.Bot = string(st.botLevel(sd.Seat))
			}
		} else {
			ss.Bot = "dummy"
		}
		for _, bd := range append(seatBreakdowns(pv, sd.Seat), dessert) {
			for _, l := range bd.Lines() {
				if ss.Points == nil {
					ss.Points = map[string]int{}
				}
				ss.Points[boards.StoredName(l.Category)] += l.Points
			}
		}
		for r := range pv.Scores {
			ss.Rounds = append(ss.Rounds, pv.Scores[r][sd.Seat].Total())
		}
		s.Seats = append(s.Seats, ss)
	}
	return s
}

// ratedSeats are the seats as the ratings post tells them apart.
func (st *gameRecord) ratedSeats() []boards.Seat {
	out := make([]boards.Seat, len(st.Seats))
	for i, s := range st.Seats {
		out[i] = boards.Seat{User: s.User, Forfeited: st.forfeited(i), Kicked: s.Kicked}
	}
	return out
}

// Home is a user's home page (Slack's App Home): their profile and the
// community's boards by rating.
func (b *Bot) Home(ctx context.Context, w words.Lang, where protocol.Location, user string) (protocol.View, error) {
	return b.boards.Home(ctx, w, where, user, b.platform(where.Platform).Commands)
}
