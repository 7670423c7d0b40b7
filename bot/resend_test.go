package bot_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage"
)

// resendSender is a protocol.ResendChecker that keeps each post's Resend mark.
// With hang set, the first post it is given never returns until the test
// ends: a replica that died mid-send, after the platform may have posted.
type resendSender struct {
	mu      sync.Mutex
	hang    chan struct{}
	entered chan struct{}
	posts   []protocol.Delivery
	// dies, when set, is stored true as the hanging send begins: the
	// process is gone, and its store writes with it (deadStore).
	dies *atomic.Bool
}

func (s *resendSender) ChecksResends() {}

func (s *resendSender) Send(ctx context.Context, _ protocol.Location, _ string, d protocol.Delivery) (protocol.Ref, error) {
	if d.Kind != protocol.Post {
		return protocol.Ref{}, nil
	}
	s.mu.Lock()
	s.posts = append(s.posts, d)
	hang := s.hang
	s.hang = nil
	s.mu.Unlock()
	if hang != nil {
		s.dies.Store(true)
		close(s.entered)
		select {
		case <-hang:
		case <-ctx.Done():
		}
		return protocol.Ref{}, errors.New("killed")
	}
	return protocol.Ref{ID: "m" + d.Nonce}, nil
}

// clock is a test clock that replicas running side by side can read.
type clock struct{ ns, seeds atomic.Int64 }

func newClock(at time.Time) *clock {
	c := &clock{}
	c.ns.Store(at.UnixNano())
	return c
}

func (c *clock) now() time.Time      { return time.Unix(0, c.ns.Load()).UTC() }
func (c *clock) add(d time.Duration) { c.ns.Add(int64(d)) }
func (c *clock) seed() uint64        { return uint64(c.seeds.Add(1)) }

// deadStore is a replica's view of the store: once dead is set, nothing
// it writes arrives, as after kill -9.
type deadStore struct {
	storage.Store
	dead *atomic.Bool
}

var errDead = errors.New("the process is dead")

func (s deadStore) SetGameSide(ctx context.Context, key string, side []byte) error {
	if s.dead.Load() {
		return errDead
	}
	return s.Store.SetGameSide(ctx, key, side)
}

func (s deadStore) RenewRecord(ctx context.Context, key string, data []byte, ttl time.Duration) (bool, error) {
	if s.dead.Load() {
		return false, errDead
	}
	return s.Store.RenewRecord(ctx, key, data, ttl)
}

func (s deadStore) Schedule(ctx context.Context, key string, due time.Time) error {
	if s.dead.Load() {
		return errDead
	}
	return s.Store.Schedule(ctx, key, due)
}

// A replica that dies while posting leaves the post marked as tried in the
// send log: the replica that takes the game over sends it marked Resend,
// so a platform without nonces looks for it before posting it again.
func TestResendAfterACrashMidSend(t *testing.T) {
	h := newHarness(t)
	var dead atomic.Bool
	release := make(chan struct{})
	dying := &resendSender{hang: release, entered: make(chan struct{}), dies: &dead}
	clock := newClock(h.now)
	cfg := func(s protocol.Sender) bot.Config {
		return bot.Config{Now: clock.now, Seed: clock.seed,
			Platforms: map[string]protocol.Platform{h.where.Platform: {Sender: s}}, SendLease: 300 * time.Millisecond}
	}
	h.b = bot.New(deadStore{h.store, &dead}, cfg(dying))
	h.lobby("ann", "timer=0", "bob")
	h.startGame("ann")
	ctx, kill := context.WithCancel(context.Background())
	defer kill()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); _, _ = h.b.Tick(ctx) }()
	defer func() { close(release); wg.Wait() }()
	<-dying.entered
	died := time.Now()

	// Another replica's timer loop takes the game over once the dead one's
	// delivery lock lapses (SendLease, real time): it looks every tick.
	taker := &resendSender{}
	other := bot.New(h.store, cfg(taker))
	for try := 0; len(taker.posts) == 0; try++ {
		if try == 100 {
			t.Fatal("the replica taking over sent nothing")
		}
		clock.add(2 * time.Second)
		if _, err := other.Tick(context.Background()); err != nil {
			t.Fatal(err)
		}
		if len(taker.posts) == 0 {
			time.Sleep(50 * time.Millisecond) // the lock lapses in real time
		}
	}
	t.Logf("taken over %v after the sender died (send lease %v)", time.Since(died).Round(10*time.Millisecond), 300*time.Millisecond)
	first := taker.posts[0]
	if first.Nonce != dying.posts[0].Nonce || !first.Resend {
		t.Errorf("the first post after the takeover %q (Resend %v), want %q marked Resend", first.Nonce, first.Resend, dying.posts[0].Nonce)
	}
	for _, d := range taker.posts[1:] {
		if d.Resend {
			t.Errorf("post %q, never tried before, marked Resend", d.Nonce)
		}
	}
}

// slowSender takes its time over each post, as a slow platform does.
type slowSender struct {
	mu      sync.Mutex
	took    time.Duration
	posts   int
	started chan struct{} // closed as the first post begins
}

func (s *slowSender) Send(ctx context.Context, _ protocol.Location, _ string, d protocol.Delivery) (protocol.Ref, error) {
	if d.Kind != protocol.Post {
		return protocol.Ref{}, nil
	}
	s.mu.Lock()
	if s.posts == 0 && s.started != nil {
		close(s.started)
		s.started = nil
	}
	s.mu.Unlock()
	time.Sleep(s.took)
	s.mu.Lock()
	s.posts++
	s.mu.Unlock()
	return protocol.Ref{ID: "m" + d.Nonce}, nil
}

// A replica that is alive keeps its games' delivery lock while it sends,
// however long a send takes: another replica never sends them beside it.
func TestSlowSendKeepsItsLock(t *testing.T) {
	h := newHarness(t)
	clock := newClock(h.now)
	cfg := func(s protocol.Sender) bot.Config {
		return bot.Config{Now: clock.now, Seed: clock.seed,
			Platforms: map[string]protocol.Platform{h.where.Platform: {Sender: s}}, SendLease: 150 * time.Millisecond}
	}
	started := make(chan struct{})
	slow := &slowSender{took: 400 * time.Millisecond, started: started} // longer than the lease
	h.b = bot.New(h.store, cfg(slow))
	h.lobby("ann", "timer=0", "bob")
	h.startGame("ann")
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); _, _ = h.b.Tick(context.Background()) }()
	<-started
	other := &resendSender{}
	b2 := bot.New(h.store, cfg(other))
	for range 10 {
		clock.add(2 * time.Second)
		if _, err := b2.Tick(context.Background()); err != nil {
			t.Fatal(err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	wg.Wait()
	if len(other.posts) != 0 {
		t.Errorf("another replica sent %d posts while the first was still sending them", len(other.posts))
	}
	if slow.posts == 0 {
		t.Errorf("the slow sender sent %d posts, want its whole outbox", slow.posts)
	}
}
