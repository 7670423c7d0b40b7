package pool_test

import (
	"context"
	"runtime"
	"sync/atomic"
	"testing"

	"github.com/sushigo/sushigo/adapters/pool"
)

// TestPoolBoundsAndDrains starts five functions that block on a pool of
// two. However the goroutines are scheduled, no more than two run; Drain
// reports work in flight and returns once it ends.
func TestPoolBoundsAndDrains(t *testing.T) {
	p := pool.New(2)
	var running, peak atomic.Int64
	release := make(chan struct{})
	f := func() {
		n := running.Add(1)
		for old := peak.Load(); n > old && !peak.CompareAndSwap(old, n); old = peak.Load() {
		}
		<-release
		running.Add(-1)
	}
	go func() {
		for range 5 {
			p.Go(f)
		}
	}()
	for running.Load() < 2 {
		runtime.Gosched()
	}
	for range 10000 { // give any extra goroutine every chance to start
		runtime.Gosched()
	}
	if n := running.Load(); n != 2 {
		t.Fatalf("%d running on a pool of 2", n)
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	if err := p.Drain(cancelled); err == nil {
		t.Error("Drain reported nothing in flight while two functions ran")
	}
	close(release)
	for peak.Load() < 2 || running.Load() != 0 {
		runtime.Gosched()
	}
	if err := p.Drain(context.Background()); err != nil {
		t.Fatal(err)
	}
	if peak.Load() > 2 {
		t.Errorf("%d ran at once, want at most 2", peak.Load())
	}
}
