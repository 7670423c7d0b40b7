package redis_test

import (
	"context"
	"strings"
	"testing"
	"time"

	goredis "github.com/redis/go-redis/v9"
)

// prefixOf recovers the key prefix a test store writes under.
func prefixOf(gameKey, key string) string { return strings.TrimSuffix(gameKey, "game:{"+key+"}") }

// TestDeadlinesOfAnEarlierRelease: releases before the shards kept every
// deadline in one set under {deadlines}; after an upgrade those deadlines
// still fire once, and a deadline set or cancelled again leaves the old set,
// so no timer is lost or fires twice.
func TestDeadlinesOfAnEarlierRelease(t *testing.T) {
	ctx := context.Background()
	s := open(t)
	c := s.Client()
	old := prefixOf(s.GameKey("x"), "x") + "{deadlines}:due"
	now := time.UnixMilli(1_800_000_000_000)
	// As an earlier release stored them: a past-due one, one rescheduled
	// by the new release, one cancelled by it.
	for i, k := range []string{"fires", "moved", "cancelled"} {
		if err := c.ZAdd(ctx, old, goredis.Z{Score: float64(now.Add(-time.Duration(i+1) * time.Second).UnixMilli()), Member: k}).Err(); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Schedule(ctx, "moved", now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := s.Cancel(ctx, "cancelled"); err != nil {
		t.Fatal(err)
	}
	cs, err := s.ClaimDue(ctx, now, time.Minute, 10)
	if err != nil || len(cs) != 1 || cs[0].Key != "fires" || !cs[0].Due.Equal(now.Add(-time.Second)) {
		t.Fatalf("claims after the upgrade = %+v, %v; want only the old due one", cs, err)
	}
	if err := s.Complete(ctx, cs[0]); err != nil {
		t.Fatal(err)
	}
	if n, _ := c.ZCard(ctx, old).Result(); n != 0 {
		t.Errorf("the old set still holds %d deadlines", n)
	}
	if again, err := s.ClaimDue(ctx, now.Add(2*time.Minute), time.Minute, 10); err != nil || len(again) != 0 {
		t.Errorf("after completing: %+v, %v; want nothing (the old claim must not come back)", again, err)
	}
	if later, _ := s.ClaimDue(ctx, now.Add(2*time.Hour), time.Minute, 10); len(later) != 1 || later[0].Key != "moved" {
		t.Errorf("the rescheduled deadline: %+v", later)
	}
}

// TestClaimDueEarliestFirst: of more due deadlines than asked for, across
// the shards, the earliest are handed out.
func TestClaimDueEarliestFirst(t *testing.T) {
	ctx := context.Background()
	s := open(t)
	now := time.UnixMilli(1_800_000_000_000)
	for i := range 40 {
		if err := s.Schedule(ctx, "g"+string(rune('A'+i)), now.Add(-time.Duration(i)*time.Second)); err != nil {
			t.Fatal(err)
		}
	}
	cs, err := s.ClaimDue(ctx, now, time.Minute, 5)
	if err != nil || len(cs) != 5 {
		t.Fatalf("ClaimDue = %+v, %v", cs, err)
	}
	for _, c := range cs {
		if age := now.Sub(c.Due); age < 35*time.Second {
			t.Errorf("claimed %s due %v ago; the five oldest are 35–39 s old", c.Key, age)
		}
	}
}
