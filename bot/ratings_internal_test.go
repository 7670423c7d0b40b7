package bot

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/sushigo/sushigo/boards"
	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/strategy"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// Leavers forfeit: they count after every seat that played on, the later
// one left the better (leavers of an earlier release, unordered, tie
// first-gone), and the seats behind them move up, keeping their ties.
func TestRatedPlacesLeaversLast(t *testing.T) {
	person := func(id string) seat { return seat{User: id, Name: id} }
	left := func(id string) seat { return seat{User: id, Name: id, Bot: true} }
	leftAs := func(id string, order int) seat { return seat{User: id, Name: id, Bot: true, Left: order} }
	bot := seat{Name: "Bot", Bot: true}
	for _, c := range []struct {
		name      string
		seats     []seat
		standings []engine.Standing // in order, engine places shared by ties
		want      []int             // by seat
	}{
		{"nobody left", []seat{person("a"), person("b"), bot},
			[]engine.Standing{{Seat: 2, Place: 1}, {Seat: 0, Place: 2}, {Seat: 1, Place: 2}}, []int{2, 2, 1}},
		{"the winner's seat left", []seat{left("a"), person("b"), bot, person("d")},
			[]engine.Standing{{Seat: 0, Place: 1}, {Seat: 1, Place: 2}, {Seat: 2, Place: 2}, {Seat: 3, Place: 4}}, []int{4, 1, 1, 3}},
		{"a tie for first broken by leaving", []seat{person("a"), left("b"), person("c")},
			[]engine.Standing{{Seat: 1, Place: 1}, {Seat: 0, Place: 1}, {Seat: 2, Place: 3}}, []int{1, 3, 2}},
		{"two leavers tie last", []seat{left("a"), person("b"), left("c"), bot},
			[]engine.Standing{{Seat: 2, Place: 1}, {Seat: 3, Place: 2}, {Seat: 0, Place: 3}, {Seat: 1, Place: 4}}, []int{3, 2, 3, 1}},
		{"the later leaver ranks ahead", []seat{leftAs("a", 2), person("b"), leftAs("c", 1), bot},
			[]engine.Standing{{Seat: 2, Place: 1}, {Seat: 3, Place: 2}, {Seat: 0, Place: 3}, {Seat: 1, Place: 4}}, []int{3, 2, 4, 1}},
		{"everyone left: by leaving order, whatever the score", []seat{leftAs("a", 1), leftAs("b", 3), leftAs("c", 2), bot},
			[]engine.Standing{{Seat: 0, Place: 1}, {Seat: 1, Place: 2}, {Seat: 2, Place: 3}, {Seat: 3, Place: 4}}, []int{4, 2, 3, 1}},
	} {
		st := &gameRecord{Seats: c.seats}
		if got := st.ratedPlaces(c.standings); !slices.Equal(got, c.want) {
			t.Errorf("%s: places %v, want %v", c.name, got, c.want)
		}
	}
}

// TestHelpSaysHowRatingsSettle: the help tells what the board does.
func TestHelpSaysHowRatingsSettle(t *testing.T) {
	for _, style := range []protocol.CommandStyle{protocol.Slash, protocol.SlashOptions} {
		if text := helpView(words.English, style).Text; !strings.Contains(text, boards.SettlesAfter(words.English)) {
			t.Errorf("%q does not say %q", text, boards.SettlesAfter(words.English))
		}
	}
}

// TestTalliesOfACopyStayItsOwn: a record's copy shares the seats' tallies
// (clone), so counting a reveal into the copy must leave the original's as
// they were, and the copy must count it.
func TestTalliesOfACopyStayItsOwn(t *testing.T) {
	g, err := engine.New(engine.Settings{Players: 3}, 9)
	if err != nil {
		t.Fatal(err)
	}
	players := []strategy.Player{strategy.NewHeuristic(), strategy.NewHeuristic(), strategy.NewHeuristic()}
	st := &gameRecord{game: g, Seats: []seat{{Name: "Ann", User: "ann", Taken: map[string]int{"maki": 2}}, {Name: "Bob", User: "bob"}, {Name: "Cy", User: "cy"}}}
	reveals := 0
	err = strategy.PlayRecording(g, players, func(int, engine.Submission, engine.Answer, bool) {
		if g.Turn() == 1 || reveals > 0 || g.Submitted(0) {
			return
		}
		// A reveal just happened: count it into a copy.
		reveals++
		before := []map[string]int{maps.Clone(st.Seats[0].Taken), maps.Clone(st.Seats[1].Taken), maps.Clone(st.Seats[2].Taken)}
		c := st.clone()
		c.countTaken()
		for i := range st.Seats {
			if !maps.Equal(st.Seats[i].Taken, before[i]) {
				t.Errorf("seat %d: the original's tally became %v, want %v", i, st.Seats[i].Taken, before[i])
			}
			n0, n1 := 0, 0
			for _, n := range before[i] {
				n0 += n
			}
			for _, n := range c.Seats[i].Taken {
				n1 += n
			}
			if n1 <= n0 {
				t.Errorf("seat %d: the copy counted %d cards, then %d", i, n0, n1)
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if reveals != 1 {
		t.Fatalf("%d reveals counted, want 1", reveals)
	}
}
