package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/review"
	"github.com/sushigo/sushigo/engine/strategy"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage/bolt"
	"github.com/sushigo/sushigo/words"
)

var reviewPNG = flag.String("review-png", "", "write the pictures of TestReviewRecordGolden into this directory, to look at them")

// TestReviewRecordGolden pins the stored form of a finished game's review
// record (version 1), and that a record in that form gives the same
// review: English and French, as its player reads it.
func TestReviewRecordGolden(t *testing.T) {
	set := engine.Settings{Players: 3}
	players := []strategy.Player{strategy.NewRandom(1), strategy.NewRandom(2), strategy.NewRandom(3)}
	rg, err := review.Record(set, 7, players)
	if err != nil {
		t.Fatal(err)
	}
	var moves []byte
	for _, m := range rg.Moves {
		moves = review.AppendMove(moves, m)
	}
	r := reviewRecord{V: 1, Game: "k2x9", Where: protocol.Location{Platform: "discord", Community: "guild", Channel: "chan"},
		Settings: set, Seed: 7, Moves: moves, Lang: "en",
		Seats: []reviewSeat{{User: "ann", Name: "Ann"}, {User: "bob", Name: "Bob"}, {Name: "Maki-bot", Bot: true}}}
	js, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "golden", "review-record-v1.json")
	goldenFile(t, path, string(js)+"\n", "the stored review record changed: bump reviewRecordVersion and keep reading version 1")
	stored, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	back, err := decodeReviewRecord(stored)
	if err != nil {
		t.Fatal(err)
	}
	// A cheap review: the screens and their words are what these pin (the
	// review's judgement is engine/review's to test), and seven full
	// reviews were 110 s under -race.
	store := reviewStore(t)
	cheap := New(store, Config{Review: &review.Options{Samples: 4, Iterations: 8, Refine: 1}})
	ctx := context.Background()
	for k, w := range words.Languages() {
		// The first language reviews the seat; the others draw the stored
		// review, and must read as a fresh review of the same seed would.
		v, err := cheap.reviewFor(ctx, back, "ann", w, false)
		if err != nil {
			t.Fatal(err)
		}
		if k == 0 {
			kept, err := store.GetRecord(ctx, reviewedKey("k2x9", 0))
			if err != nil {
				t.Fatalf("the review was not stored: %v", err)
			}
			var pretty bytes.Buffer
			if err := json.Indent(&pretty, kept, "", "  "); err != nil {
				t.Fatal(err)
			}
			goldenFile(t, filepath.Join("testdata", "golden", "reviewed-v2.json"), pretty.String()+"\n",
				"the stored review changed: bump reviewedVersion (an older one is reviewed again)")
		}
		name := "review"
		if !w.IsEnglish() {
			name = w.Code() + "/review"
		}
		golden(t, name, v)
		if v.Picture == nil || len(v.Picture.PNG) == 0 {
			t.Fatalf("%s: the review has no picture", w.Code())
		}
		if *reviewPNG != "" {
			if err := os.WriteFile(filepath.Join(*reviewPNG, w.Code()+"-review.png"), v.Picture.PNG, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := cheap.reviewFor(ctx, back, "maki-bot", words.English, false); err == nil {
		t.Error("a bot's seat was reviewed for someone")
	}
}

// reviewStore is an embedded store of the test's own, closed at its end.
func reviewStore(t *testing.T) *bolt.Store {
	t.Helper()
	store, err := bolt.Open(filepath.Join(t.TempDir(), "r.db"), bolt.Options{NoSync: true, SweepEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	return store
}

// TestFormerJudgesReviewIsReviewedAgain: a review stored by the release
// before the search judged (reviewed-v1.json) is not answered from
// storage: asked again, the seat is reviewed again and stored as v2.
func TestFormerJudgesReviewIsReviewedAgain(t *testing.T) {
	old, err := os.ReadFile(filepath.Join("testdata", "golden", "reviewed-v1.json"))
	if err != nil {
		t.Fatal(err)
	}
	store := reviewStore(t)
	ctx := context.Background()
	if _, err := store.AddRecord(ctx, reviewedKey("k2x9", 0), old, ReviewTTL); err != nil {
		t.Fatal(err)
	}
	b := New(store, Config{})
	if _, ok, err := b.storedReview(ctx, "k2x9", 0); err != nil || ok {
		t.Fatalf("the former judge's review was answered from storage (ok %v, err %v)", ok, err)
	}
	var r reviewed
	if err := json.Unmarshal(old, &r); err != nil || r.V != 1 || len(r.Seat.Choices) == 0 {
		t.Fatalf("reviewed-v1.json no longer reads as a v1 review: %v %+v", err, r.V)
	}
	if err := b.storeReview(ctx, "k2x9", 0, r.Seat); err != nil {
		t.Fatal(err)
	}
	if got, ok, err := b.storedReview(ctx, "k2x9", 0); err != nil || !ok || got.Final != r.Seat.Final {
		t.Fatalf("a v2 review was not read back (ok %v, err %v)", ok, err)
	}
}

// TestReviewRecordRefusesUnknownVersions: a record of a later version is
// refused rather than misread.
func TestReviewRecordRefusesUnknownVersions(t *testing.T) {
	for _, data := range []string{`{"v":2,"id":"x"}`, `{"id":"x"}`, `not json`} {
		if _, err := decodeReviewRecord([]byte(data)); err == nil {
			t.Errorf("%s was read", data)
		}
	}
}

// TestOptionTextOfATakeoutBox: a takeout box's answer says how many cards
// it turned, not "nothing" (a review once read "you took nothing;
// nothing would have scored 6.2 points more").
func TestOptionTextOfATakeoutBox(t *testing.T) {
	fr, _ := words.Find("fr")
	for _, c := range []struct {
		w    words.Lang
		flip uint32
		want string
	}{
		{words.English, 0b101, "2 cards face down"},
		{words.English, 0b1000, "1 card face down"},
		{words.English, 0, "nothing"},
		{fr, 0b11, "2 cartes face cachée"},
	} {
		if got := optionText(c.w, review.Option{Answer: engine.Answer{Flip: c.flip}}, true); got != c.want {
			t.Errorf("%s, flip %b: %q, want %q", c.w.Code(), c.flip, got, c.want)
		}
	}
}
