package bot

import (
	"testing"

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
