//go:build unix

package machine

import (
	"fmt"
	"syscall"
	"time"
)

// ProcessCPU is the CPU time, user and system, this process has used: a
// benchmark's CPU a click is its difference over the run.
func ProcessCPU() (time.Duration, error) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, fmt.Errorf("getrusage: %w", err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), nil
}

// Kernel is what this process has cost its kernel so far (getrusage).
func Kernel() (KernelUse, error) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return KernelUse{}, fmt.Errorf("getrusage: %w", err)
	}
	return KernelUse{Sys: time.Duration(ru.Stime.Nano()), Switches: uint64(ru.Nvcsw + ru.Nivcsw), Faults: uint64(ru.Minflt)}, nil
}
