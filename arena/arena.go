// Package arena plays bots against each other on the same deals with every
// seat arrangement, and reports who wins, by how much, and how long each
// takes to decide.
package arena

import (
	"fmt"
	"io"
	"math"
	"slices"
	"sync"
	"time"

	"github.com/sushigo/sushigo/deadline"
	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/strategy"
	"github.com/sushigo/sushigo/words"
)

// Config is one arena run.
type Config struct {
	Settings engine.Settings
	// Bots are the levels: the first plays one seat, the others fill the
	// remaining seats in turn.
	Bots []strategy.Level
	// Games is how many games to play; rounded up to a whole number of
	// deals, each played once per seat the first bot can take.
	Games int
	// Seed numbers the deals: Seed, Seed+1… (and seeds the bots).
	Seed uint64
	// Deals, when set, are the deals' seeds instead, each played once per
	// seat rotation, so two versions of a bot meet the very same deals.
	// Games is then ignored.
	Deals []uint64
	// Parallel is how many games run at once (at least 1).
	Parallel int
}

// Result is one level's record.
type Result struct {
	Level  strategy.Level
	Seats  int     // seat-games played
	Wins   float64 // shared wins count as a share
	Points int
	Margin int // over the best other seat, summed
	Times  []time.Duration
}

// WinRate is the share of seat-games won.
func (r Result) WinRate() float64 { return r.Wins / float64(r.Seats) }

// Interval is the 95 % Wilson score interval of the win rate.
func (r Result) Interval() (lo, hi float64) {
	n, p, z := float64(r.Seats), r.WinRate(), 1.96
	c := (p + z*z/(2*n)) / (1 + z*z/n)
	h := z * math.Sqrt(p*(1-p)/n+z*z/(4*n*n)) / (1 + z*z/n)
	return c - h, c + h
}

// Percentile is the q-th quantile of the decision times (searching choices
// only: forced ones are not timed).
func (r Result) Percentile(q float64) time.Duration {
	if len(r.Times) == 0 {
		return 0
	}
	ts := slices.Clone(r.Times)
	slices.Sort(ts)
	return ts[min(len(ts)-1, int(q*float64(len(ts))))]
}

// timed wraps a player to time its choices.
type timed struct {
	p     strategy.Player
	times *[]time.Duration
}

func (t timed) Choose(v engine.View) engine.Submission {
	start := time.Now()
	s := t.p.Choose(v)
	*t.times = append(*t.times, time.Since(start))
	return s
}

func (t timed) Decide(v engine.View) engine.Answer {
	start := time.Now()
	a := strategy.Answer(t.p, v)
	*t.times = append(*t.times, time.Since(start))
	return a
}

// Run plays the arena and returns one result per distinct level, in the
// order of Config.Bots.
func Run(cfg Config) ([]Result, error) {
	n := cfg.Settings.Players
	if len(cfg.Bots) < 2 || n < 2 {
		return nil, fmt.Errorf("arena: two bots and two players at least")
	}
	if err := cfg.Settings.Validate(); err != nil {
		return nil, err
	}
	deals := cfg.Deals
	if len(deals) == 0 {
		for d := range uint64((cfg.Games + n - 1) / n) {
			deals = append(deals, cfg.Seed+d)
		}
	}
	type job struct {
		deal   uint64
		rotate int
	}
	jobs := make(chan job)
	var mu sync.Mutex
	results := map[strategy.Level]*Result{}
	for _, l := range cfg.Bots {
		if results[l] == nil {
			results[l] = &Result{Level: l}
		}
	}
	var wg sync.WaitGroup
	var firstErr error
	for range max(1, cfg.Parallel) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			times := make([][]time.Duration, n)
			for j := range jobs {
				// Seat s plays level lineup[(s+rotate)%n]: the first bot
				// visits every seat on the same deal.
				levels := make([]strategy.Level, n)
				players := make([]strategy.Player, n)
				for s := range n {
					k := (s + j.rotate) % n
					l := cfg.Bots[0]
					if k > 0 {
						l = cfg.Bots[1+(k-1)%(len(cfg.Bots)-1)]
					}
					levels[s] = l
					times[s] = times[s][:0]
					// The bots' seeds depend on the deal and the seating
					// alone, not on which worker plays the game.
					players[s] = timed{l.Player(cfg.Seed^j.deal*0x9e3779b97f4a7c15^uint64(j.rotate)<<56^uint64(s), deadline.For(l)), &times[s]}
				}
				g, err := engine.New(cfg.Settings, j.deal)
				if err == nil {
					err = strategy.Play(g, players)
				}
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
				}
				if err == nil {
					record(results, g, levels, times)
				}
				mu.Unlock()
			}
		}()
	}
	for _, d := range deals {
		for r := range n {
			jobs <- job{d, r}
		}
	}
	close(jobs)
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	var out []Result
	for _, l := range cfg.Bots {
		if r := results[l]; r != nil {
			out = append(out, *r)
			results[l] = nil
		}
	}
	return out, nil
}

func record(results map[strategy.Level]*Result, g *engine.Game, levels []strategy.Level, times [][]time.Duration) {
	st := g.Standings()
	winners := 0
	for _, s := range st {
		if s.Place == 1 {
			winners++
		}
	}
	for _, s := range st {
		r := results[levels[s.Seat]]
		r.Seats++
		r.Points += s.Score
		best := math.MinInt
		for _, o := range st {
			if o.Seat != s.Seat {
				best = max(best, o.Score)
			}
		}
		r.Margin += s.Score - best
		if s.Place == 1 {
			r.Wins += 1 / float64(winners)
		}
		r.Times = append(r.Times, times[s.Seat]...)
	}
}

// Print writes the results as a table.
func Print(w io.Writer, cfg Config, rs []Result) {
	fmt.Fprintf(w, "%d players, %s", cfg.Settings.Players, words.English.GameName(cfg.Settings))
	if !cfg.Settings.Menu.IsZero() {
		fmt.Fprintf(w, " (%s)", words.English.MenuName(cfg.Settings.Menu))
	}
	fmt.Fprintf(w, ", %d games\n", rs[0].Seats)
	fmt.Fprintf(w, "%-8s %6s %8s %15s %8s %8s %9s %9s\n", "bot", "seats", "win %", "95% interval", "points", "margin", "p50", "p99")
	for _, r := range rs {
		lo, hi := r.Interval()
		fmt.Fprintf(w, "%-8s %6d %7.1f%% %6.1f–%5.1f%% %8.1f %+8.1f %9s %9s\n", r.Level, r.Seats, 100*r.WinRate(), 100*lo, 100*hi,
			float64(r.Points)/float64(r.Seats), float64(r.Margin)/float64(r.Seats),
			r.Percentile(0.5).Round(10*time.Microsecond), r.Percentile(0.99).Round(10*time.Microsecond))
	}
}
