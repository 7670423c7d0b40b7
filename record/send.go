package record

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"time"

	"github.com/sushigo/sushigo/kept"
	"github.com/sushigo/sushigo/storage"
)

// Sending a game's outbox: from the replica that made the change
// (Handoff, with Config.Handoff), or from whichever replica's timer loop
// claims the game's "out:" deadline (Claimed). Either way one sender at a
// time per game, across replicas (a lock record), and each send is
// recorded in the game's send log before the next (flush.go, sendlog.go).

// flushWorkers bounds the games whose deliveries one replica sends at once.
// A send mostly waits (on Redis, on the platform): at a thousand live games
// sixteen at once made sends queue behind each other, a backlog of a
// second at the end of a sustained run; 64 leave none.
const flushWorkers = 64

// lockedRetry is how soon a game's deliveries are looked at again when
// another replica is sending them.
const lockedRetry = 250 * time.Millisecond

// OutboxPrefix begins the key of a game's deliveries' deadline: the
// game's key follows.
const OutboxPrefix = "out:"

// handoffGrace is how far ahead a handed-off change sets its outbox
// deadline: the net that catches its deliveries if this replica dies
// before sending them.
const handoffGrace = 3 * time.Second

// queueDue is when the timer loop should look at a game's queue o: at
// once, unless this replica sends it itself (Handoff), or a failure set it
// back (backoff by time, not by how much the players click).
func (k *Keeper[G]) queueDue(o *Queue) time.Time {
	now := k.cfg.Now()
	var handoff time.Time
	if k.cfg.Handoff {
		handoff = now.Add(handoffGrace)
	}
	return o.Due(now, handoff)
}

// Handoff starts sending key's deliveries from this replica, or, without
// Config.Handoff, wakes the timer loop to. net is when the change's
// outbox deadline is due (Saved.Net): once this replica has sent
// everything, it takes that net back (storage Withdraw), so the timer loop
// does not claim and read the game only to find nothing left.
func (k *Keeper[G]) Handoff(key string, net time.Time) {
	if !k.cfg.Handoff {
		k.cfg.Wake()
		return
	}
	if !k.startFlush() {
		// Stopping: the lock the change's save took goes now.
		k.letGo(key)
		k.cfg.Wake()
		return
	}
	k.mu.Lock()
	if net.After(k.nets[key]) {
		k.nets[key] = net
	}
	k.mu.Unlock()
	if !k.startSending(key) {
		k.flushes.Done()
		return
	}
	if !k.idle.Give(key) { // a sender waiting for work takes it
		go k.sender(key)
	}
}

// senderIdle is how long a handoff's sender waits for the next one before
// it ends.
const senderIdle = 2 * time.Second

// sender sends key's deliveries, then waits a while for another handoff
// on the same goroutine: its stack, grown by drawing pictures, is not
// grown again from nothing for every send (copying stacks was 2 % of a
// replica's CPU at 3,000 games with a goroutine a send). The sender that
// waited least takes a handoff (package kept): as many stay as the sends
// keep busy.
func (k *Keeper[G]) sender(key string) {
	me := kept.NewWaiter[string]()
	defer me.Stop()
	for {
		k.flushing <- struct{}{}
		k.sendAll(key, nil)
		<-k.flushing
		k.flushes.Done()
		var ok bool
		if key, ok = k.idle.Wait(me, senderIdle); !ok {
			return
		}
	}
}

// Claimed sends a game's deliveries for its claimed deadline (c, whose
// key is OutboxPrefix and the game's key), beside the caller, in one of a
// bounded number of slots: done is called when that send ends, at once
// when it does not start (every slot held by a slow platform, or the host
// stopping: the deadline is set back, or handed to another replica now).
func (k *Keeper[G]) Claimed(ctx context.Context, c storage.Claim, key string, now time.Time, done func()) {
	if !k.flushSlot() {
		// The claim is already taken: set it back even while the loop
		// is being stopped, or it waits out the claim's lease.
		if err := k.reschedule(ctx, c.Key, now.Add(lockedRetry)); err != nil {
			k.cfg.Log.Error("rescheduling deliveries", "game", key, "err", err)
		}
		done()
		return
	}
	if !k.startFlush() {
		// Stopping: another replica sends them, now.
		<-k.flushing
		if err := k.store.Schedule(ctx, c.Key, now); err != nil {
			k.cfg.Log.Error("handing deliveries over", "game", key, "err", err)
		}
		done()
		return
	}
	go func() {
		defer func() { <-k.flushing; done(); k.flushes.Done() }()
		k.deliverClaimed(c, key, now)
	}()
}

// flushSlot takes one of the slots deliveries run in: waiting for it when
// the caller waits for its deliveries anyway (Config.FlushWaits), else
// only if one is free.
func (k *Keeper[G]) flushSlot() bool {
	if k.cfg.FlushWaits {
		k.flushing <- struct{}{}
		return true
	}
	select {
	case k.flushing <- struct{}{}:
		return true
	default:
		return false
	}
}

// flushBudget bounds one game's deliveries of one claim: well inside the
// claim's lease (20 s of the default 30), so a stalled platform lets go
// before another replica takes the game over.
func (k *Keeper[G]) flushBudget() time.Duration { return k.cfg.ClaimLease * 2 / 3 }

// WaitSends waits for the deliveries this replica is sending.
func (k *Keeper[G]) WaitSends() { k.flushes.Wait() }

// Stopping reports whether Drain began.
func (k *Keeper[G]) Stopping() bool { return k.stopping.Load() }

// deliverClaimed sends a game's outbox for a claimed deadline. Most often
// the deadline is a handoff's net and there is nothing left to send: one
// read tells, and no lock is taken.
func (k *Keeper[G]) deliverClaimed(c storage.Claim, key string, now time.Time) {
	ctx, cancel := context.WithTimeout(k.ctx, k.flushBudget())
	defer cancel()
	// A failed read is left to the send below, which reports and retries.
	if pending, err := k.pending(ctx, key); (err == nil && !pending) || !k.startSending(key) {
		// Nothing to send, or this replica is sending the game already
		// and looks again when done. A change queued after this read
		// scheduled the deadline again: Complete leaves it.
		if err := k.store.Complete(ctx, c); err != nil {
			k.cfg.Log.Error("completing deliveries", "game", key, "err", err)
		}
		return
	}
	k.sendAll(key, &c)
}

// startSending marks key as being sent by this replica and reports
// whether the caller is to send it: false when a send here is under way
// already, which is then asked to look again when it ends (one sender per
// game per replica, so a handoff never waits out the lock of the net's
// send on the same replica, or the other way round).
func (k *Keeper[G]) startSending(key string) bool {
	k.mu.Lock()
	defer k.mu.Unlock()
	if _, running := k.sending[key]; running {
		k.sending[key] = true
		return false
	}
	k.sending[key] = false
	return true
}

// sendAll sends key's outbox until no change asked for another look.
// When all was sent, the newest net this replica's changes set is taken
// back (with the lock, in the send's last round trip, when no look was
// asked for by then); one set since by another replica stays.
func (k *Keeper[G]) sendAll(key string, c *storage.Claim) {
	k.cfg.Busy.Add(1)
	defer k.cfg.Busy.Add(-1)
	for {
		sent, withdrawn := k.sendLocked(key, OutboxPrefix+key, c)
		c = nil
		k.mu.Lock()
		if !k.sending[key] || k.stopping.Load() {
			delete(k.sending, key)
			net := k.nets[key]
			delete(k.nets, key)
			k.mu.Unlock()
			if sent && !net.IsZero() && !net.Equal(withdrawn) {
				ctx, cancel := context.WithTimeout(k.ctx, recordWait)
				if err := k.store.Withdraw(ctx, OutboxPrefix+key, net); err != nil && ctx.Err() == nil {
					// The net fires and finds nothing: no harm.
					k.cfg.Log.Warn("withdrawing a delivery deadline", "game", key, "err", err)
				}
				cancel()
			}
			return
		}
		k.sending[key] = false
		k.mu.Unlock()
	}
}

// settled is the net to take back with key's lock: the newest this
// replica's changes set, unless a change asked for another look (sendAll
// takes back the later one).
func (k *Keeper[G]) settled(key string) storage.Deadline {
	k.mu.Lock()
	defer k.mu.Unlock()
	net := k.nets[key]
	if k.sending[key] || k.stopping.Load() || net.IsZero() {
		return storage.Deadline{}
	}
	return storage.Deadline{Key: OutboxPrefix + key, Due: net}
}

// pending reports whether the game at key has deliveries to send here.
func (k *Keeper[G]) pending(ctx context.Context, key string) (bool, error) {
	g, found, err := k.Read(ctx, key)
	if err != nil || !found {
		return false, err
	}
	return !k.host.Parts(g).Queue.Empty() && k.host.Sender(g) != nil, nil
}

// sendLocked sends key's outbox under the game's send lock, then sets its
// deadline (dkey) for what is left: a retry after a failure, at once for
// another replica when this one stops, nothing when all went (a claimed
// deadline c is completed). It reports whether all went, and the net it
// took back with the lock (settled).
func (k *Keeper[G]) sendLocked(key, dkey string, c *storage.Claim) (sent bool, withdrawn time.Time) {
	ctx, cancel := context.WithTimeout(k.ctx, k.flushBudget())
	defer cancel()
	now := k.cfg.Now()
	schedule := func(at time.Time) {
		if err := k.reschedule(ctx, dkey, at); err != nil {
			k.cfg.Log.Error("rescheduling deliveries", "game", key, "err", err)
		}
	}
	// One sender per game at a time, across replicas: two at once could
	// send a game's deliveries out of order. The lock is a short lease its
	// holder renews while it sends, so one that dies lets go within
	// SendLease; a holder that cannot renew stops sending. Taking it
	// reads the game.
	token, data, side, ver, got, err := k.lockGame(ctx, key)
	if errors.Is(err, storage.ErrNotFound) {
		// The game is gone, and its deliveries with it.
		k.decoded.Drop(key)
		if c != nil {
			k.complete(ctx, key, *c)
		}
		return true, time.Time{}
	}
	if err != nil || !got {
		if err != nil {
			k.cfg.Log.Error("locking deliveries", "game", key, "err", err)
		}
		// Someone is sending this game's deliveries, perhaps from before
		// this change: look again shortly.
		schedule(now.Add(lockedRetry))
		return false, time.Time{}
	}
	k.mu.Lock()
	k.locked[key] = token
	k.mu.Unlock()
	if c != nil {
		// A claimed deadline hides for ClaimLease: set it to come back
		// just after the lock would lapse, should this replica die.
		schedule(now.Add(k.cfg.SendLease + time.Second))
	}
	fctx, stopRenewing := k.renewLock(ctx, key, token, dkey, c != nil)
	attempts, log, err := k.flush(fctx, key, data, side, ver)
	stopRenewing()
	withdrawn, err = k.unlock(ctx, key, token, log, err)
	var wait *notYet
	switch {
	case errors.Is(err, errStopping):
		// The next replica carries on at once, from the send log.
		schedule(now)
	case errors.As(err, &wait):
		if wait.err != nil {
			k.cfg.Log.Warn("deliveries failed; retrying", "game", key, "err", wait.err, "retry_at", wait.until)
		}
		schedule(wait.until)
	case err != nil:
		k.cfg.Log.Warn("deliveries failed; retrying", "game", key, "err", err, "retry_in", outboxBackoff(attempts))
		schedule(k.cfg.Now().Add(outboxBackoff(attempts)))
	case c != nil:
		k.complete(ctx, key, *c)
	}
	return err == nil, withdrawn
}

// newToken is a send lock holder's own mark, not from Config.Seed: a lock
// must not change which games are dealt.
func newToken() []byte { return strconv.AppendUint(nil, rand.Uint64(), 36) }

// prelock is a game's send lock a change's save took (CommitLocks), with
// the game as that save wrote it and the side read with the lock, for the
// send the change hands off.
type prelock struct {
	token, data, side []byte
	ver               storage.Version
	// at is when it was taken, by the clock the lock's lease runs on.
	at time.Time
}

// locksWithSave reports whether a change that queued g's deliveries takes
// the send lock with its save: when this replica sends them right after
// (Handoff), and they are not backing off after a failure.
func (k *Keeper[G]) locksWithSave(g G) bool {
	return k.commitLock != nil && !k.stopping.Load() && k.host.Sender(g) != nil &&
		!k.host.Parts(g).Queue.OutWait.After(k.cfg.Now())
}

func (k *Keeper[G]) prelock(key string, p prelock) {
	k.mu.Lock()
	k.prelocked[key] = p
	k.mu.Unlock()
}

// freshen gives the send lock a save took for key, not yet taken up by its
// send, the game as a later save on this replica stored it: that save's
// handoff may find the send under way and only ask it for another look,
// which the send then takes before it reads the game, so the game it
// reads must be the newest this replica knows, as LockGame would read it.
// (The side cannot have changed: only the lock's holder writes it.)
func (k *Keeper[G]) freshen(key string, data []byte, ver storage.Version) {
	k.mu.Lock()
	if p, ok := k.prelocked[key]; ok && p.ver < ver {
		p.data, p.ver = data, ver
		k.prelocked[key] = p
	}
	k.mu.Unlock()
}

func (k *Keeper[G]) takePrelock(key string) (prelock, bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	p, ok := k.prelocked[key]
	delete(k.prelocked, key)
	return p, ok
}

// lockGame takes key's send lock and reads the game: the lock a change's
// save took for this send when there is one (renewed first if the send
// waited a third of the lease for its slot), else in a round trip of its
// own (LockGame).
func (k *Keeper[G]) lockGame(ctx context.Context, key string) (token, data, side []byte, ver storage.Version, got bool, err error) {
	if p, ok := k.takePrelock(key); ok {
		if time.Since(p.at) < k.cfg.SendLease/3 {
			return p.token, p.data, p.side, p.ver, true, nil
		}
		if held, err := k.sendLock.RenewGameLock(ctx, key, p.token, k.cfg.SendLease); err == nil && held {
			return p.token, p.data, p.side, p.ver, true, nil
		}
		// Lapsed: whoever holds it now sends, or the lock below is free.
	}
	token = newToken()
	data, side, ver, got, err = k.sendLock.LockGame(ctx, key, token, k.cfg.SendLease)
	return token, data, side, ver, got, err
}

// letGo lets go of the send lock a change's save took for key, when no
// send will use it (the host is stopping): another replica sends at once
// rather than after the lease.
func (k *Keeper[G]) letGo(key string) {
	p, ok := k.takePrelock(key)
	if !ok {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), recordWait)
	defer cancel()
	if err := k.sendLock.UnlockGame(ctx, key, p.token, nil, storage.Deadline{}); err != nil {
		k.cfg.Log.Error("unlocking deliveries", "game", key, "err", err)
	}
}

// unlock lets go of key's send lock (token), writing the send log a flush
// left unwritten (log, nil for none) and, when the flush ended well (err
// nil) and no look is asked for, taking back the net, in one round trip.
// It returns the net taken back, and the flush's error, or the log's
// write's when that failed: the deliveries it records would be sent
// again, so they are retried.
func (k *Keeper[G]) unlock(ctx context.Context, key string, token []byte, log *SendLog, err error) (time.Time, error) {
	k.mu.Lock()
	held := k.locked[key] != nil
	delete(k.locked, key)
	k.mu.Unlock()
	if !held {
		// Drain gave up on this send and let the game go: the log still
		// records what went.
		if log == nil {
			return time.Time{}, err
		}
		switch werr := k.writeLog(ctx, key, log); {
		case werr != nil && err == nil:
			err = werr
		case werr != nil:
			k.cfg.Log.Error("unlocking deliveries", "game", key, "err", werr)
		}
		return time.Time{}, err
	}
	var side []byte
	if log != nil {
		var jerr error
		if side, jerr = encodeLog(key, log); jerr != nil {
			err = errors.Join(err, jerr)
		}
	}
	var net storage.Deadline
	if err == nil {
		net = k.settled(key)
	}
	// As writeLog: the round trip gets a moment of its own.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), recordWait)
	defer cancel()
	switch uerr := k.sendLock.UnlockGame(ctx, key, token, side, net); {
	case uerr == nil:
		// The next load (a click's, the next send's) reads these bytes:
		// it takes the log as it is rather than decode them. The flush
		// that made it is over, so nothing changes it now.
		k.decoded.Wrote(key, side, log)
		return net.Due, err
	case errors.Is(uerr, storage.ErrNotFound):
		// (A game gone took its deliveries with it.)
		return net.Due, err
	case side != nil && err == nil:
		return time.Time{}, fmt.Errorf("record deliveries of %s: %w", key, uerr)
	default:
		k.cfg.Log.Error("unlocking deliveries", "game", key, "err", uerr)
		return time.Time{}, err
	}
}

// complete ends a claimed deadline whose deliveries were sent.
func (k *Keeper[G]) complete(ctx context.Context, key string, c storage.Claim) {
	if err := k.store.Complete(ctx, c); err != nil {
		k.cfg.Log.Error("completing deliveries", "game", key, "err", err)
	}
}

// reschedule sets a deadline a replica claimed or holds back, even when
// ctx has just ended (the host is stopping): left unset, the game would
// wait out the claim's lease. The write gets a moment of its own.
func (k *Keeper[G]) reschedule(ctx context.Context, key string, at time.Time) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), recordWait)
	defer cancel()
	return k.store.Schedule(ctx, key, at)
}

// renewLock keeps a game's delivery lock while its deliveries are sent:
// every third of SendLease it renews the lock (and, for a claimed
// deadline, sets the deadline to come back after it). The context it
// returns ends when the lock is lost, so a sender that can no longer
// prove it holds the game stops at once; stop ends the renewing.
func (k *Keeper[G]) renewLock(ctx context.Context, key string, token []byte, dkey string, claimed bool) (context.Context, func()) {
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(k.cfg.SendLease / 3)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-t.C:
			}
			held, err := k.sendLock.RenewGameLock(ctx, key, token, k.cfg.SendLease)
			if err == nil && !held {
				k.cfg.Log.Warn("lost the delivery lock; stopping", "game", key)
				cancel()
				return
			}
			if claimed {
				if err := k.store.Schedule(ctx, dkey, k.cfg.Now().Add(k.cfg.SendLease+time.Second)); err != nil && ctx.Err() == nil {
					// (A send cut short by Drain sets its deadline itself.)
					k.cfg.Log.Error("rescheduling deliveries", "game", key, "err", err)
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
func (k *Keeper[G]) startFlush() bool {
	k.startMu.Lock()
	defer k.startMu.Unlock()
	if k.stopping.Load() {
		return false
	}
	k.flushes.Add(1)
	return true
}

// Drain stops sending at the next delivery boundary: a send under way
// finishes and is recorded, then each game's deadline is set for now so
// another replica carries on at once, and the locks are released. It waits
// for that, and for also (the host's own work), until ctx ends; then it
// cuts the sends short and lets their games go at once (a send stuck in a
// platform library's sleep is not waited for: shutdown stays bounded).
func (k *Keeper[G]) Drain(ctx context.Context, also func()) error {
	k.startMu.Lock()
	k.stopping.Store(true)
	k.startMu.Unlock()
	done := make(chan struct{})
	go func() { k.flushes.Wait(); also(); close(done) }()
	defer k.letGoAll()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
	}
	k.abort()
	k.mu.Lock()
	held := map[string][]byte{}
	for key, token := range k.locked {
		if token != nil {
			held[key] = token
			k.locked[key] = nil
		}
	}
	k.mu.Unlock()
	bg, cancel := context.WithTimeout(context.Background(), recordWait)
	defer cancel()
	for key, token := range held {
		if err := k.store.Schedule(bg, OutboxPrefix+key, k.cfg.Now()); err != nil {
			k.cfg.Log.Error("handing deliveries over", "game", key, "err", err)
		}
		if err := k.sendLock.UnlockGame(bg, key, token, nil, storage.Deadline{}); err != nil {
			k.cfg.Log.Error("unlocking deliveries", "game", key, "err", err)
		}
	}
	return ctx.Err()
}

// letGoAll lets go of the send locks changes' saves took that no send
// took up (Drain).
func (k *Keeper[G]) letGoAll() {
	k.mu.Lock()
	keys := slices.Collect(maps.Keys(k.prelocked))
	k.mu.Unlock()
	for _, key := range keys {
		k.letGo(key)
	}
}
