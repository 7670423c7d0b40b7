package record

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"time"

	"github.com/sushigo/sushigo/jsonout"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage"
)

// The outbox makes deliveries durable. When a game's platform has a
// sender (Host.Sender), the posts and edits a change must show are queued
// in the game (its Queue), saved in the same compare-and-swap as the
// change, instead of being returned for the adapter to deliver from
// memory. A deadline "out:<game key>" makes one replica at a time deliver
// them, in order, retrying with backoff; after a crash the next replica's
// timer loop delivers what is pending (send.go). Each send is recorded in
// the game's send log, not in the game: the players' saves never conflict
// with it.

// TargetTable is the queue target of the game's table message: a
// deleted one is posted again (the host's Next posts it).
const TargetTable = "table"

// ErrNothingToSend, from Host.Next, drops a queued delivery: there is
// nothing left to send (its view can no longer be drawn).
var ErrNothingToSend = errors.New("nothing left to send")

// ErrNotReady, from Host.Next, holds a queued delivery without spending
// an attempt: what it needs is on its way (the table message's reference).
var ErrNotReady = errors.New("not ready to send")

// maxAttempts bounds retries of one delivery; a message the platform
// refuses that often (a deleted channel) is dropped and logged.
const maxAttempts = 8

// notYet reports a game's deliveries backing off until a time, after
// failure err (nil: an earlier one).
type notYet struct {
	until time.Time
	err   error
}

func (e *notYet) Error() string {
	s := "deliveries wait until " + e.until.Format(time.RFC3339)
	if e.err != nil {
		s += ": " + e.err.Error()
	}
	return s
}

func (e *notYet) Unwrap() error { return e.err }

// errStopping ends a flush between two sends when the host stops: the
// next replica carries on from the send log.
var errStopping = errors.New("the host is stopping")

// flush delivers the pending deliveries of the game at key, read as
// stored (data, its send log side, version ver), oldest first, recording
// each send in the game's send log (its side value) rather than in the
// game record: the players' saves never conflict with it. It stops at the
// first failure and returns it, with how many times the delivery has now
// failed, and before each send once the host is stopping. unwritten is
// the send log when it holds what is not recorded yet (edits sent since
// the last write): the caller writes it as it lets go of the lock.
func (k *Keeper[G]) flush(ctx context.Context, key string, data, side []byte, ver storage.Version) (attempts int, unwritten *SendLog, err error) {
	g, pr, _, err := k.decode(key, data, side, ver)
	if err != nil {
		return 0, nil, err
	}
	parts := k.host.Parts(g)
	queue := parts.Queue
	stored := queue.Folded
	Fold(k.host, g, pr)
	s := k.host.Sender(g)
	if queue.Empty() || s == nil {
		return 0, nil, nil
	}
	_, postsOnce := s.(protocol.PostsOnce)
	if pr == nil || pr.Game != parts.ID {
		pr = &SendLog{Game: parts.ID, N: queue.Folded}
	}
	// What the stored game folded already need not be kept.
	pr = pr.Trimmed(stored)
	// An edit or a deletion sent is recorded with the next write, not
	// at once: sent again after a crash it changes nothing. A post, a
	// fact learnt, a failure are recorded before the next send, the
	// last with the lock's release.
	unrecorded := false
	write := func() error { unrecorded = false; return k.writeLog(ctx, key, pr) }
	defer func() {
		if unrecorded {
			unwritten = pr
		}
	}()
	// learn records l and takes it into the game at once, so the rest of
	// the flush resolves its deliveries against it.
	learn := func(l Learnt) {
		l = pr.Learn(l)
		k.host.Learn(g, l)
		queue.Folded = l.N
	}
	for !queue.Empty() {
		if k.stopping.Load() {
			return 0, nil, errStopping
		}
		if wait := queue.OutWait; wait.After(k.cfg.Now()) {
			// Backing off after a failure: the deadline comes back then.
			return 0, nil, &notYet{until: wait}
		}
		q := queue.Outbox[0]
		learnt0 := pr.N
		d, onSent, sendErr := k.host.Next(g, q, k.cfg.Now())
		var ref protocol.Ref
		if sendErr == nil && !(d.Kind == protocol.Delete && d.Ref.ID == "") {
			if d.Kind == protocol.Post || (d.View.Picture != nil && d.View.Picture.PNG != nil) {
				d.Nonce = nonce(parts.ID, q.Seq)
			}
			if _, checks := s.(protocol.ResendChecker); checks && d.Nonce != "" {
				d.Resend = q.Attempts > 0 || pr.Trying == q.Seq
				if pr.Trying != q.Seq {
					pr.Trying = q.Seq
					if err := write(); err != nil {
						return 0, nil, err
					}
				}
			}
			ref, sendErr = s.Send(ctx, parts.Where, parts.ID, d)
		}
		if _, gone := errorAs[*protocol.GoneError](sendErr); gone {
			if q.Target == TargetTable && d.Kind == protocol.Edit {
				// Someone deleted the table: post it again, this
				// delivery first, and the thread hangs on.
				learn(Learnt{TableGone: true})
				if err := write(); err != nil {
					return 0, nil, err
				}
				continue
			}
			sendErr = nil // deleted: nothing to retry
		}
		noThread, _ := errorAs[*protocol.NoThreadError](sendErr)
		noPicture, _ := errorAs[*protocol.NoPictureError](sendErr)
		_, refused := errorAs[*protocol.RefusedError](sendErr)
		switch {
		case noPicture != nil:
			// Nothing was sent: this delivery and the rest go without
			// pictures, and the channel is told once.
			learn(Learnt{NoPictures: noPicture.Reason})
			if err := write(); err != nil {
				return 0, nil, err
			}
			continue
		case noThread != nil:
			// Nothing was posted: the play-by-play goes to the channel
			// from now on, this delivery first.
			learn(Learnt{Thread: noThread.Reason})
			if err := write(); err != nil {
				return 0, nil, err
			}
			continue
		case refused:
			// The platform will never take it: no retry, the next one goes
			// now, and the game goes on.
			k.cfg.Log.Warn("delivery refused for good, dropped", "game", key, "seq", q.Seq, "err", sendErr)
		case errors.Is(sendErr, ErrNothingToSend):
			// Dropped: the next one goes now.
		case errors.Is(sendErr, ErrNotReady):
			// Not the platform's failure: no attempt spent.
			return 0, nil, fmt.Errorf("deliver %s #%d: %w", key, q.Seq, sendErr)
		case sendErr != nil:
			attempts = q.Attempts + 1
			wait := outboxBackoff(attempts)
			if rl := (*protocol.RetryLater)(nil); errors.As(sendErr, &rl) {
				attempts, wait = q.Attempts, max(rl.After, time.Second)
			}
			if attempts < maxAttempts {
				pr.FailedSeq, pr.Failed, pr.Wait = q.Seq, attempts, k.cfg.Now().Add(wait)
				if err := write(); err != nil {
					return 0, nil, err
				}
				return attempts, nil, &notYet{pr.Wait, fmt.Errorf("deliver %s #%d: %w", key, q.Seq, sendErr)}
			}
			k.cfg.Log.Error("delivery dropped after repeated failures", "game", key, "seq", q.Seq, "attempts", maxAttempts, "err", sendErr)
		default:
			for _, l := range k.host.Shown(g, q, d, ref, k.cfg.Now()) {
				learn(l)
			}
			for _, l := range onSent {
				learn(l)
			}
		}
		// Sent, or dropped: the next one goes now.
		pr.Done, pr.FailedSeq, pr.Failed, pr.Wait = q.Seq, 0, 0, time.Time{}
		queue.Sent()
		unrecorded = true
		// A post, a fact learnt, a failure are recorded before the next
		// send; after the last one, with the lock's release (unlock). A
		// post a PostsOnce platform made is the same message if sent
		// again, with the same reference to learn (unless it opened a
		// thread, which is not made twice).
		again := postsOnce && d.Kind == protocol.Post && d.Nonce != "" && d.OpenThread == "" && sendErr == nil
		if (d.Kind == protocol.Post || pr.N != learnt0 || sendErr != nil) && !again && !queue.Empty() {
			if err := write(); err != nil {
				return 0, nil, err
			}
		}
	}
	// Everything this load held is sent. A change stored meanwhile
	// is sent by whoever made it: this replica looks again at its own
	// word (sendAll), another one once this lock is free.
	return 0, nil, nil
}

// nonce names delivery seq of game id in at most 25 characters (Discord's
// limit): a hash, since game IDs are longer.
func nonce(id string, seq uint64) string {
	h := sha256.Sum256(fmt.Appendf(nil, "%s/%d", id, seq))
	return base64.RawURLEncoding.EncodeToString(h[:18])
}

// writeLog stores a game's send log. The sent delivery must be
// recorded even when the flush's own deadline has just run out, or it is
// sent again: the write gets a moment of its own.
func (k *Keeper[G]) writeLog(ctx context.Context, key string, pr *SendLog) error {
	data, err := encodeLog(key, pr)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), recordWait)
	defer cancel()
	err = k.store.SetGameSide(ctx, key, data)
	if errors.Is(err, storage.ErrNotFound) {
		return nil // the game is gone; so are its deliveries
	}
	if err != nil {
		return fmt.Errorf("record deliveries of %s: %w", key, err)
	}
	return nil
}

// encodeLog is game key's send log as stored (its side value): the bytes
// json.Marshal writes (TestEncodeLogIsJSON), written at every send.
func encodeLog(key string, pr *SendLog) ([]byte, error) {
	o := jsonout.Object{B: make([]byte, 0, 64+48*len(pr.Learnt))}
	o.Open()
	o.Str("id", pr.Game)
	o.UintOmit("d", pr.Done)
	o.UintOmit("fs", pr.FailedSeq)
	o.IntOmit("f", int64(pr.Failed))
	o.TimeOmit("w", pr.Wait)
	o.UintOmit("t", pr.Trying)
	if len(pr.Learnt) > 0 {
		o.List("l", len(pr.Learnt), false, func(i int) {
			l := &pr.Learnt[i]
			o.Open()
			o.Uint("n", l.N)
			o.StrOmit("s", l.Slot)
			l.Ref.WriteMember(&o, "r")
			o.StrOmit("t", l.Thread)
			o.TrueOnly("y", l.Said)
			o.StrOmit("np", l.NoPictures)
			o.TrueOnly("ps", l.PicturesSaid)
			o.TrueOnly("tg", l.TableGone)
			o.TrueOnly("ts", l.TableSaid)
			o.Close()
		})
	}
	o.UintOmit("n", pr.N)
	o.Close()
	if o.Err != nil {
		return nil, fmt.Errorf("encode the send log of %s: %w", key, o.Err)
	}
	return o.B, nil
}

// recordWait bounds the write of a send log, a deadline set back, a lock
// let go.
const recordWait = 2 * time.Second

// outboxBackoff is how long a failed game's deliveries wait: 1 s after the
// first failure of its oldest delivery, doubling to a minute.
func outboxBackoff(attempts int) time.Duration {
	return min(time.Second<<min(max(attempts-1, 0), 6), time.Minute)
}

// errorAs is errors.As for a send's outcome, which is nil nearly always:
// the target that errors.As is handed escapes, and declared whether or
// not there was an error, the four kinds a send tells apart were four
// allocations a delivery (4 % of a replica's objects at Party 8p).
func errorAs[T error](err error) (T, bool) {
	if err == nil {
		var zero T
		return zero, false
	}
	var t T
	ok := errors.As(err, &t)
	return t, ok
}
