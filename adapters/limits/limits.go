// Package limits fits a view's texts to a chat platform's limits, and
// keeps a note of every text it had to cut. The host keeps its views
// within every platform's limits, so a cut is a bug: an adapter reports
// each (a warning in the log and a count), rather than a person finding a
// sentence stopped mid-word.
package limits

import (
	"log/slog"
	"strconv"
	"strings"
)

// Cuts names the texts of one message cut to fit ("title 300/256"), and
// the controls dropped ("buttons").
type Cuts []string

// Cut trims s to n runes (the platforms count characters), marking the cut
// with "…" and noting what was cut.
func (c *Cuts) Cut(s string, n int, what string) string {
	if r := len([]rune(s)); r > n {
		*c = append(*c, what+" "+strconv.Itoa(r)+"/"+strconv.Itoa(n))
		return Clip(s, n)
	}
	return s
}

// Drop notes controls left out for want of room ("buttons", "rows").
func (c *Cuts) Drop(what string) { *c = append(*c, what) }

// Report logs each cut as a warning naming platform, and counts it by
// what was cut when count is set.
func (c Cuts) Report(log *slog.Logger, platform string, count func(what string)) {
	for _, cut := range c {
		log.Warn(platform+": a text was cut to the platform's limit", "what", cut)
		if count != nil {
			what, _, _ := strings.Cut(cut, " ")
			count(what)
		}
	}
}

// Clip trims s to n runes, marking the cut, without a note: for a text
// meant as a short summary (a notification's preview).
func Clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
