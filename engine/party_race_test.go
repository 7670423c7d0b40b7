package engine_test

import (
	"testing"

	"github.com/sushigo/sushigo/engine"
)

func raceEvents(g *engine.Game) map[int]engine.Event {
	out := map[int]engine.Event{}
	for _, e := range g.LastReveal().AppendEvents(nil) {
		if e.Kind == engine.EvUramaki {
			out[int(e.Seat)] = e
		}
	}
	return out
}

// TestSeed002UramakiExample: two players reach 12 icons on the same turn
// and both score 8 at once; second place is skipped, so a third finisher
// that turn with fewer icons takes 2, and their uramaki are discarded.
func TestSeed002UramakiExample(t *testing.T) {
	s := party(4, uramakiMenu)
	g := engine.RigParty(s,
		[]engine.Card{engine.Uramaki3}, []engine.Card{engine.Uramaki3},
		[]engine.Card{engine.Tempura}, []engine.Card{engine.Tempura})
	g.PlaceForTest(0, engine.Placed{Card: engine.Uramaki5}, engine.Placed{Card: engine.Uramaki4})
	g.PlaceForTest(1, engine.Placed{Card: engine.Uramaki5}, engine.Placed{Card: engine.Uramaki4})
	g.PlaceForTest(2, engine.Placed{Card: engine.Uramaki5}, engine.Placed{Card: engine.Uramaki5})
	g.PlaceForTest(3, engine.Placed{Card: engine.Uramaki4})
	mustSubmit(t, g, 0, engine.Submission{Card: engine.Uramaki3})
	mustSubmit(t, g, 1, engine.Submission{Card: engine.Uramaki3})
	mustSubmit(t, g, 2, engine.Submission{Card: engine.Tempura})
	mustSubmit(t, g, 3, engine.Submission{Card: engine.Tempura})
	ev := raceEvents(g)
	for seat, want := range map[int][2]int{0: {1, 8}, 1: {1, 8}, 2: {3, 2}} {
		e, ok := ev[seat]
		if !ok || int(e.Place) != want[0] || int(e.Points) != want[1] {
			t.Errorf("seat %d: %+v, want place %d for %d", seat, e, want[0], want[1])
		}
		if g.Score(seat) != want[1] {
			t.Errorf("seat %d scores %d at once, want %d", seat, g.Score(seat), want[1])
		}
		if n := g.View(0).UramakiIcons(seat); n != 0 {
			t.Errorf("seat %d keeps %d uramaki icons, want them discarded", seat, n)
		}
	}
	if _, ok := ev[3]; ok || g.View(0).UramakiIcons(3) != 4 {
		t.Errorf("seat 3 below 10 icons: %+v", ev)
	}
	if n := g.View(0).UramakiNext(); n != 4 {
		t.Errorf("next place %d, want 4: 1st shared, 2nd skipped, 3rd taken", n)
	}
	if err := g.Invariants(); err != nil {
		t.Fatal(err)
	}
}

// TestRulingP9RaceAfterBonusActions: a player who reaches 10 through
// chopsticks finishes on the same turn as one who reached it at the reveal.
func TestRulingP9RaceAfterBonusActions(t *testing.T) {
	s := party(2, "uramaki,tempura,sashimi,dumpling,chopsticks,tea,pudding")
	g := engine.RigParty(s,
		[]engine.Card{engine.Tempura, engine.Uramaki3},
		[]engine.Card{engine.Uramaki3})
	g.PlaceForTest(0, engine.Placed{Card: engine.Uramaki5}, engine.Placed{Card: engine.Uramaki4}, engine.Placed{Card: engine.Chopsticks})
	g.PlaceForTest(1, engine.Placed{Card: engine.Uramaki5}, engine.Placed{Card: engine.Uramaki4})
	mustSubmit(t, g, 0, engine.Submission{Card: engine.Tempura, Call: engine.Chopsticks})
	mustSubmit(t, g, 1, engine.Submission{Card: engine.Uramaki3})
	decision(t, g, 0, engine.DecideChopsticks)
	if g.Score(1) != 0 {
		t.Fatal("the race was scored before the bonus actions")
	}
	mustDecide(t, g, 0, engine.Answer{Card: engine.Uramaki3})
	ev := raceEvents(g)
	if ev[0].Points != 8 || ev[1].Points != 8 {
		t.Errorf("events %+v, want both first with 8", ev)
	}
	if err := g.Invariants(); err != nil {
		t.Fatal(err)
	}
}
