package strategy

import (
	"fmt"

	"github.com/sushigo/sushigo/engine"
)

// Level is a bot's strength, as players choose it.
type Level string

// Bot levels, weakest first.
const (
	Easy   Level = "easy"   // the heuristic, but every other choice at random
	Normal Level = "normal" // the heuristic
	Hard   Level = "hard"   // search, 10 ms a choice
	Expert Level = "expert" // search with a tree per seat, under 100 ms a choice
)

// Levels lists the levels, weakest first.
var Levels = []Level{Easy, Normal, Hard, Expert}

// ParseLevel reads a level's name ("random" too, for the arena).
func ParseLevel(s string) (Level, error) {
	switch l := Level(s); l {
	case Easy, Normal, Hard, Expert, "random":
		return l, nil
	}
	return "", fmt.Errorf("strategy: no level %q (easy, normal, hard or expert)", s)
}

// Millis is the thinking time of a searching level in milliseconds, 0 for
// the others.
func (l Level) Millis() int {
	switch l {
	case Hard:
		return 10
	case Expert:
		// 95, not 100: a choice runs a little past its budget (the first
		// one allocates the trees), and expert's promise is 100 ms at p99.
		return 95
	}
	return 0
}

// Player returns a player of the level; seed fixes its random choices. A
// searching level thinks until d says to stop (the caller's clock, set to
// Millis); without one it runs a fixed number of iterations.
func (l Level) Player(seed uint64, d Deadline) Player {
	switch l {
	case Easy:
		return &noisy{h: NewHeuristic(), r: NewRandom(seed)}
	case Hard, Expert:
		s := NewSearch(d, seed)
		if d == nil {
			s.Iterations = 100 * l.Millis()
		}
		if l == Expert {
			// Expert models its opponents as searchers (a tree per seat),
			// which ten times hard's time alone did not.
			s.Trees, s.maxNode = true, 1<<16
		}
		return s
	case "random":
		return NewRandom(seed)
	}
	return NewHeuristic()
}

// noisy plays the heuristic's choice or, every other time at random, a
// random one: sensible, and beatable.
type noisy struct {
	h *Heuristic
	r *Random
}

func (n *noisy) Choose(v engine.View) engine.Submission {
	if n.r.rng.Uint64()&1 == 0 {
		return n.r.Choose(v)
	}
	return n.h.Choose(v)
}

func (n *noisy) Decide(v engine.View) engine.Answer {
	if n.r.rng.Uint64()&1 == 0 {
		return n.r.Decide(v)
	}
	return n.h.Decide(v)
}
