package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/sushigo/sushigo/adapters/console"
	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/picture"
	"github.com/sushigo/sushigo/storage/bolt"
)

// render draws the terminal's saved game as a PNG.
func render(ctx context.Context, cfg config, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	out := fs.String("out", "table.png", "the PNG file to write")
	if helped, err := parseFlags(fs, args, "Usage: sushigo render [--out FILE]\n\nDraw the terminal game's table (its latest state) as a PNG. Flags:", stdout); helped || err != nil {
		return err
	}
	path := filepath.Join(cfg.DataDir, "play.db")
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return errors.New("render: no terminal game yet: play one with sushigo play")
	}
	store, err := bolt.Open(path, bolt.Options{SweepEvery: -1})
	if err != nil {
		return err
	}
	defer store.Close()
	pv, names, err := bot.New(store, bot.Config{}).PublicTable(ctx, console.Where)
	if errors.Is(err, bot.ErrNoTable) {
		return errors.New("render: the terminal game has not been dealt yet: play one with sushigo play")
	}
	if err != nil {
		return fmt.Errorf("render: %w", err)
	}
	png, err := picture.Table(pv, names)
	if err != nil {
		return fmt.Errorf("render: %w", err)
	}
	if err := os.WriteFile(*out, png, 0o644); err != nil {
		return fmt.Errorf("render: %w", err)
	}
	fmt.Fprintf(stdout, "Wrote %s (%d KB).\n", *out, (len(png)+1023)/1024)
	return nil
}
