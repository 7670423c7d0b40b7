package boards

import (
	"math"
	"strconv"
	"time"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/rating"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/words"
)

// provisionalSigma is the uncertainty above which a rating is provisional,
// shown with a "?" as chess sites do, and kept off the board: a new
// player's σ is 8.3; SettlesAfter says how many games bring it under.
const provisionalSigma = 5.5

// SettlesAfter is how long a newcomer's rating stays provisional, as
// TestSettlingIsMeasured measures it (10th–90th percentile of 400 runs):
// the surer a result was, the less it teaches, so a player who keeps
// winning stays provisional longest.
func SettlesAfter(w words.Lang) string { return w.Say("ratings.settlesAfter") }

// driftPerDay is how much a rating's variance σ² grows each day its player
// does not play a rated game, up to a new player's: a settled σ of 2 takes
// about 175 days away to become provisional again, so a returning player
// is not frozen at an old number. Glicko widens its deviation the same way.
const driftPerDay = 0.15

// Provisional reports whether r is still too uncertain to go by.
func Provisional(r storage.Rating) bool { return !r.Rated() || r.Sigma > provisionalSigma }

// Widened is r as of at: its σ grown by the days since it was set
// (driftPerDay), never past a new player's σ. A rating of unknown time (an
// earlier release's) stays as it is.
func Widened(r storage.Rating, at time.Time) storage.Rating {
	if !r.Rated() || r.At.IsZero() || !at.After(r.At) {
		return r
	}
	days := at.Sub(r.At).Hours() / 24
	r.Sigma = max(r.Sigma, min(math.Sqrt(r.Sigma*r.Sigma+driftPerDay*days), rating.New().Sigma))
	return r
}

// Shown is a rating as players read it: the displayed number, "?" while
// provisional.
func Shown(r storage.Rating) string {
	if Provisional(r) {
		return strconv.Itoa(Display(r)) + "?"
	}
	return strconv.Itoa(Display(r))
}

// displayFloor is where everyone starts and nobody goes below: a new
// player's conservative estimate μ − 3σ is 0, shown as 1000.
const displayFloor = 1000

// Display is the rating players see: the conservative estimate μ − 3σ on
// a familiar scale, 40 points per unit, floored at a new player's 1000.
// Being new costs nothing: nobody shows below a newcomer, and a fresh
// account is never worth more than one's own. (OpenSkill itself is
// unchanged: the floor is on the shown number only, and boards rank by
// the unfloored estimate.)
func Display(r storage.Rating) int {
	if !r.Rated() {
		return displayFloor
	}
	return max(displayFloor, int(math.Round(displayFloor+40*r.Ordinal())))
}

// RateFunc rates a finished game among its people only: places[k] is the
// k-th player's place among the people (ties shared). Bots never enter
// the calculation: beating them proves nothing about a person's strength
// against people, and a rating that grew by farming bots would top a board
// of people.
//
// Each prior is first widened to the game's time (Widened), and the new
// ratings are stamped with it. A game among people who have met often
// lately counts for less (Counts): a hundred games against one friend
// prove little more than a few.
func RateFunc(places []int, at time.Time) func([]storage.Rating, [][]storage.Met) ([]storage.Rating, [][]storage.Met) {
	return func(prior []storage.Rating, met [][]storage.Met) ([]storage.Rating, [][]storage.Met) {
		before := widenedAll(prior, at)
		full := rating.Rate(before, places)
		out := make([]storage.Rating, len(full))
		metAfter := make([][]storage.Met, len(full))
		for k, a := range full {
			mine := row(met, k)
			out[k] = storage.Rating{Mu: a.Mu, Sigma: a.Sigma, At: at}
			if w := Counts(mine, k, at); w < 1 {
				out[k].Mu, out[k].Sigma = partly(before[k], a, w)
			}
			metAfter[k] = make([]storage.Met, len(full))
			for j := range full {
				if j != k {
					var m storage.Met
					if j < len(mine) {
						m = mine[j]
					}
					metAfter[k][j] = storage.Met{Count: Faded(m, at) + 1, At: at}
				}
			}
		}
		return out, metAfter
	}
}

// row is met[k], nil (never met) when met does not have it.
func row(met [][]storage.Met, k int) []storage.Met {
	if k < len(met) {
		return met[k]
	}
	return nil
}

func widenedAll(prior []storage.Rating, at time.Time) []rating.Rating {
	all := make([]rating.Rating, len(prior))
	for k, p := range prior {
		if p.Rated() {
			p = Widened(p, at)
			all[k] = rating.Rating{Mu: p.Mu, Sigma: p.Sigma}
		} else {
			all[k] = rating.New()
		}
	}
	return all
}

// partly is a fraction w of the step from before to full: of μ's move and
// of the variance the game took away (counting the τ that every game adds
// first, as rating.Rate does).
func partly(before, full rating.Rating, w float64) (mu, sigma float64) {
	pre := before.Sigma*before.Sigma + rating.Tau*rating.Tau
	return before.Mu + w*(full.Mu-before.Mu), math.Sqrt(pre - w*(pre-full.Sigma*full.Sigma))
}

// metHalfLife is how fast meetings fade: a rated game together weighs
// half as much six hours later, so an evening's games among friends count
// as a little more than one, tomorrow's first game counts about half (or
// more), and next week's count in full again.
const metHalfLife = 6 * time.Hour

// Faded is how often two people have met in rated games lately, as of at:
// each game counts 1 when played and fades by half every metHalfLife.
func Faded(m storage.Met, at time.Time) float64 {
	if m.Count == 0 || m.At.IsZero() || !at.After(m.At) {
		return m.Count
	}
	return m.Count * math.Exp2(-float64(at.Sub(m.At))/float64(metHalfLife))
}

// Counts is how much a rated game counts for the k-th player, whose
// meetings with the game's people are met: 1 among people they have not
// played lately, (1+m)^-3 after m recent games together on average (⅛
// for the second game in a row, 1/27 for the third). A farm of 100 games
// against one friend, ten minutes or an hour apart, then gains an eighth
// of what it would in full (TestFarmingGainsLittle).
func Counts(met []storage.Met, k int, at time.Time) float64 {
	sum, n := 0.0, 0
	for j, m := range met {
		if j != k {
			sum += Faded(m, at)
			n++
		}
	}
	if n == 0 || sum == 0 {
		return 1
	}
	return math.Pow(1+sum/float64(n), -3)
}

// CountedLess reports whether a recorded game counted for less than in
// full for any of its people (Counts), from what it rated them from and
// to: the full step is taken again and compared, so the post can say so
// without the backends keeping the weight.
func CountedLess(players []storage.PlayerResult, prior, after []storage.Rating) bool {
	if len(players) < 2 || len(prior) != len(players) || len(after) != len(players) {
		return false
	}
	places := make([]int, len(players))
	for k, p := range players {
		places[k] = p.Place
	}
	at := after[0].At
	before := widenedAll(prior, at)
	full := rating.Rate(before, AmongPeople(places))
	for k, f := range full {
		if step := math.Abs(f.Mu - before[k].Mu); step > 1e-9 && math.Abs(after[k].Mu-before[k].Mu) < 0.9*step {
			return true
		}
	}
	return false
}

// AmongPeople ranks places among themselves: one more than the number
// strictly ahead, so ties stay shared and the seats in between (bots)
// count for nothing.
func AmongPeople(places []int) []int {
	out := make([]int, len(places))
	for k, p := range places {
		out[k] = 1
		for _, q := range places {
			if q < p {
				out[k]++
			}
		}
	}
	return out
}

// CardKey names what a taken card counts as for a player's favourite: the
// nigiri by variant, every other card by its type (maki of any size).
func CardKey(c engine.Card) string {
	if c.Kind() == engine.KindNigiri {
		return c.Key()
	}
	return c.Kind().Key()
}

// cardFromKey is CardKey's inverse, for display.
func cardFromKey(w words.Lang, key string) (name, emoji string) {
	if c, ok := engine.ParseCard(key); ok && c.Kind() == engine.KindNigiri {
		return w.CardName(c), c.Emoji()
	}
	if k, ok := engine.ParseKind(key); ok {
		return w.KindName(k), k.Emoji()
	}
	return key, ""
}
