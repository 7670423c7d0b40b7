package bot

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/strategy"
)

// TestRoundScoreViewTotalsAsOfThatRound: a round's score view shows the
// total after that round, opened at any later time: round 1's total is round
// 1's points, round 3's is the three rounds without the dessert (before, it
// showed the game's final score).
func TestRoundScoreViewTotalsAsOfThatRound(t *testing.T) {
	g, err := engine.New(engine.Settings{Players: 3}, 5)
	if err != nil {
		t.Fatal(err)
	}
	if err := strategy.Play(g, []strategy.Player{strategy.NewHeuristic(), strategy.NewHeuristic(), strategy.NewHeuristic()}); err != nil {
		t.Fatal(err)
	}
	st := &gameRecord{game: g, Seats: []seat{{Name: "Ann", User: "ann"}, {Name: "Bob", User: "bob"}, {Name: "Cy", User: "cy"}}}
	for s := range 3 {
		running := 0
		for r := 1; r <= engine.Rounds; r++ {
			b, _ := g.RoundScore(r, s)
			running += b.Total()
			v := roundScoreView(st.snap(), r)
			want := fmt.Sprintf("%+d this round, %d total", b.Total(), running)
			if !strings.Contains(v.Fields[s].Name, want) {
				t.Errorf("round %d, seat %d: %q, want %q", r, s, v.Fields[s].Name, want)
			}
		}
		if d, _ := g.DessertScore(s); d.Total() != 0 && running == g.Score(s) {
			t.Fatalf("setup: seat %d's dessert should make the final score differ", s)
		}
	}
}
