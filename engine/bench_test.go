package engine_test

import (
	"testing"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/strategy"
)

func randomPlayers(n int, seed uint64) []strategy.Player {
	ps := make([]strategy.Player, n)
	for i := range ps {
		ps[i] = strategy.NewRandom(seed + uint64(i))
	}
	return ps
}

// BenchmarkGame4Random plays whole 4-player games with random players, from
// the shuffle and deal to the final ranking.
func BenchmarkGame4Random(b *testing.B) {
	s := engine.Settings{Players: 4}
	players := randomPlayers(4, 1)
	var g engine.Game
	var st []engine.Standing
	b.ReportAllocs()
	seed := uint64(0)
	for b.Loop() {
		seed++
		if err := g.Reset(s, seed); err != nil {
			b.Fatal(err)
		}
		if err := strategy.Play(&g, players); err != nil {
			b.Fatal(err)
		}
		st = g.AppendStandings(st[:0])
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkReveal measures the last submission of a 4-player turn, which
// reveals every choice and passes the hands. Each iteration restores the
// game from a copy (a 2 KB value copy, included in the figure).
func BenchmarkReveal(b *testing.B) {
	g, err := engine.New(engine.Settings{Players: 4}, 5)
	if err != nil {
		b.Fatal(err)
	}
	players := randomPlayers(4, 5)
	for s := range 3 {
		if err := g.Submit(s, players[s].Choose(g.View(s))); err != nil {
			b.Fatal(err)
		}
	}
	last := players[3].Choose(g.View(3))
	saved := *g
	b.ReportAllocs()
	for b.Loop() {
		*g = saved
		if err := g.Submit(3, last); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSubmit measures one submission that does not reveal.
func BenchmarkSubmit(b *testing.B) {
	g, err := engine.New(engine.Settings{Players: 4}, 5)
	if err != nil {
		b.Fatal(err)
	}
	sub := engine.Submission{Card: g.View(0).HandCard(0)}
	b.ReportAllocs()
	for b.Loop() {
		if err := g.Submit(0, sub); err != nil {
			b.Fatal(err)
		}
	}
}
