package machine

import (
	"testing"
	"time"
)

// MustProcessCPU is ProcessCPU for a benchmark: a reading that failed
// would report a click as free, so the benchmark stops instead.
func MustProcessCPU(tb testing.TB) time.Duration {
	tb.Helper()
	cpu, err := ProcessCPU()
	if err != nil {
		tb.Fatal(err)
	}
	return cpu
}

// MustKernel is Kernel for a benchmark, which stops on a failed reading.
func MustKernel(tb testing.TB) KernelUse {
	tb.Helper()
	k, err := Kernel()
	if err != nil {
		tb.Fatal(err)
	}
	return k
}
