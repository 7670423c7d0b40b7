package arena

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/review"
)

// TestCalibrate: a small calibration run measures what the README's table
// reports, each figure in its range, and prints it.
func TestCalibrate(t *testing.T) {
	c, err := Calibrate(CalibrationConfig{Settings: engine.Settings{Players: 3}, Games: 2, Seed: 5,
		Review: review.Options{Samples: 4, Iterations: 8, Refine: 2, Seed: 1}, Parallel: 2}, 50)
	if err != nil {
		t.Fatal(err)
	}
	if c.Games != 2 || c.Choices == 0 {
		t.Fatalf("%d games, %d choices", c.Games, c.Choices)
	}
	for name, x := range map[string]float64{"correlation": c.Corr, "expert agrees": c.ExpertAgrees, "stable top": c.StableTop, "overlap": c.Overlap} {
		if math.IsNaN(x) || x < -1 || x > 1 {
			t.Errorf("%s = %v", name, x)
		}
	}
	if c.ExpertGood < c.ExpertAgrees || c.ExpertGood > 1 || c.ClearShare < 0 || c.ClearShare > 1 {
		t.Errorf("the expert's choices: %v same, %v graded good, %v clear", c.ExpertAgrees, c.ExpertGood, c.ClearShare)
	}
	if c.Seconds <= 0 || c.MaxSeconds < c.Seconds {
		t.Errorf("a review took %v s, at most %v", c.Seconds, c.MaxSeconds)
	}
	if c.MAEAll <= 0 || c.MAEAll > 40 {
		t.Errorf("mean absolute error %v", c.MAEAll)
	}
	var b bytes.Buffer
	PrintCalibration(&b, "classic, 3 players", c)
	if !strings.Contains(b.String(), "MAE") || !strings.Contains(b.String(), "correlation") || c.ExpertAsked == 0 || !strings.Contains(b.String(), "the expert picks") {
		t.Errorf("printed:\n%s", b.String())
	}
}

// TestCalibrateAgainstTheReference: with reference deals, each game's
// named choices and one more are held to search players finishing the
// game, for the review and for a compared judge, and both are printed.
func TestCalibrateAgainstTheReference(t *testing.T) {
	o := review.Options{Samples: 4, Iterations: 8, Refine: 2, Seed: 1}
	cmp := o
	cmp.Judge = review.Rollouts
	c, err := Calibrate(CalibrationConfig{Settings: engine.Settings{Players: 2}, Games: 3, Seed: 9, Review: o, Parallel: 2,
		ReferenceDeals: 3, ReferenceIterations: 20, Compare: &cmp}, 0)
	if err != nil {
		t.Fatal(err)
	}
	for name, a := range map[string]Agreement{"review": c.Reference, "compared": c.Compared, "split": c.Split} {
		// Every game has choices, so at least one is sampled a game.
		if a.Choices < 3 {
			t.Errorf("%s: %d choices held to the reference", name, a.Choices)
		}
		if a.BestAgrees < 0 || a.BestWithin < a.BestAgrees || a.BestWithin > 1 || a.FalseNamed < 0 || a.FalseNamed > 1 {
			t.Errorf("%s: %+v", name, a)
		}
		if a.LossError < 0 || math.IsNaN(a.LossError) || math.IsInf(a.LossError, 0) || a.ReferenceSE < 0 {
			t.Errorf("%s: %+v", name, a)
		}
	}
	var b bytes.Buffer
	PrintCalibration(&b, "classic, 2 players", c)
	if !strings.Contains(b.String(), "the review against the reference") || !strings.Contains(b.String(), "the compared judge against the reference") ||
		!strings.Contains(b.String(), "the reference's own method on half its deals against the reference") {
		t.Errorf("printed:\n%s", b.String())
	}
	// Not asked, the expert's shares are not printed as 0 %.
	if c.ExpertAsked != 0 || strings.Contains(b.String(), "the expert picks") || !strings.Contains(b.String(), "the expert was not asked") {
		t.Errorf("the expert, not asked (%d choices):\n%s", c.ExpertAsked, b.String())
	}
}

// TestJudgeAgainst: one choice against a reference whose deals are known.
func TestJudgeAgainst(t *testing.T) {
	maki := review.Option{Sub: engine.Submission{Card: engine.Maki2}}
	salmon := review.Option{Sub: engine.Submission{Card: engine.SalmonNigiri}}
	pudding := review.Option{Sub: engine.Submission{Card: engine.Pudding}}
	ref := review.Reference{Options: []review.Option{maki, salmon, pudding}, Chosen: 2, Scores: [][]float64{
		{30, 32, 34, math.NaN()}, // 32
		{31, 33, 35, 40},         // 34.75; 33 on maki's three deals
		{28, 30, 32, 30},         // 30
	}}
	// The review chose pudding, called maki best and 5 points away: the
	// reference's best is salmon, one point better than maki on every
	// deal both were played in (a difference with no noise), and pudding
	// 4.75 behind it.
	got := judgeAgainst(review.Choice{Best: maki, Loss: 5, Grade: review.Mistake}, ref)
	if got.asked != 1 || got.agree != 0 || got.within != 0 {
		t.Errorf("best: %+v", got)
	}
	if math.Abs(got.refLoss-4.75) > 1e-9 || math.Abs(got.lossErr-0.25) > 1e-9 || got.named != 1 || got.falseNamed != 0 {
		t.Errorf("loss: %+v", got)
	}
	// Salmon called best and pudding 1 point away, graded good: agreed,
	// not named.
	got = judgeAgainst(review.Choice{Best: salmon, Loss: 1, Grade: review.Good}, ref)
	if got.agree != 1 || got.within != 1 || got.named != 0 || math.Abs(got.lossErr-3.75) > 1e-9 {
		t.Errorf("agreed: %+v", got)
	}
}

// TestHalves: the first half of a reference's deals judges the choice as
// the reference would, the second half is the yardstick.
func TestHalves(t *testing.T) {
	maki := review.Option{Sub: engine.Submission{Card: engine.Maki2}}
	salmon := review.Option{Sub: engine.Submission{Card: engine.SalmonNigiri}}
	pudding := review.Option{Sub: engine.Submission{Card: engine.Pudding}}
	ref := review.Reference{Options: []review.Option{maki, salmon, pudding}, Chosen: 2, Scores: [][]float64{
		{40, 40, 30, 30}, // first half 40, second 30
		{35, 35, 36, 36}, // 35, 36
		{30, 34, 31, 35}, // 32, 33
	}}
	c, b := halves(ref)
	// The first half calls maki best, pudding 8 points behind it: a
	// blunder. The second half's best is salmon, pudding 3 behind.
	if !review.Same(c.Best, maki, false) || !review.Same(c.Chosen, pudding, false) || c.Loss != 8 || c.Grade != review.Blunder {
		t.Fatalf("the first half's judgement: %+v", c)
	}
	if len(b.Scores) != 3 || len(b.Scores[1]) != 2 || b.Scores[1][0] != 36 || b.Chosen != 2 {
		t.Fatalf("the second half: %+v", b)
	}
	got := judgeAgainst(c, b)
	if got.agree != 0 || got.named != 1 || got.falseNamed != 0 || math.Abs(got.refLoss-3) > 1e-9 || math.Abs(got.lossErr-5) > 1e-9 {
		t.Errorf("against the second half: %+v", got)
	}
	// A decision's options stay answers.
	ref.Decision = true
	if c, b := halves(ref); !c.Decision || !b.Decision {
		t.Errorf("a decision split: %v %v", c.Decision, b.Decision)
	}
}
