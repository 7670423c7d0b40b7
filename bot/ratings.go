package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"strings"
	"time"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/strategy"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/rating"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/words"
)

// provisionalSigma is the uncertainty above which a rating is provisional,
// shown with a "?" as chess sites do, and kept off the board: a new
// player's σ is 8.3; settlesAfter says how many games bring it under.
const provisionalSigma = 5.5

// settlesAfter is how long a newcomer's rating stays provisional, as
// TestSettlingIsMeasured measures it (10th–90th percentile of 400 runs):
// the surer a result was, the less it teaches, so a player who keeps
// winning stays provisional longest.
const settlesAfter = "about 16–18 rated games between two people, 22–25 among four, and 70 for someone who wins every game"

// driftPerDay is how much a rating's variance σ² grows each day its player
// does not play a rated game, up to a new player's: a settled σ of 2 takes
// about 175 days away to become provisional again, so a returning player
// is not frozen at an old number. Glicko widens its deviation the same way.
const driftPerDay = 0.15

// Provisional reports whether r is still too uncertain to go by.
func Provisional(r storage.Rating) bool { return !r.Rated() || r.Sigma > provisionalSigma }

// Widened is r as of at: its σ grown by the days since it was set
// (driftPerDay), never past a new player's σ. A rating of unknown time (an
// earlier release's) stays as it is.
func Widened(r storage.Rating, at time.Time) storage.Rating {
	if !r.Rated() || r.At.IsZero() || !at.After(r.At) {
		return r
	}
	days := at.Sub(r.At).Hours() / 24
	r.Sigma = max(r.Sigma, min(math.Sqrt(r.Sigma*r.Sigma+driftPerDay*days), rating.New().Sigma))
	return r
}

// shown is a rating as players read it: the displayed number, "?" while
// provisional.
func shown(r storage.Rating) string {
	if Provisional(r) {
		return itoa(Display(r)) + "?"
	}
	return itoa(Display(r))
}

// displayFloor is where everyone starts and nobody goes below: a new
// player's conservative estimate μ − 3σ is 0, shown as 1000.
const displayFloor = 1000

// Display is the rating players see: the conservative estimate μ − 3σ on
// a familiar scale, 40 points per unit, floored at a new player's 1000.
// Being new costs nothing: nobody shows below a newcomer, and a fresh
// account is never worth more than one's own. (OpenSkill itself is
// unchanged: the floor is on the shown number only, and boards rank by
// the unfloored estimate.)
func Display(r storage.Rating) int {
	if !r.Rated() {
		return displayFloor
	}
	return max(displayFloor, int(math.Round(displayFloor+40*r.Ordinal())))
}

// seatLevel is the strength a bot seat plays at.
func (st *state) seatLevel(i int) strategy.Level {
	if l := st.Seats[i].Level; l != "" {
		return l
	}
	if st.Opts.Level != "" {
		return st.Opts.Level
	}
	return strategy.Normal
}

// rateFunc rates a finished game among its people only: places[k] is the
// k-th player's place among the people (ties shared). Bots never enter
// the calculation: beating them proves nothing about a person's strength
// against people, and a rating that grew by farming bots would top a board
// of people.
//
// Each prior is first widened to the game's time (Widened), and the new
// ratings are stamped with it.
func rateFunc(places []int, at time.Time) func([]storage.Rating) []storage.Rating {
	return func(prior []storage.Rating) []storage.Rating {
		all := make([]rating.Rating, len(prior))
		for k, p := range prior {
			if p.Rated() {
				p = Widened(p, at)
				all[k] = rating.Rating{Mu: p.Mu, Sigma: p.Sigma}
			} else {
				all[k] = rating.New()
			}
		}
		after := rating.Rate(all, places)
		out := make([]storage.Rating, len(after))
		for k, a := range after {
			out[k] = storage.Rating{Mu: a.Mu, Sigma: a.Sigma, At: at}
		}
		return out
	}
}

// amongPeople ranks places among themselves: one more than the number
// strictly ahead, so ties stay shared and the seats in between (bots)
// count for nothing.
func amongPeople(places []int) []int {
	out := make([]int, len(places))
	for k, p := range places {
		out[k] = 1
		for _, q := range places {
			if q < p {
				out[k]++
			}
		}
	}
	return out
}

// cardKey names what a taken card counts as for a player's favourite: the
// nigiri by variant, every other card by its type (maki of any size).
func cardKey(c engine.Card) string {
	if c.Kind() == engine.KindNigiri {
		return c.Key()
	}
	return c.Kind().Key()
}

// cardFromKey is cardKey's inverse, for display.
func cardFromKey(key string) (name, emoji string) {
	if c, ok := engine.ParseCard(key); ok && c.Kind() == engine.KindNigiri {
		return words.CardName(c), c.Emoji()
	}
	if k, ok := engine.ParseKind(key); ok {
		return words.KindName(k), k.Emoji()
	}
	return key, ""
}

// countTaken adds the latest reveal's cards to each seat's tally.
func (st *state) countTaken() {
	r := st.game.LastReveal()
	for i := range st.Seats {
		if i >= len(r.Seats) {
			break
		}
		for _, c := range r.Seats[i].Cards {
			if c == engine.None {
				continue
			}
			if st.Seats[i].Taken == nil {
				st.Seats[i].Taken = map[string]int{}
			}
			st.Seats[i].Taken[cardKey(c)]++
		}
	}
}

// ratedPlaces are the places a finished game counts for its players: the
// standings (at the end, or when the game was ended early) among the seats
// that played on, then the people who forfeited: the later one left, the
// better their place, so neither leaving a lost game nor being the last to
// leave ever saves a rating. When everyone still playing agreed to end the
// game (Agreed), the seats that played on share first place.
func (st *state) ratedPlaces(standings []engine.Standing) []int {
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
func (b *Bot) result(st *state) *storage.Result {
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
				cats[storedName(l.Category)] += l.Points
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
		r.Rate = rateFunc(amongPeople(peoplePlaces), at)
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
func (st *state) finishedAt(now time.Time) {
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
func (b *Bot) recordResult(ctx context.Context, key string, st *state, r *storage.Result) ([]protocol.Delivery, error) {
	rec, err := b.store.RecordResult(ctx, *r)
	if err != nil {
		return nil, fmt.Errorf("record result of %s: %w", key, err)
	}
	var ds []protocol.Delivery
	if r.Rate != nil {
		prior, after := rec.Prior, rec.After
		if after == nil {
			// Recorded by a release that did not keep a game's ratings:
			// the profiles hold them (unless a newer game came first).
			if prior, after, err = b.storedRatings(ctx, r); err != nil {
				return nil, err
			}
		}
		if ds, err = b.announceRatings(ctx, key, st.ID, r.Players, prior, after); err != nil {
			return nil, err
		}
	}
	if rec.New && st.plat.Home != nil {
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

func (b *Bot) storedRatings(ctx context.Context, r *storage.Result) (prior, after []storage.Rating, err error) {
	for _, p := range r.Players {
		pf, err := b.store.Profile(ctx, r.Community, p.ID)
		if err != nil {
			return nil, nil, fmt.Errorf("ratings of %s: %w", r.GameID, err)
		}
		prior, after = append(prior, pf.Previous), append(after, pf.Rating)
	}
	return prior, after, nil
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
	resp, err := b.update(ctx, key, func(st *state) (change, error) {
		if st == nil || st.ID != gameID || st.RatingsShown {
			return change{}, nil
		}
		st.RatingsShown = true
		if st.game == nil || !st.game.Over() {
			// A game ended some other way: the ratings stand on their own.
			v := ratingsView(st, players, prior, after)
			return change{save: true, ttl: b.cfg.FinishedTTL, resp: protocol.Response{Deliveries: []protocol.Delivery{{Kind: protocol.Post, To: protocol.Channel, View: v}}}}, nil
		}
		// Folded into the closing post: the channel gets no message more.
		v := finalView(st.snap())
		r := ratingsView(st, players, prior, after)
		v.Fields = append(v.Fields, protocol.Field{Name: r.Title, Value: r.Text})
		v.Footer = r.Footer
		if v.Picture != nil {
			v.Picture = finalPicture(st.snap(), ratingNotes(st, players, prior, after))
		}
		return change{save: true, ttl: b.cfg.FinishedTTL, resp: protocol.Response{Deliveries: []protocol.Delivery{{Kind: protocol.Edit, To: protocol.Channel, Slot: protocol.SlotFinal, Ref: st.Final, View: v}}}}, nil
	})
	if err != nil {
		return nil, fmt.Errorf("announce ratings of %s: %w", key, err)
	}
	return resp.Deliveries, nil
}

// ratingNotes are the rating changes by seat, for the final picture.
func ratingNotes(st *state, players []storage.PlayerResult, prior, after []storage.Rating) []string {
	notes := make([]string, len(st.Seats))
	for i, p := range players {
		if s := st.seatOf(p.ID); s >= 0 && s < len(notes) {
			notes[s] = fmt.Sprintf("%s (%+d)", shown(after[i]), Display(after[i])-Display(Widened(prior[i], after[i].At)))
		}
	}
	return notes
}

func ratingsView(st *state, players []storage.PlayerResult, prior, after []storage.Rating) protocol.View {
	var parts []string
	for i, p := range players {
		d := Display(after[i]) - Display(Widened(prior[i], after[i].At))
		part := fmt.Sprintf("**%s** %s (%s)", p.Name, shown(after[i]), words.Signed(d))
		switch i := st.seatOf(p.ID); {
		case i < 0:
		case st.forfeited(i):
			part += " 🚪 left: a forfeit"
		case st.Seats[i].Kicked:
			part += " 🤖 removed: rated by their seat"
		}
		parts = append(parts, part)
	}
	return protocol.View{Screen: protocol.ScreenRatings, Title: "📈 Ratings", Text: strings.Join(parts, " · "), Tone: protocol.ToneOver,
		Footer: words.Say("ratings.peopleAreRatedAmongThemselves")}
}

// homePrefix marks the deadline that refreshes a finished game's players'
// home pages from the timer loop.
const homePrefix = "home:"

// homesClaimed publishes the home page of each person of the finished game
// at key. A failure is only logged: the page is built afresh whenever its
// user opens it.
func (b *Bot) homesClaimed(ctx context.Context, c storage.Claim, key string) error {
	data, _, err := b.store.LoadGame(ctx, key)
	switch {
	case errors.Is(err, storage.ErrNotFound):
		return b.store.Complete(ctx, c)
	case err != nil:
		return fmt.Errorf("load %s: %w", key, err)
	}
	st, err := b.decode(data)
	if err != nil {
		return err
	}
	if pub := st.plat.Home; pub != nil && st.Phase == phaseOver {
		for _, s := range st.Seats {
			if s.User == "" {
				continue // a bot that never was a person
			}
			v, err := b.Home(ctx, st.Where, s.User)
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
	data, _, err := b.store.LoadGame(ctx, key)
	switch {
	case errors.Is(err, storage.ErrNotFound):
		return protocol.Outbound{}, b.store.Complete(ctx, c)
	case err != nil:
		return protocol.Outbound{}, fmt.Errorf("load %s: %w", key, err)
	}
	st, err := b.decode(data)
	if err != nil {
		return protocol.Outbound{}, err
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
func summaryOf(st *state, pv engine.PublicView) summary {
	s := summary{V: summaryVersion, Game: lookOf(st.snap()).key, Dummy: st.Opts.Dummy, Menu: menuName(st.Opts)}
	for _, sd := range pv.Standings {
		dessert := dessertOf(pv, sd.Seat)
		ss := summarySeat{Name: st.name(sd.Seat), Score: sd.Score, Place: sd.Place, Dessert: dessert.Total()}
		if sd.Seat < len(st.Seats) {
			seat := st.Seats[sd.Seat]
			ss.ID, ss.Left, ss.Removed, ss.Unrated = seat.User, st.forfeited(sd.Seat), seat.Kicked, seat.Early
			if !seat.human() {
				ss.Bot = string(st.seatLevel(sd.Seat))
			}
		} else {
			ss.Bot = "dummy"
		}
		for _, bd := range append(seatBreakdowns(pv, sd.Seat), dessert) {
			for _, l := range bd.Lines() {
				if ss.Points == nil {
					ss.Points = map[string]int{}
				}
				ss.Points[storedName(l.Category)] += l.Points
			}
		}
		for r := range pv.Scores {
			ss.Rounds = append(ss.Rounds, pv.Scores[r][sd.Seat].Total())
		}
		s.Seats = append(s.Seats, ss)
	}
	return s
}
