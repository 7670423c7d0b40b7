package bot_test

import (
	"strings"
	"testing"

	"github.com/sushigo/sushigo/protocol"
)

// TestHintsInAPracticeGame: a game of one person and bots started with
// hints offers Hint on the hand; it names a card of that hand, privately,
// the same each time. A game without hints offers none and refuses one,
// and a game of two people cannot start with hints.
func TestHintsInAPracticeGame(t *testing.T) {
	h := newHarness(t)
	h.do("ann", "new hints bots=2")
	h.startGame("ann")
	hv := h.hand["ann"]
	hb, ok := button(hv, "Hint")
	if !ok {
		sb, _ := button(h.table(), "Show my hand")
		h.click("ann", sb.ActionID, false)
		hv = h.hand["ann"]
		if hb, ok = button(hv, "Hint"); !ok {
			t.Fatalf("a practice game's hand has no Hint: %v", hv.Buttons())
		}
	}
	publicBefore := len(h.public)
	h.click("ann", hb.ActionID, true)
	first := h.private["ann"].Text
	if !strings.HasPrefix(first, "💡 The expert would take ") {
		t.Fatalf("a hint: %q", first)
	}
	named := false
	for _, b := range hv.Buttons() {
		if strings.HasPrefix(b.ActionID, "sg1:pick:") && strings.Contains(first, b.Emoji+" "+strings.Split(b.Label, " ×")[0]+".") {
			named = true
		}
	}
	if !named {
		t.Errorf("the hint %q names no card of the hand %v", first, hv.Buttons())
	}
	h.click("ann", hb.ActionID, true)
	if again := h.private["ann"].Text; again != first {
		t.Errorf("two hints of one position differ: %q, %q", first, again)
	}
	if len(h.public) != publicBefore {
		t.Errorf("a hint reached the channel: %q", h.public[publicBefore].Title)
	}

	plain := newHarness(t)
	plain.do("ann", "new bots=2")
	plain.startGame("ann")
	for _, v := range []protocol.View{plain.hand["ann"], plain.table()} {
		if _, ok := button(v, "Hint"); ok {
			t.Errorf("a game without hints offers one: %q", v.Title)
		}
	}
	plain.send("ann", protocol.Hint{Game: plain.gameID()}, true)
	if got := plain.private["ann"].Text; !strings.Contains(got, "no hints") {
		t.Errorf("a forged Hint in a game without hints: %q", got)
	}

	two := newHarness(t)
	two.lobby("ann", "hints", "bob")
	two.startGame("ann")
	if got := two.private["ann"].Text; !strings.Contains(got, "practice games") {
		t.Errorf("two people started a game with hints: %q", got)
	}
	if _, started := two.lastPublic("round 1"); started {
		t.Error("the game with hints and two people started")
	}
}
