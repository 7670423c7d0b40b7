package bot

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/review"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage/bolt"
	"github.com/sushigo/sushigo/words"
)

// TestHintIsKeptPerPosition: a position's hint is the expert's choice
// kept for it: asked again it is answered from hintCache (here a card the
// test put there in place of the expert's).
func TestHintIsKeptPerPosition(t *testing.T) {
	store, err := bolt.Open(filepath.Join(t.TempDir(), "h.db"), bolt.Options{NoSync: true, SweepEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	b := New(store, Config{ThinkInline: true, Timer: -1})
	ctx := context.Background()
	where := protocol.Location{Platform: "test", Community: "c", Channel: "h"}
	ann := protocol.User{ID: "ann", Name: "Ann"}
	do := func(a protocol.Action) string {
		t.Helper()
		resp, err := b.Handle(ctx, protocol.Request{Where: where, Who: ann, Action: a, FromPrivate: true, Lang: words.English})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, d := range resp.Deliveries {
			out = append(out, d.View.Text)
		}
		return strings.Join(out, "\n")
	}
	open, err := protocol.ParseCommand("new hints bots=2", words.English)
	if err != nil {
		t.Fatal(err)
	}
	do(open)
	st, _, err := b.rec.Read(ctx, where.Key())
	if err != nil {
		t.Fatal(err)
	}
	do(protocol.Start{Game: st.ID})
	first := do(protocol.Hint{Game: st.ID})
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
	if again := do(protocol.Hint{Game: st.ID}); !strings.Contains(again, cardText(words.English, kept)) {
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
			store, err := bolt.Open(filepath.Join(b.TempDir(), "h.db"), bolt.Options{NoSync: true, SweepEvery: -1})
			if err != nil {
				b.Fatal(err)
			}
			defer store.Close()
			host := New(store, Config{ThinkInline: true, Timer: -1})
			ctx := context.Background()
			where := protocol.Location{Platform: "test", Community: "c", Channel: "h"}
			ann := protocol.User{ID: "ann", Name: "Ann"}
			open, _ := protocol.ParseCommand("new hints bots=3", words.English)
			resp, err := host.Handle(ctx, protocol.Request{Where: where, Who: ann, Action: open})
			if err != nil {
				b.Fatal(err)
			}
			if _, err := host.Handle(ctx, protocol.Request{Where: where, Who: ann, Action: protocol.Start{Game: resp.Game}}); err != nil {
				b.Fatal(err)
			}
			hint := protocol.Request{Where: where, Who: ann, Action: protocol.Hint{Game: resp.Game}, FromPrivate: true}
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
