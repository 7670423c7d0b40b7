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
	// A fresh mapping, small pages only: each page faults when first
	// touched, whatever the host's transparent huge pages do.
	const pages = 4096
	mem, err := syscall.Mmap(-1, 0, pages*syscall.Getpagesize(), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Munmap(mem)
	if err := syscall.Madvise(mem, syscall.MADV_NOHUGEPAGE); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < len(mem); i += syscall.Getpagesize() {
		mem[i] = 1
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
	if k1.Faults-k0.Faults < pages {
		t.Errorf("%d fresh pages touched moved the faults by %d", pages, k1.Faults-k0.Faults)
	}
}
