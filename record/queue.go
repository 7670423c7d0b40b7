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
//
// Copies share the deliveries (Cloned): no method writes into the slice's
// elements, and what one copy appends lies past the other's end, so a
// change made to one is never seen by another. Most copies (a send's, a
// look at a hand) never change it; copying the deliveries for each was a
// tenth of what a replica allocates.
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
	// (After Cloned the copy's slice ends at its length: this append
	// never writes where another copy reads.)
	o.Outbox = append(o.Outbox, q)
}

// Reserve makes room for n more deliveries. A change adds its deliveries
// one by one (a reveal at Party eight, a dozen) to an outbox a copy
// shares, so each Add past its capacity moved it to a larger array: about
// five arrays a click, most of what the outbox allocated. Like Add, it
// moves the deliveries to an array of this copy's own when it must grow.
func (o *Queue) Reserve(n int) { o.Outbox = slices.Grow(o.Outbox, n) }

// Freeze draws, with draw, the pending deliveries kept by the name only
// the game as it stands can draw (the host's latest reveal), before a
// change moves it on.
func (o *Queue) Freeze(name string, draw func(q Queued) (protocol.View, bool)) {
	copied := false
	for k := range o.Outbox {
		if o.Outbox[k].Draw != name {
			continue
		}
		if !copied {
			// The elements may be another copy's too.
			o.Outbox, copied = slices.Clone(o.Outbox), true
		}
		q := &o.Outbox[k]
		if v, ok := draw(*q); ok {
			q.D.View = v
		}
		q.Draw = ""
	}
}

// Cloned is a copy of o that shares its deliveries: neither copy's
// changes reach the other (see Queue). The copy's slice ends at its
// length, so what it appends goes to a new array.
func (o *Queue) Cloned() Queue {
	c := *o
	c.Outbox = slices.Clip(c.Outbox)
	return c
}

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
	// The sent are first: what is left is a tail of the slice, which
	// another copy may share, so a failure's count is written to a copy.
	sent := func(q Queued) bool { return q.Seq <= p.Done }
	i := 0
	for i < len(o.Outbox) && sent(o.Outbox[i]) {
		i++
	}
	out := without(o.Outbox[i:], sent) // (any out of order, not made by Add)
	if k := slices.IndexFunc(out, func(q Queued) bool { return q.Seq == p.FailedSeq }); k >= 0 && out[k].Attempts < p.Failed {
		out = slices.Clone(out)
		out[k].Attempts = p.Failed
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

// deleteTarget is q without the deliveries for target t.
func deleteTarget(q []Queued, t string) []Queued {
	return without(q, func(x Queued) bool { return x.Target == t })
}

// without is q without the deliveries drop matches, in a new slice when
// there were any: q's elements may be another copy's too.
func without(q []Queued, drop func(Queued) bool) []Queued {
	if !slices.ContainsFunc(q, drop) {
		return q
	}
	return slices.DeleteFunc(slices.Clone(q), drop)
}
