// Package strategy holds computer players for the engine: a uniform-random
// player, a heuristic one, and Search, which plays out sampled deals of the
// cards it cannot see (one tree for itself, or a tree per seat for the
// expert). The levels players choose (level.go) are built from them. They
// see a game only through engine.View, so they know what a human in their
// seat would know and nothing more.
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

// Decider answers the decisions a Party player makes after the reveal.
type Decider interface {
	Decide(v engine.View) engine.Answer
}

// Answer asks p for the viewing seat's answer to the pending decision, or
// takes the first option when p is no Decider.
func Answer(p Player, v engine.View) engine.Answer {
	if d, ok := p.(Decider); ok {
		return d.Decide(v)
	}
	var buf [64]engine.Answer
	if opts := v.AppendOptions(buf[:0]); len(opts) > 0 {
		return opts[0]
	}
	return engine.Answer{}
}

// Play asks players[s] for seat s's choices and decisions until the game is
// over. It stops at the first refused submission or answer.
func Play(g *engine.Game, players []Player) error { return PlayRecording(g, players, nil) }

// PlayRecording is Play that calls moved, when set, with each choice the
// game took, in order: a seat's submission, or its answer (decide).
func PlayRecording(g *engine.Game, players []Player, moved func(seat int, sub engine.Submission, a engine.Answer, decide bool)) error {
	if len(players) != g.Settings().Players {
		return fmt.Errorf("strategy: %d players for %d seats", len(players), g.Settings().Players)
	}
	for !g.Over() {
		if g.Deciding() {
			d, _ := g.Decision()
			a := Answer(players[d.Seat], g.View(d.Seat))
			if err := g.Decide(d.Seat, a); err != nil {
				return fmt.Errorf("strategy: seat %d round %d turn %d %s decision: %w", d.Seat, g.Round(), g.Turn(), d.Kind, err)
			}
			if moved != nil {
				moved(d.Seat, engine.Submission{}, a, true)
			}
			continue
		}
		for s, p := range players {
			if g.Submitted(s) {
				continue
			}
			sub := p.Choose(g.View(s))
			if err := g.Submit(s, sub); err != nil {
				return fmt.Errorf("strategy: seat %d round %d turn %d: %w", s, g.Round(), g.Turn(), err)
			}
			if moved != nil {
				moved(s, sub, engine.Answer{}, false)
			}
			if g.Over() || g.Deciding() {
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
	rng  rand.PCG
	opts []engine.Answer
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
	if v.Party() {
		return r.chooseParty(v, n)
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

// chooseParty picks a uniform card of the hand; a special order copies a
// uniform target; half the time it calls a uniform callable bonus action.
func (r *Random) chooseParty(v engine.View, n int) engine.Submission {
	sub := engine.Submission{Card: v.HandCard(r.intn(n))}
	var buf [32]engine.Card
	if sub.Card == engine.SpecialOrder {
		if cs := v.AppendCopyOptions(buf[:0]); len(cs) > 0 {
			sub.Copy = cs[r.intn(len(cs))]
		}
	}
	if cs := v.AppendCallable(buf[:0]); len(cs) > 0 && r.rng.Uint64()&1 == 0 {
		sub.Call = cs[r.intn(len(cs))]
	}
	return sub
}

// Decide implements Decider: a uniform option; a takeout box flips each
// card it may with probability one half.
func (r *Random) Decide(v engine.View) engine.Answer {
	d, ok := v.Decision()
	if !ok {
		return engine.Answer{}
	}
	if d.Kind == engine.DecideTakeout {
		return engine.Answer{Flip: d.Flippable & uint32(r.rng.Uint64()), Round: d.Round, Turn: d.Turn, Step: d.Step}
	}
	r.opts = v.AppendOptions(r.opts[:0])
	if len(r.opts) == 0 {
		return engine.Answer{}
	}
	return r.opts[r.intn(len(r.opts))]
}
