package bot

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sushigo/sushigo/engine/enginetest"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// TestGoldenViewsInFrenchAndRussian pins the table, a reveal, a hand, the
// closing post and help of the golden game in French and in Russian
// (testdata/golden/fr, …/ru): the screens a native speaker reviews first.
// The game is the English goldens' (goldenState); its public screens take
// the game's language, a hand its reader's.
func TestGoldenViewsInFrenchAndRussian(t *testing.T) {
	now := time.Date(2026, 11, 18, 20, 0, 0, 0, time.UTC)
	for _, code := range []string{"fr", "ru"} {
		w, _ := words.Find(code)
		st := goldenState(t)
		st.Lang = w
		dir := filepath.Join(code)
		golden(t, filepath.Join(dir, "table"), tableView(st.snap(), now))
		golden(t, filepath.Join(dir, "hand"), handView(st.snap(), 0, protocol.Pick{}))
		golden(t, filepath.Join(dir, "reveal"), revealView(st.snap()))
		for !st.game.Over() {
			enginetest.Turns(t, st.game, 1)
		}
		st.Phase = phaseOver
		golden(t, filepath.Join(dir, "round_scores"), roundScoreView(st.snap(), 1))
		golden(t, filepath.Join(dir, "final"), finalView(st.snap()))
		golden(t, filepath.Join(dir, "help"), helpView(w, protocol.SlashOptions))
		golden(t, filepath.Join(dir, "rules_wasabi"), rulesView(w, "wasabi"))
	}
}

// TestReaderAndGameLanguages: in a French game a seat whose person reads
// Russian gets a Russian hand, the table stays French; a seat of an
// earlier release (no language) reads the game's.
func TestReaderAndGameLanguages(t *testing.T) {
	fr, _ := words.Find("fr")
	ru, _ := words.Find("ru")
	st := goldenState(t)
	st.Lang = fr
	st.Seats[1].Lang = ru
	now := time.Date(2026, 11, 18, 20, 0, 0, 0, time.UTC)
	if v := tableView(st.snap(), now); !strings.Contains(v.Title, "manche") {
		t.Errorf("the table of a French game: %q", v.Title)
	}
	if v := handView(st.snap(), 1, protocol.Pick{}); !strings.Contains(v.Title, "раунд") {
		t.Errorf("a Russian reader's hand: %q", v.Title)
	}
	if v := handView(st.snap(), 0, protocol.Pick{}); !strings.Contains(v.Title, "manche") {
		t.Errorf("a hand of a seat without a language: %q", v.Title)
	}
	old := goldenState(t) // a game of an earlier release: no language at all
	if v := tableView(old.snap(), now); !strings.Contains(v.Title, "round") {
		t.Errorf("a game stored without a language: %q", v.Title)
	}
}
