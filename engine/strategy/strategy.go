// Package strategy holds computer players for the engine: a uniform-random
// player and a heuristic one. They see a game only through engine.View, so
// they know what a human in their seat would know and nothing more.
package strategy

import (
	"fmt"
	"math/bits"
	"math/rand/v2"

	"github.com/sushigo/sushigo/engine"
)

// Player chooses a submission for the seat its view belongs to. The
// submission must be legal; callers treat anything else as a bug.
type Player interface {
	Choose(v engine.View) engine.Submission
}

// Play asks players[s] for seat s's choice until the game is over. It stops
// at the first refused submission.
func Play(g *engine.Game, players []Player) error {
	if len(players) != g.Settings().Players {
		return fmt.Errorf("strategy: %d players for %d seats", len(players), g.Settings().Players)
	}
	for !g.Over() {
		for s, p := range players {
			if g.Submitted(s) {
				continue
			}
			sub := p.Choose(g.View(s))
			if err := g.Submit(s, sub); err != nil {
				return fmt.Errorf("strategy: seat %d round %d turn %d: %w", s, g.Round(), g.Turn(), err)
			}
			if g.Over() {
				break
			}
		}
	}
	return nil
}

// Random plays a uniformly random card of its hand. When it could use
// chopsticks it does so half the time, with a second card drawn uniformly
// from the rest; as the dummy's controller it gives the dummy a uniformly
// random remaining card. It never enumerates moves, so it is cheap enough to
// play the millions of games a search bot or a benchmark needs.
type Random struct {
	rng rand.PCG
}

// NewRandom returns a random player; the same seed gives the same choices.
func NewRandom(seed uint64) *Random {
	r := &Random{}
	r.rng.Seed(seed, 0xda3e39cb94b95bdb)
	return r
}

func (r *Random) intn(n int) int {
	hi, _ := bits.Mul64(r.rng.Uint64(), uint64(n))
	return int(hi)
}

// Choose implements Player.
func (r *Random) Choose(v engine.View) engine.Submission {
	n := v.HandSize(v.Seat())
	if n == 0 || v.Over() {
		return engine.Submission{}
	}
	ctrl := v.Controller() == v.Seat()
	chop := v.Chopsticks(v.Seat()) > 0
	if !ctrl && !chop {
		return engine.Submission{Card: v.HandCard(r.intn(n))}
	}
	need := 1
	if ctrl {
		need = 2
	}
	// Draw distinct hand positions i, j, k by partial Fisher–Yates over a
	// tiny index array.
	var idx [16]uint8
	for i := range n {
		idx[i] = uint8(i)
	}
	draw := func(taken int) engine.Card {
		j := taken + r.intn(n-taken)
		idx[taken], idx[j] = idx[j], idx[taken]
		return v.HandCard(int(idx[taken]))
	}
	sub := engine.Submission{Card: draw(0)}
	taken := 1
	if chop && n > need && r.rng.Uint64()&1 == 0 {
		sub.Extra = draw(taken)
		taken++
	}
	if ctrl {
		sub.Dummy = draw(taken)
	}
	return sub
}
