package bot

import (
	"context"
	"errors"
	"math/rand/v2"
	"strconv"
	"sync"
	"time"

	"github.com/sushigo/sushigo/record"
	"github.com/sushigo/sushigo/storage"
)

// Sending a game's outbox: from the replica that made the change
// (handoff, with Config.Handoff), or from whichever replica's timer loop
// claims the game's "out:" deadline. Either way one sender at a time per
// game, across replicas (a lock record), and each send is recorded in the
// game's send log before the next (outbox.go, sendlog.go).

// handoffGrace is how far ahead a handed-off change sets its outbox
// deadline: the net that catches its deliveries if this replica dies
// before sending them.
const handoffGrace = 3 * time.Second

// lockPrefix names a game's send lock record.
const lockPrefix = "outbox-lock:"

// outboxDue is when the timer loop should look at st's outbox: at once,
// unless this replica sends it itself (handoff), or a failure set it back
// (backoff by time, not by how much the players click).
func (b *Bot) outboxDue(o *record.Queue) time.Time {
	now := b.now()
	var handoff time.Time
	if b.cfg.Handoff {
		handoff = now.Add(handoffGrace)
	}
	return o.Due(now, handoff)
}

// handoff starts sending key's deliveries from this replica, or, without
// Config.Handoff, wakes the timer loop to. net is when the change's
// outbox deadline is due: once this replica has sent everything, it takes
// that net back (storage Withdraw), so the timer loop does not claim and
// read the game only to find nothing left.
func (b *Bot) handoff(key string, net time.Time) {
	if !b.cfg.Handoff || !b.startFlush() {
		b.signal()
		return
	}
	b.sendMu.Lock()
	if net.After(b.nets[key]) {
		b.nets[key] = net
	}
	b.sendMu.Unlock()
	if !b.startSending(key) {
		b.flushes.Done()
		return
	}
	go func() {
		defer b.flushes.Done()
		b.flushing <- struct{}{}
		defer func() { <-b.flushing }()
		b.sendAll(key, nil)
	}()
}

// deliverClaimed sends a game's outbox for a claimed deadline. Most often
// the deadline is a handoff's net and there is nothing left to send: one
// read tells, and no lock is taken.
func (b *Bot) deliverClaimed(c storage.Claim, key string, now time.Time) {
	ctx, cancel := context.WithTimeout(b.sendCtx, b.flushBudget())
	defer cancel()
	// A failed read is left to the send below, which reports and retries.
	if pending, err := b.pending(ctx, key); (err == nil && !pending) || !b.startSending(key) {
		// Nothing to send, or this replica is sending the game already
		// and looks again when done. A change queued after this read
		// scheduled the deadline again: Complete leaves it.
		if err := b.store.Complete(ctx, c); err != nil {
			b.log.Error("completing deliveries", "game", key, "err", err)
		}
		return
	}
	b.sendAll(key, &c)
}

// startSending marks key as being sent by this replica and reports
// whether the caller is to send it: false when a send here is under way
// already, which is then asked to look again when it ends (one sender per
// game per replica, so a handoff never waits out the lock of the net's
// send on the same replica, or the other way round).
func (b *Bot) startSending(key string) bool {
	b.sendMu.Lock()
	defer b.sendMu.Unlock()
	if _, running := b.sending[key]; running {
		b.sending[key] = true
		return false
	}
	b.sending[key] = false
	return true
}

// sendAll sends key's outbox until no change asked for another look.
// When all was sent, the newest net this replica's changes set is taken
// back; one set since by another replica stays.
func (b *Bot) sendAll(key string, c *storage.Claim) {
	b.busy.Add(1)
	defer b.busy.Add(-1)
	for {
		sent := b.sendLocked(key, outboxPrefix+key, c)
		c = nil
		b.sendMu.Lock()
		if !b.sending[key] || b.stopping.Load() {
			delete(b.sending, key)
			net := b.nets[key]
			delete(b.nets, key)
			b.sendMu.Unlock()
			if sent && !net.IsZero() {
				ctx, cancel := context.WithTimeout(b.sendCtx, recordWait)
				if err := b.store.Withdraw(ctx, outboxPrefix+key, net); err != nil && ctx.Err() == nil {
					// The net fires and finds nothing: no harm.
					b.log.Warn("withdrawing a delivery deadline", "game", key, "err", err)
				}
				cancel()
			}
			return
		}
		b.sending[key] = false
		b.sendMu.Unlock()
	}
}

// pending reports whether the game at key has deliveries to send here.
func (b *Bot) pending(ctx context.Context, key string) (bool, error) {
	st, log, _, _, err := b.load(ctx, key)
	if err != nil || st == nil {
		return false, err
	}
	st.fold(log)
	return st.unsent() && b.sender(st) != nil, nil
}

// sendLocked sends key's outbox under the game's send lock, then sets its
// deadline (dkey) for what is left: a retry after a failure, at once for
// another replica when this one stops, nothing when all went (a claimed
// deadline c is completed). It reports whether all went.
func (b *Bot) sendLocked(key, dkey string, c *storage.Claim) (sent bool) {
	ctx, cancel := context.WithTimeout(b.sendCtx, b.flushBudget())
	defer cancel()
	now := b.now()
	schedule := func(at time.Time) {
		if err := b.reschedule(ctx, dkey, at); err != nil {
			b.log.Error("rescheduling deliveries", "game", key, "err", err)
		}
	}
	// One sender per game at a time, across replicas: two at once could
	// send a game's deliveries out of order. The lock is a short lease its
	// holder renews while it sends, so one that dies lets go within
	// SendLease; a holder that cannot renew stops sending.
	lock := lockPrefix + key
	// The holder's own mark, not from Config.Seed: a lock must not change
	// which games are dealt.
	token := strconv.AppendUint(nil, rand.Uint64(), 36)
	got, err := b.store.AddRecord(ctx, lock, token, b.cfg.SendLease)
	if err != nil || !got {
		if err != nil {
			b.log.Error("locking deliveries", "game", key, "err", err)
		}
		// Someone is sending this game's deliveries, perhaps from before
		// this change: look again shortly.
		schedule(now.Add(lockedRetry))
		return false
	}
	b.sendMu.Lock()
	b.locked[key] = true
	b.sendMu.Unlock()
	if c != nil {
		// A claimed deadline hides for ClaimLease: set it to come back
		// just after the lock would lapse, should this replica die.
		schedule(now.Add(b.cfg.SendLease + time.Second))
	}
	ctx, stopRenewing := b.renewLock(ctx, key, lock, token, dkey, c != nil)
	defer func() {
		stopRenewing()
		b.sendMu.Lock()
		held := b.locked[key]
		delete(b.locked, key)
		b.sendMu.Unlock()
		if !held {
			return // Drain gave up on this send and let the game go
		}
		if _, err := b.store.RenewRecord(context.WithoutCancel(ctx), lock, token, 0); err != nil {
			b.log.Error("unlocking deliveries", "game", key, "err", err)
		}
	}()
	attempts, err := b.flush(ctx, key)
	var wait *notYet
	switch {
	case errors.Is(err, errStopping):
		// The next replica carries on at once, from the send log.
		schedule(now)
	case errors.As(err, &wait):
		if wait.err != nil {
			b.log.Warn("deliveries failed; retrying", "game", key, "err", wait.err, "retry_at", wait.until)
		}
		schedule(wait.until)
	case err != nil:
		b.log.Warn("deliveries failed; retrying", "game", key, "err", err, "retry_in", outboxBackoff(attempts))
		schedule(b.now().Add(outboxBackoff(attempts)))
	case c != nil:
		if err := b.store.Complete(ctx, *c); err != nil {
			b.log.Error("completing deliveries", "game", key, "err", err)
		}
	}
	return err == nil
}

// reschedule sets a deadline a replica claimed or holds back, even when
// ctx has just ended (the host is stopping): left unset, the game would
// wait out the claim's lease. The write gets a moment of its own.
func (b *Bot) reschedule(ctx context.Context, key string, at time.Time) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), recordWait)
	defer cancel()
	return b.store.Schedule(ctx, key, at)
}

// renewLock keeps a game's delivery lock while its deliveries are sent:
// every third of SendLease it renews the lock (and, for a claimed
// deadline, sets the deadline to come back after it). The context it
// returns ends when the lock is lost, so a sender that can no longer
// prove it holds the game stops at once; stop ends the renewing.
func (b *Bot) renewLock(ctx context.Context, key, lock string, token []byte, dkey string, claimed bool) (context.Context, func()) {
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(b.cfg.SendLease / 3)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-t.C:
			}
			held, err := b.store.RenewRecord(ctx, lock, token, b.cfg.SendLease)
			if err == nil && !held {
				b.log.Warn("lost the delivery lock; stopping", "game", key)
				cancel()
				return
			}
			if claimed {
				if err := b.store.Schedule(ctx, dkey, b.now().Add(b.cfg.SendLease+time.Second)); err != nil && ctx.Err() == nil {
					// (A send cut short by Drain sets its deadline itself.)
					b.log.Error("rescheduling deliveries", "game", key, "err", err)
				}
			}
		}
	}()
	return ctx, func() { close(done); cancel() }
}

// startFlush counts a flush about to start, unless the host is stopping:
// Drain waits for the flushes counted, and a WaitGroup may not grow from
// zero while it is waited on (the race detector caught a Tick doing so
// during a SIGTERM).
func (b *Bot) startFlush() bool { return b.startWork(&b.flushes) }

// startWork counts in work Drain waits for (flushes, reviews), unless
// Drain began.
func (b *Bot) startWork(wg *sync.WaitGroup) bool {
	b.flushMu.Lock()
	defer b.flushMu.Unlock()
	if b.stopping.Load() {
		return false
	}
	wg.Add(1)
	return true
}

// Drain stops sending at the next delivery boundary: a send under way
// finishes and is recorded, then each game's deadline is set for now so
// another replica carries on at once, and the locks are released. It waits
// for that until ctx ends; then it cuts the sends short and lets their
// games go at once (a send stuck in a platform library's sleep is not
// waited for: shutdown stays bounded).
func (b *Bot) Drain(ctx context.Context) error {
	b.flushMu.Lock()
	b.stopping.Store(true)
	b.flushMu.Unlock()
	done := make(chan struct{})
	go func() { b.flushes.Wait(); b.reviews.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
	}
	b.abort()
	b.sendMu.Lock()
	var keys []string
	for k := range b.locked {
		keys = append(keys, k)
		b.locked[k] = false
	}
	b.sendMu.Unlock()
	bg, cancel := context.WithTimeout(context.Background(), recordWait)
	defer cancel()
	for _, k := range keys {
		if err := b.store.Schedule(bg, outboxPrefix+k, b.now()); err != nil {
			b.log.Error("handing deliveries over", "game", k, "err", err)
		}
		if err := b.store.DeleteRecord(bg, lockPrefix+k); err != nil {
			b.log.Error("unlocking deliveries", "game", k, "err", err)
		}
	}
	return ctx.Err()
}
