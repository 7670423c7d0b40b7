package redistest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"github.com/sushigo/sushigo/storage/redis"
)

// Prefix is a fresh key prefix for a test named name.
func Prefix(name string) string { return fmt.Sprintf("sushigo-test:%s:%x:", name, rand.Uint64()) }

// URL is the test Redis: SUSHIGO_TEST_REDIS_URL, else database 15 of the
// one at 127.0.0.1:6379.
func URL() string {
	if url := os.Getenv("SUSHIGO_TEST_REDIS_URL"); url != "" {
		return url
	}
	return "redis://127.0.0.1:6379/15"
}

// Store opens the test Redis (URL) under prefix, failing in CI and
// skipping elsewhere when there is none. The prefix's keys go when the
// test ends, by a client of their own (the test may have closed this one).
func Store(tb testing.TB, prefix string) *redis.Store {
	tb.Helper()
	url := URL()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	s, err := redis.Dial(ctx, url, redis.Options{Prefix: prefix})
	if err != nil {
		if os.Getenv("CI") == "true" {
			tb.Fatalf("Redis is required in CI: %v", err)
		}
		tb.Skipf("no Redis at %s (%v); start one with `redis-server --port 6379`", url, err)
	}
	tb.Cleanup(func() {
		ctx := context.Background()
		c, err := redis.Dial(ctx, url, redis.Options{})
		if err != nil {
			tb.Errorf("cleaning up %s*: %v", prefix, err)
			return
		}
		defer c.Close()
		iter := c.Client().Scan(ctx, 0, prefix+"*", 1000).Iterator()
		for iter.Next(ctx) {
			c.Client().Del(ctx, iter.Val())
		}
		s.Close()
	})
	return s
}
