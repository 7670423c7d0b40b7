package redis

import (
	"context"
	"sync"
	"time"

	goredis "github.com/redis/go-redis/v9"
)

// When a replica is busy, its saves and its releases of send locks, for
// different games, come at about the same moment, and each went to Redis
// in a round trip of its own. On a 2-core host a round trip's wake-ups,
// in this process and in Redis, cost more than the commands it carries.
// So a write that comes soon after another game's waits a moment for
// others, and they go to Redis together, in one pipeline, each with its
// own answers. A write on a quiet replica goes at once, alone, and so
// does one that follows only its own game's (one game's writes come one
// after another: waiting would only make each later).
//
// Waiting makes a busy replica's acknowledgements that much later, and
// holds a released lock that much longer: a change to the same game made
// meanwhile finds it held, as it does while the send itself runs, and
// its send takes the lock after.

// batchWindow is how long the first write of a batch waits for others,
// and batchMax how many writes fill a batch, which then goes at once.
// Four milliseconds rather than one: on a 2-core Xeon, alternated runs
// put a click's host and Redis CPU up to an eighth lower at 1,000 Party
// games (nothing measurable in the slowest hour) and 3-6 % lower at 3,000
// classic games and under the whole web load (round trips a click 0.70 ->
// 0.34 at Party), for acks about 2 ms later at the median
// (docs/architecture.md, "the host").
const (
	batchWindow = 4 * time.Millisecond
	batchMax    = 64
)

// batchBusy: a write that comes this soon after another game's opens a
// batch; one after a longer quiet goes alone, at once.
const batchBusy = 5 * time.Millisecond

// batcher gathers writes into shared pipelines (batched).
type batcher struct {
	// held is a test's window and size for the next batch only.
	held *batch

	mu      sync.Mutex
	last    time.Time // when the latest write came
	lastKey string    // and its game's key
	open    *batch    // the batch waiting for its window to end
	batches int       // opened so far (tests)
}

// batch is one pipeline's writes; done closes once every write has its
// answers.
type batch struct {
	window time.Duration
	max    int
	writes []*batchWrite
	full   chan struct{} // closed when max writes are in it
	done   chan struct{}
}

// batchWrite is one caller's commands: queue adds them to a pipeline, and
// cmds are their answers.
type batchWrite struct {
	queue func(goredis.Pipeliner)
	cmds  []goredis.Cmder
}

// batched runs the commands queue adds to a pipeline for game key's write,
// in one round trip: alone and at once when the store is quiet, else
// with others' (in the open batch, or in a new one this caller sends
// when the window ends).
// It returns their answers, each holding its own error; the error is
// the caller's context's when it ended first.
func (s *Store) batched(ctx context.Context, key string, queue func(goredis.Pipeliner)) ([]goredis.Cmder, error) {
	u := &s.batch
	w := &batchWrite{queue: queue}
	now := time.Now()
	u.mu.Lock()
	busy := now.Sub(u.last) < batchBusy && key != u.lastKey
	u.last, u.lastKey = now, key
	if b := u.open; b != nil {
		b.writes = append(b.writes, w)
		if len(b.writes) >= b.max {
			u.open = nil
			close(b.full)
		}
		u.mu.Unlock()
		select {
		case <-b.done:
			return w.cmds, nil
		case <-ctx.Done():
			// Sent or not, it is not known: as a round trip cut short.
			return nil, ctx.Err()
		}
	}
	if !busy {
		u.mu.Unlock()
		cmds, _ := s.c.Pipelined(ctx, func(p goredis.Pipeliner) error { queue(p); return nil })
		return cmds, nil
	}
	b := &batch{window: batchWindow, max: batchMax, writes: []*batchWrite{w}, full: make(chan struct{}), done: make(chan struct{})}
	if u.held != nil {
		b.window, b.max, u.held = u.held.window, u.held.max, nil
	}
	u.open = b
	u.batches++
	u.mu.Unlock()
	t := time.NewTimer(b.window)
	select {
	case <-t.C:
	case <-b.full:
	case <-ctx.Done():
	}
	t.Stop()
	u.mu.Lock()
	if u.open == b {
		u.open = nil
	}
	u.mu.Unlock()
	// The others ride on this caller's round trip: its deadline bounds it
	// (every write is given about the same moment), but its cancelling
	// does not take theirs with it.
	bctx := context.WithoutCancel(ctx)
	if d, ok := ctx.Deadline(); ok {
		var cancel context.CancelFunc
		bctx, cancel = context.WithDeadline(bctx, d)
		defer cancel()
	}
	ends := make([]int, len(b.writes))
	cmds, _ := s.c.Pipelined(bctx, func(p goredis.Pipeliner) error {
		for i, w := range b.writes {
			w.queue(p)
			ends[i] = p.Len()
		}
		return nil
	})
	start := 0
	for i, w := range b.writes {
		if ends[i] <= len(cmds) {
			w.cmds = cmds[start:ends[i]:ends[i]]
		}
		start = ends[i]
	}
	close(b.done)
	return w.cmds, nil
}

// firstErr is the first of cmds' errors, as a pipeline reports it.
func firstErr(cmds []goredis.Cmder) error {
	for _, c := range cmds {
		if err := c.Err(); err != nil {
			return err
		}
	}
	return nil
}
