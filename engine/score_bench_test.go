package engine

import "testing"

// BenchmarkScoreRound scores one finished 4-player round.
func BenchmarkScoreRound(b *testing.B) {
	g, err := New(Settings{Players: 4}, 3)
	if err != nil {
		b.Fatal(err)
	}
	for g.turn < g.set.HandSize() {
		for s := range g.set.Players {
			if err := g.Submit(s, Submission{Card: g.hands[s][0]}); err != nil {
				b.Fatal(err)
			}
		}
	}
	for s := range g.set.Players {
		g.take(s, g.hands[s][0])
		g.place(s, g.tab[s][0])
	}
	b.ReportAllocs()
	for b.Loop() {
		g.total = [MaxSeats]int16{}
		g.scoreRound()
	}
}
