package record_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/record"
	"github.com/sushigo/sushigo/storage/bolt"
)

// tally is the smallest game a Keeper can keep: a count, and the
// message its last delivery made.
type tally struct {
	ID      string            `json:"id"`
	Where   protocol.Location `json:"w"`
	N       int               `json:"n"`
	Shown   protocol.Ref      `json:"r,omitzero"`
	Applied []string          `json:"-"`
	record.Queue
}

type tallies struct{ sender protocol.Sender }

func (tallies) Decode(data []byte) (*tally, error) {
	g := &tally{}
	wire := struct {
		*tally
		Ap []string `json:"ap"`
	}{tally: g}
	err := json.Unmarshal(data, &wire)
	g.Applied = wire.Ap
	return g, err
}
func (tallies) Encode(g *tally) ([]byte, error) { return json.Marshal(g) }
func (tallies) Clone(g *tally) *tally {
	c := *g
	c.Queue = g.Queue.Cloned()
	return &c
}
func (tallies) Parts(g *tally) record.Parts {
	return record.Parts{ID: g.ID, Where: g.Where, Applied: &g.Applied, Queue: &g.Queue}
}
func (t tallies) Sender(*tally) protocol.Sender { return t.sender }
func (tallies) Learn(g *tally, l record.Learnt) { g.Shown = l.Ref }
func (tallies) Next(g *tally, q record.Queued, _ time.Time) (protocol.Delivery, []record.Learnt, error) {
	return q.D, nil, nil
}
func (tallies) Shown(_ *tally, _ record.Queued, d protocol.Delivery, ref protocol.Ref, _ time.Time) []record.Learnt {
	return []record.Learnt{{Slot: d.Slot, Ref: ref}}
}

// posts is a platform that numbers the messages it is sent.
type posts struct {
	mu   sync.Mutex
	sent []protocol.Delivery
}

func (p *posts) Send(_ context.Context, _ protocol.Location, _ string, d protocol.Delivery) (protocol.Ref, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.sent = append(p.sent, d)
	return protocol.Ref{ID: "m" + string(rune('0'+len(p.sent)))}, nil
}

// TestKeeperUpdatesAndDelivers: a change stores a new game and is
// announced; the same request again runs nothing; a change that queues a
// delivery sets its deadline, which, claimed, sends it once and teaches the
// game the message it made, read back with the game.
func TestKeeperUpdatesAndDelivers(t *testing.T) {
	ctx := context.Background()
	store, err := bolt.Open(filepath.Join(t.TempDir(), "k.db"), bolt.Options{NoSync: true, SweepEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	platform := &posts{}
	var stored []record.Stored
	k := record.New(store, tallies{platform}, record.Config{Now: func() time.Time { return now }, Decoded: 8, CheckDecoded: true,
		FlushWaits: true, OnStored: func(s record.Stored) { stored = append(stored, s) }})
	where := protocol.Location{Platform: "test", Channel: "c"}
	runs := 0
	add := func(id string, queue bool) record.Saved[*tally] {
		t.Helper()
		saved, err := k.Update(ctx, "g", id, func(g *tally, found bool) (record.Write[*tally], error) {
			runs++
			if !found {
				g = &tally{ID: "t1", Where: where}
			}
			g.N++
			w := record.Write[*tally]{Game: g, Save: true, New: !found}
			if queue {
				g.Queue.Add(record.TargetTable, protocol.Delivery{Kind: protocol.Post, Slot: protocol.SlotTable, View: protocol.View{Text: "n"}})
				w.Queued = true
			}
			return w, nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return saved
	}
	if s := add("r1", false); s.Game.N != 1 || s.Applied || !s.Net.IsZero() {
		t.Fatalf("first change: %+v", s)
	}
	if len(stored) != 1 || stored[0].Game != "t1" || stored[0].Version == 0 {
		t.Fatalf("announced %+v, want the new game's version", stored)
	}
	if s := add("r1", false); !s.Applied || runs != 1 || len(stored) != 1 {
		t.Fatalf("the same request again: applied %v, %d runs, %d announced", s.Applied, runs, len(stored))
	}
	s := add("r2", true)
	if s.Net.IsZero() || len(s.Due) != 0 {
		t.Fatalf("a queued change: net %v, deadlines left %v", s.Net, s.Due)
	}
	claims, err := store.ClaimDue(ctx, now, time.Minute, 10)
	if err != nil || len(claims) != 1 || claims[0].Key != record.OutboxPrefix+"g" {
		t.Fatalf("claims %+v, %v; want the outbox's", claims, err)
	}
	var done sync.WaitGroup
	done.Add(1)
	k.Claimed(ctx, claims[0], "g", now, done.Done)
	done.Wait()
	if len(platform.sent) != 1 || platform.sent[0].Nonce == "" {
		t.Fatalf("sent %+v, want one post with a nonce", platform.sent)
	}
	g, found, err := k.Read(ctx, "g")
	if err != nil || !found || g.N != 2 || !g.Queue.Empty() || g.Shown.ID != "m1" {
		t.Fatalf("read back %+v (found %v, %v): want 2, nothing queued, shown m1", g, found, err)
	}
	if _, found, err := k.Read(ctx, "none"); found || err != nil {
		t.Errorf("a game that is not there: found %v, %v", found, err)
	}
	// A removed game is announced with version 0.
	if _, err := k.Update(ctx, "g", "", func(g *tally, _ bool) (record.Write[*tally], error) {
		return record.Write[*tally]{Game: g, Remove: true}, nil
	}); err != nil {
		t.Fatal(err)
	}
	if last := stored[len(stored)-1]; last.Version != 0 || last.Key != "g" {
		t.Errorf("removal announced as %+v", last)
	}
	if _, found, _ := k.Read(ctx, "g"); found {
		t.Error("the removed game is still there")
	}
	if err := k.Drain(ctx, func() {}); err != nil || !k.Stopping() {
		t.Errorf("drain: %v, stopping %v", err, k.Stopping())
	}
}
