package engine_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/strategy"
)

var update = flag.Bool("update", false, "rewrite the golden encodings in testdata/golden")

// TestDecodeVersion1Games decodes games stored by the release before Party
// (encoding version 1, captured in testdata/v1 with that release's code) and
// resumes each mid-game one with seeded random players: it must end on the
// very bytes that release reached, and re-encode to the bytes it stored.
func TestDecodeVersion1Games(t *testing.T) {
	files, _ := filepath.Glob("testdata/v1/*.bin")
	if len(files) < 10 {
		t.Fatalf("%d captured games, want the 18 of testdata/v1", len(files))
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var g engine.Game
			if err := g.UnmarshalBinary(data); err != nil {
				t.Fatal(err)
			}
			if again, _ := g.MarshalBinary(); !bytes.Equal(again, data) {
				t.Fatal("a version-1 game re-encodes differently")
			}
			final := strings.TrimSuffix(f, ".bin") + ".final"
			want, err := os.ReadFile(final)
			if os.IsNotExist(err) {
				if !g.Over() {
					t.Fatal("no final bytes for a game in progress")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if err := strategy.Play(&g, randomPlayers(g.Settings().Players, 7)); err != nil {
				t.Fatal(err)
			}
			if got, _ := g.MarshalBinary(); !bytes.Equal(got, want) {
				t.Error("resumed after the upgrade, the game ended differently than on the release that stored it")
			}
		})
	}
}

// goldenGames are fixed seeded games whose encodings are pinned, so a format
// change cannot slip through a round-trip test.
func goldenGames() map[string]*engine.Game {
	out := map[string]*engine.Game{}
	play := func(name string, s engine.Settings, seed uint64, actions int) {
		g, err := engine.New(s, seed)
		if err != nil {
			panic(err)
		}
		ps := randomPlayers(s.Players, seed)
		for n := 0; n < actions && !g.Over(); n++ {
			if d, ok := g.Decision(); ok {
				if err := g.Decide(d.Seat, strategy.Answer(ps[d.Seat], g.View(d.Seat))); err != nil {
					panic(err)
				}
				continue
			}
			for seat := range s.Players {
				if !g.Submitted(seat) {
					if err := g.Submit(seat, ps[seat].Choose(g.View(seat))); err != nil {
						panic(err)
					}
					break
				}
			}
		}
		out[name] = g
	}
	play("classic-4p-start", engine.Settings{Players: 4}, 42, 0)
	play("classic-3p-mid", engine.Settings{Players: 3}, 42, 40)
	play("classic-2p-dummy-over", engine.Settings{Players: 2, Dummy: true}, 42, 1000)
	for _, m := range []string{"my-first-meal", "master-menu", "dinner-for-two", "points-platter"} {
		menu, _ := engine.ParseMenu(m)
		s := engine.Settings{Ruleset: engine.Party, Players: 4, Menu: menu}
		if m == "dinner-for-two" {
			s.Players = 2
		}
		play(fmt.Sprintf("party-%s-start", m), s, 42, 0)
		play(fmt.Sprintf("party-%s-mid", m), s, 42, 57)
		play(fmt.Sprintf("party-%s-over", m), s, 42, 10000)
	}
	// One whose stored tableau holds a special order copying a face-down
	// card: FaceDown's own number is in the bytes (card numbers are pinned
	// by TestCardNumbersPinned).
	fdMenu, err := engine.NewMenu(engine.KindMaki, engine.KindTofu, engine.KindSashimi, engine.KindDumpling,
		engine.KindSpecialOrder, engine.KindTakeoutBox, engine.KindPudding)
	if err != nil {
		panic(err)
	}
	fd, err := engine.New(engine.Settings{Ruleset: engine.Party, Players: 3, Menu: fdMenu}, 42)
	if err != nil {
		panic(err)
	}
	if err := fd.Place(0, engine.Placed{Card: engine.Tofu, FaceDown: true},
		engine.Placed{Card: engine.SpecialOrder, Copy: engine.FaceDown, FaceDown: true}); err != nil {
		panic(err)
	}
	out["party-facedown-copy"] = fd
	// One caught in a decision: the first step of seed 42 at which the
	// Dinner for Two game waits for one.
	menu, _ := engine.ParseMenu("dinner-for-two")
	s := engine.Settings{Ruleset: engine.Party, Players: 2, Menu: menu}
	for n := 1; ; n++ {
		play("party-deciding", s, 42, n)
		if out["party-deciding"].Deciding() {
			break
		}
	}
	return out
}

// TestDecodeReleasedGames decodes game bytes a release stored that the
// goldens no longer hold (testdata/released, named after the release's
// commit): the format is unchanged, so each re-encodes to its own bytes.
// party-master-menu-over changed when a spoon could be called on a
// round's last turn: the seeded random players of goldenGames chose
// differently, not the encoding.
func TestDecodeReleasedGames(t *testing.T) {
	files, _ := filepath.Glob("testdata/released/*.bin")
	if len(files) == 0 {
		t.Fatal("no released games in testdata/released")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var g engine.Game
		if err := g.UnmarshalBinary(data); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if again, _ := g.MarshalBinary(); !bytes.Equal(again, data) {
			t.Errorf("%s re-encodes differently", f)
		}
	}
}

func TestGoldenEncodings(t *testing.T) {
	for name, g := range goldenGames() {
		t.Run(name, func(t *testing.T) {
			got, err := g.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", "golden", name+".bin")
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to write it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("the encoding of %s changed; if on purpose, bump the version, keep the old one readable and run -update", name)
			}
			var d engine.Game
			if err := d.UnmarshalBinary(want); err != nil || d != *g {
				t.Fatalf("the golden bytes do not decode to the game: %v", err)
			}
		})
	}
}

// TestCardNumbersPinned pins every card's number: stored games hold them
// (hands, tableaux, and a special order's copy, which may be FaceDown), so
// a card added anywhere but after the last one would make stored games
// read as other cards (testdata/card-numbers.txt).
func TestCardNumbersPinned(t *testing.T) {
	var b strings.Builder
	for c := engine.Card(0); c < engine.NumCards; c++ {
		fmt.Fprintf(&b, "%d %s\n", c, c.Key())
	}
	path := filepath.Join("testdata", "card-numbers.txt")
	if *update {
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.String(); !strings.HasPrefix(got, string(want)) {
		t.Errorf("a card's stored number changed: add new cards after the last one, never before\n got:\n%s\nwant (a prefix):\n%s", got, want)
	}
}
