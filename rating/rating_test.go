package rating

import (
	"encoding/json"
	"math"
	"os"
	"testing"
)

// TestMatchesTheReference replays every game of the reference vectors
// (600 games of 2–8 players, ties and unequal priors, computed by the npm
// openskill package) and matches its ratings within 1e-9, relative.
func TestMatchesTheReference(t *testing.T) {
	data, err := os.ReadFile("testdata/openskill-vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		OpenSkill string `json:"openskill"`
		Games     []struct {
			Prior [][2]float64 `json:"prior"`
			Rank  []int        `json:"rank"`
			After [][2]float64 `json:"after"`
		} `json:"games"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Games) < 500 {
		t.Fatalf("%d games: regenerate the vectors", len(v.Games))
	}
	ties, sizes := 0, map[int]bool{}
	for g, game := range v.Games {
		var in []Rating
		for _, p := range game.Prior {
			in = append(in, Rating{p[0], p[1]})
		}
		got := Rate(in, game.Rank)
		sizes[len(in)] = true
		seen := map[int]bool{}
		for i, want := range game.After {
			if seen[game.Rank[i]] {
				ties++
			}
			seen[game.Rank[i]] = true
			for k, x := range []float64{got[i].Mu, got[i].Sigma} {
				if rel := math.Abs(x-want[k]) / math.Abs(want[k]); rel > 1e-9 {
					t.Fatalf("game %d player %d: %v, openskill %s says %v (relative %g)", g, i, got[i], v.OpenSkill, want, rel)
				}
			}
		}
	}
	if ties == 0 || len(sizes) != 7 {
		t.Fatalf("the vectors hold %d ties and %d table sizes: they test too little", ties, len(sizes))
	}
}

// TestWinnerGainsLoserLoses: the basic shape, and the ordinal shown.
func TestWinnerGainsLoserLoses(t *testing.T) {
	r := Rate([]Rating{New(), New(), New()}, []int{1, 2, 3})
	if !(r[0].Mu > Mu && r[2].Mu < Mu && r[1].Sigma < Sigma) {
		t.Fatalf("%v", r)
	}
	if o := New().Ordinal(); math.Abs(o) > 1e-12 {
		t.Errorf("a new player's ordinal is %v, want 0", o)
	}
	tied := Rate([]Rating{New(), New()}, []int{1, 1})
	if math.Abs(tied[0].Mu-tied[1].Mu) > 1e-12 || math.Abs(tied[0].Mu-Mu) > 1e-9 {
		t.Errorf("a tie between equals moved them apart: %v", tied)
	}
}
