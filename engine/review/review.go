// Package review grades a finished game's choices as a chess site's game
// review does: for each pick and decision of one seat, the final score it
// could expect from what it chose against the best choice, estimated from
// what that seat knew then (its hand, what was revealed, the hands it had
// seen pass; never the cards it could not see), the costliest choices, and
// the seat's expected final score through the game.
//
// The estimate samples deals of the cards the seat could not see
// (engine.View.Sample, as the search players do), plays each choice in
// each deal, and plays the rest of the game out with a rollout policy
// (the heuristic by default), for every seat alike. The same game,
// seat and seed give the same review; like the engine it reads no clock
// and uses no global randomness.
package review

import (
	"fmt"
	"math"
	"slices"
	"sort"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/strategy"
)

// A Move is one choice as it was made: a seat's submission, or its answer
// to a decision after a reveal.
type Move struct {
	Seat   int
	Sub    engine.Submission
	Answer engine.Answer
	// Decide marks an answer rather than a submission.
	Decide bool
}

// Game is a game as a review replays it: how it was dealt and every
// choice, in the order the engine took them.
type Game struct {
	Settings engine.Settings
	Seed     uint64
	Moves    []Move
}

// Record plays a game of settings dealt from seed to its end with
// players[s] choosing for seat s, and returns it as a review replays it.
func Record(settings engine.Settings, seed uint64, players []strategy.Player) (Game, error) {
	g, err := engine.New(settings, seed)
	if err != nil {
		return Game{}, fmt.Errorf("review: %w", err)
	}
	rec := Game{Settings: settings, Seed: seed}
	err = strategy.PlayRecording(g, players, func(seat int, sub engine.Submission, a engine.Answer, decide bool) {
		rec.Moves = append(rec.Moves, Move{Seat: seat, Sub: sub, Answer: a, Decide: decide})
	})
	if err != nil {
		return rec, fmt.Errorf("review: %w", err)
	}
	return rec, nil
}

// Replay plays the game's moves from its deal, calling before(g, i) before
// move i with the game as it stood, and returns the finished game.
func (rg Game) Replay(before func(g *engine.Game, i int)) (*engine.Game, error) {
	g, err := engine.New(rg.Settings, rg.Seed)
	if err != nil {
		return nil, fmt.Errorf("review: %w", err)
	}
	for i, m := range rg.Moves {
		if before != nil {
			before(g, i)
		}
		if m.Decide {
			err = g.Decide(m.Seat, m.Answer)
		} else {
			err = g.Submit(m.Seat, m.Sub)
		}
		if err != nil {
			return nil, fmt.Errorf("review: move %d (seat %d): %w", i, m.Seat, err)
		}
	}
	return g, nil
}

// Grade is how costly a choice was, by the points it gave away.
type Grade uint8

// Grades, from no loss to the worst, with their thresholds in expected
// final points lost (Thresholds).
const (
	Best Grade = iota
	Good
	Inaccuracy
	Mistake
	Blunder
)

// Thresholds are the most points a choice may give away and keep its
// grade: Best up to 0.5, Good 1.5, Inaccuracy 3, Mistake 6; a Blunder
// gives away more. Sushi Go!'s games end around 30–50 points, so a
// mistake is a sixth to a tenth of a game.
var Thresholds = [...]float64{Best: 0.5, Good: 1.5, Inaccuracy: 3, Mistake: 6}

// GradeOf is the grade of a choice that gives away loss points.
func GradeOf(loss float64) Grade {
	for g, t := range Thresholds {
		if loss <= t {
			return Grade(g)
		}
	}
	return Blunder
}

// Key names the grade for the catalog ("review.grade.mistake").
func (g Grade) Key() string {
	return [...]string{"review.grade.best", "review.grade.good", "review.grade.inaccuracy", "review.grade.mistake", "review.grade.blunder"}[g]
}

// Option is one choice a seat had: a submission or an answer.
type Option struct {
	Sub    engine.Submission
	Answer engine.Answer
}

// Choice is one of the seat's choices, graded.
type Choice struct {
	// Move is its index in the game's moves; Point its index in the
	// seat's Curve.
	Move        int
	Point       int
	Round, Turn int
	Decision    bool
	Chosen      Option
	Best        Option
	// Value and BestValue are the final scores expected after the choice
	// made and after the best one; Loss is their difference.
	Value, BestValue, Loss float64
	Grade                  Grade
	// Options is how many choices the seat had.
	Options int
	// Why is why Best was better (for the costliest choices).
	Why Reason
	// All is every seat's expected final score after the choice made,
	// as this seat could tell.
	All []float64
	// Alternatives are the options the seat had and Values their values
	// as first weighed (−Inf for one screened out): what the arena
	// compares the expert's choice with.
	Alternatives []Option
	Values       []float64
}

// Seat is one seat's review.
type Seat struct {
	Seat    int
	Choices []Choice
	// Curve is the seat's expected final score before each of its choices
	// (the value of the choice it went on to make), then its final score;
	// CurveRound is the round of each point before the last.
	Curve      []float64
	CurveRound []int
	// Curves[s] is seat s's expected final score at the same points, as
	// this seat could tell, then its final score: the picture's lines.
	Curves [][]float64
	// Final is the seat's final score.
	Final int
	// Accuracy is the share of its choices that gave away at most Good's
	// threshold; Lost the expected points given away in all.
	Accuracy float64
	Lost     float64
	// Top are the indexes in Choices of the costliest choices (at most
	// three, each graded Inaccuracy or worse), costliest first.
	Top []int
	// Table is every seat's accuracy, as a chess site shows both
	// players': this one's, and the others' by Quick (−1 for a seat not
	// weighed). Review leaves it to the caller.
	Table []float64 `json:",omitempty"`
}

// Options tune a review.
type Options struct {
	// Samples is the deals sampled for each option (0: 32).
	Samples int
	// Seed varies the sampled deals: two reviews of one game differ only
	// by the noise of sampling.
	Seed uint64
	// MaxOptions bounds the options weighed in full (0: 10): with more (a
	// Party hand with calls), all are screened on a quarter of the
	// samples and the best of them, and the one chosen, weighed in full.
	MaxOptions int
	// Refine is how many times more deals weigh again the choice made and
	// the best one at the costliest choices, before they are ranked
	// (0: 64): the few choices a review names must not be named by the
	// noise of sampling (at 32, two reviews of a game of four with other
	// seeds named the same three in 80 % of games; at 64, 85 %).
	Refine int
	// Candidates is how many of the costliest choices the refine step
	// weighs again (0: 6), of which the review names three.
	Candidates int
	// Judge is how options are valued: the expert's search (Search, the
	// default) or the heuristic's rollouts (Rollouts).
	Judge Judge
	// Iterations is the search judge's sampled worlds an option (0: 256).
	Iterations int
	// RandomRollouts plays the search judge's rollouts at random, as the
	// bots' searches do, rather than with the heuristic: for the arena's
	// comparison.
	RandomRollouts bool
	// Yield, when set, is called after each deal played out: a host that
	// reviews beside live games lets them run (runtime.Gosched) rather
	// than wait for the scheduler to preempt a review.
	Yield func()
}

// Judge is how a review values an option.
type Judge uint8

const (
	// Search, the default, weighs the options with the expert's search (a
	// tree for every seat, each choosing by its own results) over sampled
	// worlds, heuristic rollouts past the trees: the seat and its
	// opponents play on as searchers, not as the heuristic.
	Search Judge = iota
	// Rollouts plays each sampled deal on with the heuristic in every
	// seat, the reviewed one too: the judge before the search, kept for
	// the arena's comparison.
	Rollouts
)

// ParseJudge reads a judge's name: "search" or "rollouts".
func ParseJudge(name string) (Judge, error) {
	switch name {
	case "search":
		return Search, nil
	case "rollouts":
		return Rollouts, nil
	}
	return 0, fmt.Errorf("review: no judge %q (search or rollouts)", name)
}

func (o Options) samples() int    { return cmp(o.Samples, 32) }
func (o Options) iterations() int { return cmp(o.Iterations, 256) }
func (o Options) refine() int     { return cmp(o.Refine, 64) }
func (o Options) candidates() int {
	return cmp(o.Candidates, 6)
}
func (o Options) maxOptions() int {
	return cmp(o.MaxOptions, 10)
}

func cmp(v, def int) int {
	if v > 0 {
		return v
	}
	return def
}

// Review grades seat's choices in rg.
func Review(rg Game, seat int, o Options) (Seat, error) { return reviewSeat(rg, seat, o, true) }

// Quick grades seat's choices as Review does without its refine step:
// the accuracy a review shows for the other seats at the table, for
// about half the work, where the few choices a review names matter less
// than the share graded best or good.
func Quick(rg Game, seat int, o Options) (Seat, error) { return reviewSeat(rg, seat, o, false) }

func reviewSeat(rg Game, seat int, o Options, refined bool) (Seat, error) {
	out := Seat{Seat: seat}
	var j *strategy.Search
	if o.Judge == Search {
		j = strategy.NewJudge(o.Seed)
		j.Yield = o.Yield
		j.Heuristic = !o.RandomRollouts
	}
	var errEval error
	end, err := rg.Replay(func(g *engine.Game, i int) {
		m := rg.Moves[i]
		if m.Seat != seat || errEval != nil {
			return
		}
		c, err := weigh(g, m, i, o, j)
		if err != nil {
			errEval = err
			return
		}
		c.Point = len(out.Curve)
		if c.Options > 1 {
			out.Choices = append(out.Choices, c)
		}
		out.Curve = append(out.Curve, c.Value)
		out.CurveRound = append(out.CurveRound, c.Round)
		if out.Curves == nil {
			out.Curves = make([][]float64, len(c.All))
		}
		for s, x := range c.All {
			out.Curves[s] = append(out.Curves[s], x)
		}
	})
	if err != nil {
		return out, err
	}
	if errEval != nil {
		return out, errEval
	}
	out.Final = end.Score(seat)
	out.Curve = append(out.Curve, float64(out.Final))
	for s := range out.Curves {
		out.Curves[s] = append(out.Curves[s], float64(end.Score(s)))
	}
	out.tally()
	switch {
	case !refined:
	case j != nil:
		err = refineJudged(rg, &out, o, j)
	default:
		err = refine(rg, &out, o)
	}
	if err != nil {
		return out, err
	}
	return out, nil
}

// costliest are the indexes of the n costliest choices graded Inaccuracy
// or worse, costliest first.
func costliest(cs []Choice, n int) []int {
	idx := make([]int, 0, len(cs))
	for i, c := range cs {
		if c.Grade >= Inaccuracy {
			idx = append(idx, i)
		}
	}
	sort.SliceStable(idx, func(a, b int) bool { return cs[idx[a]].Loss > cs[idx[b]].Loss })
	if len(idx) > n {
		idx = idx[:n]
	}
	return idx
}

// refine weighs again, on Refine times the deals, the choice made and the
// best one at the review's costliest choices (twice as many as it names),
// then names the costliest again: the ranking of a few close losses is
// what sampling noise would otherwise decide. Each deal plays both
// options, so a loss's noise is measured; a candidate whose naming that
// noise could still decide (within two standard errors of the grade's
// threshold, or of the line between the third and the fourth) is weighed
// again on twice as many deals more.
func refine(rg Game, out *Seat, o Options) error {
	cand := costliest(out.Choices, o.candidates())
	if len(cand) == 0 {
		return nil
	}
	n := o.samples() * o.refine()
	seed := o.Seed ^ 0x5bd1e995
	stats := map[int]*pairStats{}
	for _, k := range cand {
		stats[k] = &pairStats{}
	}
	pass := func(deals func(k int) (from, to int)) error {
		return atChoices(rg, out, cand, func(k int, c *Choice, v engine.View, m Move, i int) {
			from, to := deals(k)
			if from >= to {
				return
			}
			playPaired(v, m, c.Chosen, c.Best, i, from, to, seed, o.Yield, stats[k])
			c.Why = reasonFor(v, c.Chosen, c.Best, c.Decision)
		})
	}
	if err := pass(func(int) (int, int) { return 0, n }); err != nil {
		return err
	}
	if unsure := unsureOf(cand, stats); len(unsure) > 0 {
		more := func(k int) (int, int) {
			if unsure[k] {
				return n, 3 * n
			}
			return 0, 0
		}
		if err := pass(more); err != nil {
			return err
		}
	}
	for _, k := range cand {
		c, st := &out.Choices[k], stats[k]
		if st.n == 0 {
			continue
		}
		c.settle(st.sumA/float64(st.n), st.sumB/float64(st.n))
	}
	out.tally()
	return nil
}

// atChoices replays rg and calls do at each of out's choices cand (k its
// index), with the view its seat chose from, its move and the move's
// index.
func atChoices(rg Game, out *Seat, cand []int, do func(k int, c *Choice, v engine.View, m Move, i int)) error {
	at := make(map[int]int, len(cand))
	for _, k := range cand {
		at[out.Choices[k].Move] = k
	}
	_, err := rg.Replay(func(g *engine.Game, i int) {
		if k, ok := at[i]; ok {
			m := rg.Moves[i]
			do(k, &out.Choices[k], g.View(m.Seat), m, i)
		}
	})
	return err
}

// settle sets a refined choice's values, the one made and the best one
// (the one made, should it weigh more now), and its loss and grade.
func (c *Choice) settle(value, best float64) {
	c.Value, c.BestValue = value, best
	if c.BestValue < c.Value {
		c.Best, c.BestValue = c.Chosen, c.Value
	}
	c.Loss = c.BestValue - c.Value
	c.Grade = GradeOf(c.Loss)
}

// tally sums the seat's choices again: points given away, accuracy, the
// costliest named.
func (out *Seat) tally() {
	out.Lost, out.Accuracy = 0, 0
	good := 0
	for _, c := range out.Choices {
		out.Lost += c.Loss
		if c.Grade <= Good {
			good++
		}
	}
	if len(out.Choices) > 0 {
		out.Accuracy = float64(good) / float64(len(out.Choices))
	}
	out.Top = costliest(out.Choices, 3)
}

// pairStats sums a refined choice's deals: the seat's score with the
// option chosen (a) and the best one (b), and their difference.
type pairStats struct {
	n                       int
	sumA, sumB, sumD, sumD2 float64
}

func (p *pairStats) loss() float64 { return p.sumD / float64(max(p.n, 1)) }

// se is the standard error of the loss.
func (p *pairStats) se() float64 {
	if p.n < 2 {
		return math.Inf(1)
	}
	mean := p.loss()
	return math.Sqrt(max(0, p.sumD2/float64(p.n)-mean*mean) / float64(p.n))
}

// unsureOf are the candidates whose naming sampling noise could still
// decide: within two standard errors of Good's threshold (named or not),
// or, with more than three above it, of the line between the third and
// the fourth.
func unsureOf(cand []int, stats map[int]*pairStats) map[int]bool {
	order := slices.Clone(cand)
	sort.SliceStable(order, func(a, b int) bool { return stats[order[a]].loss() > stats[order[b]].loss() })
	over := 0
	for _, k := range order {
		if stats[k].loss() > Thresholds[Good] {
			over++
		}
	}
	line := math.NaN()
	if over > 3 {
		line = (stats[order[2]].loss() + stats[order[3]].loss()) / 2
	}
	unsure := map[int]bool{}
	for _, k := range order {
		l, se := stats[k].loss(), stats[k].se()
		if math.Abs(l-Thresholds[Good]) < 2*se || (!math.IsNaN(line) && math.Abs(l-line) < 2*se) {
			unsure[k] = true
		}
	}
	return unsure
}

// playPaired plays deals from..to of move m, each once with option a and
// once with b, and adds the seat's scores to p; a deal where either
// cannot be played is left out of both.
func playPaired(v engine.View, m Move, a, b Option, move, from, to int, seed uint64, yield func(), p *pairStats) {
	var world engine.Game
	players := heuristics(v.Settings().Players)
	for k := from; k < to; k++ {
		if !playDeal(&world, v, m, a, move, k, seed, players) {
			continue
		}
		sa := float64(world.Score(m.Seat))
		if !playDeal(&world, v, m, b, move, k, seed, players) {
			continue
		}
		sb := float64(world.Score(m.Seat))
		if yield != nil {
			yield()
		}
		d := sb - sa
		p.n++
		p.sumA, p.sumB, p.sumD, p.sumD2 = p.sumA+sa, p.sumB+sb, p.sumD+d, p.sumD2+d*d
	}
}

// weigh grades move m (index i) of the game as g stands before it.
func weigh(g *engine.Game, m Move, i int, o Options, j *strategy.Search) (Choice, error) {
	v := g.View(m.Seat)
	c := Choice{Move: i, Round: g.Round(), Turn: g.Turn(), Decision: m.Decide, Chosen: Option{Sub: m.Sub, Answer: m.Answer}}
	opts, chosen := OptionsOf(v, m)
	c.Options = len(opts)
	c.All = make([]float64, v.Settings().Players)
	var values []float64
	switch {
	case j != nil:
		var all [][]float64
		values, all = judged(j, v, m, i, opts, o.iterations()*len(opts), weighRuns, o)
		if math.IsInf(values[chosen], -1) {
			// What was made could be played in none of the deals (an
			// answer that names a card the seat alone saw drawn): it is
			// not graded, and the curve takes the best it could weigh.
			best := bestOf(values, chosen)
			c.Options, c.Best = 1, c.Chosen
			if !math.IsInf(values[best], -1) {
				c.Value, c.BestValue = values[best], values[best]
				copy(c.All, all[best])
			}
			return c, nil
		}
		copy(c.All, all[chosen])
	case len(opts) == 1:
		c.Best = c.Chosen
		c.Value = estimateAll(v, m, opts[0], i, o.samples(), o.Seed, c.All, o.Yield)
		c.BestValue = c.Value
		return c, nil
	default:
		values = rolledOut(v, m, i, opts, chosen, o, c.All)
	}
	best := bestOf(values, chosen)
	if len(opts) > 1 {
		c.Alternatives, c.Values = opts, values
	}
	c.Best, c.Value, c.BestValue = opts[best], values[chosen], values[best]
	c.Loss = max(0, c.BestValue-c.Value)
	c.Grade = GradeOf(c.Loss)
	if best != chosen {
		// Every choice has its reason, for a review stepped through turn
		// by turn; the refine step says it again for those named.
		c.Why = reasonFor(v, c.Chosen, c.Best, c.Decision)
	}
	return c, nil
}

// bestOf is the option of the highest value, chosen unless another is
// higher by more than rounding.
func bestOf(values []float64, chosen int) int {
	best := chosen
	for k := range values {
		if values[k] > values[best]+1e-9 {
			best = k
		}
	}
	return best
}

// rolledOut is each option's value by the heuristic's rollouts (−Inf for
// one screened out), filling all with every seat's expected score after
// the chosen one.
func rolledOut(v engine.View, m Move, i int, opts []Option, chosen int, o Options, all []float64) []float64 {
	values := make([]float64, len(opts))
	full := o.samples()
	weighed := make([]bool, len(opts))
	if len(opts) > o.maxOptions() {
		// Screen every option on a quarter of the deals; weigh in full
		// the best ones and the one chosen.
		quick := max(2, full/4)
		order := make([]int, len(opts))
		for k := range opts {
			values[k] = estimate(v, m, opts[k], i, quick, o.Seed, o.Yield)
			order[k] = k
		}
		sort.SliceStable(order, func(a, b int) bool { return values[order[a]] > values[order[b]] })
		for _, k := range order[:o.maxOptions()-1] {
			weighed[k] = true
		}
		weighed[chosen] = true
	} else {
		for k := range weighed {
			weighed[k] = true
		}
	}
	for k := range opts {
		switch {
		case weighed[k] && k == chosen:
			values[k] = estimateAll(v, m, opts[k], i, full, o.Seed, all, o.Yield)
		case weighed[k]:
			values[k] = estimate(v, m, opts[k], i, full, o.Seed, o.Yield)
		default:
			values[k] = math.Inf(-1)
		}
	}
	return values
}

// OptionsOf lists the options the seat had at move m, seen from v (its
// view before the move), and which of them m chose.
func OptionsOf(v engine.View, m Move) ([]Option, int) {
	var opts []Option
	if m.Decide {
		for _, a := range v.AppendOptions(nil) {
			opts = append(opts, Option{Answer: a})
		}
	} else {
		for _, s := range v.AppendLegal(nil) {
			opts = append(opts, Option{Sub: s})
		}
	}
	made := Option{Sub: m.Sub, Answer: m.Answer}
	for k, op := range opts {
		if Same(op, made, m.Decide) {
			return opts, k
		}
	}
	// The engine took it, so it was legal, but the list of options spells
	// it otherwise (a chopsticks pair in the other order).
	return append(opts, made), len(opts)
}

// Same reports whether a and b are the same choice (an answer when
// decide).
func Same(a, b Option, decide bool) bool {
	if decide {
		x, y := a.Answer, b.Answer
		return x.Card == y.Card && x.Kind == y.Kind && x.Flip == y.Flip
	}
	x, y := a.Sub, b.Sub
	return x.Card == y.Card && x.Extra == y.Extra && x.Dummy == y.Dummy && x.Call == y.Call && x.Copy == y.Copy
}

// estimate is the seat's mean final score over n deals the seat cannot
// tell from the real one, each played on from option op. The deals depend
// only on the seed, the move and the sample's number, so every option of
// a move meets the same deals: their difference is the option's, not the
// deal's.
func estimate(v engine.View, m Move, op Option, move, n int, seed uint64, yield func()) float64 {
	return estimateAll(v, m, op, move, n, seed, nil, yield)
}

// estimateAll is estimate that also fills all[s], when given, with seat
// s's mean final score in the same deals: what the seat could expect of
// everyone, from what it knew.
func estimateAll(v engine.View, m Move, op Option, move, n int, seed uint64, all []float64, yield func()) float64 {
	var world engine.Game
	total, played := 0, 0
	players := heuristics(v.Settings().Players)
	sums := make([]int, len(all))
	for k := range n {
		if !playDeal(&world, v, m, op, move, k, seed, players) {
			continue // not playable in this deal (a card it could not see moved)
		}
		if yield != nil {
			yield()
		}
		total += world.Score(m.Seat)
		for s := range sums {
			sums[s] += world.Score(s)
		}
		played++
	}
	if played == 0 {
		return 0
	}
	for s := range all {
		all[s] = float64(sums[s]) / float64(played)
	}
	return float64(total) / float64(played)
}

// heuristics are the rollout's players, one a seat. The heuristic keeps
// only scratch space between choices, so one a seat serves every deal (a
// new one a deal was 900 MB of garbage a review, and the collector's
// pauses showed in live games' clicks).
func heuristics(n int) []strategy.Player {
	players := make([]strategy.Player, n)
	for s := range players {
		players[s] = strategy.NewHeuristic()
	}
	return players
}

// playDeal plays deal k of move m, with option op, to the end of the game
// in world; false when op cannot be played in that deal.
func playDeal(world *engine.Game, v engine.View, m Move, op Option, move, k int, seed uint64, players []strategy.Player) bool {
	v.Sample(world, mix(seed, uint64(move), uint64(k)))
	var err error
	if m.Decide {
		err = world.Decide(m.Seat, op.Answer)
	} else {
		err = world.Submit(m.Seat, op.Sub)
	}
	return err == nil && strategy.Play(world, players) == nil
}

// mix is a seed for one sample of one move.
func mix(seed, move, k uint64) uint64 {
	x := seed ^ move*0x9e3779b97f4a7c15 ^ k*0xc2b2ae3d27d4eb4f
	x ^= x >> 31
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 29
	return x
}

// judged weighs opts at move m with the search judge j over iterations
// worlds in all, in runs searches of their own (independent trees: a
// search's early worlds shape its trees, so one long search keeps more
// of its seed's mark than several short ones): each option's value (−Inf
// when it could be played in none) and every seat's mean final score
// after it.
func judged(j *strategy.Search, v engine.View, m Move, move int, opts []Option, iterations, runs int, o Options) ([]float64, [][]float64) {
	players := v.Settings().Players
	sums := make([][]float64, len(opts))
	for k := range sums {
		sums[k] = make([]float64, players)
	}
	n := make([]int, len(opts))
	as := make([]engine.Answer, len(opts))
	subs := make([]engine.Submission, len(opts))
	for k, op := range opts {
		as[k], subs[k] = op.Answer, op.Sub
	}
	each := max(len(opts), iterations/max(1, runs))
	for r := range max(1, runs) {
		j.Reseed(mix(o.Seed, uint64(move), uint64(iterations)+uint64(r)<<40))
		if m.Decide {
			j.WeighAnswers(v, as, each, sums, n)
		} else {
			j.WeighSubs(v, subs, each, sums, n)
		}
	}
	values := make([]float64, len(opts))
	for k := range opts {
		if n[k] == 0 {
			values[k] = math.Inf(-1)
			continue
		}
		for p := range sums[k] {
			sums[k][p] /= float64(n[k])
		}
		values[k] = sums[k][m.Seat]
	}
	return values, sums
}

// weighRuns and refineRuns are how many searches of their own the first
// weighing of a choice and the refine step split their worlds into (one
// long search is deeper; the refine step's eight keep less of one seed's
// mark: docs/review.md).
const (
	weighRuns  = 1
	refineRuns = 8
)

// refineJudged is refine for the search judge: the choice made and the
// best one at the costliest choices are weighed again by themselves on
// Refine/4 times the worlds an option, and the costliest named again.
func refineJudged(rg Game, out *Seat, o Options, j *strategy.Search) error {
	cand := costliest(out.Choices, o.candidates())
	if len(cand) == 0 {
		return nil
	}
	err := atChoices(rg, out, cand, func(_ int, c *Choice, v engine.View, m Move, i int) {
		opts := []Option{c.Chosen, c.Best}
		values, _ := judged(j, v, m, i, opts, 2*o.iterations()*max(1, o.refine()/4), refineRuns, o)
		if math.IsInf(values[0], -1) || math.IsInf(values[1], -1) {
			return // not weighed again: the first weighing stands
		}
		c.settle(values[0], values[1])
		c.Why = reasonFor(v, c.Chosen, c.Best, c.Decision)
	})
	if err != nil {
		return err
	}
	out.tally()
	return nil
}
