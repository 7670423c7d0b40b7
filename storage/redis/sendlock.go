package redis

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	goredis "github.com/redis/go-redis/v9"

	"github.com/sushigo/sushigo/storage"
)

// A game's send lock (package record's SendLocks) is a key in the game's
// hash slot, so one script takes it and reads the game, and one more
// writes the send log, lets it go and, in the same pipeline, takes back
// the send's net: two round trips a send where records took five.
//
// Releases before kept the lock as the record "outbox-lock:<game key>",
// in a slot of its own. Until Options.SkipOldSendLocks, that record is
// taken, renewed and let go too, in the same pipelines, so replicas of
// both releases keep out of each other's way during a rolling upgrade.
// The old lock is let go after the send log's write, in the pipeline's
// order; on a Cluster, where the two are on different masters, that order
// is not kept, so an old replica might, in that moment, read the log as
// it was and send one delivery twice: upgrade a Cluster with sends
// stopped (docs/operations.md).

func (s *Store) lockKey(k string) string { return s.prefix + "lock:{" + tag(k) + "}" }

// oldLockKey is the record a release before SendLocks locked game k with.
// Joined in one allocation: "outbox-lock:" needs no escaping, so it is
// recordKey("outbox-lock:" + k).
func (s *Store) oldLockKey(k string) string { return s.prefix + "rec:{outbox-lock:" + tag(k) + "}" }

// lockScript: KEYS lock, game, side; ARGV token, lease ms. {0}: held by
// another; {-1}: no game (the lock is not kept); {1, game, side}.
var lockScript = goredis.NewScript(`
if not redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return {0} end
local g = redis.call('GET', KEYS[2])
if not g then
	redis.call('DEL', KEYS[1])
	return {-1}
end
return {1, g, redis.call('GET', KEYS[3])}
`)

// addScript: KEYS record; ARGV data, ttl ms. 1 when it set the record or
// it holds data already (a pipeline sent again), else 0.
var addScript = goredis.NewScript(`
local v = redis.call('GET', KEYS[1])
if v == ARGV[1] then return 1 end
if v then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
`)

// unlockScript: KEYS lock, game, side; ARGV token, "1" to set the side,
// the side. 0 when the side was to be set and the game is gone, else 1.
var unlockScript = goredis.NewScript(`
local r = 1
if ARGV[2] == '1' then
	local ttl = redis.call('PTTL', KEYS[2])
	if ttl == -2 then
		r = 0
	elseif ttl > 0 then
		redis.call('SET', KEYS[3], ARGV[3], 'PX', ttl)
	else
		redis.call('SET', KEYS[3], ARGV[3])
	end
end
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return r
`)

// scriptCall is one script of a pipeline (runScripts) and its answer.
type scriptCall struct {
	script *goredis.Script
	keys   []string
	args   []any
	cmd    *goredis.Cmd
}

// runScripts runs calls, game key's, in one pipeline (with other games'
// writes when the replica is busy: batched), each script by its SHA. One the server does
// not have (NOSCRIPT: it restarted, or failed over) did not run: it is
// sent whole after, alone, in the pipeline's order, and cached from then
// on.
func (s *Store) runScripts(ctx context.Context, key string, calls ...*scriptCall) error {
	_, err := s.batched(ctx, key, func(p goredis.Pipeliner) {
		for _, c := range calls {
			c.cmd = c.script.EvalSha(ctx, p, c.keys, c.args...)
		}
	})
	if err != nil {
		return err
	}
	for _, c := range calls {
		if e := c.cmd.Err(); e != nil && goredis.HasErrorPrefix(e, "NOSCRIPT") {
			c.cmd = c.script.Eval(ctx, s.c, c.keys, c.args...)
		}
	}
	return scriptsErr(calls)
}

// scriptsErr is the first error of calls' answers (none: nil).
func scriptsErr(calls []*scriptCall) error {
	for _, c := range calls {
		if e := c.cmd.Err(); e != nil && !errors.Is(e, goredis.Nil) {
			return e
		}
	}
	return nil
}

// LockGame implements record.SendLocks in one round trip.
func (s *Store) LockGame(ctx context.Context, key string, token []byte, lease time.Duration) ([]byte, []byte, storage.Version, bool, error) {
	if err := ctx.Err(); err != nil {
		return nil, nil, 0, false, err
	}
	game, sideKey, lk := s.gameKeys(key)
	lock := &scriptCall{script: lockScript, keys: []string{lk, game, sideKey}, args: []any{token, lease.Milliseconds()}}
	calls := []*scriptCall{lock}
	var old *scriptCall
	if !s.skipOldLocks {
		old = &scriptCall{script: addScript, keys: []string{s.oldLockKey(key)}, args: []any{token, lease.Milliseconds()}}
		calls = append(calls, old)
	}
	fail := func(err error) ([]byte, []byte, storage.Version, bool, error) {
		return nil, nil, 0, false, fmt.Errorf("redis lock game %s: %w", key, err)
	}
	if err := s.runScripts(ctx, key, calls...); err != nil {
		// Either may have been taken: both lapse within the lease.
		return fail(err)
	}
	r, err := lock.cmd.Slice()
	if err != nil || len(r) == 0 {
		return fail(fmt.Errorf("unexpected answer %v: %w", r, err))
	}
	state, _ := r[0].(int64)
	oldHeld := true
	if old != nil {
		n, err := old.cmd.Int64()
		if err != nil {
			return fail(err)
		}
		oldHeld = n == 1
	}
	if state != 1 || !oldHeld {
		// Not both: let go of the one taken (renewing for 0 lets go of
		// whichever this token holds).
		if state == 1 || (old != nil && oldHeld) {
			if _, err := s.RenewGameLock(ctx, key, token, 0); err != nil {
				return fail(err)
			}
		}
		if state == -1 {
			return nil, nil, 0, false, storage.ErrNotFound
		}
		return nil, nil, 0, false, nil
	}
	g, ok := r[1].(string)
	if !ok || len(r) != 3 {
		return fail(fmt.Errorf("unexpected answer %v", r))
	}
	data, ver, err := splitGame(g)
	if err != nil {
		return fail(err)
	}
	var side []byte
	if sv, ok := r[2].(string); ok {
		side = []byte(sv)
	}
	return data, side, ver, true, nil
}

// RenewGameLock implements record.SendLocks in one round trip.
func (s *Store) RenewGameLock(ctx context.Context, key string, token []byte, ttl time.Duration) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	calls := []*scriptCall{{script: renewScript, keys: []string{s.lockKey(key)}, args: []any{token, ttl.Milliseconds()}}}
	if !s.skipOldLocks {
		calls = append(calls, &scriptCall{script: renewScript, keys: []string{s.oldLockKey(key)}, args: []any{token, ttl.Milliseconds()}})
	}
	if err := s.runScripts(ctx, key, calls...); err != nil {
		return false, fmt.Errorf("redis renew the lock of %s: %w", key, err)
	}
	held := true
	for _, c := range calls {
		n, err := c.cmd.Int64()
		if err != nil {
			return false, fmt.Errorf("redis renew the lock of %s: %w", key, err)
		}
		held = held && n == 1
	}
	return held, nil
}

// UnlockGame implements record.SendLocks in one round trip.
func (s *Store) UnlockGame(ctx context.Context, key string, token, side []byte, net storage.Deadline) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	set := "0"
	if side != nil {
		set = "1"
	}
	game, sideKey, lock := s.gameKeys(key)
	unlock := &scriptCall{script: unlockScript, keys: []string{lock, game, sideKey}, args: []any{token, set, side}}
	calls := []*scriptCall{unlock}
	if net.Key != "" {
		calls = append(calls, &scriptCall{script: withdrawScript, keys: s.deadlineKeys(shardOf(net.Key))[:2],
			args: []any{net.Key, strconv.FormatInt(net.Due.UnixMilli(), 10)}})
	}
	if !s.skipOldLocks {
		calls = append(calls, &scriptCall{script: renewScript, keys: []string{s.oldLockKey(key)}, args: []any{token, 0}})
	}
	if err := s.runScripts(ctx, key, calls...); err != nil {
		return fmt.Errorf("redis unlock game %s: %w", key, err)
	}
	if n, err := unlock.cmd.Int64(); err != nil {
		return fmt.Errorf("redis unlock game %s: %w", key, err)
	} else if n == 0 {
		return storage.ErrNotFound
	}
	return nil
}

// CommitLocked implements record.CommitLocks: Commit's round trip also
// takes the game's send lock once the save succeeded, and reads the side
// with it, so the send a change hands off needs no round trip to lock and
// read the game (the replica has just written it). With old locks, their
// record is taken in the same round trip; a lock refused by either is let
// go of (one more round trip, only then).
func (s *Store) CommitLocked(ctx context.Context, key string, data []byte, prev storage.Version, ttl time.Duration, schedule []storage.Deadline, token []byte, lease time.Duration) (storage.Version, []byte, bool, error) {
	return s.commitLocked(ctx, key, data, prev, ttl, schedule, nil, token, lease)
}

// CommitChecked implements record.CheckedCommits: Commit, or CommitLocked
// with a token, that saves only while the game's side is side.
func (s *Store) CommitChecked(ctx context.Context, key string, data []byte, prev storage.Version, ttl time.Duration, schedule []storage.Deadline, side, token []byte, lease time.Duration) (storage.Version, []byte, bool, error) {
	if side == nil {
		side = []byte{} // checked: none
	}
	if token != nil {
		return s.commitLocked(ctx, key, data, prev, ttl, schedule, side, token, lease)
	}
	ver, err := s.commitSave(ctx, key, data, prev, ttl, schedule, side)
	return ver, nil, false, err
}

// commitLocked is CommitLocked, checking the side first unless side is nil.
func (s *Store) commitLocked(ctx context.Context, key string, data []byte, prev storage.Version, ttl time.Duration, schedule []storage.Deadline, side, token []byte, lease time.Duration) (storage.Version, []byte, bool, error) {
	if err := ctx.Err(); err != nil {
		return 0, nil, false, err
	}
	game, sideKey, lock := s.gameKeys(key)
	save := &scriptCall{script: saveLockScript, keys: []string{game, sideKey, lock},
		args: []any{uint64(prev), data, millis(ttl), token, lease.Milliseconds()}}
	if side != nil {
		save.script, save.args = saveLockCheckedScript, append(save.args, side)
	}
	calls := []*scriptCall{save}
	if !s.skipOldLocks {
		calls = append(calls, &scriptCall{script: addScript, keys: []string{s.oldLockKey(key)}, args: []any{token, lease.Milliseconds()}})
	}
	r, err := s.commit(ctx, key, schedule, calls...)
	if err != nil {
		// Either lock may have been taken: both lapse within the lease.
		return 0, nil, false, err
	}
	ver, err := saved(key, r)
	locked := err == nil && len(r) >= 2 && r[1] == int64(1)
	oldTaken := len(calls) == 2 && calls[1].cmd.Val() == int64(1)
	if len(calls) == 2 && locked != oldTaken {
		// Not both (or the save lost): let go of whichever this token holds.
		if _, rerr := s.RenewGameLock(ctx, key, token, 0); rerr != nil {
			return 0, nil, false, fmt.Errorf("redis save game %s: letting go of its lock: %w", key, errors.Join(err, rerr))
		}
		locked = false
	}
	if err != nil || !locked {
		return ver, nil, false, err
	}
	var read []byte
	if len(r) == 3 {
		if sv, ok := r[2].(string); ok {
			read = []byte(sv)
		}
	}
	return ver, read, true, nil
}
