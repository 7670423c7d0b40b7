package slack

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	slackapi "github.com/slack-go/slack"

	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage"
)

// killTrials is how many games TestKilledMidSendDoublesNothing plays, each
// killing the sending replica at another post (-kill-trials 56 for the
// figure per 56 kills).
var killTrials = flag.Int("kill-trials", 1, "games TestKilledMidSendDoublesNothing plays")

// TestKilledMidSendDoublesNothing: the replica sending a game's posts dies
// right after Slack made one (kill -9 before the answer arrives: its store
// writes stop, its later calls never arrive). Another replica takes the
// game's deliveries over once the send lease lapses, finds the post by its
// delivery metadata instead of posting it again, and the game plays to its
// end with no channel post doubled.
func TestKilledMidSendDoublesNothing(t *testing.T) {
	doubled, kills := 0, 0
	for trial := range *killTrials {
		t.Run(fmt.Sprint("kill at post ", 3+trial%9), func(t *testing.T) {
			d := killedMidSendGame(t, 3+trial%9)
			kills++
			if d > 0 {
				doubled++
			}
		})
	}
	t.Logf("%d replicas killed mid-send: %d games with a doubled post", kills, doubled)
}

// killedMidSendGame plays a game whose first replica dies at its killAt-th
// post and returns how many channel posts were doubled.
func killedMidSendGame(t *testing.T, killAt int) int {
	e := newDurableEnv(t, protocol.HandsDM)
	const lease = 200 * time.Millisecond
	replica := func(store storage.Store, token string) *Adapter {
		host := bot.New(store, bot.Config{Now: func() time.Time { return e.now }, SendLease: lease})
		a := New(slackapi.New(token, slackapi.OptionAPIURL(e.f.srv.GetAPIURL())), host, Config{SigningSecret: secret, Now: func() time.Time { return e.now }})
		row := a.Platform()
		row.Hands = protocol.HandsDM
		host.AddPlatform("slack", row)
		a.homes = host
		a.background = func(f func()) { e.queue = append(e.queue, f) }
		return a
	}
	var dead atomic.Bool
	e.a = replica(killable{e.store, &dead}, "xoxb-first")
	e.f.mu.Lock()
	e.f.killToken, e.f.killAt, e.f.onKill = "xoxb-first", killAt, func() { dead.Store(true) }
	e.f.mu.Unlock()

	e.slash(alice, "new bots=1 timer=0")
	lobby := e.f.latest("", "lobby")
	e.click(bob, lobby, lobby.action("sg1:join:"))
	e.click(alice, e.f.get(lobby), lobby.action("sg1:start:"))
	took := false
	playOutWithClock(e, func() {
		if dead.Load() && !took {
			// The second replica: the dead one's lock lapses in real time.
			time.Sleep(lease + 50*time.Millisecond)
			e.a, took = replica(e.store, "xoxb-second"), true
			e.now = e.now.Add(time.Minute)
			e.flush()
		}
	})
	if !took {
		t.Fatalf("the first replica never reached its post %d: the test did not test (%d posts, %d by it)", killAt, e.f.posts, e.f.byKilled)
	}
	if e.f.latest("", "Final standings") == nil {
		t.Fatal("the game never ended in the channel")
	}
	e.f.mu.Lock()
	defer e.f.mu.Unlock()
	return doubledPosts(t, e, func(text string) bool { return !strings.Contains(text, "lobby") })
}

// killable is a replica's view of the store: once dead, nothing it writes
// arrives, as after kill -9.
type killable struct {
	storage.Store
	dead *atomic.Bool
}

var errKilled = errors.New("the process was killed")

func (s killable) Commit(ctx context.Context, key string, data []byte, prev storage.Version, ttl time.Duration, due []storage.Deadline) (storage.Version, error) {
	if s.dead.Load() {
		return 0, errKilled
	}
	return s.Store.Commit(ctx, key, data, prev, ttl, due)
}

func (s killable) SetGameSide(ctx context.Context, key string, side []byte) error {
	if s.dead.Load() {
		return errKilled
	}
	return s.Store.SetGameSide(ctx, key, side)
}

func (s killable) RenewRecord(ctx context.Context, key string, data []byte, ttl time.Duration) (bool, error) {
	if s.dead.Load() {
		return false, errKilled
	}
	return s.Store.RenewRecord(ctx, key, data, ttl)
}

func (s killable) SetRecord(ctx context.Context, key string, data []byte, ttl time.Duration) error {
	if s.dead.Load() {
		return errKilled
	}
	return s.Store.SetRecord(ctx, key, data, ttl)
}

func (s killable) DeleteRecord(ctx context.Context, key string) error {
	if s.dead.Load() {
		return errKilled
	}
	return s.Store.DeleteRecord(ctx, key)
}

func (s killable) Schedule(ctx context.Context, key string, due time.Time) error {
	if s.dead.Load() {
		return errKilled
	}
	return s.Store.Schedule(ctx, key, due)
}

func (s killable) Complete(ctx context.Context, c storage.Claim) error {
	if s.dead.Load() {
		return errKilled
	}
	return s.Store.Complete(ctx, c)
}
