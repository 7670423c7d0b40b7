package bot

import (
	"strings"
	"testing"
	"time"

	"github.com/sushigo/sushigo/engine"
)

// TestScoreLinesSayNothingScored: a line worth nothing says so instead of
// "→ +0", and a seat left without an uramaki place is not "0th place"
// (issue 21, items 6 and 11).
func TestScoreLinesSayNothingScored(t *testing.T) {
	for _, c := range []struct {
		l    engine.Line
		want string
	}{
		{engine.Line{Category: engine.CatUramaki, Count: 8}, "🍱 Uramaki (most left): 8 icons left, no place — no points"},
		{engine.Line{Category: engine.CatUramaki, Count: 8, Place: 1, Points: 2}, "🍱 Uramaki (most left): 8 icons left, most — 1st place → +2"},
		{engine.Line{Category: engine.CatChopsticks, Count: 2}, "🥢 Unused chopsticks or spoon ×2 — no points"},
		{engine.Line{Category: engine.CatTempura, Count: 2, Points: 5}, "🍤 Tempura ×2 → +5"},
	} {
		if got := lineText(c.l); got != c.want {
			t.Errorf("lineText(%+v) = %q, want %q", c.l, got, c.want)
		}
		if strings.Contains(lineText(c.l), "0th") || strings.Contains(lineText(c.l), "+0") {
			t.Errorf("%q", lineText(c.l))
		}
	}
}

// TestWordingHelpers: durations as people say them ("30 minutes", not
// "30m0s") and names joined as a sentence.
func TestWordingHelpers(t *testing.T) {
	for d, want := range map[time.Duration]string{30 * time.Minute: "30 minutes", time.Minute: "1 minute", 45 * time.Second: "45 seconds",
		90 * time.Second: "1 min 30 s", 2 * time.Hour: "2 hours"} {
		if got := humanDuration(d); got != want {
			t.Errorf("humanDuration(%s) = %q, want %q", d, got, want)
		}
	}
	for want, names := range map[string][]string{"A": {"A"}, "A and B": {"A", "B"}, "A, B and C": {"A", "B", "C"}} {
		if got := andList(names); got != want {
			t.Errorf("andList(%q) = %q", names, got)
		}
	}
}

// TestPartyLobbyAloneWarnsOnce: a Party lobby with the host alone says
// once that more players are needed, not once per card type (item 7).
func TestPartyLobbyAloneWarnsOnce(t *testing.T) {
	st := &state{ID: "g", Where: Location{Platform: "test"}, Phase: phaseLobby, Host: "ann",
		Opts: Options{Party: true, Menu: defaultMenu.String(), Pass: engine.PassLeft}, Seats: []seat{{User: "ann", Name: "Ann"}}}
	v := lobbyView(st)
	if n := strings.Count(v.Text, "⚠️"); n != 1 || !strings.Contains(v.Text, "needs at least 2 players (now 1)") {
		t.Errorf("%d warnings:\n%s", n, v.Text)
	}
	st.Seats = append(st.Seats, seat{Name: "Maki-bot", Bot: true})
	if v := lobbyView(st); strings.Contains(v.Text, "⚠️") {
		t.Errorf("two players still warned:\n%s", v.Text)
	}
}
