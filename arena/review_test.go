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
		Review: review.Options{Samples: 4, Refine: 2, Seed: 1}, Parallel: 2}, 50)
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
	if !strings.Contains(b.String(), "MAE") || !strings.Contains(b.String(), "correlation") {
		t.Errorf("printed:\n%s", b.String())
	}
}
