package bot

import (
	"encoding/json"
	"flag"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/enginetest"
	"github.com/sushigo/sushigo/goldentest"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
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
	goldentest.Text(t, path, got, *update, "go test ./bot -run Golden -update", why)
}

// goldenState is a 3-player game (two people and a bot) built as a
// position: Ann took chopsticks on turn 1, so on turn 3 she can use them.
func goldenState(t *testing.T) *gameRecord {
	g := enginetest.Deal(t, enginetest.Classic(3),
		[]engine.Card{engine.Chopsticks, engine.Wasabi, engine.SalmonNigiri, engine.Tempura, engine.Dumpling, engine.Maki2, engine.Pudding, engine.Sashimi, engine.EggNigiri},
		[]engine.Card{engine.Tempura, engine.Sashimi, engine.Maki3, engine.SquidNigiri, engine.Dumpling, engine.Dumpling, engine.Maki1, engine.Pudding, engine.Wasabi},
		[]engine.Card{engine.Sashimi, engine.Tempura, engine.Maki2, engine.SalmonNigiri, engine.Chopsticks, engine.Pudding, engine.EggNigiri, engine.Dumpling, engine.Maki1})
	enginetest.Turn(t, g, enginetest.Pick(engine.Chopsticks), enginetest.Pick(engine.Maki3), enginetest.Pick(engine.Sashimi))
	enginetest.Turn(t, g, enginetest.Pick(engine.Tempura), enginetest.Pick(engine.Wasabi), enginetest.Pick(engine.Pudding))
	return &gameRecord{ID: "k2x9", Phase: phasePlaying, Host: "ann",
		Opts:  protocol.Options{Timer: 90, Pass: engine.PassLeft, Hands: protocol.HandsEphemeral},
		Seats: []seat{{User: "ann", Name: "Ann"}, {User: "bob", Name: "Bob"}, {Name: "Maki-bot", Bot: true}},
		game:  g}
}

func TestGoldenViews(t *testing.T) {
	st := goldenState(t)
	now := time.Date(2026, 11, 18, 20, 0, 0, 0, time.UTC)
	lobby := &gameRecord{ID: "k2x9", Phase: phaseLobby, Host: "ann", Opts: st.Opts,
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
	// The history entry's stored form is the boards' (boards/testdata/history),
	// and the host writes it.
	goldenFile(t, filepath.Join("..", "boards", "testdata", "history", "summary-v1.json"), string(summaryJSON)+"\n",
		" (a stored format: a change needs a new version and a new file)")
	golden(t, "table_over", tableView(st.snap(), now))
	golden(t, "rules", rulesView(words.English, ""))
	golden(t, "rules_wasabi", rulesView(words.English, "wasabi"))
	golden(t, "help", helpView(words.English, protocol.Slash))
	golden(t, "help_discord", helpView(words.English, protocol.SlashOptions))

	// The dummy's controller, choosing the dummy's card.
	dg, _ := engine.New(engine.Settings{Players: 2, Dummy: true}, 3)
	dst := &gameRecord{ID: "d7", Phase: phasePlaying, Opts: protocol.Options{Pass: engine.PassLeft, Dummy: true, Hands: protocol.HandsDM},
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
		if len(v.Rows) > protocol.Rows {
			t.Errorf("%q: %d rows", v.Title, len(v.Rows))
		}
		for _, row := range v.Rows {
			if len(row) > protocol.RowButtons {
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
