package review

import (
	"math"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/strategy"
)

// Reference is what a choice's options are worth when strong players
// finish the game: the arena's yardstick for a judge. Scores[k][d] is the
// seat's final score in deal d after option k (NaN where it could not be
// played): every option meets the same deals and the same players'
// seeds, so two options' difference is theirs, not the deal's.
type Reference struct {
	Options []Option
	Chosen  int
	Scores  [][]float64
	// Decision: the options are answers to a decision, not picks.
	Decision bool
}

// ReferenceOf plays move m (index move, g the game before it) on deals
// sampled from its seat's view, each option in each deal, and finishes
// every deal with players(d): the same players for every option of deal
// d, reseeded alike.
func ReferenceOf(g *engine.Game, m Move, move, deals int, seed uint64, players func(d int) []strategy.Player) Reference {
	v := g.View(m.Seat)
	opts, chosen := OptionsOf(v, m)
	r := Reference{Options: opts, Chosen: chosen, Scores: make([][]float64, len(opts)), Decision: m.Decide}
	var world engine.Game
	for k, op := range opts {
		r.Scores[k] = make([]float64, deals)
		for d := range deals {
			if playDeal(&world, v, m, op, move, d, seed, players(d)) {
				r.Scores[k][d] = float64(world.Score(m.Seat))
			} else {
				r.Scores[k][d] = math.NaN()
			}
		}
	}
	return r
}
