package main

import (
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"github.com/sushigo/sushigo/adapters/console"
	"github.com/sushigo/sushigo/bot"
)

// version is the build's version: the module's when installed at one, else
// the commit it was built from.
func version() string {
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
func rules(args []string, stdout io.Writer) error {
	v := bot.RulesView(strings.Join(args, " "))
	if v.Tone == bot.ToneError {
		// Said once, as the error: not also printed as a page.
		return fmt.Errorf("rules: %s", strings.Join(strings.Fields(v.Text), " "))
	}
	console.Print(stdout, v, 80)
	fmt.Fprintln(stdout)
	return nil
}
