package bot_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/sushigo/sushigo/bot"
)

// TestGameStoredByThePreviousReleaseKeepsPlaying loads a game stored by the
// release before Party and the outbox (captured with that release's code,
// mid-game) and plays it to the end, on the durable-delivery path that
// serve now uses.
func TestGameStoredByThePreviousReleaseKeepsPlaying(t *testing.T) {
	data, err := os.ReadFile("testdata/stored/release-6fed074-playing.json")
	if err != nil {
		t.Fatal(err)
	}
	h := newOutboxHarness(t)
	if _, err := h.store.SaveGame(context.Background(), h.where.Key(), data, 0, 0); err != nil {
		t.Fatal(err)
	}
	if err := h.b.Remember(context.Background(), h.where, "17", bot.SlotTable, bot.Ref{ID: "msg1"}); err != nil {
		t.Fatal(err)
	}
	// Pick the public table back up from a status view.
	h.do("ann", "status")
	for range 40 {
		if _, over := h.lastPublic("Final standings"); over {
			break
		}
		for _, u := range []string{"ann", "bob"} {
			h.send(u, bot.ShowHand{}, false)
		}
		h.playTurn([]string{"ann", "bob"})
	}
	if _, over := h.lastPublic("Final standings"); !over {
		t.Fatal("the stored game did not play to its end")
	}
	if v, _ := h.lastPublic("Final standings"); !strings.Contains(v.String(), "Ann") {
		t.Errorf("final standings: %s", v.String())
	}
}
