package bot

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/sushigo/sushigo/protocol"
)

// TestOutboxPart: the outbox numbers what it queues, a newer delivery to a
// target replaces the pending one, sent drops the first and ends the
// backoff, and due waits for the backoff or the handoff.
func TestOutboxPart(t *testing.T) {
	var o outbox
	if !o.empty() {
		t.Fatal("a new outbox is not empty")
	}
	post := func(s string) protocol.Delivery {
		return protocol.Delivery{Kind: protocol.Post, View: protocol.View{Text: s}}
	}
	o.add("table", post("table 1"))
	o.add("", post("note"))
	o.add("table", post("table 2"))
	if len(o.Outbox) != 2 || o.Outbox[0].D.View.Text != "note" || o.Outbox[1].D.View.Text != "table 2" || o.Outbox[1].Seq != 3 {
		t.Fatalf("queued %+v, want the note then table 2 (seq 3)", o.Outbox)
	}
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	o.OutWait = now.Add(time.Minute)
	if got := o.due(now, time.Time{}); !got.Equal(o.OutWait) {
		t.Errorf("due during a backoff = %v, want %v", got, o.OutWait)
	}
	o.sent()
	if len(o.Outbox) != 1 || !o.OutWait.IsZero() {
		t.Errorf("after sent: %+v, wait %v", o.Outbox, o.OutWait)
	}
	if got := o.due(now, now.Add(3*time.Second)); !got.Equal(now.Add(3 * time.Second)) {
		t.Errorf("due with a handoff = %v", got)
	}
	if got := o.due(now, time.Time{}); !got.Equal(now) {
		t.Errorf("due = %v, want now", got)
	}
	o.caughtUp(&sendLog{Done: 3})
	if !o.empty() {
		t.Errorf("the log says seq 3 was sent, the outbox still holds %+v", o.Outbox)
	}
}

// TestOutboxStoredInPlace: the part is embedded, so the record stores its
// fields in its own object, under the keys of before.
func TestOutboxStoredInPlace(t *testing.T) {
	st := &state{ID: "g", outbox: outbox{OutSeq: 7, Folded: 2, Outbox: []queued{{Seq: 7, Target: "table"}}}}
	body, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	var flat map[string]json.RawMessage
	if err := json.Unmarshal(body, &flat); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"ob", "oq", "fo"} {
		if _, ok := flat[k]; !ok {
			t.Errorf("the record has no %q at its top level: %s", k, body)
		}
	}
}
