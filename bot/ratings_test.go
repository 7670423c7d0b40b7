package bot_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sushigo/sushigo/boards"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/rating"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/words"
)

// pastSeats reads the seats of the latest game in the history: the places
// the rating was computed from.
type pastSeat struct {
	ID, Name, Bot string
	Place, Score  int
	Left, Unrated bool
}

func latestGame(t *testing.T, s storage.Store, board string) (storage.Game, []pastSeat) {
	t.Helper()
	games, err := s.History(context.Background(), board, 1)
	if err != nil || len(games) != 1 {
		t.Fatalf("history of %s: %v, %v", board, games, err)
	}
	var sum struct {
		Seats []struct {
			ID, Name, Bot string
			Place, Score  int
			Left, Unrated bool
		}
	}
	if err := jsonUnmarshal(games[0].Summary, &sum); err != nil {
		t.Fatal(err)
	}
	var out []pastSeat
	for _, s := range sum.Seats {
		out = append(out, pastSeat(s))
	}
	return games[0], out
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-12*math.Max(1, math.Abs(b)) }

// A game with two people and two bots: the people are rated against every
// seat, the bots at their level's fixed rating; the bots are never rated.
func TestGameWithBotsRatesPeopleOnly(t *testing.T) {
	h := newHarness(t)
	h.lobby("ann", "bots=2 level=easy", "bob")
	h.startGame("ann")
	h.playToEnd([]string{"ann", "bob"}, 200)
	ctx := context.Background()
	_, seats := latestGame(t, h.store, "test:guild")
	if len(seats) != 4 {
		t.Fatalf("history seats %+v", seats)
	}
	// People are rated among themselves: the bots' seats count
	// for nothing, so the two people are rated as a two-player game by
	// their order.
	var prior []rating.Rating
	var places []int
	var people []int // seat index of each person, in seats order
	for i, s := range seats {
		if s.Bot != "" {
			if s.Bot != "easy" || s.ID != "" {
				t.Errorf("bot seat %+v", s)
			}
			continue
		}
		prior = append(prior, rating.New())
		places = append(places, s.Place)
		people = append(people, i)
	}
	ranked := make([]int, len(places))
	for k, p := range places {
		ranked[k] = 1
		for _, q := range places {
			if q < p {
				ranked[k]++
			}
		}
	}
	rated := rating.Rate(prior, ranked)
	want := make([]rating.Rating, len(seats))
	for k, i := range people {
		want[i] = rated[k]
	}
	// The channel is told once how the game moved each person's rating.
	var posts []protocol.View
	for _, v := range h.public {
		if v, ok := ratingsOf(v); ok {
			posts = append(posts, v)
		}
	}
	if len(posts) != 1 {
		t.Fatalf("%d ratings posts, want 1", len(posts))
	}
	for i, s := range seats {
		if s.Bot != "" {
			if strings.Contains(posts[0].Text, "**"+s.Name+"**") {
				t.Errorf("a bot is in the ratings post: %s", posts[0].Text)
			}
			continue
		}
		d := boards.Display(storage.Rating{Mu: want[i].Mu, Sigma: want[i].Sigma})
		if line := fmt.Sprintf("**%s** %d? (%s)", s.Name, d, change(d-1000)); !strings.Contains(posts[0].Text, line) {
			t.Errorf("ratings post %q lacks %q", posts[0].Text, line)
		}
	}
	for i, s := range seats {
		if s.Bot != "" {
			continue
		}
		p, err := h.store.Profile(ctx, "test:guild", s.ID)
		if err != nil {
			t.Fatal(err)
		}
		if p.Rated != 1 || !near(p.Rating.Mu, want[i].Mu) || !near(p.Rating.Sigma, want[i].Sigma) {
			t.Errorf("%s (place %d): rated %d, %+v; want %+v", s.ID, s.Place, p.Rated, p.Rating, want[i])
		}
		if len(p.Cards) == 0 || p.Categories == nil {
			t.Errorf("%s: no cards or categories recorded: %+v", s.ID, p)
		}
		n := 0
		for _, c := range p.Cards {
			n += c
		}
		if n < 3*7 { // 7 cards a round at 4 players, more with chopsticks
			t.Errorf("%s took %d cards, want at least 21", s.ID, n)
		}
	}
	all, err := h.store.Top(ctx, storage.Query{Community: "test:guild", At: h.now, By: storage.ByRating, N: 10, MinGames: 1})
	if err != nil {
		t.Fatal(err)
	}
	ids := []string{}
	for _, e := range all {
		ids = append(ids, e.PlayerID)
	}
	slices.Sort(ids)
	if !slices.Equal(ids, []string{"ann", "bob"}) {
		t.Errorf("rated players %v, want only the people", ids)
	}

	// Not on the rating board before 3 rated games; by wins at once.
	h.do("ann", "leaderboard")
	lb, _ := h.lastPublic("Leaderboard")
	if !strings.Contains(lb.Title, "by rating") || !strings.Contains(lb.Text, "Nobody has a settled rating yet") {
		t.Errorf("rating board after one game:\n%s", lb)
	}
	h.do("ann", "leaderboard wins")
	lb, _ = h.lastPublic("Leaderboard")
	if !strings.Contains(lb.Text, "**Ann**") || !strings.Contains(lb.Text, "**Bob**") {
		t.Errorf("wins board:\n%s", lb)
	}

	// Profiles: one's own, and another's with the head-to-head.
	h.do("bob", "stats ann")
	pv, _ := h.lastPublic("📈")
	if !strings.Contains(pv.String(), "Against you") || !strings.Contains(pv.String(), "1 game together") ||
		!strings.Contains(pv.String(), "Favourite card") || !strings.Contains(pv.String(), "On the board after 3 rated games (2 more)") {
		t.Errorf("ann's profile as bob sees it:\n%s", pv)
	}
	h.do("ann", "stats Bob") // by name
	if pv, _ := h.lastPublic("📈"); pv.Title != "📈 Bob" || !strings.Contains(pv.String(), "Rating") {
		t.Errorf("bob's profile by name:\n%s", pv)
	}

	// History: listed, reopened by button (privately) and by number.
	h.do("bob", "history")
	hv, _ := h.lastPublic("Recent games")
	if !strings.Contains(hv.Text, "1. today") || !strings.Contains(hv.Text, "🏆") {
		t.Errorf("history:\n%s", hv)
	}
	b1, ok := button(hv, "1")
	if !ok {
		t.Fatalf("no button for game 1:\n%s", hv)
	}
	r := h.click("cy", b1.ActionID, false)
	if len(r.Deliveries) != 1 || r.Deliveries[0].To.IsPublic() || !strings.Contains(r.Deliveries[0].View.Title, "📜 Sushi Go!") {
		t.Fatalf("reopened scores: %+v", r)
	}
	scores := r.Deliveries[0].View.String()
	for _, s := range seats {
		if !strings.Contains(scores, s.Name) {
			t.Errorf("reopened scores miss %s:\n%s", s.Name, scores)
		}
	}
	h.do("bob", "history 1")
	if again, _ := h.lastPublic("📜 Sushi Go!"); again.String() != scores {
		t.Errorf("history 1:\n%s\nwant the same as the button:\n%s", again, scores)
	}
	if r := h.do("bob", "history 2"); len(r.Deliveries) != 1 || r.Deliveries[0].To.IsPublic() {
		t.Errorf("a game not in the history: %+v", r)
	}
}

// A person who leaves a game once it counts forfeits: they are rated (and
// counted) last, behind every seat that played on, whatever the bot that
// finished their seat scored; the others move up past them. Among leavers
// the later one left ranks higher, and coming back changes nothing: Dee
// leaves after Cy and comes back within a turn, and ranks third, Cy last.
func TestLeaverCountsLast(t *testing.T) {
	h := newHarness(t)
	h.lobby("ann", "", "bob", "cy", "dee")
	h.startGame("ann")
	h.playRound([]string{"ann", "bob", "cy", "dee"})
	h.do("cy", "leave")
	h.do("dee", "leave")
	h.playTurn([]string{"ann", "bob"})
	h.do("dee", "join")
	h.playToEnd([]string{"ann", "bob", "dee"}, 200)
	ctx := context.Background()
	_, seats := latestGame(t, h.store, "test:guild")
	if len(seats) != 4 {
		t.Fatalf("history seats %+v", seats)
	}
	// The places rated: the engine's standings among those who stayed
	// (ties shared), then the leavers, the first to leave last.
	leftAt := map[string]int{"dee": 3, "cy": 4}
	places := make([]int, len(seats))
	for i, s := range seats {
		if s.ID == "" {
			t.Fatalf("seat %d lost its person: %+v", i, s)
		}
		_, leaver := leftAt[s.ID]
		if s.Left != leaver || (s.ID == "cy" && s.Bot != "normal") || (s.ID == "dee" && s.Bot != "") {
			t.Errorf("history seat %+v", s)
		}
		if s.Left {
			places[i] = leftAt[s.ID]
			continue
		}
		places[i] = 1
		for _, o := range seats {
			if !o.Left && o.Place < s.Place {
				places[i]++
			}
		}
	}
	want := rating.Rate([]rating.Rating{rating.New(), rating.New(), rating.New(), rating.New()}, places)
	var post protocol.View
	for _, v := range h.public {
		if v, ok := ratingsOf(v); ok {
			post = v
		}
	}
	for i, s := range seats {
		p, err := h.store.Profile(ctx, "test:guild", s.ID)
		if err != nil {
			t.Fatal(err)
		}
		if p.Rated != 1 || !near(p.Rating.Mu, want[i].Mu) || !near(p.Rating.Sigma, want[i].Sigma) {
			t.Errorf("%s (table place %d, rated place %d): rated %d, %+v; want %+v", s.ID, s.Place, places[i], p.Rated, p.Rating, want[i])
		}
		if p.Games != 1 || p.PlaceSum != places[i] || p.TotalScore != s.Score || (p.Wins == 1) != (places[i] == 1) {
			t.Errorf("%s (rated place %d, score %d): %+v", s.ID, places[i], s.Score, p.Stats)
		}
		d := boards.Display(storage.Rating{Mu: want[i].Mu, Sigma: want[i].Sigma})
		line := fmt.Sprintf("**%s** %d? (%s)", s.Name, d, change(d-1000))
		if s.Left {
			line += " 🚪 left: a forfeit"
		}
		if !strings.Contains(post.Text, line) {
			t.Errorf("ratings post %q lacks %q", post.Text, line)
		}
		if !s.Left && strings.Contains(post.Text, s.Name+"** "+fmt.Sprint(d)+fmt.Sprintf(" (%s) 🚪", change(d-1000))) {
			t.Errorf("ratings post %q counts %s as a leaver", post.Text, s.Name)
		}
	}
	h.do("ann", "history 1")
	if v, _ := h.lastPublic("📜 Sushi Go!"); !strings.Contains(v.Text, "**Cy (left; the normal bot finished)**") ||
		!strings.Contains(v.Text, "**Dee (left and came back; a forfeit)**") {
		t.Errorf("the game's scores:\n%s", v)
	}
}

// flakyResults fails RecordResult while fail is positive, as a store that
// went away right after the save that ended a game.
type flakyResults struct {
	storage.Store
	fail atomic.Int32
	// lostReply: the failing calls did record, and only their reply was
	// lost; lost keeps the ratings they gave, by player.
	lostReply bool
	lost      []map[string]storage.Rating
}

func (f *flakyResults) RecordResult(ctx context.Context, r storage.Result) (storage.Recorded, error) {
	if f.fail.Add(-1) >= 0 {
		if f.lostReply {
			rec, err := f.Store.RecordResult(ctx, r)
			if err != nil {
				return storage.Recorded{}, err
			}
			after := map[string]storage.Rating{}
			for i, p := range r.Players {
				if i < len(rec.After) {
					after[p.ID] = rec.After[i]
				}
			}
			f.lost = append(f.lost, after)
		}
		return storage.Recorded{}, errors.New("connection reset")
	}
	return f.Store.RecordResult(ctx, r)
}

// A result whose reply was lost (stored, but the host saw an error) is
// announced from the timer loop with the ratings it stored, once: even
// when its players finished another game in between.
func TestLostResultReplyAnnouncedOnce(t *testing.T) {
	h := newHarness(t)
	flaky := &flakyResults{Store: h.store, lostReply: true}
	flaky.fail.Store(1)
	h.store = flaky
	h.b = h.newBot()
	h.lobby("ann", "bots=1", "bob")
	h.startGame("ann")
	h.playToEnd([]string{"ann", "bob"}, 200)
	count := func() int {
		n := 0
		for _, v := range h.public {
			if _, ok := ratingsOf(v); ok {
				n++
			}
		}
		return n
	}
	if n := count(); n != 0 {
		t.Fatalf("%d ratings posts before the retry", n)
	}
	if len(flaky.lost) != 1 || len(flaky.lost[0]) != 2 {
		t.Fatalf("the lost record: %+v", flaky.lost)
	}
	lost := flaky.lost[0]
	ctx := context.Background()
	// A game elsewhere moves both ratings before the timer loop retries.
	newer := storage.Result{GameID: "elsewhere", Community: "test:guild", FinishedAt: h.now,
		Players: []storage.PlayerResult{{ID: "ann", Name: "Ann", Score: 50, Place: 1}, {ID: "bob", Name: "Bob", Score: 10, Place: 2}},
		Rate: func(p []storage.Rating, met [][]storage.Met) ([]storage.Rating, [][]storage.Met) {
			return []storage.Rating{{Mu: p[0].Mu + 5, Sigma: p[0].Sigma}, {Mu: p[1].Mu - 5, Sigma: p[1].Sigma}}, met
		}}
	if _, err := flaky.Store.RecordResult(ctx, newer); err != nil {
		t.Fatal(err)
	}
	h.tick(61 * 1e9)
	h.tick(61 * 1e9)
	if n := count(); n != 1 {
		t.Fatalf("%d ratings posts after the retry, want 1", n)
	}
	var post protocol.View
	for _, v := range h.public {
		if v, ok := ratingsOf(v); ok {
			post = v
		}
	}
	for _, u := range []string{"ann", "bob"} {
		p, err := flaky.Store.Profile(ctx, "test:guild", u)
		if err != nil || p.Games != 2 {
			t.Fatalf("%s: %+v, %v", u, p, err)
		}
		d := boards.Display(lost[u])
		line := fmt.Sprintf("**%s** %d? (%s)", user(u).Name, d, change(d-1000))
		if !strings.Contains(post.Text, line) {
			t.Errorf("ratings post %q lacks %q", post.Text, line)
		}
		if p.Rating.Mu == lost[u].Mu {
			t.Fatalf("%s: the newer game did not move the rating (%+v)", u, p.Rating)
		}
	}
}

// A result that could not be recorded when the game ended is recorded by
// the timer loop, once.
func TestResultRecordedAfterAFailure(t *testing.T) {
	h := newHarness(t)
	flaky := &flakyResults{Store: h.store}
	flaky.fail.Store(2) // the end of the game, and the first retry
	h.store = flaky
	h.b = h.newBot()
	h.lobby("ann", "bots=1", "bob")
	h.startGame("ann")
	h.playToEnd([]string{"ann", "bob"}, 200)
	if _, over := h.lastPublic("Final standings"); !over {
		t.Fatal("the game did not end for its players")
	}
	ctx := context.Background()
	games := func() int {
		p, err := flaky.Store.Profile(ctx, "test:guild", "ann")
		if err != nil {
			t.Fatal(err)
		}
		return p.Games
	}
	if n := games(); n != 0 {
		t.Fatalf("recorded %d games through a failing store", n)
	}
	h.tick(61 * 1e9) // the first retry fails too
	if n := games(); n != 0 {
		t.Fatalf("recorded %d games through a failing store", n)
	}
	h.tick(31 * 1e9) // the claim's lease ran out: tried again
	if n := games(); n != 1 {
		t.Fatalf("after the retries: %d games, want 1", n)
	}
	h.tick(120 * 1e9)
	if n := games(); n != 1 {
		t.Fatalf("after more ticks: %d games, want 1", n)
	}
	posts := 0
	for _, v := range h.public {
		if _, ok := ratingsOf(v); ok {
			posts++
		}
	}
	if posts != 1 {
		t.Errorf("%d ratings posts after the recovery, want 1", posts)
	}
}

func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }

// TestOnePersonGameIsPractice: a game of one person against bots is
// practice: said in the lobby and the final post, and no rating moves
// however often the person wins (farming bots).
func TestOnePersonGameIsPractice(t *testing.T) {
	h := newHarness(t)
	h.do("ann", "new timer=0 bots=3 level=easy")
	if lobby, _ := h.lastPublic("lobby"); !strings.Contains(lobby.Text, "Practice") {
		t.Errorf("the lobby does not say the game is practice:\n%s", lobby.Text)
	}
	h.startGame("ann")
	h.playToEnd([]string{"ann"}, 60)
	final, _ := h.lastPublic("Final standings")
	if !strings.Contains(final.Text, "practice game: not rated") {
		t.Errorf("the final post does not say practice:\n%s", final.Text)
	}
	for _, v := range h.public {
		if _, ok := ratingsOf(v); ok {
			t.Errorf("a ratings post for a practice game: %s", v.Text)
		}
	}
	p, err := h.store.Profile(context.Background(), "test:guild", "ann")
	if err != nil {
		t.Fatal(err)
	}
	if p.Games != 1 || p.Rated != 0 || p.Rating.Rated() {
		t.Errorf("after a practice game: %d games, %d rated, rating %+v", p.Games, p.Rated, p.Rating)
	}
}

// recordRated stores a rated two-person game whose Rate gives fixed
// ratings, stamped at the game's time.
func recordRated(t *testing.T, h *harness, id string, at time.Time, players []string, after []storage.Rating) {
	t.Helper()
	r := storage.Result{GameID: id, Community: "test:guild", FinishedAt: at,
		Rate: func(prior []storage.Rating, met [][]storage.Met) ([]storage.Rating, [][]storage.Met) {
			out := slices.Clone(after)
			for i := range out {
				out[i].At = at
			}
			return out, met
		}}
	for i, p := range players {
		r.Players = append(r.Players, storage.PlayerResult{ID: p, Name: strings.ToUpper(p[:1]) + p[1:], Score: 40 - i, Place: i + 1})
	}
	if _, err := h.store.RecordResult(context.Background(), r); err != nil {
		t.Fatal(err)
	}
}

// The rating board lists settled players only, as of now: a provisional
// rating is left off, and one grown uncertain with time away drops off
// until its player plays again; the profile says why.
func TestBoardListsSettledRatingsOnly(t *testing.T) {
	bothStores(t, func(t *testing.T, h *harness) {
		for g := range 3 {
			// Ann and Bob settled (σ 3), Cy provisional (σ 6).
			recordRated(t, h, fmt.Sprintf("g%d", g), h.now, []string{"ann", "bob", "cy"},
				[]storage.Rating{{Mu: 30, Sigma: 3}, {Mu: 27, Sigma: 3}, {Mu: 40, Sigma: 6}})
		}
		h.do("ann", "leaderboard")
		lb, _ := h.lastPublic("Leaderboard")
		if !strings.Contains(lb.Text, "1. **Ann** — **1840**") || !strings.Contains(lb.Text, "2. **Bob** — **1720**") || strings.Contains(lb.Text, "Cy") {
			t.Errorf("the board lists settled players only:\n%s", lb)
		}
		if v := h.do("cy", "stats").Deliveries[0].View; !strings.Contains(v.String(), "1880?") {
			t.Errorf("cy's profile shows a provisional rating:\n%s", v)
		}
		// 120 days on: σ² = 9 + 18 = 27, σ 5.2: still settled, lower.
		h.now = h.now.Add(120 * 24 * time.Hour)
		h.do("ann", "leaderboard")
		lb, _ = h.lastPublic("Leaderboard")
		if !strings.Contains(lb.Text, "1. **Ann** — **1576**") {
			t.Errorf("the board 120 days on:\n%s", lb)
		}
		// 200 days on: σ² = 9 + 30 = 39, σ 6.2: provisional again.
		h.now = h.now.Add(80 * 24 * time.Hour)
		h.do("ann", "leaderboard")
		if lb, _ = h.lastPublic("Leaderboard"); !strings.Contains(lb.Text, "Nobody has a settled rating") {
			t.Errorf("the board 200 days on:\n%s", lb)
		}
		if v := h.do("ann", "stats").Deliveries[0].View; !strings.Contains(v.String(), "**1840** (±0) after the last game") || !strings.Contains(v.String(), "Now **1451?**: less certain after time away") {
			t.Errorf("ann's profile 200 days on:\n%s", v)
		}
	})
}

// change is a rating change as posts show it: "+12", "-3", "±0".
func change(d int) string {
	if d == 0 {
		return "±0"
	}
	return fmt.Sprintf("%+d", d)
}

// TestRematchCountsForLess: the same two people's second rated game in a
// row counts for less, and its ratings post says so; the first does not.
func TestRematchCountsForLess(t *testing.T) {
	h := newHarness(t)
	var posts []protocol.View
	for range 2 {
		h.lobby("ann", "", "bob")
		h.startGame("ann")
		h.playToEnd([]string{"ann", "bob"}, 200)
		v, ok := protocol.View{}, false
		for i := len(h.public) - 1; i >= 0 && !ok; i-- {
			v, ok = ratingsOf(h.public[i])
		}
		if !ok {
			t.Fatal("no ratings post")
		}
		posts = append(posts, v)
		// The next game's "Final standings" and hands are its own.
		h.public, h.hand = nil, map[string]protocol.View{}
		h.now = h.now.Add(10 * time.Minute)
	}
	less := "🔁 You have played together a lot in the last few hours, so this game counted for less."
	if strings.Contains(posts[0].Footer, less) {
		t.Errorf("the first game's post says it counted for less: %q", posts[0].Footer)
	}
	if !strings.Contains(posts[1].Footer, less) {
		t.Errorf("the rematch's post %q does not say it counted for less", posts[1].Footer)
	}
	p, err := h.store.Profile(context.Background(), "test:guild", "ann")
	if err != nil {
		t.Fatal(err)
	}
	if p.Rated != 2 || p.Versus["bob"].Met.Count < 1.9 {
		t.Errorf("ann after two games with bob: %d rated, met %+v", p.Rated, p.Versus["bob"].Met)
	}
}

// TestClosingPostRatingsInTheReadersWords: the ratings folded into the
// closing post are drawn in whoever reads it: the channel's language in
// the channel, a page's reader's on their page (the post used to keep
// them as the channel's words only).
func TestClosingPostRatingsInTheReadersWords(t *testing.T) {
	h := newHarness(t)
	h.lobby("ann", "bots=1 level=easy", "bob")
	h.startGame("ann")
	h.playToEnd([]string{"ann", "bob"}, 200)
	ctx := context.Background()
	ratings := func(v *protocol.View) (protocol.Field, bool) {
		for _, f := range v.Fields {
			if strings.HasPrefix(f.Name, "📈") {
				return f, true
			}
		}
		return protocol.Field{}, false
	}
	for _, c := range []struct{ lang, title string }{
		{"en", "📈 Ratings"}, {"fr", "📈 Cotes"}, {"de", "📈 Wertungen"},
	} {
		w, _ := words.Find(c.lang)
		p, err := h.b.Page(ctx, h.where, "bob", w)
		if err != nil || p.Final == nil {
			t.Fatalf("%s: bob's page: %v, final %v", c.lang, err, p.Final != nil)
		}
		f, ok := ratings(p.Final)
		if !ok {
			t.Fatalf("%s: no ratings in the closing post: %+v", c.lang, p.Final.Fields)
		}
		if f.Name != c.title || !strings.Contains(f.Value, "**Ann**") || !strings.Contains(f.Value, "**Bob**") {
			t.Errorf("%s: the ratings read %q: %q", c.lang, f.Name, f.Value)
		}
		if want := w.Say("ratings.peopleAreRatedAmongThemselves"); !strings.Contains(p.Final.Footer, want[:20]) {
			t.Errorf("%s: the footer reads %q", c.lang, p.Final.Footer)
		}
	}
}

// TestPagesDrawEachReadersPage: Pages, one read for many readers, draws
// for each reader the very page Page draws for them alone: each seat its
// own hand in its own language, a watcher none; a reader's language
// stays theirs (ann in French, then ann as her seat speaks).
func TestPagesDrawEachReadersPage(t *testing.T) {
	h := newHarness(t)
	h.lobby("ann", "bots=1 level=easy", "bob")
	h.startGame("ann")
	ctx := context.Background()
	fr, _ := words.Find("fr")
	readers := []protocol.Reader{{User: "ann"}, {User: "bob", Lang: fr}, {User: ""}, {User: "ann", Lang: fr}, {User: "ann"}}
	pages, err := h.b.Pages(ctx, h.where, protocol.Changed{}, readers)
	if err != nil {
		t.Fatal(err)
	}
	for k, r := range readers {
		alone, err := h.b.Page(ctx, h.where, r.User, r.Lang)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(pages[k], alone) {
			t.Errorf("reader %+v: Pages drew\n%+v\nPage drew\n%+v", r, pages[k], alone)
		}
	}
	if pages[0].Hand == nil || pages[1].Hand == nil || pages[2].Hand != nil || pages[2].Seat != -1 {
		t.Errorf("hands: ann %v, bob %v, a watcher %v (seat %d)", pages[0].Hand != nil, pages[1].Hand != nil, pages[2].Hand != nil, pages[2].Seat)
	}
	if pages[0].Hand.Title == pages[3].Hand.Title {
		t.Errorf("ann's hand in English and in French: %q", pages[0].Hand.Title)
	}
}
