// Package pool runs an adapter's deliveries after a request was answered on
// a bounded number of goroutines, and lets shutdown wait for them: a burst
// of clicks queues instead of starting a goroutine per request, and SIGTERM
// does not cut a reveal short.
package pool

import (
	"context"
	"sync/atomic"
)

// Pool runs functions with at most a given number at once. The zero Pool is
// not usable; call New.
type Pool struct {
	slots   chan struct{}
	pending atomic.Int64 // running or waiting for a slot
}

// New returns a pool running at most size functions at once.
func New(size int) *Pool {
	return &Pool{slots: make(chan struct{}, max(size, 1))}
}

// Go runs f on the pool. When every slot is busy it waits for one, which
// slows the caller (an HTTP handler, after its answer is written) rather
// than piling up work.
func (p *Pool) Go(f func()) {
	p.pending.Add(1)
	p.slots <- struct{}{}
	go func() {
		defer func() {
			<-p.slots
			p.pending.Add(-1)
		}()
		f()
	}()
}

// Pending returns how many functions are running or waiting for a slot.
func (p *Pool) Pending() int { return int(p.pending.Load()) }

// Drain waits until every function started has returned, or ctx ends. It
// takes every slot in turn, so a function is running exactly while it holds
// one; the pool is usable again afterwards.
func (p *Pool) Drain(ctx context.Context) error {
	taken := 0
	defer func() {
		for range taken {
			<-p.slots
		}
	}()
	for range cap(p.slots) {
		select {
		case p.slots <- struct{}{}:
			taken++
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}
