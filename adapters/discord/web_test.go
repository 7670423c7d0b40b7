package discord

import (
	"strings"
	"testing"
	"time"

	"github.com/sushigo/sushigo/adapters/adaptertest"
	"github.com/sushigo/sushigo/adapters/web"
	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// TestOpenTableFromDiscord plays across Discord and the web table, as
// serve wires them: Open table on the table message answers Bob alone with
// his link; the page it opens shows his hand; Alice's pick in Discord
// reaches his page, and his pick on the page reaches Discord's channel
// (the reveal, through the host's outbox).
func TestOpenTableFromDiscord(t *testing.T) {
	var table *web.Web
	e := newDurableEnv(t, func(c *bot.Config) {
		c.TableLink = func(where protocol.Location, who protocol.User, game string, lang words.Lang) (string, error) {
			return table.Link(where, who, game, lang)
		}
		c.OnStored = func(s bot.Stored) { table.Changed(s.Change()) }
		// The pages are drawn off the test's goroutine: the host's clock
		// is the real one, not the env's, which the test moves.
		c.Now = time.Now
	})
	var server string
	table, server = adaptertest.ServeWebTable(t, e.host, e.store, "/t/", web.Config{})

	e.slash(alice, "new", `[{"name":"timer","type":4,"value":0}]`)
	e.startGame()
	tbl := e.latest("", "round 1")
	if tbl == nil {
		t.Fatal("no table message")
	}
	open := buttonWith(tbl, "sg1:table:")
	if open == "" {
		t.Fatalf("the table message has no Open table button: %v", tbl.buttons())
	}
	e.click(bob, tbl, open)
	_, private := e.f.visible()
	var link string
	for _, m := range private[bob.id] {
		if l := adaptertest.WebLink.FindString(m.text()); l != "" {
			link = l
		}
	}
	if link == "" {
		t.Fatal("Bob was not sent his link privately")
	}
	for _, m := range private[alice.id] {
		if strings.Contains(m.text(), "/t/#") {
			t.Fatalf("Alice was sent a link to the table: %s", m.text())
		}
	}
	e.noHandInChannel()

	page := adaptertest.OpenWebPage(t, server, "/t/", link)
	next := page.Next
	first := next("Bob's page", func(protocol.Page) bool { return true })
	if first.Seat != 1 || first.Hand == nil || first.Hand.Screen != protocol.ScreenHand {
		t.Fatalf("Bob's page: seat %d, hand %v", first.Seat, first.Hand)
	}

	// Alice picks in Discord; Bob's page shows it.
	e.click(alice, tbl, buttonWith(e.f.message(tbl.ID), "sg1:hand:"))
	_, private = e.f.visible()
	var hand *fakeMessage
	for _, m := range private[alice.id] {
		if buttonWith(m, "sg1:pick:") != "" {
			hand = m
		}
	}
	if hand == nil {
		t.Fatal("Alice has no hand in Discord")
	}
	e.click(alice, hand, buttonWith(hand, "sg1:pick:"))
	picked := next("Bob's page after Alice's pick in Discord", func(p protocol.Page) bool {
		return p.Version > first.Version && strings.Contains(p.Table.String(), "✅ Alice")
	})

	// Bob picks on his page; Discord's channel shows the reveal.
	var card string
	for _, row := range picked.Hand.Rows {
		for _, b := range row {
			if strings.Contains(b.ActionID, ":pick:") && card == "" {
				card = b.ActionID
			}
		}
	}
	page.Press(card)
	next("Bob's page after his own pick", func(p protocol.Page) bool { return p.Reveal != nil })
	e.tick(0) // serve's timer loop sends what the outbox holds
	if m := e.latest("", "Reveal"); m == nil {
		var titles []string
		public, _ := e.f.visible()
		for _, m := range public {
			titles = append(titles, m.title())
		}
		t.Fatalf("the page's pick brought no reveal to Discord's channel: %q", titles)
	}
	if m := e.f.message(tbl.ID); !strings.Contains(m.title(), "turn 2") {
		t.Errorf("Discord's table after the page's pick: %q", m.title())
	}
	e.noHandInChannel()
}
