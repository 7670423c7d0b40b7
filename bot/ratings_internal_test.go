package bot

import (
	"slices"
	"testing"

	"github.com/sushigo/sushigo/engine"

	"github.com/sushigo/sushigo/engine/strategy"
	"github.com/sushigo/sushigo/rating"
	"github.com/sushigo/sushigo/storage"
)

// Shared places are ties: two people sharing first place with equal
// ratings come out equal, and a bot seat counts at its level's rating.
func TestRateFuncTies(t *testing.T) {
	hard := botRating(strategy.Hard)
	places := []int{1, 3, 1, 4}
	fixed := []rating.Rating{{}, hard, {}, botRating(strategy.Easy)}
	rate := rateFunc(places, fixed, []int{0, 2})
	got := rate([]storage.Rating{{}, {}})
	want := rating.Rate([]rating.Rating{rating.New(), hard, rating.New(), botRating(strategy.Easy)}, places)
	if got[0] != storage.Rating(want[0]) || got[1] != storage.Rating(want[2]) {
		t.Fatalf("rated %v, want %v and %v", got, want[0], want[2])
	}
	if got[0] != got[1] {
		t.Errorf("tied players with equal priors differ: %v", got)
	}
	if got[0].Mu <= rating.Mu {
		t.Errorf("a shared win over two bots lowered μ: %v", got[0])
	}
	// A stored prior is used as is.
	prior := storage.Rating{Mu: 30, Sigma: 3}
	again := rate([]storage.Rating{prior, {}})
	want = rating.Rate([]rating.Rating{rating.Rating(prior), hard, rating.New(), botRating(strategy.Easy)}, places)
	if again[0] != storage.Rating(want[0]) {
		t.Errorf("from a prior: %v, want %v", again[0], want[0])
	}
}

func TestDisplay(t *testing.T) {
	for _, c := range []struct {
		r    storage.Rating
		want int
	}{
		{storage.Rating{}, 1000},                 // not rated yet: a new player
		{storage.Rating(rating.New()), 1000},     // μ 25, σ 25/3: ordinal 0
		{storage.Rating{Mu: 30, Sigma: 2}, 1960}, // ordinal 24
		{storage.Rating{Mu: 20, Sigma: 8}, 840},  // ordinal −4
	} {
		if got := Display(c.r); got != c.want {
			t.Errorf("Display(%+v) = %d, want %d", c.r, got, c.want)
		}
	}
}

// Leavers forfeit: they count after every seat that played on, tied among
// themselves, and the seats behind them move up, keeping their ties.
func TestRatedPlacesLeaversLast(t *testing.T) {
	person := func(id string) seat { return seat{User: id, Name: id} }
	left := func(id string) seat { return seat{User: id, Name: id, Bot: true} }
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
	} {
		st := &state{Seats: c.seats}
		if got := st.ratedPlaces(c.standings); !slices.Equal(got, c.want) {
			t.Errorf("%s: places %v, want %v", c.name, got, c.want)
		}
	}
}
