package boards

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sushigo/sushigo/goldentest"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/words"
)

var update = flag.Bool("update", false, "rewrite golden files")

// golden compares v's text with testdata/golden/name.txt (English) or
// testdata/golden/<code>/name.txt, or rewrites it with -update. In the
// pseudo-language it checks instead that every word came from the catalog.
func golden(t *testing.T, w words.Lang, name string, v protocol.View) {
	t.Helper()
	if w == words.Pseudo() {
		for _, s := range append([]string{v.Title, v.Text, v.Footer}, fieldTexts(v)...) {
			if !words.IsPseudo(withoutNames.ReplaceAllString(s, "")) {
				t.Errorf("%s: words outside the catalog in %q", name, s)
			}
		}
		return
	}
	dir := filepath.Join("testdata", "golden")
	if !w.IsEnglish() {
		dir = filepath.Join(dir, w.Code())
	}
	goldentest.Text(t, filepath.Join(dir, name+".txt"), v.String(), *update, "go test ./boards -run Golden -update", "")
}

// withoutNames takes out the players' names, the menus' stored names and
// OpenSkill's name, which no language translates.
var withoutNames = regexp.MustCompile(`Ann|Bob|Cy|Dee|Eve|Maki-bot|Sushi Go( Party)?!?|OpenSkill|UTC|My First Meal|Party|μ|σ`)

func fieldTexts(v protocol.View) []string {
	var out []string
	for _, f := range v.Fields {
		out = append(out, f.Name, f.Value)
	}
	return out
}

// TestGoldenBoards: the history (from stored summaries, every version
// still read), the leaderboards and the profiles.
func TestGoldenBoards(t *testing.T) {
	for _, w := range append(words.Languages(), words.Pseudo()) {
		t.Run(w.Code(), func(t *testing.T) { goldenBoards(t, w) })
	}
}

func goldenBoards(t *testing.T, w words.Lang) {
	now := time.Date(2026, 11, 18, 20, 0, 0, 0, time.UTC)
	pinned, err := os.ReadFile(filepath.Join("testdata", "history", "summary-v1.json"))
	if err != nil {
		t.Fatal(err)
	}
	past, err := pastView(w, storage.Game{ID: "k2x9", FinishedAt: now, Summary: pinned})
	if err != nil {
		t.Fatal(err)
	}
	// A summary the released game stored (before the goldens were built
	// from a position) still reads.
	released, err := os.ReadFile(filepath.Join("testdata", "history", "summary-v1-released.json"))
	if err != nil {
		t.Fatal(err)
	}
	if v, err := pastView(w, storage.Game{ID: "k2x9", FinishedAt: now, Summary: released}); err != nil || !strings.Contains(v.String(), "Maki-bot") {
		t.Errorf("the released summary: %v\n%s", err, v)
	}
	golden(t, w, "history_game", past)
	// Who left, came back, was removed or left before the game counted:
	// each says so in the history (optional fields of version 1).
	leavers, err := os.ReadFile(filepath.Join("testdata", "history", "summary-v1-leavers.json"))
	if err != nil {
		t.Fatal(err)
	}
	gone, err := os.ReadFile(filepath.Join("testdata", "history", "summary-v1-everyone-left.json"))
	if err != nil {
		t.Fatal(err)
	}
	pastLeavers, err := pastView(w, storage.Game{ID: "k3a1", FinishedAt: now, Summary: leavers})
	if err != nil {
		t.Fatal(err)
	}
	golden(t, w, "history_game_leavers", pastLeavers)
	golden(t, w, "history_leavers", historyView(w, []storage.Game{{ID: "k3a1", FinishedAt: now, Summary: leavers,
		Ratings: []storage.RatingChange{
			{Player: "ann", Prior: storage.Rating{Mu: 27, Sigma: 5, At: now.Add(-100 * 24 * time.Hour)}, After: storage.Rating{Mu: 28.5, Sigma: 4.9}},
			{Player: "bob", Prior: storage.Rating{Mu: 25, Sigma: 5}, After: storage.Rating{Mu: 24.1, Sigma: 4.9}}}},
		{ID: "k3a0", FinishedAt: now.Add(-time.Hour), Summary: gone}}, false, now))
	golden(t, w, "history", historyView(w, []storage.Game{{ID: "k2x9", FinishedAt: now, Summary: pinned},
		{ID: "k2x8", FinishedAt: now.Add(-50 * time.Hour), Summary: pinned}, {ID: "bad", FinishedAt: now.Add(-time.Hour * 400), Summary: []byte(`{"v":9}`)}}, false, now))
	golden(t, w, "leaderboard", leaderboardView(w, []storage.Entry{
		{PlayerID: "ann", Name: "Ann", Games: 4, Wins: 3, Points: 180},
		{PlayerID: "bob", Name: "Bob", Games: 4, Wins: 1, Points: 150}}, protocol.Leaderboard{Period: protocol.Week}, 3))
	golden(t, w, "leaderboard_rating", leaderboardView(w, []storage.Entry{
		{PlayerID: "ann", Name: "Ann", Games: 4, Wins: 3, Points: 180, Rating: storage.Rating{Mu: 29.1, Sigma: 5.2}, Previous: storage.Rating{Mu: 28, Sigma: 5.6}},
		{PlayerID: "bob", Name: "Bob", Games: 4, Wins: 1, Points: 150, Rating: storage.Rating{Mu: 23.5, Sigma: 5.3}, Previous: storage.Rating{Mu: 24.9, Sigma: 5.5}}},
		protocol.Leaderboard{By: protocol.ByRating}, 3))
	golden(t, w, "leaderboard_rating_empty", leaderboardView(w, nil, protocol.Leaderboard{By: protocol.ByRating, Period: protocol.Month, Party: true}, 3))
	ann := storage.Profile{
		Stats:      storage.Stats{PlayerID: "ann", Name: "Ann", Games: 4, Wins: 3, TotalScore: 180, BestScore: 56, PlaceSum: 5},
		Rated:      4,
		Quits:      1,
		Rating:     storage.Rating{Mu: 29.1, Sigma: 5.2},
		Previous:   storage.Rating{Mu: 28, Sigma: 5.6},
		Trend:      []storage.Rating{{Mu: 26, Sigma: 7.5}, {Mu: 27.2, Sigma: 6.6}, {Mu: 28, Sigma: 5.6}, {Mu: 29.1, Sigma: 5.2}},
		Cards:      map[string]int{"tempura": 9, "salmon": 7, "maki": 9, "sashimi": 3},
		Categories: map[string]int{"Tempura": 20, "Sashimi": 10, "Maki rolls": 21, "Pudding": -6},
		Versus:     map[string]storage.HeadToHead{"bob": {Games: 3, Wins: 2, Losses: 1}},
	}
	golden(t, w, "stats", profileView(w, [2]boardStats{{profile: ann,
		month: storage.Stats{Games: 2, Wins: 1}, week: storage.Stats{Games: 1, Wins: 1}}, {party: true}}, "", "bob", 3))
	newcomer := storage.Profile{Stats: storage.Stats{PlayerID: "cy", Name: "Cy", Games: 1, TotalScore: 31, BestScore: 31, PlaceSum: 2},
		Rated: 1, Rating: storage.Rating{Mu: 26.2, Sigma: 7.9}, Trend: []storage.Rating{{Mu: 26.2, Sigma: 7.9}}}
	golden(t, w, "stats_party_newcomer", profileView(w, [2]boardStats{{}, {party: true, profile: newcomer, month: newcomer.Stats, week: newcomer.Stats}}, "", "", 3))
	golden(t, w, "stats_nobody", profileView(w, [2]boardStats{{}, {party: true}}, "zed", "", 3))
}
