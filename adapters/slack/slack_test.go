package slack

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	slackapi "github.com/slack-go/slack"
	"github.com/slack-go/slack/socketmode"

	"github.com/sushigo/sushigo/adapters/adaptertest"
	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/storage/bolt"
)

const (
	team    = "T0SUSHI01"
	channel = "C0SUSHI01"
	secret  = "8f742231b10e8888abcd99yyyzzz85a5"
)

type person struct{ id, name string }

var (
	alice = person{"U0ALICE01", "alice"}
	bob   = person{"U0BOB0001", "bob"}
)

type env struct {
	t     *testing.T
	f     *fakeSlack
	a     *Adapter
	store storage.Store
	now   time.Time
	queue []func()
	// durable: the host sends posts and edits through its outbox, with
	// this adapter as its Sender; each request is followed by a tick.
	durable bool
}

// newDurableEnv is newEnv with the adapter as the host's Sender, as serve
// runs it.
func newDurableEnv(t *testing.T, hands protocol.HandsVia, tune ...func(*bot.Config)) *env {
	e := newEnv(t, hands)
	seed := uint64(7)
	row := e.a.Platform()
	row.Hands = hands
	cfg := bot.Config{Now: func() time.Time { return e.now }, Seed: func() uint64 { seed++; return seed },
		Platforms: map[string]protocol.Platform{"slack": row}, Review: &adaptertest.CheapReview}
	for _, f := range tune {
		f(&cfg)
	}
	e.a.host = bot.New(e.store, cfg)
	e.a.homes = e.a.host.(Homes)
	e.durable = true
	return e
}

// flush delivers what the host's timer loop would: its outbox and timers.
func (e *env) flush() {
	out, err := e.a.host.(*bot.Bot).Tick(context.Background())
	if err != nil {
		e.t.Fatal(err)
	}
	for _, o := range out {
		e.a.Deliver(context.Background(), o)
	}
}

func newEnv(t *testing.T, hands protocol.HandsVia) *env {
	store, err := bolt.Open(filepath.Join(t.TempDir(), "s.db"), bolt.Options{NoSync: true, SweepEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	e := &env{t: t, f: newFakeSlack(t), store: store, now: time.Now()}
	seed := uint64(7)
	host := bot.New(store, bot.Config{Now: func() time.Time { return e.now }, Seed: func() uint64 { seed++; return seed }, Review: &adaptertest.CheapReview})
	e.a = New(e.f.api(), host, Config{SigningSecret: secret, Now: func() time.Time { return e.now },
		// The host keeps every text within Slack's limits: a text the
		// adapter had to cut fails whatever test sent it.
		Cut: func(what string) { t.Errorf("a text was cut to Slack's limits: %s", what) }})
	// Deliveries come back in each response here (no Sender); the home
	// pages are the adapter's.
	host.AddPlatform("slack", protocol.Platform{Commands: protocol.Slash, Hands: hands, Home: e.a})
	e.a.background = func(f func()) { e.queue = append(e.queue, f) }
	return e
}

func signed(path string, body []byte, ts time.Time, key string) *http.Request {
	r := httptest.NewRequest(http.MethodPost, path, bytes.NewReader(body))
	stamp := strconv.FormatInt(ts.Unix(), 10)
	mac := hmac.New(sha256.New, []byte(key))
	mac.Write([]byte("v0:" + stamp + ":"))
	mac.Write(body)
	r.Header.Set("X-Slack-Request-Timestamp", stamp)
	r.Header.Set("X-Slack-Signature", "v0="+hex.EncodeToString(mac.Sum(nil)))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return r
}

func fill(t *testing.T, name string, vars map[string]string) string {
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	s := strings.TrimSpace(string(b))
	for k, v := range vars {
		s = strings.ReplaceAll(s, "{{"+k+"}}", v)
	}
	// Slack gives every interaction a trigger ID of its own.
	return strings.ReplaceAll(s, "{{TRIGGER}}", fmt.Sprintf("1246673%d.1395872398.0b8b1a4c", triggers.Add(1)))
}

// triggers numbers the interactions the tests make.
var triggers atomic.Int64

// noHandInChannel fails if any version of any channel message ever showed
// a hand (its title or its card buttons).
func (e *env) noHandInChannel() {
	e.t.Helper()
	for _, h := range e.f.history {
		if h.audience == "" && (strings.Contains(h.blocks, "Your hand") || strings.Contains(h.blocks, "sg1:pick:")) {
			e.t.Fatalf("a hand reached the channel: %s", h.blocks)
		}
	}
}

func (e *env) run() {
	for len(e.queue) > 0 {
		q := e.queue
		e.queue = nil
		for _, f := range q {
			f()
		}
	}
	if e.durable {
		e.flush()
		e.flush()
	}
}

// slash sends /sushigo text as p and shows its immediate answer as Slack would.
func (e *env) slash(p person, text string) *httptest.ResponseRecorder {
	e.t.Helper()
	ru := e.f.responseURL(p.id, channel, "")
	body := fill(e.t, "slash_command.form", map[string]string{"TEAM": team, "CHANNEL": channel, "USER": p.id,
		"USERNAME": url.QueryEscape(p.name), "TEXT": url.QueryEscape(text), "RESPONSE_URL": url.QueryEscape(ru)})
	w := httptest.NewRecorder()
	e.a.Commands().ServeHTTP(w, signed("/slack/commands", []byte(body), e.now, secret))
	if w.Code != http.StatusOK {
		e.t.Fatalf("slash %q: %d %s", text, w.Code, w.Body)
	}
	if w.Body.Len() > 0 {
		var ack struct {
			ResponseType string          `json:"response_type"`
			Blocks       json.RawMessage `json:"blocks"`
		}
		if err := json.Unmarshal(w.Body.Bytes(), &ack); err != nil || ack.ResponseType != "ephemeral" {
			e.t.Fatalf("ack %s: %v", w.Body, err)
		}
		e.f.applyAck(ru, ack.Blocks)
	}
	e.run()
	return w
}

// click presses actionID on message m as p.
func (e *env) click(p person, m *slackMessage, actionID string) {
	e.t.Helper()
	ru := e.f.responseURL(p.id, m.Channel, m.Channel+"/"+m.TS)
	eph := "false"
	if m.Audience != "" && !strings.HasPrefix(m.Channel, "D") {
		eph = "true"
	}
	payload := fill(e.t, "block_actions.json", map[string]string{"TEAM": team, "CHANNEL": m.Channel, "USER": p.id,
		"USERNAME": p.name, "TS": m.TS, "EPHEMERAL": eph, "RESPONSE_URL": ru, "ACTION_ID": actionID})
	body := "payload=" + url.QueryEscape(payload)
	w := httptest.NewRecorder()
	e.a.Interactivity().ServeHTTP(w, signed("/slack/interactivity", []byte(body), e.now, secret))
	if w.Code != http.StatusOK || w.Body.Len() != 0 {
		e.t.Fatalf("click %s: %d %q", actionID, w.Code, w.Body)
	}
	e.run()
}

func TestSignatures(t *testing.T) {
	e := newEnv(t, protocol.HandsDM)
	body := []byte(fill(t, "slash_command.form", map[string]string{"TEAM": team, "CHANNEL": channel, "USER": alice.id,
		"USERNAME": alice.name, "TEXT": "help", "RESPONSE_URL": "x"}))
	for _, c := range []struct {
		name string
		req  *http.Request
		want int
	}{
		{"valid", signed("/", body, e.now, secret), http.StatusOK},
		{"wrong secret", signed("/", body, e.now, "not-the-secret"), http.StatusUnauthorized},
		{"tampered body", func() *http.Request {
			r := signed("/", body, e.now, secret)
			r.Body = readCloser{bytes.NewReader(bytes.Replace(body, []byte("help"), []byte("end"), 1))}
			return r
		}(), http.StatusUnauthorized},
		{"stale timestamp", signed("/", body, time.Now().Add(-6*time.Minute), secret), http.StatusUnauthorized},
		{"no signature", func() *http.Request {
			r := signed("/", body, e.now, secret)
			r.Header.Del("X-Slack-Signature")
			return r
		}(), http.StatusUnauthorized},
	} {
		for _, h := range []http.Handler{e.a.Commands(), e.a.Interactivity()} {
			w := httptest.NewRecorder()
			h.ServeHTTP(w, c.req)
			if c.want == http.StatusUnauthorized && w.Code != c.want {
				t.Errorf("%s: %d, want %d", c.name, w.Code, c.want)
			}
			c.req = signed("/", body, e.now, secret) // bodies are read once
			if c.name != "valid" {
				break
			}
		}
	}
	e.queue = nil
}

type readCloser struct{ *bytes.Reader }

func (readCloser) Close() error { return nil }

func TestPayloadsDecode(t *testing.T) {
	e := newEnv(t, protocol.HandsDM)
	form, _ := url.ParseQuery(fill(t, "slash_command.form", map[string]string{"TEAM": team, "CHANNEL": channel,
		"USER": alice.id, "USERNAME": alice.name, "TEXT": url.QueryEscape("new bots=2 timer=60 pass=alternate"), "RESPONSE_URL": "https%3A%2F%2Fhooks.slack.com%2Fcommands%2F1%2F2"}))
	r := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(form.Encode()))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	cmd, err := slackapi.SlashCommandParse(r)
	if err != nil {
		t.Fatal(err)
	}
	req, err := e.a.commandRequest(context.Background(), cmd)
	want := protocol.NewGame{Options: protocol.Options{Bots: 2, Timer: 60, Pass: engine.PassAlternate}}
	if err != nil || req.Action != want || req.Where != (protocol.Location{Platform: "slack", Community: team, Channel: channel}) ||
		req.Reply.ID != "r:https://hooks.slack.com/commands/1/2" {
		t.Errorf("slash command: %+v, %v", req, err)
	}
	var cb slackapi.InteractionCallback
	payload := fill(t, "block_actions.json", map[string]string{"TEAM": team, "CHANNEL": "D0BOB", "USER": bob.id, "USERNAME": bob.name,
		"TS": "1.2", "EPHEMERAL": "false", "RESPONSE_URL": "https://hooks.slack.com/actions/1", "ACTION_ID": "sg1:join:abc"})
	if err := json.Unmarshal([]byte(payload), &cb); err != nil {
		t.Fatal(err)
	}
	req, err = e.a.clickRequest(context.Background(), cb)
	if err != nil || req.Action != (protocol.Join{Game: "abc"}) || req.Where != (protocol.Location{Platform: "slack"}) || !req.FromPrivate {
		t.Errorf("block_actions in a DM: %+v, %v", req, err)
	}
}

func TestBadCommandGetsUsagePrivately(t *testing.T) {
	e := newEnv(t, protocol.HandsDM)
	w := e.slash(alice, "fly away")
	if !strings.Contains(w.Body.String(), "Unknown command") || e.f.latest("", "") != nil {
		t.Errorf("usage reply %s; public messages: %v", w.Body, e.f.latest("", ""))
	}
}

var revealLine = regexp.MustCompile(`\*([A-Za-z]+)\*: \S+ ([A-Za-z]+(?: \d)?)`)
var turnOf = regexp.MustCompile(`round \d+, turn \d+`)

// TestEndToEndThreePlayers plays a whole game (two people and a bot seat)
// through Slack payloads only, hands by DM.
func TestEndToEndThreePlayers(t *testing.T) {
	t.Run("from memory", func(t *testing.T) { endToEndThreePlayers(t, newEnv(t, protocol.HandsDM)) })
	t.Run("durable outbox", func(t *testing.T) { endToEndThreePlayers(t, newDurableEnv(t, protocol.HandsDM)) })
}

func endToEndThreePlayers(t *testing.T, e *env) {
	people := []person{alice, bob}
	e.slash(alice, "new bots=1 timer=0")
	lobby := e.f.latest("", "lobby")
	if lobby == nil {
		t.Fatal("no lobby")
	}
	e.click(bob, lobby, lobby.action("sg1:join:"))
	e.click(alice, e.f.get(lobby), lobby.action("sg1:start:"))
	shown := map[string]map[string][]engine.Card{}
	for turn := 0; turn < 60 && e.f.latest("", "Final standings") == nil; turn++ {
		for _, p := range people {
			dm := e.f.latest(p.id, "Your hand")
			if dm == nil || !strings.HasPrefix(dm.Channel, "D") {
				t.Fatalf("%s has no hand in a DM", p.name)
			}
			if !strings.Contains(plain(dm.Blocks), "<#"+channel+">") {
				t.Fatalf("%s's DM does not link the game's channel: %s", p.name, dm.Blocks)
			}
			id := dm.action("sg1:pick:")
			if id == "" {
				continue
			}
			key := turnOf.FindString(dm.Blocks)
			if shown[key] == nil {
				shown[key] = map[string][]engine.Card{}
			}
			for _, a := range dm.actionIDs() {
				if act, err := protocol.ParseActionID(a); err == nil {
					if pk, ok := act.(protocol.Pick); ok && pk.Card != engine.None && !pk.Chop {
						shown[key][strings.ToUpper(p.name[:1])+p.name[1:]] = append(shown[key][strings.ToUpper(p.name[:1])+p.name[1:]], pk.Card)
					}
				}
			}
			e.click(p, dm, id)
		}
	}
	if e.f.latest("", "Final standings") == nil {
		t.Fatal("the game did not finish")
	}
	// Nothing private reached the channel; DMs went only to their owners.
	adaptertest.CheckPrivate(t, chat{e}, persons(people...))
	// Every card a person took was in the hand their DM showed that turn.
	reveals := 0
	for _, m := range e.f.messages {
		if m.Audience != "" || !strings.Contains(m.Blocks, "Reveal") {
			continue
		}
		reveals++
		for _, r := range revealLine.FindAllStringSubmatch(m.Blocks, -1) {
			c, ok := engine.ParseCard(r[2])
			if cards, person := shown[turnOf.FindString(m.Blocks)][r[1]]; person && ok && !slices.Contains(cards, c) {
				t.Errorf("%s took %s, not in the DM hand %v", r[1], c, cards)
			}
		}
	}
	if reveals != 27 {
		t.Errorf("%d reveals, want 27", reveals)
	}
	tables := 0
	for _, m := range e.f.messages {
		if m.Audience == "" && strings.Contains(m.Blocks, "Sushi Go! — ") {
			tables++
		}
	}
	if tables != 1 {
		t.Errorf("%d table messages in the channel, want 1", tables)
	}
	if !e.durable && len(e.f.homes) != 0 {
		t.Error("home tabs were published on the request path")
	}
	e.flush() // the timer loop refreshes the players' home tabs
	for _, p := range people {
		st, err := e.store.PlayerStats(context.Background(), "slack:"+team, p.id, storage.AllTime, e.now)
		if err != nil || st.Games != 1 {
			t.Errorf("%s: %+v %v", p.name, st, err)
		}
		// The game's end refreshed each player's App Home.
		home := plain(e.f.homes[p.id])
		for _, want := range []string{"your games", "Rating", "1 game", "Favourite card", "Leaderboard — all time, by rating"} {
			if !strings.Contains(home, want) {
				t.Errorf("%s's home tab lacks %q: %s", p.name, want, home)
			}
		}
	}
	if len(e.f.refused) > 0 {
		t.Errorf("Slack would have refused: %v", e.f.refused)
	}
	posts := 0
	for _, m := range e.f.messages {
		if m.Audience == "" && strings.Contains(m.Blocks, "📈 Ratings") {
			posts++
		}
	}
	if posts != 1 {
		t.Errorf("%d ratings posts in the channel, want 1", posts)
	}
}

func TestEphemeralHands(t *testing.T) {
	e := newEnv(t, protocol.HandsEphemeral)
	e.slash(alice, "new bots=1 timer=0")
	lobby := e.f.latest("", "lobby")
	e.click(alice, lobby, lobby.action("sg1:start:"))
	table := e.f.latest("", "turn 1/")
	e.click(alice, table, table.action("sg1:hand:"))
	hand := e.f.latest(alice.id, "Your hand")
	if hand == nil || strings.HasPrefix(hand.Channel, "D") {
		t.Fatalf("no ephemeral hand in the channel: %+v", hand)
	}
	e.click(alice, hand, hand.action("sg1:pick:"))
	// The same ephemeral message now shows turn 2, replaced via response_url.
	if got := e.f.get(hand); !strings.Contains(got.Blocks, "turn 2") {
		t.Errorf("the ephemeral hand was not replaced: %s", got.Blocks)
	}
	if len(e.f.refused) > 0 {
		t.Errorf("Slack would have refused: %v", e.f.refused)
	}
}

func TestUserWhoCannotBeMessaged(t *testing.T) {
	e := newEnv(t, protocol.HandsDM)
	e.f.noDM[bob.id] = true
	e.slash(alice, "new timer=0")
	lobby := e.f.latest("", "lobby")
	e.click(bob, lobby, lobby.action("sg1:join:"))
	e.click(alice, e.f.get(lobby), lobby.action("sg1:start:"))
	if n := e.f.latest(bob.id, "direct messages"); n == nil || strings.HasPrefix(n.Channel, "D") {
		t.Fatalf("bob was not told privately in the channel: %+v", n)
	}
	if tbl := e.f.latest("", "turn 1/"); !strings.Contains(tbl.Blocks, "send bob private messages") {
		t.Errorf("the table does not say so:\n%s", tbl.Blocks)
	}
}

func TestRateLimitRetried(t *testing.T) {
	e := newEnv(t, protocol.HandsDM)
	e.f.limitOnce = true
	e.slash(alice, "new timer=0")
	if e.f.latest("", "lobby") == nil {
		t.Fatal("the lobby post was lost to a 429")
	}
	if n := strings.Count(strings.Join(e.f.calls, " "), "chat.postMessage"); n != 2 {
		t.Errorf("%d chat.postMessage calls, want 2 (one 429, one retry)", n)
	}
}

func TestUserTextEscaped(t *testing.T) {
	e := newEnv(t, protocol.HandsDM)
	e.slash(person{"U0EVIL001", "<!channel>&co"}, "new timer=0")
	var bs []map[string]any
	_ = json.Unmarshal([]byte(e.f.latest("", "lobby").Blocks), &bs)
	text := fmt.Sprint(bs)
	if strings.Contains(text, "<!channel>") || !strings.Contains(text, "&lt;!channel&gt;&amp;co") {
		t.Errorf("a user's name was not escaped: %s", text)
	}
}

func TestSocketModeEvents(t *testing.T) {
	e := newEnv(t, protocol.HandsDM)
	var acked []any
	ack := func(p any) { acked = append(acked, p) }
	e.a.onSocketEvent(context.Background(), socketmode.Event{Type: socketmode.EventTypeSlashCommand,
		Data: slackapi.SlashCommand{TeamID: team, ChannelID: channel, UserID: alice.id, UserName: alice.name, Text: "help",
			ResponseURL: e.f.responseURL(alice.id, channel, "")}}, ack)
	if len(acked) != 1 || acked[0] == nil {
		t.Fatalf("help was not answered in the ack: %v", acked)
	}
	if b, _ := json.Marshal(acked[0]); !strings.Contains(string(b), "commands") || !strings.Contains(string(b), `"ephemeral"`) {
		t.Errorf("ack payload %s", b)
	}
	e.a.onSocketEvent(context.Background(), socketmode.Event{Type: socketmode.EventTypeSlashCommand,
		Data: slackapi.SlashCommand{TeamID: team, ChannelID: channel, UserID: alice.id, UserName: alice.name, Text: "new timer=0",
			ResponseURL: e.f.responseURL(alice.id, channel, "")}}, ack)
	e.run()
	lobby := e.f.latest("", "lobby")
	if lobby == nil {
		t.Fatal("no lobby from a Socket Mode command")
	}
	var cb slackapi.InteractionCallback
	_ = json.Unmarshal([]byte(fill(t, "block_actions.json", map[string]string{"TEAM": team, "CHANNEL": channel, "USER": bob.id,
		"USERNAME": bob.name, "TS": lobby.TS, "EPHEMERAL": "false", "RESPONSE_URL": e.f.responseURL(bob.id, channel, channel+"/"+lobby.TS),
		"ACTION_ID": lobby.action("sg1:join:")})), &cb)
	e.a.onSocketEvent(context.Background(), socketmode.Event{Type: socketmode.EventTypeInteractive, Data: cb}, ack)
	e.run()
	if !strings.Contains(e.f.get(lobby).Blocks, "2. bob") {
		t.Errorf("the lobby was not updated in place: %s", e.f.get(lobby).Blocks)
	}
}

// plain is a message's blocks as JSON without HTML escaping.
func plain(blocks string) string {
	var v any
	_ = json.Unmarshal([]byte(blocks), &v)
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	return b.String()
}

// TestNoPrivateHandReplacesAPublicMessage: a hand opened from the public
// table must never be edited later through that click's response_url,
// which would replace the table itself for everyone.
func TestNoPrivateHandReplacesAPublicMessage(t *testing.T) {
	e := newEnv(t, protocol.HandsEphemeral)
	e.slash(alice, "new bots=1 timer=0")
	lobby := e.f.latest("", "lobby")
	e.click(alice, lobby, lobby.action("sg1:start:"))
	for turn := 0; turn < 4; turn++ {
		table := e.f.latest("", "Sushi Go!")
		e.click(alice, table, table.action("sg1:hand:"))
		hand := e.f.latest(alice.id, "turn")
		e.click(alice, hand, hand.action("sg1:pick:"))
	}
	e.noHandInChannel()
}

// TestLookingAgainDoesNotLeak: a player who locked in opens their hand again
// from the public table; the reveal that follows must not replace the table
// with their hand (that click's response_url points at the table).
func TestLookingAgainDoesNotLeak(t *testing.T) {
	e := newEnv(t, protocol.HandsEphemeral)
	e.slash(alice, "new timer=0")
	lobby := e.f.latest("", "lobby")
	e.click(bob, lobby, lobby.action("sg1:join:"))
	e.click(alice, e.f.get(lobby), lobby.action("sg1:start:"))
	table := e.f.latest("", "turn 1/")
	e.click(alice, table, table.action("sg1:hand:"))
	hand := e.f.latest(alice.id, "Your hand")
	e.click(alice, hand, hand.action("sg1:pick:"))
	table = e.f.latest("", "turn 1/")
	e.click(alice, table, table.action("sg1:hand:")) // looks again, from the table
	// No second "Locked in" copy that would never be updated (item 9): her
	// live hand message shows it, and she is told where.
	locked := 0
	for _, m := range e.f.mine(alice.id) {
		if strings.Contains(m.Blocks, "Locked in") {
			locked++
		}
	}
	if locked != 1 || e.f.latest(alice.id, "up to date in my earlier message") == nil {
		t.Errorf("%d Locked in messages after looking again from the table", locked)
	}
	e.click(bob, table, table.action("sg1:hand:"))
	bobHand := e.f.latest(bob.id, "Your hand")
	e.click(bob, bobHand, bobHand.action("sg1:pick:")) // reveal
	e.noHandInChannel()
	// Her hand message (the ephemeral she picked from) still got her new cards.
	if got := e.f.get(hand); !strings.Contains(got.Blocks, "turn 2") {
		t.Errorf("alice's hand was not updated in place: %s", got.Blocks)
	}
}

// TestTimerDeliveries: a timer's reveal reaches the channel and the DMs
// through Deliver, with no request to answer.
func TestTimerDeliveries(t *testing.T) {
	e := newEnv(t, protocol.HandsDM)
	e.slash(alice, "new timer=30")
	lobby := e.f.latest("", "lobby")
	e.click(bob, lobby, lobby.action("sg1:join:"))
	e.click(alice, e.f.get(lobby), lobby.action("sg1:start:"))
	bobDM := e.f.latest(bob.id, "Your hand")
	e.click(bob, bobDM, bobDM.action("sg1:pick:"))
	e.now = e.now.Add(31 * time.Second) // alice idles
	out, err := e.a.host.(*bot.Bot).Tick(context.Background())
	if err != nil || len(out) != 1 {
		t.Fatalf("tick: %v, %d outbound", err, len(out))
	}
	e.a.Deliver(context.Background(), out[0])
	if r := e.f.latest("", "Reveal"); r == nil || !strings.Contains(r.Blocks, "picked for alice") {
		t.Fatalf("the timer's reveal did not reach the channel: %+v", r)
	}
	if dm := e.f.get(e.f.latest(alice.id, "Your hand")); !strings.Contains(dm.Blocks, "turn 2") {
		t.Errorf("alice's DM was not updated by the timer: %s", dm.Blocks)
	}
	e.noHandInChannel()
}

// TestRateLimitWaitsInTheOutbox: with the client serve builds, a 429 is
// not slept on: Send returns Slack's Retry-After to the outbox, which
// holds the game's deliveries that long.
func TestRateLimitWaitsInTheOutbox(t *testing.T) {
	e := newEnv(t, protocol.HandsDM)
	e.a.api = slackapi.New("xoxb-test", slackapi.OptionAPIURL(e.f.srv.GetAPIURL()), Retries())
	e.f.limitOnce = true
	_, err := e.a.Send(context.Background(), protocol.Location{Platform: "slack", Community: team, Channel: channel}, "g",
		protocol.Delivery{Kind: protocol.Post, To: protocol.Channel, View: protocol.View{Text: "hello"}})
	var rl *protocol.RetryLater
	if !errors.As(err, &rl) || rl.After != time.Second {
		t.Fatalf("a 429 with Retry-After 1: %v, want protocol.RetryLater after 1s", err)
	}
	if n := strings.Count(strings.Join(e.f.calls, " "), "chat.postMessage"); n != 1 {
		t.Errorf("%d chat.postMessage calls, want 1: the client must not sleep and retry itself", n)
	}
}
