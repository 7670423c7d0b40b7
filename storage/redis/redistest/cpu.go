package redistest

import (
	"context"
	"strconv"
	"strings"
	"time"

	goredis "github.com/redis/go-redis/v9"
)

// CPU is the CPU time the Redis server behind c has used (INFO cpu:
// used_cpu_sys and used_cpu_user), for a benchmark's Redis CPU a click.
func CPU(ctx context.Context, c goredis.UniversalClient) (time.Duration, error) {
	info, err := c.Info(ctx, "cpu").Result()
	if err != nil {
		return 0, err
	}
	var total time.Duration
	for _, line := range strings.Split(info, "\n") {
		k, v, ok := strings.Cut(strings.TrimSpace(line), ":")
		if ok && (k == "used_cpu_sys" || k == "used_cpu_user") {
			f, _ := strconv.ParseFloat(v, 64)
			total += time.Duration(f * float64(time.Second))
		}
	}
	return total, nil
}
