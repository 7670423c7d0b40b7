package bot_test

import (
	"os"
	"path/filepath"
	"runtime/coverage"
	"strings"
	"testing"
)

// TestOneClickPath presses one card of a hand in a game in progress, with
// every post and edit going through the outbox as on Discord and Slack,
// and checks the pick took. With SUSHIGO_CLICK_COVER set to a directory
// (scripts/click-path.sh, on a coverage build) it also writes the coverage
// counters just before and just after that click, in before/ and after/,
// so the script can list what the click ran.
func TestOneClickPath(t *testing.T) {
	h := newOutboxHarness(t)
	h.lobby("ann", "timer=0", "bob", "cy")
	h.startGame("ann")
	h.do("ann", "hand")
	hand := h.hand["ann"]
	bs := hand.Buttons()
	if len(bs) == 0 {
		t.Fatalf("ann's hand has no buttons:\n%s", hand)
	}
	dir := os.Getenv("SUSHIGO_CLICK_COVER")
	snap := func(name string) {
		if dir == "" {
			return
		}
		d := filepath.Join(dir, name)
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := coverage.WriteMetaDir(d); err != nil {
			t.Fatal(err)
		}
		if err := coverage.WriteCountersDir(d); err != nil {
			t.Fatal(err)
		}
	}
	snap("before")
	h.click("ann", bs[0].ActionID, true)
	snap("after")
	if table := h.table(); !strings.Contains(table.String(), "✅ Ann") && !strings.Contains(table.String(), "Waiting for: Bob, Cy") {
		t.Errorf("ann's pick did not show on the table:\n%s", table)
	}
}
