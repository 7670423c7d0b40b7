package record_test

import (
	"fmt"
	"testing"
	"time"
	"unsafe"

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

// TestQueueCopiesShare: a copy shares the deliveries, and whatever either
// side then does (queue, replace a target, catch up with a log, freeze a
// redraw) the other's deliveries stay as they were.
func TestQueueCopiesShare(t *testing.T) {
	post := func(s string) protocol.Delivery {
		return protocol.Delivery{Kind: protocol.Post, View: protocol.View{Text: s}}
	}
	texts := func(o record.Queue) string {
		var s string
		for _, q := range o.Outbox {
			s += fmt.Sprintf("%d:%s/%s/%d ", q.Seq, q.D.View.Text, q.Draw, q.Attempts)
		}
		return s
	}
	// Each step is told which copy runs it, so two copies' changes differ.
	steps := map[string]func(o *record.Queue, who string){
		"add":     func(o *record.Queue, who string) { o.Add("", post("new by "+who)) },
		"replace": func(o *record.Queue, who string) { o.Add("table", post("table by "+who)) },
		"catch up": func(o *record.Queue, who string) {
			failed := 2
			if who != "first" {
				failed = 5
			}
			o.CaughtUp(&record.SendLog{Done: 1, FailedSeq: 3, Failed: failed})
		},
		"freeze": func(o *record.Queue, who string) {
			o.Freeze("reveal", func(record.Queued) (protocol.View, bool) { return protocol.View{Text: "drawn by " + who}, true })
		},
		"sent": func(o *record.Queue, who string) { o.Sent(); o.Add("", post("after, by "+who)) },
		"reserve": func(o *record.Queue, who string) {
			o.Reserve(3)
			o.Add("", post("new by "+who))
			o.Add("table", post("table by "+who))
		},
	}
	for name, step := range steps {
		for _, changed := range []string{"the copy", "the source"} {
			t.Run(name+" on "+changed, func(t *testing.T) {
				var src record.Queue
				src.Add("", post("note"))
				src.Add("table", post("table 1"))
				src.Add("", protocol.Delivery{Kind: protocol.Post, Redraw: "reveal"})
				src.Outbox = append(make([]record.Queued, 0, 8), src.Outbox...) // room to append in place
				cp := src.Cloned()
				if &cp.Outbox[0] != &src.Outbox[0] {
					t.Fatal("the copy does not share the deliveries")
				}
				was := texts(src)
				other, mine := &src, &cp
				if changed == "the source" {
					other, mine = &cp, &src
				}
				step(mine, "first")
				if got := texts(*other); got != was {
					t.Errorf("%s changed the other side: %q, want %q", name, got, was)
				}
				now := texts(*mine)
				if now == was {
					t.Errorf("%s changed nothing: %q", name, was)
				}
				// Another copy of the side that did not change, changed
				// the same way, leaves the first change as it was.
				sibling := other.Cloned()
				step(&sibling, "second")
				if got := texts(*mine); got != now {
					t.Errorf("a second copy's %s changed the first's: %q, want %q", name, got, now)
				}
				if got := texts(*other); got != was {
					t.Errorf("a second copy's %s changed its source: %q, want %q", name, got, was)
				}
			})
		}
	}
}

// TestReserveGrowsOnce: a copy's outbox, made room for a change's
// deliveries, takes them all in the one array Reserve made; without the
// room the Adds past its capacity moved it to larger arrays.
func TestReserveGrowsOnce(t *testing.T) {
	var src record.Queue
	src.Add("", protocol.Delivery{Kind: protocol.Post})
	// moves counts the arrays the outbox moved to while 12 deliveries
	// were queued on the copy.
	moves := func(cp record.Queue) int {
		n := 0
		for range 12 {
			at := unsafe.SliceData(cp.Outbox)
			cp.Add("", protocol.Delivery{Kind: protocol.Edit})
			if unsafe.SliceData(cp.Outbox) != at {
				n++
			}
		}
		if len(cp.Outbox) != 13 {
			t.Fatalf("%d deliveries queued, want 13", len(cp.Outbox))
		}
		return n
	}
	reserved := src.Cloned()
	reserved.Reserve(12)
	if unsafe.SliceData(reserved.Outbox) == unsafe.SliceData(src.Outbox) {
		t.Fatal("Reserve made room in the array the source shares")
	}
	if n := moves(reserved); n != 0 {
		t.Errorf("with room made, the outbox moved %d times while 12 deliveries were queued", n)
	}
	if n := moves(src.Cloned()); n < 2 {
		t.Errorf("without room made, the outbox moved %d times: the test no longer shows what Reserve saves", n)
	}
	if len(src.Outbox) != 1 {
		t.Errorf("the source's outbox changed: %+v", src.Outbox)
	}
}
