package bot_test

import (
	"os"
	"strings"
	"testing"
)

// TestOneClickPath presses one card of a hand in a game in progress, with
// every post and edit going through the outbox as on Discord and Slack,
// and checks the pick took. scripts/click-path.sh runs it twice with
// coverage, once with SUSHIGO_CLICK_BEFORE=1 (everything but the click),
// and lists what the click ran: the blocks whose count grew.
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
	if os.Getenv("SUSHIGO_CLICK_BEFORE") == "1" {
		return // the script's first run: the game up to the click
	}
	h.click("ann", bs[0].ActionID, true)
	if table := h.table(); !strings.Contains(table.String(), "✅ Ann") && !strings.Contains(table.String(), "Waiting for: Bob, Cy") {
		t.Errorf("ann's pick did not show on the table:\n%s", table)
	}
}
