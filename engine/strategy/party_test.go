package strategy_test

import (
	"fmt"
	"testing"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/strategy"
	"github.com/sushigo/sushigo/words"
)

// partyOn plays game i on the recommended menus legal for the count in turn.
func partyOn(players int) func(int) engine.Settings {
	menus := engine.Menus(players)
	return func(i int) engine.Settings {
		return engine.Settings{Ruleset: engine.Party, Players: players, Menu: menus[i%len(menus)].Menu}
	}
}

// TestHeuristicBeatsRandomParty holds the heuristic to winning clearly more
// than its share against random Party players, on every recommended menu
// legal for the count.
func TestHeuristicBeatsRandomParty(t *testing.T) {
	games := 2000
	if testing.Short() || raceBuild {
		games = 200
	}
	for _, c := range []struct {
		players int
		atLeast float64
	}{{2, 0.8}, {4, 0.65}, {6, 0.5}, {8, 0.35}} {
		t.Run(fmt.Sprintf("%dp", c.players), func(t *testing.T) {
			share := winShareOn(t, partyOn(c.players), games)
			t.Logf("heuristic wins %.1f%% of %d %d-player Party games against random players (fair share %.1f%%)",
				100*share, games, c.players, 100/float64(c.players))
			if share < c.atLeast {
				t.Errorf("win share %.3f, want at least %.2f", share, c.atLeast)
			}
		})
	}
}

// TestPlayersOnlyMakeLegalChoicesParty runs both players through every
// menu and count, decisions included, in games where they meet each other.
func TestPlayersOnlyMakeLegalChoicesParty(t *testing.T) {
	for players := 2; players <= 8; players++ {
		for i := range 60 {
			s := partyOn(players)(i)
			g, err := engine.New(s, uint64(i))
			if err != nil {
				t.Fatal(err)
			}
			ps := []strategy.Player{strategy.NewHeuristic(), strategy.NewRandom(uint64(i))}
			for len(ps) < players {
				ps = append(ps, strategy.NewHeuristic())
			}
			if err := strategy.Play(g, ps); err != nil {
				t.Fatalf("%d players %s seed %d: %v", players, words.English.MenuName(s.Menu), i, err)
			}
		}
	}
}

// TestHeuristicSeesOnlyItsSeatParty: the heuristic's picks and answers do
// not change when everything its seat cannot see is reshuffled.
func TestHeuristicSeesOnlyItsSeatParty(t *testing.T) {
	checked := 0
	for players := 3; players <= 8; players += 5 {
		for i := range 30 {
			s := partyOn(players)(i)
			g, _ := engine.New(s, uint64(i))
			ps := make([]strategy.Player, players)
			for p := range ps {
				ps[p] = strategy.NewRandom(uint64(i*10 + p))
			}
			h := strategy.NewHeuristic()
			for step := 0; !g.Over(); step++ {
				if d, ok := g.Decision(); ok {
					w := *g
					w.Determinize(d.Seat, uint64(step))
					if a, b := h.Decide(g.View(d.Seat)), h.Decide(w.View(d.Seat)); a != b {
						t.Fatalf("%d players seed %d step %d: answer %+v on the game, %+v on a reshuffled copy", players, i, step, a, b)
					}
					checked++
					if err := g.Decide(d.Seat, strategy.Answer(ps[d.Seat], g.View(d.Seat))); err != nil {
						t.Fatal(err)
					}
					continue
				}
				for seat := range players {
					if g.Submitted(seat) {
						continue
					}
					w := *g
					w.Determinize(seat, uint64(step))
					if a, b := h.Choose(g.View(seat)), h.Choose(w.View(seat)); a != b {
						t.Fatalf("%d players seed %d step %d: pick %+v on the game, %+v on a reshuffled copy", players, i, step, a, b)
					}
					checked++
					if err := g.Submit(seat, ps[seat].Choose(g.View(seat))); err != nil {
						t.Fatal(err)
					}
					break
				}
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d choices checked", checked)
	}
}
