package discord

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"

	"github.com/sushigo/sushigo/protocol"
)

// TestACutIsReported: a text over Discord's limits is cut, never
// silently: the adapter logs it and counts it by what was cut, and a view
// within the limits reports nothing.
func TestACutIsReported(t *testing.T) {
	var log bytes.Buffer
	var counted []string
	a := &Adapter{cfg: Config{Log: slog.New(slog.NewTextHandler(&log, nil)), Cut: func(what string) { counted = append(counted, what) }}}
	a.render(protocol.View{Title: "Fits", Text: "Fits too", Rows: [][]protocol.Button{{{Label: "Short", ActionID: "x"}}}})
	if len(counted) > 0 || log.Len() > 0 {
		t.Fatalf("a view within the limits reported cuts: %v %s", counted, log.String())
	}
	long := strings.Repeat("word ", 60)
	m := a.render(protocol.View{Title: long, Rows: [][]protocol.Button{{{Label: long, ActionID: "x"}}}})
	if strings.Join(counted, ",") != "title,button" {
		t.Errorf("counted %v, want title and button", counted)
	}
	if !strings.Contains(log.String(), "title 300/256") || !strings.Contains(log.String(), "button 300/80") {
		t.Errorf("the log does not say what was cut:\n%s", log.String())
	}
	if got := []rune(m.embeds[0].Title); len(got) != 256 || got[255] != '…' {
		t.Errorf("the title is %q", string(got))
	}
}
