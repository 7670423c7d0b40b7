package bot

import (
	"slices"
	"strings"
	"testing"

	"github.com/sushigo/sushigo/boards"
	"github.com/sushigo/sushigo/engine"
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
