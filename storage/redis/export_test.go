package redis

import (
	"context"
	"time"
)

// LoadScript loads one of the scripts a save that takes the send lock
// runs ("save" or "old"), as a server that had only that one would.
func LoadScript(ctx context.Context, s *Store, name string) error {
	script := saveLockScript
	if name == "old" {
		script = addScript
	}
	return script.Load(ctx, s.c).Err()
}

// HoldWrites makes s's next write open a batch, as if another had just
// come, that waits up to window or until max writes are in it; the
// batches after wait as long as they do outside tests.
func HoldWrites(s *Store, window time.Duration, max int) {
	u := &s.batch
	u.mu.Lock()
	defer u.mu.Unlock()
	u.held, u.last, u.lastKey = &batch{window: window, max: max}, time.Now().Add(time.Hour), "\x00held"
}

// QuietWrites makes s's next write come after a quiet.
func QuietWrites(s *Store) {
	u := &s.batch
	u.mu.Lock()
	defer u.mu.Unlock()
	u.last = time.Time{}
}

// WriteBatches is how many batches of writes s has opened.
func WriteBatches(s *Store) int {
	u := &s.batch
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.batches
}
