package strategy_test

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/sushigo/sushigo/deadline"
	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/strategy"
)

// searchSettings are the games the search is tested on: classic at 2–5
// (and the dummy variant), Party menus with every decision kind.
func searchSettings() []engine.Settings {
	ss := []engine.Settings{{Players: 2}, {Players: 3}, {Players: 4, Pass: engine.PassAlternate}, {Players: 5}, {Players: 2, Dummy: true}}
	for _, m := range []string{
		"uramaki,miso,tofu,eel,spoon,menu,pudding",
		"uramaki,miso,onigiri,edamame,special-order,takeout,ice-cream",
		"temaki,miso,dumpling,sashimi,chopsticks,spoon,fruit",
		"maki,miso,tofu,eel,menu,special-order,fruit",
	} {
		menu, _ := engine.ParseMenu(m)
		ss = append(ss, engine.Settings{Ruleset: engine.Party, Players: 4, Menu: menu})
	}
	return ss
}

// positions calls visit at every choice and decision of random games,
// with the seat that must act; it returns how many it visited.
func positions(t *testing.T, s engine.Settings, games int, visit func(g *engine.Game, seat int, deciding bool)) int {
	t.Helper()
	n := 0
	for i := range games {
		g, err := engine.New(s, uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		r := strategy.NewRandom(uint64(i) + 100)
		for !g.Over() {
			if d, ok := g.Decision(); ok {
				visit(g, d.Seat, true)
				n++
				if err := g.Decide(d.Seat, r.Decide(g.View(d.Seat))); err != nil {
					t.Fatal(err)
				}
				continue
			}
			for seat := range s.Players {
				if g.Submitted(seat) {
					continue
				}
				visit(g, seat, false)
				n++
				if err := g.Submit(seat, r.Choose(g.View(seat))); err != nil {
					t.Fatal(err)
				}
				break
			}
		}
	}
	return n
}

// TestSearchMakesLegalChoices runs a short search at every choice and
// decision of random games, classic and Party (every decision kind), and
// checks the engine would take what it chose.
func TestSearchMakesLegalChoices(t *testing.T) {
	games := 8
	if testing.Short() || raceBuild {
		games = 2
	}
	kinds := map[engine.DecisionKind]int{}
	total := 0
	for _, s := range searchSettings() {
		total += positions(t, s, games, func(g *engine.Game, seat int, deciding bool) {
			p := strategy.NewSearchIterations(24, uint64(seat))
			p.Trees = seat%2 == 1 // a tree per seat (expert) at every other seat
			if deciding {
				d, _ := g.Decision()
				kinds[d.Kind]++
				if err := g.CheckAnswer(seat, p.Decide(g.View(seat))); err != nil {
					t.Fatalf("%v: an illegal answer to a %s: %v", s, d.Kind, err)
				}
				return
			}
			if err := g.Check(seat, p.Choose(g.View(seat))); err != nil {
				t.Fatalf("%v round %d turn %d: an illegal choice: %v", s, g.Round(), g.Turn(), err)
			}
		})
	}
	t.Logf("%d positions; decisions %v", total, kinds)
	for _, k := range []engine.DecisionKind{engine.DecideChopsticks, engine.DecideSpoon, engine.DecideMenu, engine.DecideTakeout} {
		if kinds[k] == 0 {
			t.Errorf("no %s decision was searched", k)
		}
	}
}

// TestSearchIsDeterministicAndBlind: with an iteration budget and a seed the
// same position gives the same choice, and so does a copy of the game in
// which every card the seat cannot see was moved: the search reads nothing
// hidden.
func TestSearchIsDeterministicAndBlind(t *testing.T) {
	// Under the race detector (about 20 times slower) a third of the
	// positions, each search shorter; the full run is without it.
	iterations, every := 300, 3
	if raceBuild {
		iterations, every = 30, 9
	}
	checked := 0
	for k, s := range searchSettings() {
		positions(t, s, 1, func(g *engine.Game, seat int, deciding bool) {
			if g.Turn()%every != 1 {
				return
			}
			other := *g
			other.Determinize(seat, uint64(k)+77)
			ask := func(g *engine.Game) string {
				p := strategy.NewSearchIterations(iterations, 42)
				q := strategy.NewSearchIterations(iterations, 42)
				q.Trees = true
				if deciding {
					return fmt.Sprint(p.Decide(g.View(seat)), q.Decide(g.View(seat)))
				}
				return fmt.Sprint(p.Choose(g.View(seat)), q.Choose(g.View(seat)))
			}
			a, b, c := ask(g), ask(g), ask(&other)
			if a != b {
				t.Fatalf("%v: the same position gave %s, then %s", s, a, b)
			}
			if a != c {
				t.Fatalf("%v round %d turn %d seat %d: hidden cards changed the choice: %s vs %s", s, g.Round(), g.Turn(), seat, a, c)
			}
			checked++
		})
	}
	if checked < 50 {
		t.Fatalf("only %d positions checked", checked)
	}
}

// TestSearchAllocatesNothingPerIteration: once warm, twice the iterations
// cost no more allocations.
func TestSearchAllocatesNothingPerIteration(t *testing.T) {
	// Ten times the iterations, whatever they are: fewer under the race
	// detector, where each costs about 20 times as much.
	few, runs := 200, 5
	if raceBuild {
		few, runs = 20, 2
	}
	for _, s := range searchSettings() {
		for _, trees := range []bool{false, true} {
			g, _ := engine.New(s, 3)
			seat := 0
			small := strategy.NewSearchIterations(few, 1)
			many := strategy.NewSearchIterations(10*few, 1)
			small.Trees, many.Trees = trees, trees
			small.Choose(g.View(seat))
			many.Choose(g.View(seat))
			a := testing.AllocsPerRun(runs, func() { small.Choose(g.View(seat)) })
			b := testing.AllocsPerRun(runs, func() { many.Choose(g.View(seat)) })
			if b > a {
				t.Errorf("%v (a tree per seat: %v): %v allocations for %d iterations, %v for %d", s, trees, a, few, b, 10*few)
			}
		}
	}
}

// TestSearchBeatsTheHeuristic is a small arena at a fixed iteration budget
// (deterministic, so no luck of the clock): the search must win clearly
// more than its share against the heuristic at 2 players.
func TestSearchBeatsTheHeuristic(t *testing.T) {
	games := 60
	if testing.Short() || raceBuild {
		games = 16
	}
	wins := 0.0
	for i := range games {
		g, _ := engine.New(engine.Settings{Players: 2}, uint64(i/2))
		players := []strategy.Player{strategy.NewSearchIterations(400, uint64(i)), strategy.NewHeuristic()}
		me := i % 2
		if me == 1 {
			players[0], players[1] = players[1], players[0]
		}
		if err := strategy.Play(g, players); err != nil {
			t.Fatal(err)
		}
		st := g.Standings()
		for _, x := range st {
			if x.Seat == me && x.Place == 1 {
				if st[0].Shared {
					wins += 0.5
				} else {
					wins++
				}
			}
		}
	}
	share := wins / float64(games)
	t.Logf("search (400 iterations) wins %.1f%% of %d 2-player games against the heuristic", 100*share, games)
	if share < 0.6 {
		t.Errorf("win share %.2f against the heuristic, want at least 0.6", share)
	}
}

// BenchmarkSearchHard times hard's choices (10 ms budget) from random
// positions and reports how far past the budget a choice ran.
func BenchmarkSearchHard(b *testing.B) { benchSearch(b, strategy.Hard) }

// BenchmarkSearchExpert is the same for expert (100 ms, a tree per seat).
func BenchmarkSearchExpert(b *testing.B) { benchSearch(b, strategy.Expert) }

func benchSearch(b *testing.B, l strategy.Level) {
	for _, players := range []int{2, 4} {
		b.Run(fmt.Sprintf("%dp", players), func(b *testing.B) {
			d := deadline.For(l)
			p := l.Player(1, d).(*strategy.Search)
			r := rand.New(rand.NewPCG(1, 2))
			var worst time.Duration
			iters := 0
			var g engine.Game
			rnd := strategy.NewRandom(1)
			for i := 0; b.Loop(); i++ {
				if err := g.Reset(engine.Settings{Players: players}, uint64(i)); err != nil {
					b.Fatal(err)
				}
				for range r.IntN(8) {
					for s := range players {
						_ = g.Submit(s, rnd.Choose(g.View(s)))
					}
				}
				start := time.Now()
				p.Choose(g.View(0))
				worst = max(worst, time.Since(start)-d.Limit)
				iters += p.Last().Iterations
			}
			b.ReportMetric(float64(worst.Microseconds())/1000, "ms-overshoot-max")
			b.ReportMetric(float64(iters)/float64(b.N), "iterations/choice")
		})
	}
}
