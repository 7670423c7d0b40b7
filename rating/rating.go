// Package rating is the Weng–Lin "OpenSkill" rating of free-for-all games
// (the Plackett–Luce model), as the reference implementation computes it
// with its default options: each player a team of one, ranks with ties.
// It is checked against the npm openskill package's own numbers
// (testdata/openskill-vectors.json, written by scripts/openskill-vectors.mjs).
package rating

import (
	"math"
	"sort"
)

// The reference defaults.
const (
	Mu    = 25.0
	Sigma = Mu / 3
	Beta  = Sigma / 2
	Tau   = Mu / 300
	kappa = 1e-4
)

// Rating is a player's skill estimate: mean and uncertainty.
type Rating struct {
	Mu, Sigma float64
}

// New is a new player's rating.
func New() Rating { return Rating{Mu, Sigma} }

// Ordinal is the conservative estimate shown to players: μ − 3σ.
func (r Rating) Ordinal() float64 { return r.Mu - 3*r.Sigma }

// Rate returns the ratings after one game: ratings[i] finished at rank[i]
// (1 is first; equal ranks are ties). It does not change its arguments.
func Rate(ratings []Rating, rank []int) []Rating {
	n := len(ratings)
	// The uncertainty grows a little before every game (τ).
	pre := make([]Rating, n)
	for i, r := range ratings {
		pre[i] = Rating{r.Mu, math.Sqrt(r.Sigma*r.Sigma + Tau*Tau)}
	}
	// Best first; ties keep their order (the reference sorts stably).
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return rank[order[a]] < rank[order[b]] })
	// pos[j] is the place of the j-th player in order: the index of the
	// first of its tie group.
	pos := make([]int, n)
	for j := 1; j < n; j++ {
		pos[j] = pos[j-1]
		if rank[order[j-1]] < rank[order[j]] {
			pos[j] = j
		}
	}
	c := 0.0
	for _, r := range pre {
		c += r.Sigma*r.Sigma + Beta*Beta
	}
	c = math.Sqrt(c)
	sumQ := make([]float64, n)
	a := make([]float64, n)
	for q := range n {
		for i := range n {
			if pos[i] >= pos[q] {
				sumQ[q] += math.Exp(pre[order[i]].Mu / c)
			}
			if pos[i] == pos[q] {
				a[q]++
			}
		}
	}
	out := make([]Rating, n)
	for i := range n {
		r := pre[order[i]]
		sigSq := r.Sigma * r.Sigma
		e := math.Exp(r.Mu / c)
		omega, delta := 0.0, 0.0
		for q := range n {
			if pos[q] > pos[i] {
				continue
			}
			quotient := e / sumQ[q]
			if i == q {
				omega += (1 - quotient) / a[q]
			} else {
				omega -= quotient / a[q]
			}
			delta += quotient * (1 - quotient) / a[q]
		}
		gamma := math.Sqrt(sigSq) / c
		omega *= sigSq / c
		delta *= sigSq / (c * c) * gamma
		out[order[i]] = Rating{
			Mu:    r.Mu + omega,
			Sigma: r.Sigma * math.Sqrt(math.Max(1-delta, kappa)),
		}
	}
	return out
}
