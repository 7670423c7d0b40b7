package strategy

import (
	"reflect"
	"testing"

	"github.com/sushigo/sushigo/engine"
)

// TestWeighEveryOptionAlike: the judge weighs each option on as many
// worlds (none left to UCB1), and the same seed weighs the same way.
func TestWeighEveryOptionAlike(t *testing.T) {
	g, err := engine.New(engine.Settings{Players: 3}, 11)
	if err != nil {
		t.Fatal(err)
	}
	v := g.View(1)
	subs := v.AppendLegal(nil)
	weigh := func(seed uint64) ([][]float64, []int) {
		j := NewJudge(0)
		j.Reseed(seed)
		sums := make([][]float64, len(subs))
		for k := range sums {
			sums[k] = make([]float64, 3)
		}
		n := make([]int, len(subs))
		j.WeighSubs(v, subs, 6*len(subs), sums, n)
		return sums, n
	}
	sums, n := weigh(4)
	for k := range subs {
		if n[k] != 6 {
			t.Fatalf("option %d weighed on %d worlds, want 6", k, n[k])
		}
		for p := range 3 {
			if mean := sums[k][p] / 6; mean <= 0 || mean > 120 {
				t.Errorf("option %d: seat %d's mean final score %v", k, p, mean)
			}
		}
	}
	again, _ := weigh(4)
	if !reflect.DeepEqual(sums, again) {
		t.Error("the same seed weighed otherwise")
	}
	other, _ := weigh(5)
	if reflect.DeepEqual(sums, other) {
		t.Error("another seed weighed exactly alike")
	}
}
