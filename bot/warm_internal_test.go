package bot

import (
	"runtime"
	"strings"
	"sync"
	"testing"
)

func TestWarmKeepsItsGoroutine(t *testing.T) {
	w := new(warm)
	n := 0
	w.run(func() { n++ })
	// The goroutine the first request started waits for the next: each
	// job handed to it once it is back waiting runs there, and no other
	// starts. (Calling run again at once would race the goroutine back
	// to its wait: run starts another when none is waiting yet, as it
	// should, and a test counting on it would count on the scheduler.)
	for range 4 {
		j := &warmJob{f: func() { n++ }, done: make(chan struct{})}
		for !w.jobs.Give(j) {
			runtime.Gosched()
		}
		<-j.done
	}
	if n != 5 {
		t.Fatalf("ran %d times; want 5", n)
	}
	if s := w.started.Load(); s != 1 {
		t.Errorf("one request after another started %d goroutines; want 1, kept", s)
	}
	// Requests at once each get one: none waits for another's.
	var wg sync.WaitGroup
	hold := make(chan struct{})
	for range 3 {
		wg.Go(func() { w.run(func() { <-hold }) })
	}
	for w.started.Load() < 3 { // the kept one and two more
		runtime.Gosched()
	}
	close(hold)
	wg.Wait()
}

func TestWarmRaisesPanicsInTheCaller(t *testing.T) {
	w := new(warm)
	got := func() (p any) {
		defer func() { p = recover() }()
		w.run(func() { panic("boom") })
		return nil
	}()
	if s, _ := got.(string); !strings.HasPrefix(s, "boom") || !strings.Contains(s, "warm_internal_test.go") {
		t.Errorf("recovered %v; want the panic, with where it happened", got)
	}
	// The goroutine that panicked is gone; the next request still runs.
	ran := false
	w.run(func() { ran = true })
	if !ran {
		t.Error("the request after a panic did not run")
	}
}

func TestWarmGoexitEndsTheCaller(t *testing.T) {
	w := new(warm)
	after := false
	done := make(chan struct{})
	go func() {
		defer close(done)
		w.run(func() { runtime.Goexit() })
		after = true
	}()
	<-done
	if after {
		t.Error("the caller went on after the work called Goexit")
	}
}
