package strategy_test

import (
	"fmt"
	"testing"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/strategy"
)

// winShare plays games with one heuristic seat (rotating) against random
// players and returns the heuristic's share of wins, a shared first place
// counting as a fraction.
func winShare(t testing.TB, players, games int) float64 {
	t.Helper()
	return winShareOn(t, func(int) engine.Settings { return engine.Settings{Players: players} }, games)
}

// winShareOn is winShare over the settings game i is played with.
func winShareOn(t testing.TB, settings func(i int) engine.Settings, games int) float64 {
	t.Helper()
	var g engine.Game
	wins := 0.0
	for i := range games {
		s := settings(i)
		players := s.Players
		ps := make([]strategy.Player, players)
		for p := range ps {
			ps[p] = strategy.NewRandom(uint64(i*16 + p))
		}
		hseat := i % players
		ps[hseat] = strategy.NewHeuristic()
		if err := g.Reset(s, uint64(i)); err != nil {
			t.Fatal(err)
		}
		if err := strategy.Play(&g, ps); err != nil {
			t.Fatal(err)
		}
		firsts, heuristicFirst := 0, false
		for _, st := range g.Standings() {
			if st.Place == 1 {
				firsts++
				heuristicFirst = heuristicFirst || st.Seat == hseat
			}
		}
		if heuristicFirst {
			wins += 1 / float64(firsts)
		}
	}
	return wins / float64(games)
}

// TestHeuristicBeatsRandom holds the heuristic player to winning clearly
// more than its share (1/players) against random players.
func TestHeuristicBeatsRandom(t *testing.T) {
	games := 2000
	if testing.Short() || raceBuild {
		games = 300
	}
	for _, c := range []struct {
		players int
		atLeast float64
	}{{2, 0.75}, {3, 0.6}, {4, 0.5}, {5, 0.4}} {
		t.Run(fmt.Sprintf("%dp", c.players), func(t *testing.T) {
			share := winShare(t, c.players, games)
			t.Logf("heuristic wins %.1f%% of %d %d-player games against random players (fair share %.1f%%)",
				100*share, games, c.players, 100/float64(c.players))
			if share < c.atLeast {
				t.Errorf("win share %.3f, want at least %.2f", share, c.atLeast)
			}
		})
	}
}

// TestPlayersOnlyMakeLegalChoices runs both players in every configuration,
// the dummy variant included.
func TestPlayersOnlyMakeLegalChoices(t *testing.T) {
	for _, s := range []engine.Settings{{Players: 2, Dummy: true}, {Players: 3, Pass: engine.PassAlternate}, {Players: 5}} {
		for seed := range uint64(200) {
			g, err := engine.New(s, seed)
			if err != nil {
				t.Fatal(err)
			}
			ps := []strategy.Player{strategy.NewHeuristic(), strategy.NewRandom(seed)}
			for len(ps) < s.Players {
				ps = append(ps, strategy.NewHeuristic())
			}
			if err := strategy.Play(g, ps); err != nil {
				t.Fatalf("%+v seed %d: %v", s, seed, err)
			}
		}
	}
}

func TestHeuristicIsDeterministic(t *testing.T) {
	play := func() []engine.Standing {
		g, _ := engine.New(engine.Settings{Players: 4}, 77)
		ps := []strategy.Player{strategy.NewHeuristic(), strategy.NewHeuristic(), strategy.NewHeuristic(), strategy.NewHeuristic()}
		if err := strategy.Play(g, ps); err != nil {
			t.Fatal(err)
		}
		return g.Standings()
	}
	a, b := play(), play()
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("two plays of the same game differ: %+v vs %+v", a, b)
		}
	}
}
