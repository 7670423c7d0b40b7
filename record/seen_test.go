package record_test

import (
	"context"
	"errors"
	"testing"

	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/record"
	"github.com/sushigo/sushigo/storage/redis/redistest"
)

// TestChangeOnSeenGame: on Redis a change runs on the game this replica
// last read or stored, reading nothing, and is stored in one round trip
// whose save checks the version and the send log. When another replica
// changed the game, or a send its log, the save is refused and the change
// runs again on what is stored, so nothing is lost and nothing is decided
// on a stale copy: a request that would store nothing, or that the copy
// says was applied, runs again on the stored game too.
func TestChangeOnSeenGame(t *testing.T) {
	ctx := context.Background()
	prefix := redistest.Prefix("seen")
	store, count := redistest.Counted(t, prefix)
	conflicts := 0
	k := record.New(store, tallies{&posts{}}, record.Config{Decoded: 8, CheckDecoded: true, OnConflict: func() { conflicts++ }})
	other := record.New(redistest.Store(t, prefix), tallies{&posts{}}, record.Config{Decoded: 8})
	where := protocol.Location{Platform: "test", Channel: "c"}
	var seen []int // N as each run of a change saw it
	addAt := func(k *record.Keeper[*tally], key, id string) *tally {
		t.Helper()
		seen = seen[:0]
		saved, err := k.Update(ctx, key, id, func(g *tally, found bool) (record.Write[*tally], error) {
			w := record.Write[*tally]{Game: g, Save: true}
			if !found {
				g = &tally{ID: "t1", Where: where}
				w.Game, w.New = g, true
			}
			seen = append(seen, g.N)
			g.N++
			return w, nil
		})
		if err != nil {
			t.Fatalf("change %s: %v", id, err)
		}
		return saved.Game
	}
	add := func(k *record.Keeper[*tally], id string) *tally {
		t.Helper()
		return addAt(k, "g", id)
	}
	trips := func(want int64, what string) {
		t.Helper()
		if n := count.N.Swap(0); n != want {
			t.Errorf("%s took %d round trips; want %d", what, n, want)
		}
	}
	// A server runs a script the first time it is sent whole, after an
	// EVALSHA it did not know (a fresh Redis, as in CI): every path counted
	// below runs once first, on a game of its own.
	addAt(k, "warm", "w1")
	addAt(k, "warm", "w2")
	addAt(other, "warm", "wo")
	addAt(k, "warm", "w3")
	if err := store.SetGameSide(ctx, "warm", []byte(`{"id":"t1","n":0}`)); err != nil {
		t.Fatal(err)
	}
	addAt(k, "warm", "w4")
	conflicts = 0

	add(k, "r1")
	count.N.Store(0)
	if g := add(k, "r2"); g.N != 2 {
		t.Fatalf("after two changes N = %d", g.N)
	}
	trips(1, "a change on the game this replica stored")

	// Another replica's change: the save is refused, the change runs again
	// on the stored game.
	add(other, "o1")
	count.N.Store(0)
	if g := add(k, "r3"); g.N != 4 || len(seen) != 2 || seen[0] != 2 || seen[1] != 3 {
		t.Fatalf("after another replica's change: N %d, runs saw %v; want 4, [2 3]", g.N, seen)
	}
	trips(3, "a change after another replica's")
	if conflicts != 1 {
		t.Errorf("%d conflicts; want the one refused save", conflicts)
	}
	// The copy missed: the next request reads the game first and, finding
	// the copy current (nobody changed the game since), hands it out again.
	count.N.Store(0)
	if _, err := k.Update(ctx, "g", "peek", func(g *tally, _ bool) (record.Write[*tally], error) {
		return record.Write[*tally]{Game: g}, nil
	}); err != nil {
		t.Fatal(err)
	}
	trips(1, "a look after the copy missed")

	// A send log written elsewhere: refused too, and the log is folded.
	if err := store.SetGameSide(ctx, "g", []byte(`{"id":"t1","l":[{"n":1,"r":{"id":"m9"}}],"n":1}`)); err != nil {
		t.Fatal(err)
	}
	count.N.Store(0)
	if g := add(k, "r4"); g.N != 5 || g.Shown.ID != "m9" || len(seen) != 2 {
		t.Fatalf("after a send log written elsewhere: N %d, shown %q, %d runs; want 5, m9, 2", g.N, g.Shown.ID, len(seen))
	}
	trips(3, "a change after a send log written elsewhere")
	count.N.Store(0)
	add(k, "r5")
	trips(1, "the next change")

	// A request that stores nothing is answered from the stored game, not
	// from a copy another replica's change made stale.
	add(other, "o2")
	var looked []int
	saved, err := k.Update(ctx, "g", "look", func(g *tally, _ bool) (record.Write[*tally], error) {
		looked = append(looked, g.N)
		return record.Write[*tally]{Game: g}, nil
	})
	if err != nil || saved.Game.N != 7 || looked[len(looked)-1] != 7 {
		t.Fatalf("a look after another replica's change saw %v, answered N %d, %v; want 7", looked, saved.Game.N, err)
	}
	// So is a refusal: the copy's error may be the copy's.
	add(other, "o3")
	refused := errors.New("refused")
	var tried []int
	if _, err := k.Update(ctx, "g", "bad", func(g *tally, _ bool) (record.Write[*tally], error) {
		tried = append(tried, g.N)
		if g.N < 8 {
			return record.Write[*tally]{}, refused
		}
		return record.Write[*tally]{Game: g}, nil
	}); err != nil || tried[len(tried)-1] != 8 {
		t.Fatalf("a request refused on a stale copy: tried on %v, %v; want it run on N 8", tried, err)
	}

	// A request the copy says was applied is checked against the stored
	// game too, and a request applied elsewhere runs nothing here.
	count.N.Store(0)
	if saved, err := k.Update(ctx, "g", "r5", func(g *tally, _ bool) (record.Write[*tally], error) {
		t.Fatal("an applied request ran")
		return record.Write[*tally]{}, nil
	}); err != nil || !saved.Applied || saved.Game.N != 8 {
		t.Fatalf("r5 again: applied %t, N %d, %v", saved.Applied, saved.Game.N, err)
	}
	trips(1, "a request applied already")
	add(other, "o4")
	if saved, err := k.Update(ctx, "g", "o4", func(g *tally, _ bool) (record.Write[*tally], error) {
		if g.N == 9 {
			t.Fatal("a request applied by another replica ran on the stored game")
		}
		g.N = 100
		return record.Write[*tally]{Game: g, Save: true}, nil
	}); err != nil || !saved.Applied || saved.Game.N != 9 {
		t.Fatalf("o4 here: applied %t, N %d, %v; want applied, 9", saved.Applied, saved.Game.N, err)
	}

	// A game removed elsewhere is not saved back from the copy.
	if _, err := other.Update(ctx, "g", "end", func(g *tally, _ bool) (record.Write[*tally], error) {
		return record.Write[*tally]{Game: g, Remove: true}, nil
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := k.Update(ctx, "g", "r6", func(g *tally, found bool) (record.Write[*tally], error) {
		if found {
			g.N++
			return record.Write[*tally]{Game: g, Save: true}, nil
		}
		return record.Write[*tally]{}, nil
	}); err != nil {
		t.Fatal(err)
	}
	if _, found, err := other.Read(ctx, "g"); err != nil || found {
		t.Fatalf("the removed game: found %t, %v; want gone", found, err)
	}

	// Replicas taking turns at a game: after one refused save, a change
	// to a game the other replica changed last reads it first, two round
	// trips where a change on the stale copy would cost three.
	addAt(k, "h", "h1")
	addAt(other, "h", "h2")
	count.N.Store(0)
	addAt(k, "h", "h3")
	trips(3, "a change on a copy another replica made stale")
	for i, id := range []string{"h5", "h7"} {
		addAt(other, "h", "h"+string(rune('4'+2*i)))
		count.N.Store(0)
		if g := addAt(k, "h", id); len(seen) != 1 || g.N != 5+2*i {
			t.Fatalf("%s: N %d, %d runs; want %d, one run on the stored game", id, g.N, len(seen), 5+2*i)
		}
		trips(2, id+", a change after the other replica's, the copy having missed")
	}

	// A removal is made on the stored game too, send log and all: what
	// the last sends taught (the messages to edit one last time) may be
	// newer than the copy's, though the game's version is not.
	add(k, "n1")
	add(k, "n2")
	if err := store.SetGameSide(ctx, "g", []byte(`{"id":"t1","l":[{"n":1,"r":{"id":"m10"}}],"n":1}`)); err != nil {
		t.Fatal(err)
	}
	var removedWith []string
	if _, err := k.Update(ctx, "g", "rm", func(g *tally, _ bool) (record.Write[*tally], error) {
		removedWith = append(removedWith, g.Shown.ID)
		return record.Write[*tally]{Game: g, Remove: true}, nil
	}); err != nil || removedWith[len(removedWith)-1] != "m10" {
		t.Fatalf("the removal ran on games that had shown %q, %v; want it stored on the one that showed m10", removedWith, err)
	}
}
