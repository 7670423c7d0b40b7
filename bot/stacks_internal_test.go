package bot

import (
	"errors"
	"strings"
	"testing"
)

// A panic on a runner is raised on the caller, as it would have been
// without the runner, with the runner's stack.
func TestRunnerPanicReachesCaller(t *testing.T) {
	r := newRunners()
	boom := errors.New("boom")
	got := func() (p any) {
		defer func() { p = recover() }()
		r.run(func() { panic(boom) })
		return nil
	}()
	rp, ok := got.(runnerPanic)
	if !ok {
		t.Fatalf("recovered %#v, want a runnerPanic", got)
	}
	if rp.value != boom || !strings.Contains(rp.Error(), "boom") || !strings.Contains(rp.Error(), "stacks_internal_test.go") {
		t.Errorf("the panic lost its value or the runner's stack: %v", rp)
	}
	// The runner that panicked is gone; the next request still runs.
	ran := false
	r.run(func() { ran = true })
	if !ran {
		t.Error("a request after a panic did not run")
	}
}

// A request never waits for another: one that blocks does not hold up the
// next (a runner is started when none is idle).
func TestRunnersNeverQueue(t *testing.T) {
	r := newRunners()
	release, started := make(chan struct{}), make(chan struct{})
	first := make(chan struct{})
	go func() {
		r.run(func() { close(started); <-release })
		close(first)
	}()
	<-started
	second := false
	r.run(func() { second = true }) // deadlocks if it waits for the first
	close(release)
	<-first
	if !second {
		t.Error("the second request did not run")
	}
}
