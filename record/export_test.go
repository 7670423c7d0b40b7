package record

import "github.com/sushigo/sushigo/storage"

// RecordLocks is the send locks a Keeper keeps in s's records when s has
// no SendLocks of its own.
func RecordLocks(s storage.Store) SendLocks { return recordLocks{s} }
