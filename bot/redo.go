package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/sushigo/sushigo/storage"
)

// Parked requests. An adapter that must acknowledge a request before the
// host has stored it (Discord's deferral when the host is slower than the
// 3-second window) parks the raw request first. If the replica that took
// it dies before the host finishes, the parked request comes due on
// whichever replica ticks and that platform's Redo handles it again; the
// host applies a request ID at most once per game (Request.ID), so a request
// that was in fact stored changes nothing the second time.

const redoPrefix = "redo:"

// Park stores a request of platform with ID id, to be handled again after
// after unless Unpark comes first.
func (b *Bot) Park(ctx context.Context, platform, id string, payload []byte, after time.Duration) error {
	key := redoPrefix + platform + ":" + id
	if err := b.store.SetRecord(ctx, key, payload, after+redoKeep); err != nil {
		return fmt.Errorf("park %s: %w", key, err)
	}
	if err := b.store.Schedule(ctx, key, b.now().Add(after)); err != nil {
		return fmt.Errorf("park %s: %w", key, err)
	}
	return nil
}

// Unpark forgets a parked request: its first handling finished.
func (b *Bot) Unpark(ctx context.Context, platform, id string) error {
	key := redoPrefix + platform + ":" + id
	if err := b.store.Cancel(ctx, key); err != nil {
		return fmt.Errorf("unpark %s: %w", key, err)
	}
	if err := b.store.DeleteRecord(ctx, key); err != nil && !errors.Is(err, storage.ErrNotFound) {
		return fmt.Errorf("unpark %s: %w", key, err)
	}
	return nil
}

// redoKeep is how long a parked request outlives its due time, for a
// replica to pick it up.
const redoKeep = 15 * time.Minute

// redoClaimed handles a parked request that came due.
func (b *Bot) redoClaimed(ctx context.Context, c storage.Claim, now time.Time) {
	rest := strings.TrimPrefix(c.Key, redoPrefix)
	platform, id, _ := strings.Cut(rest, ":")
	payload, err := b.store.GetRecord(ctx, c.Key)
	switch {
	case errors.Is(err, storage.ErrNotFound):
		// Handled and unparked meanwhile, or expired.
	case err != nil:
		b.log.Error("loading a parked request", "key", c.Key, "err", err)
		return // comes back after the lease
	case b.platform(platform).Redo == nil:
		b.log.Warn("a parked request for a platform not served here", "platform", platform)
		return
	default:
		if err := b.platform(platform).Redo(ctx, id, payload); err != nil {
			b.log.Warn("handling a parked request failed; retrying", "key", c.Key, "err", err)
			if err := b.store.Schedule(ctx, c.Key, now.Add(5*time.Second)); err != nil {
				b.log.Error("rescheduling a parked request", "key", c.Key, "err", err)
			}
			return
		}
		b.log.Info("handled a request a replica had parked", "key", c.Key)
		if err := b.store.DeleteRecord(ctx, c.Key); err != nil {
			b.log.Error("removing a parked request", "key", c.Key, "err", err)
		}
	}
	if err := b.store.Complete(ctx, c); err != nil {
		b.log.Error("completing a parked request", "key", c.Key, "err", err)
	}
}
