package redistest

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	goredis "github.com/redis/go-redis/v9"
)

// CPU is the CPU time the Redis server behind c has used (INFO cpu:
// used_cpu_sys and used_cpu_user), for a benchmark's Redis CPU a click.
func CPU(ctx context.Context, c goredis.UniversalClient) (time.Duration, error) {
	info, err := c.Info(ctx, "cpu").Result()
	if err != nil {
		return 0, fmt.Errorf("the Redis server's CPU: %w", err)
	}
	cpu, err := parseCPU(info)
	if err != nil {
		return 0, fmt.Errorf("the Redis server's CPU: %w", err)
	}
	return cpu, nil
}

// parseCPU adds up INFO cpu's used_cpu_sys and used_cpu_user. Both must be
// there and read as numbers: a figure taken as zero would report Redis's
// share of a click as free.
func parseCPU(info string) (time.Duration, error) {
	var total time.Duration
	found := 0
	for _, line := range strings.Split(info, "\n") {
		k, v, ok := strings.Cut(strings.TrimSpace(line), ":")
		if !ok || (k != "used_cpu_sys" && k != "used_cpu_user") {
			continue
		}
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return 0, fmt.Errorf("INFO cpu's %s: %w", k, err)
		}
		total += time.Duration(f * float64(time.Second))
		found++
	}
	if found != 2 {
		return 0, errors.New("INFO cpu without used_cpu_sys and used_cpu_user")
	}
	return total, nil
}

// MustCPU is CPU for a benchmark, which stops on a failed reading (as
// machine.MustProcessCPU does for its own process).
func MustCPU(tb testing.TB, c goredis.UniversalClient) time.Duration {
	tb.Helper()
	cpu, err := CPU(tb.Context(), c)
	if err != nil {
		tb.Fatal(err)
	}
	return cpu
}
