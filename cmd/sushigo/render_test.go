package main

import (
	"bytes"
	"context"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage/bolt"
	"github.com/sushigo/sushigo/words"
)

// TestRender draws the terminal's saved game to a PNG file, and says what
// to do when there is none.
func TestRender(t *testing.T) {
	dir := t.TempDir()
	vars := env(map[string]string{"DATA_DIR": dir})
	out := filepath.Join(dir, "t.png")
	err := run(context.Background(), []string{"render", "--out", out}, vars, nil, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "sushigo play") {
		t.Errorf("render before any game: %v", err)
	}
	playTerminal(t, vars, "--seed", "5", "--bots", "3")
	var said strings.Builder
	if err := run(context.Background(), []string{"render", "--out", out}, vars, nil, &said, io.Discard); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	if img.Bounds().Dx() < 400 || img.Bounds().Dy() < 4*100 || !strings.Contains(said.String(), "Wrote "+out) {
		t.Errorf("a %v image for 4 seats; said %q", img.Bounds(), said.String())
	}
	if err := run(context.Background(), []string{"render", "extra"}, vars, nil, io.Discard, io.Discard); err == nil {
		t.Error("render took an unexpected argument")
	}
}

// TestPlayWritesPictures: play --png writes each round's scores and the
// end of the game; render draws any of them, and a chat channel's game
// from serve's store.
// TestRenderDrawsInTheGamesLanguage: a game played in French is drawn in
// French, whatever language the one who renders it reads: the same PNG
// with LANG=fr and LANG=en, and not the one an English game gives.
func TestRenderDrawsInTheGamesLanguage(t *testing.T) {
	drawn := func(lang string) []byte {
		dir := t.TempDir()
		playTerminal(t, env(map[string]string{"DATA_DIR": dir, "LANG": "fr_FR.UTF-8"}), "--seed", "5", "--bots", "3")
		out := filepath.Join(dir, "t.png")
		if err := run(context.Background(), []string{"render", "--out", out}, env(map[string]string{"DATA_DIR": dir, "LANG": lang}), nil, io.Discard, io.Discard); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	fr, en := drawn("fr_FR.UTF-8"), drawn("en_US.UTF-8")
	if !bytes.Equal(fr, en) {
		t.Error("a French game renders differently for an English reader")
	}
}

func TestPlayWritesPictures(t *testing.T) {
	dir := t.TempDir()
	pics := filepath.Join(dir, "pics")
	vars := env(map[string]string{"DATA_DIR": dir})
	played := playTerminal(t, vars, "--seed", "9", "--bots", "2", "--png", pics)
	for _, name := range []string{"round-1.png", "round-2.png", "round-3.png", "final.png"} {
		b, err := os.ReadFile(filepath.Join(pics, name))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if _, err := png.Decode(bytes.NewReader(b)); err != nil {
			t.Errorf("%s is no PNG: %v", name, err)
		}
	}
	if !strings.Contains(played, "Pictures of the scores are in "+pics) {
		t.Error("play did not say where the pictures went")
	}
	out := filepath.Join(dir, "r2.png")
	if err := run(context.Background(), []string{"render", "--what", "round2", "--out", out}, vars, nil, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	a, _ := os.ReadFile(out)
	b, _ := os.ReadFile(filepath.Join(pics, "round-2.png"))
	if !bytes.Equal(a, b) {
		t.Error("render --what round2 drew other bytes than play --png")
	}
	for _, bad := range []string{"round4", "hand", "round0"} {
		if err := run(context.Background(), []string{"render", "--what", bad, "--out", out}, vars, nil, io.Discard, io.Discard); err == nil {
			t.Errorf("render --what %s was accepted", bad)
		}
	}

	// A chat channel's game, from serve's store (here the data
	// directory's, as without REDIS_URL).
	store, err := bolt.Open(filepath.Join(dir, "sushigo.db"), bolt.Options{})
	if err != nil {
		t.Fatal(err)
	}
	host := bot.New(store, bot.Config{ThinkInline: true, Timer: -1})
	where := protocol.Location{Platform: "discord", Community: "g1", Channel: "c1"}
	for _, text := range []string{"new bots=2 timer=0", "start"} {
		a, err := protocol.ParseCommand(text, words.English)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := host.Handle(context.Background(), protocol.Request{Where: where, Who: protocol.User{ID: "u1", Name: "Ann"}, Action: a}); err != nil {
			t.Fatal(err)
		}
	}
	store.Close()
	var said strings.Builder
	if err := run(context.Background(), []string{"render", "--channel", "discord:g1:c1", "--out", out}, vars, nil, &said, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(said.String(), "Wrote "+out) {
		t.Errorf("render --channel said %q", said.String())
	}
	if err := run(context.Background(), []string{"render", "--channel", "discord:g1:c1", "--what", "final", "--out", out}, vars, nil, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "not over") {
		t.Errorf("the end of a game in progress: %v", err)
	}
	if err := run(context.Background(), []string{"render", "--channel", "discord:g1:nowhere", "--out", out}, vars, nil, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "no game") {
		t.Errorf("a channel without a game: %v", err)
	}
}

// TestCommandLineOddities: odd corners of the command line.
func TestCommandLineOddities(t *testing.T) {
	dir := t.TempDir()
	vars := env(map[string]string{"DATA_DIR": dir})
	ctx := context.Background()
	var out strings.Builder
	err := run(ctx, []string{"play", "--party", "--pass", "alternate", "--plain"}, vars, strings.NewReader(""), &out, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "hands always pass left") || strings.Contains(err.Error(), "engine") {
		t.Errorf("party with alternate passing: %v", err)
	}
	played := playTerminal(t, vars, "--seed", "5", "--bots", "2")
	first, _, _ := strings.Cut(played, "\n")
	if strings.Contains(first, "`") || strings.Count(played, "type the number of a button") != 1 {
		t.Errorf("the line mode's greeting: %q", first)
	}
	out.Reset()
	if err := run(ctx, []string{"stats"}, vars, nil, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if s := out.String(); !strings.Contains(s, "sushigo stats --game") || strings.Contains(s, "history ") {
		t.Errorf("stats names commands of the chat:\n%s", s)
	}
	if err := run(ctx, []string{"stats", "--game", "5"}, vars, nil, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "no game 5") {
		t.Errorf("stats --game 5 with one game: %v", err)
	}
	out.Reset()
	if err := run(ctx, []string{"rules", "spoon"}, vars, nil, &out, io.Discard); err != nil || !strings.Contains(out.String(), "after the reveal") {
		t.Errorf("rules spoon: %v\n%s", err, out.String())
	}
	if err := run(ctx, []string{"rules", "nothing"}, vars, nil, io.Discard, io.Discard); err == nil {
		t.Error("rules of no card succeeded")
	}
	out.Reset()
	if err := run(ctx, []string{"--version"}, vars, nil, &out, io.Discard); err != nil || !strings.HasPrefix(out.String(), "sushigo ") {
		t.Errorf("--version: %v %q", err, out.String())
	}
}
