package bot

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/review"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage/bolt"
	"github.com/sushigo/sushigo/words"
)

// practiceGame starts a practice game with hints (Ann and bots) on a
// host of its own, and returns the host and Ann's Hint.
func practiceGame(tb testing.TB, bots int) (*Bot, protocol.Request) {
	tb.Helper()
	store, err := bolt.Open(filepath.Join(tb.TempDir(), "h.db"), bolt.Options{NoSync: true, SweepEvery: -1})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { store.Close() })
	b := New(store, Config{ThinkInline: true, Timer: -1})
	ctx := context.Background()
	where := protocol.Location{Platform: "test", Community: "c", Channel: "h"}
	ann := protocol.User{ID: "ann", Name: "Ann"}
	open, err := protocol.ParseCommand(fmt.Sprintf("new hints bots=%d", bots), words.English)
	if err != nil {
		tb.Fatal(err)
	}
	resp, err := b.Handle(ctx, protocol.Request{Where: where, Who: ann, Action: open})
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := b.Handle(ctx, protocol.Request{Where: where, Who: ann, Action: protocol.Start{Game: resp.Game}}); err != nil {
		tb.Fatal(err)
	}
	return b, protocol.Request{Where: where, Who: ann, Action: protocol.Hint{Game: resp.Game}, FromPrivate: true, Lang: words.English}
}

// TestHintIsKeptPerPosition: a position's hint is the expert's choice
// kept for it: asked again it is answered from hintCache (here a card the
// test put there in place of the expert's).
func TestHintIsKeptPerPosition(t *testing.T) {
	b, hint := practiceGame(t, 2)
	ask := func() string {
		t.Helper()
		resp, err := b.Handle(context.Background(), hint)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, d := range resp.Deliveries {
			out = append(out, d.View.Text)
		}
		return strings.Join(out, "\n")
	}
	first := ask()
	if !strings.HasPrefix(first, "💡 The expert would take ") {
		t.Fatalf("a hint: %q", first)
	}
	if n := len(b.hints.m); n != 1 {
		t.Fatalf("%d positions kept after one hint", n)
	}
	// The kept answer is what the next ask says: a card the first hint did
	// not name.
	kept := engine.SquidNigiri
	if strings.Contains(first, cardText(words.English, kept)) {
		kept = engine.Pudding
	}
	for key := range b.hints.m {
		b.hints.put(key, review.Option{Sub: engine.Submission{Card: kept}})
	}
	if again := ask(); !strings.Contains(again, cardText(words.English, kept)) {
		t.Errorf("asked again, the hint was %q, not the kept one", again)
	}
}

// BenchmarkHint is a hint's cost on the click path: asked in a new
// position (the expert's search) and asked again (kept).
//
//	go test ./bot -run '^$' -bench Hint -benchtime 20x
func BenchmarkHint(b *testing.B) {
	for _, kept := range []bool{false, true} {
		b.Run(map[bool]string{false: "search", true: "kept"}[kept], func(b *testing.B) {
			host, hint := practiceGame(b, 3)
			ctx := context.Background()
			b.ResetTimer()
			for range b.N {
				if !kept {
					clear(host.hints.m) // every ask is a new position's
				}
				if _, err := host.Handle(ctx, hint); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
