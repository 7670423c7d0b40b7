package redis

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	goredis "github.com/redis/go-redis/v9"

	"github.com/sushigo/sushigo/storage"
)

// Deadlines live in sorted sets (member: game key, score: due time in ms),
// each with a hash of claims (member: "token:original due"). Claiming moves
// the score to the end of the lease, so an abandoned claim becomes due again.
//
// A game's deadline lives in one of deadlineShards sets chosen by a hash of
// its key, each set under its own hash tag: on a Redis Cluster the sets sit
// in different slots, spread over the masters, so no one master holds every
// game's timers. Releases before the shards kept one set under the tag
// {deadlines}; it is still claimed from, and a deadline set or cancelled is
// removed from it, until it is empty, so an upgrade loses no timer.

// deadlineShards is how many sets the deadlines are spread over.
const deadlineShards = 16

// legacyShard names the single set of earlier releases.
const legacyShard = -1

// lookBudget bounds the read that finds due deadlines.
const lookBudget = 500 * time.Millisecond

// legacyToken marks the tokens of claims from the legacy set.
const legacyToken = 1 << 63

// deadlineKeys are a shard's keys: due, claims, seq (legacyShard: the
// single set's). Callers only read them.
func (s *Store) deadlineKeys(shard int) []string {
	if shard == legacyShard {
		return s.dkeys[deadlineShards][:3:3]
	}
	return s.dkeys[shard][:3:3]
}

// shardKeys names the keys of every shard and, last, the legacy set's:
// a save schedules its game's deadline, and naming them anew each time
// was four allocations a click.
func shardKeys(prefix string) [deadlineShards + 1][3]string {
	var k [deadlineShards + 1][3]string
	for shard := range k {
		p := prefix + "{deadlines:" + strconv.Itoa(shard) + "}:"
		if shard == deadlineShards {
			p = prefix + "{deadlines}:"
		}
		k[shard] = [3]string{p + "due", p + "claims", p + "seq"}
	}
	return k
}

// shardOf is the shard of key's deadline: its CRC-32 (IEEE), which every
// replica and release computes alike, modulo the shards. Computed over
// the string itself: crc32.ChecksumIEEE([]byte(key)) copied the key to
// the heap at every save.
func shardOf(key string) int {
	crc := ^uint32(0)
	for i := 0; i < len(key); i++ {
		crc = crc32.IEEETable[byte(crc)^key[i]] ^ crc>>8
	}
	return int(^crc % deadlineShards)
}

// claimScript: KEYS due, claims, seq; ARGV now ms, lease ms, max.
var claimScript = goredis.NewScript(`
local due = redis.call('ZRANGE', KEYS[1], '-inf', ARGV[1], 'BYSCORE', 'LIMIT', 0, tonumber(ARGV[3]), 'WITHSCORES')
local out = {}
for i = 1, #due, 2 do
	local m, at = due[i], due[i + 1]
	local prev = redis.call('HGET', KEYS[2], m)
	if prev then at = string.sub(prev, string.find(prev, ':', 1, true) + 1) end
	local tok = redis.call('INCR', KEYS[3])
	redis.call('ZADD', KEYS[1], tonumber(ARGV[1]) + tonumber(ARGV[2]), m)
	redis.call('HSET', KEYS[2], m, tok .. ':' .. at)
	table.insert(out, m)
	table.insert(out, at)
	table.insert(out, tostring(tok))
end
return out
`)

// completeScript: KEYS due, claims; ARGV member, token.
var completeScript = goredis.NewScript(`
local c = redis.call('HGET', KEYS[2], ARGV[1])
if c and string.sub(c, 1, string.find(c, ':', 1, true) - 1) == ARGV[2] then
	redis.call('ZREM', KEYS[1], ARGV[1])
	redis.call('HDEL', KEYS[2], ARGV[1])
	return 1
end
return 0
`)

// pipelined runs fn's commands in one round trip: a MULTI on one server, a
// plain pipeline on a cluster, where the keys sit in several slots.
func (s *Store) pipelined(ctx context.Context, fn func(goredis.Pipeliner) error) error {
	if _, cluster := s.c.(*goredis.ClusterClient); cluster {
		_, err := s.c.Pipelined(ctx, fn)
		return err
	}
	_, err := s.c.TxPipelined(ctx, fn)
	return err
}

// Schedule implements storage.Deadlines.
func (s *Store) Schedule(ctx context.Context, key string, due time.Time) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	err := s.pipelined(ctx, func(p goredis.Pipeliner) error {
		s.schedule(ctx, p, key, due)
		return nil
	})
	if err != nil {
		return fmt.Errorf("redis schedule %s: %w", key, err)
	}
	return nil
}

// schedule queues the commands that set key's deadline on p.
func (s *Store) schedule(ctx context.Context, p goredis.Pipeliner, key string, due time.Time) {
	k := s.deadlineKeys(shardOf(key))
	p.ZAdd(ctx, k[0], goredis.Z{Score: float64(due.UnixMilli()), Member: key})
	p.HDel(ctx, k[1], key)
	s.unscheduleLegacy(ctx, p, key)
}

// unscheduleLegacy queues the removal of key from the legacy set while it
// may hold anything.
func (s *Store) unscheduleLegacy(ctx context.Context, p goredis.Pipeliner, key string) {
	if !s.legacy.Load() {
		return
	}
	k := s.deadlineKeys(legacyShard)
	p.ZRem(ctx, k[0], key)
	p.HDel(ctx, k[1], key)
}

// Cancel implements storage.Deadlines.
func (s *Store) Cancel(ctx context.Context, key string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	k := s.deadlineKeys(shardOf(key))
	err := s.pipelined(ctx, func(p goredis.Pipeliner) error {
		p.ZRem(ctx, k[0], key)
		p.HDel(ctx, k[1], key)
		s.unscheduleLegacy(ctx, p, key)
		return nil
	})
	if err != nil {
		return fmt.Errorf("redis cancel %s: %w", key, err)
	}
	return nil
}

// withdrawScript: KEYS due, claims; ARGV member, due (ms).
var withdrawScript = goredis.NewScript(`
local at = redis.call('ZSCORE', KEYS[1], ARGV[1])
if at and tonumber(at) == tonumber(ARGV[2]) and redis.call('HEXISTS', KEYS[2], ARGV[1]) == 0 then
	redis.call('ZREM', KEYS[1], ARGV[1])
	return 1
end
return 0
`)

// Withdraw implements storage.Deadlines in one round trip.
func (s *Store) Withdraw(ctx context.Context, key string, due time.Time) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	k := s.deadlineKeys(shardOf(key))
	if err := withdrawScript.Run(ctx, s.c, k[:2], key, strconv.FormatInt(due.UnixMilli(), 10)).Err(); err != nil {
		return fmt.Errorf("redis withdraw %s: %w", key, err)
	}
	return nil
}

// ClaimDue implements storage.Deadlines in two round trips when anything
// is due (one when nothing is): a look at every set's earliest due
// deadlines, then a claim of the earliest max of them from the sets that
// hold them. A set that cannot be reached (its master is down) is passed
// over: the others' games keep their timers; the error is returned only
// when no set answers.
func (s *Store) ClaimDue(ctx context.Context, now time.Time, lease time.Duration, max int) ([]storage.Claim, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if max <= 0 {
		return nil, nil
	}
	type due struct {
		shard int
		key   string
		at    float64
	}
	shards := make([]int, 0, deadlineShards+1)
	for i := range deadlineShards {
		shards = append(shards, i)
	}
	shards = append(shards, legacyShard)
	looks := make([]*goredis.ZSliceCmd, len(shards))
	var legacyLeft *goredis.IntCmd
	// A master that is gone would hold every tick for the client's dial
	// retries; the look only reads, so giving up on one costs nothing.
	lctx, cancel := context.WithTimeout(ctx, lookBudget)
	defer cancel()
	s.perNode(lctx, shards, func(p goredis.Pipeliner, i int) {
		k := s.deadlineKeys(shards[i])[0]
		looks[i] = p.ZRangeArgsWithScores(lctx, goredis.ZRangeArgs{
			Key: k, Start: "-inf", Stop: now.UnixMilli(), ByScore: true, Count: int64(max),
		})
		if shards[i] == legacyShard {
			legacyLeft = p.ZCard(lctx, k)
		}
	})
	var all []due
	var firstErr error
	answered := 0
	for i, c := range looks {
		if c == nil {
			firstErr = cmp.Or(firstErr, errNoNode)
			continue
		}
		zs, err := c.Result()
		if err != nil {
			firstErr = cmp.Or(firstErr, err)
			continue
		}
		answered++
		for _, z := range zs {
			all = append(all, due{shards[i], z.Member.(string), z.Score})
		}
	}
	if legacyLeft != nil {
		if n, err := legacyLeft.Result(); err == nil {
			s.legacy.Store(n > 0)
		}
	}
	if answered == 0 {
		return nil, fmt.Errorf("redis claim deadlines: %w", firstErr)
	}
	if len(all) == 0 {
		return nil, nil
	}
	slices.SortFunc(all, func(a, b due) int {
		return cmp.Or(cmp.Compare(a.at, b.at), cmp.Compare(a.shard, b.shard), cmp.Compare(a.key, b.key))
	})
	all = all[:min(len(all), max)]
	counts := map[int]int{}
	for _, d := range all {
		counts[d.shard]++
	}
	claimed := make([]int, 0, len(counts))
	for sh := range counts {
		claimed = append(claimed, sh)
	}
	slices.Sort(claimed)
	runs := make([]*goredis.Cmd, len(claimed))
	claim := func(p goredis.Scripter, i int, eval bool) *goredis.Cmd {
		sh := claimed[i]
		args := []any{now.UnixMilli(), millis(lease), counts[sh]}
		if eval {
			return claimScript.Eval(ctx, p, s.deadlineKeys(sh), args...)
		}
		return claimScript.EvalSha(ctx, p, s.deadlineKeys(sh), args...)
	}
	s.perNode(ctx, claimed, func(p goredis.Pipeliner, i int) { runs[i] = claim(p, i, false) })
	var out []storage.Claim
	firstErr = nil
	for i, r := range runs {
		if r == nil {
			firstErr = cmp.Or(firstErr, errNoNode)
			continue
		}
		if err := r.Err(); err != nil && goredis.HasErrorPrefix(err, "NOSCRIPT") {
			// A server that has not seen the script yet (a restart, a
			// failover): sent whole once, cached from then on.
			r = claim(s.c, i, true)
		}
		vals, err := r.StringSlice()
		if err != nil {
			firstErr = cmp.Or(firstErr, err)
			continue
		}
		for j := 0; j+2 < len(vals); j += 3 {
			at, err1 := strconv.ParseFloat(vals[j+1], 64)
			tok, err2 := strconv.ParseUint(vals[j+2], 10, 64)
			if err1 != nil || err2 != nil {
				return nil, fmt.Errorf("redis claim deadlines: malformed reply %q", vals[j:j+3])
			}
			if claimed[i] == legacyShard {
				tok |= legacyToken
			}
			out = append(out, storage.Claim{Key: vals[j], Due: time.UnixMilli(int64(at)), Token: tok})
		}
	}
	if len(out) == 0 && firstErr != nil {
		return nil, fmt.Errorf("redis claim deadlines: %w", firstErr)
	}
	slices.SortFunc(out, func(a, b storage.Claim) int {
		return cmp.Or(a.Due.Compare(b.Due), strings.Compare(a.Key, b.Key))
	})
	return out, nil
}

var errNoNode = errors.New("no node serves the deadline set")

// perNode queues fn's commands for each of shards' sets, one pipeline per
// server, the servers side by side, and waits for them all: on a cluster,
// one lost master then fails only its own sets' commands (go-redis's
// cluster pipeline holds every node's commands while it retries one).
// A set whose node is not known gets no command.
func (s *Store) perNode(ctx context.Context, shards []int, fn func(p goredis.Pipeliner, i int)) {
	cc, cluster := s.c.(*goredis.ClusterClient)
	if !cluster {
		_, _ = s.c.Pipelined(ctx, func(p goredis.Pipeliner) error {
			for i := range shards {
				fn(p, i)
			}
			return nil
		})
		return
	}
	nodes := map[string]*goredis.Client{}
	groups := map[string][]int{}
	for i, sh := range shards {
		n, err := cc.MasterForKey(ctx, s.deadlineKeys(sh)[0])
		if err != nil {
			continue
		}
		addr := n.Options().Addr
		nodes[addr] = n
		groups[addr] = append(groups[addr], i)
	}
	var wg sync.WaitGroup
	for addr, idx := range groups {
		wg.Go(func() {
			_, _ = nodes[addr].Pipelined(ctx, func(p goredis.Pipeliner) error {
				for _, i := range idx {
					fn(p, i)
				}
				return nil
			})
		})
	}
	wg.Wait()
}

// Complete implements storage.Deadlines.
func (s *Store) Complete(ctx context.Context, c storage.Claim) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	shard, tok := shardOf(c.Key), c.Token
	if tok&legacyToken != 0 {
		shard, tok = legacyShard, tok&^legacyToken
	}
	if err := completeScript.Run(ctx, s.c, s.deadlineKeys(shard)[:2], c.Key, strconv.FormatUint(tok, 10)).Err(); err != nil {
		return fmt.Errorf("redis complete %s: %w", c.Key, err)
	}
	return nil
}
