package web

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// One socket: the page says hello with its link or session, gets its
// words, its session and its page, then sends its reader's clicks; the
// server sends pages as the game changes and private answers to clicks.

// maxFrame bounds what a page may send in one frame.
const maxFrame = 4 << 10

// helloWait is how long a new socket has to say who it is.
const helloWait = 10 * time.Second

// hello is the page's first frame; act every later one.
type hello struct {
	T       string `json:"t"`
	Link    string `json:"link,omitempty"`
	Session string `json:"session,omitempty"`
	// Lang is the browser's language (navigator.language).
	Lang string `json:"lang,omitempty"`
}

type act struct {
	T string `json:"t"`
	// ID is the action ID of the button pressed, or of the list chosen
	// from with Values.
	ID     string   `json:"id"`
	Values []string `json:"values,omitempty"`
}

// conn is one page's socket.
type conn struct {
	ws   *websocket.Conn
	pass pass // its session
	lang words.Lang

	mu    sync.Mutex
	page  []byte // the newest page not yet written
	ver   uint64 // its version, or the last written
	notes [][]byte
	// writing is set while a writer (the offering goroutine where writes
	// never wait, else one of its own) writes what is offered; stopped
	// once the socket is done with, when no more start.
	writing, stopped bool
	idle             sync.Cond // signalled when writing ends
	wctx             context.Context
	slow             *time.Timer // cancels wctx when a write takes writeWait
	// awaiting is set while a queued review is asked for again: one at a
	// time, however often Review is pressed.
	awaiting atomic.Bool
	// broken, if set, is called when a write fails: the socket is closed,
	// and its reading must hear it (reader).
	broken func()
	// out, if set, is the socket's writer that never waits (sends.go):
	// what is offered is written on the offering goroutine.
	out *sender
}

// offerPage queues a page of version ver, unless the socket has been
// offered it or a newer one; a page not yet written is replaced.
func (c *conn) offerPage(f []byte, ver uint64) {
	c.mu.Lock()
	if ver <= c.ver {
		c.mu.Unlock()
		return // this version, or a newer one, is shown or on its way
	}
	c.page, c.ver = f, ver
	c.writeLocked()
}

func (c *conn) offerNote(f []byte) {
	c.mu.Lock()
	c.notes = append(c.notes, f)
	c.writeLocked()
}

// writeLocked writes what is offered unless a writer is under way (it
// takes this too) or the socket is stopped, and unlocks c.mu. Where writes
// never wait (c.out), the caller writes; else a goroutine starts to. A
// socket has a goroutine of its own only while it has frames to write:
// ten thousand idle writers, each parked on a channel, were half the
// goroutines the collector walks (docs/web.md).
func (c *conn) writeLocked() {
	if c.writing || c.stopped || c.wctx == nil {
		c.mu.Unlock()
		return
	}
	c.writing = true
	c.mu.Unlock()
	if c.out != nil {
		c.write()
		return
	}
	go c.write()
}

// writeWait is how long one frame's write may take before its socket is
// closed.
const writeWait = 10 * time.Second

// start lets the socket's frames be written from now on, in ctx; the
// first are its hello's answers. The writes share one context, cancelled
// by a timer stopped after each: a context with its own timeout made for
// every frame was a tenth of the writes' cost.
func (c *conn) start(ctx context.Context) {
	wctx, cancel := context.WithCancel(ctx)
	c.mu.Lock()
	c.idle.L = &c.mu
	c.wctx = wctx
	c.slow = time.AfterFunc(writeWait, cancel)
	c.slow.Stop()
	c.writeLocked()
}

// stop waits for a write under way and lets no other start. Writes stop
// between frames, never in one: a socket whose write's context ends is
// closed at once, and a refusal could not follow. A write that takes
// writeWait, or is under way when ctx ends, closes the socket.
func (c *conn) stop() {
	c.mu.Lock()
	c.stopped = true
	for c.writing {
		c.idle.Wait()
	}
	c.mu.Unlock()
	if c.slow != nil {
		c.slow.Stop()
	}
}

// write writes what is offered until nothing is, the socket is stopped
// or a write fails (the socket is then broken: its reads fail too).
func (c *conn) write() {
	for {
		c.mu.Lock()
		notes, page := c.notes, c.page
		c.notes, c.page = nil, nil
		if c.stopped || (len(notes) == 0 && page == nil) {
			c.writing = false
			c.idle.Broadcast()
			c.mu.Unlock()
			return
		}
		c.mu.Unlock()
		if page != nil {
			notes = append(notes, page)
		}
		for _, f := range notes {
			if err := c.writeFrame(f); err != nil {
				c.mu.Lock()
				c.stopped = true // the loop's top ends this writer
				c.mu.Unlock()
				if c.broken != nil {
					c.broken()
				}
				break
			}
		}
	}
}

// writeFrame writes f. A write that may wait is bounded by writeWait
// and ended with wctx; one that never waits (c.out) needs neither, and
// does without the timer and the context's hook a frame.
func (c *conn) writeFrame(f []byte) error {
	if c.out != nil {
		return c.ws.Write(context.Background(), websocket.MessageText, f)
	}
	c.slow.Reset(writeWait)
	defer c.slow.Stop()
	return c.ws.Write(c.wctx, websocket.MessageText, f)
}

func (w *Web) socket(rw http.ResponseWriter, r *http.Request) {
	taken := &smallReads{ResponseWriter: rw, sends: !w.waitingWrites}
	ws, err := websocket.Accept(taken, r, &websocket.AcceptOptions{OriginPatterns: w.cfg.Origins})
	if err != nil {
		return // Accept answered: a cross-origin or a plain request
	}
	if !w.hold() {
		ws.CloseNow() // the server is closing
		return
	}
	ws.SetReadLimit(maxFrame)
	ctx, cancel := context.WithCancel(w.ctx)
	// end lets the socket go, whichever goroutine it ends on.
	end := func() {
		cancel()
		ws.CloseNow()
		w.sockets.Done()
	}
	c, lang, err := w.greet(ctx, ws)
	if err != nil {
		if !isRefusal(err) {
			w.cfg.Log.Warn("a web page's hello failed", "err", err)
		}
		w.refuse(ctx, ws, err, lang)
		end()
		return
	}
	c.out = taken.out
	// The page's life goes on without net/http's goroutine, which read the
	// request and drew the first page: what it held for the request (its
	// connection's state, the headers, a stack grown for the drawing) was
	// nearly half of what an open page kept, memory the collector marks
	// again at every cycle (docs/web.md). Its reading waits in the poller,
	// or on a goroutine of its own where there is none.
	rd := &reader{w: w, c: c, ws: ws, br: taken.br, ctx: ctx, end: end, clicks: newLimiter(w.cfg.Clicks)}
	w.hub.join(c.pass.where().Key(), c)
	if w.poll != nil {
		rd.watch = w.poll.add(taken.nc, rd.run)
	}
	if rd.watch == nil {
		c.start(ctx)
		go rd.run()
		return
	}
	// A socket the server, or a failed write, ends is read from once more,
	// and the read says so.
	c.broken = func() { w.poll.kick(rd.watch) }
	if c.out != nil {
		c.out.setBroken(c.broken)
	}
	rd.stopKick = context.AfterFunc(ctx, c.broken)
	c.start(ctx)
	if !rd.settle() {
		go rd.run()
	}
}

// readBuffer is a socket's read buffer: a click is a hundred bytes or so,
// and net/http's 4 KB a connection was an eighth of an open page's memory.
const readBuffer = 512

// smallReads hands the socket over with a read buffer of readBuffer bytes
// instead of net/http's (which goes with net/http's goroutine), holding
// what net/http had read ahead: a page's hello can come before net/http
// lets the connection go. It keeps the connection and the buffer it read
// through: a click buffered already is read without waiting for the
// connection.
type smallReads struct {
	http.ResponseWriter
	nc net.Conn
	br *bufio.Reader
	// sends asks for writes that never wait; out is their writer, if
	// the connection allows them (sends.go).
	sends bool
	out   *sender
}

func (s *smallReads) Unwrap() http.ResponseWriter { return s.ResponseWriter }

func (s *smallReads) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	h, ok := s.ResponseWriter.(http.Hijacker)
	if !ok {
		return nil, nil, errors.New("web: the connection cannot be taken over")
	}
	nc, brw, err := h.Hijack()
	if err != nil {
		return nc, brw, err
	}
	s.nc, s.br = nc, brw.Reader
	if s.sends {
		if s.out = newSender(nc); s.out != nil {
			brw.Writer.Reset(s.out) // net/http's buffer, kept
		}
	}
	ahead := brw.Reader.Buffered()
	if ahead > readBuffer {
		return nc, brw, nil
	}
	var r io.Reader = nc
	if ahead > 0 {
		b, _ := brw.Reader.Peek(ahead)
		r = io.MultiReader(bytes.NewReader(bytes.Clone(b)), nc)
	}
	small := bufio.NewReaderSize(r, readBuffer)
	if _, err := small.Peek(ahead); err != nil { // the bytes read ahead, buffered again
		return nil, nil, fmt.Errorf("web: take over the connection: %w", err)
	}
	s.br = small
	return nc, bufio.NewReadWriter(small, brw.Writer), nil
}

// greet reads the page's hello and answers with its words, its session
// and its page. Refused, it says in which language to say why.
func (w *Web) greet(ctx context.Context, ws *websocket.Conn) (*conn, words.Lang, error) {
	hctx, cancel := context.WithTimeout(ctx, helloWait)
	defer cancel()
	_, data, err := ws.Read(hctx)
	if err != nil {
		return nil, words.Lang{}, errBadPass
	}
	var h hello
	if err := json.Unmarshal(data, &h); err != nil || h.T != "hello" {
		return nil, words.Lang{}, errBadPass
	}
	lang := readerLang("", h.Lang)
	now := w.cfg.Now()
	var p pass
	switch {
	case h.Link != "":
		if p, err = open(w.cfg.Secret, h.Link, kindLink, now); err != nil {
			return nil, lang, err
		}
	case h.Session != "":
		if p, err = open(w.cfg.Secret, h.Session, kindSession, now); err != nil {
			return nil, lang, err
		}
	default:
		return nil, lang, errBadPass
	}
	lang = readerLang(p.Lang, h.Lang)
	spend := func() error {
		if !p.Once {
			return nil
		}
		fresh, err := w.marks.AddRecord(ctx, "web-link:"+p.Nonce, []byte("1"), time.Unix(p.Expires, 0).Sub(now)+time.Minute)
		if err != nil {
			return err
		}
		if !fresh {
			return errUsed
		}
		return nil
	}
	if h.Link != "" && p.Launch {
		// Spent first: a launch may open a lobby, and its replay must not.
		if err := spend(); err != nil {
			return nil, lang, err
		}
	}
	page, err := w.host.Page(ctx, p.where(), p.User, lang)
	if errors.Is(err, protocol.ErrNoGame) && h.Link != "" && p.Launch {
		// Launched where no game is open: a lobby opens, theirs.
		if err := w.openLobby(ctx, p, lang); err != nil {
			return nil, lang, err
		}
		page, err = w.host.Page(ctx, p.where(), p.User, lang)
	}
	switch {
	case errors.Is(err, protocol.ErrNoGame):
		return nil, lang, errNoGame
	case err != nil:
		return nil, lang, err
	}
	if h.Link != "" {
		if page.Game != p.Game && !p.Launch {
			return nil, lang, errOtherGame
		}
		if !p.Launch {
			if err := spend(); err != nil {
				return nil, lang, err
			}
		}
		p.Kind, p.Nonce, p.Once, p.Launch = kindSession, "", false, false
		p.Expires = now.Add(w.cfg.SessionTTL).Unix()
	}
	session, err := sign(w.cfg.Secret, p)
	if err != nil {
		return nil, lang, err
	}
	c := &conn{ws: ws, pass: p, lang: lang, ver: page.Version}
	c.notes = [][]byte{
		encode(frame{T: "words", Words: pageWords(lang), Lang: lang.Code()}),
		encode(frame{T: "session", Session: session}),
		encode(frame{T: "page", Page: &page}),
	}
	return c, lang, nil
}

// readerLang is the page's language: the person's platform locale, else
// their browser's, else English.
func readerLang(platform, browser string) words.Lang {
	if l, ok := words.Find(platform); ok && platform != "" {
		return l
	}
	if l := words.Match(browser); !l.IsZero() {
		return l
	}
	return words.Lang{}
}

// click hands a page's click to the host as the page's person, and sends
// its private answer back to this page alone: the table and the hand
// follow from the stored change (Changed).
func (w *Web) click(ctx context.Context, c *conn, a act) {
	var action protocol.Action
	var err error
	if a.Values != nil {
		action, err = protocol.ParseSelection(a.ID, a.Values)
	} else {
		action, err = protocol.ParseActionID(a.ID)
	}
	if err != nil {
		return // a forged or stale button: nothing a person pressed
	}
	req := protocol.Request{Where: c.pass.where(), Who: protocol.User{ID: c.pass.User, Name: c.pass.Name},
		Action: action, Lang: c.lang, FromPrivate: true, Away: true, ID: "web-" + nonce()}
	c.mu.Lock()
	before := c.ver
	c.mu.Unlock()
	resp, err := w.host.Handle(ctx, req)
	if err != nil {
		w.cfg.Log.Error("a web click failed", "game", c.pass.where().Key(), "err", err)
		return
	}
	if _, ok := action.(protocol.Review); ok && !hasReview(resp, c.pass.User) && queued(resp, c.pass.User) {
		// The review was queued: it goes to the person's messages when
		// done, and this page shows it too, asking again until it is.
		if c.awaiting.CompareAndSwap(false, true) {
			go func() {
				defer c.awaiting.Store(false)
				w.awaitReview(ctx, c, req)
			}()
		}
	}
	w.answer(c, resp, before)
}

// answer shows the page the private part of the host's answer to its
// click: a notice, or the hand as the click left it.
func (w *Web) answer(c *conn, resp protocol.Response, before uint64) {
	for _, d := range resp.Deliveries {
		if d.To.User != c.pass.User || d.To.IsPublic() {
			continue
		}
		v := d.View
		switch v.Screen {
		case protocol.ScreenTable, protocol.ScreenLobby:
			continue // the page draws these from the game itself
		case protocol.ScreenHand:
			// The hand as this click left it: a step the game does not
			// store (a Party call's list of cards), or the locked pick.
			// Unless the game has moved on by more than this click's own
			// change, it is shown until the next page.
			c.mu.Lock()
			current := c.ver <= before+1
			c.mu.Unlock()
			if current {
				c.offerNote(encode(frame{T: "hand", View: &v}))
			}
			continue
		}
		c.offerNote(encode(frame{T: "notice", View: &v}))
	}
	// A change the host stored is announced, and every page of the game
	// redrawn from there (Changed, Follow): this one too.
}

// reviewWait is how often, and how many times, a page whose review was
// queued asks for it again: each ask reads the stored review (the job
// was queued by the first, and is not queued again).
const (
	reviewWait  = 2 * time.Second
	reviewTries = 150
)

// awaitReview asks for the review req asked for until it is ready (or
// the page closes, or it has waited five minutes), and shows it.
func (w *Web) awaitReview(ctx context.Context, c *conn, req protocol.Request) {
	tick := time.NewTicker(reviewWait)
	defer tick.Stop()
	for range reviewTries {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		req.ID = "web-" + nonce()
		resp, err := w.host.Handle(ctx, req)
		done := err == nil && hasReview(resp, c.pass.User)
		if done {
			w.answer(c, resp, 0)
		}
		if done || err != nil || !queued(resp, c.pass.User) {
			return // shown; or refused, or failed: the first answer said so
		}
	}
}

// hasReview reports whether resp gives user their review.
func hasReview(resp protocol.Response, user string) bool {
	return privately(resp, user, func(v protocol.View) bool { return v.Screen == protocol.ScreenReview })
}

// queued reports whether resp tells user, privately, that their review
// is on its way (a notice that is not an error).
func queued(resp protocol.Response, user string) bool {
	return privately(resp, user, func(v protocol.View) bool {
		return v.Screen == protocol.ScreenNotice && v.Tone != protocol.ToneError
	})
}

// privately reports whether resp shows user, privately, a view that is.
func privately(resp protocol.Response, user string, is func(protocol.View) bool) bool {
	for _, d := range resp.Deliveries {
		if d.To.User == user && !d.To.IsPublic() && is(d.View) {
			return true
		}
	}
	return false
}

// pageFrame draws the page of p's reader in lang.
func (w *Web) pageFrame(p pass, lang words.Lang) ([]byte, uint64, error) {
	page, err := w.host.Page(w.ctx, p.where(), p.User, lang)
	if errors.Is(err, protocol.ErrNoGame) {
		return nil, 0, errNoGame
	}
	if err != nil {
		return nil, 0, err
	}
	return encode(frame{T: "page", Page: &page}), page.Version, nil
}

// refuse tells the page why it is closed, in its reader's language, and
// closes it with the reason's code.
func (w *Web) refuse(ctx context.Context, ws *websocket.Conn, why error, lang words.Lang) {
	key, code := refusal(why)
	wctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	_ = ws.Write(wctx, websocket.MessageText, encode(frame{T: "refused", Text: lang.Say(key), Reason: code}))
	status := websocket.StatusPolicyViolation
	if errors.Is(why, errNoGame) {
		status = websocket.StatusNormalClosure
	}
	ws.Close(status, code)
}

// refusals are the page's faults, each with its words; its code is the
// error's text.
var refusals = []struct {
	err error
	key words.Key
}{
	{errExpired, "web.refused.linkExpired"},
	{errUsed, "web.refused.linkUsed"},
	{errOtherGame, "web.refused.otherGame"},
	{errSession, "web.refused.session"},
	{errTooMuch, "web.refused.tooMuch"},
	{errNoGame, "web.noGame"},
	{errBadPass, "web.refused.linkBad"},
}

// refusal is why's words and its code: a refusal's, or else "try again"
// (the host or the store failed, not the page).
func refusal(why error) (key words.Key, code string) {
	for _, r := range refusals {
		if errors.Is(why, r.err) {
			return r.key, r.err.Error()
		}
	}
	return "web.refused.tryAgain", errTryAgain.Error()
}

// isRefusal reports whether err is the page's fault (a refusal with its
// own words), not the host's or the store's.
func isRefusal(err error) bool {
	_, code := refusal(err)
	return code != errTryAgain.Error()
}

// pageWords are the page's own words in lang.
func pageWords(w words.Lang) map[string]string {
	return map[string]string{
		"pageTitle":    w.Say("web.pageTitle"),
		"connecting":   w.Say("web.connecting"),
		"reconnecting": w.Say("web.reconnecting"),
		"watching":     w.Say("web.watching"),
		"confirm":      w.Say("web.confirm"),
		"tapAgain":     w.Say("web.tapAgain"),
		"timeLeft":     w.Say("web.timeLeft", "%s"),
		"reviewPrev":   w.Say("web.review.prev"),
		"reviewNext":   w.Say("web.review.next"),
		"reviewStep":   w.Say("web.review.step", "%d", "%d"),
	}
}
