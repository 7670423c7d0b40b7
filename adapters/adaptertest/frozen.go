package adaptertest

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/sushigo/sushigo/storage"
)

// FrozenSeen is a de-duplication store frozen mid-call, as a SIGSTOP'd
// Redis is: the first AddRecord of each key lands, but its answer is lost
// to a timeout (the store applied it when it woke).
type FrozenSeen struct {
	storage.Records
	mu   sync.Mutex
	lost map[string]bool
}

// AddRecord adds the record and, the first time for a key, loses the answer.
func (f *FrozenSeen) AddRecord(ctx context.Context, key string, data []byte, ttl time.Duration) (bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	added, err := f.Records.AddRecord(ctx, key, data, ttl)
	if err == nil && !f.lost[key] {
		if f.lost == nil {
			f.lost = map[string]bool{}
		}
		f.lost[key] = true
		return false, errors.New("i/o timeout")
	}
	return added, err
}
