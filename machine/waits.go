package machine

import (
	"math"
	"os"
	"runtime/metrics"
	"strconv"
	"strings"
	"time"
)

// Waits is what held this process's work back so far: how long its
// goroutines waited to run once ready, the collector's stops, and the
// time the hypervisor gave the machine's CPUs to others (steal). A
// benchmark reads it at the start and the end of its measured window and
// reports the difference (Since): a latency's tail that comes with a wait
// to run and stolen time is the host's, one with a long stop is the
// collector's, one with neither is the code's.
type Waits struct {
	run, pause *metrics.Float64Histogram
	cycles     uint64
	steal      time.Duration
	stealKept  bool
}

// ReadWaits reads Waits now.
func ReadWaits() Waits {
	s := []metrics.Sample{
		{Name: "/sched/latencies:seconds"},
		{Name: "/sched/pauses/total/gc:seconds"},
		{Name: "/gc/cycles/total:gc-cycles"},
	}
	metrics.Read(s)
	w := Waits{cycles: s[2].Value.Uint64()}
	if s[0].Value.Kind() == metrics.KindFloat64Histogram {
		w.run = s[0].Value.Float64Histogram()
	}
	if s[1].Value.Kind() == metrics.KindFloat64Histogram {
		w.pause = s[1].Value.Float64Histogram()
	}
	w.steal, w.stealKept = steal()
	return w
}

// Window is Waits over a window: Since's answer.
type Window struct {
	// RunWaitP99 and RunWaitMax: how long a goroutine made ready waited
	// to run, at p99 and at most (to the histogram's bucket, its upper
	// bound; the runtime samples these waits).
	RunWaitP99, RunWaitMax time.Duration
	// PauseMax is the collector's longest stop of the world; Cycles its
	// cycles.
	PauseMax time.Duration
	Cycles   uint64
	// Steal is the CPU time the hypervisor gave to others, every CPU's
	// summed; StealKept is false where /proc/stat is not there to say.
	Steal     time.Duration
	StealKept bool
}

// Since is what waited between before and w.
func (w Waits) Since(before Waits) Window {
	run := diff(w.run, before.run)
	out := Window{
		RunWaitP99: quantile(run, 0.99),
		RunWaitMax: quantile(run, 1),
		PauseMax:   quantile(diff(w.pause, before.pause), 1),
		Cycles:     w.cycles - before.cycles,
		StealKept:  w.stealKept && before.stealKept,
	}
	if out.StealKept {
		out.Steal = w.steal - before.steal
	}
	return out
}

// diff is the histogram of what a counted that b had not: a and b are the
// same metric read at two moments (the same buckets).
func diff(a, b *metrics.Float64Histogram) *metrics.Float64Histogram {
	if a == nil {
		return nil
	}
	d := &metrics.Float64Histogram{Buckets: a.Buckets, Counts: make([]uint64, len(a.Counts))}
	for i, c := range a.Counts {
		if b != nil && i < len(b.Counts) {
			c -= b.Counts[i]
		}
		d.Counts[i] = c
	}
	return d
}

// quantile is the upper bound of the bucket holding h's q-quantile (its
// lower bound where the upper is infinite); 0 for an empty histogram.
func quantile(h *metrics.Float64Histogram, q float64) time.Duration {
	if h == nil {
		return 0
	}
	var total uint64
	for _, c := range h.Counts {
		total += c
	}
	if total == 0 {
		return 0
	}
	want := uint64(math.Ceil(q * float64(total)))
	var seen uint64
	for i, c := range h.Counts {
		seen += c
		if seen >= want && c > 0 {
			bound := h.Buckets[i+1]
			if math.IsInf(bound, 1) {
				bound = h.Buckets[i]
			}
			return time.Duration(bound * float64(time.Second))
		}
	}
	return 0
}

// clockTick is the kernel's USER_HZ, the unit of /proc/stat's times: 100
// a second on x86-64 and arm64, whatever the kernel's own tick.
const clockTick = 10 * time.Millisecond

// steal is the machine's stolen time so far: /proc/stat's first line, its
// eighth time (every CPU's summed).
func steal() (time.Duration, bool) {
	stat, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0, false
	}
	line, _, _ := strings.Cut(string(stat), "\n")
	f := strings.Fields(line)
	if len(f) < 9 || f[0] != "cpu" {
		return 0, false
	}
	ticks, err := strconv.ParseUint(f[8], 10, 64)
	if err != nil {
		return 0, false
	}
	return time.Duration(ticks) * clockTick, true
}

// Report gives w to report (testing.B's ReportMetric) as a benchmark's
// figures, over a window of the given length: run-wait-p99-ms,
// run-wait-max-ms, gc-pause-max-ms, gc-cycles/s and, where /proc/stat
// says, steal-ms/s (every CPU's summed, a second of the window).
func (w Window) Report(report func(n float64, unit string), over time.Duration) {
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	report(ms(w.RunWaitP99), "run-wait-p99-ms")
	report(ms(w.RunWaitMax), "run-wait-max-ms")
	report(ms(w.PauseMax), "gc-pause-max-ms")
	if secs := over.Seconds(); secs > 0 {
		report(float64(w.Cycles)/secs, "gc-cycles/s")
		if w.StealKept {
			report(ms(w.Steal)/secs, "steal-ms/s")
		}
	}
}
