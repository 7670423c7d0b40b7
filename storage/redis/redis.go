// Package redis is the production storage backend: every game, record,
// leaderboard and deadline lives in Redis, so any number of replicas can serve
// any click and a restart loses nothing.
//
// Keys live under a prefix. Each game is one string key whose hash tag is the
// game's key, and each community's leaderboard keys share one hash tag, so the
// multi-key scripts stay within one slot on a Redis Cluster. A game save is a
// compare-and-swap in one Lua script: one round trip.
package redis

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	goredis "github.com/redis/go-redis/v9"

	"github.com/sushigo/sushigo/storage"
)

// Store implements storage.Store on Redis. It is safe for concurrent use.
type Store struct {
	c      goredis.UniversalClient
	prefix string
	// legacy is set while the single deadline set of releases before
	// the shards still holds entries (see deadline.go).
	legacy atomic.Bool
	// skipOldLocks: no replica of a release before the send locks beside
	// the games runs (Options.SkipOldSendLocks).
	skipOldLocks bool
	// batch gathers concurrent writes into shared pipelines (batch.go).
	batch batcher
	// dkeys are the deadline sets' keys (shardKeys).
	dkeys [deadlineShards + 1][3]string
}

var _ storage.Store = (*Store)(nil)

// Options configure a Store.
type Options struct {
	// Prefix is prepended to every key ("sushigo:" when empty).
	Prefix string
	// SkipOldSendLocks stops taking the send lock releases before this
	// one kept (sendlock.go): set it once every replica runs this release
	// or a later one.
	SkipOldSendLocks bool
}

// New returns a Store using c. The caller keeps ownership of c.
func New(c goredis.UniversalClient, o Options) *Store {
	if o.Prefix == "" {
		o.Prefix = "sushigo:"
	}
	s := &Store{c: c, prefix: o.Prefix, skipOldLocks: o.SkipOldSendLocks, dkeys: shardKeys(o.Prefix)}
	// Until the first claim looks, assume an older release left deadlines
	// in the single set: clearing them there costs nothing when it is empty.
	s.legacy.Store(true)
	return s
}

// Dial connects to the Redis that url names, checks it answers, and returns
// a Store with its own client; Close releases it. Three forms:
//
//	redis://[:password@]host:6379[/db]      one server (rediss:// for TLS)
//	redis://host1:7000?addr=host2:7001&addr=host3:7002
//	                                         a Redis Cluster, from several seed addresses
//	redis+sentinel://[:password@]s1:26379,s2:26379/mymaster[/db]
//	                                         a primary found through Sentinel
//
// One game's keys share a hash slot, so a cluster serves them unchanged.
func Dial(ctx context.Context, url string, o Options) (*Store, error) {
	c, err := newClient(url)
	if err != nil {
		return nil, err
	}
	if err := c.Ping(ctx).Err(); err != nil {
		c.Close()
		return nil, fmt.Errorf("redis: ping %s: %w", redact(url), err)
	}
	return New(c, o), nil
}

// clusterReload is how old a Redis Cluster slot map may be before a
// command reloads it.
const clusterReload = time.Second

func newClient(url string) (goredis.UniversalClient, error) {
	switch {
	case strings.HasPrefix(url, "redis+sentinel://"):
		fo, err := parseSentinelURL(url)
		if err != nil {
			return nil, err
		}
		fo.ContextTimeoutEnabled = true
		return goredis.NewFailoverClient(fo), nil
	case strings.Contains(url, "?addr=") || strings.Contains(url, "&addr="):
		co, err := goredis.ParseClusterURL(url)
		if err != nil {
			return nil, fmt.Errorf("redis: parse cluster url: %w", err)
		}
		co.ContextTimeoutEnabled = true
		if co.ClusterStateReloadInterval == 0 {
			// go-redis reloads the slot map once a minute unless a node
			// answers MOVED; a dead master only refuses connections, so
			// after a failover the promoted replica went unused for up to
			// a minute. A busy client now reloads (one CLUSTER SLOTS, in
			// the background) when its map is a second old.
			co.ClusterStateReloadInterval = clusterReload
		}
		return goredis.NewClusterClient(co), nil
	}
	opts, err := goredis.ParseURL(url)
	if err != nil {
		return nil, fmt.Errorf("redis: parse url: %w", err)
	}
	// A request's deadline (a platform's 3 seconds to answer) must bound
	// every call, not the client's 3-second socket timeout: without this,
	// go-redis ignores context deadlines on reads and writes.
	opts.ContextTimeoutEnabled = true
	return goredis.NewClient(opts), nil
}

// parseSentinelURL reads redis+sentinel://[:password@]host:port,host:port/master[/db].
func parseSentinelURL(url string) (*goredis.FailoverOptions, error) {
	rest := strings.TrimPrefix(url, "redis+sentinel://")
	fo := &goredis.FailoverOptions{}
	if at := strings.LastIndexByte(rest, '@'); at >= 0 {
		auth := rest[:at]
		rest = rest[at+1:]
		if i := strings.IndexByte(auth, ':'); i >= 0 {
			fo.Username, fo.Password = auth[:i], auth[i+1:]
		} else {
			fo.Password = auth
		}
	}
	parts := strings.Split(rest, "/")
	if len(parts) < 2 || parts[0] == "" || parts[1] == "" {
		return nil, fmt.Errorf("redis: sentinel url needs sentinels and a master name: redis+sentinel://host:26379,host:26379/mymaster[/db]")
	}
	fo.SentinelAddrs = strings.Split(parts[0], ",")
	fo.MasterName = parts[1]
	if len(parts) > 2 && parts[2] != "" {
		db, err := strconv.Atoi(parts[2])
		if err != nil {
			return nil, fmt.Errorf("redis: sentinel url database %q", parts[2])
		}
		fo.DB = db
	}
	return fo, nil
}

// redact hides a password in url for error messages.
func redact(url string) string {
	scheme, rest, ok := strings.Cut(url, "://")
	if !ok {
		return url
	}
	if at := strings.LastIndexByte(rest, '@'); at >= 0 {
		rest = "…@" + rest[at+1:]
	}
	return scheme + "://" + rest
}

// Ping implements storage.Health with a PING; on a cluster, every master
// must also say the cluster is ok: a node answers PING while the cluster
// refuses every request with CLUSTERDOWN.
func (s *Store) Ping(ctx context.Context) error {
	if err := s.c.Ping(ctx).Err(); err != nil {
		return fmt.Errorf("redis ping: %w", err)
	}
	cc, ok := s.c.(*goredis.ClusterClient)
	if !ok {
		// A write, not a PING: right after a Sentinel failover the
		// client may still reach the demoted primary, which answers PING
		// but refuses every write (READONLY) until it moves on.
		if err := s.c.Set(ctx, s.prefix+"health", "ok", healthTTL).Err(); err != nil {
			return fmt.Errorf("redis write check: %w", err)
		}
		return nil
	}
	err := cc.ForEachMaster(ctx, func(ctx context.Context, m *goredis.Client) error {
		info, err := m.ClusterInfo(ctx).Result()
		if err != nil {
			return err
		}
		if !strings.Contains(info, "cluster_state:ok") {
			return fmt.Errorf("%s: cluster state is not ok", m.Options().Addr)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("redis cluster health: %w", err)
	}
	return nil
}

// healthTTL keeps Ping's write from lingering.
const healthTTL = time.Minute

// Close closes the client.
func (s *Store) Close() error { return s.c.Close() }

// changed is the channel announced changes go on, under the store's
// prefix: replicas sharing a Redis and a prefix hear each other.
func (s *Store) changed() string { return s.prefix + "changed" }

// Announce publishes change c, to every replica's Listen.
func (s *Store) Announce(ctx context.Context, c storage.Change) error {
	if err := s.c.Publish(ctx, s.changed(), changeMessage(c)).Err(); err != nil {
		return fmt.Errorf("redis: announce %s: %w", c.Key, err)
	}
	return nil
}

// changeMessage is c as published: "@", the version, ":", the game ID's
// length, ":", the game ID and the key (a key or ID may hold any byte). A
// key alone, as releases before versions were announced published, is a
// change of that key at no version (no key starts with "@": it starts
// with its platform's name).
func changeMessage(c storage.Change) string {
	if c.Version == 0 {
		return c.Key
	}
	return "@" + strconv.FormatUint(uint64(c.Version), 10) + ":" + strconv.Itoa(len(c.Game)) + ":" + c.Game + c.Key
}

// parseChange reads changeMessage's message; one it cannot read is a key.
func parseChange(m string) storage.Change {
	rest, ok := strings.CutPrefix(m, "@")
	if !ok {
		return storage.Change{Key: m}
	}
	ver, rest, ok1 := strings.Cut(rest, ":")
	n, rest, ok2 := strings.Cut(rest, ":")
	v, err1 := strconv.ParseUint(ver, 10, 64)
	size, err2 := strconv.Atoi(n)
	if !ok1 || !ok2 || err1 != nil || err2 != nil || v == 0 || size < 0 || size > len(rest) {
		return storage.Change{Key: m}
	}
	return storage.Change{Key: rest[size:], Game: rest[:size], Version: storage.Version(v)}
}

// Listen hears announced changes until ctx ends, subscribed to their
// channel (PUBLISH reaches every node of a Cluster).
func (s *Store) Listen(ctx context.Context, heard func(storage.Change)) error {
	ps := s.c.Subscribe(ctx, s.changed())
	defer ps.Close()
	if _, err := ps.Receive(ctx); err != nil {
		if ctx.Err() != nil {
			return nil
		}
		return fmt.Errorf("redis: listen for changes: %w", err)
	}
	ch := ps.Channel()
	for {
		select {
		case <-ctx.Done():
			return nil
		case m, ok := <-ch:
			if !ok {
				return errors.New("redis: the changes' subscription closed")
			}
			heard(parseChange(m.Payload))
		}
	}
}

// Client returns the underlying client.
func (s *Store) Client() goredis.UniversalClient { return s.c }

// tag makes k safe inside a hash tag: braces would end the tag early.
var tag = strings.NewReplacer("%", "%25", "{", "%7B", "}", "%7D").Replace

// GameKey returns the Redis key that holds game k, for operators' tools
// (MEMORY USAGE, TTL) and tests.
func (s *Store) GameKey(k string) string { return s.gameKey(k) }

// SideKey returns the Redis key that holds game k's side value (its send
// log), for the same tools.
func (s *Store) SideKey(k string) string { return s.sideKey(k) }

func (s *Store) gameKey(k string) string   { return s.prefix + "game:{" + tag(k) + "}" }
func (s *Store) sideKey(k string) string   { return s.prefix + "side:{" + tag(k) + "}" }
func (s *Store) recordKey(k string) string { return s.prefix + "rec:{" + tag(k) + "}" }
func (s *Store) lbKey(community string) string {
	return s.prefix + "lb:{" + tag(community) + "}:"
}

// gameKeys is gameKey, sideKey and lockKey in one allocation: a save,
// its send's lock and the lock's release each name all three, at every
// click, where naming them one by one was three allocations. The three
// are the same length ("game:", "side:" and "lock:"), cut from one string
// (TestGameKeys holds them to the keys named one by one).
func (s *Store) gameKeys(k string) (game, side, lock string) {
	t := tag(k)
	all := s.prefix + "game:{" + t + "}" + s.prefix + "side:{" + t + "}" + s.prefix + "lock:{" + t + "}"
	n := len(all) / 3
	return all[:n], all[n : 2*n], all[2*n:]
}

func millis(d time.Duration) int64 { return d.Milliseconds() }

// A game is stored as "<version>:<data>".
func splitGame(v string) ([]byte, storage.Version, error) {
	i := strings.IndexByte(v, ':')
	if i < 0 {
		return nil, 0, errors.New("malformed game value")
	}
	ver, err := strconv.ParseUint(v[:i], 10, 64)
	if err != nil {
		return nil, 0, errors.New("malformed game version")
	}
	return []byte(v[i+1:]), storage.Version(ver), nil
}

// LoadGame implements storage.Games.
func (s *Store) LoadGame(ctx context.Context, key string) ([]byte, storage.Version, error) {
	if err := ctx.Err(); err != nil {
		return nil, 0, err
	}
	v, err := s.c.Get(ctx, s.gameKey(key)).Result()
	if errors.Is(err, goredis.Nil) {
		return nil, 0, storage.ErrNotFound
	}
	if err != nil {
		return nil, 0, fmt.Errorf("redis load game %s: %w", key, err)
	}
	data, ver, err := splitGame(v)
	if err != nil {
		return nil, 0, fmt.Errorf("redis load game %s: %w", key, err)
	}
	return data, ver, nil
}

// LoadGameSide implements storage.Games with one MGET: the game and its
// side share a hash slot.
func (s *Store) LoadGameSide(ctx context.Context, key string) ([]byte, []byte, storage.Version, error) {
	if err := ctx.Err(); err != nil {
		return nil, nil, 0, err
	}
	vals, err := s.c.MGet(ctx, s.gameKey(key), s.sideKey(key)).Result()
	if err != nil {
		return nil, nil, 0, fmt.Errorf("redis load game %s: %w", key, err)
	}
	g, ok := vals[0].(string)
	if !ok {
		return nil, nil, 0, storage.ErrNotFound
	}
	data, ver, err := splitGame(g)
	if err != nil {
		return nil, nil, 0, fmt.Errorf("redis load game %s: %w", key, err)
	}
	var side []byte
	if sv, ok := vals[1].(string); ok {
		side = []byte(sv)
	}
	return data, side, ver, nil
}

// saveLua compares the stored version with ARGV[1] (0: must not exist),
// then writes version+1 and the data, with a ttl in ms (0: none); v is
// the new version. The side (KEYS[2]) follows the game: cleared when it is
// created, expiring with it. Only the value's head is read: a version is
// at most 20 digits, and copying a whole record into the script for them
// was most of what a save cost Redis.
const saveLua = `
local cur = redis.call('GETRANGE', KEYS[1], 0, 20)
local prev = tonumber(ARGV[1])
if cur ~= '' then
	if tonumber(string.sub(cur, 1, string.find(cur, ':', 1, true) - 1)) ~= prev then return {-1} end
elseif prev ~= 0 then
	return {-1}
end
local v = prev + 1
local ttl = tonumber(ARGV[3])
if ttl > 0 then
	redis.call('SET', KEYS[1], v .. ':' .. ARGV[2], 'PX', ttl)
else
	redis.call('SET', KEYS[1], v .. ':' .. ARGV[2])
end
if prev == 0 then
	redis.call('DEL', KEYS[2])
elseif ttl > 0 then
	redis.call('PEXPIRE', KEYS[2], ttl)
else
	redis.call('PERSIST', KEYS[2])
end
`

// saveScript: KEYS game, side; ARGV version, data, ttl ms. {v}, or {-1}
// when the stored version is not ARGV[1].
var saveScript = goredis.NewScript(saveLua + `return {v}`)

// sideCheckLua, before a save, compares the side (KEYS[2]; none: empty) with
// the script's last argument: a change made on a game the saver kept, read
// from no store, is saved only while its send log is what the saver saw
// (record.CheckedCommits). A send log is small; the record is not read.
const sideCheckLua = `
if (redis.call('GET', KEYS[2]) or '') ~= ARGV[#ARGV] then return {-1} end
`

// saveCheckedScript is saveScript with the side checked: ARGV version,
// data, ttl ms, side.
var saveCheckedScript = goredis.NewScript(sideCheckLua + saveLua + `return {v}`)

// saveLockScript is saveScript that, having saved, takes the game's send
// lock (KEYS[3]) for ARGV[5] ms as ARGV[4] unless it is held, and reads the
// side as it does: {v, 1, side} when it took it, {v, 0} when not.
var saveLockScript = goredis.NewScript(saveLua + lockLua)

const lockLua = `
if not redis.call('SET', KEYS[3], ARGV[4], 'NX', 'PX', ARGV[5]) then return {v, 0} end
return {v, 1, redis.call('GET', KEYS[2])}
`

// saveLockCheckedScript is saveLockScript with the side checked: ARGV
// version, data, ttl ms, token, lease ms, side.
var saveLockCheckedScript = goredis.NewScript(sideCheckLua + saveLua + lockLua)

// SaveGame implements storage.Games.
func (s *Store) SaveGame(ctx context.Context, key string, data []byte, prev storage.Version, ttl time.Duration) (storage.Version, error) {
	return s.Commit(ctx, key, data, prev, ttl, nil)
}

// Commit implements storage.Games in one round trip: the deadlines and the
// save go in one pipeline (commit).
func (s *Store) Commit(ctx context.Context, key string, data []byte, prev storage.Version, ttl time.Duration, schedule []storage.Deadline) (storage.Version, error) {
	return s.commitSave(ctx, key, data, prev, ttl, schedule, nil)
}

// commitSave is Commit, checking the side first unless side is nil
// (CommitChecked).
func (s *Store) commitSave(ctx context.Context, key string, data []byte, prev storage.Version, ttl time.Duration, schedule []storage.Deadline, side []byte) (storage.Version, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	save := &scriptCall{script: saveScript, keys: []string{s.gameKey(key), s.sideKey(key)}, args: []any{uint64(prev), data, millis(ttl)}}
	if side != nil {
		save.script, save.args = saveCheckedScript, append(save.args, side)
	}
	r, err := s.commit(ctx, key, schedule, save)
	if err != nil {
		return 0, err
	}
	return saved(key, r)
}

// commit runs schedule's deadlines and then the calls, the save first, in
// one round trip (with other writes when the replica is busy: batched),
// and returns the save's answer. A script the server does not have yet (a
// restart, a failover) is sent whole: the save again with the rest when
// it was the save's (it did not run), alone when another's.
//
// They go in a plain pipeline, on one server as on a cluster (where the
// deadlines live in other slots): nothing is undone when the save is
// refused, so a MULTI added nothing but work, and a deadline set before a
// save that then fails only fires early.
func (s *Store) commit(ctx context.Context, key string, schedule []storage.Deadline, calls ...*scriptCall) ([]any, error) {
	save := calls[0]
	run := func(whole bool) (cut, err error) {
		cmds, cut := s.batched(ctx, key, func(p goredis.Pipeliner) {
			for _, d := range schedule {
				s.schedule(ctx, p, d.Key, d.Due)
			}
			for i, c := range calls {
				if i == 0 && whole {
					c.cmd = c.script.Eval(ctx, p, c.keys, c.args...)
				} else {
					c.cmd = c.script.EvalSha(ctx, p, c.keys, c.args...)
				}
			}
		})
		if cut != nil {
			return cut, nil
		}
		return nil, firstErr(cmds)
	}
	noScript := func(err error) bool { return err != nil && goredis.HasErrorPrefix(err, "NOSCRIPT") }
	cut, err := run(false)
	if cut == nil && noScript(save.cmd.Err()) {
		cut, err = run(true)
	}
	if cut != nil {
		// The caller's context ended while its write waited: not known
		// to be saved, as a round trip cut short.
		return nil, fmt.Errorf("redis save game %s: %w", key, cut)
	}
	if noScript(err) {
		err = nil
		for _, c := range calls[1:] {
			if noScript(c.cmd.Err()) {
				c.cmd = c.script.Eval(ctx, s.c, c.keys, c.args...)
			}
			if e := c.cmd.Err(); e != nil && err == nil {
				err = e
			}
		}
		if e := save.cmd.Err(); e != nil {
			err = e
		}
	}
	if err == nil {
		var r []any
		if r, err = save.cmd.Slice(); err == nil && len(r) > 0 {
			return r, nil
		}
		err = fmt.Errorf("unexpected answer %v: %w", r, err)
	}
	return nil, fmt.Errorf("redis save game %s: %w", key, err)
}

// saved is the version a save's answer r gives, storage.ErrConflict when
// it found another.
func saved(key string, r []any) (storage.Version, error) {
	v, ok := r[0].(int64)
	switch {
	case !ok:
		return 0, fmt.Errorf("redis save game %s: unexpected answer %v", key, r)
	case v < 0:
		return 0, storage.ErrConflict
	}
	return storage.Version(v), nil
}

// sideScript sets KEYS[2] to ARGV[1] if the game KEYS[1] exists, expiring
// with it.
var sideScript = goredis.NewScript(`
local ttl = redis.call('PTTL', KEYS[1])
if ttl == -2 then return 0 end
if ttl > 0 then
	redis.call('SET', KEYS[2], ARGV[1], 'PX', ttl)
else
	redis.call('SET', KEYS[2], ARGV[1])
end
return 1
`)

// SetGameSide implements storage.Games.
func (s *Store) SetGameSide(ctx context.Context, key string, side []byte) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	ok, err := sideScript.Run(ctx, s.c, []string{s.gameKey(key), s.sideKey(key)}, side).Int64()
	switch {
	case err != nil:
		return fmt.Errorf("redis set side of %s: %w", key, err)
	case ok == 0:
		return storage.ErrNotFound
	}
	return nil
}

var deleteScript = goredis.NewScript(`
local cur = redis.call('GETRANGE', KEYS[1], 0, 20)
if cur == '' then return 0 end
if tonumber(string.sub(cur, 1, string.find(cur, ':', 1, true) - 1)) ~= tonumber(ARGV[1]) then return -1 end
redis.call('DEL', KEYS[1], KEYS[2])
return 1
`)

// DeleteGame implements storage.Games.
func (s *Store) DeleteGame(ctx context.Context, key string, prev storage.Version) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	r, err := deleteScript.Run(ctx, s.c, []string{s.gameKey(key), s.sideKey(key)}, uint64(prev)).Int64()
	switch {
	case err != nil:
		return fmt.Errorf("redis delete game %s: %w", key, err)
	case r == 0:
		return storage.ErrNotFound
	case r < 0:
		return storage.ErrConflict
	}
	return nil
}

// GetRecord implements storage.Records.
func (s *Store) GetRecord(ctx context.Context, key string) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	b, err := s.c.Get(ctx, s.recordKey(key)).Bytes()
	if errors.Is(err, goredis.Nil) {
		return nil, storage.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("redis get record %s: %w", key, err)
	}
	return b, nil
}

// SetRecord implements storage.Records.
func (s *Store) SetRecord(ctx context.Context, key string, data []byte, ttl time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := s.c.Set(ctx, s.recordKey(key), data, ttl).Err(); err != nil {
		return fmt.Errorf("redis set record %s: %w", key, err)
	}
	return nil
}

// AddRecord implements storage.Records.
func (s *Store) AddRecord(ctx context.Context, key string, data []byte, ttl time.Duration) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	err := s.c.SetArgs(ctx, s.recordKey(key), data, goredis.SetArgs{Mode: "NX", TTL: ttl}).Err()
	if errors.Is(err, goredis.Nil) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("redis add record %s: %w", key, err)
	}
	return true, nil
}

// renewScript renews (ARGV[2] ms > 0) or deletes a record that still holds
// ARGV[1]; 1 when it did.
var renewScript = goredis.NewScript(`
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if tonumber(ARGV[2]) > 0 then
	redis.call('PEXPIRE', KEYS[1], ARGV[2])
else
	redis.call('DEL', KEYS[1])
end
return 1
`)

// RenewRecord implements storage.Records in one round trip.
func (s *Store) RenewRecord(ctx context.Context, key string, data []byte, ttl time.Duration) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	n, err := renewScript.Run(ctx, s.c, []string{s.recordKey(key)}, data, ttl.Milliseconds()).Int()
	if err != nil {
		return false, fmt.Errorf("redis renew record %s: %w", key, err)
	}
	return n == 1, nil
}

// DeleteRecord implements storage.Records.
func (s *Store) DeleteRecord(ctx context.Context, key string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := s.c.Del(ctx, s.recordKey(key)).Err(); err != nil {
		return fmt.Errorf("redis delete record %s: %w", key, err)
	}
	return nil
}
