package machine

import (
	"runtime"
	"strconv"
	"strings"
	"testing"
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

func TestAllocated(t *testing.T) {
	before := Allocated()
	keep = make([]byte, 1<<20)
	if got := Allocated() - before; got < 1<<20 {
		t.Errorf("a 1 MiB allocation moved Allocated() by %d bytes", got)
	}
}

// keep holds TestAllocated's allocation, so it is made on the heap.
var keep []byte
