package bot

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/strategy"
	"github.com/sushigo/sushigo/storage"
)

var update = flag.Bool("update", false, "rewrite golden files")

func golden(t *testing.T, name string, v View) {
	t.Helper()
	goldenText(t, name, v.String())
}

// goldenText compares got with testdata/golden/name.txt, or rewrites it
// with -update.
func goldenText(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name+".txt")
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
		t.Errorf("%s changed:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

// goldenState is a 3-player game (two people and a bot) after seed-fixed
// heuristic play reached a turn where seat 0 can use chopsticks.
func goldenState(t *testing.T) *state {
	for seed := uint64(1); seed < 500; seed++ {
		g, err := engine.New(engine.Settings{Players: 3}, seed)
		if err != nil {
			t.Fatal(err)
		}
		h := strategy.NewHeuristic()
		for !g.Over() && g.Round() == 1 {
			if v := g.View(0); v.Chopsticks(0) > 0 && v.HandSize(0) >= 3 && g.Turn() >= 3 {
				return &state{ID: "k2x9", Phase: phasePlaying, Host: "ann",
					Opts:  Options{Timer: 90, Pass: engine.PassLeft, Hands: HandsEphemeral},
					Seats: []seat{{User: "ann", Name: "Ann"}, {User: "bob", Name: "Bob"}, {Name: "Maki-bot", Bot: true}},
					game:  g}
			}
			for s := range 3 {
				if !g.Submitted(s) {
					if err := g.Submit(s, h.Choose(g.View(s))); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
	t.Fatal("no seed gave seat 0 chopsticks")
	return nil
}

func TestGoldenViews(t *testing.T) {
	st := goldenState(t)
	now := time.Date(2026, 11, 18, 20, 0, 0, 0, time.UTC)
	lobby := &state{ID: "k2x9", Phase: phaseLobby, Host: "ann", Opts: st.Opts,
		Seats: []seat{{User: "ann", Name: "Ann"}, {User: "bob", Name: "Bob"}, {Name: "Maki-bot", Bot: true}}}
	golden(t, "lobby", lobbyView(lobby))
	golden(t, "table", tableView(st, now))
	golden(t, "hand", handView(st, 0, Pick{}))
	golden(t, "hand_chopsticks_first", handView(st, 0, Pick{Chop: true}))
	hand := st.game.View(0).AppendHand(nil)
	golden(t, "hand_chopsticks_second", handView(st, 0, Pick{Chop: true, Card: hand[0]}))
	golden(t, "locked", lockedView(st, 0, engine.Submission{Card: hand[0], Extra: hand[1]}))
	golden(t, "reveal", revealView(st))
	// Play out the game for the score views.
	h := strategy.NewHeuristic()
	g := st.game
	for !g.Over() {
		for s := range 3 {
			if !g.Over() && !g.Submitted(s) {
				_ = g.Submit(s, h.Choose(g.View(s)))
			}
		}
	}
	st.Phase = phaseOver
	golden(t, "round_scores", roundScoreView(st, 1))
	golden(t, "final", finalView(st))
	golden(t, "scores", scoresView(st))
	golden(t, "table_over", tableView(st, now))
	golden(t, "leaderboard", leaderboardView([]storage.Entry{
		{PlayerID: "ann", Name: "Ann", Games: 4, Wins: 3, Points: 180},
		{PlayerID: "bob", Name: "Bob", Games: 4, Wins: 1, Points: 150}}, Leaderboard{Period: storage.Week}))
	golden(t, "stats", statsView([3]storage.Stats{
		{PlayerID: "ann", Name: "Ann", Games: 4, Wins: 3, TotalScore: 180, BestScore: 56, PlaceSum: 5},
		{PlayerID: "ann", Name: "Ann", Games: 2, Wins: 1, TotalScore: 90, BestScore: 50, PlaceSum: 3}}, "ann"))
	golden(t, "rules", rulesView(""))
	golden(t, "rules_wasabi", rulesView("wasabi"))
	golden(t, "help", helpView())

	// The dummy's controller, choosing the dummy's card.
	dg, _ := engine.New(engine.Settings{Players: 2, Dummy: true}, 3)
	dst := &state{ID: "d7", Phase: phasePlaying, Opts: Options{Pass: engine.PassLeft, Dummy: true, Hands: HandsDM},
		Seats: []seat{{User: "ann", Name: "Ann"}, {User: "bob", Name: "Bob"}}, game: dg}
	dh := dg.View(0).AppendHand(nil)
	golden(t, "hand_dummy", handView(dst, 0, Pick{Card: dh[0]}))
	golden(t, "table_dummy", tableView(dst, now))
}

// TestViewsFitPlatforms checks every golden view against the tightest
// platform limits: 5 buttons a row and 5 rows (Discord), action IDs of at
// most 100 characters, button labels of at most 75 characters (Slack).
func TestViewsFitPlatforms(t *testing.T) {
	st := goldenState(t)
	for _, v := range []View{tableView(st, time.Time{}), handView(st, 0, Pick{}), handView(st, 0, Pick{Chop: true})} {
		if len(v.Rows) > 5 {
			t.Errorf("%q: %d rows", v.Title, len(v.Rows))
		}
		for _, row := range v.Rows {
			if len(row) > 5 {
				t.Errorf("%q: a row of %d buttons", v.Title, len(row))
			}
			for _, b := range row {
				if len(b.ActionID) > MaxActionID || len(b.Label) > 75 {
					t.Errorf("%q: button %+v too long", v.Title, b)
				}
				if _, err := ParseActionID(b.ActionID); err != nil {
					t.Errorf("%q: button %q does not parse", v.Title, b.ActionID)
				}
			}
		}
		if strings.Contains(v.String(), "%!") {
			t.Errorf("formatting error in %q", v.Title)
		}
	}
}
