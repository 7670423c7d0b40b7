package redis

import (
	"context"
	"sync"
	"time"

	goredis "github.com/redis/go-redis/v9"
)

// trips shares round trips between the calls that want one at the same
// time. One trip is in flight at a time; the calls that come meanwhile
// wait, and the first of them takes them all in the next trip, one
// pipeline. A round trip costs both sides system calls (on loopback the
// sender's write also runs the receiver's side of TCP) whatever it
// carries, and at a few thousand clicks a second those were a sixth of
// the host's CPU and half of Redis's.
//
// A call that waits no longer wants its trip once its context ends, and
// is left out; one already sent waits for the answer. A trip's context
// carries its first call's values, no cancellation, and the earliest
// deadline of its calls, so no call waits past its own deadline for
// another's sake, though one may fail at another's.
type trips struct {
	c       goredis.UniversalClient
	cluster bool // a Cluster: no MULTI across the batch's slots

	mu      sync.Mutex
	busy    bool        // a trip is in flight
	waiting []*tripCall // the next trip's calls, in the order they came
}

// tripCall is one call's share of a trip.
type tripCall struct {
	ctx  context.Context
	tx   bool // its commands must run together (MULTI/EXEC)
	fn   func(goredis.Pipeliner)
	cmds []goredis.Cmder
	err  error

	// wake says the call's trip came back (false) or that it is to send
	// the next trip (true), whose calls are then in batch.
	wake  chan bool
	batch []*tripCall
}

func newTrips(c goredis.UniversalClient) *trips {
	_, cluster := c.(*goredis.ClusterClient)
	return &trips{c: c, cluster: cluster}
}

// run runs the commands fn queues in a shared round trip, inside one
// MULTI/EXEC with tx (on one server; a Cluster runs a plain pipeline) and
// returns the first error among them, or the trip's. fn must only queue
// commands: it runs on whichever goroutine sends the trip.
func (t *trips) run(ctx context.Context, tx bool, fn func(goredis.Pipeliner)) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	call := &tripCall{ctx: ctx, tx: tx, fn: fn}
	t.mu.Lock()
	if !t.busy {
		t.busy = true
		t.mu.Unlock()
		t.send([]*tripCall{call})
		return call.err
	}
	call.wake = make(chan bool, 1)
	t.waiting = append(t.waiting, call)
	t.mu.Unlock()
	var lead bool
	select {
	case lead = <-call.wake:
	case <-ctx.Done():
		t.mu.Lock()
		for i, c := range t.waiting {
			if c == call {
				t.waiting = append(t.waiting[:i:i], t.waiting[i+1:]...)
				t.mu.Unlock()
				return ctx.Err()
			}
		}
		t.mu.Unlock()
		lead = <-call.wake // taken already: wait for the answer
	}
	if lead {
		t.send(call.batch)
	}
	return call.err
}

// send makes one trip for calls, answers them, and hands the calls that
// came meanwhile to the first of them, or marks the way free.
func (t *trips) send(calls []*tripCall) {
	t.trip(calls)
	t.mu.Lock()
	next := t.waiting
	t.waiting = nil
	if len(next) == 0 {
		t.busy = false
	}
	t.mu.Unlock()
	if len(next) > 0 {
		next[0].batch = next
		next[0].wake <- true
	}
	for _, c := range calls[1:] {
		c.wake <- false
	}
}

// trip sends calls' commands in one pipeline and sets each call's error.
func (t *trips) trip(calls []*tripCall) {
	ctx, cancel := tripContext(calls)
	defer cancel()
	tx := false
	for _, c := range calls {
		tx = tx || c.tx
	}
	var p goredis.Pipeliner
	if tx && !t.cluster {
		p = t.c.TxPipeline()
	} else {
		p = t.c.Pipeline()
	}
	for _, c := range calls {
		from := p.Len()
		c.fn(p)
		c.cmds = p.Cmds()[from:]
	}
	_, err := p.Exec(ctx)
	own := err != nil && !anyCmdErr(calls) // the trip's failure, no command's
	for _, c := range calls {
		c.err = firstErr(c.cmds)
		if own {
			c.err = err
		}
	}
}

// tripContext is the context a trip runs with: its first call's values,
// none's cancellation, and the earliest of their deadlines.
func tripContext(calls []*tripCall) (context.Context, context.CancelFunc) {
	var first time.Time
	for _, c := range calls {
		if d, ok := c.ctx.Deadline(); ok && (first.IsZero() || d.Before(first)) {
			first = d
		}
	}
	ctx := context.WithoutCancel(calls[0].ctx)
	if first.IsZero() {
		return ctx, func() {}
	}
	return context.WithDeadline(ctx, first)
}

// firstErr is the first of cmds' errors, redis.Nil included, as
// Pipelined returns it.
func firstErr(cmds []goredis.Cmder) error {
	for _, c := range cmds {
		if err := c.Err(); err != nil {
			return err
		}
	}
	return nil
}

// anyCmdErr reports whether any of calls' commands failed.
func anyCmdErr(calls []*tripCall) bool {
	for _, c := range calls {
		if firstErr(c.cmds) != nil {
			return true
		}
	}
	return false
}
