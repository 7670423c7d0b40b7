package main

import (
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sushigo/sushigo/storage/bolt"
)

func TestLocalStats(t *testing.T) {
	vars := env(map[string]string{"DATA_DIR": t.TempDir()})
	var none strings.Builder
	if err := run(context.Background(), []string{"stats"}, vars, nil, &none, io.Discard); err != nil || !strings.Contains(none.String(), "No terminal games yet") {
		t.Fatalf("stats before any game: %v\n%s", err, none.String())
	}
	playTerminal(t, vars, "--seed", "9", "--bots", "2")
	var stats strings.Builder
	if err := run(context.Background(), []string{"stats"}, vars, nil, &stats, io.Discard); err != nil {
		t.Fatal(err)
	}
	s := stats.String()
	for _, want := range []string{"📈 You", "Rating", "1 game", "Favourite card", "Best category", "📜 Recent games", "1. today", "sushigo stats --game <n>"} {
		if !strings.Contains(s, want) {
			t.Errorf("stats lack %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "**") || strings.Contains(s, "[1]") {
		t.Errorf("chat markup or buttons in the terminal's stats:\n%s", s)
	}
	var game strings.Builder
	if err := run(context.Background(), []string{"stats", "--game", "1"}, vars, nil, &game, io.Discard); err != nil {
		t.Fatal(err)
	}
	if g := game.String(); !strings.Contains(g, "📜 Sushi Go! —") || !strings.Contains(g, "You —") || !strings.Contains(g, "dessert") {
		t.Errorf("stats --game 1:\n%s", g)
	}
	for _, bad := range [][]string{{"stats", "--game", "-1"}, {"stats", "extra"}, {"stats", "--nope"}} {
		if err := run(context.Background(), bad, vars, nil, io.Discard, io.Discard); err == nil {
			t.Errorf("%v: no error", bad)
		}
	}
	// A game not in the history fails (exit status 1) with the reason.
	if err := run(context.Background(), []string{"stats", "--game", "5"}, vars, nil, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "no game 5") {
		t.Errorf("stats --game 5: %v", err)
	}
}

// TestSameSeedTwiceIsTwoGames: two terminal games with the same --seed are
// two games in the history and the ratings: the deal
// repeats, the game's ID does not.
func TestSameSeedTwiceIsTwoGames(t *testing.T) {
	// The terminal game keeps its own embedded store (play.db) whatever
	// REDIS_URL says; the host's game IDs on Redis are checked in bot.
	sameSeedTwice(t, env(map[string]string{"DATA_DIR": t.TempDir()}))
}

func sameSeedTwice(t *testing.T, vars func(string) string) {
	for range 2 {
		playTerminal(t, vars, "--seed", "9", "--bots", "2")
	}
	var stats strings.Builder
	if err := run(context.Background(), []string{"stats"}, vars, nil, &stats, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stats.String(), "2 games") {
		t.Errorf("two games with one seed:\n%s", stats.String())
	}
}

// TestAGameOpenElsewhereIsSaid: while a terminal game holds its file,
// stats, render and a second play say so and what to do, rather than the
// store's "in use by another process".
func TestAGameOpenElsewhereIsSaid(t *testing.T) {
	dir := t.TempDir()
	vars := env(map[string]string{"DATA_DIR": dir})
	playTerminal(t, vars, "--seed", "9", "--bots", "1")
	held, err := bolt.Open(filepath.Join(dir, "play.db"), bolt.Options{SweepEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	for _, args := range [][]string{{"stats"}, {"render", "--out", filepath.Join(dir, "t.png")}, {"play"}} {
		err := run(context.Background(), args, vars, strings.NewReader(""), io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), "open in another terminal") || strings.Contains(err.Error(), "in use by another process") {
			t.Errorf("%v while a game is open: %v", args, err)
		}
	}
}
