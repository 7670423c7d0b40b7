package discord

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/sushigo/sushigo/storage/redis"
)

func benchRedis(b *testing.B) *redis.Store {
	url := os.Getenv("SUSHIGO_TEST_REDIS_URL")
	if url == "" {
		url = "redis://127.0.0.1:6379/15"
	}
	prefix := fmt.Sprintf("sushigo-test:discord:%x:", rand.Uint64())
	s, err := redis.Dial(context.Background(), url, redis.Options{Prefix: prefix})
	if err != nil {
		if os.Getenv("CI") == "true" {
			b.Fatalf("Redis is required in CI: %v", err)
		}
		b.Skipf("no Redis at %s: %v", url, err)
	}
	b.Cleanup(func() {
		ctx := context.Background()
		iter := s.Client().Scan(ctx, 0, prefix+"*", 1000).Iterator()
		for iter.Next(ctx) {
			s.Client().Del(ctx, iter.Val())
		}
		s.Close()
	})
	return s
}

// BenchmarkSignedInteractionAck measures, on the Redis store, the time from
// a signed HTTP interaction arriving to its acknowledgement being written:
// verification, de-duplication, the host's load and compare-and-swap save,
// rendering. The click is "Show my hand" in a running 3-player game.
func BenchmarkSignedInteractionAck(b *testing.B) {
	e := newEnvOn(b, benchRedis(b))
	e.slash(alice, "new", `[{"name":"bots","type":4,"value":1},{"name":"timer","type":4,"value":0}]`)
	e.startGame()
	table := e.latest("", "Sushi Go! — round")
	custom := buttonWith(table, "sg1:hand:")
	lat := make([]time.Duration, 0, 1<<16)
	for b.Loop() {
		b.StopTimer()
		tok := e.token()
		v := e.vars(alice, tok)
		v["CUSTOM_ID"], v["MESSAGE"], v["FLAGS"] = custom, table.ID, "0"
		e.f.interaction(tok, alice.id, channelID, table.ID)
		req := sign(e.priv, e.fill("button_guild.json", v), e.now)
		w := httptest.NewRecorder()
		b.StartTimer()
		t0 := time.Now()
		e.a.ServeHTTP(w, req)
		lat = append(lat, time.Since(t0))
		if w.Code != http.StatusOK {
			b.Fatalf("status %d: %s", w.Code, w.Body)
		}
		e.queue = nil
	}
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
}
