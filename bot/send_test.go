package bot_test

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage"
)

// recSender records what it sends, safely from any goroutine; with gate
// set, each send first waits for a value from it (after saying so on
// started).
type recSender struct {
	mu      sync.Mutex
	sent    []protocol.Delivery
	n       int
	gate    chan struct{}
	started chan struct{}
}

func (s *recSender) Send(_ context.Context, _ protocol.Location, _ string, d protocol.Delivery) (protocol.Ref, error) {
	if s.gate != nil {
		s.started <- struct{}{}
		<-s.gate
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sent = append(s.sent, d)
	if d.Slot == "" {
		return protocol.Ref{}, nil
	}
	s.n++
	return protocol.Ref{ID: fmt.Sprintf("out%d", s.n)}, nil
}

func (s *recSender) all() []protocol.Delivery {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]protocol.Delivery(nil), s.sent...)
}

// handoffHost is a host on h's store and clock sending through s, handing
// deliveries off itself when handoff is set.
func handoffHost(h *harness, s protocol.Sender, handoff bool) *bot.Bot {
	return bot.New(h.store, bot.Config{Now: func() time.Time { return h.now }, Seed: func() uint64 { h.seed++; return h.seed },
		Platforms: map[string]protocol.Platform{h.where.Platform: {Sender: s, Hands: protocol.HandsDM}}, Handoff: handoff})
}

// act handles a on host b as an adapter would: the message a reply
// creates (the table) is remembered.
func act(t *testing.T, h *harness, b *bot.Bot, who string, a protocol.Action) {
	t.Helper()
	resp, err := b.Handle(context.Background(), protocol.Request{Where: h.where, Who: user(who), Action: a})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range resp.Deliveries {
		if d.Slot != "" {
			if err := b.Remember(context.Background(), h.where, resp.Game, d.Slot, protocol.Ref{ID: "reply-" + d.Slot}); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// startTwo starts ann and bob's game (hands by DM, no timer) on b.
func startTwo(t *testing.T, h *harness, b *bot.Bot) {
	t.Helper()
	act(t, h, b, "ann", protocol.NewGame{Options: protocol.Options{Timer: -1, Hands: protocol.HandsDM}})
	act(t, h, b, "bob", protocol.Join{})
	act(t, h, b, "ann", protocol.Start{})
}

// startHeld starts ann and bob's game on handoff host b with s holding
// the first of the start's deliveries (a table edit, two hands, a ping):
// it returns, with how many s sent before, once that send is under way.
func startHeld(t *testing.T, h *harness, b *bot.Bot, s *recSender) int {
	t.Helper()
	act(t, h, b, "ann", protocol.NewGame{Options: protocol.Options{Timer: -1, Hands: protocol.HandsDM}})
	act(t, h, b, "bob", protocol.Join{})
	b.WaitSends()
	before := len(s.all())
	s.gate, s.started = make(chan struct{}), make(chan struct{}, 1)
	act(t, h, b, "ann", protocol.Start{})
	<-s.started
	return before
}

func tickOn(t *testing.T, b *bot.Bot) {
	t.Helper()
	if _, err := b.Tick(context.Background()); err != nil {
		t.Fatal(err)
	}
	b.WaitSends()
}

// TestHandoffSendsAtOnce: with Handoff the replica that saved a change
// sends its deliveries itself, with no timer tick; the outbox deadline is
// only a net, and when it comes due with nothing left it sends nothing
// again (the table handed to the sender without waiting for the
// timer loop).
func TestHandoffSendsAtOnce(t *testing.T) {
	h := newHarness(t)
	s := &recSender{}
	b := handoffHost(h, s, true)
	startTwo(t, h, b)
	b.WaitSends()
	hands := 0
	for _, d := range s.all() {
		if !d.To.IsPublic() && hasPick(d.View) {
			hands++
		}
	}
	if hands != 2 {
		t.Fatalf("%d hands sent by the replica that started the game, want 2 (of %d deliveries)", hands, len(s.all()))
	}
	n := len(s.all())
	h.now = h.now.Add(4 * time.Second) // past the net
	tickOn(t, b)
	tickOn(t, b)
	if got := len(s.all()); got != n {
		t.Errorf("the net sent %d deliveries again", got-n)
	}
}

// TestHandoffTakesItsNetBack: once the replica that saved a change has
// sent it all, the change's outbox deadline is gone: the timer loop never
// claims and reads the game only to find nothing to send (those
// were a third of the background round trips). Its timer's deadline, a
// different key, stays.
func TestHandoffTakesItsNetBack(t *testing.T) {
	h := newHarness(t)
	s := &recSender{}
	b := handoffHost(h, s, true)
	startTwo(t, h, b)
	b.WaitSends()
	if len(s.all()) == 0 {
		t.Fatal("nothing sent")
	}
	claims, err := h.store.ClaimDue(context.Background(), h.now.Add(time.Hour), time.Minute, 100)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range claims {
		if strings.HasPrefix(c.Key, "out:") {
			t.Errorf("the outbox's net %s is still set after everything was sent", c.Key)
		}
	}
}

// TestHandoffNetWhenTheReplicaDies: a replica that saved a change and died
// before sending it leaves the deliveries to the net: another replica
// sends them once, a few seconds later, not before.
func TestHandoffNetWhenTheReplicaDies(t *testing.T) {
	h := newHarness(t)
	dead := handoffHost(h, &recSender{}, true)
	if err := dead.Drain(context.Background()); err != nil { // it sends nothing from now on
		t.Fatal(err)
	}
	startTwo(t, h, dead)
	s := &recSender{}
	other := handoffHost(h, s, true)
	tickOn(t, other)
	if n := len(s.all()); n != 0 {
		t.Fatalf("%d deliveries taken over before the net came due", n)
	}
	h.now = h.now.Add(3 * time.Second)
	tickOn(t, other)
	if n := len(s.all()); n == 0 {
		t.Fatal("nothing sent once the net came due")
	}
	seen := map[string]bool{}
	for _, d := range s.all() {
		k := fmt.Sprint(d.Kind, d.To, d.View.Title, d.View.Text)
		if seen[k] {
			t.Errorf("sent twice: %s", k)
		}
		seen[k] = true
	}
}

// TestDrainFinishesTheSendUnderWay: SIGTERM while a delivery is being
// sent lets it finish and records it; the game's other deliveries are
// left to the next replica at once (no lease to wait out, the lock
// released) and nothing is sent twice.
func TestDrainFinishesTheSendUnderWay(t *testing.T) {
	h := newHarness(t)
	s := &recSender{}
	b := handoffHost(h, s, true)
	before := startHeld(t, h, b, s)
	drained := make(chan error, 1)
	go func() { drained <- b.Drain(context.Background()) }()
	for !b.Stopping() {
		time.Sleep(time.Millisecond)
	}
	s.gate <- struct{}{}
	if err := <-drained; err != nil {
		t.Fatal(err)
	}
	first := s.all()[before:]
	if len(first) != 1 {
		t.Fatalf("%d deliveries sent after the drain began, want only the one under way", len(first))
	}
	s.gate = nil
	next := &recSender{}
	other := handoffHost(h, next, true)
	tickOn(t, other) // at once: the same instant
	rest := next.all()
	if len(rest) < 2 {
		t.Fatalf("the next replica sent %d deliveries at once, want the rest of the start's", len(rest))
	}
	k := func(d protocol.Delivery) string { return fmt.Sprint(d.Kind, d.To, d.Ref, d.View.Title, d.View.Text) }
	for _, d := range rest {
		if k(d) == k(first[0]) {
			t.Errorf("the delivery under way at the drain was sent again: %s", d.View.Title)
		}
	}
}

// rateLimited refuses its first left sends with the platform's Retry-After.
type rateLimited struct {
	*recSender
	mu    sync.Mutex
	left  int
	after time.Duration
	tries int
}

func (r *rateLimited) Send(ctx context.Context, where protocol.Location, game string, d protocol.Delivery) (protocol.Ref, error) {
	r.mu.Lock()
	r.tries++
	if r.left > 0 {
		r.left--
		r.mu.Unlock()
		return protocol.Ref{}, &protocol.RetryLater{After: r.after, Err: fmt.Errorf("429 Too Many Requests")}
	}
	r.mu.Unlock()
	return r.recSender.Send(ctx, where, game, d)
}

// TestRetryAfterPastTheLease: a Retry-After longer than the claim's lease
// holds the game's deliveries that long, in order: nothing is posted early
// or out of order, and waiting spends no attempt, however often the
// platform asks.
func TestRetryAfterPastTheLease(t *testing.T) {
	h := newHarness(t)
	s := &recSender{}
	rl := &rateLimited{recSender: s, left: 10, after: 45 * time.Second}
	b := handoffHost(h, rl, false)
	startTwo(t, h, b)
	tickOn(t, b)
	for i := range 10 {
		h.now = h.now.Add(31 * time.Second) // past the lease, not the Retry-After
		tickOn(t, b)
		if rl.tries != i+1 {
			t.Fatalf("after %d Retry-Afters and 31 s: %d tries, want %d (none before the platform said)", i+1, rl.tries, i+1)
		}
		h.now = h.now.Add(14 * time.Second)
		tickOn(t, b)
	}
	sent := s.all()
	if len(sent) < 3 {
		t.Fatalf("%d deliveries sent once the platform took them, want the game's start (dropped after %d tries?)", len(sent), rl.tries)
	}
	// Held in order: the start's announcement first, then the reveals
	// the timer made meanwhile, each once and in turn order.
	if !strings.Contains(sent[0].View.Text, "The game has started") {
		t.Errorf("first sent after the wait: %q, want the start's announcement", sent[0].View.Text)
	}
	last := 0
	for _, d := range sent {
		var round, turn int
		if _, err := fmt.Sscanf(d.View.Title, "👀 Reveal — round %d, turn %d", &round, &turn); err == nil {
			if round*100+turn <= last {
				t.Errorf("%q sent after round %d, turn %d", d.View.Title, last/100, last%100)
			}
			last = round*100 + turn
		}
	}
	if last == 0 {
		t.Error("no reveal sent")
	}
}

// TestDrainDoesNotWaitForAStuckSend: a send that never returns (a platform
// library asleep on a rate limit) does not hold the shutdown past its
// grace: Drain gives up, and the game goes to the next replica at once,
// lock released.
func TestDrainDoesNotWaitForAStuckSend(t *testing.T) {
	h := newHarness(t)
	s := &recSender{}
	b := handoffHost(h, s, true)
	startHeld(t, h, b, s)
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // the grace is over
	if err := b.Drain(ctx); err == nil {
		t.Fatal("Drain reported a clean stop with a send stuck")
	}
	next := &recSender{}
	tickOn(t, handoffHost(h, next, true))
	if len(next.all()) == 0 {
		t.Error("the next replica could not take the game over at once")
	}
	close(s.gate) // let the stuck send go, as the process would exit
	b.WaitSends()
}

// TestNonceStableAcrossAttempts: each post from the outbox carries a nonce
// naming that delivery: the same when it is sent again, different for the
// next one (what Discord's enforce_nonce de-duplicates by).
func TestNonceStableAcrossAttempts(t *testing.T) {
	h := newOutboxHarness(t)
	h.sender.h = nil
	nonces := &nonceSender{fakeSender: h.sender, fail: 1}
	h.b = bot.New(h.store, bot.Config{Now: func() time.Time { return h.now }, Seed: func() uint64 { h.seed++; return h.seed },
		Platforms: map[string]protocol.Platform{h.where.Platform: {Sender: nonces}}})
	startTwo(t, h, h.b)
	tickOn(t, h.b) // the first post fails
	h.now = h.now.Add(time.Minute)
	tickOn(t, h.b)
	if len(nonces.seen) < 3 || nonces.seen[0] == "" || nonces.seen[0] != nonces.seen[1] {
		t.Fatalf("nonces of the failed post and its retry: %q", nonces.seen)
	}
	if nonces.seen[2] == nonces.seen[1] {
		t.Errorf("two deliveries share nonce %q", nonces.seen[1])
	}
}

// nonceSender records the nonce of each post, refusing the first fail.
type nonceSender struct {
	*fakeSender
	seen []string
	fail int
}

func (n *nonceSender) Send(ctx context.Context, where protocol.Location, game string, d protocol.Delivery) (protocol.Ref, error) {
	if d.Kind == protocol.Post {
		n.seen = append(n.seen, d.Nonce)
		if n.fail > 0 {
			n.fail--
			return protocol.Ref{}, fmt.Errorf("503 Service Unavailable")
		}
	}
	return n.fakeSender.Send(ctx, where, game, d)
}

// gatedSender holds every send until its gate opens.
type gatedSender struct{ gate chan struct{} }

func (s *gatedSender) Send(ctx context.Context, _ protocol.Location, _ string, d protocol.Delivery) (protocol.Ref, error) {
	select {
	case <-s.gate:
	case <-ctx.Done():
		return protocol.Ref{}, ctx.Err()
	}
	return protocol.Ref{ID: "m"}, nil
}

// stopAfterClaim is a store whose next claim is followed by the timer
// loop's stop, as a SIGTERM arriving mid-tick.
type stopAfterClaim struct {
	storage.Store
	stop func()
}

func (s *stopAfterClaim) ClaimDue(ctx context.Context, now time.Time, lease time.Duration, max int) ([]storage.Claim, error) {
	cs, err := s.Store.ClaimDue(ctx, now, lease, max)
	if s.stop != nil {
		s.stop()
	}
	return cs, err
}

// errorLog keeps what a host logs at ERROR.
type errorLog struct {
	mu   sync.Mutex
	msgs []string
}

func (l *errorLog) Enabled(_ context.Context, lv slog.Level) bool { return lv >= slog.LevelError }
func (l *errorLog) Handle(_ context.Context, r slog.Record) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	msg := r.Message
	r.Attrs(func(a slog.Attr) bool { msg += " " + a.String(); return true })
	l.msgs = append(l.msgs, msg)
	return nil
}
func (l *errorLog) WithAttrs([]slog.Attr) slog.Handler { return l }
func (l *errorLog) WithGroup(string) slog.Handler      { return l }

// TestShutdownLogsNoError: the timer loop stopped mid-tick, with every
// delivery slot held by a slow platform, sets the games it had claimed
// back for the next replica and logs no ERROR: a stop is not a failure
// (an ERROR a claimed game at every shutdown, once). Nothing
// waits out a claim's lease.
func TestShutdownLogsNoError(t *testing.T) {
	h := newHarness(t)
	logs := &errorLog{}
	s := &gatedSender{gate: make(chan struct{})}
	store := &stopAfterClaim{Store: h.store}
	b := bot.New(store, bot.Config{Now: func() time.Time { return h.now }, FlushWait: time.Millisecond, Log: slog.New(logs),
		Platforms: map[string]protocol.Platform{"test": {Sender: s, Hands: protocol.HandsDM}}})
	games := 80 // more than the 64 flush slots, so some claimed games cannot start
	for i := range games {
		where := protocol.Location{Platform: "test", Community: "c", Channel: fmt.Sprint(i)}
		for _, r := range []struct {
			who string
			a   protocol.Action
		}{{"ann", protocol.NewGame{Options: protocol.Options{Timer: -1, Hands: protocol.HandsDM}}}, {"bob", protocol.Join{}}, {"ann", protocol.Start{}}} {
			if _, err := b.Handle(context.Background(), protocol.Request{Where: where, Who: user(r.who), Action: r.a}); err != nil {
				t.Fatal(err)
			}
		}
	}
	ctx, stop := context.WithCancel(context.Background())
	store.stop = stop
	if _, err := b.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	// The games the stopped tick could not start are due again at once.
	store.stop = nil
	due, err := h.store.ClaimDue(context.Background(), h.now.Add(time.Second), time.Minute, 100)
	if err != nil {
		t.Fatal(err)
	}
	close(s.gate)
	if err := b.Drain(context.Background()); err != nil {
		t.Fatal(err)
	}
	if len(due) == 0 {
		t.Error("no game was set back for the next replica")
	}
	logs.mu.Lock()
	defer logs.mu.Unlock()
	for _, m := range logs.msgs {
		t.Errorf("logged at ERROR: %s", m)
	}
}
