package bot

import (
	"fmt"
	"strings"
	"time"

	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/record"
)

// How a change reaches the platform. When a game's platform has a Sender
// (Config.Platforms), the posts and edits a change must show (reveals, the
// table, other players' hands, scores) are queued in the game (enqueue)
// and stored with it; package record sends them, one game at a time
// across replicas, and asks the host (Next, Shown, Learn) what each one is
// now and what its answer taught. Replies to the request itself stay in
// the Response: they answer a live interaction.
//
// Deliveries to the same target are coalesced while pending: a newer table
// view replaces an older one not yet sent, so the table never goes back to
// an older turn and a burst of clicks costs one edit. A table delivery is
// resolved when it is sent: an edit of the table message once it exists, a
// post (remembered) until then, so a game has one table message.

// errNothingToDraw drops a delivery whose view can no longer be drawn (its
// player left the seat): there is nothing to send.
var errNothingToDraw = fmt.Errorf("its player left: %w", record.ErrNothingToSend)

// errTableComing holds a table delivery while the reply that creates the
// table has not been remembered yet.
var errTableComing = fmt.Errorf("the table message is being created: %w", record.ErrNotReady)

// tableWait bounds that hold: a reply whose reference never comes back (the
// adapter could not read it) lets the outbox post a table of its own.
const tableWait = 15 * time.Second

// sender returns the Sender for st's platform, or nil.
func (b *Bot) sender(st *gameRecord) protocol.Sender {
	if st == nil {
		return nil
	}
	return b.platform(st.Where.Platform).Sender
}

// target names what a delivery updates, so a newer one can replace it.
func (st *gameRecord) target(d protocol.Delivery) string {
	switch {
	case d.Kind == protocol.Delete && d.Ref.ID != "":
		return "" // removes one message: never replaced
	case d.Kind == protocol.Delete:
		// The message is not sent yet: its pending post is dropped.
		return "slot:" + d.Slot
	case d.Slot == protocol.SlotTable || (d.Kind == protocol.Edit && d.Ref.ID != "" && d.Ref.ID == st.Table.ID):
		return record.TargetTable
	case d.Slot != "":
		return "slot:" + d.Slot
	case d.Kind == protocol.Edit && d.Ref.ID != "":
		return "ref:" + d.Ref.ID
	}
	return ""
}

// enqueue moves c's posts and edits into st's outbox and reports whether
// there were any; replies stay in c. A request from away
// (protocol.Request.Away) has no reply to carry what it shows the
// channel: that goes through the outbox too.
func (st *gameRecord) enqueue(c *effect, now time.Time, away bool) bool {
	var keep []protocol.Delivery
	added := false
	queued := 0 // at most: replies below may become edits or posts
	for _, d := range c.resp.Deliveries {
		if d.Kind != protocol.Reply || d.Replace || away {
			queued++
		}
	}
	st.Queue.Reserve(queued)
	for _, d := range c.resp.Deliveries {
		if d.Kind == protocol.Reply && d.Replace && d.To.IsPublic() && (away || st.Table.ID != "" || !st.TableSince.IsZero()) {
			// A click on the table answers with a silent acknowledgement;
			// the table itself is edited through the outbox, in order with
			// every other change, so it cannot go back to an older view.
			// (Its reference may still be on its way: the outbox waits.)
			d = protocol.Delivery{Kind: protocol.Edit, To: protocol.Channel, Ref: st.Table, Slot: protocol.SlotTable, View: d.View, Redraw: d.Redraw}
		}
		if d.Kind == protocol.Reply && d.To.IsPublic() && away {
			// A new message for the channel (a lobby): posted.
			d.Kind = protocol.Post
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
		if checkRedraw && d.Redraw != "" && !undrawn(d) {
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

// resolve turns a queued delivery into what to send now, against what the
// game knows now: its view drawn from sn when it is named, a thread post's
// parent (or the channel), the closing post's edit, the table's edit or
// post. errTableComing holds it while the table message is being created.
func (st *gameRecord) resolve(q record.Queued, sn *snapshot, now time.Time) (d protocol.Delivery, said bool, err error) {
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
	if q.Target == record.TargetTable {
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
func (st *gameRecord) remember(slot string, ref protocol.Ref) {
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

// apply takes a fact the sender learnt: a message's reference, the thread,
// the table's loss, a note said, the pictures refused.
func (st *gameRecord) apply(l record.Learnt) {
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

// games is how the host's games meet package record: their JSON, their
// copies, the record's parts they hold, and what a delivery of theirs is
// when it is sent.
type games struct{ b *Bot }

func (g games) Decode(data []byte) (*gameRecord, error) { return g.b.decode(data) }
func (games) Encode(st *gameRecord) ([]byte, error)     { return encodeBody(st) }
func (games) Clone(st *gameRecord) *gameRecord          { return st.clone() }
func (games) Learn(st *gameRecord, l record.Learnt)     { st.apply(l) }
func (g games) Sender(st *gameRecord) protocol.Sender   { return g.b.sender(st) }

func (games) Parts(st *gameRecord) record.Parts {
	return record.Parts{ID: st.ID, Where: st.Where, Applied: &st.Applied, Queue: &st.Queue}
}

// Next is the queued delivery q as it goes now: resolved against the game
// (resolve), in its reader's language, with the notes the channel is owed
// (why pictures stopped, that the table was posted again) and the picture
// it shows.
func (g games) Next(st *gameRecord, q record.Queued, now time.Time) (protocol.Delivery, []record.Learnt, error) {
	sn := st.drawNow() // the game as this delivery sees it: drawn, then pictured, before st learns what was sent
	d, said, err := st.resolve(q, sn, now)
	if d.View.Lang.IsZero() {
		d.View.Lang = st.readerLang(d.To) // a view stored before views said their language
	}
	var onSent []record.Learnt
	if said {
		onSent = append(onSent, record.Learnt{Said: true})
	}
	if st.NoPictures != "" && !st.PicturesSaid && d.To.IsPublic() && d.Kind == protocol.Post {
		// Not by choice: the first post since says why.
		d.View.Text = protocol.PictureFallbackNote(st.Lang, st.NoPictures) + "\n" + d.View.Text
		onSent = append(onSent, record.Learnt{PicturesSaid: true})
	}
	if st.TableLost && q.Target == record.TargetTable && d.Kind == protocol.Post {
		d.View.Text = st.Lang.Say("outbox.tableAgain") + "\n" + d.View.Text
		onSent = append(onSent, record.Learnt{TableSaid: true})
	}
	if err == nil && !(d.Kind == protocol.Delete && d.Ref.ID == "") {
		g.b.attach(sn, &d, d.Ref)
	}
	return d, onSent, err
}

// Shown is what a sent delivery's answer taught: what its message now
// shows, the message a slotted delivery made, the thread it opened.
func (games) Shown(st *gameRecord, q record.Queued, d protocol.Delivery, ref protocol.Ref, now time.Time) []record.Learnt {
	var out []record.Learnt
	if slot, shown, ok := shows(d, q.Target, ref, now); ok {
		// The message now shows this picture (in this file).
		out = append(out, record.Learnt{Slot: slot, Ref: shown})
	} else if d.Slot != "" && ref.ID != "" {
		out = append(out, record.Learnt{Slot: d.Slot, Ref: ref})
	}
	if d.OpenThread != "" {
		out = append(out, record.Learnt{Thread: threadOpen})
	}
	return out
}
