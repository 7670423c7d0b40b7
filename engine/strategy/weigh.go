package strategy

import "github.com/sushigo/sushigo/engine"

// NewJudge returns the search the game review weighs choices with: a tree
// for every seat, as the expert plays, rollouts by the heuristic (its
// scores are the points a competent table makes, where random rollouts'
// are not), and room for trees as deep as the expert's.
func NewJudge(seed uint64) *Search {
	s := NewSearch(nil, seed)
	s.Trees, s.Heuristic, s.maxNode = true, true, 1<<16
	return s
}

// Reseed restarts the search's random choices from seed, as NewSearch
// does: a judge reused for many positions weighs each the same way
// whatever it weighed before.
func (s *Search) Reseed(seed uint64) {
	s.rng.Seed(seed, 0x8f1bbcdcbfa53e0b)
	s.policy = s.policy[:0]
}

// WeighSubs values the viewing seat's submissions subs: iterations
// sampled worlds, each played with one of them in turn (every option
// weighed on as many worlds, the same ones; none chosen by UCB1), then on
// by the trees
// (every seat choosing by its own results, the seat itself too) and the
// rollout policy. It adds each seat's final score to sums[k][seat] and
// counts in n[k] the worlds where subs[k] was played (all, unless a card
// the seat could not see decides whether it is legal).
func (s *Search) WeighSubs(v engine.View, subs []engine.Submission, iterations int, sums [][]float64, n []int) {
	keys := make([]uint64, len(subs))
	for k, x := range subs {
		keys[k] = subKey(x)
	}
	s.weigh(v, keys, iterations, sums, n, func(k int) { s.forceSub = subs[k] })
}

// WeighAnswers is WeighSubs for the answers to a decision.
func (s *Search) WeighAnswers(v engine.View, answers []engine.Answer, iterations int, sums [][]float64, n []int) {
	keys := make([]uint64, len(answers))
	for k, a := range answers {
		keys[k] = ansKey(a)
	}
	s.weigh(v, keys, iterations, sums, n, func(k int) { s.forceAns = answers[k] })
}

func (s *Search) weigh(v engine.View, keys []uint64, iterations int, sums [][]float64, n []int, force func(k int)) {
	if len(keys) == 0 {
		return
	}
	players := s.begin(v)
	s.forced = v.Seat()
	// The root's children exist from the start, so the forced first choice
	// enters the tree and the seat's later choices grow under it.
	for _, key := range keys {
		s.nodes = append(s.nodes, node{key: key, avail: 1, child: -1, next: s.nodes[0].child})
		s.nodes[0].child = int32(len(s.nodes) - 1)
	}
	explore := s.explore()
	var deal uint64
	for it := range iterations {
		k := it % len(keys)
		if k == 0 {
			deal = s.rng.Uint64()
		}
		// Every option of a pass meets the same deal: the options'
		// difference is theirs, not the deal's (the trees still learn
		// between them).
		force(k)
		v.Sample(&s.world, deal)
		if !s.iterate(players, explore, true) {
			continue
		}
		for p := range players {
			sums[k][p] += float64(s.world.Score(p))
		}
		n[k]++
		if s.Yield != nil {
			s.Yield()
		}
	}
	s.last = Stats{Iterations: iterations, Nodes: len(s.nodes)}
}
