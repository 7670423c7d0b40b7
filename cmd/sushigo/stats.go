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
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// localStats prints the terminal player's profile and game history from the
// terminal game's own file.
func localStats(ctx context.Context, cfg config, w words.Lang, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("stats", flag.ContinueOnError)
	party := fs.Bool("party", false, w.Say("sushigo.stats.sushiGoPartySHistory"))
	game := fs.Int("game", 0, w.Say("sushigo.stats.showTheScoresOfGame"))
	if helped, err := parseFlags(w, fs, args, w.Say("sushigo.stats.usageSushigoStatsFlagsYour"), stdout); helped || err != nil {
		return err
	}
	if *game < 0 || *game > 100 {
		return errors.New(unticked(w.Say("cli.gameFlag", "stats")))
	}
	store, err := openLocalGames(cfg, w, stdout)
	if store == nil || err != nil {
		return err
	}
	defer store.Close()
	host := bot.New(store, bot.Config{Log: cfg.logger(os.Stderr)})
	// The terminal's platform, so the host names the commands as they are
	// typed (and the command line rewrites them), never Discord's.
	host.AddPlatform(console.Where.Platform, console.Platform)
	me := protocol.User{ID: protocol.You, Name: w.You()}
	width := 80
	if cfg.Columns > 0 {
		width = cfg.Columns
	}
	var actions []protocol.Action
	if *game > 0 {
		actions = []protocol.Action{protocol.History{Party: *party, Open: *game}}
	} else {
		actions = []protocol.Action{protocol.Stats{}, protocol.History{Party: *party}}
	}
	for _, a := range actions {
		resp, err := host.Handle(ctx, protocol.Request{Where: console.Where, Who: me, Action: a, Lang: w, PlaceLang: w})
		if err != nil {
			return fmt.Errorf("stats: %w", err)
		}
		for _, d := range resp.Deliveries {
			v := d.View
			// Outside a game the commands to name are sushigo's own.
			v.Text, v.Footer = protocol.Speak(protocol.CommandLine, v.Text), protocol.Speak(protocol.CommandLine, v.Footer)
			if _, ok := a.(protocol.History); ok && len(v.Rows) > 0 {
				v.Rows = nil
				v.Footer = w.Say("sushigo.stats.sushigoStatsGameNShows")
				if *party {
					v.Footer = w.Say("sushigo.stats.sushigoStatsPartyGameN")
				}
			}
			if v.Tone == protocol.ToneError {
				return hostRefused(w, "stats", v.Text)
			}
			console.Print(stdout, v, width)
		}
	}
	return nil
}
