package redis

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"testing"
	"time"

	goredis "github.com/redis/go-redis/v9"
)

// holdKey marks the call whose trip a tripHold keeps in flight.
type holdKey struct{}

// tripHold records each pipeline a client sends, and keeps the one whose
// context is marked in flight until release is closed, so that calls
// made meanwhile wait for the next trip.
type tripHold struct {
	release chan struct{}
	mu      sync.Mutex
	sent    [][]string // each trip's command names
}

func (h *tripHold) DialHook(next goredis.DialHook) goredis.DialHook { return next }
func (h *tripHold) ProcessHook(next goredis.ProcessHook) goredis.ProcessHook {
	return next // the test's own checks
}
func (h *tripHold) ProcessPipelineHook(next goredis.ProcessPipelineHook) goredis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []goredis.Cmder) error {
		h.record(cmds)
		if ctx.Value(holdKey{}) != nil {
			<-h.release
		}
		return next(ctx, cmds)
	}
}

func (h *tripHold) record(cmds []goredis.Cmder) {
	var names []string
	for _, c := range cmds {
		names = append(names, c.Name())
	}
	switch names[0] {
	case "hello", "select", "client", "auth":
		return // a new connection's own
	}
	h.mu.Lock()
	h.sent = append(h.sent, names)
	h.mu.Unlock()
}

func (h *tripHold) trips() [][]string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([][]string(nil), h.sent...)
}

// held is a Store whose first trip, made by the call it starts, stays in
// flight until the returned release is called; waitQueued(n) returns
// once n calls wait behind it.
func held(t *testing.T, name string) (s *Store, h *tripHold, release func(), waitQueued func(n int)) {
	t.Helper()
	s = openPrefixed(t, name)
	h = &tripHold{release: make(chan struct{})}
	s.c.AddHook(h)
	first := make(chan error, 1)
	go func() {
		ctx := context.WithValue(context.Background(), holdKey{}, true)
		first <- s.trips.run(ctx, false, func(p goredis.Pipeliner) { p.Ping(ctx) })
	}()
	waitQueued = func(n int) {
		for {
			s.trips.mu.Lock()
			busy, queued := s.trips.busy, len(s.trips.waiting)
			s.trips.mu.Unlock()
			if busy && queued >= n {
				return
			}
			runtime.Gosched()
		}
	}
	var once sync.Once
	release = func() {
		once.Do(func() {
			close(h.release)
			if err := <-first; err != nil {
				t.Errorf("the held trip: %v", err)
			}
		})
	}
	t.Cleanup(release)
	waitQueued(0) // the first trip is in flight
	return s, h, release, waitQueued
}

// Calls made while a trip is in flight share the next one, and each gets
// its own answers.
func TestTripsShareTheNextTrip(t *testing.T) {
	s, h, release, waitQueued := held(t, "trips-share")
	ctx := context.Background()
	const n = 8
	got := make([]int64, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var incr *goredis.IntCmd
			errs[i] = s.trips.run(ctx, false, func(p goredis.Pipeliner) {
				key := s.prefix + fmt.Sprintf("n%d", i)
				p.IncrBy(ctx, key, int64(i+1))
				incr = p.IncrBy(ctx, key, int64(i+1))
			})
			got[i] = incr.Val()
		}()
	}
	waitQueued(n)
	release()
	wg.Wait()
	for i := range n {
		if errs[i] != nil || got[i] != int64(2*(i+1)) {
			t.Errorf("call %d: %d, %v; want %d", i, got[i], errs[i], 2*(i+1))
		}
	}
	trips := h.trips()
	if len(trips) != 2 || len(trips[1]) != 2*n {
		t.Fatalf("trips %v; want the held one, then all %d calls' %d commands in one", trips, n, 2*n)
	}
	if trips[1][0] == "multi" {
		t.Errorf("a trip of plain calls ran in MULTI: %v", trips[1])
	}
}

// One call's failed command is its own: the others in its trip succeed.
func TestTripsKeepErrorsApart(t *testing.T) {
	s, h, release, waitQueued := held(t, "trips-errors")
	ctx := context.Background()
	if err := s.c.Set(ctx, s.prefix+"word", "sushi", 0).Err(); err != nil {
		t.Fatal(err)
	}
	bad, good := make(chan error, 1), make(chan error, 1)
	go func() {
		bad <- s.trips.run(ctx, false, func(p goredis.Pipeliner) { p.Incr(ctx, s.prefix+"word") })
	}()
	waitQueued(1)
	go func() {
		good <- s.trips.run(ctx, true, func(p goredis.Pipeliner) { p.Incr(ctx, s.prefix+"count") })
	}()
	waitQueued(2)
	release()
	if err := <-bad; err == nil {
		t.Error("INCR of a word: no error")
	}
	if err := <-good; err != nil {
		t.Errorf("INCR of a counter beside it: %v", err)
	}
	if n, err := s.c.Get(ctx, s.prefix+"count").Int(); n != 1 || err != nil {
		t.Errorf("counter %d, %v; want 1", n, err)
	}
	trips := h.trips()
	if len(trips) != 2 || len(trips[1]) != 4 || trips[1][0] != "multi" {
		t.Errorf("trips %v; want the two calls together, in MULTI for the one that asked", trips)
	}
}

// A call whose context ends while it waits is left out: its commands
// never run, and the others' do.
func TestTripsLeaveOutACancelledCall(t *testing.T) {
	s, _, release, waitQueued := held(t, "trips-cancel")
	ctx := context.Background()
	gone, cancel := context.WithCancel(ctx)
	left, stays := make(chan error, 1), make(chan error, 1)
	go func() {
		left <- s.trips.run(gone, false, func(p goredis.Pipeliner) { p.Set(ctx, s.prefix+"gone", 1, 0) })
	}()
	waitQueued(1)
	go func() {
		stays <- s.trips.run(ctx, false, func(p goredis.Pipeliner) { p.Set(ctx, s.prefix+"stays", 1, 0) })
	}()
	waitQueued(2)
	cancel()
	if err := <-left; !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled while waiting: %v; want context.Canceled", err)
	}
	release()
	if err := <-stays; err != nil {
		t.Errorf("the call beside it: %v", err)
	}
	if err := s.c.Get(ctx, s.prefix+"gone").Err(); !errors.Is(err, goredis.Nil) {
		t.Errorf("the cancelled call's key: %v; want none", err)
	}
	if err := s.c.Get(ctx, s.prefix+"stays").Err(); err != nil {
		t.Errorf("the other call's key: %v", err)
	}
}

// A trip runs to the earliest of its calls' deadlines, with the first
// call's values, and no call's cancellation ends it.
func TestTripContext(t *testing.T) {
	type key struct{}
	now := time.Now()
	first, cancel := context.WithCancel(context.WithValue(context.Background(), key{}, "first"))
	late, c1 := context.WithDeadline(context.Background(), now.Add(time.Hour))
	defer c1()
	early, c2 := context.WithDeadline(context.Background(), now.Add(time.Minute))
	defer c2()
	ctx, done := tripContext([]*tripCall{{ctx: first}, {ctx: late}, {ctx: early}})
	defer done()
	if d, ok := ctx.Deadline(); !ok || !d.Equal(now.Add(time.Minute)) {
		t.Errorf("deadline %v, %t; want the earliest, %v", d, ok, now.Add(time.Minute))
	}
	if ctx.Value(key{}) != "first" {
		t.Error("the first call's values are lost")
	}
	cancel()
	if ctx.Err() != nil {
		t.Errorf("a call's cancellation ended the trip: %v", ctx.Err())
	}
	none, done2 := tripContext([]*tripCall{{ctx: context.Background()}})
	defer done2()
	if _, ok := none.Deadline(); ok {
		t.Error("a deadline where no call has one")
	}
}
