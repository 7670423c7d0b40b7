package machine

import (
	"syscall"
	"testing"
)

// TestKernel: a thread that sleeps in the kernel a hundred times has
// stopped a hundred times, and the kernel's CPU only grows.
func TestKernel(t *testing.T) {
	sys0, switches0, err := Kernel()
	if err != nil {
		t.Fatal(err)
	}
	// nanosleep blocks the thread itself (time.Sleep would park only the
	// goroutine, and the runtime decides when its thread sleeps).
	const sleeps = 100
	for range sleeps {
		ts := syscall.Timespec{Nsec: 10_000}
		if err := syscall.Nanosleep(&ts, nil); err != nil {
			t.Fatal(err)
		}
	}
	sys1, switches1, err := Kernel()
	if err != nil {
		t.Fatal(err)
	}
	if sys1 < sys0 {
		t.Errorf("the kernel's CPU went back: %v, then %v", sys0, sys1)
	}
	if switches1-switches0 < sleeps {
		t.Errorf("%d sleeps moved the context switches by %d", sleeps, switches1-switches0)
	}
}
