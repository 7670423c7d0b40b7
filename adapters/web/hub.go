package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"github.com/sushigo/sushigo/jsonout"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// The hub knows which sockets show which game, and redraws them when the
// game changes: one page drawn per reader and language, its frame (the
// same bytes) offered to each of their sockets. Redraws run on a few
// workers, never on the caller's goroutine; a game changed again before
// its redraw ran is redrawn once, for the latest change heard.

// redrawers bounds the games being redrawn at once.
const redrawers = 4

type hub struct {
	w     *Web
	mu    sync.Mutex
	games map[string]map[*conn]struct{}
	// pending holds the change each queued game is to be drawn for.
	pending map[string]protocol.Changed
	queue   chan string
}

func (h *hub) init(w *Web) {
	h.w = w
	h.games = map[string]map[*conn]struct{}{}
	h.pending = map[string]protocol.Changed{}
	h.queue = make(chan string, 1024)
	for range redrawers {
		w.wg.Add(1)
		go func() {
			defer w.wg.Done()
			for {
				select {
				case <-w.ctx.Done():
					return
				case key := <-h.queue:
					h.mu.Lock()
					c := h.pending[key]
					delete(h.pending, key)
					h.mu.Unlock()
					h.redraw(key, c)
				}
			}
		}()
	}
}

func (h *hub) join(key string, c *conn) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.games[key] == nil {
		h.games[key] = map[*conn]struct{}{}
	}
	h.games[key][c] = struct{}{}
}

func (h *hub) leave(key string, c *conn) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.games[key], c)
	if len(h.games[key]) == 0 {
		delete(h.games, key)
	}
}

// changed queues c's game's redraw if a socket shows it. A redraw
// queued already is drawn for the later of its change and c (changes of
// one game may be heard out of order, two replicas announcing them), or
// for the game as stored when which is the later is not known.
func (h *hub) changed(c protocol.Changed) {
	key := c.Key
	h.mu.Lock()
	if len(h.games[key]) == 0 {
		h.mu.Unlock()
		return
	}
	if queued, ok := h.pending[key]; ok {
		h.pending[key] = later(queued, c)
		h.mu.Unlock()
		return
	}
	h.pending[key] = c
	h.mu.Unlock()
	select {
	case h.queue <- key:
	default:
		// Every worker is behind: the pages catch up at the next change.
		h.mu.Lock()
		delete(h.pending, key)
		h.mu.Unlock()
	}
}

// later is the later of two changes of one game, or the game's key alone
// (the game as stored) when which is the later is not known.
func later(a, b protocol.Changed) protocol.Changed {
	switch {
	case a.Version == 0 || b.Version == 0 || a.Game != b.Game:
		return protocol.Changed{Key: a.Key}
	case b.Version < a.Version:
		return a
	}
	return b
}

// redrawAll queues the redraw of every game a socket shows.
func (h *hub) redrawAll() {
	h.mu.Lock()
	keys := make([]string, 0, len(h.games))
	for k := range h.games {
		keys = append(keys, k)
	}
	h.mu.Unlock()
	for _, k := range keys {
		h.changed(protocol.Changed{Key: k})
	}
}

// redraw draws key's pages for change c, one a reader (a person in a
// language) from one read of the game, and offers each to its reader's
// sockets: the frame's bytes are the same for all of them.
func (h *hub) redraw(key string, c protocol.Changed) {
	h.mu.Lock()
	groups := map[protocol.Reader][]*conn{}
	for c := range h.games[key] {
		r := protocol.Reader{User: c.pass.User, Lang: c.lang}
		groups[r] = append(groups[r], c)
	}
	h.mu.Unlock()
	if len(groups) == 0 {
		return
	}
	readers := make([]protocol.Reader, 0, len(groups))
	for r := range groups {
		readers = append(readers, r)
	}
	pages, err := h.w.host.Pages(h.w.ctx, groups[readers[0]][0].pass.where(), c, readers)
	if err != nil {
		if !errors.Is(err, protocol.ErrNoGame) {
			h.w.cfg.Log.Warn("drawing a web page failed", "game", key, "err", err)
		}
		return
	}
	// A page without a seat is a watcher's, the same for every watcher
	// reading in its language: it is encoded once for all of them, as a
	// change is drawn once per audience.
	watching := map[words.Lang][]byte{}
	for k, r := range readers {
		p := &pages[k]
		watcher := p.Seat < 0 && p.Hand == nil
		f := watching[r.Lang]
		if !watcher || f == nil {
			f = encode(frame{T: "page", Page: p})
		}
		if watcher {
			watching[r.Lang] = f
		}
		for _, c := range groups[r] {
			c.offerPage(f, p.Version)
		}
	}
}

// frame is what the server sends a page.
type frame struct {
	T string `json:"t"`
	// Page, for "page".
	Page *protocol.Page `json:"page,omitempty"`
	// View, for "notice": a private answer to the reader's click.
	View *protocol.View `json:"view,omitempty"`
	// Session, for "session": the token the page presents when it
	// reconnects.
	Session string `json:"session,omitempty"`
	// Words, for "words": the page's own words in its reader's language;
	// Lang the language's code.
	Words map[string]string `json:"words,omitempty"`
	Lang  string            `json:"lang,omitempty"`
	// Text and Reason, for "refused": why, in the reader's language, and
	// as a code.
	Text   string `json:"text,omitempty"`
	Reason string `json:"reason,omitempty"`
}

// checkFrames makes encode compare the frames it writes itself with
// json.Marshal's (tests set it).
var checkFrames bool

// encode is json.Marshal(f). A page or a view, the frames sent at every
// change of a watched game, is written without reflection (encoding/json's
// walk over a page was 3 % of a replica's CPU with 10,000 sockets open).
func encode(f frame) []byte {
	if f.Session == "" && f.Words == nil && f.Lang == "" && f.Text == "" && f.Reason == "" && (f.Page == nil) != (f.View == nil) {
		o := jsonout.Object{B: make([]byte, 0, 2048)}
		o.Open()
		o.Str("t", f.T)
		if f.Page != nil {
			o.Key("page")
			f.Page.WriteJSON(&o)
		} else {
			o.Key("view")
			f.View.WriteJSON(&o)
		}
		o.Close()
		if o.Err == nil {
			if checkFrames {
				if want := marshal(f); string(want) != string(o.B) {
					panic(fmt.Sprintf("web: a frame differs from encoding/json's:\n got %s\nwant %s", o.B, want))
				}
			}
			return o.B
		}
	}
	return marshal(f)
}

func marshal(f frame) []byte {
	b, err := json.Marshal(f)
	if err != nil {
		panic(err) // a frame holds views and strings: it always encodes
	}
	return b
}
