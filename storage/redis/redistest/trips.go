package redistest

import (
	"context"
	"sync/atomic"
	"testing"

	goredis "github.com/redis/go-redis/v9"

	"github.com/sushigo/sushigo/storage/redis"
)

// Trips counts what a client sends (add it with AddHook): one round trip
// a command, one a pipeline.
type Trips struct{ N atomic.Int64 }

func (t *Trips) DialHook(next goredis.DialHook) goredis.DialHook { return next }
func (t *Trips) ProcessHook(next goredis.ProcessHook) goredis.ProcessHook {
	return func(ctx context.Context, cmd goredis.Cmder) error { t.N.Add(1); return next(ctx, cmd) }
}
func (t *Trips) ProcessPipelineHook(next goredis.ProcessPipelineHook) goredis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []goredis.Cmder) error { t.N.Add(1); return next(ctx, cmds) }
}

// Counted is Store under prefix with its round trips counted.
func Counted(tb testing.TB, prefix string) (*redis.Store, *Trips) {
	tb.Helper()
	s := Store(tb, prefix)
	n := &Trips{}
	s.Client().AddHook(n)
	return s, n
}
