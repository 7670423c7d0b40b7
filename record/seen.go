package record

import (
	"context"
	"time"

	"github.com/sushigo/sushigo/storage"
)

// CheckedCommits is a store whose save can also check, in its own round
// trip, that the game's side value (its send log) is still the one the
// saver last read or wrote. A change can then run on the game this replica
// kept decoded (Decoded.Seen) without reading it first: the save's
// compare-and-swap, of the version and of the side, fails if another
// replica, or a send, moved either on, and the change runs again on what
// is stored. A click then costs one round trip, its save, where it cost
// two.
type CheckedCommits interface {
	// CommitChecked is storage.Games' Commit that saves only while key's
	// side value is side (nil: none), storage.ErrConflict otherwise. With
	// token, it is CommitLocks' CommitLocked (token nil: no lock is taken,
	// and locked is false).
	CommitChecked(ctx context.Context, key string, data []byte, prev storage.Version, ttl time.Duration, schedule []storage.Deadline, side, token []byte, lease time.Duration) (ver storage.Version, lockedSide []byte, locked bool, err error)
}
