package record_test

import (
	"context"
	"testing"
	"time"

	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/record"
	"github.com/sushigo/sushigo/storage/redis/redistest"
)

// TestSendTakesTwoRoundTrips: on Redis a change's edit is sent in two round
// trips (the lock taken with the game's read; the send log written, the
// lock let go and the net taken back), where the lock as a record took
// five; the edit is recorded as sent and the net is gone.
func TestSendTakesTwoRoundTrips(t *testing.T) {
	ctx := context.Background()
	store := redistest.Store(t, redistest.Prefix("sendtrips"))
	count := &redistest.Trips{}
	store.Client().AddHook(count)
	platform := &posts{}
	now := time.Now()
	k := record.New(store, tallies{platform}, record.Config{Now: func() time.Time { return now }, Handoff: true})
	where := protocol.Location{Platform: "test", Channel: "c"}
	saved, err := k.Update(ctx, "g", "r1", func(g *tally, found bool) (record.Write[*tally], error) {
		g = &tally{ID: "t1", Where: where, N: 1}
		g.Queue.Add("ref:m1", protocol.Delivery{Kind: protocol.Edit, Ref: protocol.Ref{ID: "m1"}, View: protocol.View{Text: "1"}})
		return record.Write[*tally]{Game: g, Save: true, New: true, Queued: true}, nil
	})
	if err != nil || saved.Net.IsZero() {
		t.Fatalf("the change: net %v, %v", saved.Net, err)
	}
	count.N.Store(0)
	k.Handoff("g", saved.Net)
	k.WaitSends()
	if n := count.N.Load(); n != 2 {
		t.Errorf("the send took %d round trips; want 2", n)
	}
	if len(platform.sent) != 1 || platform.sent[0].Kind != protocol.Edit {
		t.Fatalf("sent %+v; want the edit", platform.sent)
	}
	g, found, err := k.Read(ctx, "g")
	if err != nil || !found || !g.Queue.Empty() {
		t.Fatalf("read back: found %t, %v, queue empty %t; want the edit recorded as sent", found, err, g != nil && g.Queue.Empty())
	}
	claims, err := store.ClaimDue(ctx, now.Add(time.Hour), time.Minute, 10)
	if err != nil || len(claims) != 0 {
		t.Fatalf("claims after the send: %+v, %v; want the net taken back", claims, err)
	}
	// The lock was let go: the next change's send takes it at once.
	saved, err = k.Update(ctx, "g", "r2", func(g *tally, _ bool) (record.Write[*tally], error) {
		g.N++
		g.Queue.Add("ref:m1", protocol.Delivery{Kind: protocol.Edit, Ref: protocol.Ref{ID: "m1"}, View: protocol.View{Text: "2"}})
		return record.Write[*tally]{Game: g, Save: true, Queued: true}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	k.Handoff("g", saved.Net)
	k.WaitSends()
	if len(platform.sent) != 2 || platform.sent[1].View.Text != "2" {
		t.Fatalf("sent %+v; want the second edit too", platform.sent)
	}
}
