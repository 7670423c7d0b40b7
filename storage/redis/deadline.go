package redis

import (
	"context"
	"fmt"
	"strconv"
	"time"

	goredis "github.com/redis/go-redis/v9"

	"github.com/sushigo/sushigo/storage"
)

// Deadlines live in one sorted set (member: game key, score: due time in ms)
// and a hash of claims (member: "token:original due"). Claiming moves the
// score to the end of the lease, so an abandoned claim becomes due again.

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

// Schedule implements storage.Deadlines.
func (s *Store) Schedule(ctx context.Context, key string, due time.Time) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	_, err := s.c.TxPipelined(ctx, func(p goredis.Pipeliner) error {
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
	k := s.deadlineKeys()
	p.ZAdd(ctx, k[0], goredis.Z{Score: float64(due.UnixMilli()), Member: key})
	p.HDel(ctx, k[1], key)
}

// Cancel implements storage.Deadlines.
func (s *Store) Cancel(ctx context.Context, key string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	k := s.deadlineKeys()
	_, err := s.c.TxPipelined(ctx, func(p goredis.Pipeliner) error {
		p.ZRem(ctx, k[0], key)
		p.HDel(ctx, k[1], key)
		return nil
	})
	if err != nil {
		return fmt.Errorf("redis cancel %s: %w", key, err)
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
	vals, err := claimScript.Run(ctx, s.c, s.deadlineKeys(), now.UnixMilli(), millis(lease), max).StringSlice()
	if err != nil {
		return nil, fmt.Errorf("redis claim deadlines: %w", err)
	}
	out := make([]storage.Claim, 0, len(vals)/3)
	for i := 0; i+2 < len(vals); i += 3 {
		due, err1 := strconv.ParseFloat(vals[i+1], 64)
		tok, err2 := strconv.ParseUint(vals[i+2], 10, 64)
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("redis claim deadlines: malformed reply %q", vals[i:i+3])
		}
		out = append(out, storage.Claim{Key: vals[i], Due: time.UnixMilli(int64(due)), Token: tok})
	}
	return out, nil
}

// Complete implements storage.Deadlines.
func (s *Store) Complete(ctx context.Context, c storage.Claim) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := completeScript.Run(ctx, s.c, s.deadlineKeys()[:2], c.Key, strconv.FormatUint(c.Token, 10)).Err(); err != nil {
		return fmt.Errorf("redis complete %s: %w", c.Key, err)
	}
	return nil
}
