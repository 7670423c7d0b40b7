// Package machine says what a benchmark ran on, so that figures from
// different hosts can be told apart: the CPU (its model, family and clock),
// the cores and the load, and what a system call costs there. Instances
// that print the same model and clock have differed by half in CPU a
// click; what the kernel costs them is most of why.
package machine

import (
	"os"
	"runtime"
	"runtime/metrics"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Describe names the host: "AMD EPYC (family 25, model 17), 2596.144 MHz,
// 2 cores, load 0.40 0.50 0.26" (Linux; the cores alone elsewhere).
// Not player words: a benchmark's log, and /proc/cpuinfo's keys.
func Describe() string {
	var model, family, number, mhz string
	if info, err := os.ReadFile("/proc/cpuinfo"); err == nil {
	lines:
		for _, line := range strings.Split(string(info), "\n") {
			k, v, _ := strings.Cut(line, ":")
			k, v = strings.TrimSpace(k), strings.TrimSpace(v)
			switch k {
			case "processor":
				if v != "0" {
					break lines // the first CPU's lines are enough
				}
			case "model name":
				model = v
			case "cpu family":
				family = v
			case "model":
				number = v
			case "cpu MHz":
				mhz = v
			}
		}
	}
	var b strings.Builder
	if model != "" {
		b.WriteString(model)
		if family != "" && number != "" {
			b.WriteString(" (family " + family + ", model " + number + ")")
		}
		b.WriteString(", ")
	}
	if mhz != "" {
		b.WriteString(mhz + " MHz, ")
	}
	b.WriteString(strconv.Itoa(runtime.NumCPU()) + " cores")
	if l, err := os.ReadFile("/proc/loadavg"); err == nil {
		if f := strings.Fields(string(l)); len(f) >= 3 {
			b.WriteString(", load " + strings.Join(f[:3], " "))
		}
	}
	return b.String()
}

// Syscall is what the cheapest system call (getppid) takes on this host:
// the median of five runs of 100,000. Kernels that guard every return to
// user space against speculation (AMD's "Safe RET", for one) make each
// call and each wake-up dearer, and a replica makes many: two Redis round
// trips and a socket write or more a click.
func Syscall() time.Duration {
	const runs, n = 5, 100_000
	took := make([]time.Duration, runs)
	for i := range took {
		start := time.Now()
		for range n {
			os.Getppid()
		}
		took[i] = time.Since(start) / n
	}
	slices.Sort(took)
	return took[runs/2]
}

// KernelUse is what a process has cost its kernel so far (Kernel).
type KernelUse struct {
	// Sys is the CPU time spent in the kernel: system calls and what they
	// set off (a loopback write delivers the bytes and wakes the reader).
	Sys time.Duration
	// Switches counts the times a thread stopped running, waiting or
	// pushed aside: each is a wake-up to pay for too, so on a host whose
	// kernel makes calls dear, goroutines handing work to each other cost
	// as much as the calls.
	Switches uint64
	// Faults counts the pages the kernel had to hand over as they were
	// first touched (minor faults): memory new to the heap, or given back
	// and taken again.
	Faults uint64
}

// Syscalls is how many reads and writes every thread of this process has
// made so far, as /proc/self/io counts them: read and write and their
// vectored and positioned forms, a socket's among them (recvfrom and
// sendmsg are not counted); ok is false where that file is not kept. A benchmark's figure a click is their difference over
// the run: like the objects allocated it hardly moves between runs, and
// on a host whose kernel makes each call dear (Syscall) it is what the
// kernel's share of a click follows. It leaves out the waits (epoll,
// futex), which follow the wake-ups rather than the work.
func Syscalls() (n uint64, ok bool) {
	io, err := os.ReadFile("/proc/self/io")
	if err != nil {
		return 0, false
	}
	var seen int
	for _, line := range strings.Split(string(io), "\n") {
		k, v, _ := strings.Cut(line, ":")
		if k != "syscr" && k != "syscw" {
			continue
		}
		c, err := strconv.ParseUint(strings.TrimSpace(v), 10, 64)
		if err != nil {
			return 0, false
		}
		n += c
		seen++
	}
	return n, seen == 2
}

// Allocated is the bytes and the objects this process has allocated on
// the heap so far: a benchmark's figures a click are their differences
// over the run, which, unlike the CPU's, hardly move from run to run or
// host to host. The objects are what the allocator's own time follows;
// the bytes, how often the collector runs.
func Allocated() (bytes, objects uint64) {
	s := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}, {Name: "/gc/heap/allocs:objects"}}
	metrics.Read(s)
	return s[0].Value.Uint64(), s[1].Value.Uint64()
}
