package boards_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/sushigo/sushigo/boards"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/storage/bolt"
)

// farm records games in which ann beats bob, gap apart, through a store
// (so the meetings go where the backends keep them), and returns ann's
// and bob's shown ratings after them.
func farm(t *testing.T, games int, gap time.Duration) (ann, bob int) {
	t.Helper()
	s, err := bolt.Open(filepath.Join(t.TempDir(), "farm.db"), bolt.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	at := time.Date(2026, 11, 27, 18, 0, 0, 0, time.UTC)
	for g := range games {
		r := storage.Result{GameID: fmt.Sprint("farm", g), Community: "test:guild", FinishedAt: at,
			Players: []storage.PlayerResult{{ID: "ann", Name: "Ann", Score: 40, Place: 1}, {ID: "bob", Name: "Bob", Score: 10, Place: 2}}}
		r.Rate = boards.RateFunc(boards.AmongPeople([]int{1, 2}), at)
		if _, err := s.RecordResult(ctx, r); err != nil {
			t.Fatal(err)
		}
		at = at.Add(gap)
	}
	a, err := s.Profile(ctx, "test:guild", "ann")
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.Profile(ctx, "test:guild", "bob")
	if err != nil {
		t.Fatal(err)
	}
	return boards.Display(a.Rating), boards.Display(b.Rating)
}

// TestFarmingGainsLittle: a hundred games won against one friend (a
// second account), ten minutes or an hour apart, gain at most 15% of what
// they gained when every game counted in full (1000 → 2208), while games a
// week apart, and the first game, count in full.
func TestFarmingGainsLittle(t *testing.T) {
	var rs []storage.Rating = make([]storage.Rating, 2)
	at := time.Date(2026, 11, 27, 18, 0, 0, 0, time.UTC)
	for range 100 {
		rs, _ = boards.RateFunc([]int{1, 2}, at)(rs, nil) // as if they never met
		at = at.Add(10 * time.Minute)
	}
	before := boards.Display(rs[0])
	if before != 2208 {
		t.Fatalf("100 wins counted in full show %d, want 2208", before)
	}
	if weekly, _ := farm(t, 100, 7*24*time.Hour); weekly < 2100 {
		t.Errorf("100 wins a week apart show %d, want them counted in full (about 2100 after a week's widening each)", weekly)
	}
	first, _ := farm(t, 1, 0)
	for _, gap := range []time.Duration{10 * time.Minute, time.Hour} {
		ann, bob := farm(t, 100, gap)
		gain := float64(ann-1000) / float64(before-1000)
		t.Logf("100 wins %v apart: ann %d, bob %d (%.1f%% of the %d counted in full; the first win alone: %d)", gap, ann, bob, 100*gain, before, first)
		if gain > 0.15 {
			t.Errorf("100 wins %v apart: ann %d, %.0f%% of the gain counted in full (%d), want ≤ 15%%", gap, ann, 100*gain, before)
		}
		if ann < first {
			t.Errorf("100 wins %v apart: ann %d, below the first win's %d", gap, ann, first)
		}
	}
}
