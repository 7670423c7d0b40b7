package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/sushigo/sushigo/adapters/console"
	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/picture"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// pngWriter is the terminal's host with play --png: after each request it
// writes the picture of each round scored and of the game's end into a
// directory, each once a game.
type pngWriter struct {
	*bot.Bot
	dir     string
	written map[string]bool
	rounds  int // rounds scored when last looked
	err     error
	lang    words.Lang // what the pictures write in
}

func newPNGWriter(host *bot.Bot, dir string, lang words.Lang) (*pngWriter, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("play: --png: %w", err)
	}
	return &pngWriter{Bot: host, dir: dir, written: map[string]bool{}, lang: lang}, nil
}

// Handle is the host's, then writes any new picture.
func (w *pngWriter) Handle(ctx context.Context, req protocol.Request) (protocol.Response, error) {
	resp, err := w.Bot.Handle(ctx, req)
	if err == nil {
		w.write(ctx)
	}
	return resp, err
}

// Tick is the host's, then writes any new picture.
func (w *pngWriter) Tick(ctx context.Context) ([]protocol.Outbound, error) {
	out, err := w.Bot.Tick(ctx)
	if err == nil {
		w.write(ctx)
	}
	return out, err
}

// write draws what is new since it last looked. The first failure is kept
// for the end of the game and the rest skipped: a picture is never worth
// stopping a game for.
func (w *pngWriter) write(ctx context.Context) {
	if w.err != nil {
		return
	}
	tb, err := w.PublicTable(ctx, console.Where)
	if err != nil {
		return // no game dealt yet
	}
	pv, names := tb.View, tb.Names
	if len(pv.Scores) < w.rounds {
		w.written = map[string]bool{} // a new game: its pictures replace the last one's
	}
	w.rounds = len(pv.Scores)
	for r := 1; r <= len(pv.Scores); r++ {
		w.save(fmt.Sprintf("round-%d.png", r), func() ([]byte, error) { return picture.RoundScores(w.lang, pv, r, names) })
	}
	if pv.Over {
		w.save("final.png", func() ([]byte, error) { return picture.Final(w.lang, pv, names, nil) })
	}
}

func (w *pngWriter) save(name string, draw func() ([]byte, error)) {
	if w.written[name] || w.err != nil {
		return
	}
	png, err := draw()
	if err == nil {
		err = os.WriteFile(filepath.Join(w.dir, name), png, 0o644)
	}
	if err != nil {
		w.err = fmt.Errorf("play: --png: %w", err)
		return
	}
	w.written[name] = true
}

// done says where the pictures went, or why they stopped; nothing
// without --png.
func (w *pngWriter) done(stdout io.Writer) error {
	if w == nil {
		return nil
	}
	if w.err != nil {
		return w.err
	}
	if len(w.written) > 0 {
		fmt.Fprintln(stdout, w.lang.Say("play.picturesAreIn", w.dir))
	}
	return nil
}
