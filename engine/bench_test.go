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
