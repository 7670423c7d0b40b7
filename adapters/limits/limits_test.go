package limits

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"
)

// TestCutsAreNotedAndReported: a text within its limit is left alone and
// not noted; one over it is cut to the limit with "…" and noted with its
// length; Report logs each note and counts it by what was cut.
func TestCutsAreNotedAndReported(t *testing.T) {
	var c Cuts
	if got := c.Cut("fits", 4, "title"); got != "fits" || len(c) != 0 {
		t.Fatalf("a text within its limit: %q, notes %v", got, c)
	}
	if got := c.Cut("ünïcödé", 5, "button"); got != "ünïc…" {
		t.Errorf("cut to %q, want 5 runes ending in …", got)
	}
	c.Drop("rows")
	var log bytes.Buffer
	var counted []string
	c.Report(slog.New(slog.NewTextHandler(&log, nil)), "slack", func(what string) { counted = append(counted, what) })
	if strings.Join(counted, ",") != "button,rows" || !strings.Contains(log.String(), "button 7/5") || strings.Count(log.String(), "level=WARN") != 2 {
		t.Errorf("counted %v, logged:\n%s", counted, log.String())
	}
	if Clip("summary", 4) != "sum…" || Clip("ok", 4) != "ok" {
		t.Error("Clip")
	}
}
