package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/sushigo/sushigo/adapters/console"
	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/engine/review"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// reviewWork is the work a review does (nil: the host's default, as
// players get it). Tests of the command set a cheap one: they check the
// command, not the review's judgement.
var reviewWork *review.Options

// localReview prints the expert's review of your seat in a terminal game:
// the last one, or the Nth of the history with --game N.
func localReview(ctx context.Context, cfg config, w words.Lang, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("review", flag.ContinueOnError)
	party := fs.Bool("party", false, w.Say("sushigo.review.party"))
	game := fs.Int("game", 0, w.Say("sushigo.review.game"))
	png := fs.String("png", "", w.Say("sushigo.review.png"))
	if helped, err := parseFlags(w, fs, args, w.Say("sushigo.review.usage"), stdout); helped || err != nil {
		return err
	}
	if *game < 0 || *game > 100 {
		return errors.New(unticked(w.Say("cli.gameFlag", "review")))
	}
	store, err := openLocalGames(cfg, w, stdout)
	if store == nil || err != nil {
		return err
	}
	defer store.Close()
	// The latest finished game by default: a game saved unfinished is not
	// the one to review, and the history has every finished one.
	n := max(*game, 1)
	games, err := store.History(ctx, console.Where.Board(*party), n)
	if err != nil {
		return fmt.Errorf("review: %w", err)
	}
	switch {
	case len(games) == 0 && *party:
		return errors.New(unticked(w.Say("cli.refused", "review", w.Say("sushigo.review.noPartyGame"))))
	case len(games) == 0:
		return errors.New(unticked(w.Say("cli.refused", "review", w.Say("sushigo.review.noGame"))))
	case n > len(games):
		return errors.New(unticked(w.Say("cli.refused", "review", w.Say("sushigo.review.noSuchGame", n, len(games)))))
	}
	a := protocol.Review{Game: games[n-1].ID}
	host := bot.New(store, bot.Config{Log: cfg.logger(os.Stderr), ThinkInline: true, Review: reviewWork})
	plat := console.Platform
	if *png != "" {
		// The terminal shows no pictures; asked for the chart, the host
		// draws it as it would for a chat.
		plat.Terminal = false
	}
	host.AddPlatform(console.Where.Platform, plat)
	me := protocol.User{ID: protocol.You, Name: w.You()}
	resp, err := host.Handle(ctx, protocol.Request{Where: console.Where, Who: me, Action: a, Lang: w})
	if err != nil {
		return fmt.Errorf("review: %w", err)
	}
	width := 80
	if cfg.Columns > 0 {
		width = cfg.Columns
	}
	for _, d := range resp.Deliveries {
		v := d.View
		if v.Tone == protocol.ToneError {
			return hostRefused(w, "review", v.Text)
		}
		if *png != "" && v.Picture != nil && len(v.Picture.PNG) > 0 {
			if err := os.WriteFile(*png, v.Picture.PNG, 0o644); err != nil {
				return fmt.Errorf("review: %w", err)
			}
			v.Picture = nil
		}
		console.Print(stdout, v, width)
	}
	return nil
}
