package slack

import (
	"strings"
	"testing"

	"github.com/sushigo/sushigo/adapters/adaptertest"
	"github.com/sushigo/sushigo/adapters/web"
	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// TestOpenTableFromSlack: on Slack, Open table answers the person alone
// with their link (Slack has no Activities: the page is a browser tab),
// and the page it opens is their seat's, with their own hand.
func TestOpenTableFromSlack(t *testing.T) {
	var table *web.Web
	e := newDurableEnv(t, protocol.HandsDM, func(c *bot.Config) {
		c.TableLink = func(where protocol.Location, who protocol.User, game string, lang words.Lang) (string, error) {
			return table.Link(where, who, game, lang)
		}
		c.OnStored = func(s bot.Stored) { table.Changed(s.Change()) }
	})
	var server string
	table, server = adaptertest.ServeWebTable(t, e.a.host.(*bot.Bot), e.store, "/t/", web.Config{})

	e.slash(alice, "new bots=0 timer=0")
	lobby := e.f.latest("", "lobby")
	e.click(bob, lobby, lobby.action("sg1:join:"))
	e.click(alice, e.f.get(lobby), lobby.action("sg1:start:"))
	tbl := e.f.latest("", "round 1")
	if tbl == nil || tbl.action("sg1:table:") == "" {
		t.Fatalf("the table has no Open table button: %v", tbl)
	}
	e.click(alice, tbl, tbl.action("sg1:table:"))
	var link string
	for _, m := range e.f.mine(alice.id) {
		if l := adaptertest.WebLink.FindString(m.Blocks); l != "" {
			link = l
		}
	}
	if link == "" {
		t.Fatal("Alice was not sent her link privately")
	}
	for _, m := range e.f.mine(bob.id) {
		if strings.Contains(m.Blocks, "/t/#") {
			t.Fatal("Bob was sent Alice's link")
		}
	}
	e.noHandInChannel()
	page := adaptertest.OpenWebPage(t, server, "/t/", link)
	p := page.Next("Alice's page", func(protocol.Page) bool { return true })
	if p.Seat != 0 || p.Hand == nil || !strings.Contains(p.Hand.Title, "round 1") {
		t.Fatalf("Alice's page: seat %d, hand %+v", p.Seat, p.Hand)
	}
}
