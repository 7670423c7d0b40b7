package discord

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/sushigo/sushigo/storage/redis"
	"github.com/sushigo/sushigo/storage/redis/redistest"
)

func benchRedis(b *testing.B) *redis.Store { return redistest.Store(b, redistest.Prefix("discord")) }

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
