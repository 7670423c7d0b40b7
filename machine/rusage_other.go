//go:build !unix

package machine

import (
	"errors"
	"fmt"
	"time"
)

// Without getrusage a benchmark can't say what a click cost, so it says
// so rather than report nothing as a figure.
var errNoRusage = fmt.Errorf("this process's CPU time: %w", errors.ErrUnsupported)

// ProcessCPU is the CPU time, user and system, this process has used: not
// kept here (getrusage is Unix's).
func ProcessCPU() (time.Duration, error) { return 0, errNoRusage }

// Kernel is what this process has cost its kernel so far: not kept here.
func Kernel() (KernelUse, error) { return KernelUse{}, errNoRusage }
