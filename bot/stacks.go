package bot

import (
	"fmt"
	"runtime/debug"
	"time"
)

// A request runs on one of the host's own goroutines, not on the caller's.
// A click's path (the engine, the views, the record's JSON, the save)
// needs a stack of tens of KB, and the goroutines front ends call from are
// fresh or long idle: a web socket's reader, a platform library's handler,
// a server's connection. Each such call grew its stack from a few KB by
// copying it, and the collector shrank it back while it waited for the
// next: 7 % of a replica's CPU with 10,000 web pages open, 3 % without
// (BenchmarkWebTable, BenchmarkSustained). A runner whose stack grew for
// one request keeps it for the next while requests keep coming.

// runnerIdle is how long a runner waits for the next request before it
// ends.
const runnerIdle = 2 * time.Second

// runners hands requests to idle runners, starting one when none is idle:
// never fewer at once than callers, so no request waits for another.
type runners struct{ idle chan func() }

func newRunners() *runners { return &runners{idle: make(chan func())} }

// run calls fn on a runner and returns when it has returned. A panic in
// fn is raised again on the caller's goroutine, where it would have been
// raised without the runner (a server's handler recovers it, say), with
// the runner's stack in its value.
func (r *runners) run(fn func()) {
	done := make(chan any, 1)
	job := func() {
		defer func() {
			if p := recover(); p != nil {
				done <- runnerPanic{p, debug.Stack()}
				return
			}
			done <- nil
		}()
		fn()
	}
	select {
	case r.idle <- job:
	default:
		go r.runner(job)
	}
	if p := <-done; p != nil {
		panic(p)
	}
}

func (r *runners) runner(job func()) {
	t := time.NewTimer(runnerIdle)
	defer t.Stop()
	for {
		job()
		t.Reset(runnerIdle)
		select {
		case job = <-r.idle:
		case <-t.C:
			return
		}
	}
}

// runnerPanic is a panic raised on a runner, raised again on its caller.
type runnerPanic struct {
	value any
	stack []byte
}

func (p runnerPanic) Error() string {
	return fmt.Sprintf("%v\n\non the host's runner:\n%s", p.value, p.stack)
}
