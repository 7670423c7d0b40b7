package arena

import (
	"math"
	"slices"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/review"
	"github.com/sushigo/sushigo/engine/strategy"
)

// Agreement is how a review's judge compares with the reference (search
// players finishing the game on many deals) on a sample of its choices:
// each game's named choices and one other at random.
type Agreement struct {
	Choices int
	// BestAgrees is the share of sampled choices whose best option by the
	// review is the reference's best; BestWithin where it is within two
	// standard errors of the reference's best (a tie the reference's own
	// deals cannot split).
	BestAgrees, BestWithin float64
	// LossError is the mean |points given away by the review − by the
	// reference| of the choice made; ReviewLoss and ReferenceLoss their
	// means; ReferenceSE the mean standard error of the reference's.
	LossError, ReviewLoss, ReferenceLoss, ReferenceSE float64
	// Named is how many choices the review named as a mistake or a
	// blunder, and FalseNamed the share of them the reference puts at
	// Good's threshold or less.
	Named      int
	FalseNamed float64
}

// agreementCount sums one game's comparison.
type agreementCount struct {
	asked, agree, within, named, falseNamed int
	lossErr, reviewLoss, refLoss, refSE     float64
}

func (a *agreementCount) add(b agreementCount) {
	a.asked += b.asked
	a.agree += b.agree
	a.within += b.within
	a.named += b.named
	a.falseNamed += b.falseNamed
	a.lossErr += b.lossErr
	a.reviewLoss += b.reviewLoss
	a.refLoss += b.refLoss
	a.refSE += b.refSE
}

func (a agreementCount) agreement() Agreement {
	out := Agreement{Choices: a.asked, Named: a.named}
	if a.asked > 0 {
		n := float64(a.asked)
		out.BestAgrees, out.BestWithin = float64(a.agree)/n, float64(a.within)/n
		out.LossError, out.ReviewLoss, out.ReferenceLoss, out.ReferenceSE = a.lossErr/n, a.reviewLoss/n, a.refLoss/n, a.refSE/n
	}
	if a.named > 0 {
		out.FalseNamed = float64(a.falseNamed) / float64(a.named)
	}
	return out
}

// referee finishes the reference's deals: search players in every seat,
// reseeded for each deal so every option of a deal meets the same ones.
type referee struct {
	players []*strategy.Search
	as      []strategy.Player
	deals   int
}

func newReferee(seats, iterations, deals int) *referee {
	r := &referee{deals: deals}
	for range seats {
		p := strategy.NewSearchIterations(iterations, 0)
		r.players = append(r.players, p)
		r.as = append(r.as, p)
	}
	return r
}

// compare samples the choices of seat's review s (its named ones and one
// more drawn by seed) and compares them with the reference.
//
// It also returns split: the reference's own halves held to each other
// (halves), on the same choices.
func (r *referee) compare(rg review.Game, s review.Seat, seed uint64, cache map[int]review.Reference) (out, split agreementCount) {
	sample := map[int]review.Choice{}
	for _, k := range s.Top {
		sample[s.Choices[k].Move] = s.Choices[k]
	}
	var rest []int
	for k, c := range s.Choices {
		if _, named := sample[c.Move]; !named {
			rest = append(rest, k)
		}
	}
	if len(rest) > 0 {
		c := s.Choices[rest[int(seed%uint64(len(rest)))]]
		sample[c.Move] = c
	}
	_, _ = rg.Replay(func(g *engine.Game, i int) {
		c, ok := sample[i]
		if !ok {
			return
		}
		ref, ok := cache[i]
		if !ok {
			ref = review.ReferenceOf(g, rg.Moves[i], i, r.deals, seed^0xa5a5, func(d int) []strategy.Player {
				for p, x := range r.players {
					x.Reseed(seed*1_000_003 + uint64(d)*131 + uint64(p))
				}
				return r.as
			})
			cache[i] = ref
		}
		out.add(judgeAgainst(c, ref))
		split.add(judgeAgainst(halves(ref)))
	})
	return out, split
}

// halves splits a reference's deals in two: the first half judges the
// choice as the reference does (its best option, the points the choice
// made gives away, their grade) and the second half is the yardstick. How
// well they agree is what a judge that plays the game on as the reference
// does would score at half the reference's deals: the part of the gap no
// judge can close because the reference itself is noisy.
func halves(ref review.Reference) (review.Choice, review.Reference) {
	n := 0
	if len(ref.Scores) > 0 {
		n = len(ref.Scores[0]) / 2
	}
	a := review.Reference{Options: ref.Options, Chosen: ref.Chosen, Decision: ref.Decision, Scores: make([][]float64, len(ref.Scores))}
	b := review.Reference{Options: ref.Options, Chosen: ref.Chosen, Decision: ref.Decision, Scores: make([][]float64, len(ref.Scores))}
	for k, sc := range ref.Scores {
		a.Scores[k], b.Scores[k] = sc[:n], sc[n:]
	}
	best := bestOf(a)
	loss := 0.0
	if best != a.Chosen {
		loss, _ = pairedDiff(a.Scores[best], a.Scores[a.Chosen])
	}
	c := review.Choice{Decision: ref.Decision, Chosen: ref.Options[ref.Chosen], Best: ref.Options[best], Loss: loss, Grade: review.GradeOf(loss)}
	return c, b
}

// bestOf is the option with the highest mean over the reference's deals.
func bestOf(ref review.Reference) int {
	best, bv := 0, math.Inf(-1)
	for k, sc := range ref.Scores {
		if m := meanOf(sc); m > bv {
			best, bv = k, m
		}
	}
	return best
}

// judgeAgainst compares one reviewed choice with its reference.
func judgeAgainst(c review.Choice, ref review.Reference) agreementCount {
	best := bestOf(ref)
	reviewBest := slices.IndexFunc(ref.Options, func(o review.Option) bool { return review.Same(o, c.Best, c.Decision) })
	out := agreementCount{asked: 1}
	if reviewBest == best {
		out.agree, out.within = 1, 1
	} else if reviewBest >= 0 {
		d, se := pairedDiff(ref.Scores[best], ref.Scores[reviewBest])
		if d <= 2*se {
			out.within = 1
		}
	}
	refLoss, se := pairedDiff(ref.Scores[best], ref.Scores[ref.Chosen])
	if best == ref.Chosen {
		refLoss, se = 0, 0
	}
	out.refLoss, out.refSE, out.reviewLoss = refLoss, se, c.Loss
	out.lossErr = math.Abs(c.Loss - refLoss)
	if c.Grade >= review.Mistake {
		out.named = 1
		if refLoss <= review.Thresholds[review.Good] {
			out.falseNamed = 1
		}
	}
	return out
}

func meanOf(xs []float64) float64 {
	s, n := 0.0, 0
	for _, x := range xs {
		if !math.IsNaN(x) {
			s += x
			n++
		}
	}
	if n == 0 {
		return math.Inf(-1)
	}
	return s / float64(n)
}

// pairedDiff is the mean of a−b over the deals both were played in, and
// its standard error.
func pairedDiff(a, b []float64) (float64, float64) {
	var s, s2 float64
	n := 0
	for d := range a {
		if math.IsNaN(a[d]) || math.IsNaN(b[d]) {
			continue
		}
		x := a[d] - b[d]
		s += x
		s2 += x * x
		n++
	}
	if n < 2 {
		return s, math.Inf(1)
	}
	m := s / float64(n)
	return m, math.Sqrt(max(0, s2/float64(n)-m*m) / float64(n))
}
