package seen_test

import (
	"context"
	"errors"
	"fmt"
	"syscall"
	"testing"
	"time"

	goredis "github.com/redis/go-redis/v9"

	"github.com/sushigo/sushigo/adapters/seen"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/storage/redis"
	"github.com/sushigo/sushigo/storage/redis/redistest"
)

// TestFrozenRedisIsNoRepeat stops a Redis with SIGSTOP while a delivery
// marks its request: the try times out, the store applies it when it
// wakes, and the delivery asking again is still the first; another
// delivery of the same request is a repeat. (Before, the second try found
// the record and the click was dropped as "already handled".)
func TestFrozenRedisIsNoRepeat(t *testing.T) {
	port, srv := redistest.Fresh(t)
	c := goredis.NewClient(&goredis.Options{Addr: fmt.Sprintf("127.0.0.1:%d", port), ReadTimeout: 200 * time.Millisecond,
		MaxRetries: -1})
	defer c.Close()
	s := redis.New(c, redis.Options{})
	key := "discord:interaction:1"
	m := seen.New(s, key, time.Minute)
	// A connection already open, as a serving replica's are: a new one
	// would not get past its handshake while Redis is frozen.
	if err := c.Ping(context.Background()).Err(); err != nil {
		t.Fatal(err)
	}
	if err := srv.Process.Signal(syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 400*time.Millisecond)
	_, err := m.First(ctx)
	cancel()
	if err := srv.Process.Signal(syscall.SIGCONT); err != nil {
		t.Fatal(err)
	}
	if err == nil {
		t.Fatal("a frozen Redis answered")
	}
	// The frozen call lands once Redis wakes (it read the command before
	// the client gave up on it).
	deadline := time.Now().Add(5 * time.Second)
	for {
		_, err := s.GetRecord(context.Background(), key)
		if err == nil {
			break
		}
		if !errors.Is(err, storage.ErrNotFound) || time.Now().After(deadline) {
			t.Fatalf("the frozen try never landed: %v", err)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if first, err := m.First(context.Background()); !first || err != nil {
		t.Errorf("asked again after the freeze: first %v, %v; want the first delivery", first, err)
	}
	if first, err := seen.New(s, key, time.Minute).First(context.Background()); first || err != nil {
		t.Errorf("another delivery: first %v, %v; want a repeat", first, err)
	}
}
