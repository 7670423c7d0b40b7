package engine_test

import (
	"bytes"
	"testing"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/strategy"
)

func TestSmokeParty(t *testing.T) {
	for p := 2; p <= 8; p++ {
		for _, m := range engine.Menus(p) {
			for seed := range 100 {
				g, err := engine.New(engine.Settings{Ruleset: engine.Party, Players: p, Menu: m.Menu}, uint64(seed))
				if err != nil {
					t.Fatal(err)
				}
				pl := randomPlayers(p, uint64(seed))
				for !g.Over() {
					if d, ok := g.Decision(); ok {
						if err := g.Decide(d.Seat, strategy.Answer(pl[d.Seat], g.View(d.Seat))); err != nil {
							t.Fatal(err)
						}
					} else {
						for s := range p {
							if !g.Submitted(s) && !g.Deciding() && !g.Over() {
								if err := g.Submit(s, pl[s].Choose(g.View(s))); err != nil {
									t.Fatal(err)
								}
							}
						}
					}
					if err := g.Invariants(); err != nil {
						t.Fatalf("%d %s seed %d r%d t%d: %v", p, m.Name, seed, g.Round(), g.Turn(), err)
					}
					b, _ := g.MarshalBinary()
					var h engine.Game
					if err := h.UnmarshalBinary(b); err != nil {
						t.Fatalf("%d %s seed %d r%d t%d: %v", p, m.Name, seed, g.Round(), g.Turn(), err)
					}
					b2, _ := h.MarshalBinary()
					if !bytes.Equal(b, b2) {
						t.Fatal("roundtrip")
					}
				}
			}
		}
	}
}
