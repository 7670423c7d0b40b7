package engine_test

import (
	"slices"
	"testing"

	"github.com/sushigo/sushigo/engine"
)

// TestDrawnIsTheDummyPilesCard: the dummy's controller is told the card it
// drew from the dummy's pile; it is in its hand, and nobody else is told
// anything.
func TestDrawnIsTheDummyPilesCard(t *testing.T) {
	g, err := engine.New(engine.Settings{Players: 2, Dummy: true}, 77)
	if err != nil {
		t.Fatal(err)
	}
	for turns := 0; !g.Over() && turns < 40; turns++ {
		c := g.Controller()
		for s := range 2 {
			v := g.View(s)
			d := v.Drawn()
			if s != c {
				if d != engine.None {
					t.Fatalf("turn %d: seat %d, not the controller, drew %v", g.Turn(), s, d)
				}
				continue
			}
			if d == engine.None || !slices.Contains(v.AppendHand(nil), d) {
				t.Fatalf("turn %d: the controller drew %v, not in its hand %v", g.Turn(), d, v.AppendHand(nil))
			}
		}
		for s := range 2 {
			legal := g.View(s).AppendLegal(nil)
			if err := g.Submit(s, legal[0]); err != nil {
				t.Fatal(err)
			}
		}
	}
	classic, _ := engine.New(engine.Settings{Players: 3}, 1)
	if classic.View(0).Drawn() != engine.None {
		t.Error("a game without the dummy drew")
	}
}
