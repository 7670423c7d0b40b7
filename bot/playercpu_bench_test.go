package bot_test

import (
	"runtime"
	"sync/atomic"
	"time"

	"golang.org/x/sys/unix"
)

// playerCPU sums the CPU the benchmark's simulated players take for
// their own work (reading a hand's buttons, the timer heap, building a
// click), each piece timed on the thread it runs on, so that the host's
// CPU is the process's less theirs. The timing itself is theirs too: what
// a timing costs outside the window it reads (calibrate) is added for
// each. Not counted: the collector's share of what the players allocate,
// and the goroutine a click runs on.
type playerCPU struct {
	ns, calls atomic.Int64
	// each is what one timing costs beyond what it reports (calibrate).
	each time.Duration
}

// time runs f on one thread and adds the CPU time it took.
func (m *playerCPU) time(f func()) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	t0 := threadCPU()
	f()
	m.ns.Add(int64(threadCPU() - t0))
	m.calls.Add(1)
}

// calibrate measures what a timing costs beyond the window it reads: the
// thread's CPU over many timings of nothing, less what they reported.
// The clock it reads is a system call, not a cheap one, and a click is
// timed four or five times: 1–2 % of the process's CPU that would
// otherwise count as the host's.
func (m *playerCPU) calibrate() time.Duration {
	const n = 100_000
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var probe playerCPU
	t0 := threadCPU()
	for range n {
		probe.time(func() {})
	}
	m.each = max(0, (threadCPU()-t0-probe.total())/n)
	return m.each
}

func (m *playerCPU) total() time.Duration {
	return time.Duration(m.ns.Load()) + time.Duration(m.calls.Load())*m.each
}

// threadCPU is the calling thread's CPU time.
func threadCPU() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		panic(err) // Linux and macOS have had it for decades
	}
	return time.Duration(ts.Nano())
}
