package redistest_test

import (
	"context"
	"strings"
	"testing"

	"github.com/sushigo/sushigo/storage/redis/redistest"
)

func TestTrip(t *testing.T) {
	s := redistest.Store(t, redistest.Prefix("trip"))
	c, err := redistest.Trip(context.Background(), s.Client(), 200)
	if err != nil {
		t.Fatal(err)
	}
	// How much is the host's to say; that a trip takes time and this
	// process's CPU is not.
	if c.Wall <= 0 || c.Client <= 0 {
		t.Errorf("Trip = %+v; want a positive time and client CPU", c)
	}
	if s := c.String(); !strings.Contains(s, "Redis round trip takes") {
		t.Errorf("String() = %q", s)
	}
}
