package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"runtime/debug"
	"strings"
	"time"

	"github.com/sushigo/sushigo/adapters/console"
	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// release is the version a build was stamped with (the image's
// -ldflags "-X main.release=…"): a container has no .git to read.
var release string

// version is the build's version: the stamped release, else the module's
// when installed at one, else the commit it was built from.
func version() string {
	if release != "" {
		return release
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)"
	}
	v := info.Main.Version
	var rev, dirty string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = ", modified"
			}
		}
	}
	if rev != "" {
		v += fmt.Sprintf(" (commit %.12s%s)", rev, dirty)
	}
	return v + " " + info.GoVersion
}

// rules prints how to play, or what one card does.
func rules(w words.Lang, args []string, stdout io.Writer) error {
	v := bot.RulesView(w, strings.Join(args, " "))
	if v.Tone == protocol.ToneError {
		// Said once, as the error: not also printed as a page.
		return errors.New(unticked(w.Say("cli.refused", "rules", strings.Join(strings.Fields(v.Text), " "))))
	}
	v.Text = protocol.Speak(protocol.CommandLine, v.Text) // commands as this command line types them
	console.Print(stdout, v, 80)
	fmt.Fprintln(stdout)
	return nil
}

// healthcheck asks the serve process on HTTP_ADDR for /readyz: nil when it
// answers 200. The container image has no shell and no curl, so its
// HEALTHCHECK runs this.
func healthcheck(ctx context.Context, cfg config, stdout io.Writer) error {
	addr := cfg.HTTPAddr
	if strings.HasPrefix(addr, ":") {
		addr = "127.0.0.1" + addr
	}
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+addr+"/readyz", nil)
	if err != nil {
		return fmt.Errorf("healthcheck: %w", err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("healthcheck: %w", err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 4<<10))
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("healthcheck: not ready: %s", strings.TrimSpace(string(body)))
	}
	fmt.Fprintln(stdout, "ready")
	return nil
}
