package machine

import (
	"math"
	"runtime"
	"runtime/metrics"
	"sync"
	"testing"
	"time"
)

// TestWaits: goroutines kept from running by busier ones, and collections
// forced, show in the window; /proc/stat's steal is read on Linux.
func TestWaits(t *testing.T) {
	before := ReadWaits()
	runtime.GC()
	runtime.GC()
	// More goroutines than processors, each busy a while: the ones made
	// ready behind them wait to run.
	var wg sync.WaitGroup
	for range 4 * runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 20 {
				spin(200 * time.Microsecond)
				runtime.Gosched()
			}
		}()
	}
	wg.Wait()
	w := ReadWaits().Since(before)
	if w.Cycles < 2 {
		t.Errorf("two collections forced; the window counts %d cycles", w.Cycles)
	}
	if w.PauseMax <= 0 {
		t.Errorf("two collections forced; the longest pause is %v", w.PauseMax)
	}
	if w.RunWaitMax <= 0 || w.RunWaitP99 > w.RunWaitMax {
		t.Errorf("waits to run: p99 %v, longest %v; want a positive longest at least the p99", w.RunWaitP99, w.RunWaitMax)
	}
	if runtime.GOOS == "linux" && !w.StealKept {
		t.Error("steal not read on Linux; want /proc/stat's")
	}
	if w.Steal < 0 {
		t.Errorf("steal went back: %v", w.Steal)
	}
}

func spin(d time.Duration) {
	for start := time.Now(); time.Since(start) < d; {
	}
}

// TestQuantile: the bucket that holds the quantile, its upper bound (a
// bucket is [Buckets[i], Buckets[i+1]); the lower bound where the upper is
// infinite), counted from a difference.
func TestQuantile(t *testing.T) {
	buckets := []float64{math.Inf(-1), 0.001, 0.002, 0.004, 0.008, math.Inf(1)}
	before := &metrics.Float64Histogram{Buckets: buckets, Counts: []uint64{0, 50, 0, 0, 0}}
	after := &metrics.Float64Histogram{Buckets: buckets, Counts: []uint64{0, 50 + 98, 1, 1, 0}}
	d := diff(after, before)
	for _, c := range []struct {
		q    float64
		want time.Duration
	}{
		{0.5, 2 * time.Millisecond}, {0.98, 2 * time.Millisecond}, {0.99, 4 * time.Millisecond}, {1, 8 * time.Millisecond},
	} {
		if got := quantile(d, c.q); got != c.want {
			t.Errorf("quantile %v = %v; want %v", c.q, got, c.want)
		}
	}
	tail := &metrics.Float64Histogram{Buckets: buckets, Counts: []uint64{0, 0, 0, 0, 3}}
	if got := quantile(tail, 1); got != 8*time.Millisecond {
		t.Errorf("the last, unbounded bucket: %v; want its lower bound, 8ms", got)
	}
	if got := quantile(diff(before, before), 0.99); got != 0 {
		t.Errorf("nothing counted: %v; want 0", got)
	}
}

// TestReport: the figures by name, in milliseconds and a second.
func TestReport(t *testing.T) {
	got := map[string]float64{}
	w := Window{RunWaitP99: 2 * time.Millisecond, RunWaitMax: 40 * time.Millisecond, PauseMax: 500 * time.Microsecond,
		Cycles: 30, Steal: 300 * time.Millisecond, StealKept: true}
	w.Report(func(n float64, unit string) { got[unit] = n }, 30*time.Second)
	want := map[string]float64{"run-wait-p99-ms": 2, "run-wait-max-ms": 40, "gc-pause-max-ms": 0.5, "gc-cycles/s": 1, "steal-ms/s": 10}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %v; want %v", k, got[k], v)
		}
	}
	if len(got) != len(want) {
		t.Errorf("reported %v; want %v", got, want)
	}
	w.StealKept = false
	clear(got)
	w.Report(func(n float64, unit string) { got[unit] = n }, 30*time.Second)
	if _, ok := got["steal-ms/s"]; ok {
		t.Error("steal reported where /proc/stat did not say")
	}
}
