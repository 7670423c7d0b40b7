package machine

import (
	"syscall"
	"testing"
)

// TestKernel: a thread that sleeps in the kernel a hundred times has
// stopped a hundred times, fresh memory touched page by page faults, and
// the kernel's CPU only grows.
func TestKernel(t *testing.T) {
	k0, err := Kernel()
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
	page := make([]byte, 64<<20) // fresh from the kernel: each page faults when first touched
	for i := 0; i < len(page); i += 4096 {
		page[i] = 1
	}
	k1, err := Kernel()
	if err != nil {
		t.Fatal(err)
	}
	if k1.Sys < k0.Sys {
		t.Errorf("the kernel's CPU went back: %v, then %v", k0.Sys, k1.Sys)
	}
	if k1.Switches-k0.Switches < sleeps {
		t.Errorf("%d sleeps moved the context switches by %d", sleeps, k1.Switches-k0.Switches)
	}
	// A huge page may back several of the 16,384 pages touched: a tenth.
	if k1.Faults-k0.Faults < 1600 {
		t.Errorf("64 MiB touched a page at a time moved the faults by %d", k1.Faults-k0.Faults)
	}
}
