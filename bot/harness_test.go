package bot_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/review"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/storage/bolt"
	"github.com/sushigo/sushigo/storage/redis"
	"github.com/sushigo/sushigo/words"
)

// harness plays the adapter's part against a real store, with a fixed clock
// and seeds: it delivers views, remembers the refs of slotted messages and
// clicks buttons by their action IDs.
type harness struct {
	t     testing.TB
	b     *bot.Bot
	store storage.Store
	path  string
	now   time.Time
	seed  uint64
	// hands, when set, are the round-1 hands every game starts with
	// (bot.DealHands).
	hands [][]engine.Card
	where protocol.Location
	tok   int
	// reopen replaces the store as a process restart would.
	reopen func() storage.Store
	// onStored, when set, hears every change the host stores.
	onStored func(bot.Stored)

	public  []protocol.View          // every channel delivery, in order
	private map[string]protocol.View // each user's latest private view
	hand    map[string]protocol.View // each user's latest private message that has pick buttons (their hand)
	all     []sent                   // every delivery
	// handles maps each request's reply handle to the audience of the
	// message it edits: its first reply's (as on Discord and Slack).
	handles map[string]string
	// sender, when set, makes the host's posts and edits durable (its
	// outbox); every request is then followed by a timer tick that
	// delivers them through it.
	sender *fakeSender
	// admins are the users the adapter marks as channel moderators.
	admins map[string]bool
	// langs are the languages users' requests say they read (none: the
	// request says nothing).
	langs map[string]words.Lang
}

type sent struct {
	d    protocol.Delivery
	from string // who triggered it ("" for a timer)
}

// requestIDs numbers every request of every harness (copies included).
var requestIDs atomic.Int64

var start = time.Date(2026, 11, 18, 20, 0, 0, 0, time.UTC)

func openStore(t testing.TB, path string) storage.Store {
	s, err := bolt.Open(path, bolt.Options{NoSync: true, SweepEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func newHarness(t testing.TB) *harness {
	path := filepath.Join(t.TempDir(), "sushigo.db")
	h := &harness{t: t, path: path, now: start, seed: 42,
		where:   protocol.Location{Platform: "test", Community: "guild", Channel: "chan"},
		private: map[string]protocol.View{}, hand: map[string]protocol.View{}, handles: map[string]string{}}
	h.store = openStore(t, path)
	h.b = h.newBot()
	return h
}

// newRedisHarness is newHarness on the real Redis; restart reconnects with
// a new client to the same keys.
func newRedisHarness(t testing.TB) *harness {
	h := newHarness(t)
	rs, url, prefix := redisStore(t)
	h.store = rs
	h.reopen = func() storage.Store {
		rs.Close()
		s, err := redis.Dial(context.Background(), url, redis.Options{Prefix: prefix})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
	h.b = h.newBot()
	return h
}

// stored puts a game's record in the harness's channel as it was stored
// (by an earlier release: its bytes as captured).
func (h *harness) stored(data []byte) {
	h.t.Helper()
	if _, err := h.store.SaveGame(context.Background(), h.where.Key(), data, 0, 0); err != nil {
		h.t.Fatal(err)
	}
}

func (h *harness) newBot() *bot.Bot {
	cfg := bot.Config{
		Now:  func() time.Time { return h.now },
		Seed: func() uint64 { h.seed++; return h.seed },
		// The host's tests check who gets a review, when and how it is
		// kept; engine/review's weigh what it says.
		Review:   &review.Options{Samples: 4, Iterations: 8, Refine: 1},
		OnStored: h.onStored,
	}
	if h.sender != nil {
		cfg.Platforms = map[string]protocol.Platform{h.where.Platform: {Sender: h.sender}}
	}
	b := bot.New(h.store, cfg)
	if h.hands != nil {
		b.DealHands(h.hands...)
	}
	return b
}

// dealing makes the games this host starts begin with round-1 hands that
// begin with the given cards.
func (h *harness) dealing(hands ...[]engine.Card) {
	h.hands = hands
	h.b.DealHands(hands...)
}

// restart closes the store and opens it again, as a process restart would.
func (h *harness) restart() {
	if h.reopen != nil {
		h.store = h.reopen()
	} else {
		if c, ok := h.store.(interface{ Close() error }); ok {
			c.Close()
		}
		h.store = openStore(h.t, h.path)
	}
	h.b = h.newBot()
}

func user(id string) protocol.User {
	return protocol.User{ID: id, Name: strings.ToUpper(id[:1]) + id[1:]}
}

// do sends a typed command.
func (h *harness) do(who string, text string) protocol.Response {
	h.t.Helper()
	a, err := protocol.ParseCommand(text, words.English)
	if err != nil {
		h.t.Fatalf("parse %q: %v", text, err)
	}
	return h.send(who, a, false)
}

// click presses a button by action ID; private says it was on a private
// message.
func (h *harness) click(who, actionID string, private bool) protocol.Response {
	h.t.Helper()
	a, err := protocol.ParseActionID(actionID)
	if err != nil {
		h.t.Fatalf("parse action %q: %v", actionID, err)
	}
	return h.send(who, a, private)
}

func (h *harness) send(who string, a protocol.Action, private bool) protocol.Response {
	h.t.Helper()
	h.tok++
	u := user(who)
	u.Admin = h.admins[who]
	req := protocol.Request{Where: h.where, Who: u, Action: a, FromPrivate: private,
		Reply: protocol.Ref{ID: fmt.Sprintf("tok%d", h.tok), Expires: h.now.Add(14 * time.Minute)},
		ID:    fmt.Sprintf("req%d", requestIDs.Add(1)), // unique, as Discord's interaction IDs are
		Lang:  h.langs[who]}
	resp, err := h.b.Handle(context.Background(), req)
	if err != nil {
		h.t.Fatalf("%s %T: %v", who, a, err)
	}
	for _, d := range resp.Deliveries {
		if d.Kind == protocol.Reply {
			h.handles[req.Reply.ID] = d.To.User
			break
		}
	}
	h.deliver(who, resp)
	if h.sender != nil {
		h.tick(0)
	}
	return resp
}

func (h *harness) deliver(from string, resp protocol.Response) {
	for _, d := range resp.Deliveries {
		h.record(from, d)
		if d.Slot != "" {
			id := fmt.Sprintf("msg%d", len(h.all))
			if err := h.b.Remember(context.Background(), h.where, h.gameID(), d.Slot, protocol.Ref{ID: id}); err != nil {
				h.t.Fatal(err)
			}
		}
	}
}

// record keeps one delivery as the channel or its user sees it.
func (h *harness) record(from string, d protocol.Delivery) {
	{
		if aud, ok := h.handles[d.Ref.ID]; ok && d.Kind == protocol.Edit && aud != d.To.User {
			h.t.Errorf("an edit for %q goes through a handle whose message %q sees (%q)", d.To.User, aud, d.View.Title)
		}
		h.all = append(h.all, sent{d, from})
		if d.Kind == protocol.Delete {
			return
		}
		to := d.To.User
		if d.Kind == protocol.Reply && !d.To.IsPublic() {
			to = d.To.User
		}
		if d.To.IsPublic() {
			h.public = append(h.public, d.View)
		} else {
			h.private[to] = d.View
			if hasPick(d.View) || strings.Contains(d.View.Title, "Your hand") {
				h.hand[to] = d.View
			}
		}
	}
}

// tick advances the clock and fires due timers.
func (h *harness) tick(d time.Duration) []protocol.Outbound {
	h.t.Helper()
	h.now = h.now.Add(d)
	out, err := h.b.Tick(context.Background())
	if err != nil {
		h.t.Fatal(err)
	}
	for _, o := range out {
		h.deliver("", o.Response)
	}
	return out
}

func hasPick(v protocol.View) bool {
	for _, b := range v.Buttons() {
		if strings.HasPrefix(b.ActionID, "sg1:pick:") || strings.HasPrefix(b.ActionID, "sg2:pick:") {
			return true
		}
	}
	return false
}

func (h *harness) gameID() string {
	for i := len(h.public) - 1; i >= 0; i-- {
		for _, b := range h.public[i].Buttons() {
			if f := strings.Split(b.ActionID, ":"); len(f) >= 3 {
				return f[2]
			}
		}
	}
	return ""
}

// lastPublic returns the latest channel view whose title contains s.
func (h *harness) lastPublic(s string) (protocol.View, bool) {
	for i := len(h.public) - 1; i >= 0; i-- {
		if strings.Contains(h.public[i].Title, s) {
			return h.public[i], true
		}
	}
	return protocol.View{}, false
}

// ratingsOf is the ratings a channel view shows: the closing post's
// "📈 Ratings" field, or a ratings post of its own (a game that did not
// reach its end), as a view whose Text is the ratings.
func ratingsOf(v protocol.View) (protocol.View, bool) {
	if v.Title == "📈 Ratings" {
		return v, true
	}
	for _, f := range v.Fields {
		if f.Name == "📈 Ratings" {
			return protocol.View{Title: f.Name, Text: f.Value, Footer: v.Footer, Screen: protocol.ScreenRatings}, true
		}
	}
	return protocol.View{}, false
}

// lastPing returns the latest ping (start, decision, reminder) whose text
// contains s.
func (h *harness) lastPing(s string) (protocol.View, bool) {
	for i := len(h.public) - 1; i >= 0; i-- {
		if h.public[i].Screen == protocol.ScreenPing && strings.Contains(h.public[i].Text, s) {
			return h.public[i], true
		}
	}
	return protocol.View{}, false
}

// table returns the latest public table view.
func (h *harness) table() protocol.View {
	for i := len(h.public) - 1; i >= 0; i-- {
		if t := h.public[i].Title; strings.HasPrefix(t, "🍣 Sushi Go! — round") || strings.HasPrefix(t, "🎉 Sushi Go Party! — round") {
			return h.public[i]
		}
	}
	return protocol.View{}
}

func button(v protocol.View, label string) (protocol.Button, bool) {
	for _, b := range v.Buttons() {
		if strings.Contains(b.Label, label) {
			return b, true
		}
	}
	return protocol.Button{}, false
}

// lobby opens a game with host and joins the others by button.
func (h *harness) lobby(host string, opts string, others ...string) {
	h.t.Helper()
	h.do(host, "new "+opts)
	for _, o := range others {
		v, _ := h.lastPublic("lobby")
		j, ok := button(v, "Join")
		if !ok {
			h.t.Fatal("no Join button on the lobby")
		}
		h.click(o, j.ActionID, false)
	}
}

// startGame presses Start on the lobby as host.
func (h *harness) startGame(host string) {
	h.t.Helper()
	lobby, _ := h.lastPublic("lobby")
	st, ok := button(lobby, "Start")
	if !ok {
		h.t.Fatal("no Start button on the lobby")
	}
	h.click(host, st.ActionID, false)
}
