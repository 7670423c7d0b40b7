package storagetest

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/sushigo/sushigo/storage"
)

// step is a stand-in rating rule (the backends store ratings, they do not
// compute them): each player's μ moves by their place's bonus, from 25 for a
// new player; σ is fixed. Moves add up, so the final ratings do not depend on
// the order concurrent games were recorded in.
func step(r storage.Result) func(prior []storage.Rating, met [][]storage.Met) ([]storage.Rating, [][]storage.Met) {
	return meeting(r, func(prior []storage.Rating) []storage.Rating {
		out := make([]storage.Rating, len(prior))
		for i, p := range prior {
			if !p.Rated() {
				p = storage.Rating{Mu: 25, Sigma: 2}
			}
			out[i] = storage.Rating{Mu: p.Mu + float64(3-r.Players[i].Place), Sigma: p.Sigma}
		}
		return out
	})
}

// meeting makes a rating rule of rate whose meetings are a stand-in too:
// each pair's count goes up by one, stamped with the game's end.
func meeting(r storage.Result, rate func(prior []storage.Rating) []storage.Rating) func([]storage.Rating, [][]storage.Met) ([]storage.Rating, [][]storage.Met) {
	return func(prior []storage.Rating, met [][]storage.Met) ([]storage.Rating, [][]storage.Met) {
		out := make([][]storage.Met, len(met))
		for i, row := range met {
			out[i] = make([]storage.Met, len(row))
			for j, m := range row {
				if j != i {
					out[i][j] = storage.Met{Count: m.Count + 1, At: r.FinishedAt}
				}
			}
		}
		return rate(prior), out
	}
}

func rated(r storage.Result) storage.Result {
	r.Rate = step(r)
	return r
}

func profile(t *testing.T, s storage.Store, community, player string) storage.Profile {
	t.Helper()
	p, err := s.Profile(ctx, community, player)
	if err != nil {
		t.Fatalf("Profile(%s): %v", player, err)
	}
	return p
}

func top(t *testing.T, s storage.Store, q storage.Query) []storage.Entry {
	t.Helper()
	if q.N == 0 {
		q.N = 10
	}
	if q.At.IsZero() {
		q.At = wed
	}
	es, err := s.Top(ctx, q)
	if err != nil {
		t.Fatalf("Top(%+v): %v", q, err)
	}
	return es
}

var ratingTests = []test{
	{"KeepsRatingTimes", func(t *testing.T, s storage.Store) {
		at := wed.Truncate(time.Millisecond)
		stamp := func(r storage.Result, at time.Time) storage.Result {
			inner := step(r)
			r.Rate = func(prior []storage.Rating, met [][]storage.Met) ([]storage.Rating, [][]storage.Met) {
				out, m := inner(prior, met)
				for i := range out {
					out[i].At = at
				}
				return out, m
			}
			return r
		}
		record(t, s, stamp(result("g1", "c", wed, pr("ann", 10, 1), pr("bob", 5, 2)), at))
		var seen []storage.Rating
		r := stamp(result("g2", "c", wed.Add(time.Hour), pr("ann", 10, 1), pr("bob", 5, 2)), at.Add(time.Hour))
		r.Summary = []byte(`{}`)
		inner := r.Rate
		r.Rate = func(prior []storage.Rating, met [][]storage.Met) ([]storage.Rating, [][]storage.Met) {
			seen = slices.Clone(prior)
			return inner(prior, met)
		}
		record(t, s, r)
		if len(seen) != 2 || !seen[0].At.Equal(at) || !seen[1].At.Equal(at) {
			t.Errorf("priors %+v, want stamped %v", seen, at)
		}
		p := profile(t, s, "c", "ann")
		if !p.Rating.At.Equal(at.Add(time.Hour)) {
			t.Errorf("profile rating %+v, want stamped %v", p.Rating, at.Add(time.Hour))
		}
		// The rating before the last game keeps its time, in the profile
		// and in the history, so a reader widens it as the game did.
		if !p.Previous.At.Equal(at) {
			t.Errorf("profile's previous rating %+v, want stamped %v", p.Previous, at)
		}
		games, err := s.History(ctx, "c", 1)
		if err != nil || len(games) != 1 || len(games[0].Ratings) != 2 {
			t.Fatalf("History: %+v, %v", games, err)
		}
		for _, c := range games[0].Ratings {
			if !c.Prior.At.Equal(at) || !c.After.At.IsZero() {
				t.Errorf("history change %+v, want the prior stamped %v and the after not", c, at)
			}
		}
		for _, tr := range p.Trend {
			if !tr.At.IsZero() {
				t.Errorf("a trend keeps times: %+v", p.Trend)
			}
		}
		es := top(t, s, storage.Query{Community: "c", By: storage.ByRating, MinGames: 1})
		if len(es) != 2 || !es[0].Rating.At.Equal(at.Add(time.Hour)) {
			t.Errorf("board %+v, want ratings stamped %v", es, at.Add(time.Hour))
		}
	}},
	{"CountsQuits", func(t *testing.T, s storage.Store) {
		r := rated(result("g1", "c", wed, pr("ann", 10, 1), pr("bob", 5, 2)))
		r.Players[1].Quit = true
		record(t, s, r)
		if rec, err := s.RecordResult(ctx, r); err != nil || rec.New {
			t.Fatalf("recording g1 again: %+v, %v", rec, err)
		}
		u := result("g2", "c", wed, pr("bob", 10, 1))
		u.Players[0].Quit = true
		record(t, s, u)
		if p := profile(t, s, "c", "bob"); p.Quits != 2 || p.Games != 2 {
			t.Errorf("bob: %d quits in %d games, want 2 in 2", p.Quits, p.Games)
		}
		if p := profile(t, s, "c", "ann"); p.Quits != 0 {
			t.Errorf("ann: %d quits, want 0", p.Quits)
		}
	}},
	{"HistoryKeepsRatingChanges", func(t *testing.T, s storage.Store) {
		r := rated(result("g1", "c", wed, pr("ann", 10, 1), pr("bob", 5, 2)))
		r.Summary = []byte(`{"a":1}`)
		record(t, s, r)
		r = rated(result("g2", "c", wed.Add(time.Hour), pr("bob", 10, 1), pr("ann", 5, 2)))
		r.Summary = []byte(`{"a":2}`)
		record(t, s, r)
		u := result("g3", "c", wed.Add(2*time.Hour), pr("ann", 10, 1))
		u.Summary = []byte(`{"a":3}`)
		record(t, s, u)
		games, err := s.History(ctx, "c", 3)
		if err != nil || len(games) != 3 {
			t.Fatalf("History: %+v, %v", games, err)
		}
		if games[0].Ratings != nil {
			t.Errorf("an unrated game with rating changes: %+v", games[0].Ratings)
		}
		want := []storage.RatingChange{
			{Player: "bob", Prior: storage.Rating{Mu: 25 + 1, Sigma: 2}, After: storage.Rating{Mu: 25 + 1 + 2, Sigma: 2}},
			{Player: "ann", Prior: storage.Rating{Mu: 25 + 2, Sigma: 2}, After: storage.Rating{Mu: 25 + 2 + 1, Sigma: 2}},
		}
		if !slices.Equal(games[1].Ratings, want) {
			t.Errorf("the second game's changes %+v, want %+v", games[1].Ratings, want)
		}
		g, err := s.HistoryGame(ctx, "c", "g2")
		if err != nil || !slices.Equal(g.Ratings, want) || string(g.Summary) != `{"a":2}` {
			t.Errorf("HistoryGame(g2) = %+v, %v", g, err)
		}
	}},
	{"KeepsMeetings", func(t *testing.T, s storage.Store) {
		// What a rated game's Rate returns of each pair's meetings is what
		// the next rated game among them reads, and what the profile shows;
		// an unrated game leaves them be.
		at := wed.Truncate(time.Millisecond)
		var seen [][]storage.Met
		watch := func(r storage.Result) storage.Result {
			inner := step(r)
			r.Rate = func(prior []storage.Rating, met [][]storage.Met) ([]storage.Rating, [][]storage.Met) {
				seen = met
				return inner(prior, met)
			}
			return r
		}
		record(t, s, watch(result("g1", "c", at, pr("ann", 10, 1), pr("bob", 5, 2))))
		if want := [][]storage.Met{{{}, {}}, {{}, {}}}; !slices.EqualFunc(seen, want, slices.Equal) {
			t.Errorf("first meeting read %v, want none", seen)
		}
		record(t, s, result("u1", "c", at.Add(time.Minute), pr("ann", 10, 1), pr("bob", 5, 2), pr("cy", 1, 3)))
		record(t, s, watch(result("g2", "c", at.Add(time.Hour), pr("bob", 10, 1), pr("cy", 5, 2), pr("ann", 1, 3))))
		once := storage.Met{Count: 1, At: at}
		if want := [][]storage.Met{{{}, {}, once}, {{}, {}, {}}, {once, {}, {}}}; !slices.EqualFunc(seen, want, slices.Equal) {
			t.Errorf("second meeting read %v, want %v", seen, want)
		}
		twice := storage.Met{Count: 2, At: at.Add(time.Hour)}
		if p := profile(t, s, "c", "ann"); p.Versus["bob"].Met != twice || p.Versus["cy"].Met.Count != 1 || p.Versus["bob"].Games != 3 {
			t.Errorf("ann's record %+v, want bob met %v and cy once", p.Versus, twice)
		}
	}},
	{"PriorsAndTrend", func(t *testing.T, s storage.Store) {
		var seen [][]storage.Rating
		for i := range 12 {
			r := result(fmt.Sprint("g", i), "c", wed, pr("ann", 10, 1), pr("bob", 5, 2))
			inner := step(r)
			r.Rate = func(prior []storage.Rating, met [][]storage.Met) ([]storage.Rating, [][]storage.Met) {
				seen = append(seen, slices.Clone(prior))
				return inner(prior, met)
			}
			record(t, s, r)
		}
		if !slices.Equal(seen[0], []storage.Rating{{}, {}}) {
			t.Errorf("first game's priors %v, want unrated", seen[0])
		}
		if want := (storage.Rating{Mu: 27, Sigma: 2}); seen[1][0] != want {
			t.Errorf("second game's prior for ann %v, want %v", seen[1][0], want)
		}
		p := profile(t, s, "c", "ann")
		if p.Rated != 12 || p.Games != 12 || p.Rating != (storage.Rating{Mu: 25 + 24, Sigma: 2}) || p.Previous != (storage.Rating{Mu: 25 + 22, Sigma: 2}) {
			t.Errorf("ann after 12 wins: %+v", p)
		}
		if len(p.Trend) != storage.TrendLength || p.Trend[0].Mu != 25+6 || p.Trend[storage.TrendLength-1] != p.Rating {
			t.Errorf("trend %v, want the last %d ratings, oldest first", p.Trend, storage.TrendLength)
		}
		bob := profile(t, s, "c", "bob")
		if bob.Rating.Mu != 25+12 || bob.Rating.Sigma != 2 {
			t.Errorf("bob after 12 second places: %+v", bob.Rating)
		}
	}},
	{"RatedOnce", func(t *testing.T, s storage.Store) {
		r := rated(result("g1", "c", wed, pr("ann", 10, 1), pr("bob", 5, 2)))
		var wg sync.WaitGroup
		var mu sync.Mutex
		recorded := 0
		var got []storage.Recorded
		for range 8 {
			wg.Go(func() {
				rec, err := s.RecordResult(ctx, r)
				if err != nil {
					t.Error(err)
				}
				mu.Lock()
				defer mu.Unlock()
				if rec.New {
					recorded++
				}
				got = append(got, rec)
			})
		}
		wg.Wait()
		if recorded != 1 {
			t.Fatalf("%d of 8 concurrent records applied, want 1", recorded)
		}
		if p := profile(t, s, "c", "ann"); p.Rated != 1 || p.Rating.Mu != 27 {
			t.Errorf("ann: %+v", p)
		}
		// Every caller, first or not, learns the ratings the game gave.
		wantPrior := []storage.Rating{{}, {}}
		wantAfter := []storage.Rating{{Mu: 27, Sigma: 2}, {Mu: 26, Sigma: 2}}
		for _, rec := range got {
			if !slices.Equal(rec.Prior, wantPrior) || !slices.Equal(rec.After, wantAfter) {
				t.Errorf("RecordResult = %+v, want prior %v after %v", rec, wantPrior, wantAfter)
			}
		}
	}},
	{"RepeatKeepsItsRatings", func(t *testing.T, s storage.Store) {
		// A game recorded again after its players played on still tells
		// the ratings it gave, not their latest ones.
		g1 := rated(result("g1", "c", wed, pr("ann", 10, 1), pr("bob", 5, 2)))
		first, err := s.RecordResult(ctx, g1)
		if err != nil || !first.New || len(first.After) != 2 {
			t.Fatalf("first record: %+v, %v", first, err)
		}
		record(t, s, rated(result("g2", "c", wed, pr("bob", 10, 1), pr("ann", 5, 2))))
		again, err := s.RecordResult(ctx, g1)
		if err != nil || again.New || !slices.Equal(again.Prior, first.Prior) || !slices.Equal(again.After, first.After) {
			t.Errorf("recorded again: %+v, %v; want the first recording's %+v", again, err, first)
		}
		// An unrated game keeps none.
		record(t, s, result("g3", "c", wed, pr("ann", 10, 1)))
		if rec, err := s.RecordResult(ctx, result("g3", "c", wed, pr("ann", 10, 1))); err != nil || rec.New || rec.Prior != nil || rec.After != nil {
			t.Errorf("an unrated game recorded again: %+v, %v", rec, err)
		}
	}},
	{"ConcurrentGamesLoseNoUpdate", func(t *testing.T, s storage.Store) {
		// Every game rates ann and bob from their latest ratings: none may
		// be computed from a stale one.
		const games = 12
		var wg sync.WaitGroup
		for i := range games {
			wg.Go(func() {
				r := rated(result(fmt.Sprint("g", i), "c", wed, pr("ann", 10, 1), pr("bob", 5, 1+i%2*2)))
				if _, err := s.RecordResult(ctx, r); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		ann, bob := profile(t, s, "c", "ann"), profile(t, s, "c", "bob")
		if ann.Rated != games || ann.Rating.Mu != 25+2*games {
			t.Errorf("ann: %d rated games at μ %v, want %d at %v", ann.Rated, ann.Rating.Mu, games, 25+2*games)
		}
		if bob.Rating.Mu != 25+games {
			t.Errorf("bob at μ %v, want %v", bob.Rating.Mu, 25+games)
		}
	}},
	{"BadRateRecordsNothing", func(t *testing.T, s storage.Store) {
		r := result("g1", "c", wed, pr("ann", 10, 1), pr("bob", 5, 2))
		r.Rate = func([]storage.Rating, [][]storage.Met) ([]storage.Rating, [][]storage.Met) { return nil, nil }
		if rec, err := s.RecordResult(ctx, r); rec.New || err == nil {
			t.Fatalf("a rating for no player: %+v, %v; want an error", rec, err)
		}
		if p := profile(t, s, "c", "ann"); p.Games != 0 {
			t.Fatalf("a failed record left %+v", p)
		}
		record(t, s, rated(r))
	}},
	{"TopByRating", func(t *testing.T, s storage.Store) {
		// cy: 3 games, μ 31; ann: 2 games, μ 29; bob: 2 games, μ 27 but
		// σ larger; dee: 1 game; eve played unrated games only.
		sigma := map[string]float64{"ann": 1, "bob": 3, "cy": 1, "dee": 0.5}
		rate := func(r storage.Result) storage.Result {
			r.Rate = meeting(r, func(prior []storage.Rating) []storage.Rating {
				out := make([]storage.Rating, len(prior))
				for i, p := range prior {
					if !p.Rated() {
						p.Mu = 25
					}
					out[i] = storage.Rating{Mu: p.Mu + float64(3-r.Players[i].Place), Sigma: sigma[r.Players[i].ID]}
				}
				return out
			})
			return r
		}
		lastWeek := wed.AddDate(0, 0, -7)
		record(t, s, rate(result("g1", "c", lastWeek, pr("cy", 1, 1), pr("ann", 1, 1))))
		record(t, s, rate(result("g2", "c", wed, pr("cy", 1, 1), pr("ann", 1, 1), pr("bob", 1, 1))))
		record(t, s, rate(result("g3", "c", wed, pr("cy", 1, 1), pr("bob", 1, 1), pr("dee", 1, 1))))
		record(t, s, result("g4", "c", wed, pr("eve", 99, 1), pr("zed", 1, 2)))
		record(t, s, result("g5", "c", wed, pr("eve", 99, 1), pr("zed", 1, 2)))
		if got, want := ids(top(t, s, storage.Query{Community: "c", By: storage.ByRating, MinGames: 2})), []string{"cy", "ann", "bob"}; !slices.Equal(got, want) {
			t.Errorf("by rating, 2 games or more: %v, want %v", got, want)
		}
		all := top(t, s, storage.Query{Community: "c", By: storage.ByRating, MinGames: 1})
		if got, want := ids(all), []string{"cy", "ann", "dee", "bob"}; !slices.Equal(got, want) {
			t.Errorf("by rating, any rated game: %v, want %v", got, want)
		}
		if all[0].Rating != (storage.Rating{Mu: 31, Sigma: 1}) || all[0].Previous != (storage.Rating{Mu: 29, Sigma: 1}) || all[0].Games != 3 {
			t.Errorf("cy's line %+v", all[0])
		}
		if got := ids(top(t, s, storage.Query{Community: "c", By: storage.ByRating, MinGames: 1, N: 2})); !slices.Equal(got, []string{"cy", "ann"}) {
			t.Errorf("top 2 by rating: %v", got)
		}
		// The week before, only cy and ann played, at their ratings then
		// (equal: by player ID).
		old := top(t, s, storage.Query{Community: "c", Period: storage.Week, At: lastWeek, By: storage.ByRating, MinGames: 1})
		if got := ids(old); !slices.Equal(got, []string{"ann", "cy"}) || old[1].Rating.Mu != 27 {
			t.Errorf("last week by rating: %+v", old)
		}
		// A player short of the minimum this week still counts their games
		// of all time.
		if got := ids(top(t, s, storage.Query{Community: "c", Period: storage.Week, By: storage.ByRating, MinGames: 2})); !slices.Equal(got, []string{"cy", "ann", "bob"}) {
			t.Errorf("this week, 2 games of all time: %v", got)
		}
		// Ties: equal ordinals rank by player ID.
		record(t, s, rate(result("g6", "t", wed, pr("zo", 1, 1), pr("al", 1, 1))))
		sigma["zo"], sigma["al"] = 2, 2
		if got := ids(top(t, s, storage.Query{Community: "t", By: storage.ByRating, MinGames: 1})); !slices.Equal(got, []string{"al", "zo"}) {
			t.Errorf("tied ratings: %v, want by player ID", got)
		}
	}},
	{"ProfileTotals", func(t *testing.T, s storage.Store) {
		g1 := result("g1", "c", wed, pr("ann", 40, 1), pr("bob", 30, 2), pr("cy", 30, 2))
		g1.Players[0].Cards = map[string]int{"Tempura": 4, "Sashimi": 3}
		g1.Players[0].Categories = map[string]int{"Tempura": 10, "Sashimi": 10, "Maki": 6}
		g2 := result("g2", "c", wed, pr("ann", 20, 3), pr("bob", 50, 1))
		g2.Players[0].Cards = map[string]int{"Tempura": 1, "Pudding": 3}
		g2.Players[0].Categories = map[string]int{"Tempura": 0, "Pudding": 6, "Maki": -6}
		record(t, s, rated(g1))
		record(t, s, rated(g2))
		p := profile(t, s, "c", "ann")
		want := storage.Stats{PlayerID: "ann", Name: "Player ann", Games: 2, Wins: 1, TotalScore: 60, BestScore: 40, PlaceSum: 4}
		if p.Stats != want {
			t.Errorf("stats %+v, want %+v", p.Stats, want)
		}
		if want := map[string]int{"Tempura": 5, "Sashimi": 3, "Pudding": 3}; !maps.Equal(p.Cards, want) {
			t.Errorf("cards %v, want %v", p.Cards, want)
		}
		if want := map[string]int{"Tempura": 10, "Sashimi": 10, "Maki": 0, "Pudding": 6}; !maps.Equal(p.Categories, want) {
			t.Errorf("categories %v, want %v", p.Categories, want)
		}
		met := func(n float64) storage.Met { return storage.Met{Count: n, At: wed} }
		if want := map[string]storage.HeadToHead{"bob": {Games: 2, Wins: 1, Losses: 1, Met: met(2)}, "cy": {Games: 1, Wins: 1, Met: met(1)}}; !maps.Equal(p.Versus, want) {
			t.Errorf("versus %v, want %v", p.Versus, want)
		}
		if cy := profile(t, s, "c", "cy"); cy.Versus["bob"] != (storage.HeadToHead{Games: 1, Met: met(1)}) {
			t.Errorf("cy against bob (a tie): %+v", cy.Versus["bob"])
		}
		none := profile(t, s, "c", "zed")
		if none.Games != 0 || none.Rated != 0 || none.Rating.Rated() || len(none.Trend) != 0 || none.PlayerID != "zed" {
			t.Errorf("unknown player: %+v", none)
		}
	}},
}

var historyTests = []test{
	{"KeepsTheLatest", func(t *testing.T, s storage.Store) {
		start := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
		total := storage.HistoryLength + 5
		for i := range total {
			r := result(fmt.Sprintf("g%03d", i), "c", start.Add(time.Duration(i)*time.Minute), pr("ann", i, 1))
			r.Summary = []byte(fmt.Sprintf(`{"n":%d}`, i))
			record(t, s, r)
		}
		record(t, s, result("nosummary", "c", start.Add(time.Hour*24), pr("ann", 1, 1)))
		last, err := s.History(ctx, "c", 10)
		if err != nil || len(last) != 10 {
			t.Fatalf("History(10) = %d entries, %v", len(last), err)
		}
		for j, g := range last {
			i := total - 1 - j
			if g.ID != fmt.Sprintf("g%03d", i) || string(g.Summary) != fmt.Sprintf(`{"n":%d}`, i) || !g.FinishedAt.Equal(start.Add(time.Duration(i)*time.Minute)) {
				t.Fatalf("entry %d: %+v, want game %d, newest first", j, g, i)
			}
		}
		every, _ := s.History(ctx, "c", 1000)
		if len(every) != storage.HistoryLength || every[len(every)-1].ID != "g005" {
			t.Errorf("kept %d, oldest %v; want %d, oldest g005", len(every), every[len(every)-1].ID, storage.HistoryLength)
		}
		if _, err := s.HistoryGame(ctx, "c", "g004"); !errors.Is(err, storage.ErrNotFound) {
			t.Errorf("a dropped game: %v, want ErrNotFound", err)
		}
		g, err := s.HistoryGame(ctx, "c", "g050")
		if err != nil || string(g.Summary) != `{"n":50}` || g.ID != "g050" {
			t.Errorf("HistoryGame(g050) = %+v, %v", g, err)
		}
		if _, err := s.HistoryGame(ctx, "other", "g050"); !errors.Is(err, storage.ErrNotFound) {
			t.Errorf("another community's game: %v, want ErrNotFound", err)
		}
		if none, err := s.History(ctx, "other", 10); err != nil || len(none) != 0 {
			t.Errorf("empty community: %v, %v", none, err)
		}
	}},
}

// BoardFromBeforeRatings checks a store whose community "discord:g1" holds
// what the release before ratings wrote for one game ("old1"): ann, all
// time and in November 2026's month and week 47, with 3 games, 2 wins, 120
// points, best 50, places 5. Its totals read, the old game stays recorded
// once, ann stays off the rating board, and her next game rates her from a
// fresh start.
func BoardFromBeforeRatings(t *testing.T, s storage.Store) {
	t.Helper()
	c := "discord:g1"
	if st, err := s.PlayerStats(ctx, c, "ann", storage.AllTime, wed); err != nil || st.Games != 3 || st.Wins != 2 || st.BestScore != 50 {
		t.Fatalf("old stats: %+v, %v", st, err)
	}
	if top, err := s.Top(ctx, storage.Query{Community: c, At: wed, By: storage.ByWins, N: 5}); err != nil || len(top) != 1 || top[0].Points != 120 || top[0].Rating.Rated() {
		t.Errorf("old board by wins: %+v, %v", top, err)
	}
	if top, _ := s.Top(ctx, storage.Query{Community: c, At: wed, By: storage.ByRating, N: 5, MinGames: 1}); len(top) != 0 {
		t.Errorf("an unrated player on the rating board: %+v", top)
	}
	if rec, err := s.RecordResult(ctx, storage.Result{GameID: "old1", Community: c, FinishedAt: wed}); err != nil || rec.New || rec.After != nil {
		t.Errorf("a game recorded by the old release, recorded again: %+v, %v", rec, err)
	}
	var prior []storage.Rating
	_, err := s.RecordResult(ctx, storage.Result{GameID: "new1", Community: c, FinishedAt: wed,
		Players: []storage.PlayerResult{{ID: "ann", Name: "Ann", Score: 40, Place: 1}},
		Rate: func(p []storage.Rating, _ [][]storage.Met) ([]storage.Rating, [][]storage.Met) {
			prior = p
			return []storage.Rating{{Mu: 27, Sigma: 8}}, [][]storage.Met{{{}}}
		}})
	if err != nil || len(prior) != 1 || prior[0].Rated() {
		t.Fatalf("rating an old player: prior %v, %v", prior, err)
	}
	p, err := s.Profile(ctx, c, "ann")
	if err != nil || p.Games != 4 || p.Rated != 1 || p.Rating.Mu != 27 || p.TotalScore != 160 {
		t.Errorf("after the upgrade: %+v, %v", p, err)
	}
}

// Ager is a store under test that can act as if time had passed: Age makes
// it drop everything that would have expired within d. The suite needs it
// to check that a recorded game is remembered for ever.
type Ager interface {
	Age(t *testing.T, d time.Duration)
}

var foreverTests = []test{
	{"RecordedOnceForEver", func(t *testing.T, s storage.Store) {
		a, ok := s.(Ager)
		if !ok {
			t.Fatalf("%T cannot age: the suite's stores must implement storagetest.Ager", s)
		}
		r := rated(result("g1", "c", wed, pr("ann", 10, 1), pr("bob", 5, 2)))
		r.Summary = []byte(`{}`)
		first, err := s.RecordResult(ctx, r)
		if err != nil || !first.New {
			t.Fatalf("first recording: %+v, %v", first, err)
		}
		before := profile(t, s, "c", "ann")
		// Three years on: every expiry of every backend has passed.
		a.Age(t, 3*365*24*time.Hour)
		again, err := s.RecordResult(ctx, r)
		if err != nil || again.New {
			t.Fatalf("the game was recorded again after three years: %+v, %v", again, err)
		}
		if !slices.Equal(again.After, first.After) || len(again.After) != 2 {
			t.Errorf("the kept ratings %+v, want %+v", again.After, first.After)
		}
		if after := profile(t, s, "c", "ann"); after.Rated != before.Rated || after.Rating != before.Rating || after.Games != before.Games {
			t.Errorf("ann's profile changed: %+v, was %+v", after, before)
		}
	}},
}
