package record_test

import (
	"testing"
	"time"

	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/record"
)

// TestQueue: the queue numbers what it queues, a newer delivery to a
// target replaces the pending one, sent drops the first and ends the
// backoff, and due waits for the backoff or the handoff.
func TestQueue(t *testing.T) {
	var o record.Queue
	if !o.Empty() {
		t.Fatal("a new outbox is not empty")
	}
	post := func(s string) protocol.Delivery {
		return protocol.Delivery{Kind: protocol.Post, View: protocol.View{Text: s}}
	}
	o.Add("table", post("table 1"))
	o.Add("", post("note"))
	o.Add("table", post("table 2"))
	if len(o.Outbox) != 2 || o.Outbox[0].D.View.Text != "note" || o.Outbox[1].D.View.Text != "table 2" || o.Outbox[1].Seq != 3 {
		t.Fatalf("queued %+v, want the note then table 2 (seq 3)", o.Outbox)
	}
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	o.OutWait = now.Add(time.Minute)
	if got := o.Due(now, time.Time{}); !got.Equal(o.OutWait) {
		t.Errorf("due during a backoff = %v, want %v", got, o.OutWait)
	}
	o.Sent()
	if len(o.Outbox) != 1 || !o.OutWait.IsZero() {
		t.Errorf("after sent: %+v, wait %v", o.Outbox, o.OutWait)
	}
	if got := o.Due(now, now.Add(3*time.Second)); !got.Equal(now.Add(3 * time.Second)) {
		t.Errorf("due with a handoff = %v", got)
	}
	if got := o.Due(now, time.Time{}); !got.Equal(now) {
		t.Errorf("due = %v, want now", got)
	}
	o.CaughtUp(&record.SendLog{Done: 3})
	if !o.Empty() {
		t.Errorf("the log says seq 3 was sent, the outbox still holds %+v", o.Outbox)
	}
}
