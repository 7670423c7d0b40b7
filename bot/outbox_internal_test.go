package bot

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/record"
)

// TestPartsStoredInPlace: the record's parts (outbox, thread, reminder,
// turn clock) are embedded, so the record stores their fields in its own
// object, under the keys of before.
func TestPartsStoredInPlace(t *testing.T) {
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	st := &gameRecord{ID: "g",
		Queue:     record.Queue{OutSeq: 7, Folded: 2, Outbox: []record.Queued{{Seq: 7, Target: "table"}}, OutWait: now},
		thread:    thread{Thread: threadOpen, ThreadSaid: true, ThreadRoot: protocol.Ref{ID: "m1"}, TableLost: true},
		reminder:  reminder{Reminder: protocol.Ref{ID: "m2"}, RemindFor: []string{"ann"}, Pinged: "1.2.0"},
		turnClock: turnClock{TurnStart: now, Reminded: true, Nudging: true}}
	body, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	var flat map[string]json.RawMessage
	if err := json.Unmarshal(body, &flat); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"ob", "oq", "fo", "ow", "th", "ths", "tr", "tl", "rm", "rmf", "pg", "ts", "rem", "nd"} {
		if _, ok := flat[k]; !ok {
			t.Errorf("the record has no %q at its top level: %s", k, body)
		}
	}
	var back gameRecord
	if err := json.Unmarshal(body, &back); err != nil || back.Pinged != "1.2.0" || !back.TurnStart.Equal(now) || back.ThreadRoot.ID != "m1" || back.OutSeq != 7 {
		t.Errorf("read back: %+v, %v", back, err)
	}
}

// TestThreadPart: the thread hangs from the table of the moment it opened,
// and a refused thread sends the play-by-play to the channel.
func TestThreadPart(t *testing.T) {
	var th thread
	if !th.possible() || th.parent(protocol.Ref{ID: "t1"}).ID != "t1" {
		t.Fatal("a new thread hangs from the table")
	}
	th.open(threadOpen, protocol.Ref{ID: "t1"})
	if th.parent(protocol.Ref{ID: "t2"}).ID != "t1" {
		t.Error("the thread moved to the table posted again")
	}
	th.open("no permission", protocol.Ref{})
	if th.possible() {
		t.Error("a refused thread is still possible")
	}
}

// TestReminderPart: one live reminder, cleared by a deletion; each decision
// pinged once.
func TestReminderPart(t *testing.T) {
	var r reminder
	if r.clear() != nil {
		t.Error("clearing no reminder deletes something")
	}
	r.naming([]string{"ann"})
	r.Reminder = protocol.Ref{ID: "m9"}
	if ds := r.clear(); len(ds) != 1 || ds[0].Kind != protocol.Delete || ds[0].Ref.ID != "m9" || r.RemindFor != nil {
		t.Errorf("clear: %+v, left %+v", ds, r)
	}
	if !r.pingOnce("1.1.0") || r.pingOnce("1.1.0") || !r.pingOnce("1.2.0") {
		t.Error("a decision is not pinged exactly once")
	}
}

// TestTurnClockPart: the reminder at half time, once; then the end.
func TestTurnClockPart(t *testing.T) {
	start := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	var c turnClock
	c.restart(start)
	limit := time.Minute
	if !c.next(limit).Equal(start.Add(30 * time.Second)) {
		t.Errorf("next = %v, want half time", c.next(limit))
	}
	if c.remindNow(start.Add(29*time.Second), limit) {
		t.Error("reminded before half time")
	}
	if !c.remindNow(start.Add(30*time.Second), limit) || c.remindNow(start.Add(40*time.Second), limit) {
		t.Error("not reminded exactly once at half time")
	}
	if !c.next(limit).Equal(start.Add(limit)) || c.over(start.Add(59*time.Second), limit) || !c.over(start.Add(limit), limit) {
		t.Error("the turn does not end at its limit")
	}
	c.restart(start.Add(time.Hour))
	if c.Reminded {
		t.Error("a new turn starts reminded")
	}
}
