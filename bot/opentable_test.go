package bot_test

import (
	"strings"
	"testing"
	"time"

	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// TestOpenTable: with a web table, a chat's table has an Open table
// button, which answers the person who pressed it, privately, with their
// own link to this game; without one the table has no such button.
func TestOpenTable(t *testing.T) {
	h := newHarness(t)
	type asked struct {
		where protocol.Location
		who   string
		game  string
	}
	var got []asked
	cfg := bot.Config{Now: func() time.Time { return h.now }, Seed: func() uint64 { h.seed++; return h.seed }, TableLink: func(where protocol.Location, who protocol.User, game string, _ words.Lang) (string, error) {
		got = append(got, asked{where, who.ID, game})
		return "https://table.example/t/#token-" + who.ID, nil
	}}
	h.b = bot.New(h.store, cfg)
	h.lobby("ann", "timer=0", "bob")
	h.startGame("ann")
	open, ok := button(h.table(), "Open table")
	if !ok {
		t.Fatalf("no Open table button on the table:\n%s", h.table())
	}
	resp := h.click("bob", open.ActionID, false)
	if len(resp.Deliveries) != 1 || resp.Deliveries[0].To != protocol.Private("bob") || !strings.Contains(resp.Deliveries[0].View.Text, "https://table.example/t/#token-bob") {
		t.Fatalf("Open table answered %+v", resp.Deliveries)
	}
	if len(got) != 1 || got[0].who != "bob" || got[0].game != h.gameID() || got[0].where != h.where {
		t.Errorf("links asked for: %+v", got)
	}

	plain := newHarness(t)
	plain.lobby("ann", "timer=0", "bob")
	plain.startGame("ann")
	if _, ok := button(plain.table(), "Open table"); ok {
		t.Error("a host without a web table shows Open table")
	}
}
