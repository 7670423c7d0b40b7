package record

import (
	"context"
	"errors"
	"time"

	"github.com/sushigo/sushigo/storage"
)

// SendLocks is a store that keeps a game's send lock beside the game, so
// that taking it and reading the game are one round trip, and letting it
// go, the send log's last write and the withdrawal of the send's net are
// one more (storage/redis). A send then costs two round trips fewer than
// with the lock kept as a record (AddRecord, LoadGameSide, SetGameSide,
// RenewRecord and Withdraw, each its own), which is what a Keeper does
// with a store without it (the embedded one, tests' wrappers).
type SendLocks interface {
	// LockGame takes key's send lock for lease, naming its holder
	// token, unless someone holds it (locked false: nothing read), and in
	// the same step reads the game and its side value as LoadGameSide
	// does. A missing game gives storage.ErrNotFound and leaves the lock
	// free.
	LockGame(ctx context.Context, key string, token []byte, lease time.Duration) (data, side []byte, ver storage.Version, locked bool, err error)
	// RenewGameLock renews key's send lock for ttl while token holds it,
	// and reports whether it did.
	RenewGameLock(ctx context.Context, key string, token []byte, ttl time.Duration) (bool, error)
	// UnlockGame lets go of key's send lock while token holds it. First,
	// in the same round trip: side, when not nil, is set as SetGameSide
	// sets it (storage.ErrNotFound, the lock let go all the same, when
	// the game is gone), and net, when its key is set, is withdrawn as
	// Withdraw withdraws it.
	UnlockGame(ctx context.Context, key string, token, side []byte, net storage.Deadline) error
}

// CommitLocks is a SendLocks store that can take a game's send lock in
// the round trip that saves it: a change whose deliveries this replica
// sends at once (Config.Handoff) then needs no round trip to lock and read
// the game it has just written, one of a send's two.
type CommitLocks interface {
	// CommitLocked is storage.Games' Commit that, when the save
	// succeeded, also takes key's send lock for lease as token unless
	// someone holds it, and reads the game's side value in the same step
	// (locked false: neither).
	CommitLocked(ctx context.Context, key string, data []byte, prev storage.Version, ttl time.Duration, schedule []storage.Deadline, token []byte, lease time.Duration) (ver storage.Version, side []byte, locked bool, err error)
}

// lockPrefix names a game's send lock record, where the store keeps no
// SendLocks (recordLocks). Releases before SendLocks kept every game's
// lock there: the Redis store takes it too while replicas of those may
// run (storage/redis Options.OldSendLocks).
const lockPrefix = "outbox-lock:"

// recordLocks keeps send locks as records, for a store without SendLocks:
// the same steps, one round trip each.
type recordLocks struct{ s storage.Store }

func (r recordLocks) LockGame(ctx context.Context, key string, token []byte, lease time.Duration) ([]byte, []byte, storage.Version, bool, error) {
	got, err := r.s.AddRecord(ctx, lockPrefix+key, token, lease)
	if err != nil || !got {
		return nil, nil, 0, false, err
	}
	data, side, ver, err := r.s.LoadGameSide(ctx, key)
	if err != nil {
		// Nothing to send: the lock goes at once.
		if _, uerr := r.s.RenewRecord(ctx, lockPrefix+key, token, 0); uerr != nil {
			err = errors.Join(err, uerr)
		}
		return nil, nil, 0, false, err
	}
	return data, side, ver, true, nil
}

func (r recordLocks) RenewGameLock(ctx context.Context, key string, token []byte, ttl time.Duration) (bool, error) {
	return r.s.RenewRecord(ctx, lockPrefix+key, token, ttl)
}

func (r recordLocks) UnlockGame(ctx context.Context, key string, token, side []byte, net storage.Deadline) error {
	var errs []error
	if side != nil {
		errs = append(errs, r.s.SetGameSide(ctx, key, side))
	}
	if net.Key != "" {
		errs = append(errs, r.s.Withdraw(ctx, net.Key, net.Due))
	}
	_, err := r.s.RenewRecord(ctx, lockPrefix+key, token, 0)
	return errors.Join(append(errs, err)...)
}

// sendLocks is the store's SendLocks, or records standing in for them.
func sendLocks(s storage.Store) SendLocks {
	if l, ok := s.(SendLocks); ok {
		return l
	}
	return recordLocks{s}
}
