package strategy

import (
	"math"
	"math/bits"
	"math/rand/v2"

	"github.com/sushigo/sushigo/engine"
)

// Search is a single-observer information-set Monte Carlo tree search
// player. Each iteration samples a world its seat cannot tell from the real
// one (engine.View.Sample: only what the seat has not seen is resampled),
// descends a tree of the seat's own choices with UCB1 over the choices legal
// in that world (counting how often each was available), lets a rollout
// policy play the other seats and the rest of the game, and backs up the
// seat's result: a win, and by how much. Simultaneous picks are sound: the
// other seats choose from their own views, which never show its pick.
//
// With Trees (expert), every seat descends a tree of its own choices by its
// own results, so the other seats play as searchers rather than at random:
// a search that answers random opponents best converges on what hard
// already plays, while one that models searching opponents beats it.
//
// With Iterations and a seed it is deterministic; with a Deadline it stops
// when the caller's clock says (the engine reads none). After its scratch
// space has grown it allocates nothing per iteration.
type Search struct {
	// Iterations bounds the iterations per choice (0: no bound); Deadline,
	// when set, ends a choice earlier.
	Iterations int
	Deadline   Deadline
	// Explore is UCB1's exploration constant (0: 0.7).
	Explore float64
	// Trees, when set, gives every seat a tree of its own choices, each
	// chosen by UCB1 on that seat's own result (multiple-observer IS-MCTS,
	// one tree per player): the other seats play as searchers too, not
	// at random, until they leave their trees.
	Trees bool
	// Heuristic, when set, plays the rollouts with the heuristic player
	// rather than at random: slower, but its results are points a
	// competent table would score, which the review's judge reports.
	Heuristic bool
	// Yield, when set, is called after each iteration of Weigh: a host
	// that weighs beside live games lets them run.
	Yield func()

	rng    rand.PCG
	policy []Random     // the rollout policy of each seat
	heur   []*Heuristic // the same, with Heuristic
	forced int          // the seat whose first choice Weigh forces
	// and what it forces
	forceSub engine.Submission
	forceAns engine.Answer
	world    engine.Game
	nodes    []node
	legal    []engine.Submission
	opts     []engine.Answer
	seats    []seatTree // each seat's tree (only the searching seat's without Trees)
	last     Stats
	maxNode  int
}

// Deadline tells a search when to stop: Start when a choice begins, Done
// after each iteration (at least one runs).
type Deadline interface {
	Start()
	Done() bool
}

// Stats describe the latest choice: for the arena and for tests.
type Stats struct {
	Iterations int
	Nodes      int
}

// seatTree is one seat's descent of its own tree in an iteration; root is
// -1 for a seat that has none (it plays the rollout policy throughout).
type seatTree struct {
	root, cur int32
	inTree    bool
	path      []int32
}

// node is one choice of the searching seat, with what it earned.
type node struct {
	key           uint64
	visits, avail int32
	reward        float64
	child, next   int32 // first child; next sibling (-1: none)
}

// NewSearch returns a search player that thinks until d says to stop;
// seed fixes its random choices.
func NewSearch(d Deadline, seed uint64) *Search {
	s := &Search{Deadline: d, maxNode: 1 << 14}
	s.rng.Seed(seed, 0x8f1bbcdcbfa53e0b)
	return s
}

// NewSearchIterations returns a search player that runs a fixed number of
// iterations per choice: the same seed and position give the same choice.
func NewSearchIterations(iterations int, seed uint64) *Search {
	s := NewSearch(nil, seed)
	s.Iterations = iterations
	return s
}

// Last reports on the latest choice.
func (s *Search) Last() Stats { return s.last }

// Choose implements Player.
func (s *Search) Choose(v engine.View) engine.Submission {
	s.legal = v.AppendLegal(s.legal[:0])
	switch len(s.legal) {
	case 0:
		return engine.Submission{}
	case 1:
		s.last = Stats{}
		return s.legal[0]
	}
	best := s.search(v)
	s.legal = v.AppendLegal(s.legal[:0])
	for _, l := range s.legal {
		if subKey(l) == best {
			return l
		}
	}
	return s.legal[0]
}

// Decide implements Decider.
func (s *Search) Decide(v engine.View) engine.Answer {
	s.opts = v.AppendOptions(s.opts[:0])
	switch len(s.opts) {
	case 0:
		return engine.Answer{}
	case 1:
		s.last = Stats{}
		return s.opts[0]
	}
	best := s.search(v)
	s.opts = v.AppendOptions(s.opts[:0])
	for _, o := range s.opts {
		if ansKey(o) == best {
			return o
		}
	}
	return s.opts[0]
}

const (
	tagSub = 1 << 62
	tagAns = 2 << 62
)

func subKey(x engine.Submission) uint64 {
	return tagSub | uint64(x.Card) | uint64(x.Extra)<<8 | uint64(x.Dummy)<<16 | uint64(x.Call)<<24 | uint64(x.Copy)<<32
}

func ansKey(a engine.Answer) uint64 {
	return tagAns | uint64(a.Card) | uint64(a.Kind)<<8 | uint64(a.Flip)<<16
}

// search runs the iterations from v and returns the key of the root
// child visited most.
func (s *Search) search(v engine.View) uint64 {
	if s.Deadline != nil {
		s.Deadline.Start()
	}
	players := s.begin(v)
	explore := s.explore()
	it := 0
	for ; ; it++ {
		if (s.Iterations > 0 && it >= s.Iterations) || (it > 0 && s.Deadline != nil && s.Deadline.Done()) ||
			(s.Iterations == 0 && s.Deadline == nil && it >= 1000) {
			break
		}
		v.Sample(&s.world, s.rng.Uint64())
		s.iterate(players, explore, false)
	}
	// The most visited root choice.
	best, visits := uint64(0), int32(-1)
	for c := s.nodes[0].child; c >= 0; c = s.nodes[c].next {
		if n := &s.nodes[c]; n.visits > visits {
			best, visits = n.key, n.visits
		}
	}
	s.last = Stats{Iterations: it, Nodes: len(s.nodes)}
	return best
}

// begin readies the trees for a search from v: a root for v's seat and,
// with Trees, one for every other seat. It returns the number of seats.
func (s *Search) begin(v engine.View) int {
	me := v.Seat()
	players := v.Settings().Players
	if len(s.policy) < players {
		s.policy = make([]Random, players)
		for i := range s.policy {
			s.policy[i].rng.Seed(s.rng.Uint64(), uint64(i))
		}
	}
	for len(s.heur) < players && s.Heuristic {
		s.heur = append(s.heur, NewHeuristic())
	}
	if cap(s.nodes) == 0 {
		// All at once: growing the tree mid-search would copy it on the
		// clock. A full tree stops growing and keeps sampling.
		s.nodes = make([]node, 0, s.maxNode)
	}
	s.nodes = append(s.nodes[:0], node{child: -1, next: -1})
	if len(s.seats) < players {
		s.seats = make([]seatTree, players)
	}
	for p := range players {
		switch {
		case p == me:
			s.seats[p].root = 0
		case s.Trees:
			s.nodes = append(s.nodes, node{child: -1, next: -1})
			s.seats[p].root = int32(len(s.nodes) - 1)
		default:
			s.seats[p].root = -1
		}
	}
	return players
}

func (s *Search) explore() float64 {
	if s.Explore == 0 {
		return 0.7
	}
	return s.Explore
}

// iterate plays one sampled world to its end, every seat with a tree
// choosing by it while it is in it, and backs up each such seat's own
// result. When forced, the searching seat's first choice is Weigh's
// (forceSub or forceAns); false when a choice was refused (that one not
// legal in this world): nothing is backed up.
func (s *Search) iterate(players int, explore float64, forced bool) bool {
	w := &s.world
	me := -1
	if forced {
		me = s.forced
	}
	for p := range players {
		t := &s.seats[p]
		t.cur, t.inTree = t.root, t.root >= 0
		t.path = t.path[:0]
		if t.inTree {
			t.path = append(t.path, t.root)
		}
	}
	for !w.Over() {
		if d, ok := w.Decision(); ok {
			var a engine.Answer
			if t := &s.seats[d.Seat]; t.inTree {
				expanded := false
				if d.Seat == me && t.cur == t.root {
					a = s.forceAns // Weigh's option: the engine says if it is legal here
				} else {
					s.opts = w.View(d.Seat).AppendOptions(s.opts[:0])
					var k int
					k, expanded = s.pick(t.cur, len(s.opts), func(i int) uint64 { return ansKey(s.opts[i]) }, explore)
					a = s.opts[k]
				}
				s.enter(t, ansKey(a), expanded)
			} else if s.Heuristic {
				a = s.heur[d.Seat].Decide(w.View(d.Seat))
			} else {
				a = s.policy[d.Seat].Decide(w.View(d.Seat))
			}
			if w.Decide(d.Seat, a) != nil {
				return false
			}
			continue
		}
		for p := range players {
			if w.Over() || w.Deciding() {
				// A reveal that asks a decision (a Party spoon, menu or
				// takeout box) is answered before anyone picks again.
				break
			}
			if w.Submitted(p) {
				continue
			}
			var sub engine.Submission
			if t := &s.seats[p]; t.inTree {
				expanded := false
				if p == me && t.cur == t.root {
					sub = s.forceSub // Weigh's option: the engine says if it is legal here
				} else {
					s.legal = w.View(p).AppendLegal(s.legal[:0])
					if len(s.legal) == 0 {
						continue
					}
					var k int
					k, expanded = s.pick(t.cur, len(s.legal), func(i int) uint64 { return subKey(s.legal[i]) }, explore)
					sub = s.legal[k]
				}
				s.enter(t, subKey(sub), expanded)
			} else if s.Heuristic {
				sub = s.heur[p].Choose(w.View(p))
			} else {
				sub = s.policy[p].Choose(w.View(p))
			}
			if w.Submit(p, sub) != nil {
				return false
			}
		}
	}
	for p := range players {
		if s.seats[p].root < 0 {
			continue
		}
		r := reward(w, p, players)
		for _, n := range s.seats[p].path {
			s.nodes[n].visits++
			s.nodes[n].reward += r
		}
	}
	return true
}

// pick chooses among the n choices legal here (their keys by key(i)): the
// first one without a child (to expand), else the best by UCB1 counting
// availability. Every legal child's availability is counted.
func (s *Search) pick(parent int32, n int, key func(int) uint64, explore float64) (int, bool) {
	bestI, bestScore := -1, math.Inf(-1)
	for i := range n {
		k := key(i)
		c := s.child(parent, k)
		if c < 0 {
			if len(s.nodes) < s.maxNode {
				return i, true
			}
			continue
		}
		nd := &s.nodes[c]
		nd.avail++
		score := nd.reward/float64(nd.visits) + explore*math.Sqrt(math.Log(float64(nd.avail))/float64(nd.visits))
		if score > bestScore {
			bestI, bestScore = i, score
		}
	}
	if bestI < 0 {
		// The tree is full and nothing here was expanded: a random choice.
		hi, _ := bits.Mul64(s.rng.Uint64(), uint64(n))
		return int(hi), false
	}
	return bestI, false
}

// enter moves t from its node to the child with key (adding it when
// expanded), noting it on t's path; the descent leaves the tree after an
// expansion or a random choice in a full tree.
func (s *Search) enter(t *seatTree, key uint64, expanded bool) {
	parent := t.cur
	if expanded {
		s.nodes = append(s.nodes, node{key: key, avail: 1, child: -1, next: s.nodes[parent].child})
		c := int32(len(s.nodes) - 1)
		s.nodes[parent].child = c
		t.path = append(t.path, c)
		t.cur, t.inTree = c, false
		return
	}
	c := s.child(parent, key)
	if c < 0 {
		t.inTree = false // a random choice in a full tree
		return
	}
	t.path = append(t.path, c)
	t.cur = c
}

func (s *Search) child(parent int32, key uint64) int32 {
	for c := s.nodes[parent].child; c >= 0; c = s.nodes[c].next {
		if s.nodes[c].key == key {
			return c
		}
	}
	return -1
}

// reward is seat me's result of a finished game: 1 for a win (½ shared),
// plus up to ±¼ for the margin over the best other player.
func reward(g *engine.Game, me, players int) float64 {
	mine, best := g.Score(me), math.MinInt
	for o := range players {
		if o != me {
			best = max(best, g.Score(o))
		}
	}
	r := 0.0
	switch {
	case mine > best:
		r = 1
	case mine == best:
		r = 0.5
	}
	return r + 0.25*math.Max(-1, math.Min(1, float64(mine-best)/20))
}
