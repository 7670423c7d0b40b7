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
