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

// Store opens the test Redis (SUSHIGO_TEST_REDIS_URL, else database 15 of
// the one at 127.0.0.1:6379) under prefix, failing in CI and skipping
// elsewhere when there is none. The prefix's keys go when the test ends.
func Store(tb testing.TB, prefix string) *redis.Store {
	tb.Helper()
	url := os.Getenv("SUSHIGO_TEST_REDIS_URL")
	if url == "" {
		url = "redis://127.0.0.1:6379/15"
	}
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
		iter := s.Client().Scan(ctx, 0, prefix+"*", 1000).Iterator()
		for iter.Next(ctx) {
			s.Client().Del(ctx, iter.Val())
		}
		s.Close()
	})
	return s
}
