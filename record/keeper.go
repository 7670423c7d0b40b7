package record

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"log/slog"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sushigo/sushigo/jsonout"
	"github.com/sushigo/sushigo/kept"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage"
)

// Host is what a Keeper needs of the games it keeps; the host (package
// bot) implements it for its decoded game G, a pointer. Everything else
// about a game (its rules, its screens, who may do what) stays there.
type Host[G any] interface {
	// Decode reads a game from its record's JSON, the IDs of the requests
	// that changed it included.
	Decode(json []byte) (G, error)
	// Encode is g's JSON without those IDs (Keeper adds them last).
	Encode(g G) ([]byte, error)
	// Clone is a copy of g sharing nothing a change writes to.
	Clone(g G) G
	// Parts are the record's parts held in g.
	Parts(g G) Parts
	// Sender is the platform's sender for g's deliveries, nil when they
	// go back with the request instead (the terminal).
	Sender(g G) protocol.Sender
	// Learn takes into g a fact a send taught (a message's reference,
	// the thread's state).
	Learn(g G, l Learnt)
	// Next resolves the queued delivery q into what to send now, against
	// g as it stands, and what g learns once it is sent. ErrNothingToSend
	// drops q; ErrNotReady holds it without spending an attempt.
	Next(g G, q Queued, now time.Time) (d protocol.Delivery, onSent []Learnt, err error)
	// Shown is what the platform's answer to a sent delivery taught: the
	// reference of a message it made, what the message now shows.
	Shown(g G, q Queued, d protocol.Delivery, ref protocol.Ref, now time.Time) []Learnt
}

// Parts are a game's record-keeping parts, which the host keeps in its
// game (so they are stored with it) and only Keeper changes.
type Parts struct {
	ID    string
	Where protocol.Location
	// Applied are the latest requests that changed the game (appliedID).
	Applied *[]string
	// Queue holds the deliveries not yet sent.
	Queue *Queue
}

// Config tunes a Keeper. Zero fields take the defaults shown.
type Config struct {
	// Now is the clock (time.Now).
	Now func() time.Time
	// Log receives operator-facing messages (discarded).
	Log *slog.Logger
	// Decoded is how many games are kept decoded (none when ≤ 0).
	Decoded int
	// CheckDecoded makes every load that takes a kept game decode the
	// record too and compare (tests set it): it panics on a difference.
	CheckDecoded bool
	// Handoff sends a change's deliveries from this replica right after
	// its save (Handoff); the outbox deadline, handoffGrace later, is the
	// net for a replica that died first. Without it Wake is called and
	// the timer loop claims the deadline.
	Handoff bool
	// Wake tells the timer loop something is due now (nothing).
	Wake func()
	// ClaimLease is how long a claimed deadline stays hidden (30 s).
	ClaimLease time.Duration
	// SendLease is how long a game's send lock lasts unless renewed (4 s).
	SendLease time.Duration
	// FlushWaits makes Claimed wait for a free sending slot rather than
	// set the deadline back (the host's timer loop waits for its sends).
	FlushWaits bool
	// Busy counts work under way (sends here), shared with the host's.
	Busy *atomic.Int64
	// OnStored hears every stored change, once, after the game's lock is
	// let go. It must not block.
	OnStored func(Stored)
	// OnConflict hears every lost compare-and-swap (a metric).
	OnConflict func()
}

// Stored is one stored change of a game: its key, where it is, its ID and
// the version saved, zero when the game was removed.
type Stored struct {
	Key     string
	Where   protocol.Location
	Game    string
	Version storage.Version
}

// Change is s as replicas announce it (storage.Changes).
func (s Stored) Change() storage.Change {
	return storage.Change{Key: s.Key, Game: s.Game, Version: s.Version}
}

// Keeper keeps games' records in a store and delivers what they owe: it
// loads and decodes a game (keeping recent ones decoded), runs a change on
// it, stores it with compare-and-swap, and sends the deliveries the change
// queued, one sender per game across replicas, each send recorded in the
// game's send log. It is safe for concurrent use.
type Keeper[G any] struct {
	host  Host[G]
	store storage.Store
	// sendLock keeps the games' send locks (send.go); commitLock, when
	// the store has it and this replica hands its changes' sends off,
	// takes one with a save.
	sendLock   SendLocks
	commitLock CommitLocks
	// checked, when the store has it and games are kept decoded, lets a
	// change run on the game kept here without reading it (seen.go).
	checked CheckedCommits
	cfg     Config
	locks   Locks
	decoded *Decoded[G]
	sends
}

// New returns a Keeper of host's games in store.
func New[G any](store storage.Store, host Host[G], cfg Config) *Keeper[G] {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Wake == nil {
		cfg.Wake = func() {}
	}
	if cfg.ClaimLease <= 0 {
		cfg.ClaimLease = 30 * time.Second
	}
	if cfg.SendLease <= 0 {
		cfg.SendLease = 4 * time.Second
	}
	if cfg.Busy == nil {
		cfg.Busy = new(atomic.Int64)
	}
	if cfg.OnConflict == nil {
		cfg.OnConflict = func() {}
	}
	k := &Keeper[G]{host: host, store: store, sendLock: sendLocks(store), cfg: cfg, decoded: NewDecoded(cfg.Decoded, host.Clone)}
	if cl, ok := store.(CommitLocks); ok && cfg.Handoff {
		k.commitLock = cl
	}
	if cc, ok := store.(CheckedCommits); ok && cfg.Decoded > 0 {
		k.checked = cc
	}
	k.sends.init()
	return k
}

// Write is what a change does with the stored game.
type Write[G any] struct {
	// Game is what is stored: the game loaded, or a new one (New).
	Game G
	// Save writes Game back, unless it encodes as it was loaded.
	Save bool
	// New stores Game in place of the loaded one, even if it encodes the
	// same (a new game in the channel).
	New bool
	// Remove deletes the game.
	Remove bool
	// TTL is how long the stored game lives (0: for ever).
	TTL time.Duration
	// Due are deadlines set with the save, in its round trip.
	Due []storage.Deadline
	// Queued says the change queued deliveries in Game's queue: they are
	// saved with it and their deadline set (Saved.Net).
	Queued bool
}

// Saved is what Update did.
type Saved[G any] struct {
	// Game is the game as stored, or as loaded when nothing was.
	Game G
	// Applied: the request changed the game already; nothing ran.
	Applied bool
	// Due are the change's deadlines its save did not set (it saved
	// nothing): the caller sets them.
	Due []storage.Deadline
	// Net is when the queued deliveries' deadline is due (zero: none
	// queued); Handoff(key, Net) starts sending them.
	Net time.Time
}

// maxRetries bounds compare-and-swap retries; a conflict means another
// request changed the game first, which is normal traffic (two players
// clicking at once), not an error.
const maxRetries = 20

// Update loads the game at key (found is false when there is none), runs
// fn on it and stores what fn returns with compare-and-swap, running fn
// again on a fresh copy after a conflict: only the run that stored counts.
// One change to a game runs at a time on this replica, from its load to
// its save. A request (id; "" for none) that changed the game already
// runs nothing: Saved.Applied.
func (k *Keeper[G]) Update(ctx context.Context, key, id string, fn func(g G, found bool) (Write[G], error)) (Saved[G], error) {
	unlock := k.locks.Lock(key)
	locked := true
	release := func() {
		if locked {
			locked = false
			unlock()
		}
	}
	defer release()
	// The first try runs on the game as this replica last saw it, when it
	// has it, and reads nothing: its save checks that nothing moved on. A
	// try on it that would store nothing, or find the request applied,
	// runs again on what is stored, since only a save would have told a
	// stale copy apart.
	seen := k.checked != nil
	for range maxRetries {
		var (
			g           G
			log         *SendLog
			data, side  []byte
			ver         storage.Version
			found, read bool
			err         error
		)
		if seen {
			g, data, ver, side, log, read = k.decoded.Seen(key)
			found = read
			seen = false
		}
		if !read {
			before, kept := k.decoded.Version(key)
			if g, log, data, ver, found, err = k.load(ctx, key); err != nil {
				return Saved[G]{}, err
			}
			if kept && found && before == ver {
				k.decoded.Current(key)
			}
		}
		if found {
			Fold(k.host, g, log)
			if id != "" && applied(*k.host.Parts(g).Applied, id) {
				if read {
					continue
				}
				return Saved[G]{Game: g, Applied: true}, nil
			}
		}
		w, err := fn(g, found)
		if err != nil {
			if read {
				continue // perhaps the copy's error: the stored game says
			}
			return Saved[G]{}, err
		}
		if read && w.Remove {
			continue // a delete checks the version alone, not the send log
		}
		var net time.Time
		due := w.Due
		lock := false
		if w.Queued && !w.Remove {
			w.Save, net = true, k.queueDue(k.host.Parts(w.Game).Queue)
			due = append(due, storage.Deadline{Key: OutboxPrefix + key, Due: net})
			lock = k.locksWithSave(w.Game)
		}
		var check *[]byte
		if read {
			check = &side
		}
		left, stored, err := k.write(ctx, key, w, id, data, ver, due, lock, check)
		if errors.Is(err, storage.ErrConflict) {
			k.cfg.OnConflict()
			if read {
				k.decoded.Missed(key)
			}
			continue
		}
		if read && err == nil && stored == nil {
			continue // it stored nothing: answered from the stored game
		}
		release()
		if err != nil {
			return Saved[G]{}, fmt.Errorf("save %s: %w", key, err)
		}
		if stored != nil && k.cfg.OnStored != nil {
			k.cfg.OnStored(*stored)
		}
		return Saved[G]{Game: w.Game, Due: left, Net: net}, nil
	}
	return Saved[G]{}, fmt.Errorf("record: %s: still conflicting after %d tries", key, maxRetries)
}

// Read returns the game at key as it stands, with what its sends taught,
// for the caller to read (or change without storing); found is false when
// there is none.
func (k *Keeper[G]) Read(ctx context.Context, key string) (g G, found bool, err error) {
	g, _, found, err = k.ReadAt(ctx, key)
	return g, found, err
}

// ReadAt is Read with the version the game is stored under.
func (k *Keeper[G]) ReadAt(ctx context.Context, key string) (g G, ver storage.Version, found bool, err error) {
	g, log, _, ver, found, err := k.load(ctx, key)
	if err != nil || !found {
		return g, 0, false, err
	}
	Fold(k.host, g, log)
	return g, ver, true, nil
}

// ReadKnown is ReadAt for a change announced as stored (known; the zero
// Change for none): answered from this replica's decoded copy, without a
// read, when known is of key and the copy is that version of that game
// (this replica stored it, or read it since), else read. The copy's send
// log is the one this replica last read or wrote, which another replica's
// sender may have moved on: it is for drawing what a change shows, as the
// web table does, not for changing the game.
func (k *Keeper[G]) ReadKnown(ctx context.Context, key string, known storage.Change) (g G, at storage.Version, found bool, err error) {
	if known.Key == key && known.Version != 0 {
		if g, log, ok := k.decoded.At(key, known.Version); ok && k.host.Parts(g).ID == known.Game {
			Fold(k.host, g, log)
			return g, known.Version, true, nil
		}
	}
	return k.ReadAt(ctx, key)
}

// write stores w with compare-and-swap (storage.ErrConflict when the game
// moved on) and returns the deadlines its save did not set and, when it
// wrote, what it stored. With lock, the save also takes the game's send
// lock for the send its Handoff starts (prelock). With check, w was made
// on the game as this replica last saw it, read from no store: the save
// also checks the game's side value is still *check (CheckedCommits).
func (k *Keeper[G]) write(ctx context.Context, key string, w Write[G], id string, data []byte, ver storage.Version, due []storage.Deadline, lock bool, check *[]byte) ([]storage.Deadline, *Stored, error) {
	switch {
	case w.Remove && ver != 0:
		k.decoded.Drop(key)
		if err := k.store.DeleteGame(ctx, key, ver); err != nil {
			return due, nil, err
		}
		// Nothing is left to send: a lock a save took for it goes now,
		// or a game started next in its place would wait out its lease.
		k.letGo(key)
		return due, &Stored{Key: key}, nil
	case w.Save:
		// A request that changed nothing (looking at a hand, a stale
		// button) writes nothing: no contention with real moves. One that
		// did is remembered by its ID, so it applies once.
		body, err := k.host.Encode(w.Game)
		if err != nil {
			return due, nil, err
		}
		parts := k.host.Parts(w.Game)
		enc := withApplied(body, *parts.Applied)
		if !w.New && bytes.Equal(enc, data) {
			return due, nil, nil
		}
		if id != "" {
			ids := append(*parts.Applied, appliedID(id))
			if n := len(ids); n > maxApplied {
				ids = ids[n-maxApplied:]
			}
			*parts.Applied = ids
			enc = withApplied(body, ids)
		}
		packed := Pack(enc)
		var (
			saved  storage.Version
			token  []byte
			side   []byte
			locked bool
		)
		if lock {
			token = newToken()
		}
		switch {
		case check != nil:
			saved, side, locked, err = k.checked.CommitChecked(ctx, key, packed, ver, w.TTL, due, *check, token, k.cfg.SendLease)
		case lock:
			saved, side, locked, err = k.commitLock.CommitLocked(ctx, key, packed, ver, w.TTL, due, token, k.cfg.SendLease)
		default:
			saved, err = k.store.Commit(ctx, key, packed, ver, w.TTL, due)
		}
		if err != nil {
			return nil, nil, err
		}
		if locked {
			k.prelock(key, prelock{token: token, data: packed, side: side, ver: saved, at: time.Now()})
		} else {
			k.freshen(key, packed, saved)
		}
		// What follows a save only reads the game.
		k.decoded.Put(key, saved, w.Game, enc)
		if ver == 0 {
			k.decoded.Created(key)
		}
		return nil, &Stored{Key: key, Where: parts.Where, Game: parts.ID, Version: saved}, nil
	}
	return due, nil, nil
}

// load reads the game at key and its send log, decoded (found false when
// there is none); the caller folds the log in. data is the record's JSON,
// for the unchanged-save check.
func (k *Keeper[G]) load(ctx context.Context, key string) (g G, log *SendLog, data []byte, ver storage.Version, found bool, err error) {
	data, side, ver, err := k.store.LoadGameSide(ctx, key)
	if errors.Is(err, storage.ErrNotFound) {
		k.decoded.Drop(key)
		return g, nil, nil, 0, false, nil
	}
	if err != nil {
		return g, nil, nil, 0, false, fmt.Errorf("load %s: %w", key, err)
	}
	g, log, data, err = k.decode(key, data, side, ver)
	return g, log, data, ver, err == nil, err
}

// decode is the game at key read as stored (data, version ver) and its
// send log (side): the game kept decoded when it is still that version.
func (k *Keeper[G]) decode(key string, data, side []byte, ver storage.Version) (g G, log *SendLog, json []byte, err error) {
	if kept, json, ok := k.decoded.Get(key, ver); ok {
		if k.cfg.CheckDecoded {
			k.verify(kept, data)
		}
		g, data = kept, json
	} else {
		if data, err = Unpack(data); err != nil {
			return g, nil, nil, err
		}
		if g, err = k.host.Decode(data); err != nil {
			return g, nil, nil, err
		}
		k.decoded.Keep(key, ver, g, data)
	}
	if log, err = k.decoded.Log(key, side); err != nil {
		var zero G
		return zero, nil, nil, err
	}
	if k.cfg.CheckDecoded && log != nil {
		// A log kept as its sender wrote it must be what its bytes say.
		if fresh, err := DecodeSendLog(side); err != nil || !sameLog(fresh, log) {
			panic(fmt.Sprintf("record: the send log kept for %s is\n%+v\nits bytes say\n%+v (%v)", key, log, fresh, err))
		}
	}
	return g, log, data, nil
}

// sameLog reports whether two send logs say the same, times compared as
// instants (a decoded one has no monotonic reading).
func sameLog(a, b *SendLog) bool {
	x, errX := json.Marshal(a)
	y, errY := json.Marshal(b)
	return errX == nil && errY == nil && bytes.Equal(x, y)
}

// verify panics when a game kept decoded differs from its stored record.
func (k *Keeper[G]) verify(kept G, data []byte) {
	js, err := Unpack(data)
	if err != nil {
		panic(err)
	}
	fresh, err := k.host.Decode(js)
	if err != nil {
		panic(err)
	}
	a, errA := k.host.Encode(k.host.Clone(kept))
	b, errB := k.host.Encode(fresh)
	ka, fa := *k.host.Parts(kept).Applied, *k.host.Parts(fresh).Applied
	if errA != nil || errB != nil || !bytes.Equal(a, b) || !slices.Equal(ka, fa) {
		panic(fmt.Sprintf("record: the kept game differs from its record:\nkept   %s %v\nrecord %s %v", a, ka, b, fa))
	}
}

// Fold brings g up to date with its send log p (nil: none yet, or a game
// stored before the log was kept apart, whose outbox says it all; a log of
// another game, the channel's earlier one, changes nothing).
func Fold[G any](h Host[G], g G, p *SendLog) {
	parts := h.Parts(g)
	if p == nil || p.Game != parts.ID {
		return
	}
	for _, l := range p.Learnt {
		if l.N > parts.Queue.Folded {
			h.Learn(g, l)
			parts.Queue.Folded = l.N
		}
	}
	parts.Queue.CaughtUp(p)
}

// maxApplied is how many request IDs a game remembers: far more than can
// be in flight for one game at once (a replica handles a game's requests
// one at a time).
const maxApplied = 16

// appliedID is how a game remembers request ID id: 36 bits of its hash,
// 6 characters where a Discord interaction ID takes 19 (a record holds
// sixteen of them at every moment; two of a game's last sixteen requests
// share one with odds of about one in four billion).
func appliedID(id string) string {
	h := fnv.New64a()
	h.Write([]byte(id))
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], h.Sum64())
	return base64.RawURLEncoding.EncodeToString(b[:])[:6]
}

// applied reports whether the request with ID id is among ids (a game
// stored before appliedID keeps the IDs whole).
func applied(ids []string, id string) bool {
	return slices.Contains(ids, appliedID(id)) || slices.Contains(ids, id)
}

// withApplied is body, a JSON object, with "ap": ids as its last member:
// the body is encoded once for the unchanged-save check and the save. It
// writes in body's spare room when there is enough (a record is encoded
// with some), past all but body's closing brace: the result of an
// earlier call on the same body is not to be used after.
func withApplied(body []byte, ids []string) []byte {
	if len(ids) == 0 {
		return body
	}
	n := 7 // `,"ap":` and the brace
	for _, id := range ids {
		n += len(id) + 3
	}
	var out []byte
	if cap(body)-len(body) >= n {
		out = body[:len(body)-1]
	} else {
		out = append(make([]byte, 0, len(body)+n), body[:len(body)-1]...)
	}
	if len(body) > 2 {
		out = append(out, ',')
	}
	out = jsonout.AppendStrings(append(out, `"ap":`...), ids)
	return append(out, '}')
}

// sends is a Keeper's sending under way on this replica (send.go).
type sends struct {
	// flushing bounds the games whose deliveries go out at once; idle
	// hands a handoff to a sender waiting for one.
	flushing chan struct{}
	idle     kept.Waiters[string]
	mu       sync.Mutex
	// sending are the games being sent (true: changed again meanwhile);
	// locked those whose send lock this replica holds, with its token
	// (nil once Drain let it go); nets the outbox
	// deadlines this replica's changes set as their nets, newest per game,
	// taken back once it has sent them (Handoff).
	sending map[string]bool
	locked  map[string][]byte
	nets    map[string]time.Time
	// prelocked are the send locks changes' saves took, for their sends.
	prelocked map[string]prelock
	flushes   sync.WaitGroup
	// startMu orders startFlush's Add before Drain's Wait.
	startMu sync.Mutex
	// ctx is what sends run in, cancelled only when Drain gives up.
	ctx      context.Context
	abort    context.CancelFunc
	stopping atomic.Bool
}

func (s *sends) init() {
	s.flushing = make(chan struct{}, flushWorkers)
	s.sending, s.locked, s.nets = map[string]bool{}, map[string][]byte{}, map[string]time.Time{}
	s.prelocked = map[string]prelock{}
	s.ctx, s.abort = context.WithCancel(context.Background())
}
