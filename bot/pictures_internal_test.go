package bot

import (
	"fmt"
	"testing"
	"time"
)

// TestTablePictureIntervalsSpread: each game keeps its table picture
// between three quarters of and a quarter more than the interval, the same
// each time, and games differ, so games started together draw apart.
func TestTablePictureIntervalsSpread(t *testing.T) {
	lo, hi := time.Hour, time.Duration(0)
	for i := range 1000 {
		id := fmt.Sprint("g", i)
		d := tableEvery(id, time.Minute)
		if d != tableEvery(id, time.Minute) {
			t.Fatalf("game %s: a different interval each time", id)
		}
		lo, hi = min(lo, d), max(hi, d)
	}
	if lo < 45*time.Second || hi > 75*time.Second || hi-lo < 25*time.Second {
		t.Errorf("intervals from %v to %v, want spread over 45 s to 75 s", lo, hi)
	}
}
