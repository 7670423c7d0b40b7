package record_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/record"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/storage/redis/redistest"
)

// TestSendRoundTrips: on Redis a change's save takes its send's lock and
// reads the send log with it, so the edit it hands off is sent in one
// round trip more (the send log written, the lock let go and the net taken
// back). A send whose lock the save could not take (another sender held
// it) takes it in a round trip of its own, as the lock as a record took
// four. Each send is recorded, and the net is gone after it.
func TestSendRoundTrips(t *testing.T) {
	ctx := context.Background()
	prefix := redistest.Prefix("sendtrips")
	store, count := redistest.Counted(t, prefix)
	platform := &posts{}
	now := time.Now()
	k := record.New(store, tallies{platform}, record.Config{Now: func() time.Time { return now }, Handoff: true})
	where := protocol.Location{Platform: "test", Channel: "c"}
	change := func(id, text string) time.Time {
		t.Helper()
		count.N.Store(0)
		saved, err := k.Update(ctx, "g", id, func(g *tally, found bool) (record.Write[*tally], error) {
			w := record.Write[*tally]{Game: g, Save: true, Queued: true}
			if !found {
				g = &tally{ID: "t1", Where: where}
				w.Game, w.New = g, true
			}
			g.N++
			g.Queue.Add("ref:m1", protocol.Delivery{Kind: protocol.Edit, Ref: protocol.Ref{ID: "m1"}, View: protocol.View{Text: text}})
			return w, nil
		})
		if err != nil || saved.Net.IsZero() {
			t.Fatalf("the change: net %v, %v", saved.Net, err)
		}
		if n := count.N.Load(); n != 2 && id != "r1" { // (the first loads the scripts)
			t.Errorf("the change took %d round trips; want 2 (the read, the save with the lock)", n)
		}
		return saved.Net
	}
	send := func(net time.Time, trips int64, text string) {
		t.Helper()
		count.N.Store(0)
		k.Handoff("g", net)
		k.WaitSends()
		if n := count.N.Load(); trips > 0 && n != trips {
			t.Errorf("the send took %d round trips; want %d", n, trips)
		}
		if last := platform.sent[len(platform.sent)-1]; last.Kind != protocol.Edit || last.View.Text != text {
			t.Fatalf("sent %+v; want the edit %q last", platform.sent, text)
		}
		g, found, err := k.Read(ctx, "g")
		if err != nil || !found || !g.Queue.Empty() {
			t.Fatalf("read back: found %t, %v; want the edit recorded as sent", found, err)
		}
		claims, err := store.ClaimDue(ctx, now.Add(time.Hour), time.Minute, 10)
		if err != nil || len(claims) != 0 {
			t.Fatalf("claims after the send: %+v, %v; want the net taken back", claims, err)
		}
	}
	// (The first send loads its scripts on a server that has not seen
	// them: it is not counted.)
	send(change("r1", "1"), 0, "1")
	// The lock was let go: the next change takes it again.
	send(change("r2", "2"), 1, "2")

	// Two changes before the send starts: the first's save took the lock,
	// the second's could not, and its handoff finds the send under way
	// (here: one handoff for both). The send reads the game as the second
	// stored it, not as the lock was taken, so nothing stays unsent.
	change("r2a", "2a")
	net := change("r2b", "2b")
	send(net, 1, "2b")

	// Another replica sending: the save cannot take the lock; the send
	// takes it once that one let go, in a round trip of its own.
	if _, _, _, got, err := store.LockGame(ctx, "g", []byte("other"), time.Minute); err != nil || !got {
		t.Fatalf("another replica's lock: %t, %v", got, err)
	}
	net = change("r3", "3")
	if err := store.UnlockGame(ctx, "g", []byte("other"), nil, storage.Deadline{}); err != nil {
		t.Fatal(err)
	}
	send(net, 2, "3")

	// A send that waited a third of the lease for its slot renews the
	// save's lock before it sends: one round trip more.
	net = change("r4", "4")
	if !record.AgePrelock(k, "g", time.Hour) {
		t.Fatal("the save took no lock")
	}
	send(net, 2, "4")

	// One whose lock lapsed and went to another replica sends nothing.
	net = change("r5", "5")
	record.AgePrelock(k, "g", time.Hour)
	// (Both locks lapse: this release's and the one kept for older ones.)
	if err := store.Client().Del(ctx, prefix+"lock:{g}", prefix+"rec:{outbox-lock:g}").Err(); err != nil {
		t.Fatal(err)
	}
	if _, _, _, got, err := store.LockGame(ctx, "g", []byte("other"), time.Minute); err != nil || !got {
		t.Fatalf("another replica's lock: %t, %v", got, err)
	}
	sent := len(platform.sent)
	k.Handoff("g", net)
	k.WaitSends()
	if len(platform.sent) != sent {
		t.Fatalf("sent %+v while another replica held the lock", platform.sent[sent:])
	}
	if err := store.UnlockGame(ctx, "g", []byte("other"), nil, storage.Deadline{}); err != nil {
		t.Fatal(err)
	}

	// A game removed lets go of the lock its last save took: the next
	// game in its place is sent at once.
	change("r6", "6")
	if _, err := k.Update(ctx, "g", "r7", func(g *tally, _ bool) (record.Write[*tally], error) {
		return record.Write[*tally]{Game: g, Remove: true}, nil
	}); err != nil {
		t.Fatal(err)
	}
	if _, _, _, got, err := store.LockGame(ctx, "g", []byte("other"), time.Minute); !errors.Is(err, storage.ErrNotFound) || got {
		t.Fatalf("LockGame of the removed game = %t, %v; want not found", got, err)
	}
	send(change("r8", "8"), 1, "8")
}

// TestDrainLetsGoOfSavesLocks: a lock a change's save took for a send that
// never started (its handoff did not come before the host stopped) is let
// go as the host stops, so the next replica sends at once rather than
// after the lease.
func TestDrainLetsGoOfSavesLocks(t *testing.T) {
	ctx := context.Background()
	store := redistest.Store(t, redistest.Prefix("drainlocks"))
	k := record.New(store, tallies{&posts{}}, record.Config{Handoff: true, SendLease: time.Minute})
	if _, err := k.Update(ctx, "g", "r1", func(*tally, bool) (record.Write[*tally], error) {
		g := &tally{ID: "t1", Where: protocol.Location{Platform: "test", Channel: "c"}, N: 1}
		g.Queue.Add("ref:m1", protocol.Delivery{Kind: protocol.Edit, Ref: protocol.Ref{ID: "m1"}, View: protocol.View{Text: "1"}})
		return record.Write[*tally]{Game: g, Save: true, New: true, Queued: true}, nil
	}); err != nil {
		t.Fatal(err)
	}
	if _, _, _, got, err := store.LockGame(ctx, "g", []byte("other"), time.Minute); err != nil || got {
		t.Fatalf("LockGame while the save's lock waits = %t, %v; want held", got, err)
	}
	if err := k.Drain(ctx, func() {}); err != nil {
		t.Fatal(err)
	}
	if _, _, _, got, err := store.LockGame(ctx, "g", []byte("other"), time.Minute); err != nil || !got {
		t.Fatalf("LockGame after Drain = %t, %v; want the save's lock let go", got, err)
	}
}
