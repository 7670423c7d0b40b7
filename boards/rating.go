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
// ratings are stamped with it.
func RateFunc(places []int, at time.Time) func([]storage.Rating) []storage.Rating {
	return func(prior []storage.Rating) []storage.Rating {
		all := make([]rating.Rating, len(prior))
		for k, p := range prior {
			if p.Rated() {
				p = Widened(p, at)
				all[k] = rating.Rating{Mu: p.Mu, Sigma: p.Sigma}
			} else {
				all[k] = rating.New()
			}
		}
		after := rating.Rate(all, places)
		out := make([]storage.Rating, len(after))
		for k, a := range after {
			out[k] = storage.Rating{Mu: a.Mu, Sigma: a.Sigma, At: at}
		}
		return out
	}
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
