package slack

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sushigo/sushigo/adapters/adaptertest"
	"github.com/sushigo/sushigo/adapters/pool"
	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/record"
)

// clickBody is a signed-ready block_actions body for p pressing actionID on m.
func (e *env) clickBody(p person, m *slackMessage, actionID string) []byte {
	ru := e.f.responseURL(p.id, m.Channel, m.Channel+"/"+m.TS)
	payload := fill(e.t, "block_actions.json", map[string]string{"TEAM": team, "CHANNEL": m.Channel, "USER": p.id,
		"USERNAME": p.name, "TS": m.TS, "EPHEMERAL": "false", "RESPONSE_URL": ru, "ACTION_ID": actionID})
	return []byte("payload=" + url.QueryEscape(payload))
}

// bots counts the bot seats of the channel's stored game.
func bots(t *testing.T, e *env) int {
	t.Helper()
	data, _, err := e.store.LoadGame(context.Background(), "slack:"+team+":"+channel)
	if err != nil {
		t.Fatal(err)
	}
	if data, err = record.Unpack(data); err != nil {
		t.Fatal(err)
	}
	return strings.Count(string(data), `"b":true`)
}

// TestReplayedRequestAppliedOnce: the same signed Add-bot click sent three
// times within Slack's 5-minute window adds one bot; the copies get 409.
func TestReplayedRequestAppliedOnce(t *testing.T) {
	e := newEnv(t, protocol.HandsDM)
	e.a.cfg.Seen = e.store
	e.slash(alice, "new bots=0 timer=0")
	lobby := e.f.latest("", "lobby")
	body := e.clickBody(alice, lobby, lobby.action("sg1:addbot:"))
	var codes []int
	for k := range 4 {
		w := httptest.NewRecorder()
		r := signed("/slack/interactivity", body, e.now, secret)
		switch k {
		case 2:
			// The same signature in upper-case hex: Slack's verifier reads
			// it, so it must count as the same request.
			r.Header.Set("X-Slack-Signature", "v0="+strings.ToUpper(strings.TrimPrefix(r.Header.Get("X-Slack-Signature"), "v0=")))
		case 3:
			r.Header.Set("X-Slack-Signature", "V0="+strings.TrimPrefix(r.Header.Get("X-Slack-Signature"), "v0="))
		}
		e.a.Interactivity().ServeHTTP(w, r)
		codes = append(codes, w.Code)
		e.run()
	}
	if codes[0] != http.StatusOK || codes[1] != http.StatusConflict || codes[2] != http.StatusConflict || (codes[3] != http.StatusConflict && codes[3] != http.StatusUnauthorized) {
		t.Errorf("answers %v, want 200 then refusals", codes)
	}
	if n := bots(t, e); n != 1 {
		t.Errorf("%d bots in the lobby after a replayed Add bot, want 1", n)
	}
}

// TestOversizedBodyIs413: a body over the limit is refused as what it is,
// not as a bad signature; 20 of them (nobody's signature was checked)
// write one log line, not 20.
func TestOversizedBodyIs413(t *testing.T) {
	e := newEnv(t, protocol.HandsDM)
	var logged bytes.Buffer
	e.a.cfg.Log = slog.New(slog.NewTextHandler(&logged, nil))
	big := bytes.Repeat([]byte("x"), maxBody+1)
	for range 10 {
		for _, h := range []http.Handler{e.a.Commands(), e.a.Interactivity()} {
			w := httptest.NewRecorder()
			r := httptest.NewRequest(http.MethodPost, "/", bytes.NewReader(big))
			// Signed in form (a wrong signature is only found with the body).
			r.Header.Set("X-Slack-Signature", "v0="+strings.Repeat("ab", 32))
			r.Header.Set("X-Slack-Request-Timestamp", strconv.FormatInt(time.Now().Unix(), 10))
			h.ServeHTTP(w, r)
			if w.Code != http.StatusRequestEntityTooLarge {
				t.Fatalf("%d for a %d-byte body, want 413", w.Code, len(big))
			}
		}
	}
	if n := strings.Count(logged.String(), "\n"); n != 1 {
		t.Errorf("20 oversized bodies wrote %d log lines, want 1:\n%s", n, logged.String())
	}
	// Unsigned, a body is refused before it is read: a stranger's megabytes
	// cost no memory.
	for _, h := range []http.Handler{e.a.Commands(), e.a.Interactivity()} {
		body := &adaptertest.CountingReader{R: bytes.NewReader(big)}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest(http.MethodPost, "/", body))
		if w.Code != http.StatusUnauthorized || body.N > 0 {
			t.Fatalf("an unsigned body: %d after reading %d bytes, want 401 after none", w.Code, body.N)
		}
	}
}

// TestClickAppliedBeforeTheAck: when the 200 goes out the click is already
// stored, before any delivery runs (Before, the 200 came first: a SIGTERM
// or crash right after it lost the click).
func TestClickAppliedBeforeTheAck(t *testing.T) {
	e := newEnv(t, protocol.HandsDM)
	e.slash(alice, "new bots=0 timer=0")
	lobby := e.f.latest("", "lobby")
	w := httptest.NewRecorder()
	e.a.Interactivity().ServeHTTP(w, signed("/slack/interactivity", e.clickBody(alice, lobby, lobby.action("sg1:addbot:")), e.now, secret))
	if w.Code != http.StatusOK {
		t.Fatalf("click answered %d", w.Code)
	}
	// Nothing delivered yet (e.queue holds the deliveries, and is dropped
	// as a crash would): the stored game must have the bot already.
	e.queue = nil
	if bots(t, e) != 1 {
		t.Error("the acknowledged Add bot is not in the stored game")
	}
}

// slowHost is a host that does not finish within the ack budget.
type slowHost struct {
	Host
	release chan struct{}
}

func (s slowHost) Handle(ctx context.Context, req protocol.Request) (protocol.Response, error) {
	select {
	case <-s.release:
	case <-ctx.Done():
	}
	return protocol.Response{}, context.Canceled
}

// parkDown is a host whose store cannot park a click.
type parkDown struct{ slowHost }

func (parkDown) Park(context.Context, string, string, []byte, time.Duration) error {
	return errors.New("store down")
}

// TestSlowClickParkedAndAcknowledged: a click the host cannot store within
// Slack's window is parked and acknowledged, and a replica's Redo applies
// it if this one never finishes (before, it got 503, and the player read
// it failed while it went on to count). A slash command not applied in
// time is answered privately that it has not gone through yet (it was a
// bare 503, Slack's own error with no word of ours); a click that cannot
// even be parked still gets 503, never a 200 for something a crash could
// lose.
func TestSlowClickParkedAndAcknowledged(t *testing.T) {
	e := newEnv(t, protocol.HandsDM)
	e.slash(alice, "new timer=0")
	lobby := e.f.latest("", "lobby")
	slow := slowHost{Host: e.a.host, release: make(chan struct{})}
	defer close(slow.release)
	a := New(e.f.api(), slow, Config{SigningSecret: secret, Now: func() time.Time { return e.now }, AckBudget: 10 * time.Millisecond})
	a.background = func(func()) {}
	body := fill(t, "slash_command.form", map[string]string{"TEAM": team, "CHANNEL": channel, "USER": bob.id,
		"USERNAME": bob.name, "TEXT": "join", "RESPONSE_URL": "x"})
	w := httptest.NewRecorder()
	a.Commands().ServeHTTP(w, signed("/slack/commands", []byte(body), e.now, secret))
	var ack struct {
		ResponseType string `json:"response_type"`
		Text         string
	}
	if err := json.Unmarshal(w.Body.Bytes(), &ack); err != nil || w.Code != http.StatusOK || ack.ResponseType != "ephemeral" ||
		!strings.Contains(ack.Text, "has not gone through yet") {
		t.Errorf("slow slash command answered %d %q, want a private word that it has not gone through", w.Code, w.Body)
	}

	down := New(e.f.api(), parkDown{slow}, Config{SigningSecret: secret, Now: func() time.Time { return e.now }, AckBudget: 10 * time.Millisecond})
	down.background = func(func()) {}
	w = httptest.NewRecorder()
	down.Interactivity().ServeHTTP(w, signed("/slack/interactivity", e.clickBody(bob, lobby, lobby.action("sg1:join:")), e.now, secret))
	if w.Code != http.StatusServiceUnavailable {
		t.Errorf("a slow click that could not be parked answered %d, want 503", w.Code)
	}

	// This replica never finishes (slow stays stuck): it parked the click.
	w = httptest.NewRecorder()
	a.Interactivity().ServeHTTP(w, signed("/slack/interactivity", e.clickBody(bob, lobby, lobby.action("sg1:join:")), e.now, secret))
	if w.Code != http.StatusOK {
		t.Fatalf("slow click answered %d, want 200 once parked", w.Code)
	}
	// Another replica's timer loop handles it again.
	other := bot.New(e.store, bot.Config{Now: func() time.Time { return e.now }, Platforms: map[string]protocol.Platform{"slack": e.a.Platform()}})
	e.now = e.now.Add(redoAfter + time.Second)
	if _, err := other.Tick(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := e.f.get(lobby); !strings.Contains(plain(got.Blocks), "2. bob") {
		t.Errorf("the parked join was never applied: %s", plain(got.Blocks))
	}
}

// TestAckNotHeldByBusyWorkers: with every delivery worker busy, a click is
// still acknowledged at once; its deliveries wait for a worker, not Slack
// (the 200 was written only once the work was queued).
func TestAckNotHeldByBusyWorkers(t *testing.T) {
	e := newEnv(t, protocol.HandsDM)
	e.slash(alice, "new bots=1 timer=0")
	lobby := e.f.latest("", "lobby")
	busy := pool.New(1)
	release := make(chan struct{})
	busy.Go(func() { <-release }) // the only worker is taken
	e.a.background = busy.Go
	srv := httptest.NewServer(e.a.Interactivity())
	defer srv.Close()
	defer close(release) // first: the handler waits for the worker
	req := signed("/slack/interactivity", e.clickBody(bob, lobby, lobby.action("sg1:join:")), e.now, secret)
	req.RequestURI, req.URL.Scheme, req.URL.Host = "", "http", strings.TrimPrefix(srv.URL, "http://")
	got := make(chan int, 1)
	go func() {
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			got <- 0
			return
		}
		res.Body.Close()
		got <- res.StatusCode
	}()
	select {
	case code := <-got:
		if code != http.StatusOK {
			t.Errorf("the click was answered %d", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the acknowledgement waited for a free delivery worker")
	}
}

// downSeen is a de-duplication store in an outage.
type downSeen struct{}

func (downSeen) AddRecord(context.Context, string, []byte, time.Duration) (bool, error) {
	return false, errors.New("connection refused")
}

func (downSeen) GetRecord(context.Context, string) ([]byte, error) {
	return nil, errors.New("connection refused")
}

// TestDedupeOutageLoggedOnceAndHandled: while the store that
// de-duplicates requests is down, each request is still handled (it is
// no replay as far as anyone knows, and the host applies a request at most
// once), within the request's budget, and the log says so once.
func TestDedupeOutageLoggedOnceAndHandled(t *testing.T) {
	e := newEnv(t, protocol.HandsDM)
	var logs bytes.Buffer
	e.a.cfg.Log = slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelInfo}))
	e.a.cfg.Seen = downSeen{}
	e.a.cfg.AckBudget = 100 * time.Millisecond
	for i := range 5 {
		body := []byte(fmt.Sprintf("team_id=%s&channel_id=%s&user_id=U%d&user_name=x&command=%%2Fsushigo&text=help&response_url=http%%3A%%2F%%2F127.0.0.1%%3A1%%2Fx", team, channel, i))
		w := httptest.NewRecorder()
		e.a.Commands().ServeHTTP(w, signed("/slack/commands", body, e.now, secret))
		if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), "sushigo") {
			t.Fatalf("request %d: %d %q during the outage, want help", i, w.Code, w.Body)
		}
	}
	if n := strings.Count(logs.String(), "level=ERROR"); n != 1 {
		t.Errorf("%d error lines for one outage, want 1:\n%s", n, logs.String())
	}
}

// TestClickersNewHandSurvivesACrash: in DM mode, the click that reveals a
// turn must leave the clicker's next hand in the outbox, not only in the
// answer sent from memory after the 200: a replica killed right after the
// acknowledgement must not leave the clicker looking at the old turn.
func TestClickersNewHandSurvivesACrash(t *testing.T) {
	e := newDurableEnv(t, protocol.HandsDM)
	e.slash(alice, "new bots=0 timer=0")
	lobby := e.f.latest("", "lobby")
	e.click(bob, lobby, lobby.action("sg1:join:"))
	e.click(alice, e.f.get(lobby), lobby.action("sg1:start:"))
	dm := e.f.latest(alice.id, "Your hand")
	e.click(alice, dm, dm.action("sg1:pick:"))
	// Bob's pick reveals the turn; the replica dies as the 200 goes out.
	bobs := e.f.latest(bob.id, "Your hand")
	before := turnOf.FindString(bobs.Blocks)
	w := httptest.NewRecorder()
	e.a.Interactivity().ServeHTTP(w, signed("/slack/interactivity", e.clickBody(bob, bobs, bobs.action("sg1:pick:")), e.now, secret))
	if w.Code != http.StatusOK {
		t.Fatalf("click answered %d", w.Code)
	}
	e.queue = nil // what that replica held in memory is gone
	// Another replica's timer loop sends what the store holds.
	e.now = e.now.Add(5 * time.Second)
	e.flush()
	e.flush()
	for _, p := range []person{alice, bob} {
		m := e.f.latest(p.id, "Your hand")
		if got := turnOf.FindString(m.Blocks); got == before || m.action("sg1:pick:") == "" {
			t.Errorf("%s's newest hand after the crash shows %q with buttons %v; want the next turn (was %q)", p.name, got, m.actionIDs(), before)
		}
	}
}

// deadlineSeen records the deadline each call was given.
type deadlineSeen struct {
	Seen
	got []time.Time
}

func (d *deadlineSeen) AddRecord(ctx context.Context, key string, data []byte, ttl time.Duration) (bool, error) {
	dl, _ := ctx.Deadline()
	d.got = append(d.got, dl)
	return d.Seen.AddRecord(ctx, key, data, ttl)
}

// TestSlowDedupeSharesSlacksWindow: de-duplication may take most of the
// request's budget (Slack waits 3 s), measured from when the request came
// in, not half of it on its own (it gave up at 1.25 s of 2.5 and refused).
func TestSlowDedupeSharesSlacksWindow(t *testing.T) {
	e := newEnv(t, protocol.HandsDM)
	d := &deadlineSeen{Seen: e.store}
	e.a.cfg.Seen = d
	e.a.cfg.AckBudget = 2500 * time.Millisecond
	body := []byte(fmt.Sprintf("team_id=%s&channel_id=%s&user_id=U1&user_name=x&command=%%2Fsushigo&text=help&response_url=http%%3A%%2F%%2F127.0.0.1%%3A1%%2Fx", team, channel))
	start := time.Now()
	w := httptest.NewRecorder()
	e.a.Commands().ServeHTTP(w, signed("/slack/commands", body, e.now, secret))
	if w.Code != http.StatusOK || len(d.got) != 1 {
		t.Fatalf("%d after %d de-duplication calls", w.Code, len(d.got))
	}
	if got := d.got[0].Sub(start); got < 1400*time.Millisecond || got > 2500*time.Millisecond {
		t.Errorf("de-duplication may take %v of a 2.5 s budget, want about 1.5 s", got)
	}
}

// TestFrozenStoreIsNoReplay: a request whose de-duplication landed
// although its answer was lost (a SIGSTOP'd Redis) is asked again and
// handled, not refused as a replay; the same request again is one.
func TestFrozenStoreIsNoReplay(t *testing.T) {
	e := newEnv(t, protocol.HandsDM)
	e.a.cfg.Seen = &adaptertest.FrozenSeen{Records: e.store}
	body := []byte(fmt.Sprintf("team_id=%s&channel_id=%s&user_id=U1&user_name=x&command=%%2Fsushigo&text=help&response_url=http%%3A%%2F%%2F127.0.0.1%%3A1%%2Fx", team, channel))
	w := httptest.NewRecorder()
	e.a.Commands().ServeHTTP(w, signed("/slack/commands", body, e.now, secret))
	if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), "sushigo") {
		t.Fatalf("%d %q, want help", w.Code, w.Body)
	}
	w = httptest.NewRecorder()
	e.a.Commands().ServeHTTP(w, signed("/slack/commands", body, e.now, secret))
	if w.Code != http.StatusConflict {
		t.Errorf("the same request again: %d, want 409", w.Code)
	}
}
