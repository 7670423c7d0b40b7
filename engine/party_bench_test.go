package engine_test

import (
	"testing"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/strategy"
)

// partyBenchMenus are the menus the Party benchmarks play: the gentle one,
// and the four specials that need decisions after the reveal. A menu holds
// two specials, so they are spread over two menus at 4 players; menu and
// special order are banned at 7–8 players, so 8 players bench spoon and
// takeout box.
var partyBenchMenus = []struct {
	name    string
	menu    string
	players []int
}{
	{"first-meal", "my-first-meal", []int{4, 8}},
	{"spoon-menu", "uramaki,miso,onigiri,tofu,spoon,menu,pudding", []int{4}},
	{"order-takeout", "maki,eel,dumpling,sashimi,special-order,takeout,fruit", []int{4}},
	{"spoon-takeout", "temaki,miso,onigiri,edamame,spoon,takeout,fruit", []int{4, 8}},
}

// BenchmarkPartyGame plays whole random Party games, from the shuffle to the
// final ranking, every decision included.
func BenchmarkPartyGame(b *testing.B) {
	for _, m := range partyBenchMenus {
		for _, n := range m.players {
			b.Run(m.name+"/"+string(rune('0'+n))+"p", func(b *testing.B) {
				s := party(n, m.menu)
				players := randomPlayers(n, 1)
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
			})
		}
	}
}

// TestPartyDoesNotAllocate holds Party play to zero allocations per pick
// and per decision once the players' buffers are warm.
func TestPartyDoesNotAllocate(t *testing.T) {
	for _, m := range partyBenchMenus {
		for _, n := range m.players {
			var g engine.Game
			s := party(n, m.menu)
			players := randomPlayers(n, 1)
			seed := uint64(0)
			game := func() {
				seed++
				if err := g.Reset(s, seed); err != nil {
					t.Fatal(err)
				}
				if err := strategy.Play(&g, players); err != nil {
					t.Fatal(err)
				}
			}
			for range 20 {
				game() // warm the players' option buffers
			}
			decisions := 0
			if allocs := testing.AllocsPerRun(100, game); allocs != 0 {
				t.Errorf("%s %dp: %.2f allocations per game, want 0", m.name, n, allocs)
			}
			// The games above must have made decisions for the zero to mean
			// something on these menus.
			g.Reset(s, 1)
			for !g.Over() {
				if d, ok := g.Decision(); ok {
					decisions++
					_ = g.Decide(d.Seat, strategy.Answer(players[d.Seat], g.View(d.Seat)))
					continue
				}
				for seat := range n {
					if !g.Submitted(seat) {
						_ = g.Submit(seat, players[seat].Choose(g.View(seat)))
						break
					}
				}
			}
			if m.name != "first-meal" && decisions == 0 {
				t.Errorf("%s %dp: no decision in a whole game", m.name, n)
			}
		}
	}
}
