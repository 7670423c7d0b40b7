package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/sushigo/sushigo/adapters/console"
	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/picture"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/storage/bolt"
	"github.com/sushigo/sushigo/words"
)

// errNoPlayDB says there is no terminal game file yet.
var errNoPlayDB = errors.New("no terminal game yet: play one with sushigo play")

// openPlayStore opens the terminal game's own file, which must exist.
// openLocalGames opens the terminal games' file for a command that reads
// them; with none yet it says so on stdout and returns no store.
func openLocalGames(cfg config, w words.Lang, stdout io.Writer) (*bolt.Store, error) {
	store, err := openPlayStore(cfg)
	if errors.Is(err, errNoPlayDB) {
		fmt.Fprintln(stdout, w.Say("sushigo.stats.noTerminalGamesYetPlay", self()+" play"))
		return nil, nil
	}
	return store, err
}

func openPlayStore(cfg config) (*bolt.Store, error) {
	path := filepath.Join(cfg.DataDir, "play.db")
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return nil, errNoPlayDB
	}
	s, err := bolt.Open(path, bolt.Options{SweepEvery: -1})
	if errors.Is(err, bolt.ErrInUse) {
		return nil, errGameOpen
	}
	return s, err
}

// errGameOpen says the terminal game's file is held by a game being played.
var errGameOpen = errors.New("a game is open in another terminal, and its file is one process's at a time: " +
	"quit that game (q; it is saved, and sushigo play resumes it), then try again")

// Not player words: the usage of an operator's tool.
const renderUsage = `Usage: sushigo render [flags]

Draw a stored game as a PNG: the terminal game by default, or with
--channel a chat channel's game from the store serve uses (REDIS_URL, or
the data directory). Flags:`

// render draws a stored game's table, a round's scores or its end as a PNG.
// render draws a stored game as a PNG.
// Not player words: an operator's tool.
func render(ctx context.Context, cfg config, w words.Lang, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	out := fs.String("out", "", "the PNG file to write (default: table.png, round-N.png or final.png)")
	what := fs.String("what", "", "table, round1, round2, round3 or final (default: final once the game is over, else table)")
	channel := fs.String("channel", "", "a chat channel's game, as platform:community:channel (discord:GUILD:CHANNEL, slack:TEAM:CHANNEL)")
	if helped, err := parseFlags(w, fs, args, renderUsage, stdout); helped || err != nil {
		return err
	}
	where := console.Where
	var store storage.Store
	if *channel != "" {
		parts := strings.SplitN(*channel, ":", 3)
		if len(parts) != 3 || parts[0] == "" || parts[2] == "" {
			return fmt.Errorf("render: --channel takes platform:community:channel, not %q", *channel)
		}
		where = protocol.Location{Platform: parts[0], Community: parts[1], Channel: parts[2]}
		s, closeStore, err := openStore(ctx, cfg)
		if err != nil {
			return fmt.Errorf("render: %w", err)
		}
		defer closeStore()
		store = s
	} else {
		s, err := openPlayStore(cfg)
		if err != nil {
			return fmt.Errorf("render: %w", err)
		}
		defer s.Close()
		store = s
	}
	tb, err := bot.New(store, bot.Config{}).PublicTable(ctx, where)
	if errors.Is(err, bot.ErrNoTable) {
		return fmt.Errorf("render: no game has been dealt in %s yet", where.Key())
	}
	if err != nil {
		return fmt.Errorf("render: %w", err)
	}
	// The picture is the game's, in its language, as its players saw it.
	png, name, err := draw(tb.Lang, tb.View, tb.Names, *what)
	if err != nil {
		return fmt.Errorf("render: %w", err)
	}
	if *out == "" {
		*out = name
	}
	if err := os.WriteFile(*out, png, 0o644); err != nil {
		return fmt.Errorf("render: %w", err)
	}
	fmt.Fprintf(stdout, "Wrote %s (%d KB).\n", *out, (len(png)+1023)/1024)
	return nil
}

// draw makes the picture what names, and its default file name.
func draw(w words.Lang, pv engine.PublicView, names []string, what string) ([]byte, string, error) {
	if what == "" {
		what = "table"
		if pv.Over {
			what = "final"
		}
	}
	switch {
	case what == "table":
		png, err := picture.Table(w, pv, names)
		return png, "table.png", err
	case what == "final":
		if !pv.Over {
			return nil, "", errors.New("the game is not over yet: draw its table, or a scored round")
		}
		png, err := picture.Final(w, pv, names, nil)
		return png, "final.png", err
	case strings.HasPrefix(what, "round"):
		r, err := strconv.Atoi(strings.TrimPrefix(what, "round"))
		if err != nil || r < 1 || r > engine.Rounds {
			return nil, "", fmt.Errorf("--what takes table, round1, round2, round3 or final, not %q", what)
		}
		if r > len(pv.Scores) {
			return nil, "", fmt.Errorf("round %d has not been scored yet", r)
		}
		png, err := picture.RoundScores(w, pv, r, names)
		return png, fmt.Sprintf("round-%d.png", r), err
	}
	return nil, "", fmt.Errorf("--what takes table, round1, round2, round3 or final, not %q", what)
}
