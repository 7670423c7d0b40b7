package redis_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	goredis "github.com/redis/go-redis/v9"

	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/storage/redis"
	"github.com/sushigo/sushigo/storage/redis/redistest"
	"github.com/sushigo/sushigo/storage/storagetest"
)

// testURL is the server the tests use: database 15 of the local Redis unless
// SUSHIGO_TEST_REDIS_URL says otherwise. Every test also gets its own key
// prefix and deletes its keys when it ends.
func testURL() string {
	if u := os.Getenv("SUSHIGO_TEST_REDIS_URL"); u != "" {
		return u
	}
	return "redis://127.0.0.1:6379/15"
}

// open connects with a fresh prefix. Without a reachable Redis the test
// fails in CI (CI=true) and is skipped elsewhere, saying how to get one.
func open(t testing.TB) *redis.Store {
	t.Helper()
	s, _ := openPrefix(t)
	return s
}

// openPrefix is open, also giving the store's key prefix.
func openPrefix(t testing.TB) (*redis.Store, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	name := strings.NewReplacer("/", "-", " ", "_").Replace(t.Name())
	prefix := fmt.Sprintf("sushigo-test:%s:%x:", name, rand.Uint64())
	s, err := redis.Dial(ctx, testURL(), redis.Options{Prefix: prefix})
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("Redis is required in CI: %v", err)
		}
		t.Skipf("no Redis at %s (%v). Start one with `redis-server --port 6379` "+
			"(or `docker run -p 6379:6379 redis:7`), or set SUSHIGO_TEST_REDIS_URL.", testURL(), err)
	}
	t.Cleanup(func() {
		ctx := context.Background()
		c := s.Client()
		iter := c.Scan(ctx, 0, prefix+"*", 500).Iterator()
		for iter.Next(ctx) {
			c.Del(ctx, iter.Val())
		}
		if err := iter.Err(); err != nil {
			t.Errorf("cleaning up %s*: %v", prefix, err)
		}
		s.Close()
	})
	return s, prefix
}

func TestConformance(t *testing.T) {
	storagetest.Run(t, func(t *testing.T) storage.Store {
		s, prefix := openPrefix(t)
		return aging{s, prefix}
	})
}

func TestCleanupLeavesNoKeys(t *testing.T) {
	var prefix string
	t.Run("inner", func(t *testing.T) {
		s := open(t)
		if _, err := s.SaveGame(context.Background(), "g", []byte("x"), 0, 0); err != nil {
			t.Fatal(err)
		}
		keys, _ := s.Client().Keys(context.Background(), "sushigo-test:*inner*").Result()
		if len(keys) == 0 {
			t.Fatal("the game was not stored under the test prefix")
		}
		prefix = keys[0][:strings.LastIndex(keys[0], "game:")]
	})
	s := open(t)
	if n, _ := s.Client().Keys(context.Background(), prefix+"*").Result(); len(n) != 0 {
		t.Errorf("keys left behind: %v", n)
	}
}

func TestDialErrors(t *testing.T) {
	ctx := context.Background()
	if _, err := redis.Dial(ctx, "not a url", redis.Options{}); err == nil {
		t.Error("Dial accepted a malformed URL")
	}
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	if _, err := redis.Dial(ctx, "redis://127.0.0.1:1/0", redis.Options{}); err == nil {
		t.Error("Dial succeeded against a closed port")
	}
}

// aging is a store the suite can age (storagetest.Ager): Age deletes every
// key of its prefix that would have expired within d, on every master.
type aging struct {
	*redis.Store
	prefix string
}

func (a aging) Age(t *testing.T, d time.Duration) {
	ctx := context.Background()
	sweep := func(ctx context.Context, c goredis.Cmdable) error {
		iter := c.Scan(ctx, 0, a.prefix+"*", 500).Iterator()
		for iter.Next(ctx) {
			ttl, err := c.PTTL(ctx, iter.Val()).Result()
			if err != nil {
				return err
			}
			if ttl >= 0 && ttl <= d {
				if err := c.Del(ctx, iter.Val()).Err(); err != nil {
					return err
				}
			}
		}
		return iter.Err()
	}
	var err error
	if cc, ok := a.Client().(*goredis.ClusterClient); ok {
		err = cc.ForEachMaster(ctx, func(ctx context.Context, c *goredis.Client) error { return sweep(ctx, c) })
	} else {
		err = sweep(ctx, a.Client())
	}
	if err != nil {
		t.Fatalf("ageing %s*: %v", a.prefix, err)
	}
}

// TestPingFailsOnAReadOnlyPrimary: right after a Sentinel failover the
// client may still reach the demoted primary, which answers PING but
// refuses writes; readiness (Ping) must say not ready until writes work,
// not 2 s before clicks succeed.
func TestPingFailsOnAReadOnlyPrimary(t *testing.T) {
	port, _ := redistest.Fresh(t)
	other, _ := redistest.Fresh(t)
	s, err := redis.Dial(context.Background(), fmt.Sprintf("redis://127.0.0.1:%d/0", port), redis.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	if err := s.Ping(ctx); err != nil {
		t.Fatalf("a writable primary: %v", err)
	}
	// Demoted: now a replica of the other server, read-only.
	if err := s.Client().Do(ctx, "REPLICAOF", "127.0.0.1", fmt.Sprint(other)).Err(); err != nil {
		t.Fatal(err)
	}
	if err := s.Ping(ctx); err == nil {
		t.Error("Ping said ready on a server that refuses writes")
	}
	if err := s.Client().Do(ctx, "REPLICAOF", "NO", "ONE").Err(); err != nil {
		t.Fatal(err)
	}
	if err := s.Ping(ctx); err != nil {
		t.Errorf("promoted again, still not ready: %v", err)
	}
}
