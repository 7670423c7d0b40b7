package web_test

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/sushigo/sushigo/adapters/web"
	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/engine/review"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage/bolt"
	"github.com/sushigo/sushigo/words"
)

var where = protocol.Location{Platform: "test", Community: "guild", Channel: "c1"}

// table is a host, its web table and a test server in front of it, with
// a clock the test moves.
type table struct {
	t    *testing.T
	host *bot.Bot
	web  *web.Web
	srv  *httptest.Server
	mu   sync.Mutex
	now  time.Time
	// clicks is the sockets' Config.Clicks: a test plays faster than a
	// person.
	clicks int
}

func newTable(t *testing.T) *table { return newTableAt(t, 1000) }

func newTableAt(t *testing.T, clicks int) *table { return newTableWith(t, clicks, true) }

// newTableWith is a table whose host thinks (and reviews) inside the
// request when inline, else in its timer loop (Tick), as serve's does.
func newTableWith(t *testing.T, clicks int, inline bool) *table {
	t.Helper()
	return newTableReading(t, clicks, inline, false)
}

// newTableReading is newTableWith whose pages' sockets are read, and
// written, on goroutines of their own if onGoroutines, as where there is
// no poller and no sender.
func newTableReading(t *testing.T, clicks int, inline, onGoroutines bool) *table {
	t.Helper()
	store, err := bolt.Open(filepath.Join(t.TempDir(), "w.db"), bolt.Options{NoSync: true, SweepEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	tb := &table{t: t, now: time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC), clicks: clicks}
	var seed uint64 = 40
	var changed func(protocol.Changed)
	tb.host = bot.New(store, bot.Config{Now: tb.clock, Seed: func() uint64 { seed++; return seed }, Timer: -1, ThinkInline: inline,
		Review: &review.Options{Samples: 2, Iterations: 4, Refine: 1},
		OnStored: func(s bot.Stored) {
			if changed != nil {
				changed(s.Change())
			}
		}})
	tb.srv = httptest.NewUnstartedServer(nil)
	tb.web, err = web.New(tb.host, store, web.Config{Secret: []byte(strings.Repeat("k", 32)), Base: "http://" + tb.srv.Listener.Addr().String() + "/", Now: tb.clock, Clicks: tb.clicks})
	if err != nil {
		t.Fatal(err)
	}
	if onGoroutines {
		tb.web.ReadOnGoroutines()
		tb.web.WriteOnGoroutines()
	}
	changed = tb.web.Changed
	tb.srv.Config.Handler = tb.web
	tb.srv.Start()
	t.Cleanup(func() { tb.srv.Close(); tb.web.Close() })
	return tb
}

func (tb *table) clock() time.Time { tb.mu.Lock(); defer tb.mu.Unlock(); return tb.now }

func (tb *table) wait(d time.Duration) { tb.mu.Lock(); tb.now = tb.now.Add(d); tb.mu.Unlock() }

func person(id string) protocol.User {
	return protocol.User{ID: id, Name: strings.ToUpper(id[:1]) + id[1:]}
}

// do sends a chat request as who, as another front end would.
func (tb *table) do(who string, a protocol.Action) protocol.Response {
	tb.t.Helper()
	resp, err := tb.host.Handle(context.Background(), protocol.Request{Where: where, Who: person(who), Action: a})
	if err != nil {
		tb.t.Fatal(err)
	}
	return resp
}

func (tb *table) game() string {
	tb.t.Helper()
	p, err := tb.host.Page(context.Background(), where, "", words.Lang{})
	if err != nil {
		tb.t.Fatal(err)
	}
	return p.Game
}

func (tb *table) link(who string) string {
	tb.t.Helper()
	l, err := tb.web.Link(where, person(who), tb.game(), words.Lang{})
	if err != nil {
		tb.t.Fatal(err)
	}
	return l
}

// page is one socket to the table, keeping every frame it got.
type page struct {
	t      *testing.T
	ws     *websocket.Conn
	mu     sync.Mutex
	frames []json.RawMessage
	got    chan struct{}
	closed chan struct{}
}

type frameOf struct {
	T       string         `json:"t"`
	Page    *protocol.Page `json:"page"`
	View    *protocol.View `json:"view"`
	Session string         `json:"session"`
	Reason  string         `json:"reason"`
	Text    string         `json:"text"`
}

func (tb *table) open(hello map[string]string) *page {
	tb.t.Helper()
	ctx := context.Background()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(tb.srv.URL, "http")+"/ws", nil)
	if err != nil {
		tb.t.Fatal(err)
	}
	p := &page{t: tb.t, ws: ws, got: make(chan struct{}, 1), closed: make(chan struct{})}
	tb.t.Cleanup(func() { ws.CloseNow() })
	hello["t"] = "hello"
	b, _ := json.Marshal(hello)
	if err := ws.Write(ctx, websocket.MessageText, b); err != nil {
		tb.t.Fatal(err)
	}
	go func() {
		defer close(p.closed)
		for {
			_, data, err := ws.Read(ctx)
			if err != nil {
				return
			}
			p.mu.Lock()
			p.frames = append(p.frames, data)
			p.mu.Unlock()
			select {
			case p.got <- struct{}{}:
			default:
			}
		}
	}()
	return p
}

func (p *page) all() []frameOf {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := make([]frameOf, len(p.frames))
	for i, f := range p.frames {
		if err := json.Unmarshal(f, &out[i]); err != nil {
			p.t.Fatal(err)
		}
	}
	return out
}

// until waits for a frame that ok accepts (a page frame's newest page
// first), or fails after a while.
func (p *page) until(what string, ok func(f frameOf) bool) frameOf {
	p.t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		fs := p.all()
		for i := len(fs) - 1; i >= 0; i-- {
			if ok(fs[i]) {
				return fs[i]
			}
		}
		select {
		case <-p.got:
		case <-p.closed:
			for _, f := range p.all() {
				if ok(f) {
					return f
				}
			}
			last, _ := json.Marshal(fs[max(0, len(fs)-2):])
			p.t.Fatalf("the socket closed waiting for %s; frames: %d, the last: %.600s", what, len(fs), last)
		case <-deadline:
			p.t.Fatalf("no %s in %d frames", what, len(fs))
		}
	}
}

func (p *page) latest() protocol.Page {
	p.t.Helper()
	return *p.until("a page", func(f frameOf) bool { return f.T == "page" }).Page
}

func (p *page) send(id string) {
	p.t.Helper()
	b, _ := json.Marshal(map[string]string{"t": "act", "id": id})
	if err := p.ws.Write(context.Background(), websocket.MessageText, b); err != nil {
		p.t.Fatal(err)
	}
}

// eventually waits for cond, asking every millisecond for up to 10 s, and
// fails with what else.
func eventually(t *testing.T, cond func() bool, what func() string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal(what())
		}
	}
}

func refusedWith(code string) func(f frameOf) bool {
	return func(f frameOf) bool { return f.T == "refused" && f.Reason == code }
}

func (tb *table) lobbyOf(people ...string) {
	tb.do(people[0], protocol.NewGame{Options: protocol.Options{Timer: -1}})
	for _, p := range people[1:] {
		tb.do(p, protocol.Join{Game: tb.game()})
	}
}

// TestLinksAndSessions: a link opens its person's page once, within its
// time, for its game; the session it gives reopens the page; anything
// else is refused with a reason the page shows.
func TestLinksAndSessions(t *testing.T) {
	tb := newTable(t)
	tb.lobbyOf("ann", "bob")
	link := tb.link("ann")
	token := link[strings.Index(link, "#")+1:]

	first := tb.open(map[string]string{"link": token})
	session := first.until("a session", func(f frameOf) bool { return f.T == "session" }).Session
	if p := first.latest(); p.Game != tb.game() || p.Seat != 0 || p.Table.Screen != protocol.ScreenLobby {
		t.Fatalf("ann's first page: game %q seat %d screen %d", p.Game, p.Seat, p.Table.Screen)
	}
	tb.open(map[string]string{"link": token}).until("a refusal of the used link", refusedWith("link-used"))
	again := tb.open(map[string]string{"session": session})
	if p := again.latest(); p.Seat != 0 {
		t.Errorf("the session reopened seat %d", p.Seat)
	}
	// Forged: another name in the same signature.
	body, sig, _ := strings.Cut(token, ".")
	forged := strings.Replace(body, "Y", "Z", 1) + "." + sig
	tb.open(map[string]string{"link": forged}).until("a refusal of a forged link", refusedWith("link-bad"))
	tb.open(map[string]string{"session": token}).until("a link posing as a session", refusedWith("link-bad"))
	tb.open(map[string]string{}).until("a refusal of no pass", refusedWith("link-bad"))
	// Expired.
	late := tb.link("bob")
	tb.wait(11 * time.Minute)
	tb.open(map[string]string{"link": late[strings.Index(late, "#")+1:]}).until("a refusal of an expired link", refusedWith("link-expired"))
	// For an earlier game: the channel has moved on.
	old := tb.link("bob")
	tb.do("ann", protocol.End{Game: tb.game()})
	tb.lobbyOf("ann", "bob")
	tb.open(map[string]string{"link": old[strings.Index(old, "#")+1:]}).until("a refusal of an earlier game's link", refusedWith("other-game"))
	// The refusal is said in the person's words.
	f := tb.open(map[string]string{"link": "x.y"}).until("a refusal", refusedWith("link-bad"))
	if f.Text != (words.Lang{}).Say("web.refused.linkBad") {
		t.Errorf("refused with %q", f.Text)
	}
}

// TestCrossOriginRefused: a socket opened from another site's page (a
// browser sends its Origin) is refused at the upgrade.
func TestCrossOriginRefused(t *testing.T) {
	tb := newTable(t)
	h := http.Header{"Origin": []string{"https://evil.example"}}
	_, resp, err := websocket.Dial(context.Background(), "ws"+strings.TrimPrefix(tb.srv.URL, "http")+"/ws", &websocket.DialOptions{HTTPHeader: h})
	if err == nil || resp == nil || resp.StatusCode != http.StatusForbidden {
		t.Fatalf("a cross-origin upgrade: %v, %v", resp, err)
	}
}

// TestTooManyClicks: a page that floods its socket is closed, and told why.
func TestTooManyClicks(t *testing.T) {
	tb := newTableAt(t, 10)
	tb.lobbyOf("ann", "bob")
	p := tb.open(map[string]string{"link": tb.link("ann")[strings.Index(tb.link("ann"), "#")+1:]})
	p.latest()
	for range 60 {
		b, _ := json.Marshal(map[string]string{"t": "act", "id": "sg1:hand:zz"})
		if p.ws.Write(context.Background(), websocket.MessageText, b) != nil {
			break // closed already
		}
	}
	p.until("a refusal of the flood", refusedWith("too-much"))
}

var pickID = regexp.MustCompile(`sg\d:pick:[^"]*`)

// playOut plays the game on people's pages to its end, each taking the
// first card it may.
func playOut(t *testing.T, pages map[string]*page, people []string) {
	t.Helper()
	// Each player acts on a page newer than the one they last acted on: a
	// pick made on a page the game had already left is refused, and the
	// next page (someone else's change) offers the card again.
	acted := map[string]uint64{}
	for over := false; !over; {
		for i, u := range people {
			p := pages[u].until("a newer page in play", func(f frameOf) bool {
				return f.T == "page" && f.Page.Table.Screen != protocol.ScreenLobby && (f.Page.Version > acted[u] || f.Page.Final != nil)
			}).Page
			if p.Final != nil {
				over = true
				break
			}
			if p.Seat != i || p.Hand == nil {
				t.Fatalf("%s's page: seat %d, hand %v", u, p.Seat, p.Hand != nil)
			}
			acted[u] = p.Version
			for _, row := range p.Hand.Rows {
				if card := firstEnabled(row, ":pick:"); card != "" {
					pages[u].send(card)
					break
				}
			}
		}
	}
}

// TestWholeGamePrivacy plays a whole game of three from their pages, with
// a watcher's page open, and searches every frame each page got: a
// watcher's holds no hand and no card to pick; a player's holds their own
// hand only, and no card to pick outside it.
func TestWholeGamePrivacy(t *testing.T) { wholeGamePrivacy(t, newTable(t)) }

func wholeGamePrivacy(t *testing.T, tb *table) {
	people := []string{"ann", "bob", "cy"}
	tb.lobbyOf(people...)
	pages := map[string]*page{}
	for _, u := range append(people, "wes") {
		l := tb.link(u)
		pages[u] = tb.open(map[string]string{"link": l[strings.Index(l, "#")+1:]})
		pages[u].latest()
	}
	start := ""
	for _, row := range pages["ann"].latest().Table.Rows {
		for _, b := range row {
			if strings.Contains(b.ActionID, ":start:") {
				start = b.ActionID
			}
		}
	}
	pages["ann"].send(start)
	playOut(t, pages, people)
	final := pages["wes"].until("the final standings", func(f frameOf) bool { return f.T == "page" && f.Page.Final != nil }).Page
	if final.Seat != -1 || final.Hand != nil {
		t.Errorf("the watcher's last page: seat %d, hand %v", final.Seat, final.Hand != nil)
	}
	sawScores := false
	for u, p := range pages {
		frames := p.all()
		if len(frames) < 10 {
			t.Errorf("%s's page got %d frames", u, len(frames))
		}
		for _, f := range frames {
			if f.T == "hand" && (u == "wes" || f.View == nil || f.View.Screen != protocol.ScreenHand) {
				t.Fatalf("%s's page was sent a hand frame: %+v", u, f.View)
			}
			if f.T != "page" {
				continue
			}
			pg := *f.Page
			sawScores = sawScores || pg.Scores != nil && pg.Scores.Screen == protocol.ScreenRoundScores
			hand := pg.Hand
			pg.Hand = nil
			rest, _ := json.Marshal(pg)
			if m := pickID.Find(rest); m != nil {
				t.Fatalf("%s's page shows a card to pick outside their hand: %s", u, m)
			}
			if u == "wes" && hand != nil {
				t.Fatalf("the watcher's page has a hand: %+v", hand)
			}
			if hand != nil && hand.Screen != protocol.ScreenHand {
				t.Fatalf("%s's hand is a screen %d", u, hand.Screen)
			}
		}
	}
	if !sawScores {
		t.Error("no page showed a round's scores")
	}
}

// TestChatAndPageSeeEachOther: a change made in the chat redraws the open
// page, and a click on the page is a request the chat then shows.
func TestChatAndPageSeeEachOther(t *testing.T) {
	tb := newTable(t)
	tb.lobbyOf("ann")
	l := tb.link("ann")
	p := tb.open(map[string]string{"link": l[strings.Index(l, "#")+1:]})
	v := p.latest().Version
	tb.do("bob", protocol.Join{Game: tb.game()})
	joined := p.until("the page after Bob joined in the chat", func(f frameOf) bool {
		return f.T == "page" && f.Page.Version > v && strings.Contains(f.Page.Table.String(), "Bob")
	}).Page
	var start string
	for _, row := range joined.Table.Rows {
		for _, b := range row {
			if strings.Contains(b.ActionID, ":start:") {
				start = b.ActionID
			}
		}
	}
	p.send(start)
	p.until("the page in play", func(f frameOf) bool { return f.T == "page" && f.Page.Hand != nil })
	// The chat's table now shows the game in play, as the page's click left it.
	resp := tb.do("bob", protocol.Status{})
	if len(resp.Deliveries) == 0 || !strings.Contains(resp.Deliveries[0].View.Title, "round 1/3") {
		t.Errorf("the chat's look after the page's Start: %+v", resp.Deliveries)
	}
}

// TestPagesOutliveTheServersTimeouts: serve bounds every request with read
// and write timeouts; a page's socket must not keep their deadlines, or it
// would be cut off mid-game. (net/http clears them when the upgrade takes
// the connection over, though http.Hijacker's documentation says the
// caller must; this holds it to that.)
func TestPagesOutliveTheServersTimeouts(t *testing.T) {
	tb := newTable(t)
	tb.srv.Close()
	srv := httptest.NewUnstartedServer(tb.web)
	srv.Config.ReadTimeout, srv.Config.WriteTimeout = time.Minute, time.Minute
	conns := &trackedListener{Listener: srv.Listener}
	srv.Listener = conns
	srv.Start()
	defer srv.Close()
	tb.srv = srv
	tb.lobbyOf("ann")
	l := tb.link("ann")
	p := tb.open(map[string]string{"link": l[strings.Index(l, "#")+1:]})
	v := p.latest().Version
	tb.do("bob", protocol.Join{Game: tb.game()})
	p.until("a page after Bob joined", func(f frameOf) bool { return f.T == "page" && f.Page.Version > v })
	conns.mu.Lock()
	defer conns.mu.Unlock()
	if len(conns.all) != 1 {
		t.Fatalf("%d connections", len(conns.all))
	}
	if c := conns.all[0]; !c.read.IsZero() || !c.write.IsZero() || c.sets < 3 {
		t.Errorf("the page's connection keeps deadlines: read %v, write %v (%d set)", c.read, c.write, c.sets)
	}
}

// trackedListener remembers the deadlines last set on each connection.
type trackedListener struct {
	net.Listener
	mu  sync.Mutex
	all []*trackedConn
}

type trackedConn struct {
	net.Conn
	l           *trackedListener
	read, write time.Time
	sets        int
}

func (l *trackedListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	tc := &trackedConn{Conn: c, l: l}
	l.mu.Lock()
	l.all = append(l.all, tc)
	l.mu.Unlock()
	return tc, nil
}

func (c *trackedConn) SetDeadline(t time.Time) error {
	c.l.mu.Lock()
	c.read, c.write, c.sets = t, t, c.sets+1
	c.l.mu.Unlock()
	return c.Conn.SetDeadline(t)
}

func (c *trackedConn) SetReadDeadline(t time.Time) error {
	c.l.mu.Lock()
	c.read, c.sets = t, c.sets+1
	c.l.mu.Unlock()
	return c.Conn.SetReadDeadline(t)
}

func (c *trackedConn) SetWriteDeadline(t time.Time) error {
	c.l.mu.Lock()
	c.write, c.sets = t, c.sets+1
	c.l.mu.Unlock()
	return c.Conn.SetWriteDeadline(t)
}

// TestPageFiles: the page, its scripts and the cards' sprite are served
// under the strict policy; an unknown file is not.
func TestPageFiles(t *testing.T) {
	tb := newTable(t)
	for _, c := range []struct{ path, typ, has string }{
		{"/", "text/html; charset=utf-8", `<script type="module" src="app.js">`},
		{"/app.js", "text/javascript; charset=utf-8", "connect("},
		{"/cards.svg", "image/svg+xml", `<symbol id="c`},
	} {
		resp, err := http.Get(tb.srv.URL + c.path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != c.typ || !strings.Contains(string(body), c.has) ||
			!strings.HasPrefix(resp.Header.Get("Content-Security-Policy"), "default-src 'self'") {
			t.Errorf("%s: %d %q, CSP %q", c.path, resp.StatusCode, resp.Header.Get("Content-Type"), resp.Header.Get("Content-Security-Policy"))
		}
	}
	if resp, err := http.Get(tb.srv.URL + "/secret.txt"); err != nil || resp.StatusCode != http.StatusNotFound {
		t.Errorf("an unknown file: %v %v", resp, err)
	}
}

// firstEnabled is the first enabled button of row whose action ID holds
// part, or "".
func firstEnabled(row []protocol.Button, part string) string {
	for _, b := range row {
		if strings.Contains(b.ActionID, part) && !b.Disabled {
			return b.ActionID
		}
	}
	return ""
}

// TestReviewOnThePage: Review my game pressed on a page, with the host
// reviewing in its timer loop as serve's does: the page is told the
// review is coming, then shows it when the loop has done it — every
// choice with its hand, the chart — and only to the person who asked.
func TestReviewOnThePage(t *testing.T) {
	tb := newTableWith(t, 1000, false)
	people := []string{"ann", "bob"}
	tb.lobbyOf(people...)
	pages := map[string]*page{}
	for _, u := range people {
		l := tb.link(u)
		pages[u] = tb.open(map[string]string{"link": l[strings.Index(l, "#")+1:]})
		pages[u].latest()
	}
	pages["ann"].send(firstEnabled(pages["ann"].latest().Table.Rows[0], ":start:"))
	playOut(t, pages, people)
	final := pages["bob"].until("the final standings", func(f frameOf) bool { return f.T == "page" && f.Page.Final != nil }).Page.Final
	rv := ""
	for _, row := range final.Rows {
		if id := firstEnabled(row, ":review:"); id != "" {
			rv = id
		}
	}
	if rv == "" {
		t.Fatal("no Review my game on the closing post")
	}
	pages["bob"].send(rv)
	pages["bob"].until("the word that the review is coming", func(f frameOf) bool {
		return f.T == "notice" && f.View.Screen == protocol.ScreenNotice && f.View.Tone != protocol.ToneError
	})
	if _, err := tb.host.Tick(context.Background()); err != nil {
		t.Fatal(err)
	}
	got := pages["bob"].until("the review", func(f frameOf) bool { return f.T == "notice" && f.View.Screen == protocol.ScreenReview }).View
	if len(got.Steps) < 10 || len(got.Chart) == 0 || !strings.Contains(got.Title, "Bob") {
		t.Fatalf("the review on the page: %q, %d steps, a chart of %d bytes", got.Title, len(got.Steps), len(got.Chart))
	}
	for k, st := range got.Steps {
		if st.Title == "" || st.Text == "" || len(st.Hand) == 0 || len(st.Names) != len(st.Hand) || st.Chosen < 0 || st.Chosen >= len(st.Hand) {
			t.Fatalf("step %d: %+v", k+1, st)
		}
	}
	for _, f := range pages["ann"].all() {
		if f.View != nil && f.View.Screen == protocol.ScreenReview {
			t.Fatal("Bob's review reached Ann's page")
		}
	}
}
