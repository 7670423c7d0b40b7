package kept_test

import (
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sushigo/sushigo/kept"
)

// TestTheLatestWaiterTakesTheWork: of goroutines waiting, the one that
// began waiting last is handed the next job, so the others can run out
// their idle time and end.
func TestTheLatestWaiterTakesTheWork(t *testing.T) {
	var ws kept.Waiters[int]
	took := make(chan [2]int, 3)
	for id := range 3 {
		go func() {
			me := kept.NewWaiter[int]()
			defer me.Stop()
			v, ok := ws.Wait(me, time.Hour)
			if ok {
				took <- [2]int{id, v}
			}
		}()
		for ws.Len() < id+1 { // in order: 0, then 1, then 2
			runtime.Gosched()
		}
	}
	for want := 2; want >= 0; want-- {
		if !ws.Give(10 + want) {
			t.Fatal("Give found no one waiting")
		}
		if got := <-took; got != [2]int{want, 10 + want} {
			t.Fatalf("goroutine %d took %d; want goroutine %d", got[0], got[1], want)
		}
	}
	if ws.Give(1) {
		t.Fatal("Give handed work with no one waiting")
	}
}

// TestWaitEndsWhenIdle: a wait with no work ends after its idle time and
// leaves no one waiting.
func TestWaitEndsWhenIdle(t *testing.T) {
	var ws kept.Waiters[string]
	me := kept.NewWaiter[string]()
	defer me.Stop()
	if v, ok := ws.Wait(me, time.Millisecond); ok {
		t.Fatalf("Wait returned %q with no work given", v)
	}
	if n := ws.Len(); n != 0 {
		t.Fatalf("%d waiting after the wait ended", n)
	}
	if ws.Give("x") {
		t.Fatal("Give handed work to a wait that had ended")
	}
}

// TestNoWorkLost: with waits ending all the while (an idle time of a
// microsecond), every job given is done exactly once, by a waiting
// goroutine or one started for it.
func TestNoWorkLost(t *testing.T) {
	var ws kept.Waiters[int]
	const jobs = 20000
	var done [jobs]atomic.Int32
	var wg sync.WaitGroup
	worker := func(v int) {
		defer wg.Done()
		me := kept.NewWaiter[int]()
		defer me.Stop()
		for {
			done[v].Add(1)
			var ok bool
			if v, ok = ws.Wait(me, time.Microsecond); !ok {
				return
			}
		}
	}
	for v := range jobs {
		wg.Add(1)
		if ws.Give(v) {
			wg.Done() // a waiting goroutine took it
		} else {
			go worker(v)
		}
	}
	wg.Wait()
	for v := range jobs {
		if n := done[v].Load(); n != 1 {
			t.Fatalf("job %d done %d times", v, n)
		}
	}
}
