// Package seen tells a request's first delivery from a repeat, across
// replicas, with a record in the shared store.
//
// A store can apply a call whose answer never came back: a Redis stopped
// mid-call (SIGSTOP, a long fork, a network stall) runs the queued command
// when it wakes, after the caller's timeout. Asking again would then find
// the record and call the request a repeat, and it would be dropped, never
// played. So each delivery writes a token of its own, and a delivery that
// finds the record reads it back: its own token means an earlier try
// landed, and the delivery is still the first.
package seen

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"time"

	"github.com/sushigo/sushigo/storage"
)

// Records is the part of the store a Mark needs (storage.Records).
type Records interface {
	AddRecord(ctx context.Context, key string, data []byte, ttl time.Duration) (bool, error)
	GetRecord(ctx context.Context, key string) ([]byte, error)
}

// Mark is one delivery's claim on a request's key. Ask First as often as
// the store fails: every try writes the same token.
type Mark struct {
	rec   Records
	key   string
	ttl   time.Duration
	token []byte
}

// New is a delivery's claim on key, remembered for ttl.
func New(rec Records, key string, ttl time.Duration) *Mark {
	return &Mark{rec: rec, key: key, ttl: ttl, token: []byte(rand.Text())}
}

// First reports whether this delivery is the key's first: it added the
// record, or an earlier try of its own did. An error means the store did
// not say: the outcome is unknown, never a repeat.
func (m *Mark) First(ctx context.Context) (bool, error) {
	added, err := m.rec.AddRecord(ctx, m.key, m.token, m.ttl)
	if err != nil {
		return false, err
	}
	if added {
		return true, nil
	}
	held, err := m.rec.GetRecord(ctx, m.key)
	if errors.Is(err, storage.ErrNotFound) {
		// Expired between the two calls: ask again.
		return false, fmt.Errorf("seen %s: the record went while it was read", m.key)
	}
	if err != nil {
		return false, err
	}
	return bytes.Equal(held, m.token), nil
}

// Ask asks First again and again while the store fails (each error goes
// to failed), until it answers or ctx ends: known is false when the store
// never answered, and then the delivery must be treated as the first (the
// host applies a request at most once; dropping it would lose it).
func (m *Mark) Ask(ctx context.Context, failed func(error)) (first, known bool) {
	wait := 50 * time.Millisecond
	for {
		first, err := m.First(ctx)
		if err == nil {
			return first, true
		}
		failed(err)
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return false, false
		case <-t.C:
		}
		wait = min(2*wait, time.Second)
	}
}
