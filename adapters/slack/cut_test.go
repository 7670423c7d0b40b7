package slack

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"

	slackapi "github.com/slack-go/slack"

	"github.com/sushigo/sushigo/protocol"
)

// TestACutIsReported: a text over Slack's limits is cut, never silently:
// the adapter logs it and counts it by what was cut, and a view within
// the limits reports nothing.
func TestACutIsReported(t *testing.T) {
	var log bytes.Buffer
	var counted []string
	a := &Adapter{cfg: Config{Log: slog.New(slog.NewTextHandler(&log, nil)), Cut: func(what string) { counted = append(counted, what) }}}
	long := strings.Repeat("word ", 40)
	a.blocks(protocol.View{Title: "Fits", Text: "Fits too", Rows: [][]protocol.Button{{{Label: "Short", ActionID: "x"}}}})
	if len(counted) > 0 || log.Len() > 0 {
		t.Fatalf("a view within the limits reported cuts: %v %s", counted, log.String())
	}
	bs, _ := a.blocks(protocol.View{Title: long, Rows: [][]protocol.Button{{{Label: long, ActionID: "x"}}}})
	if strings.Join(counted, ",") != "header,button" {
		t.Errorf("counted %v, want header and button", counted)
	}
	if !strings.Contains(log.String(), "header 200/150") || !strings.Contains(log.String(), "button 199/75") {
		t.Errorf("the log does not say what was cut:\n%s", log.String())
	}
	if h := bs[0].(*slackapi.HeaderBlock); len([]rune(h.Text.Text)) != 150 || !strings.HasSuffix(h.Text.Text, "…") {
		t.Errorf("the header is %q", h.Text.Text)
	}
}
