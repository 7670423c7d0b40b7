package bot_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sushigo/sushigo/bot"
)

// fakeSender is a platform that records what the host's outbox sends to it,
// into the harness's view of the channel and the players, and can refuse.
type fakeSender struct {
	h    *harness
	mu   sync.Mutex
	fail int // refuse this many sends first
	sent []bot.Delivery
	n    int
}

func (f *fakeSender) Send(_ context.Context, where bot.Location, game string, d bot.Delivery) (bot.Ref, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.fail > 0 {
		f.fail--
		return bot.Ref{}, errors.New("platform unavailable")
	}
	f.sent = append(f.sent, d)
	if f.h != nil {
		f.h.record("", d)
	}
	if d.Slot != "" {
		f.n++
		return bot.Ref{ID: fmt.Sprintf("out%d", f.n)}, nil
	}
	return bot.Ref{}, nil
}

func (f *fakeSender) count(match func(bot.Delivery) bool) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, d := range f.sent {
		if match(d) {
			n++
		}
	}
	return n
}

func newOutboxHarness(t *testing.T) *harness {
	h := newHarness(t)
	h.sender = &fakeSender{h: h}
	h.b = h.newBot()
	return h
}

func isTablePost(d bot.Delivery) bool { return d.Kind == bot.Post && d.Slot == bot.SlotTable }

// TestOutboxWholeGame plays a whole game with every post and edit going
// through the durable outbox: replies alone come back with the request, the
// table is one message edited in place, and the game ends with the final
// standings shown.
func TestOutboxWholeGame(t *testing.T) {
	h := newOutboxHarness(t)
	h.lobby("ann", "timer=0 bots=1", "bob")
	h.startGame("ann")
	for range 40 {
		if _, over := h.lastPublic("Final standings"); over {
			break
		}
		h.playTurn([]string{"ann", "bob"})
	}
	if _, over := h.lastPublic("Final standings"); !over {
		t.Fatal("the game did not end")
	}
	// The lobby (the reply to `new`) is the table message; from then on
	// the outbox only edits it.
	if n := h.sender.count(isTablePost); n != 0 {
		t.Errorf("%d more table messages posted, want the lobby's edited in place", n)
	}
	if n := h.sender.count(func(d bot.Delivery) bool { return d.Kind == bot.Edit && d.Ref.ID == "msg1" }); n < 10 {
		t.Errorf("%d edits of the table message, want one per turn at least", n)
	}
	for _, s := range h.all {
		if s.d.Kind != bot.Reply && s.from != "" {
			t.Fatalf("a %v delivery came back with a request instead of going through the outbox", s.d.Kind)
		}
	}
}

// TestOutboxSurvivesACrash: a reveal stored by a process that dies before
// delivering anything is delivered, once, by the next process's timer loop.
func TestOutboxSurvivesACrash(t *testing.T) {
	h := newOutboxHarness(t)
	h.lobby("ann", "timer=0", "bob")
	h.startGame("ann")
	for _, u := range []string{"ann", "bob"} {
		h.send(u, bot.ShowHand{}, false)
	}
	reveals := func() int {
		return h.sender.count(func(d bot.Delivery) bool { return d.Kind == bot.Post && strings.Contains(d.View.Title, "Reveal") })
	}
	h.playTurnNoFlush(t, []string{"ann", "bob"})
	if got := reveals(); got != 0 {
		t.Fatalf("a reveal went out before any timer ran: %d", got)
	}
	h.restart() // a new process on the same store; the old one's memory is gone
	h.tick(0)
	h.tick(0)
	if got := reveals(); got != 1 {
		t.Errorf("%d reveals delivered after the restart, want exactly 1", got)
	}
}

// playTurnNoFlush picks the first card for each user through the host with
// no timer tick in between, as a process that dies right after would.
func (h *harness) playTurnNoFlush(t *testing.T, users []string) {
	t.Helper()
	s := h.sender
	h.sender = nil
	defer func() { h.sender = s }()
	for _, u := range users {
		hv := h.hand[u]
		for _, b := range hv.Buttons() {
			if strings.HasPrefix(b.ActionID, "sg1:pick:") && !strings.Contains(b.Label, "chopsticks") {
				h.click(u, b.ActionID, true)
				break
			}
		}
	}
}

// TestOutboxCoalescesTheTable: three lobby changes stored before any
// delivery send one table message, showing the latest of them: the table
// can never show an older state after a newer one.
func TestOutboxCoalescesTheTable(t *testing.T) {
	h := newOutboxHarness(t)
	h.do("ann", "new timer=0")
	s := h.sender
	h.sender = nil // no tick after each request
	for _, u := range []string{"bob", "cy"} {
		h.send(u, bot.Join{}, false)
	}
	h.sender = s
	h.tick(0)
	posts := 0
	var last bot.Delivery
	for _, d := range s.sent {
		if d.Kind == bot.Edit {
			posts++
			last = d
		}
	}
	if posts != 1 {
		t.Fatalf("%d table deliveries for three pending changes, want 1", posts)
	}
	if txt := last.View.String(); !strings.Contains(txt, "Cy") || !strings.Contains(txt, "Bob") {
		t.Errorf("the table shows an older state:\n%s", txt)
	}
}

// TestOutboxRetriesWithBackoff: a platform that refuses twice gets the
// delivery on the third try, at the backoff's times, and nothing is lost.
func TestOutboxRetriesWithBackoff(t *testing.T) {
	h := newOutboxHarness(t)
	h.do("ann", "new timer=0")
	edits := func() int { return h.sender.count(func(d bot.Delivery) bool { return d.Kind == bot.Edit }) }
	h.sender.fail = 2
	h.send("bob", bot.Join{}, false) // the table edit fails at once
	if edits() != 0 {
		t.Fatal("delivered despite the failure")
	}
	h.tick(500 * time.Millisecond) // before the 1 s backoff: nothing
	h.tick(600 * time.Millisecond) // the second try fails; next in 2 s
	h.tick(time.Second)
	if edits() != 0 {
		t.Fatal("retried before the backoff ran out")
	}
	h.tick(time.Second + 100*time.Millisecond)
	if n := edits(); n != 1 {
		t.Errorf("%d table edits after the platform recovered, want 1", n)
	}
	if v, _ := h.lastPublic("lobby"); !strings.Contains(v.String(), "Bob") {
		t.Errorf("the lobby does not show the join:\n%s", v.String())
	}
}

// TestOutboxTwoReplicas: two hosts on one store ticking at once deliver
// every pending delivery exactly once.
func TestOutboxTwoReplicas(t *testing.T) {
	h := newOutboxHarness(t)
	shared := &fakeSender{}
	h.sender = nil
	mk := func() *bot.Bot {
		return bot.New(h.store, bot.Config{Now: func() time.Time { return h.now },
			Seed: func() uint64 { h.seed++; return h.seed }, Senders: map[string]bot.Sender{h.where.Platform: shared}})
	}
	a, b := mk(), mk()
	h.b = a
	h.do("ann", "new timer=0")
	// The lobby is the reply to `new`; remember it as an adapter would.
	if err := a.Remember(context.Background(), h.where, h.gameID(), bot.SlotTable, bot.Ref{ID: "lobby"}); err != nil {
		t.Fatal(err)
	}
	for _, u := range []string{"bob", "cy", "dee"} {
		h.send(u, bot.Join{}, false)
	}
	var wg sync.WaitGroup
	for _, r := range []*bot.Bot{a, b, a, b} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := r.Tick(context.Background()); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if n := shared.count(func(bot.Delivery) bool { return true }); n != 1 {
		// One: the three joins' table edits coalesced into the latest.
		t.Errorf("%d deliveries for one coalesced lobby, want exactly 1", n)
	}
}
