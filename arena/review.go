package arena

import (
	"fmt"
	"io"
	"math"
	"slices"
	"sync"
	"time"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/review"
	"github.com/sushigo/sushigo/engine/strategy"
)

// CalibrationConfig is a measurement of the game review: games played by
// bots of mixed strength, each seat 0's choices reviewed twice.
type CalibrationConfig struct {
	Settings engine.Settings
	Games    int
	Seed     uint64
	// Review tunes the reviews; the second review of a game uses
	// Review.Seed+1.
	Review review.Options
	// Parallel is how many games run at once (at least 1).
	Parallel int
	// ReferenceDeals, when set, holds a sample of each game's choices to
	// the reference: every option played on that many deals, finished by
	// search players of ReferenceIterations (0: 400) a choice in every
	// seat.
	ReferenceDeals, ReferenceIterations int
	// Compare, when set, is a second judge reviewed the same way and held
	// to the same reference.
	Compare *review.Options
}

// Calibration is how well the review predicts and how steady it is.
type Calibration struct {
	Games, Choices int
	// MAE[k] is the mean absolute difference between the predicted final
	// score before the seat's k-th choice (k counted from the end of the
	// game's first third, middle, last third: 0, 1, 2) and the actual one;
	// MAEAll over every choice.
	MAE    [3]float64
	MAEAll float64
	// Corr is the correlation of predicted and actual final scores over
	// every choice.
	Corr float64
	// ExpertAgrees is the share of choices where the expert (a fixed
	// number of iterations, a tree per seat) picks the option the review
	// calls best.
	ExpertAgrees float64
	// ExpertGood is the share where the review grades the expert's
	// choice best or good; ClearShare the share of choices with a clear
	// best (every other option more than Good's threshold behind), and
	// ExpertAgreesClear how often the expert picks it there.
	ExpertGood, ClearShare, ExpertAgreesClear float64
	// ExpertAsked counts the choices the expert was asked about (none with
	// --expert-iterations 0: the shares above mean nothing then).
	ExpertAsked int
	// StableTop is the share of games where two reviews with different
	// seeds name the same costliest choices (the same top-3 set);
	// StableFirst where they name the same costliest one; Overlap the mean
	// share of one review's top choices the other names too.
	StableTop, StableFirst, Overlap float64
	// Seconds and MaxSeconds are the wall time of one seat's review, mean
	// and largest: its CPU time when the machine has a core free for
	// each of the run's games at once (Parallel).
	Seconds, MaxSeconds float64
	Parallel            int
	Mistakes            int // choices graded Mistake or Blunder
	// Reference is the review's agreement with the reference (with
	// ReferenceDeals); Compared the second judge's, and its review's wall
	// time.
	Reference, Compared Agreement
	// Split is the reference's method as a judge: half its deals held to
	// the other half on the same choices, what a judge that played the
	// game on as the reference does would agree at half its deals.
	Split                        Agreement
	ComparedSeconds, ComparedMax float64
	// QuickSeconds is the mean wall time of weighing another seat
	// (review.Quick, seat 1): what each other seat adds to a review for
	// the table's accuracy.
	QuickSeconds float64
}

// Calibrate plays and reviews cfg.Games games.
func Calibrate(cfg CalibrationConfig, expertIterations int) (Calibration, error) {
	n := cfg.Settings.Players
	if err := cfg.Settings.Validate(); err != nil {
		return Calibration{}, err
	}
	type seatStats struct {
		pred, actual []float64
		phase        []int
		expert       expertCount
		stable       bool
		first        bool
		overlap      float64
		mistakes     int
		seconds      float64
		ref, cmp     agreementCount
		split        agreementCount
		cmpSeconds   float64
		quickSeconds float64
	}
	out := make([]seatStats, cfg.Games)
	errs := make([]error, cfg.Games)
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range max(1, cfg.Parallel) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var ref *referee
			if cfg.ReferenceDeals > 0 {
				ref = newReferee(n, cfg.referenceIterations(), cfg.ReferenceDeals)
			}
			for i := range jobs {
				deal := cfg.Seed + uint64(i)
				// Seat 0 is a player who makes mistakes (easy); the others
				// are of every level but expert.
				levels := []strategy.Level{strategy.Easy, strategy.Normal, "random", strategy.Normal, strategy.Easy, strategy.Normal, "random", strategy.Easy}
				players := make([]strategy.Player, n)
				for s := range n {
					players[s] = levels[s%len(levels)].Player(deal*31+uint64(s), nil)
				}
				rg, err := review.Record(cfg.Settings, deal, players)
				if err != nil {
					errs[i] = err
					continue
				}
				began := time.Now()
				a, err := review.Review(rg, 0, cfg.Review)
				took := time.Since(began).Seconds()
				if err != nil {
					errs[i] = err
					continue
				}
				o2 := cfg.Review
				o2.Seed++
				b, err := review.Review(rg, 0, o2)
				if err != nil {
					errs[i] = err
					continue
				}
				began = time.Now()
				if _, err := review.Quick(rg, 1, cfg.Review); err != nil {
					errs[i] = err
					continue
				}
				st := seatStats{stable: sameTop(a, b), first: sameFirst(a, b), overlap: overlap(a, b), seconds: took, quickSeconds: time.Since(began).Seconds()}
				for k, c := range a.Choices {
					st.pred = append(st.pred, c.Value)
					st.actual = append(st.actual, float64(a.Final))
					st.phase = append(st.phase, min(2, 3*k/max(1, len(a.Choices))))
					if c.Grade >= review.Mistake {
						st.mistakes++
					}
				}
				if expertIterations > 0 {
					st.expert = expertAgreement(rg, a, expertIterations, deal)
				}
				cache := map[int]review.Reference{}
				if ref != nil {
					st.ref, st.split = ref.compare(rg, a, deal, cache)
				}
				if cfg.Compare != nil {
					began := time.Now()
					b, err := review.Review(rg, 0, *cfg.Compare)
					st.cmpSeconds = time.Since(began).Seconds()
					if err != nil {
						errs[i] = err
						continue
					}
					if ref != nil {
						st.cmp, _ = ref.compare(rg, b, deal, cache)
					}
				}
				out[i] = st
			}
		}()
	}
	for i := range cfg.Games {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	c := Calibration{Parallel: max(1, cfg.Parallel)}
	var sum [3]float64
	var cnt [3]int
	var pred, actual []float64
	var ex expertCount
	var refs, cmps, splits agreementCount
	stable, first := 0, 0
	over := 0.0
	for i, st := range out {
		if errs[i] != nil {
			return c, fmt.Errorf("arena: game %d: %w", i, errs[i])
		}
		c.Games++
		for k := range st.pred {
			d := math.Abs(st.pred[k] - st.actual[k])
			sum[st.phase[k]] += d
			cnt[st.phase[k]]++
		}
		pred = append(pred, st.pred...)
		actual = append(actual, st.actual...)
		ex.asked += st.expert.asked
		ex.agree += st.expert.agree
		ex.good += st.expert.good
		ex.clear += st.expert.clear
		ex.clearAgree += st.expert.clearAgree
		if st.stable {
			stable++
		}
		if st.first {
			first++
		}
		over += st.overlap
		c.Mistakes += st.mistakes
		refs.add(st.ref)
		splits.add(st.split)
		cmps.add(st.cmp)
		c.ComparedSeconds += st.cmpSeconds
		c.QuickSeconds += st.quickSeconds
		c.ComparedMax = max(c.ComparedMax, st.cmpSeconds)
		c.Seconds += st.seconds
		c.MaxSeconds = max(c.MaxSeconds, st.seconds)
	}
	c.Choices = len(pred)
	all := 0.0
	for p := range 3 {
		if cnt[p] > 0 {
			c.MAE[p] = sum[p] / float64(cnt[p])
		}
		all += sum[p]
	}
	if c.Choices > 0 {
		c.MAEAll = all / float64(c.Choices)
	}
	c.Corr = correlation(pred, actual)
	c.ExpertAsked = ex.asked
	if ex.asked > 0 {
		c.ExpertAgrees = float64(ex.agree) / float64(ex.asked)
		c.ExpertGood = float64(ex.good) / float64(ex.asked)
		c.ClearShare = float64(ex.clear) / float64(ex.asked)
	}
	if ex.clear > 0 {
		c.ExpertAgreesClear = float64(ex.clearAgree) / float64(ex.clear)
	}
	c.Reference, c.Compared, c.Split = refs.agreement(), cmps.agreement(), splits.agreement()
	if c.Games > 0 {
		c.ComparedSeconds /= float64(c.Games)
		c.QuickSeconds /= float64(c.Games)
		c.Seconds /= float64(c.Games)
		c.StableTop = float64(stable) / float64(c.Games)
		c.StableFirst = float64(first) / float64(c.Games)
		c.Overlap = over / float64(c.Games)
	}
	return c, nil
}

// sameTop reports whether two reviews name the same costliest choices.
func sameTop(a, b review.Seat) bool {
	moves := func(s review.Seat) []int {
		var m []int
		for _, i := range s.Top {
			m = append(m, s.Choices[i].Move)
		}
		slices.Sort(m)
		return m
	}
	return slices.Equal(moves(a), moves(b))
}

func topMoves(s review.Seat) []int {
	var m []int
	for _, i := range s.Top {
		m = append(m, s.Choices[i].Move)
	}
	return m
}

// sameFirst reports whether two reviews name the same costliest choice
// (or none).
func sameFirst(a, b review.Seat) bool {
	x, y := topMoves(a), topMoves(b)
	if len(x) == 0 || len(y) == 0 {
		return len(x) == len(y)
	}
	return x[0] == y[0]
}

// overlap is the share of a's top choices that b names too (1 when a
// names none and b none).
func overlap(a, b review.Seat) float64 {
	x, y := topMoves(a), topMoves(b)
	if len(x) == 0 {
		if len(y) == 0 {
			return 1
		}
		return 0
	}
	n := 0
	for _, m := range x {
		if slices.Contains(y, m) {
			n++
		}
	}
	return float64(n) / float64(max(len(x), len(y)))
}

// expertAgreement asks the expert, at each choice the review weighed, for
// its own choice from the same view, and counts how often it is the one
// the review calls best.
func expertAgreement(rg review.Game, s review.Seat, iterations int, seed uint64) (e expertCount) {
	byMove := map[int]review.Choice{}
	for _, c := range s.Choices {
		byMove[c.Move] = c
	}
	expert := strategy.NewSearchIterations(iterations, seed)
	expert.Trees = true
	_, _ = rg.Replay(func(g *engine.Game, i int) {
		c, ok := byMove[i]
		if !ok {
			return
		}
		v := g.View(s.Seat)
		var pick review.Option
		if c.Decision {
			pick.Answer = expert.Decide(v)
		} else {
			pick.Sub = expert.Choose(v)
		}
		e.asked++
		if review.Same(pick, c.Best, c.Decision) {
			e.agree++
		}
		// How the review values the expert's choice, and whether the
		// choice had a clear best (every other option 1.5 points behind).
		second := math.Inf(-1)
		for k, o := range c.Alternatives {
			if review.Same(o, pick, c.Decision) && c.Values[k] >= c.BestValue-review.Thresholds[review.Good] {
				e.good++
			}
			if !review.Same(o, c.Best, c.Decision) {
				second = max(second, c.Values[k])
			}
		}
		if c.BestValue-second > review.Thresholds[review.Good] {
			e.clear++
			if review.Same(pick, c.Best, c.Decision) {
				e.clearAgree++
			}
		}
	})
	return e
}

// expertCount is how the expert's choices compare with a review's: asked,
// the same as the best, graded best or good by the review; and on the
// choices with a clear best, how many and how many the expert made.
type expertCount struct{ asked, agree, good, clear, clearAgree int }

func correlation(x, y []float64) float64 {
	n := float64(len(x))
	if n < 2 {
		return 0
	}
	var sx, sy, sxx, syy, sxy float64
	for i := range x {
		sx += x[i]
		sy += y[i]
		sxx += x[i] * x[i]
		syy += y[i] * y[i]
		sxy += x[i] * y[i]
	}
	cov := sxy/n - sx/n*sy/n
	vx, vy := sxx/n-sx/n*sx/n, syy/n-sy/n*sy/n
	if vx <= 0 || vy <= 0 {
		return 0
	}
	return cov / math.Sqrt(vx*vy)
}

// PrintCalibration writes c as the README's table row.
func PrintCalibration(w io.Writer, name string, c Calibration) {
	fmt.Fprintf(w, "%s: %d games, %d choices reviewed, %d mistakes or blunders\n", name, c.Games, c.Choices, c.Mistakes)
	fmt.Fprintf(w, "  predicted final score vs actual: MAE %.1f (first third %.1f, middle %.1f, last third %.1f), correlation %.2f\n",
		c.MAEAll, c.MAE[0], c.MAE[1], c.MAE[2], c.Corr)
	fmt.Fprintf(w, "  two reviews with other seeds name the same top mistakes: %.0f %% (the same costliest: %.0f %%, shared: %.0f %%)\n",
		100*c.StableTop, 100*c.StableFirst, 100*c.Overlap)
	if c.ExpertAsked > 0 {
		fmt.Fprintf(w, "  the expert picks the review's best choice: %.0f %%; the review grades the expert's choice best or good: %.0f %%; %.0f %% of choices have a clear best, and there the expert picks it %.0f %%\n",
			100*c.ExpertAgrees, 100*c.ExpertGood, 100*c.ClearShare, 100*c.ExpertAgreesClear)
	} else {
		fmt.Fprintf(w, "  the expert was not asked (--expert-iterations 0)\n")
	}
	fmt.Fprintf(w, "  one seat's review: %.2f s mean, %.2f s at most (wall time, %d at once); another seat's accuracy (Quick): %.2f s mean\n", c.Seconds, c.MaxSeconds, c.Parallel, c.QuickSeconds)
	if c.Reference.Choices > 0 {
		printAgreement(w, "the review", c.Reference)
		printAgreement(w, "the reference's own method on half its deals", c.Split)
	}
	if c.Compared.Choices > 0 {
		printAgreement(w, "the compared judge", c.Compared)
		fmt.Fprintf(w, "  the compared judge's review: %.2f s mean, %.2f s at most\n", c.ComparedSeconds, c.ComparedMax)
	}
}

// printAgreement writes a judge's agreement with the reference and the
// issue's goal beside each figure.
func printAgreement(w io.Writer, name string, a Agreement) {
	fmt.Fprintf(w, "  %s against the reference, %d choices (named ones and one more a game):\n", name, a.Choices)
	fmt.Fprintf(w, "    best option agrees: %.0f %% (within the reference's noise: %.0f %%; goal ≥ 90 %%)\n", 100*a.BestAgrees, 100*a.BestWithin)
	fmt.Fprintf(w, "    points given away, mean |error|: %.2f (goal ≤ 0.5); review %.2f vs reference %.2f ± %.2f a choice\n", a.LossError, a.ReviewLoss, a.ReferenceLoss, a.ReferenceSE)
	fmt.Fprintf(w, "    named mistakes and blunders the reference puts at ≤ 1.5 points: %.0f %% of %d (goal ≤ 2 %%)\n", 100*a.FalseNamed, a.Named)
}

func (cfg CalibrationConfig) referenceIterations() int {
	if cfg.ReferenceIterations > 0 {
		return cfg.ReferenceIterations
	}
	return 400
}
