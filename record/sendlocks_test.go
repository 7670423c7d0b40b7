package record_test

import (
	"path/filepath"
	"testing"

	"github.com/sushigo/sushigo/record"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/storage/bolt"
	"github.com/sushigo/sushigo/storage/storagetest"
)

// TestRecordLocks holds the send locks kept as records (a store without
// SendLocks: the embedded one) to the contract the Redis store's meet.
func TestRecordLocks(t *testing.T) {
	storagetest.RunSendLocks(t, func(t *testing.T) (storage.Store, record.SendLocks) {
		s, err := bolt.Open(filepath.Join(t.TempDir(), "l.db"), bolt.Options{NoSync: true, SweepEvery: -1})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s, record.RecordLocks(s)
	})
}
