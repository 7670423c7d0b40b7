package main

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/sushigo/sushigo/adapters/web"
	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/words"
)

// webWhere is where `sushigo play --web` keeps its game.
var webWhere = protocol.Location{Platform: "web", Community: "local", Channel: "table"}

// webPlay serves the local game on a web table at addr until ctx ends: it
// opens the game (or resumes the saved one), prints the table's address,
// and runs the host's timers. Stored changes reach the pages as on a
// server: announced (announcer, the host's OnStored) through the store,
// which the table follows. ready, when set, hears the address.
func webPlay(ctx context.Context, host *bot.Bot, store storage.Store, announcer *web.Announcer, me protocol.User, opts protocol.Options,
	fresh bool, w words.Lang, addr string, stdout io.Writer, ready func(url string)) error {
	ctx, cancel := context.WithCancel(ctx)
	var loops sync.WaitGroup
	defer loops.Wait()
	defer cancel()
	ln, err := net.Listen("tcp", or(addr, "127.0.0.1:0"))
	if err != nil {
		return fmt.Errorf("web table: %w", err)
	}
	base := "http://" + ln.Addr().String() + "/"
	secret := make([]byte, 32)
	_, _ = rand.Read(secret)
	// One person on their own machine: the clicks limit guards a public
	// server, not this.
	table, err := web.New(host, store, web.Config{Secret: secret, Base: base, Clicks: 100})
	if err != nil {
		return err
	}
	defer table.Close()
	loops.Add(2)
	go func() { defer loops.Done(); _ = announcer.Run(ctx) }()
	go func() { defer loops.Done(); _ = table.Follow(ctx, store) }()
	host.AddPlatform(webWhere.Platform, protocol.Platform{Commands: protocol.Typed})
	if fresh {
		if _, err := host.Handle(ctx, protocol.Request{Where: webWhere, Who: me, Action: protocol.End{}}); err != nil {
			return err
		}
	}
	if running, err := host.Running(ctx, webWhere); err != nil {
		return err
	} else if !running {
		if _, err := host.Handle(ctx, protocol.Request{Where: webWhere, Who: me, Action: protocol.NewGame{Options: opts}, Lang: w}); err != nil {
			return err
		}
	}
	page, err := host.Page(ctx, webWhere, me.ID, w)
	if err != nil {
		return err
	}
	link, err := table.LocalLink(webWhere, me, page.Game, w, 24*time.Hour)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: table, ReadHeaderTimeout: 10 * time.Second}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	// The timer loop, serve's: a lobby's expiry, a turn timer, a review.
	// What a timer answers needs no sending: the page draws the change.
	loops.Add(1)
	go func() {
		defer loops.Done()
		drawn := map[string]func(context.Context, protocol.Outbound){webWhere.Platform: func(context.Context, protocol.Outbound) {}}
		tickLoop(ctx, host, host.Wake(), drawn, slog.New(slog.DiscardHandler), 500*time.Millisecond)
	}()
	fmt.Fprintln(stdout, w.Say("web.playAt", link))
	if ready != nil {
		ready(link)
	}
	select {
	case <-ctx.Done():
	case err := <-served:
		return err
	}
	sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return nil
}
