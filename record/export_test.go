package record

import (
	"time"

	"github.com/sushigo/sushigo/storage"
)

// RecordLocks is the send locks a Keeper keeps in s's records when s has
// no SendLocks of its own.
func RecordLocks(s storage.Store) SendLocks { return recordLocks{s} }

// AgePrelock makes the send lock a change's save took for key look taken
// d earlier, as if its send had waited that long for a slot.
func AgePrelock[G any](k *Keeper[G], key string, d time.Duration) bool {
	k.mu.Lock()
	defer k.mu.Unlock()
	p, ok := k.prelocked[key]
	p.at = p.at.Add(-d)
	k.prelocked[key] = p
	return ok
}
