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

// TestPublicTableausStandApart: the public view's tableaus are each a
// seat's own cards, however a reader appends to one, and a seat with no
// cards yet has none.
func TestPublicTableausStandApart(t *testing.T) {
	g, err := engine.New(engine.Settings{Players: 4}, 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range g.PublicView().Seats {
		if s.Tableau != nil {
			t.Fatalf("seat %d has a tableau %v before any reveal", s.Seat, s.Tableau)
		}
	}
	for range 3 {
		for s := range 4 {
			if err := g.Submit(s, g.View(s).AppendLegal(nil)[0]); err != nil {
				t.Fatal(err)
			}
		}
	}
	pv := g.PublicView()
	want := make([][]engine.Placed, len(pv.Seats))
	for s := range pv.Seats {
		want[s] = g.View(s).AppendTableau(nil, s)
		if len(want[s]) != 3 {
			t.Fatalf("seat %d: %d cards after three turns", s, len(want[s]))
		}
	}
	for s := range pv.Seats {
		_ = append(pv.Seats[s].Tableau, engine.Placed{Card: engine.Pudding})
	}
	for s, sv := range pv.Seats {
		if !slices.Equal(sv.Tableau, want[s]) {
			t.Errorf("seat %d's tableau reads %v after the others were appended to, want %v", s, sv.Tableau, want[s])
		}
	}
}
