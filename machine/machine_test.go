package machine

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestDescribe(t *testing.T) {
	d := Describe()
	cores := strconv.Itoa(runtime.NumCPU()) + " cores"
	if !strings.Contains(d, cores) {
		t.Errorf("Describe() = %q; want it to say %q", d, cores)
	}
	if runtime.GOOS == "linux" && !strings.Contains(d, " MHz, ") {
		t.Errorf("Describe() = %q; want the clock on Linux", d)
	}
}

func TestSyscall(t *testing.T) {
	if d := Syscall(); d <= 0 || d.Milliseconds() > 1 {
		t.Errorf("Syscall() = %v; want a positive time under a millisecond", d)
	}
}

func TestSyscalls(t *testing.T) {
	n0, ok := Syscalls()
	if !ok {
		if runtime.GOOS == "linux" {
			t.Fatal("Syscalls() = false on Linux; want /proc/self/io's counts")
		}
		return
	}
	f, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	const writes = 100
	for range writes {
		if _, err := f.Write([]byte{0}); err != nil {
			t.Fatal(err)
		}
	}
	n1, _ := Syscalls()
	// Other goroutines (the test framework's) may add calls, never take.
	if n1-n0 < writes {
		t.Errorf("%d writes moved Syscalls by %d", writes, n1-n0)
	}
}

func TestAllocated(t *testing.T) {
	bytes0, objects0 := Allocated()
	keep = make([]byte, 1<<20)
	for i := range kept {
		kept[i] = new([64]byte)
	}
	bytes1, objects1 := Allocated()
	// Small objects are counted as their spans are handed back: up to a
	// span's worth (128 of these) may not be counted yet.
	counted := uint64(len(kept)) * 9 / 10
	if got := bytes1 - bytes0; got < 1<<20+counted*64 {
		t.Errorf("1 MiB and %d small allocations moved Allocated's bytes by %d", len(kept), got)
	}
	if got := objects1 - objects0; got < counted {
		t.Errorf("%d allocations moved Allocated's objects by %d", len(kept)+1, got)
	}
}

// keep and kept hold TestAllocated's allocations, so they are made on the
// heap.
var (
	keep []byte
	kept [10000]*[64]byte
)

// TestMustProcessCPU: the reading grows while this process works. It
// spins until it does (a busy machine may give it the core late), up to
// a deadline far beyond any wait to run.
func TestMustProcessCPU(t *testing.T) {
	cpu0 := MustProcessCPU(t)
	for deadline := time.Now().Add(30 * time.Second); ; {
		spin(time.Millisecond)
		if cpu := MustProcessCPU(t); cpu >= cpu0+10*time.Millisecond {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("MustProcessCPU() grew by %v in 30 s of spinning; want at least 10ms", MustProcessCPU(t)-cpu0)
		}
	}
}
