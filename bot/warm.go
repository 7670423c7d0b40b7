package bot

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"sync/atomic"
	"time"

	"github.com/sushigo/sushigo/kept"
)

// A request's work runs on a goroutine kept for requests, not on the
// caller's. A click needs a stack of 16 to 64 KB and a goroutine starts
// with a few: grown again for every request — a new goroutine for each,
// or a web page's socket whose stack the collector shrank since its last
// click — the copies were 3.8 % of a replica's CPU at 1,000 Party games
// and 5 % under the whole web load. A kept goroutine grows once, and again
// only after the collector shrinks it while it waits.

// warmIdle is how long a kept goroutine waits for the next request before
// it ends.
const warmIdle = 2 * time.Second

// requests are the process's kept goroutines, shared by its hosts: a
// process runs one in production, and a test's many then keep no more
// goroutines waiting than their requests keep busy.
var requests = new(warm)

// warm hands work to kept goroutines. The zero value is ready.
type warm struct {
	jobs kept.Waiters[*warmJob]
	// started counts the goroutines started, for tests.
	started atomic.Int64
}

type warmJob struct {
	f    func()
	done chan struct{}
	// panicked is what f panicked with, and where; exited, that it
	// called runtime.Goexit (a test's FailNow).
	panicked any
	exited   bool
}

// run runs f on a kept goroutine, or a new one when none is waiting, and
// returns when f has. A panic in f is raised again here, in the caller's
// goroutine, where the platform's server recovers from it as it did when
// f ran there (and a Goexit exits it).
func (w *warm) run(f func()) {
	j := &warmJob{f: f, done: make(chan struct{})}
	if !w.jobs.Give(j) {
		w.started.Add(1)
		go w.keep(j)
	}
	<-j.done
	switch {
	case j.panicked != nil:
		panic(j.panicked)
	case j.exited:
		runtime.Goexit()
	}
}

// keep runs j, then the next job handed to it, until none comes for
// warmIdle. The goroutine that waited least takes a job (package kept):
// as many stay as the requests keep busy.
func (w *warm) keep(j *warmJob) {
	me := kept.NewWaiter[*warmJob]()
	defer me.Stop()
	for {
		if !j.do() {
			return // (its stack unwound: a new one takes the next)
		}
		var ok bool
		if j, ok = w.jobs.Wait(me, warmIdle); !ok {
			return
		}
	}
}

// do runs the job, reporting whether it returned rather than panicked
// or exited.
func (j *warmJob) do() (ok bool) {
	defer func() {
		if !ok {
			if p := recover(); p != nil {
				j.panicked = fmt.Sprintf("%v\n\n%s", p, debug.Stack())
			} else {
				j.exited = true
			}
		}
		close(j.done)
	}()
	j.f()
	return true
}
