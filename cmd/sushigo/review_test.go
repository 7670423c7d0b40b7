package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sushigo/sushigo/adapters/console/consoletest"
)

// TestReviewCommand: sushigo review reviews your seat of the last terminal
// game, --game N the Nth of the history, both the same review; a game not
// in the history, or no games at all, is said plainly.
func TestReviewCommand(t *testing.T) {
	dir := t.TempDir()
	e := env(map[string]string{"DATA_DIR": dir})
	var out strings.Builder
	if err := run(context.Background(), []string{"review"}, e, nil, &out, io.Discard); err != nil || !strings.Contains(out.String(), "No terminal games yet") {
		t.Fatalf("review before any game: %v %q", err, out.String())
	}
	var game consoletest.Buffer
	in := &consoletest.Player{Out: &game, EOF: true}
	if err := run(context.Background(), []string{"play", "--seed", "9", "--bots", "2"}, e, in, &game, io.Discard); err != nil {
		t.Fatal(err)
	}
	var last, first strings.Builder
	if err := run(context.Background(), []string{"review"}, e, nil, &last, io.Discard); err != nil {
		t.Fatal(err)
	}
	if err := run(context.Background(), []string{"review", "--game", "1"}, e, nil, &first, io.Discard); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Review — You", "Accuracy", "Your expected final score"} {
		if !strings.Contains(last.String(), want) {
			t.Errorf("the review lacks %q:\n%s", want, last.String())
		}
	}
	if last.String() != first.String() {
		t.Errorf("review and review --game 1 differ:\n%s\n%s", last.String(), first.String())
	}
	t.Logf("sushigo review:\n%s", last.String())
	// --png writes the chart and prints the same words.
	chart := filepath.Join(dir, "chart.png")
	var withChart strings.Builder
	if err := run(context.Background(), []string{"review", "--png", chart}, e, nil, &withChart, io.Discard); err != nil {
		t.Fatal(err)
	}
	if png, err := os.ReadFile(chart); err != nil || !bytes.HasPrefix(png, []byte("\x89PNG\r\n\x1a\n")) || len(png) < 2000 {
		t.Errorf("review --png wrote %d bytes (%v)", len(png), err)
	}
	if withChart.String() != last.String() {
		t.Errorf("review --png printed otherwise:\n%s", withChart.String())
	}
	if err := run(context.Background(), []string{"review", "--game", "2"}, e, nil, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "no game 2") {
		t.Errorf("review --game 2 of a history of one: %v", err)
	}
	if err := run(context.Background(), []string{"review", "--party"}, e, nil, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "No finished Sushi Go Party! game") {
		t.Errorf("review --party with no Party game: %v", err)
	}
	// A game saved unfinished does not hide the finished one.
	var half consoletest.Buffer
	if err := run(context.Background(), []string{"play", "--new", "--seed", "4", "--bots", "2", "--plain"}, e, &consoletest.Player{Out: &half, Max: 3}, &half, io.Discard); err != nil {
		t.Fatal(err)
	}
	var again strings.Builder
	if err := run(context.Background(), []string{"review"}, e, nil, &again, io.Discard); err != nil || again.String() != last.String() {
		t.Errorf("review with a game saved unfinished: %v\n%s", err, again.String())
	}
}
