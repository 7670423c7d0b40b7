package discord

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	goredis "github.com/redis/go-redis/v9"

	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage/redis"
	"github.com/sushigo/sushigo/storage/redis/redistest"
)

// freezeFor is how long TestClicksSurviveARedisFreeze pauses Redis:
// SUSHIGO_FREEZE (a Go duration, e.g. 8s) for a longer run.
func freezeFor(t *testing.T) time.Duration {
	if s := os.Getenv("SUSHIGO_FREEZE"); s != "" {
		d, err := time.ParseDuration(s)
		if err != nil {
			t.Fatalf("SUSHIGO_FREEZE=%q: %v", s, err)
		}
		return d
	}
	return 5 * time.Second
}

// hold sends a click through the HTTP endpoint and applies its
// acknowledgement, leaving what the adapter does after it queued (e.queue).
func (e *env) hold(p player, m *fakeMessage, customID string) {
	e.t.Helper()
	tok := e.token()
	v := e.vars(p, tok)
	v["CUSTOM_ID"], v["MESSAGE"], v["FLAGS"] = customID, m.ID, "0"
	if m.Audience != "" {
		v["FLAGS"] = "64"
	}
	e.f.interaction(tok, p.id, v["CHANNEL"], m.ID)
	w := httptest.NewRecorder()
	began := time.Now()
	e.a.ServeHTTP(w, sign(e.priv, e.fill("button_guild.json", v), e.now))
	if took := time.Since(began); took > 2*time.Second {
		e.t.Errorf("%s's click acknowledged after %v: past Discord's 3 seconds with the network", p.name, took)
	}
	if w.Code != 200 {
		e.t.Fatalf("%s's click answered %d %s: Discord would show a bare failure", p.name, w.Code, w.Body)
	}
	var ack map[string]any
	if err := json.Unmarshal(w.Body.Bytes(), &ack); err != nil {
		e.t.Fatal(err)
	}
	e.f.mu.Lock()
	e.f.applyAck(tok, ack)
	e.f.mu.Unlock()
}

// TestClicksSurviveARedisFreeze: with Redis frozen (CLIENT PAUSE) while
// three players pick and one opens their hand, every click is deferred,
// then applied once Redis answers: none is taken for a duplicate ("That
// was already handled.") or lost, and the turn is revealed.
func TestClicksSurviveARedisFreeze(t *testing.T) {
	t.Run("CLIENT PAUSE", func(t *testing.T) { clicksSurviveAFreeze(t, false) })
	// SIGSTOP freezes the whole process: a command read before the freeze
	// is applied after it, its answer long lost (before, 3-4 of 4 clicks
	// were then taken for duplicates).
	t.Run("SIGSTOP", func(t *testing.T) { clicksSurviveAFreeze(t, true) })
}

func clicksSurviveAFreeze(t *testing.T, sigstop bool) {
	port, srv := redistest.Fresh(t)
	// A small pool, as a busy replica's is during a freeze: waiting for a
	// connection fails too (pool timeout), not only waiting for Redis.
	url := fmt.Sprintf("redis://127.0.0.1:%d/0?pool_size=2&pool_timeout=500ms", port)
	store, err := redis.Dial(context.Background(), url, redis.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	e := newDurableEnvOn(t, store)
	e.slash(alice, "new", `[{"name":"timer","type":4,"value":0},{"name":"pictures","type":3,"value":"off"}]`)
	lobby := e.latest("", "lobby")
	e.click(carol, lobby, buttonWith(lobby, "sg1:join:"))
	e.startGame()
	table := e.latest("", "Sushi Go! — round 1/3, turn 1")
	hands := map[string]*fakeMessage{}
	for _, p := range []player{alice, bob, carol} {
		e.click(p, table, buttonWith(table, "sg1:hand:"))
		hands[p.id] = e.latest(p.id, "Your hand")
	}

	e.a.cfg.AckBudget = 300 * time.Millisecond
	pauser := goredis.NewClient(&goredis.Options{Addr: fmt.Sprintf("127.0.0.1:%d", port)})
	defer pauser.Close()
	freeze := freezeFor(t)
	if sigstop {
		if err := srv.Process.Signal(syscall.SIGSTOP); err != nil {
			t.Fatal(err)
		}
		wake := time.AfterFunc(freeze, func() { _ = srv.Process.Signal(syscall.SIGCONT) })
		defer func() {
			if wake.Stop() {
				_ = srv.Process.Signal(syscall.SIGCONT)
			}
		}()
	} else if err := pauser.Do(context.Background(), "CLIENT", "PAUSE", freeze.Milliseconds(), "ALL").Err(); err != nil {
		t.Fatal(err)
	}
	frozen := time.Now()
	for _, p := range []player{alice, bob, carol} {
		e.hold(p, hands[p.id], buttonWith(hands[p.id], "sg1:pick:"))
	}
	e.hold(alice, table, buttonWith(table, "sg1:hand:"))
	if time.Since(frozen) > freeze {
		t.Fatalf("the four clicks took %v to acknowledge, longer than the freeze: they were not all made during it", time.Since(frozen))
	}
	var wg sync.WaitGroup
	for _, f := range e.queue {
		wg.Add(1)
		go func() { defer wg.Done(); f() }()
	}
	e.queue = nil
	wg.Wait()
	e.tick(0)
	t.Logf("%d clicks deferred during a %v freeze, all answered %v after it began", 4, freeze, time.Since(frozen).Round(time.Millisecond))

	for _, h := range e.f.history {
		b, _ := json.Marshal(h.body)
		if strings.Contains(string(b), "already handled") || strings.Contains(string(b), "didn't work") {
			t.Errorf("a click was refused during the freeze (%s): %s", h.audience, b)
		}
	}
	if e.latest("", "Sushi Go! — round 1/3, turn 2") == nil {
		t.Error("the three picks made during the freeze were not all applied: no turn 2")
	}
	var reveal bool
	for _, m := range e.f.created {
		if m.Audience == "" && strings.Contains(m.text(), "Reveal") && strings.Contains(m.text(), "turn 1") {
			reveal = true
		}
	}
	if !reveal {
		t.Error("turn 1 was never revealed")
	}
}

// TestRedisDownSaysTryAgain: with Redis gone, a click is never answered
// with a bare failure (an HTTP error Discord shows as "This interaction
// failed"): it is deferred, tried for ClickRetry, and then the player
// reads that it did not work and to try again in a moment.
func TestRedisDownSaysTryAgain(t *testing.T) {
	port, srv := redistest.Fresh(t)
	store, err := redis.Dial(context.Background(), fmt.Sprintf("redis://127.0.0.1:%d/0", port), redis.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	e := newDurableEnvOn(t, store)
	e.slash(alice, "new", `[{"name":"timer","type":4,"value":0},{"name":"pictures","type":3,"value":"off"}]`)
	e.startGame()
	table := e.latest("", "Sushi Go! — round 1/3, turn 1")
	e.click(alice, table, buttonWith(table, "sg1:hand:"))
	hand := e.latest(alice.id, "Your hand")

	_ = srv.Process.Kill()
	_ = srv.Wait()
	e.a.cfg.AckBudget, e.a.cfg.ClickRetry = 200*time.Millisecond, time.Second
	e.hold(alice, hand, buttonWith(hand, "sg1:pick:"))
	for _, f := range e.queue {
		f()
	}
	e.queue = nil
	said := false
	for _, h := range e.f.history {
		b, _ := json.Marshal(h.body)
		if h.audience == alice.id && strings.Contains(string(b), "try again in a moment") {
			said = true
		}
	}
	if !said {
		t.Error("the player was not told to try again in a moment")
	}
}

// TestHungInteractionStallsOnlyItsGame: with Discord stuck on one
// interaction's messages (another game's click), an edit through another
// interaction's token goes through at once. discordgo puts every
// interaction's @original under one rate-limit bucket, locked for a whole
// call; the adapter uses each token's own.
func TestHungInteractionStallsOnlyItsGame(t *testing.T) {
	e := newEnv(t)
	stuck := make(chan struct{})
	e.f.interaction("tok-stuck", alice.id, channelID, "")
	e.f.interaction("tok-free", bob.id, channelID, "")
	in := make(chan struct{}, 1)
	e.f.mu.Lock()
	e.f.hang, e.f.stuckIn = map[string]chan struct{}{"tok-stuck": stuck}, in
	e.f.mu.Unlock()
	hung := make(chan struct{})
	go func() {
		defer close(hung)
		_ = e.a.editErr(context.Background(), "w:tok-stuck", renderView(protocol.View{Text: "stuck"}))
	}()
	<-in // Discord holds the first call now
	done := make(chan error, 1)
	go func() {
		done <- e.a.editErr(context.Background(), "w:tok-free", renderView(protocol.View{Text: "free"}))
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Error("an edit through another interaction waited on the hung one")
	}
	close(stuck)
	<-hung
}
