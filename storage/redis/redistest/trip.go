package redistest

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	goredis "github.com/redis/go-redis/v9"

	"github.com/sushigo/sushigo/machine"
)

// TripCost is what one round trip to a Redis server costs: the CPU of the
// process that makes it (Client), the server's (Server) and the time it
// takes (Wall). Hosts whose clocks say the same differ here by two or
// three times (a write that wakes another core is dear in some virtual
// machines), and a replica makes two trips or more a click: the figure
// that tells why one host's CPU a click is another's and a half.
type TripCost struct {
	Client, Server, Wall time.Duration
}

func (c TripCost) String() string {
	return fmt.Sprintf("a Redis round trip takes %.1f µs (%.1f µs of this process's CPU, %.1f µs of the server's)",
		micros(c.Wall), micros(c.Client), micros(c.Server))
}

// Report reports the trip beside a benchmark's figures: redis-trip-us,
// and redis-trip-cpu-us the process's CPU for it.
func (c TripCost) Report(b *testing.B) {
	b.ReportMetric(micros(c.Wall), "redis-trip-us")
	b.ReportMetric(micros(c.Client), "redis-trip-cpu-us")
}

func micros(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1000 }

// Trip measures a round trip to the server behind c: n PINGs sent one
// after another in five batches, the median batch's figures, with nothing
// else under way in the process (its CPU is the whole process's).
func Trip(ctx context.Context, c goredis.UniversalClient, n int) (TripCost, error) {
	if err := c.Ping(ctx).Err(); err != nil { // a connection made, outside the count
		return TripCost{}, err
	}
	const batches = 5
	each := max(n/batches, 1)
	var all [batches]TripCost
	for i := range all {
		server0, err := CPU(ctx, c)
		if err != nil {
			return TripCost{}, err
		}
		client0, err := machine.ProcessCPU()
		if err != nil {
			return TripCost{}, err
		}
		start := time.Now()
		for range each {
			if err := c.Ping(ctx).Err(); err != nil {
				return TripCost{}, err
			}
		}
		wall := time.Since(start)
		client1, err := machine.ProcessCPU()
		if err != nil {
			return TripCost{}, err
		}
		server1, err := CPU(ctx, c)
		if err != nil {
			return TripCost{}, err
		}
		// (INFO's own trip is in the server's count: one in each.)
		k := time.Duration(each)
		all[i] = TripCost{Client: (client1 - client0) / k, Server: (server1 - server0) / k, Wall: wall / k}
	}
	slices.SortFunc(all[:], func(a, b TripCost) int { return cmp.Compare(a.Wall, b.Wall) })
	return all[batches/2], nil
}
