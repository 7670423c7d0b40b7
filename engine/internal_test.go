package engine

import (
	"slices"
	"testing"
)

func TestRulingC3Ranking(t *testing.T) {
	cases := []struct {
		name            string
		totals          []int16
		puddings        []uint8
		places          []int // by seat
		byPudding, tied []bool
	}{
		{"most puddings breaks a tie", []int16{40, 40, 35}, []uint8{2, 1, 0},
			[]int{1, 2, 3}, []bool{true, true, false}, []bool{false, false, false}},
		{"still tied shares the place", []int16{40, 40, 35}, []uint8{1, 1, 0},
			[]int{1, 1, 3}, []bool{false, false, false}, []bool{true, true, false}},
		{"shared win is never broken by seat order", []int16{30, 30, 30, 30}, []uint8{0, 0, 0, 0},
			[]int{1, 1, 1, 1}, []bool{false, false, false, false}, []bool{true, true, true, true}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := New(Settings{Players: len(c.totals)}, 1)
			if err != nil {
				t.Fatal(err)
			}
			g.over = true
			copy(g.total[:], c.totals)
			copy(g.puddings[:], c.puddings)
			st := g.Standings()
			for i, s := range st {
				if i > 0 && s.Place < st[i-1].Place {
					t.Errorf("standings not in place order: %+v", st)
				}
				if s.Place != c.places[s.Seat] || s.ByPuddings != c.byPudding[s.Seat] || s.Shared != c.tied[s.Seat] {
					t.Errorf("seat %d: %+v, want place %d, by puddings %v, shared %v",
						s.Seat, s, c.places[s.Seat], c.byPudding[s.Seat], c.tied[s.Seat])
				}
			}
		})
	}
}

// TestRulingC7NoReshuffle checks that round 2 is dealt from the very cards
// left in the pile after round 1, in order.
func TestRulingC7NoReshuffle(t *testing.T) {
	g, err := New(Settings{Players: 3}, 11)
	if err != nil {
		t.Fatal(err)
	}
	pile := slices.Clone(g.deck[g.drawPos:g.deckLen])
	for g.round == 1 {
		for s := range g.set.Players {
			if err := g.Submit(s, Submission{Card: g.hands[s][0]}); err != nil {
				t.Fatal(err)
			}
		}
	}
	hs := g.set.HandSize()
	for s := range g.seats {
		got := slices.Clone(g.hands[s][:g.handLen[s]])
		want := slices.Clone(pile[s*hs : (s+1)*hs])
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("seat %d round 2 hand %v, want the next %d cards of the pile %v", s, got, hs, want)
		}
	}
}

func TestRulingC9DummyScoredAsThirdTableau(t *testing.T) {
	g, err := New(Settings{Players: 2, Dummy: true}, 1)
	if err != nil {
		t.Fatal(err)
	}
	g.tab, g.tabLen, g.count = [MaxSeats][maxTableau]Card{}, [MaxSeats]uint8{}, [MaxSeats][NumCards]uint8{}
	g.place(0, Maki2)
	g.place(dummySeat, Maki3)
	g.scoreRound()
	if m := g.scores[0]; m[dummySeat].Points[CatMaki] != 6 || m[0].Points[CatMaki] != 3 || m[1].Points[CatMaki] != 0 {
		t.Errorf("maki points %d/%d/dummy %d, want 3/0/6: the dummy takes part in the race",
			m[0].Points[CatMaki], m[1].Points[CatMaki], m[dummySeat].Points[CatMaki])
	}
	g.puddings = [MaxSeats]uint8{1, 0, 2}
	g.scoreDessert()
	if d := g.dessert; d[0].Points[CatPudding] != 0 || d[1].Points[CatPudding] != -6 || d[dummySeat].Points[CatPudding] != 6 {
		t.Errorf("pudding points %d/%d/dummy %d, want 0/−6/6: with the dummy there are three tableaux",
			d[0].Points[CatPudding], d[1].Points[CatPudding], d[dummySeat].Points[CatPudding])
	}
}
