// Package kept hands work to goroutines kept waiting for it, the one that
// waited least first.
//
// The host keeps goroutines between requests and between sends: their
// stacks, grown by a click or a picture, are not grown again from nothing
// each time. Handed work through one channel, the goroutine that had
// waited longest took the next job, so every kept goroutine got one
// before its idle time ran out and none ended: a replica kept as many as
// its busiest moment had ever run at once (1,349 senders and 627 request
// goroutines at 3,000 games with 10,500 web sockets, each with its grown
// stack, for the collector to walk). Taking the one that waited least,
// the others run out their time and end: as many stay as the load keeps
// busy.
package kept

import (
	"sync"
	"time"
)

// Waiters are goroutines waiting for work of type T. The zero value is
// ready; it is safe for concurrent use.
type Waiters[T any] struct {
	mu      sync.Mutex
	waiting []*Waiter[T]
}

// Waiter is one goroutine's place among Waiters, used by that goroutine
// alone.
type Waiter[T any] struct {
	ch    chan T
	timer *time.Timer
}

// NewWaiter is a place for one goroutine to wait in.
func NewWaiter[T any]() *Waiter[T] {
	t := time.NewTimer(time.Hour)
	t.Stop()
	return &Waiter[T]{ch: make(chan T, 1), timer: t}
}

// Stop releases w's timer; w is not used again.
func (w *Waiter[T]) Stop() { w.timer.Stop() }

// Give hands v to the goroutine that has waited least, reporting false
// when none waits (the caller starts one).
func (ws *Waiters[T]) Give(v T) bool {
	ws.mu.Lock()
	n := len(ws.waiting)
	if n == 0 {
		ws.mu.Unlock()
		return false
	}
	w := ws.waiting[n-1]
	ws.waiting[n-1] = nil
	ws.waiting = ws.waiting[:n-1]
	ws.mu.Unlock()
	w.ch <- v // buffered: the waiter is gone from the list, nothing else sends
	return true
}

// Wait waits in w for work, at most idle: false when none came.
func (ws *Waiters[T]) Wait(w *Waiter[T], idle time.Duration) (T, bool) {
	ws.mu.Lock()
	ws.waiting = append(ws.waiting, w)
	ws.mu.Unlock()
	w.timer.Reset(idle)
	select {
	case v := <-w.ch:
		w.timer.Stop()
		return v, true
	case <-w.timer.C:
	}
	ws.mu.Lock()
	for i, x := range ws.waiting {
		if x == w {
			ws.waiting = append(ws.waiting[:i], ws.waiting[i+1:]...)
			ws.mu.Unlock()
			var zero T
			return zero, false
		}
	}
	ws.mu.Unlock()
	// A Give took w off the list as the time ran out: its work is
	// coming, and taken.
	return <-w.ch, true
}

// Len is how many goroutines wait.
func (ws *Waiters[T]) Len() int {
	ws.mu.Lock()
	defer ws.mu.Unlock()
	return len(ws.waiting)
}
