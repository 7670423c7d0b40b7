package discord

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sushigo/sushigo/adapters/adaptertest"
	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage"
)

// stalledSeen is a de-duplication store that answers only when released,
// like a Redis that stalls.
type stalledSeen struct{ release chan struct{} }

func (s stalledSeen) AddRecord(ctx context.Context, _ string, _ []byte, _ time.Duration) (bool, error) {
	select {
	case <-s.release:
		return true, nil
	case <-ctx.Done():
		return false, ctx.Err()
	}
}

func (s stalledSeen) GetRecord(context.Context, string) ([]byte, error) {
	return nil, storage.ErrNotFound
}

// TestFrozenStoreLosesNoClick: de-duplication whose first try landed
// although its answer was lost is not a repeat: the deferred command and
// clicks are all played (before, each was answered "That was already
// handled." and dropped, 3–4 of 4 with Redis SIGSTOP'd for 8 s). A true
// repeat is still refused.
func TestFrozenStoreLosesNoClick(t *testing.T) {
	e := newEnv(t)
	e.a.seen = &adaptertest.FrozenSeen{Records: e.store}
	e.a.cfg.AckBudget = 20 * time.Millisecond // deferred, as the clicks were
	tok := e.token()
	v := e.vars(alice, tok)
	v["SUB"], v["OPTIONS"] = "new", "[]"
	e.f.interaction(tok, alice.id, channelID, "")
	body := e.fill("slash_command.json", v)
	w := httptest.NewRecorder()
	e.a.ServeHTTP(w, sign(e.priv, body, e.now))
	if w.Code != http.StatusOK {
		t.Fatalf("answer %d %q", w.Code, w.Body)
	}
	for _, f := range e.queue {
		f()
	}
	e.queue = nil
	if e.latest("", "lobby") == nil {
		t.Fatalf("the command never made its lobby (answered %q)", w.Body)
	}
	public, private := e.f.visible()
	for _, m := range append(public, private[alice.id]...) {
		if strings.Contains(m.text(), "already handled") {
			t.Errorf("told %s", m.text())
		}
	}
	w = httptest.NewRecorder()
	e.a.ServeHTTP(w, sign(e.priv, body, e.now))
	if w.Code != http.StatusConflict {
		t.Errorf("the same interaction again: %d, want 409", w.Code)
	}
}

// TestSlowDeduplicationStillAcksInTime: de-duplication runs inside the
// acknowledgement budget, so a stalled store yields a deferral within the
// budget instead of holding the answer past Discord's 3 seconds (before,
// it ran first and the ack went out after the stall).
func TestSlowDeduplicationStillAcksInTime(t *testing.T) {
	e := newEnv(t)
	seen := stalledSeen{release: make(chan struct{})}
	e.a.seen = seen
	e.a.cfg.AckBudget = 20 * time.Millisecond
	tok := e.token()
	v := e.vars(alice, tok)
	v["SUB"], v["OPTIONS"] = "new", "[]"
	e.f.interaction(tok, alice.id, channelID, "")
	w := httptest.NewRecorder()
	// The store stays stalled until the handler has answered: the answer
	// cannot have waited for it.
	e.a.ServeHTTP(w, sign(e.priv, e.fill("slash_command.json", v), e.now))
	close(seen.release)
	var ack discordgo.InteractionResponse
	if err := json.Unmarshal(w.Body.Bytes(), &ack); err != nil || w.Code != http.StatusOK {
		t.Fatalf("answer %d %q", w.Code, w.Body)
	}
	if ack.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Errorf("ack type %d, want a deferral (5) while the store stalls", ack.Type)
	}
	for _, f := range e.queue {
		f()
	}
	if e.latest("", "lobby") == nil {
		t.Error("the deferred command never made its lobby")
	}
}

// TestOversizedInteractionIs413 refuses a body over the limit as too large,
// not as a bad signature; 20 of them (unauthenticated) write one log
// line, not 20.
func TestOversizedInteractionIs413(t *testing.T) {
	e := newEnv(t)
	var logged bytes.Buffer
	e.a.cfg.Log = slog.New(slog.NewTextHandler(&logged, nil))
	big := bytes.Repeat([]byte("x"), maxBody+1)
	for range 20 {
		w := httptest.NewRecorder()
		r := httptest.NewRequest(http.MethodPost, "/interactions", bytes.NewReader(big))
		// Signed in form (a wrong signature is only found with the body).
		r.Header.Set("X-Signature-Ed25519", strings.Repeat("ab", 64))
		r.Header.Set("X-Signature-Timestamp", strconv.FormatInt(e.now.Unix(), 10))
		e.a.ServeHTTP(w, r)
		if w.Code != http.StatusRequestEntityTooLarge {
			t.Fatalf("%d, want 413", w.Code)
		}
	}
	if n := strings.Count(logged.String(), "\n"); n != 1 {
		t.Errorf("20 oversized bodies wrote %d log lines, want 1:\n%s", n, logged.String())
	}
	// Unsigned, a body is refused before it is read: a stranger's megabytes
	// cost no memory.
	for range 3 {
		body := &adaptertest.CountingReader{R: bytes.NewReader(big)}
		w := httptest.NewRecorder()
		e.a.ServeHTTP(w, httptest.NewRequest(http.MethodPost, "/interactions", body))
		if w.Code != http.StatusUnauthorized || body.N > 0 {
			t.Fatalf("an unsigned body: %d after reading %d bytes, want 401 after none", w.Code, body.N)
		}
	}
}

// stuckHost is a replica whose host never finishes: the process dies with
// the request in hand.
type stuckHost struct {
	Host
	release chan struct{}
}

func (s stuckHost) Handle(ctx context.Context, req protocol.Request) (protocol.Response, error) {
	select {
	case <-s.release:
	case <-ctx.Done():
	}
	return protocol.Response{}, context.Canceled
}

// TestDeferredInteractionRedoneAfterACrash: an interaction deferred because
// the host was slow is parked before the deferral goes out; when that
// replica dies, another one handles it again once it comes due, and the
// player gets their answer (before, the deferred action was lost with the
// process).
func TestDeferredInteractionRedoneAfterACrash(t *testing.T) {
	e := newDurableEnv(t)
	seed := uint64(100)
	e.host = bot.New(e.store, bot.Config{Now: func() time.Time { return e.now }, Seed: func() uint64 { seed++; return seed },
		Platforms: map[string]protocol.Platform{"discord": e.a.Platform()}})
	e.a.host = e.host
	// The replica that takes the interaction: its host never finishes, and
	// it dies after answering.
	stuck := stuckHost{Host: e.host, release: make(chan struct{})}
	defer close(stuck.release)
	dying := New(e.f.session(), stuck, e.store, Config{AppID: appID, PublicKey: e.pub, Now: func() time.Time { return e.now },
		AckBudget: 20 * time.Millisecond})
	dying.background = func(func()) {}
	e.host.AddPlatform("discord", e.a.Platform()) // as it was before dying's New described Discord again
	tok := e.token()
	v := e.vars(alice, tok)
	v["SUB"], v["OPTIONS"] = "new", `[{"name":"timer","type":4,"value":0}]`
	e.f.interaction(tok, alice.id, channelID, "")
	w := httptest.NewRecorder()
	dying.ServeHTTP(w, sign(e.priv, e.fill("slash_command.json", v), e.now))
	var ack discordgo.InteractionResponse
	if err := json.Unmarshal(w.Body.Bytes(), &ack); err != nil || ack.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("want a deferral, got %d %q", w.Code, w.Body)
	}
	var raw map[string]any
	_ = json.Unmarshal(w.Body.Bytes(), &raw)
	e.f.mu.Lock()
	e.f.applyAck(tok, raw)
	e.f.mu.Unlock()
	// Another replica, healthy: e.a with the real host.
	e.tick(10 * time.Second)
	if e.latest("", "lobby") != nil {
		t.Fatal("handled again before the first replica's time was up")
	}
	e.tick(30 * time.Second)
	if e.latest("", "lobby") == nil {
		t.Fatal("the deferred /sushigo new was never handled after its replica died")
	}
	// Handled once: a further tick does nothing more.
	e.tick(time.Minute)
	lobbies := 0
	public, _ := e.f.visible()
	for _, m := range public {
		if strings.Contains(m.title(), "lobby") {
			lobbies++
		}
	}
	if lobbies != 1 {
		t.Errorf("%d lobbies, want 1", lobbies)
	}
}
