package discord

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sushigo/sushigo/adapters/adaptertest"
	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/storage/bolt"
	"github.com/sushigo/sushigo/words"
)

const (
	guildID   = "1170000000000000009"
	channelID = "1170000000000000100"
	appID     = "1180000000000000001"
)

type player struct{ id, username, name, perms string }

var (
	alice = player{"1100000000000000001", "alice", "Alice", "2147483647"} // administrator
	bob   = player{"1100000000000000002", "bob", "Bob", "3072"}
)

// env is Discord as a test sees it: a fake REST API, the adapter in HTTP
// endpoint mode, a real host on a real store, and a clock.
type env struct {
	t     testing.TB
	f     *fakeDiscord
	a     *Adapter
	host  *bot.Bot
	store storage.Store
	pub   ed25519.PublicKey
	priv  ed25519.PrivateKey
	now   time.Time
	n     int
	queue []func()
	// durable: the host sends posts and edits through its outbox, with
	// this adapter as its Sender; each request is followed by a tick.
	durable bool
	perms   string // the app's permissions interactions carry ("": all it needs)
	// locale and guildLocale are what interactions say of the person's
	// client and of the server ("": en-GB and en-US, as the fixtures were).
	locale, guildLocale string
}

func newEnv(t *testing.T) *env {
	store, err := bolt.Open(filepath.Join(t.TempDir(), "d.db"), bolt.Options{NoSync: true, SweepEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	return newEnvOn(t, store)
}

func newEnvOn(t testing.TB, store storage.Store) *env {
	pub, priv, _ := ed25519.GenerateKey(nil)
	e := &env{t: t, store: store, pub: pub, priv: priv, now: time.Now(), f: newFakeDiscord(t)}
	seed := uint64(100)
	e.host = bot.New(store, bot.Config{Now: func() time.Time { return e.now }, Seed: func() uint64 { seed++; return seed }, Review: &adaptertest.CheapReview})
	e.a = New(e.f.session(), e.host, store, Config{AppID: appID, PublicKey: pub, Now: func() time.Time { return e.now },
		// The host keeps every text within Discord's limits: a text the
		// adapter had to cut fails whatever test sent it.
		Cut: func(what string) { t.Errorf("a text was cut to Discord's limits: %s", what) }})
	// Work after the acknowledgement waits until the test has applied the
	// acknowledgement, as it would on Discord.
	e.a.background = func(f func()) { e.queue = append(e.queue, f) }
	return e
}

func (e *env) fill(name string, vars map[string]string) []byte {
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		e.t.Fatal(err)
	}
	s := string(b)
	for k, v := range vars {
		s = strings.ReplaceAll(s, "{{"+k+"}}", v)
	}
	return []byte(s)
}

func sign(priv ed25519.PrivateKey, body []byte, ts time.Time) *http.Request {
	r := httptest.NewRequest(http.MethodPost, "/interactions", bytes.NewReader(body))
	stamp := strconv.FormatInt(ts.Unix(), 10)
	r.Header.Set("X-Signature-Timestamp", stamp)
	r.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(priv, append([]byte(stamp), body...))))
	r.Header.Set("Content-Type", "application/json")
	return r
}

// post delivers a signed interaction, applies its acknowledgement as
// Discord would, then lets the adapter finish.
func (e *env) post(body []byte, token string) *httptest.ResponseRecorder {
	e.t.Helper()
	w := httptest.NewRecorder()
	e.a.ServeHTTP(w, sign(e.priv, body, e.now))
	if w.Code == http.StatusOK {
		var ack map[string]any
		if err := json.Unmarshal(w.Body.Bytes(), &ack); err != nil {
			e.t.Fatalf("ack %q: %v", w.Body.String(), err)
		}
		e.f.mu.Lock()
		checkMessageLimits(e.t, ack)
		e.f.applyAck(token, ack)
		e.f.mu.Unlock()
	}
	q := e.queue
	e.queue = nil
	for _, f := range q {
		f()
	}
	if e.durable {
		e.tick(0)
	}
	return w
}

// newDurableEnv is newEnv with the adapter as the host's Sender, as serve
// runs it: posts and edits go through the host's durable outbox.
func newDurableEnv(t *testing.T, tune ...func(*bot.Config)) *env {
	return makeDurable(newEnv(t), tune...)
}

// newDurableEnvOn is newDurableEnv on the given store.
func newDurableEnvOn(t *testing.T, store storage.Store) *env {
	return makeDurable(newEnvOn(t, store))
}

func makeDurable(e *env, tune ...func(*bot.Config)) *env {
	seed := uint64(100)
	cfg := bot.Config{Now: func() time.Time { return e.now }, Seed: func() uint64 { seed++; return seed },
		Platforms: map[string]protocol.Platform{"discord": e.a.Platform()}, Review: &adaptertest.CheapReview}
	for _, f := range tune {
		f(&cfg)
	}
	e.host = bot.New(e.store, cfg)
	e.a.host = e.host
	e.durable = true
	return e
}

func (e *env) vars(p player, token string) map[string]string {
	e.n++
	return map[string]string{"APP_PERMS": e.appPerms(), "ID": fmt.Sprint(1200000000000000000 + e.n), "TOKEN": token, "GUILD": guildID,
		"CHANNEL": channelID, "USER": p.id, "USERNAME": p.username, "NAME": p.name, "NICK": p.name, "PERMISSIONS": p.perms,
		"LOCALE": or(e.locale, "en-GB"), "GUILD_LOCALE": or(e.guildLocale, "en-US")}
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// appPerms is the app's permissions in the channel, as interactions carry
// them: by default what the README's invite link grants.
func (e *env) appPerms() string {
	if e.perms != "" {
		return e.perms
	}
	return fmt.Sprint(requiredPerms | threadPerms | discordgo.PermissionAttachFiles)
}

func (e *env) token() string { e.n++; return fmt.Sprintf("tok-%d", e.n) }

func (e *env) slash(p player, sub, options string) *httptest.ResponseRecorder {
	tok := e.token()
	v := e.vars(p, tok)
	v["SUB"], v["OPTIONS"] = sub, options
	e.f.interaction(tok, p.id, channelID, "")
	return e.post(e.fill("slash_command.json", v), tok)
}

func (e *env) click(p player, m *fakeMessage, customID string) *httptest.ResponseRecorder {
	tok := e.token()
	v := e.vars(p, tok)
	v["CUSTOM_ID"], v["MESSAGE"], v["FLAGS"] = customID, m.ID, "0"
	if m.Audience != "" {
		v["FLAGS"] = "64"
	}
	name := "button_guild.json"
	if strings.HasPrefix(m.Channel, "dm-") {
		name, v["CHANNEL"] = "button_dm.json", m.Channel
	}
	e.f.interaction(tok, p.id, v["CHANNEL"], m.ID)
	return e.post(e.fill(name, v), tok)
}

// choose picks values in a message's select, as Discord sends them.
func (e *env) choose(p player, m *fakeMessage, customID string, values []string) *httptest.ResponseRecorder {
	tok := e.token()
	v := e.vars(p, tok)
	vals, _ := json.Marshal(values)
	v["CUSTOM_ID"], v["MESSAGE"], v["FLAGS"], v["VALUES"] = customID, m.ID, "0", string(vals)
	if m.Audience != "" {
		v["FLAGS"] = "64"
	}
	name := "select_guild.json"
	if strings.HasPrefix(m.Channel, "dm-") {
		name, v["CHANNEL"] = "select_dm.json", m.Channel
	}
	e.f.interaction(tok, p.id, v["CHANNEL"], m.ID)
	return e.post(e.fill(name, v), tok)
}

// latest returns the newest message for audience ("" public) whose title
// contains s.
func (e *env) latest(audience, s string) *fakeMessage {
	e.f.mu.Lock()
	defer e.f.mu.Unlock()
	var best *fakeMessage
	for _, m := range e.f.messages {
		if m.Audience == audience && strings.Contains(m.title(), s) {
			if best == nil || len(m.ID) > len(best.ID) || m.ID > best.ID {
				best = m
			}
		}
	}
	return best
}

// startGame has bob join the open lobby and alice start it.
func (e *env) startGame() {
	e.t.Helper()
	lobby := e.latest("", "lobby")
	if lobby == nil {
		e.t.Fatal("no lobby message")
	}
	e.click(bob, lobby, buttonWith(lobby, "sg1:join:"))
	e.click(alice, e.f.message(lobby.ID), buttonWith(lobby, "sg1:start:"))
}

// noHandInChannel fails if any version of any channel message ever showed
// a hand (its title or its card buttons).
func (e *env) noHandInChannel() {
	e.t.Helper()
	for _, h := range e.f.history {
		b, _ := json.Marshal(h.body)
		if h.audience == "" && (strings.Contains(string(b), "Your hand") || strings.Contains(string(b), "sg1:pick:")) {
			e.t.Fatalf("a hand reached the channel: %s", b)
		}
	}
}

// tick advances the clock, fires the host's timers and delivers what they
// say, as serve's timer loop does.
func (e *env) tick(d time.Duration) {
	e.t.Helper()
	e.now = e.now.Add(d)
	out, err := e.host.Tick(context.Background())
	if err != nil {
		e.t.Fatal(err)
	}
	for _, o := range out {
		e.a.Deliver(context.Background(), o)
	}
}

func buttonWith(m *fakeMessage, prefix string) string {
	for _, id := range m.buttons() {
		if strings.HasPrefix(id, prefix) {
			return id
		}
	}
	return ""
}

func TestPing(t *testing.T) {
	e := newEnv(t)
	w := e.post(e.fill("ping.json", map[string]string{"ID": "1", "TOKEN": "t"}), "t")
	if w.Code != http.StatusOK || strings.TrimSpace(w.Body.String()) != `{"type":1}` {
		t.Fatalf("PING: %d %s", w.Code, w.Body)
	}
}

func TestSignedRequests(t *testing.T) {
	e := newEnv(t)
	tok := e.token()
	v := e.vars(alice, tok)
	v["SUB"], v["OPTIONS"] = "help", "[]"
	e.f.interaction(tok, alice.id, channelID, "")
	body := e.fill("slash_command.json", v)
	_, otherKey, _ := ed25519.GenerateKey(nil)
	cases := []struct {
		name string
		req  *http.Request
		want int
	}{
		{"wrong key", sign(otherKey, body, e.now), http.StatusUnauthorized},
		{"tampered body", func() *http.Request {
			r := sign(e.priv, body, e.now)
			r.Body = httpBody(bytes.Replace(body, []byte(`"help"`), []byte(`"end"`), 1))
			return r
		}(), http.StatusUnauthorized},
		{"stale timestamp", sign(e.priv, body, e.now.Add(-10*time.Minute)), http.StatusUnauthorized},
		{"future timestamp", sign(e.priv, body, e.now.Add(10*time.Minute)), http.StatusUnauthorized},
		{"no signature", func() *http.Request {
			r := sign(e.priv, body, e.now)
			r.Header.Del("X-Signature-Ed25519")
			return r
		}(), http.StatusUnauthorized},
		{"valid", sign(e.priv, body, e.now), http.StatusOK},
		{"replayed ID", sign(e.priv, body, e.now), http.StatusConflict},
	}
	for _, c := range cases {
		w := httptest.NewRecorder()
		e.a.ServeHTTP(w, c.req)
		if w.Code != c.want {
			t.Errorf("%s: %d, want %d", c.name, w.Code, c.want)
		}
	}
}

func httpBody(b []byte) *readCloser { return &readCloser{bytes.NewReader(b)} }

type readCloser struct{ *bytes.Reader }

func (readCloser) Close() error { return nil }

func TestPayloadsDecode(t *testing.T) {
	e := newEnv(t)
	decode := func(name string, v map[string]string) protocol.Request {
		var ix discordgo.Interaction
		if err := json.Unmarshal(e.fill(name, v), &ix); err != nil {
			t.Fatal(err)
		}
		req, err := e.a.request(&ix)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return req
	}
	v := e.vars(alice, "tk")
	v["SUB"] = "new"
	v["OPTIONS"] = `[{"name":"bots","type":4,"value":2},{"name":"pass","type":3,"value":"alternate"},{"name":"variant","type":3,"value":"classic"},{"name":"timer","type":4,"value":60},{"name":"hands","type":3,"value":"dm"}]`
	req := decode("slash_command.json", v)
	want := protocol.NewGame{Options: protocol.Options{Bots: 2, Pass: engine.PassAlternate, Timer: 60, Hands: protocol.HandsDM}}
	if req.Action != want || req.Where != (protocol.Location{Platform: "discord", Community: guildID, Channel: channelID}) || !req.Who.Admin || req.Who.Name != "Alice" {
		t.Errorf("slash command decoded to %+v", req)
	}
	if req.Reply.ID != "w:tk" || req.Reply.Expires.Sub(e.now) != tokenLife {
		t.Errorf("reply ref %+v", req.Reply)
	}
	v = e.vars(bob, "tk2")
	v["CUSTOM_ID"], v["MESSAGE"], v["FLAGS"] = "sg1:join:abc", "5", "0"
	req = decode("button_guild.json", v)
	if req.Action != (protocol.Join{Game: "abc"}) || req.FromPrivate || req.Who.Admin || req.Who.ID != bob.id {
		t.Errorf("guild button decoded to %+v", req)
	}
	v["FLAGS"] = "64"
	if !decode("button_guild.json", v).FromPrivate {
		t.Error("a click on an ephemeral message is private")
	}
	v = e.vars(bob, "tk3")
	v["CUSTOM_ID"], v["MESSAGE"], v["CHANNEL"] = "sg1:pick:abc:1:2:3:0:0:0", "6", "dm-1"
	req = decode("button_dm.json", v)
	if req.Where != (protocol.Location{Platform: "discord"}) || !req.FromPrivate || req.Who.Name != "Bob" {
		t.Errorf("DM button decoded to %+v", req)
	}
}

// TestEndToEndThreePlayers plays a whole game (two people and a bot seat)
// through Discord payloads only, and checks what each person saw.
func TestEndToEndThreePlayers(t *testing.T) {
	t.Run("from memory", func(t *testing.T) { endToEndThreePlayers(t, newEnv(t)) })
	t.Run("durable outbox", func(t *testing.T) { endToEndThreePlayers(t, newDurableEnv(t)) })
}

func endToEndThreePlayers(t *testing.T, e *env) {
	people := []player{alice, bob}
	e.slash(alice, "new", `[{"name":"bots","type":4,"value":1},{"name":"timer","type":4,"value":0}]`)
	lobby := e.latest("", "lobby")
	if lobby == nil {
		t.Fatal("no lobby message")
	}
	e.click(bob, lobby, buttonWith(lobby, "sg1:join:"))
	e.click(alice, e.f.message(lobby.ID), buttonWith(lobby, "sg1:start:"))
	c := chat{e}
	rec := adaptertest.PlayRandomly(t, c, persons(people...), 1, 300, adaptertest.NoReviewYet(t, c))
	// Whatever a person took was in the hand they were shown that turn.
	if reveals := adaptertest.CheckReveals(t, c, rec, nameLine); reveals != 27 {
		t.Errorf("%d reveals, want 27 (3 rounds of 9 turns)", reveals)
	}
	public, _ := e.f.visible()
	// One table message, edited in place from the lobby to the end.
	tables := 0
	for _, m := range public {
		if strings.Contains(m.title(), "Sushi Go! — ") {
			tables++
		}
	}
	if tables != 1 {
		var titles []string
		for _, m := range public {
			titles = append(titles, m.title())
		}
		t.Errorf("%d table messages in the channel, want 1: %q", tables, titles)
	}
	// Nothing private ever reached the channel, and private messages went
	// only to the players; the standings shown are the engine's, as
	// recorded.
	adaptertest.CheckPrivate(t, c, persons(people...))
	adaptertest.CheckStandings(t, c, e.store, "discord:"+guildID, persons(people...), "**", e.now)
	afterTheGame(t, e)
	review := adaptertest.CheckReview(t, c, persons(bob)[0], persons(alice), func() { e.tick(0); e.host.WaitReviews(); e.tick(0) })
	t.Logf("Bob's review on Discord:\n%s", review)
}

// afterTheGame checks the ratings, profile and history commands on a
// community that finished one game of alice, bob and a bot.
func afterTheGame(t *testing.T, e *env) {
	t.Helper()
	posts := 0
	public, _ := e.f.visible()
	for _, m := range public {
		if r, ok := m.field("📈 Ratings"); ok {
			posts++
			if m.Channel != channelID || !strings.Contains(m.title(), "Final standings") {
				t.Errorf("the ratings are not folded into the channel's closing post: %q in %s", m.title(), m.Channel)
			}
			for _, p := range []player{alice, bob} {
				if !strings.Contains(r, "**"+p.name+"** ") {
					t.Errorf("the ratings lack %s: %s", p.name, r)
				}
			}
		}
	}
	if posts != 1 {
		t.Errorf("%d closing posts with the ratings in the channel, want 1", posts)
	}
	e.slash(bob, "stats", fmt.Sprintf(`[{"name":"player","type":6,"value":%q}]`, alice.id))
	profile := e.latest("", "📈 ")
	if profile == nil || !strings.Contains(profile.title(), alice.name) {
		t.Fatalf("no profile of alice in the channel")
	}
	b, _ := json.Marshal(profile.Body)
	for _, want := range []string{"Rating", "Favourite card", "Best category", "Against you", "1 game together"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("alice's profile lacks %q: %s", want, b)
		}
	}
	e.slash(alice, "leaderboard", `[{"name":"by","type":3,"value":"rating"}]`)
	if lb := e.latest("", "by rating"); lb == nil || !strings.Contains(lb.description(), "Nobody has a settled rating yet") {
		t.Errorf("the rating board after one game: %+v", lb)
	}
	e.slash(alice, "history", `[]`)
	hist := e.latest("", "Recent games")
	if hist == nil || !strings.Contains(hist.description(), "1. today") {
		t.Fatalf("no history in the channel: %+v", hist)
	}
	e.click(bob, hist, buttonWith(hist, "sg2:past:"))
	scores := e.latest(bob.id, "📜 Sushi Go!")
	if scores == nil {
		t.Fatal("the history button showed bob nothing privately")
	}
	for _, p := range []player{alice, bob} {
		if !strings.Contains(scores.description(), "**"+p.name+"**") {
			t.Errorf("the game's scores do not show %s:\n%s", p.name, scores.description())
		}
	}
	e.slash(alice, "history", `[{"name":"game","type":4,"value":1}]`)
	if again := e.latest("", "📜 Sushi Go!"); again == nil || again.description() != scores.description() {
		t.Errorf("history game:1 differs from the button's scores")
	}
}

func TestClosedDMsFallBackToEphemeral(t *testing.T) {
	e := newEnv(t)
	e.f.closedDMs[bob.id] = true
	e.slash(alice, "new", `[{"name":"hands","type":3,"value":"dm"},{"name":"timer","type":4,"value":0}]`)
	e.startGame()
	dm := e.latest(alice.id, "Your hand")
	if dm == nil || !strings.HasPrefix(dm.Channel, "dm-") {
		t.Fatal("alice got no hand by DM")
	}
	if !strings.Contains(dm.text(), "<#"+channelID+">") {
		t.Errorf("the DM does not name the game's channel: %s", dm.text())
	}
	table := e.latest("", "Sushi Go! — round")
	if !strings.Contains(table.text(), "can't send Bob private messages") {
		t.Errorf("the table does not say bob's DMs are closed:\n%s", table.text())
	}
	e.click(bob, table, buttonWith(table, "sg1:hand:"))
	h := e.latest(bob.id, "Your hand")
	if h == nil || strings.HasPrefix(h.Channel, "dm-") || !strings.Contains(h.text(), "DMs are closed") {
		t.Fatalf("bob's fallback hand: %+v", h)
	}
}

// TestEachDMChannelOpenedOnce: hands by DM, turn after turn, open each
// person's DM channel once; Discord answers the same channel every time.
func TestEachDMChannelOpenedOnce(t *testing.T) {
	e := newEnv(t)
	e.slash(alice, "new", `[{"name":"hands","type":3,"value":"dm"},{"name":"timer","type":4,"value":0}]`)
	e.startGame()
	for turn := 0; turn < 4; turn++ {
		for _, p := range []player{alice, bob} {
			if h := e.latest(p.id, "Your hand"); h != nil {
				if id := buttonWith(h, "sg1:pick:"); id != "" {
					e.click(p, h, id)
				}
			}
		}
	}
	dms, opens := 0, 0
	for _, c := range e.f.calls {
		switch {
		case reDM.MatchString(c.Path):
			opens++
		case c.Method == http.MethodPost && strings.Contains(c.Path, "/channels/dm-"):
			dms++
		}
	}
	if dms < 6 || opens != 2 {
		t.Errorf("%d DMs opened their channel %d times, want once per person (2)", dms, opens)
	}
}

func TestRateLimitedPostStillDelivered(t *testing.T) {
	e := newEnv(t)
	e.f.limitOnce["/channels/"] = true
	e.slash(alice, "new", `[{"name":"bots","type":4,"value":1},{"name":"timer","type":4,"value":0}]`)
	lobby := e.latest("", "lobby")
	e.click(alice, lobby, buttonWith(lobby, "sg1:start:"))
	// Start answers by updating the lobby; the first REST post is a 429.
	table := e.latest("", "Sushi Go! — round")
	e.click(alice, table, buttonWith(table, "sg1:hand:"))
	hand := e.latest(alice.id, "Your hand")
	e.click(alice, hand, buttonWith(hand, "sg1:pick:"))
	if e.latest("", "Reveal") == nil {
		t.Fatal("the reveal was lost to a 429")
	}
	limited := 0
	for _, c := range e.f.calls {
		if strings.Contains(c.Path, "/channels/") && c.Method == http.MethodPost {
			limited++
		}
	}
	if limited < 2 {
		t.Errorf("the rate-limited post was not retried (%d posts)", limited)
	}
}

func TestExpiredTokenEditIsHarmless(t *testing.T) {
	e := newEnv(t)
	e.slash(alice, "new", `[{"name":"timer","type":4,"value":0}]`)
	e.startGame()
	table := e.latest("", "Sushi Go! — round")
	e.click(bob, table, buttonWith(table, "sg1:hand:"))
	bobHand := e.latest(bob.id, "Your hand")
	e.f.mu.Lock()
	for tok, info := range e.f.tokens {
		if info.user == bob.id {
			e.f.expired[tok] = true // fifteen minutes pass for bob
		}
	}
	e.f.mu.Unlock()
	e.click(bob, bobHand, buttonWith(bobHand, "sg1:pick:"))
	hand := e.latest(alice.id, "Your hand")
	e.click(alice, hand, buttonWith(hand, "sg1:pick:"))
	if e.latest("", "Reveal") == nil {
		t.Fatal("no reveal")
	}
	// Bob presses Show my hand again and gets the new hand.
	table = e.latest("", "Sushi Go! — round")
	e.click(bob, table, buttonWith(table, "sg1:hand:"))
	if h := e.latest(bob.id, "Your hand"); h == nil || !strings.Contains(h.title(), "turn 2") {
		t.Errorf("bob's new hand: %v", h)
	}
}

// slowHost answers after a delay longer than the acknowledgement budget.
type slowHost struct {
	Host
	delay time.Duration
}

func (s slowHost) Handle(ctx context.Context, req protocol.Request) (protocol.Response, error) {
	time.Sleep(s.delay)
	return s.Host.Handle(ctx, req)
}

func TestSlowHostIsDeferred(t *testing.T) {
	e := newEnv(t)
	e.a.host = slowHost{e.host, 80 * time.Millisecond}
	e.a.cfg.AckBudget = 20 * time.Millisecond
	w := e.slash(alice, "help", "[]")
	var ack map[string]any
	_ = json.Unmarshal(w.Body.Bytes(), &ack)
	if ack["type"].(float64) != 5 || ack["data"].(map[string]any)["flags"].(float64) != 64 {
		t.Fatalf("a slow command was acknowledged with %v, want a private deferral (5, ephemeral)", ack)
	}
	if m := e.latest(alice.id, "commands"); m == nil {
		t.Fatal("the deferred reply never arrived")
	}
}

func TestRegisterSkipsUnchanged(t *testing.T) {
	e := newEnv(t)
	e.a.cfg.GuildID = guildID
	puts := func() int {
		n := 0
		for _, c := range e.f.calls {
			if c.Method == http.MethodPut && strings.Contains(c.Path, "/guilds/"+guildID+"/commands") {
				n++
			}
		}
		return n
	}
	if changed, err := e.a.Register(); err != nil || !changed || puts() != 1 {
		t.Fatalf("first registration: %v %v, %d PUTs", changed, err, puts())
	}
	if changed, err := e.a.Register(); err != nil || changed || puts() != 1 {
		t.Fatalf("unchanged registration: %v %v, %d PUTs", changed, err, puts())
	}
}

func TestCommandFitsDiscord(t *testing.T) {
	c := Command()
	if len(c.Options) > 25 {
		t.Errorf("%d subcommands", len(c.Options))
	}
	total := len(c.Name) + len(c.Description)
	for _, s := range c.Options {
		total += len(s.Name) + len(s.Description)
		if len(s.Description) > 100 || len(s.Name) > 32 || strings.ToLower(s.Name) != s.Name {
			t.Errorf("subcommand %q", s.Name)
		}
		for _, o := range s.Options {
			total += len(o.Name) + len(o.Description)
			if len(o.Description) > 100 {
				t.Errorf("option %q", o.Name)
			}
		}
	}
	if total > 8000 {
		t.Errorf("%d characters of names and descriptions", total)
	}
}

// TestGatewayInteraction acknowledges through the callback endpoint.
func TestGatewayInteraction(t *testing.T) {
	e := newEnv(t)
	tok := e.token()
	v := e.vars(alice, tok)
	v["SUB"], v["OPTIONS"] = "new", `[{"name":"timer","type":4,"value":0}]`
	e.f.interaction(tok, alice.id, channelID, "")
	var ix discordgo.Interaction
	if err := json.Unmarshal(e.fill("slash_command.json", v), &ix); err != nil {
		t.Fatal(err)
	}
	e.a.onInteraction(context.Background(), &ix)
	if e.latest("", "lobby") == nil {
		t.Fatal("no lobby after a gateway interaction")
	}
	// Remembered: a join by typed command edits that lobby message.
	lobby := e.latest("", "lobby")
	tok2 := e.token()
	v = e.vars(bob, tok2)
	v["SUB"], v["OPTIONS"] = "join", "[]"
	e.f.interaction(tok2, bob.id, channelID, "")
	var ix2 discordgo.Interaction
	_ = json.Unmarshal(e.fill("slash_command.json", v), &ix2)
	e.a.onInteraction(context.Background(), &ix2)
	if !strings.Contains(e.f.message(lobby.ID).text(), "Bob") {
		t.Errorf("the lobby message was not edited in place:\n%s", e.f.message(lobby.ID).text())
	}
}

// TestGatewayExpiredInteraction: an interaction whose token is no longer
// valid (10062) is dropped quietly, with nothing else sent.
func TestGatewayExpiredInteraction(t *testing.T) {
	e := newEnv(t)
	tok := e.token()
	v := e.vars(alice, tok)
	v["SUB"], v["OPTIONS"] = "new", `[{"name":"timer","type":4,"value":0}]`
	e.f.interaction(tok, alice.id, channelID, "")
	e.f.expired[tok] = true
	var ix discordgo.Interaction
	if err := json.Unmarshal(e.fill("slash_command.json", v), &ix); err != nil {
		t.Fatal(err)
	}
	e.a.onInteraction(context.Background(), &ix)
	for _, c := range e.f.calls {
		if !strings.Contains(c.Path, "/callback") {
			t.Errorf("after a 10062, the adapter still called %s %s", c.Method, c.Path)
		}
	}
}

// TestExpiredHandsPromptOnTable: when fifteen minutes have passed since a
// player's last click, their hand can't be edited; the table asks them.
func TestExpiredHandsPromptOnTable(t *testing.T) {
	e := newEnv(t)
	e.slash(alice, "new", `[{"name":"timer","type":4,"value":0}]`)
	e.startGame()
	table := e.latest("", "Sushi Go! — round")
	e.click(bob, table, buttonWith(table, "sg1:hand:"))
	bobHand := e.latest(bob.id, "Your hand")
	e.click(bob, bobHand, buttonWith(bobHand, "sg1:pick:"))
	e.now = e.now.Add(15 * time.Minute)
	hand := e.latest(alice.id, "Your hand")
	e.click(alice, hand, buttonWith(hand, "sg1:pick:"))
	table = e.latest("", "Sushi Go! — round")
	if !strings.Contains(table.text(), "New cards for Bob") || strings.Contains(table.text(), "New cards for Alice") {
		t.Errorf("the table should prompt bob only:\n%s", table.text())
	}
	for _, c := range e.f.calls {
		if c.Method == http.MethodPatch && strings.Contains(c.Path, "/webhooks/") && e.f.tokens[strings.Split(c.Path, "/")[5]].user == bob.id &&
			strings.Contains(fmt.Sprint(c.Body), "turn 2") {
			t.Error("the host tried to edit bob's hand through an expired token")
		}
	}
}

// TestHostHandAfterStartStaysPrivate: Start is answered by turning the
// lobby into the table, so that click's token edits the table. The hand
// the host gets as a follow-up must never be edited through it, even when
// a timer reveals before the host clicks again.
func TestHostHandAfterStartStaysPrivate(t *testing.T) {
	e := newEnv(t)
	e.slash(alice, "new", `[{"name":"timer","type":4,"value":30}]`)
	e.startGame()
	table := e.latest("", "Sushi Go! — round")
	e.click(bob, table, buttonWith(table, "sg1:hand:"))
	bobHand := e.latest(bob.id, "Your hand")
	e.click(bob, bobHand, buttonWith(bobHand, "sg1:pick:"))
	e.tick(31 * time.Second)
	if e.latest("", "Reveal") == nil {
		t.Fatal("the timer did not reveal")
	}
	e.noHandInChannel()
}

// TestSlowClickKeepsHandsPrivate: a click answered late (deferred) must
// leave a handle that edits a private message only.
func TestSlowClickKeepsHandsPrivate(t *testing.T) {
	e := newEnv(t)
	e.slash(alice, "new", `[{"name":"timer","type":4,"value":30}]`)
	e.startGame()
	table := e.latest("", "Sushi Go! — round")
	e.a.host = slowHost{e.host, 60 * time.Millisecond}
	e.a.cfg.AckBudget = 10 * time.Millisecond
	e.click(alice, table, buttonWith(table, "sg1:hand:")) // slow: deferred
	e.a.host, e.a.cfg.AckBudget = e.host, 2*time.Second
	if e.latest(alice.id, "Your hand") == nil {
		t.Fatal("alice's late hand never arrived")
	}
	e.click(bob, table, buttonWith(table, "sg1:hand:"))
	bobHand := e.latest(bob.id, "Your hand")
	e.click(bob, bobHand, buttonWith(bobHand, "sg1:pick:"))
	// Alice idles: the timer picks for her and reveals, editing her hand
	// through the handle her slow click left.
	e.tick(31 * time.Second)
	if e.latest("", "Reveal") == nil {
		t.Fatal("no reveal")
	}
	e.noHandInChannel()
	// A slow click on a public button still updates that public message.
	// The rated game's first round is not scored yet: `end` ends it at
	// once, unrated.
	e.slash(alice, "end", "[]")
	if e.latest("", "game ended") == nil {
		t.Fatal("end before the first round was scored did not end the game")
	}
	e.slash(alice, "new", `[{"name":"timer","type":4,"value":0}]`)
	lobby := e.latest("", "lobby")
	e.a.host = slowHost{e.host, 60 * time.Millisecond}
	e.a.cfg.AckBudget = 10 * time.Millisecond
	e.click(bob, lobby, buttonWith(lobby, "sg1:join:"))
	if got := e.f.message(lobby.ID); !strings.Contains(got.text(), "Bob") || got.Audience != "" {
		t.Errorf("the lobby was not updated publicly after a slow join: %+v", got)
	}
}

// TestLobbyReadBackRetried: right after an acknowledgement Discord may not
// know its message yet; the lobby is still remembered and edited in place.
func TestLobbyReadBackRetried(t *testing.T) {
	e := newEnv(t)
	e.f.notYet = 2
	e.slash(alice, "new", `[{"name":"timer","type":4,"value":0}]`)
	lobby := e.latest("", "lobby")
	e.slash(bob, "join", "[]")
	if !strings.Contains(e.f.message(lobby.ID).text(), "Bob") {
		t.Errorf("the lobby was not edited in place after a late read-back:\n%s", e.f.message(lobby.ID).text())
	}
}

func TestSubcommandOptionsDecode(t *testing.T) {
	opt := func(name string, typ discordgo.ApplicationCommandOptionType, v any) *discordgo.ApplicationCommandInteractionDataOption {
		return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: typ, Value: v}
	}
	for _, c := range []struct {
		sub  string
		opts []*discordgo.ApplicationCommandInteractionDataOption
		want protocol.Action
	}{
		{"addbot", []*discordgo.ApplicationCommandInteractionDataOption{opt("count", discordgo.ApplicationCommandOptionInteger, 2.0)}, protocol.AddBot{N: 2}},
		{"kick", []*discordgo.ApplicationCommandInteractionDataOption{opt("player", discordgo.ApplicationCommandOptionUser, "1100000000000000002")}, protocol.Kick{Player: "1100000000000000002"}},
		{"leaderboard", []*discordgo.ApplicationCommandInteractionDataOption{opt("period", discordgo.ApplicationCommandOptionString, "week"), opt("by", discordgo.ApplicationCommandOptionString, "points")}, protocol.Leaderboard{Period: protocol.Week, By: protocol.ByPoints}},
		{"stats", []*discordgo.ApplicationCommandInteractionDataOption{opt("player", discordgo.ApplicationCommandOptionUser, "42")}, protocol.Stats{Player: "42"}},
		{"rules", []*discordgo.ApplicationCommandInteractionDataOption{opt("card", discordgo.ApplicationCommandOptionString, "maki2")}, protocol.Rules{Card: "maki2"}},
		{"new", []*discordgo.ApplicationCommandInteractionDataOption{opt("variant", discordgo.ApplicationCommandOptionString, "dummy")}, protocol.NewGame{Options: protocol.Options{Dummy: true, Timer: -1}}},
		{"hand", nil, protocol.ShowHand{}},
		{"end", nil, protocol.End{}},
		{"rematch", nil, protocol.Rematch{}},
	} {
		text, err := commandText(discordgo.ApplicationCommandInteractionData{Name: "sushigo",
			Options: []*discordgo.ApplicationCommandInteractionDataOption{{Name: c.sub, Type: discordgo.ApplicationCommandOptionSubCommand, Options: c.opts}}})
		if err != nil {
			t.Fatal(err)
		}
		got, err := protocol.ParseCommand(text, words.English)
		if err != nil || got != c.want {
			t.Errorf("%s → %q → %#v, %v; want %#v", c.sub, text, got, err, c.want)
		}
	}
	// Every subcommand registered is one the parser knows.
	for _, s := range Command().Options {
		if _, err := protocol.ParseCommand(s.Name, words.English); err != nil && !strings.Contains(err.Error(), "Usage") {
			t.Errorf("/sushigo %s: %v", s.Name, err)
		}
	}
}

// TestRateLimitWaitsInTheOutbox: with the session serve builds
// (ShouldRetryOnRateLimit off), a 429 is not slept on: Send returns
// Discord's retry_after to the outbox, which holds the game's deliveries
// that long, and a shutdown never waits on the sleep.
func TestRateLimitWaitsInTheOutbox(t *testing.T) {
	e := newEnv(t)
	e.a.s.ShouldRetryOnRateLimit = false
	e.f.limitOnce["/channels/"] = true
	_, err := e.a.Send(context.Background(), protocol.Location{Platform: "discord", Community: "g1", Channel: "c1"}, "g",
		protocol.Delivery{Kind: protocol.Post, To: protocol.Channel, View: protocol.View{Text: "hello"}})
	var rl *protocol.RetryLater
	if !errors.As(err, &rl) || rl.After != 10*time.Millisecond {
		t.Fatalf("a 429 with retry_after 0.01: %v, want protocol.RetryLater after 10ms", err)
	}
	posts := 0
	for _, c := range e.f.calls {
		if strings.Contains(c.Path, "/channels/") && c.Method == http.MethodPost {
			posts++
		}
	}
	if posts != 1 {
		t.Errorf("%d posts, want 1: the session must not sleep and retry itself", posts)
	}
}

// TestPostResentAfterACrashIsOneMessage: a replica killed after Discord
// made a post but before the outbox recorded it sends it again; the
// delivery's nonce, with enforce_nonce, makes Discord answer with the
// first message instead of a second one.
func TestPostResentAfterACrashIsOneMessage(t *testing.T) {
	e := newEnv(t)
	where := protocol.Location{Platform: "discord", Community: "g1", Channel: "c1"}
	d := protocol.Delivery{Kind: protocol.Post, To: protocol.Channel, Slot: protocol.SlotTable, View: protocol.View{Text: "👀 Reveal"}, Nonce: "game1-seq7"}
	first, err := e.a.Send(context.Background(), where, "game1", d)
	if err != nil {
		t.Fatal(err)
	}
	again, err := e.a.Send(context.Background(), where, "game1", d)
	if err != nil {
		t.Fatal(err)
	}
	if again.ID != first.ID || len(e.f.created) != 1 {
		t.Errorf("resent post: %d messages (%s, %s), want the first one back", len(e.f.created), first.ID, again.ID)
	}
	d.Nonce = "game1-seq8"
	if _, err := e.a.Send(context.Background(), where, "game1", d); err != nil || len(e.f.created) != 2 {
		t.Errorf("the next delivery: %v, %d messages, want a second message", err, len(e.f.created))
	}
}

// TestRegisterKeepsTheEntryPoint: with Activities on, the app has an
// entry-point command (type 4) that a bulk overwrite must keep, or Discord
// refuses it (50240) and nothing is registered. Register keeps it as
// Discord has it, its handler included, and leaves an unchanged set alone.
func TestRegisterKeepsTheEntryPoint(t *testing.T) {
	e := newEnv(t)
	e.a.cfg.GuildID = guildID
	entry := `{"id":"1190000000000000001","type":4,"name":"launch","description":"","handler":1,"integration_types":[0,1],"contexts":[0,1,2]}`
	e.f.commands = []json.RawMessage{json.RawMessage(entry)}
	if changed, err := e.a.Register(); err != nil || !changed {
		t.Fatalf("registration beside the entry point: %v %v", changed, err)
	}
	var kept map[string]any
	found := false
	for _, c := range e.f.commands {
		var v map[string]any
		if err := json.Unmarshal(c, &v); err != nil {
			t.Fatal(err)
		}
		if v["type"] == float64(4) {
			kept, found = v, true
		}
	}
	if !found || kept["handler"] != float64(1) || kept["id"] != "1190000000000000001" || len(e.f.commands) != 2 {
		t.Fatalf("after registering, Discord has %d commands; the entry point: %v", len(e.f.commands), kept)
	}
	puts := 0
	for _, c := range e.f.calls {
		if c.Method == http.MethodPut {
			puts++
		}
	}
	if changed, err := e.a.Register(); err != nil || changed {
		t.Fatalf("an unchanged set registered again: %v %v", changed, err)
	}
	for _, c := range e.f.calls {
		if c.Method == http.MethodPut {
			puts--
		}
	}
	if puts != 0 {
		t.Errorf("%d more overwrites for an unchanged set", -puts)
	}
}
