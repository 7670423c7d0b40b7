package bot

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sushigo/sushigo/engine"
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

// TestGoldenSentencesInEveryLanguage pins, in each language, the
// sentences that once were glued from parts (testdata/golden/<code>/
// sentences.txt, English's at the top): a spoon turn as the decider, a
// waiting seat and the table see it; a special order's copy; an only
// choice that played itself; the line that waits for pickers; the closing
// post. Each names a person and, in the terminal, "you".
func TestGoldenSentencesInEveryLanguage(t *testing.T) {
	now := time.Date(2026, 11, 18, 20, 0, 0, 0, time.UTC)
	for _, w := range words.Languages() {
		var b strings.Builder
		section := func(name string, v protocol.View) {
			b.WriteString("==== " + name + " ====\n" + v.String() + "\n")
		}
		spoon := decisionPosition(t, spoonMenu, engine.DecideSpoon)
		st := partyTable(spoon, goldenNames)
		st.Lang = w
		section("a spoon turn: the decider", decisionView(st.snap(), 0))
		section("a spoon turn: a seat waiting", waitingView(st.snap(), 1))
		section("a spoon turn: the table", tableView(st.snap(), now))
		st.Seats[0].Name = w.You() // the terminal's player
		section("a spoon turn: the terminal's table", tableView(st.snap(), now))

		cp := revealPosition(t, orderMenu, engine.EvCopy)
		st = partyTable(cp, goldenNames)
		st.Lang = w
		section("a special order's copy", revealView(st.snap()))
		var you []string
		for _, e := range cp.LastReveal().AppendEvents(nil) {
			if e.Kind == engine.EvCopy {
				st.Seats[e.Seat].Name = w.You()
				you = narrate(st.snap(), []engine.Event{e})
			}
		}
		b.WriteString("==== a special order's copy, the terminal's ====\n" + strings.Join(you, "\n") + "\n\n")

		b.WriteString("==== an only choice ====\n")
		for _, name := range []string{"Ann", "Élodie", w.You()} {
			b.WriteString(agree(w, name, "play.onlyChoice", cardText(w, engine.Tempura)) + "\n")
		}
		b.WriteString("\n")

		classic := goldenState(t)
		classic.Lang = w
		section("the table waiting for pickers", tableView(classic.snap(), now))
		for !classic.game.Over() {
			enginetest.Turns(t, classic.game, 1)
		}
		classic.Phase = phaseOver
		section("the closing post", finalView(classic.snap()))
		name := filepath.Join(w.Code(), "sentences")
		if w.IsEnglish() {
			name = "sentences"
		}
		goldenText(t, name, b.String())
	}
}
