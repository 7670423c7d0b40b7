package bot

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/enginetest"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage"
)

var update = flag.Bool("update", false, "rewrite golden files")

func golden(t *testing.T, name string, v protocol.View) {
	t.Helper()
	goldenText(t, name, v.String())
}

// goldenText compares got with testdata/golden/name.txt, or rewrites it
// with -update.
func goldenText(t *testing.T, name, got string) {
	t.Helper()
	goldenFile(t, filepath.Join("testdata", "golden", name+".txt"), got, "")
}

// goldenFile compares got with the file at path, or rewrites it with
// -update; why, when set, says what a difference means.
func goldenFile(t *testing.T, path, got, why string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./bot -run Golden -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s changed%s:\n--- got\n%s\n--- want\n%s", path, why, got, want)
	}
}

// goldenState is a 3-player game (two people and a bot) built as a
// position: Ann took chopsticks on turn 1, so on turn 3 she can use them.
func goldenState(t *testing.T) *state {
	g := enginetest.Deal(t, enginetest.Classic(3),
		[]engine.Card{engine.Chopsticks, engine.Wasabi, engine.SalmonNigiri, engine.Tempura, engine.Dumpling, engine.Maki2, engine.Pudding, engine.Sashimi, engine.EggNigiri},
		[]engine.Card{engine.Tempura, engine.Sashimi, engine.Maki3, engine.SquidNigiri, engine.Dumpling, engine.Dumpling, engine.Maki1, engine.Pudding, engine.Wasabi},
		[]engine.Card{engine.Sashimi, engine.Tempura, engine.Maki2, engine.SalmonNigiri, engine.Chopsticks, engine.Pudding, engine.EggNigiri, engine.Dumpling, engine.Maki1})
	enginetest.Turn(t, g, enginetest.Pick(engine.Chopsticks), enginetest.Pick(engine.Maki3), enginetest.Pick(engine.Sashimi))
	enginetest.Turn(t, g, enginetest.Pick(engine.Tempura), enginetest.Pick(engine.Wasabi), enginetest.Pick(engine.Pudding))
	return &state{ID: "k2x9", Phase: phasePlaying, Host: "ann",
		Opts:  protocol.Options{Timer: 90, Pass: engine.PassLeft, Hands: protocol.HandsEphemeral},
		Seats: []seat{{User: "ann", Name: "Ann"}, {User: "bob", Name: "Bob"}, {Name: "Maki-bot", Bot: true}},
		game:  g}
}

func TestGoldenViews(t *testing.T) {
	st := goldenState(t)
	now := time.Date(2026, 11, 18, 20, 0, 0, 0, time.UTC)
	lobby := &state{ID: "k2x9", Phase: phaseLobby, Host: "ann", Opts: st.Opts,
		Seats: []seat{{User: "ann", Name: "Ann"}, {User: "bob", Name: "Bob"}, {Name: "Maki-bot", Bot: true}}}
	golden(t, "lobby", lobbyView(lobby.snap()))
	golden(t, "table", tableView(st.snap(), now))
	golden(t, "hand", handView(st.snap(), 0, protocol.Pick{}))
	golden(t, "hand_chopsticks_first", handView(st.snap(), 0, protocol.Pick{Chop: true}))
	hand := st.game.View(0).AppendHand(nil)
	golden(t, "hand_chopsticks_second", handView(st.snap(), 0, protocol.Pick{Chop: true, Card: hand[0]}))
	golden(t, "locked", lockedView(st.snap(), 0, engine.Submission{Card: hand[0], Extra: hand[1]}))
	golden(t, "reveal", revealView(st.snap()))
	// Play out the game for the score views: first legal choices, so no
	// bot's improvement moves these goldens.
	for !st.game.Over() {
		enginetest.Turns(t, st.game, 1)
	}
	st.Phase = phaseOver
	golden(t, "round_scores", roundScoreView(st.snap(), 1))
	golden(t, "final", finalView(st.snap()))
	golden(t, "scores", scoresView(st.snap()))
	// The history entry: its stored form is pinned, and what it shows.
	st.Seats[2].Level = "hard"
	summaryJSON, err := json.MarshalIndent(summaryOf(st, st.game.PublicView()), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	goldenFile(t, filepath.Join("testdata", "history", "summary-v1.json"), string(summaryJSON)+"\n",
		" (a stored format: a change needs a new version and a new file)")
	pinned, err := os.ReadFile(filepath.Join("testdata", "history", "summary-v1.json"))
	if err != nil {
		t.Fatal(err)
	}
	past, err := pastView(storage.Game{ID: "k2x9", FinishedAt: now, Summary: pinned})
	if err != nil {
		t.Fatal(err)
	}
	// A summary the released game stored (before the goldens were built
	// from a position) still reads.
	released, err := os.ReadFile(filepath.Join("testdata", "history", "summary-v1-released.json"))
	if err != nil {
		t.Fatal(err)
	}
	if v, err := pastView(storage.Game{ID: "k2x9", FinishedAt: now, Summary: released}); err != nil || !strings.Contains(v.String(), "Maki-bot") {
		t.Errorf("the released summary: %v\n%s", err, v)
	}
	golden(t, "history_game", past)
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
	pastLeavers, err := pastView(storage.Game{ID: "k3a1", FinishedAt: now, Summary: leavers})
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "history_game_leavers", pastLeavers)
	golden(t, "history_leavers", historyView([]storage.Game{{ID: "k3a1", FinishedAt: now, Summary: leavers,
		Ratings: []storage.RatingChange{
			{Player: "ann", Prior: storage.Rating{Mu: 27, Sigma: 5, At: now.Add(-100 * 24 * time.Hour)}, After: storage.Rating{Mu: 28.5, Sigma: 4.9}},
			{Player: "bob", Prior: storage.Rating{Mu: 25, Sigma: 5}, After: storage.Rating{Mu: 24.1, Sigma: 4.9}}}},
		{ID: "k3a0", FinishedAt: now.Add(-time.Hour), Summary: gone}}, false, now))
	golden(t, "history", historyView([]storage.Game{{ID: "k2x9", FinishedAt: now, Summary: pinned},
		{ID: "k2x8", FinishedAt: now.Add(-50 * time.Hour), Summary: pinned}, {ID: "bad", FinishedAt: now.Add(-time.Hour * 400), Summary: []byte(`{"v":9}`)}}, false, now))
	golden(t, "table_over", tableView(st.snap(), now))
	golden(t, "leaderboard", leaderboardView([]storage.Entry{
		{PlayerID: "ann", Name: "Ann", Games: 4, Wins: 3, Points: 180},
		{PlayerID: "bob", Name: "Bob", Games: 4, Wins: 1, Points: 150}}, protocol.Leaderboard{Period: storage.Week}, 3))
	golden(t, "leaderboard_rating", leaderboardView([]storage.Entry{
		{PlayerID: "ann", Name: "Ann", Games: 4, Wins: 3, Points: 180, Rating: storage.Rating{Mu: 29.1, Sigma: 5.2}, Previous: storage.Rating{Mu: 28, Sigma: 5.6}},
		{PlayerID: "bob", Name: "Bob", Games: 4, Wins: 1, Points: 150, Rating: storage.Rating{Mu: 23.5, Sigma: 5.3}, Previous: storage.Rating{Mu: 24.9, Sigma: 5.5}}},
		protocol.Leaderboard{By: storage.ByRating}, 3))
	golden(t, "leaderboard_rating_empty", leaderboardView(nil, protocol.Leaderboard{By: storage.ByRating, Period: storage.Month, Party: true}, 3))
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
	golden(t, "stats", profileView([2]boardStats{{profile: ann,
		month: storage.Stats{Games: 2, Wins: 1}, week: storage.Stats{Games: 1, Wins: 1}}, {party: true}}, "", "bob", 3))
	newcomer := storage.Profile{Stats: storage.Stats{PlayerID: "cy", Name: "Cy", Games: 1, TotalScore: 31, BestScore: 31, PlaceSum: 2},
		Rated: 1, Rating: storage.Rating{Mu: 26.2, Sigma: 7.9}, Trend: []storage.Rating{{Mu: 26.2, Sigma: 7.9}}}
	golden(t, "stats_party_newcomer", profileView([2]boardStats{{}, {party: true, profile: newcomer, month: newcomer.Stats, week: newcomer.Stats}}, "", "", 3))
	golden(t, "stats_nobody", profileView([2]boardStats{{}, {party: true}}, "zed", "", 3))
	golden(t, "rules", rulesView(""))
	golden(t, "rules_wasabi", rulesView("wasabi"))
	golden(t, "help", helpView(protocol.Slash))
	golden(t, "help_discord", helpView(protocol.SlashOptions))

	// The dummy's controller, choosing the dummy's card.
	dg, _ := engine.New(engine.Settings{Players: 2, Dummy: true}, 3)
	dst := &state{ID: "d7", Phase: phasePlaying, Opts: protocol.Options{Pass: engine.PassLeft, Dummy: true, Hands: protocol.HandsDM},
		Seats: []seat{{User: "ann", Name: "Ann"}, {User: "bob", Name: "Bob"}}, game: dg}
	dh := dg.View(0).AppendHand(nil)
	golden(t, "hand_dummy", handView(dst.snap(), 0, protocol.Pick{Card: dh[0]}))
	golden(t, "table_dummy", tableView(dst.snap(), now))
}

// TestViewsFitPlatforms checks every golden view against the tightest
// platform limits: 5 buttons a row and 5 rows (Discord), action IDs of at
// most 100 characters, button labels of at most 75 characters (Slack).
func TestViewsFitPlatforms(t *testing.T) {
	st := goldenState(t)
	for _, v := range []protocol.View{tableView(st.snap(), time.Time{}), handView(st.snap(), 0, protocol.Pick{}), handView(st.snap(), 0, protocol.Pick{Chop: true})} {
		if len(v.Rows) > 5 {
			t.Errorf("%q: %d rows", v.Title, len(v.Rows))
		}
		for _, row := range v.Rows {
			if len(row) > 5 {
				t.Errorf("%q: a row of %d buttons", v.Title, len(row))
			}
			for _, b := range row {
				if len(b.ActionID) > protocol.MaxActionID || len(b.Label) > 75 {
					t.Errorf("%q: button %+v too long", v.Title, b)
				}
				if _, err := protocol.ParseActionID(b.ActionID); err != nil {
					t.Errorf("%q: button %q does not parse", v.Title, b.ActionID)
				}
			}
		}
		if strings.Contains(v.String(), "%!") {
			t.Errorf("formatting error in %q", v.Title)
		}
	}
}
