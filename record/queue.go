package record

import (
	"slices"
	"time"

	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// Queue is a game record's part that holds the deliveries not yet sent
// (the host's outbox); only its methods change it. Embedded in the record,
// its fields are stored inline with the record's.
type Queue struct {
	// OutWait is when the outbox may be tried again after a failure: new
	// changes queue behind it rather than spend its retries at once.
	OutWait time.Time `json:"ow,omitzero"`
	// Outbox holds deliveries not yet sent; OutSeq numbers them.
	Outbox []Queued `json:"ob,omitempty"`
	OutSeq uint64   `json:"oq,omitempty"`
	// Folded is the last of the sender's learnt facts (SendLog) this
	// record holds.
	Folded uint64 `json:"fo,omitempty"`
}

// Add queues d, replacing what is pending for the same target ("" for
// none). A delivery with a Redraw is kept by that name, without its view.
func (o *Queue) Add(target string, d protocol.Delivery) {
	if target != "" {
		o.Outbox = deleteTarget(o.Outbox, target)
	}
	o.OutSeq++
	q := Queued{Seq: o.OutSeq, Target: target, D: d}
	q.D.View.Lang = words.Lang{} // not stored: the outbox knows it again when it sends
	if d.Redraw != "" {
		q.Draw, q.D.View = d.Redraw, protocol.View{}
	}
	o.Outbox = append(o.Outbox, q)
}

// Freeze draws, with draw, the pending deliveries kept by the name only
// the game as it stands can draw (the host's latest reveal), before a
// change moves it on.
func (o *Queue) Freeze(name string, draw func(q Queued) (protocol.View, bool)) {
	for k := range o.Outbox {
		q := &o.Outbox[k]
		if q.Draw != name {
			continue
		}
		if v, ok := draw(*q); ok {
			q.D.View = v
		}
		q.Draw = ""
	}
}

// Cloned is a copy of o sharing nothing a change writes to (a queued
// delivery is replaced, never written into).
func (o Queue) Cloned() Queue { o.Outbox = slices.Clone(o.Outbox); return o }

// Empty reports whether nothing waits to be sent.
func (o *Queue) Empty() bool { return len(o.Outbox) == 0 }

// Sent drops the first delivery, sent or given up, and ends any backoff.
func (o *Queue) Sent() { o.Outbox, o.OutWait = o.Outbox[1:], time.Time{} }

// Due is when the queue should be looked at: at once, or when its backoff
// ends; handoff, when this replica sends it itself, is the time to wait
// for that otherwise.
func (o *Queue) Due(now, handoff time.Time) time.Time {
	if o.OutWait.After(now) {
		return o.OutWait
	}
	if !handoff.IsZero() {
		return handoff
	}
	return now
}

// CaughtUp drops what the sender's log p says was sent, carries its
// failures' count over, and takes its backoff.
func (o *Queue) CaughtUp(p *SendLog) {
	out := o.Outbox[:0]
	for _, q := range o.Outbox {
		if q.Seq <= p.Done {
			continue
		}
		if q.Seq == p.FailedSeq {
			q.Attempts = max(q.Attempts, p.Failed)
		}
		out = append(out, q)
	}
	o.Outbox = out
	o.OutWait = p.Wait
}

// Queued is one pending delivery in a game's queue.
type Queued struct {
	Seq    uint64            `json:"q"`
	Target string            `json:"g,omitempty"` // what newer deliveries replace: "table", "ref:<id>", "slot:<slot>"
	D      protocol.Delivery `json:"d"`
	// Draw names the view to draw from the stored game when it is sent
	// (the host's redraw.go); D has no view then. A delivery stored by an earlier
	// release has its view in D.
	Draw     string `json:"r,omitempty"`
	Attempts int    `json:"a,omitempty"`
}

func deleteTarget(q []Queued, t string) []Queued {
	out := q[:0]
	for _, x := range q {
		if x.Target != t {
			out = append(out, x)
		}
	}
	return out
}
