// Package bolt is the embedded storage backend: one bbolt file under a data
// directory. It is the default when no Redis is configured, survives
// restarts, and serves one process (the file is locked while open).
//
// Every write is one bbolt transaction, and bbolt runs one writer at a time,
// which is what makes compare-and-swap, AddRecord and deadline claims atomic.
// Expired games and records read as missing at once and are removed by a
// periodic sweep.
package bolt

import (
	"bytes"
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	bbolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"

	"github.com/sushigo/sushigo/storage"
)

var (
	bucketGames     = []byte("games")
	bucketRecords   = []byte("records")
	bucketBoards    = []byte("leaderboards")
	bucketDeadlines = []byte("deadlines")
	bucketMeta      = []byte("meta")
	bucketSides     = []byte("sides")
	keyClaimSeq     = []byte("claim-seq")
)

// Store implements storage.Store on a bbolt file. It is safe for concurrent
// use within one process.
type Store struct {
	db    *bbolt.DB
	now   func() time.Time
	stop  chan struct{}
	done  sync.WaitGroup
	close sync.Once
	// hear are the listeners of announced changes: one process's, as the
	// file is.
	hearMu sync.Mutex
	hear   map[*func(storage.Change)]struct{}
}

// Announce tells this process's listeners of change c.
func (s *Store) Announce(_ context.Context, c storage.Change) error {
	s.hearMu.Lock()
	defer s.hearMu.Unlock()
	for f := range s.hear {
		(*f)(c)
	}
	return nil
}

// Listen hears announced changes until ctx ends.
func (s *Store) Listen(ctx context.Context, heard func(storage.Change)) error {
	s.hearMu.Lock()
	if s.hear == nil {
		s.hear = map[*func(storage.Change)]struct{}{}
	}
	s.hear[&heard] = struct{}{}
	s.hearMu.Unlock()
	<-ctx.Done()
	s.hearMu.Lock()
	delete(s.hear, &heard)
	s.hearMu.Unlock()
	return nil
}

var _ storage.Store = (*Store)(nil)

// ErrInUse is returned by Open when another process has the file open: a
// bbolt file is one process's at a time.
var ErrInUse = errors.New("data file in use")

// Options configure Open.
type Options struct {
	// Now is the clock for expiry; time.Now when nil.
	Now func() time.Time
	// SweepEvery is how often expired entries are removed (10 minutes when
	// zero; negative disables the sweep).
	SweepEvery time.Duration
	// NoSync skips the fsync after each write: for tests only, a crash can
	// lose recent writes.
	NoSync bool
}

// Open opens (creating if needed) the store file at path.
func Open(path string, o Options) (*Store, error) {
	db, err := bbolt.Open(path, 0o600, &bbolt.Options{Timeout: 2 * time.Second})
	if errors.Is(err, bolterrors.ErrTimeout) {
		return nil, fmt.Errorf("bolt: %s is in use by another process (one sushigo per data file; use Redis for several): %w", path, ErrInUse)
	}
	if err != nil {
		return nil, fmt.Errorf("bolt: open %s: %w", path, err)
	}
	err = db.Update(func(tx *bbolt.Tx) error {
		for _, b := range [][]byte{bucketGames, bucketRecords, bucketBoards, bucketDeadlines, bucketMeta, bucketSides} {
			if _, err := tx.CreateBucketIfNotExists(b); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("bolt: create buckets in %s: %w", path, err)
	}
	db.NoSync = o.NoSync
	s := &Store{db: db, now: o.Now, stop: make(chan struct{})}
	if s.now == nil {
		s.now = time.Now
	}
	if err := s.Sweep(); err != nil {
		db.Close()
		return nil, err
	}
	if o.SweepEvery == 0 {
		o.SweepEvery = 10 * time.Minute
	}
	if o.SweepEvery > 0 {
		s.done.Go(func() {
			t := time.NewTicker(o.SweepEvery)
			defer t.Stop()
			for {
				select {
				case <-s.stop:
					return
				case <-t.C:
					_ = s.Sweep() // a failed sweep is retried next tick; reads already hide expired entries
				}
			}
		})
	}
	return s, nil
}

// Ping implements storage.Health: nil while the file is open.
func (s *Store) Ping(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return s.db.View(func(*bbolt.Tx) error { return nil })
}

// Close stops the sweep and closes the file. Later calls do nothing.
func (s *Store) Close() error {
	var err error
	s.close.Do(func() {
		close(s.stop)
		s.done.Wait()
		err = s.db.Close()
	})
	return err
}

// Sweep removes expired games and records.
func (s *Store) Sweep() error {
	now := s.now().UnixNano()
	err := s.db.Update(func(tx *bbolt.Tx) error {
		for _, name := range [][]byte{bucketGames, bucketRecords} {
			b := tx.Bucket(name)
			var dead [][]byte
			err := b.ForEach(func(k, v []byte) error {
				if exp := expiryOf(name, v); exp != 0 && exp <= now {
					dead = append(dead, slices.Clone(k))
				}
				return nil
			})
			if err != nil {
				return err
			}
			for _, k := range dead {
				if err := b.Delete(k); err != nil {
					return err
				}
			}
		}
		// A side whose game is gone goes too.
		games, sides := tx.Bucket(bucketGames), tx.Bucket(bucketSides)
		var orphans [][]byte
		err := sides.ForEach(func(k, _ []byte) error {
			if games.Get(k) == nil {
				orphans = append(orphans, slices.Clone(k))
			}
			return nil
		})
		if err != nil {
			return err
		}
		for _, k := range orphans {
			if err := sides.Delete(k); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("bolt: sweep: %w", err)
	}
	return nil
}

// Games are stored as version (8 bytes), expiry in Unix ns (8 bytes, 0 for
// none), data; records as expiry, data.
func expiryOf(bucket, v []byte) int64 {
	off := 0
	if bytes.Equal(bucket, bucketGames) {
		off = 8
	}
	if len(v) < off+8 {
		return 0
	}
	return int64(binary.BigEndian.Uint64(v[off:]))
}

func (s *Store) expiry(ttl time.Duration) uint64 {
	if ttl <= 0 {
		return 0
	}
	return uint64(s.now().Add(ttl).UnixNano())
}

func (s *Store) live(exp uint64) bool { return exp == 0 || int64(exp) > s.now().UnixNano() }

// game reads a live game from b: data (a view into bbolt's memory, valid
// only inside the transaction), version, and whether it exists.
func (s *Store) game(b *bbolt.Bucket, key string) ([]byte, storage.Version, bool) {
	v := b.Get([]byte(key))
	if len(v) < 16 || !s.live(binary.BigEndian.Uint64(v[8:])) {
		return nil, 0, false
	}
	return v[16:], storage.Version(binary.BigEndian.Uint64(v)), true
}

// LoadGame implements storage.Games.
func (s *Store) LoadGame(ctx context.Context, key string) ([]byte, storage.Version, error) {
	if err := ctx.Err(); err != nil {
		return nil, 0, err
	}
	var data []byte
	var ver storage.Version
	found := false
	err := s.db.View(func(tx *bbolt.Tx) error {
		d, v, ok := s.game(tx.Bucket(bucketGames), key)
		data, ver, found = bytes.Clone(d), v, ok
		return nil
	})
	if err != nil {
		return nil, 0, fmt.Errorf("bolt load game %s: %w", key, err)
	}
	if !found {
		return nil, 0, storage.ErrNotFound
	}
	if data == nil {
		data = []byte{}
	}
	return data, ver, nil
}

// SaveGame implements storage.Games.
func (s *Store) SaveGame(ctx context.Context, key string, data []byte, prev storage.Version, ttl time.Duration) (storage.Version, error) {
	return s.Commit(ctx, key, data, prev, ttl, nil)
}

// Commit implements storage.Games: the save and the deadlines are one
// transaction.
func (s *Store) Commit(ctx context.Context, key string, data []byte, prev storage.Version, ttl time.Duration, schedule []storage.Deadline) (storage.Version, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	var next storage.Version
	conflict := false
	err := s.db.Update(func(tx *bbolt.Tx) error {
		dl := tx.Bucket(bucketDeadlines)
		for _, d := range schedule {
			if err := dl.Put([]byte(d.Key), deadline{due: d.Due.UnixMilli()}.encode()); err != nil {
				return err
			}
		}
		b := tx.Bucket(bucketGames)
		_, cur, ok := s.game(b, key)
		if (ok && cur != prev) || (!ok && prev != 0) {
			conflict = true // the deadlines stay scheduled
			return nil
		}
		if prev == 0 {
			if err := tx.Bucket(bucketSides).Delete([]byte(key)); err != nil {
				return err
			}
		}
		next = prev + 1
		v := make([]byte, 16, 16+len(data))
		binary.BigEndian.PutUint64(v, uint64(next))
		binary.BigEndian.PutUint64(v[8:], s.expiry(ttl))
		return b.Put([]byte(key), append(v, data...))
	})
	if err != nil {
		return 0, fmt.Errorf("bolt save game %s: %w", key, err)
	}
	if conflict {
		return 0, storage.ErrConflict
	}
	return next, nil
}

// LoadGameSide implements storage.Games.
func (s *Store) LoadGameSide(ctx context.Context, key string) ([]byte, []byte, storage.Version, error) {
	if err := ctx.Err(); err != nil {
		return nil, nil, 0, err
	}
	var data, side []byte
	var ver storage.Version
	found := false
	err := s.db.View(func(tx *bbolt.Tx) error {
		d, v, ok := s.game(tx.Bucket(bucketGames), key)
		data, ver, found = bytes.Clone(d), v, ok
		if ok {
			side = bytes.Clone(tx.Bucket(bucketSides).Get([]byte(key)))
		}
		return nil
	})
	if err != nil {
		return nil, nil, 0, fmt.Errorf("bolt load game %s: %w", key, err)
	}
	if !found {
		return nil, nil, 0, storage.ErrNotFound
	}
	if data == nil {
		data = []byte{}
	}
	return data, side, ver, nil
}

// SetGameSide implements storage.Games.
func (s *Store) SetGameSide(ctx context.Context, key string, side []byte) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	err := s.db.Update(func(tx *bbolt.Tx) error {
		if _, _, ok := s.game(tx.Bucket(bucketGames), key); !ok {
			return storage.ErrNotFound
		}
		return tx.Bucket(bucketSides).Put([]byte(key), bytes.Clone(side))
	})
	if errors.Is(err, storage.ErrNotFound) {
		return err
	}
	if err != nil {
		return fmt.Errorf("bolt set side of %s: %w", key, err)
	}
	return nil
}

// DeleteGame implements storage.Games.
func (s *Store) DeleteGame(ctx context.Context, key string, prev storage.Version) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	err := s.db.Update(func(tx *bbolt.Tx) error {
		b := tx.Bucket(bucketGames)
		_, cur, ok := s.game(b, key)
		switch {
		case !ok:
			return storage.ErrNotFound
		case cur != prev:
			return storage.ErrConflict
		}
		if err := tx.Bucket(bucketSides).Delete([]byte(key)); err != nil {
			return err
		}
		return b.Delete([]byte(key))
	})
	if errors.Is(err, storage.ErrNotFound) || errors.Is(err, storage.ErrConflict) {
		return err
	}
	if err != nil {
		return fmt.Errorf("bolt delete game %s: %w", key, err)
	}
	return nil
}

func (s *Store) record(b *bbolt.Bucket, key string) ([]byte, bool) {
	v := b.Get([]byte(key))
	if len(v) < 8 || !s.live(binary.BigEndian.Uint64(v)) {
		return nil, false
	}
	return v[8:], true
}

func (s *Store) putRecord(b *bbolt.Bucket, key string, data []byte, ttl time.Duration) error {
	v := binary.BigEndian.AppendUint64(make([]byte, 0, 8+len(data)), s.expiry(ttl))
	return b.Put([]byte(key), append(v, data...))
}

// GetRecord implements storage.Records.
func (s *Store) GetRecord(ctx context.Context, key string) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var data []byte
	found := false
	err := s.db.View(func(tx *bbolt.Tx) error {
		d, ok := s.record(tx.Bucket(bucketRecords), key)
		data, found = bytes.Clone(d), ok
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("bolt get record %s: %w", key, err)
	}
	if !found {
		return nil, storage.ErrNotFound
	}
	if data == nil {
		data = []byte{}
	}
	return data, nil
}

// SetRecord implements storage.Records.
func (s *Store) SetRecord(ctx context.Context, key string, data []byte, ttl time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	err := s.db.Update(func(tx *bbolt.Tx) error {
		return s.putRecord(tx.Bucket(bucketRecords), key, data, ttl)
	})
	if err != nil {
		return fmt.Errorf("bolt set record %s: %w", key, err)
	}
	return nil
}

// AddRecord implements storage.Records.
func (s *Store) AddRecord(ctx context.Context, key string, data []byte, ttl time.Duration) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	added := false
	err := s.db.Update(func(tx *bbolt.Tx) error {
		b := tx.Bucket(bucketRecords)
		if _, ok := s.record(b, key); ok {
			return nil
		}
		added = true
		return s.putRecord(b, key, data, ttl)
	})
	if err != nil {
		return false, fmt.Errorf("bolt add record %s: %w", key, err)
	}
	return added, nil
}

// RenewRecord implements storage.Records.
func (s *Store) RenewRecord(ctx context.Context, key string, data []byte, ttl time.Duration) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	held := false
	err := s.db.Update(func(tx *bbolt.Tx) error {
		b := tx.Bucket(bucketRecords)
		if d, ok := s.record(b, key); !ok || !bytes.Equal(d, data) {
			return nil
		}
		held = true
		if ttl <= 0 {
			return b.Delete([]byte(key))
		}
		return s.putRecord(b, key, data, ttl)
	})
	if err != nil {
		return false, fmt.Errorf("bolt renew record %s: %w", key, err)
	}
	return held, nil
}

// DeleteRecord implements storage.Records.
func (s *Store) DeleteRecord(ctx context.Context, key string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	err := s.db.Update(func(tx *bbolt.Tx) error { return tx.Bucket(bucketRecords).Delete([]byte(key)) })
	if err != nil {
		return fmt.Errorf("bolt delete record %s: %w", key, err)
	}
	return nil
}

// Deadlines: key → due ms, claimed-until ms (0 when not claimed), token,
// each 8 bytes. A deadline is claimable when due and unclaimed, or when its
// lease has run out.

type deadline struct {
	due, until int64
	token      uint64
}

func (d deadline) encode() []byte {
	b := make([]byte, 24)
	binary.BigEndian.PutUint64(b, uint64(d.due))
	binary.BigEndian.PutUint64(b[8:], uint64(d.until))
	binary.BigEndian.PutUint64(b[16:], d.token)
	return b
}

func decodeDeadline(b []byte) (deadline, bool) {
	if len(b) != 24 {
		return deadline{}, false
	}
	return deadline{int64(binary.BigEndian.Uint64(b)), int64(binary.BigEndian.Uint64(b[8:])), binary.BigEndian.Uint64(b[16:])}, true
}

// ready is when the deadline can next be claimed.
func (d deadline) ready() int64 {
	if d.until != 0 {
		return d.until
	}
	return d.due
}

// Schedule implements storage.Deadlines.
func (s *Store) Schedule(ctx context.Context, key string, due time.Time) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	err := s.db.Update(func(tx *bbolt.Tx) error {
		return tx.Bucket(bucketDeadlines).Put([]byte(key), deadline{due: due.UnixMilli()}.encode())
	})
	if err != nil {
		return fmt.Errorf("bolt schedule %s: %w", key, err)
	}
	return nil
}

// Cancel implements storage.Deadlines.
func (s *Store) Cancel(ctx context.Context, key string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := s.db.Update(func(tx *bbolt.Tx) error { return tx.Bucket(bucketDeadlines).Delete([]byte(key)) }); err != nil {
		return fmt.Errorf("bolt cancel %s: %w", key, err)
	}
	return nil
}

// Withdraw implements storage.Deadlines.
func (s *Store) Withdraw(ctx context.Context, key string, due time.Time) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	err := s.db.Update(func(tx *bbolt.Tx) error {
		b := tx.Bucket(bucketDeadlines)
		d, ok := decodeDeadline(b.Get([]byte(key)))
		if !ok || d.until != 0 || d.due != due.UnixMilli() {
			return nil // set again, or claimed, since: not the caller's to remove
		}
		return b.Delete([]byte(key))
	})
	if err != nil {
		return fmt.Errorf("bolt withdraw %s: %w", key, err)
	}
	return nil
}

// ClaimDue implements storage.Deadlines.
func (s *Store) ClaimDue(ctx context.Context, now time.Time, lease time.Duration, max int) ([]storage.Claim, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if max <= 0 {
		return nil, nil
	}
	type due struct {
		key string
		d   deadline
	}
	var out []storage.Claim
	nowMs := now.UnixMilli()
	err := s.db.Update(func(tx *bbolt.Tx) error {
		b := tx.Bucket(bucketDeadlines)
		var ready []due
		err := b.ForEach(func(k, v []byte) error {
			if d, ok := decodeDeadline(v); ok && d.ready() <= nowMs {
				ready = append(ready, due{string(k), d})
			}
			return nil
		})
		if err != nil {
			return err
		}
		slices.SortFunc(ready, func(a, b due) int { return cmp.Or(cmp.Compare(a.d.ready(), b.d.ready()), cmp.Compare(a.key, b.key)) })
		meta := tx.Bucket(bucketMeta)
		seq := uint64(0)
		if v := meta.Get(keyClaimSeq); len(v) == 8 {
			seq = binary.BigEndian.Uint64(v)
		}
		for _, r := range ready[:min(max, len(ready))] {
			seq++
			r.d.until, r.d.token = nowMs+lease.Milliseconds(), seq
			if err := b.Put([]byte(r.key), r.d.encode()); err != nil {
				return err
			}
			out = append(out, storage.Claim{Key: r.key, Due: time.UnixMilli(r.d.due), Token: seq})
		}
		return meta.Put(keyClaimSeq, binary.BigEndian.AppendUint64(nil, seq))
	})
	if err != nil {
		return nil, fmt.Errorf("bolt claim deadlines: %w", err)
	}
	return out, nil
}

// Complete implements storage.Deadlines.
func (s *Store) Complete(ctx context.Context, c storage.Claim) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	err := s.db.Update(func(tx *bbolt.Tx) error {
		b := tx.Bucket(bucketDeadlines)
		d, ok := decodeDeadline(b.Get([]byte(c.Key)))
		if !ok || d.until == 0 || d.token != c.Token {
			return nil // rescheduled or re-claimed since: not ours to remove
		}
		return b.Delete([]byte(c.Key))
	})
	if err != nil {
		return fmt.Errorf("bolt complete %s: %w", c.Key, err)
	}
	return nil
}
