package web

import (
	"context"
	"log/slog"
	"strings"
	"testing"

	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/words"
)

// TestLaterChange: a redraw queued for one change and told of another is
// drawn for the later one, heard in either order, and reads the game when
// which is the later cannot be told (a change at no version, another
// game at the key).
func TestLaterChange(t *testing.T) {
	v := func(game string, ver uint64) protocol.Changed {
		return protocol.Changed{Key: "k", Game: game, Version: storage.Version(ver)}
	}
	read := protocol.Changed{Key: "k"}
	for _, c := range []struct{ a, b, want protocol.Changed }{
		{v("g", 3), v("g", 4), v("g", 4)},
		{v("g", 4), v("g", 3), v("g", 4)},
		{v("g", 4), v("g", 4), v("g", 4)},
		{v("g", 4), v("h", 5), read},
		{v("g", 4), read, read},
		{read, v("g", 4), read},
	} {
		if got := later(c.a, c.b); got != c.want {
			t.Errorf("later(%+v, %+v) = %+v, want %+v", c.a, c.b, got, c.want)
		}
	}
}

// pagesHost draws a page a reader: a seat's (p0, p1…) with its hand,
// anyone else's without a seat, each in the reader's language.
type pagesHost struct{ Host }

func (pagesHost) Pages(_ context.Context, _ protocol.Location, _ protocol.Changed, readers []protocol.Reader) ([]protocol.Page, error) {
	out := make([]protocol.Page, len(readers))
	for i, r := range readers {
		out[i] = protocol.Page{Game: "g", Version: 7, Seat: -1, Table: protocol.View{Title: r.Lang.Say("language.name")}}
		if seat, ok := strings.CutPrefix(r.User, "p"); ok {
			out[i].Seat = int(seat[0] - '0')
			out[i].Hand = &protocol.View{Title: "hand of " + r.User}
		}
	}
	return out, nil
}

// TestWatchersShareOneFrame: a change is encoded once for every watcher
// in a language (their pages are the same), once for each seat (whose
// page has its hand), and each socket is offered its reader's.
func TestWatchersShareOneFrame(t *testing.T) {
	fr, _ := words.Find("fr")
	w := &Web{host: pagesHost{}, ctx: context.Background(), cfg: Config{Log: slog.New(slog.DiscardHandler)}}
	w.hub.w = w
	w.hub.games = map[string]map[*conn]struct{}{}
	where := pass{Platform: "t", Community: "c", Channel: "1", Game: "g"}
	open := func(user string, lang words.Lang) *conn {
		p := where
		p.User = user
		c := &conn{pass: p, lang: lang}
		w.hub.join(p.where().Key(), c)
		return c
	}
	p0, p1 := open("p0", words.English), open("p1", words.English)
	w1, w2, w3 := open("ann", words.English), open("bob", words.English), open("", words.English)
	wfr := open("cleo", fr)
	w.hub.redraw(where.where().Key(), protocol.Changed{})
	for name, c := range map[string]*conn{"p0": p0, "p1": p1, "ann": w1, "bob": w2, "anyone": w3, "cleo": wfr} {
		if c.page == nil || c.ver != 7 {
			t.Fatalf("%s was offered no page of version 7: %q (%d)", name, c.page, c.ver)
		}
	}
	same := func(a, b *conn) bool { return &a.page[0] == &b.page[0] }
	if !same(w1, w2) || !same(w1, w3) {
		t.Error("the English watchers' frames were encoded apart")
	}
	if same(w1, wfr) || !strings.Contains(string(wfr.page), fr.Say("language.name")) {
		t.Errorf("the French watcher shares the English frame, or its frame is not French: %s", wfr.page)
	}
	if same(p0, p1) || same(p0, w1) || !strings.Contains(string(p0.page), "hand of p0") || strings.Contains(string(p1.page), "hand of p0") {
		t.Errorf("a seat's frame is shared, or holds another's hand: %s / %s", p0.page, p1.page)
	}
	if strings.Contains(string(w1.page), "hand of") {
		t.Errorf("a watcher's frame holds a hand: %s", w1.page)
	}
}
