package bot

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/record"
	"github.com/sushigo/sushigo/storage"
)

// The outbox makes deliveries durable. When a game's platform has a Sender
// (Config.Senders), the posts and edits a change must show (reveals, the
// table, other players' hands, scores) are stored in the game, in the same
// compare-and-swap as the change, instead of being returned for the adapter
// to deliver from memory. A deadline "out:<game key>" makes one replica at a
// time deliver them, in order, retrying with backoff; after a crash the
// next replica's timer loop delivers what is pending. Replies to the
// request itself stay in the Response: they answer a live interaction.
//
// Deliveries to the same target are coalesced while pending: a newer table
// view replaces an older one not yet sent, so the table never goes back to
// an older turn and a burst of clicks costs one edit. A table delivery is
// resolved when it is sent: an edit of the table message once it exists, a
// post (remembered) until then, so a game has one table message.

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

// errNothingToDraw drops a delivery whose view can no longer be drawn (its
// player left the seat): there is nothing to send.
var errNothingToDraw = errors.New("nothing left to draw")

// errTableComing holds a table delivery while the reply that creates the
// table has not been remembered yet.
var errTableComing = errors.New("the table message is being created")

// tableWait bounds that hold: a reply whose reference never comes back (the
// adapter could not read it) lets the outbox post a table of its own.
const tableWait = 15 * time.Second

const (
	outboxPrefix = "out:"
	// maxAttempts bounds retries of one delivery; a message the platform
	// refuses that often (a deleted channel) is dropped and logged.
	maxAttempts = 8
)

// sender returns the Sender for st's platform, or nil.
func (b *Bot) sender(st *state) protocol.Sender {
	if st == nil {
		return nil
	}
	return b.platform(st.Where.Platform).Sender
}

// target names what a delivery updates, so a newer one can replace it.
func (st *state) target(d protocol.Delivery) string {
	switch {
	case d.Kind == protocol.Delete && d.Ref.ID != "":
		return "" // removes one message: never replaced
	case d.Kind == protocol.Delete:
		// The message is not sent yet: its pending post is dropped.
		return "slot:" + d.Slot
	case d.Slot == protocol.SlotTable || (d.Kind == protocol.Edit && d.Ref.ID != "" && d.Ref.ID == st.Table.ID):
		return "table"
	case d.Slot != "":
		return "slot:" + d.Slot
	case d.Kind == protocol.Edit && d.Ref.ID != "":
		return "ref:" + d.Ref.ID
	}
	return ""
}

// enqueue moves c's posts and edits into st's outbox and reports whether
// there were any; replies stay in c.
func (st *state) enqueue(c *change, now time.Time) bool {
	var keep []protocol.Delivery
	added := false
	for _, d := range c.resp.Deliveries {
		if d.Kind == protocol.Reply && d.Replace && d.To.IsPublic() && (st.Table.ID != "" || !st.TableSince.IsZero()) {
			// A click on the table answers with a silent acknowledgement;
			// the table itself is edited through the outbox, in order with
			// every other change, so it cannot go back to an older view.
			// (Its reference may still be on its way: the outbox waits.)
			d = protocol.Delivery{Kind: protocol.Edit, To: protocol.Channel, Ref: st.Table, Slot: protocol.SlotTable, View: d.View, Redraw: d.Redraw}
		}
		if d.Kind == protocol.Reply && d.Replace && !d.To.IsPublic() && st.chat() {
			if i := st.seatOf(d.To.User); i >= 0 && st.byDM(&st.Seats[i]) && st.Seats[i].Hand.Lasting() {
				// A click on a DM hand: the answer is the hand message
				// edited through the outbox, so it survives a crash after
				// the acknowledgement and cannot overtake a later turn's
				// edit of the same message.
				d = protocol.Delivery{Kind: protocol.Edit, To: d.To, Ref: st.Seats[i].Hand.Use(), View: d.View, Redraw: d.Redraw}
			}
		}
		if d.Kind == protocol.Reply {
			keep = append(keep, d)
			continue
		}
		if d.Redraw == "" && d.View.Screen == protocol.ScreenReveal && st.snap().latestReveal(d) {
			d.Redraw = redrawReveal
		}
		if checkRedraw && d.Redraw != "" {
			st.snap().checkDrawing(d, now)
		}
		st.Queue.Add(st.target(d), d)
		added = true
	}
	c.resp.Deliveries = keep
	return added
}

// Wake signals that deliveries are pending, so the timer loop can deliver
// them now rather than at its next tick. Nothing blocks on it.
func (b *Bot) Wake() <-chan struct{} { return b.wake }

func (b *Bot) signal() {
	select {
	case b.wake <- struct{}{}:
	default:
	}
}

// flush delivers the pending deliveries of the game at key, oldest first,
// recording each send in the game's send log (its side value) rather than
// in the game record: the players' saves never conflict with it. It stops
// at the first failure and returns it, with how many times the delivery has
// now failed, and before each send once the host is stopping.
func (b *Bot) flush(ctx context.Context, key string) (attempts int, err error) {
	st, pr, _, _, err := b.load(ctx, key)
	if err != nil || st == nil {
		return 0, err
	}
	stored := st.Folded
	st.fold(pr)
	s := b.sender(st)
	if st.Queue.Empty() || s == nil {
		return 0, nil
	}
	if pr == nil || pr.Game != st.ID {
		pr = &record.SendLog{Game: st.ID, N: st.Folded}
	}
	// What the stored game folded already need not be kept.
	pr = pr.Trimmed(stored)
	// An edit or a deletion sent is recorded with the next write, not
	// at once: sent again after a crash it changes nothing. A post, a
	// fact learnt, a failure are recorded before the next send.
	unrecorded := false
	write := func() error { unrecorded = false; return b.writeLog(ctx, key, pr) }
	defer func() {
		if unrecorded {
			if werr := write(); werr != nil && err == nil {
				err = werr
			}
		}
	}()
	for !st.Queue.Empty() {
		if b.stopping.Load() {
			return 0, errStopping
		}
		if wait := st.OutWait; wait.After(b.now()) {
			// Backing off after a failure: the deadline comes back then.
			return 0, &notYet{until: wait}
		}
		q := st.Outbox[0]
		learnt0 := pr.N
		sn := st.snap() // the game as this delivery sees it: drawn, then pictured
		d, said, sendErr := st.resolve(q, sn, b.now())
		if d.View.Lang.IsZero() {
			d.View.Lang = st.readerLang(d.To) // a view stored before views said their language
		}
		picSaid, tableSaid := false, false
		if st.NoPictures != "" && !st.PicturesSaid && d.To.IsPublic() && d.Kind == protocol.Post {
			// Not by choice: the first post since says why.
			d.View.Text = protocol.PictureFallbackNote(st.Lang, st.NoPictures) + "\n" + d.View.Text
			picSaid = true
		}
		if st.TableLost && q.Target == "table" && d.Kind == protocol.Post {
			d.View.Text = st.Lang.Say("outbox.tableAgain") + "\n" + d.View.Text
			tableSaid = true
		}
		var ref protocol.Ref
		if sendErr == nil && !(d.Kind == protocol.Delete && d.Ref.ID == "") {
			b.attach(sn, &d, d.Ref)
			if d.Kind == protocol.Post || (d.View.Picture != nil && d.View.Picture.PNG != nil) {
				d.Nonce = nonce(st.ID, q.Seq)
			}
			if _, checks := s.(protocol.ResendChecker); checks && d.Nonce != "" {
				d.Resend = q.Attempts > 0 || pr.Trying == q.Seq
				if pr.Trying != q.Seq {
					pr.Trying = q.Seq
					if err := write(); err != nil {
						return 0, err
					}
				}
			}
			ref, sendErr = s.Send(ctx, st.Where, st.ID, d)
		}
		var gone *protocol.GoneError
		if errors.As(sendErr, &gone) {
			if q.Target == "table" && d.Kind == protocol.Edit {
				// Someone deleted the table: post it again, this
				// delivery first, and the thread hangs on.
				st.learnt(pr.Learn(record.Learnt{TableGone: true}))
				if err := write(); err != nil {
					return 0, err
				}
				continue
			}
			sendErr = nil // deleted: nothing to retry
		}
		var noThread *protocol.NoThreadError
		var noPicture *protocol.NoPictureError
		switch {
		case errors.As(sendErr, &noPicture):
			// Nothing was sent: this delivery and the rest go without
			// pictures, and the channel is told once.
			st.learnt(pr.Learn(record.Learnt{NoPictures: noPicture.Reason}))
			if err := write(); err != nil {
				return 0, err
			}
			continue
		case errors.As(sendErr, &noThread):
			// Nothing was posted: the play-by-play goes to the channel
			// from now on, this delivery first.
			st.learnt(pr.Learn(record.Learnt{Thread: noThread.Reason}))
			if err := write(); err != nil {
				return 0, err
			}
			continue
		case errors.As(sendErr, new(*protocol.RefusedError)):
			// The platform will never take it: no retry, the next one goes
			// now, and the game goes on.
			b.log.Warn("delivery refused for good, dropped", "game", key, "seq", q.Seq, "err", sendErr)
		case errors.Is(sendErr, errNothingToDraw):
			// Dropped: the next one goes now.
		case errors.Is(sendErr, errTableComing):
			// Not the platform's failure: no attempt spent.
			return 0, fmt.Errorf("deliver %s #%d: %w", key, q.Seq, sendErr)
		case sendErr != nil:
			attempts = q.Attempts + 1
			wait := outboxBackoff(attempts)
			if rl := (*protocol.RetryLater)(nil); errors.As(sendErr, &rl) {
				attempts, wait = q.Attempts, max(rl.After, time.Second)
			}
			if attempts < maxAttempts {
				pr.FailedSeq, pr.Failed, pr.Wait = q.Seq, attempts, b.now().Add(wait)
				if err := write(); err != nil {
					return 0, err
				}
				return attempts, &notYet{pr.Wait, fmt.Errorf("deliver %s #%d: %w", key, q.Seq, sendErr)}
			}
			b.log.Error("delivery dropped after repeated failures", "game", key, "seq", q.Seq, "attempts", maxAttempts, "err", sendErr)
		default:
			if slot, shown, ok := shows(d, q.Target, ref, b.now()); ok {
				// The message now shows this picture (in this file).
				st.learnt(pr.Learn(record.Learnt{Slot: slot, Ref: shown}))
			} else if d.Slot != "" && ref.ID != "" {
				st.learnt(pr.Learn(record.Learnt{Slot: d.Slot, Ref: ref}))
			}
			if d.OpenThread != "" {
				st.learnt(pr.Learn(record.Learnt{Thread: threadOpen}))
			}
			if said {
				st.learnt(pr.Learn(record.Learnt{Said: true}))
			}
			if picSaid {
				st.learnt(pr.Learn(record.Learnt{PicturesSaid: true}))
			}
			if tableSaid {
				st.learnt(pr.Learn(record.Learnt{TableSaid: true}))
			}
		}
		// Sent, or dropped: the next one goes now.
		pr.Done, pr.FailedSeq, pr.Failed, pr.Wait = q.Seq, 0, 0, time.Time{}
		st.Queue.Sent()
		unrecorded = true
		if d.Kind == protocol.Post || pr.N != learnt0 || sendErr != nil {
			if err := write(); err != nil {
				return 0, err
			}
		}
	}
	// Everything this load held is sent. A change stored meanwhile
	// is sent by whoever made it: this replica looks again at its own
	// word (sendAll), another one once this lock is free.
	return 0, nil
}

// nonce names delivery seq of game id in at most 25 characters (Discord's
// limit): a hash, since game IDs are longer.
func nonce(id string, seq uint64) string {
	h := sha256.Sum256(fmt.Appendf(nil, "%s/%d", id, seq))
	return base64.RawURLEncoding.EncodeToString(h[:18])
}

// errStopping ends a flush between two sends when the host stops: the
// next replica carries on from the send log.
var errStopping = errors.New("the host is stopping")

// writeLog stores a game's send log. The sent delivery must be
// recorded even when the flush's own deadline has just run out, or it is
// sent again: the write gets a moment of its own.
func (b *Bot) writeLog(ctx context.Context, key string, pr *record.SendLog) error {
	data, err := json.Marshal(pr)
	if err != nil {
		return fmt.Errorf("encode the send log of %s: %w", key, err)
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), recordWait)
	defer cancel()
	err = b.store.SetGameSide(ctx, key, data)
	if errors.Is(err, storage.ErrNotFound) {
		return nil // the game is gone; so are its deliveries
	}
	if err != nil {
		return fmt.Errorf("record deliveries of %s: %w", key, err)
	}
	return nil
}

// recordWait bounds the write of a send log.
const recordWait = 2 * time.Second

// resolve turns a queued delivery into what to send now, against what the
// game knows now: its view drawn from sn when it is named, a thread post's
// parent (or the channel), the closing post's edit, the table's edit or
// post. errTableComing holds it while the table message is being created.
func (st *state) resolve(q record.Queued, sn *snapshot, now time.Time) (d protocol.Delivery, said bool, err error) {
	d = q.D
	if q.Draw != "" {
		v, ok := sn.redraw(q.Draw, d.To, now)
		if !ok {
			return d, false, errNothingToDraw
		}
		d.View = protocol.Spoken(st.plat.Commands, v)
	}
	if d.Kind == protocol.Post && d.To.Thread {
		var wait bool
		if d, wait, said = st.route(d, now); wait {
			err = errTableComing
		}
	}
	d = st.finalEdit(d)
	if q.Target == "table" {
		// Resolved now: the table message may have been created since.
		switch {
		case st.Table.Usable(now):
			d.Kind, d.Ref, d.Slot = protocol.Edit, st.Table, ""
		case !st.TableSince.IsZero() && now.Sub(st.TableSince) < tableWait:
			// A reply is creating the table; its reference comes soon.
			err = errTableComing
		default:
			d.Kind, d.Ref, d.Slot = protocol.Post, protocol.Ref{}, protocol.SlotTable
		}
	}
	return d, said, err
}

// remember keeps the reference of a message a slotted delivery created.
func (st *state) remember(slot string, ref protocol.Ref) {
	switch slot {
	case protocol.SlotTable:
		st.Table, st.TableSince = ref, time.Time{}
		return
	case protocol.SlotFinal:
		st.Final = ref
		return
	case protocol.SlotReminder:
		if st.RemindFor != nil {
			st.Reminder = ref
		}
		return
	case protocol.SlotNoThread:
		// The adapter said why with the post it moved to the channel.
		st.Thread, st.ThreadSaid = ref.ID, true
		return
	case protocol.SlotNoPictures:
		// The adapter said why with the post it sent without its picture.
		st.NoPictures, st.PicturesSaid = ref.ID, true
		return
	}
	if user, ok := strings.CutPrefix(slot, protocol.HandSlotPrefix); ok {
		if i := st.seatOf(user); i >= 0 {
			st.Seats[i].Hand = ref
		}
	}
}

// outboxBackoff is how long a failed game's deliveries wait: 1 s after the
// first failure of its oldest delivery, doubling to a minute.
func outboxBackoff(attempts int) time.Duration {
	return min(time.Second<<min(max(attempts-1, 0), 6), time.Minute)
}

// learnt takes a fact the sender just learnt (record.SendLog.Learn).
func (st *state) learnt(l record.Learnt) {
	st.apply(l)
	st.Folded = l.N
}

// apply takes a fact the sender learnt: a message's reference, the thread,
// the table's loss, a note said, the pictures refused.
func (st *state) apply(l record.Learnt) {
	if l.Slot != "" && l.Ref.ID != "" {
		st.remember(l.Slot, l.Ref)
	}
	if l.Thread != "" {
		st.openThread(l.Thread)
	}
	if l.TableGone {
		st.Table, st.TableSince, st.TableLost = protocol.Ref{}, time.Time{}, true
	}
	if l.TableSaid {
		st.TableLost = false
	}
	if l.Said {
		st.ThreadSaid = true
	}
	if l.NoPictures != "" {
		st.NoPictures = l.NoPictures
	}
	if l.PicturesSaid {
		st.PicturesSaid = true
	}
}

// fold brings st up to date with its sender's log p (nil: none yet, or a
// game stored before the log was kept apart, whose outbox says it
// all).
func (st *state) fold(p *record.SendLog) {
	if p == nil || p.Game != st.ID {
		return // an earlier game's, in the same channel
	}
	for _, l := range p.Learnt {
		if l.N > st.Folded {
			st.apply(l)
			st.Folded = l.N
		}
	}
	st.Queue.CaughtUp(p)
}

// unsent reports whether the record holds deliveries not yet sent.
func (st *state) unsent() bool { return !st.Queue.Empty() }
