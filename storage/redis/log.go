package redis

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	goredis "github.com/redis/go-redis/v9"
)

// SetLogger sends go-redis's own log lines (pool and reconnection trouble)
// to l instead of plain text on standard error, at most one line every
// logEvery: during an outage the client repeats itself many times a second.
// go-redis has one logger per process, so this is process-wide.
func SetLogger(l *slog.Logger) { goredis.SetLogger(newLimitedLog(l, logEvery, time.Now)) }

const logEvery = 10 * time.Second

type limitedLog struct {
	l     *slog.Logger
	every time.Duration
	now   func() time.Time

	mu         sync.Mutex
	last       time.Time
	suppressed int
}

func newLimitedLog(l *slog.Logger, every time.Duration, now func() time.Time) *limitedLog {
	return &limitedLog{l: l, every: every, now: now}
}

func (g *limitedLog) Printf(ctx context.Context, format string, v ...any) {
	g.mu.Lock()
	now := g.now()
	if !g.last.IsZero() && now.Sub(g.last) < g.every {
		g.suppressed++
		g.mu.Unlock()
		return
	}
	n := g.suppressed
	g.last, g.suppressed = now, 0
	g.mu.Unlock()
	g.l.WarnContext(ctx, fmt.Sprintf(format, v...), "suppressed_since_last", n)
}
