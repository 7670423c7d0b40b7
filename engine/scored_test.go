package engine_test

import (
	"testing"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/strategy"
)

// TestRoundsScoredIsThePublicViews checks RoundsScored and LastReveal
// against the public view, after every move of whole games of each kind.
func TestRoundsScoredIsThePublicViews(t *testing.T) {
	for k, set := range []engine.Settings{
		{Ruleset: engine.Party, Players: 4, Menu: engine.Menus(4)[0].Menu},
		{Players: 2, Dummy: true},
	} {
		g, err := engine.New(set, uint64(5+k))
		if err != nil {
			t.Fatal(err)
		}
		players := make([]strategy.Player, set.Players)
		for i := range players {
			players[i] = strategy.NewHeuristic()
		}
		seen := map[int]bool{}
		check := func() {
			pv := g.PublicView()
			if n := g.RoundsScored(); n != len(pv.Scores) {
				t.Fatalf("%v round %d turn %d over %t: %d rounds scored, the view has %d", set, g.Round(), g.Turn(), g.Over(), n, len(pv.Scores))
			}
			if g.LastReveal() != pv.LastReveal {
				t.Fatalf("%v round %d turn %d: the latest reveal differs from the view's", set, g.Round(), g.Turn())
			}
			seen[len(pv.Scores)] = true
		}
		check()
		if err := strategy.PlayRecording(g, players, func(int, engine.Submission, engine.Answer, bool) { check() }); err != nil {
			t.Fatal(err)
		}
		if len(seen) != engine.Rounds+1 {
			t.Fatalf("%v: saw %v rounds scored, want 0 to %d", set, seen, engine.Rounds)
		}
	}
}
