package redis

import (
	"context"
	"fmt"
	"strconv"
	"time"

	goredis "github.com/redis/go-redis/v9"

	"github.com/sushigo/sushigo/storage"
)

// How long a recorded game ID is remembered for de-duplication (retries come
// within seconds), and how long period keys outlive their last write.
const (
	dedupeTTL = 30 * 24 * time.Hour
	monthTTL  = 400 * 24 * time.Hour
	weekTTL   = 60 * 24 * time.Hour
)

var periods = [...]storage.Period{storage.AllTime, storage.Month, storage.Week}

// recordScript adds one game to every period of a community. KEYS: the game's
// de-duplication key, the wins sorted sets (all, month, week), the points
// sorted sets, then three stats hashes per player. ARGV: game ID, dedupe ttl,
// month ttl, week ttl, then id, name, score, place per player.
//
// Sorted-set scores are negated composites so that an ascending ZRANGE gives
// the best first with exact ties in player-ID order: wins*1e7+points for
// wins (|points| < 5e6), points*1e6+wins for points.
var recordScript = goredis.NewScript(`
if not redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 0 end
local ttl = {0, tonumber(ARGV[3]), tonumber(ARGV[4])}
local n = (#ARGV - 4) / 4
for i = 0, n - 1 do
	local id, name = ARGV[5 + i*4], ARGV[6 + i*4]
	local score, place = tonumber(ARGV[7 + i*4]), tonumber(ARGV[8 + i*4])
	local win = 0
	if place == 1 then win = 1 end
	for p = 1, 3 do
		local h = KEYS[7 + i*3 + p]
		redis.call('HSET', h, 'name', name)
		redis.call('HINCRBY', h, 'games', 1)
		redis.call('HINCRBY', h, 'places', place)
		local wins = redis.call('HINCRBY', h, 'wins', win)
		local pts = redis.call('HINCRBY', h, 'points', score)
		local best = redis.call('HGET', h, 'best')
		if (not best) or score > tonumber(best) then redis.call('HSET', h, 'best', score) end
		redis.call('ZADD', KEYS[1 + p], -(wins * 10000000 + pts), id)
		redis.call('ZADD', KEYS[4 + p], -(pts * 1000000 + wins), id)
		if ttl[p] > 0 then
			redis.call('PEXPIRE', h, ttl[p])
			redis.call('PEXPIRE', KEYS[1 + p], ttl[p])
			redis.call('PEXPIRE', KEYS[4 + p], ttl[p])
		end
	end
end
return 1
`)

func (s *Store) boardKey(community, what string, p storage.Period, at time.Time) string {
	return s.lbKey(community) + what + ":" + p.Key(at)
}

func (s *Store) playerKey(community, player string, p storage.Period, at time.Time) string {
	return s.lbKey(community) + "p:" + p.Key(at) + ":" + player
}

// RecordResult implements storage.Leaderboards.
func (s *Store) RecordResult(ctx context.Context, r storage.Result) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	keys := []string{s.lbKey(r.Community) + "game:" + r.GameID}
	for _, what := range []string{"wins", "points"} {
		for _, p := range periods {
			keys = append(keys, s.boardKey(r.Community, what, p, r.FinishedAt))
		}
	}
	args := []any{r.GameID, millis(dedupeTTL), millis(monthTTL), millis(weekTTL)}
	for _, pl := range r.Players {
		for _, p := range periods {
			keys = append(keys, s.playerKey(r.Community, pl.ID, p, r.FinishedAt))
		}
		args = append(args, pl.ID, pl.Name, pl.Score, pl.Place)
	}
	n, err := recordScript.Run(ctx, s.c, keys, args...).Int()
	if err != nil {
		return false, fmt.Errorf("redis record result %s/%s: %w", r.Community, r.GameID, err)
	}
	return n == 1, nil
}

var statFields = []string{"name", "games", "wins", "points", "best", "places"}

func parseStats(id string, vals []any) storage.Stats {
	st := storage.Stats{PlayerID: id}
	num := func(i int) int {
		s, _ := vals[i].(string)
		n, _ := strconv.Atoi(s)
		return n
	}
	st.Name, _ = vals[0].(string)
	st.Games, st.Wins, st.TotalScore, st.BestScore, st.PlaceSum = num(1), num(2), num(3), num(4), num(5)
	return st
}

// Top implements storage.Leaderboards.
func (s *Store) Top(ctx context.Context, community string, p storage.Period, at time.Time, by storage.Metric, n int) ([]storage.Entry, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if n <= 0 {
		return nil, nil
	}
	what := "wins"
	if by == storage.ByPoints {
		what = "points"
	}
	ids, err := s.c.ZRange(ctx, s.boardKey(community, what, p, at), 0, int64(n-1)).Result()
	if err != nil {
		return nil, fmt.Errorf("redis top %s: %w", community, err)
	}
	if len(ids) == 0 {
		return nil, nil
	}
	cmds := make([]*goredis.SliceCmd, len(ids))
	_, err = s.c.Pipelined(ctx, func(pipe goredis.Pipeliner) error {
		for i, id := range ids {
			cmds[i] = pipe.HMGet(ctx, s.playerKey(community, id, p, at), statFields...)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("redis top %s: %w", community, err)
	}
	out := make([]storage.Entry, len(ids))
	for i, id := range ids {
		st := parseStats(id, cmds[i].Val())
		out[i] = storage.Entry{PlayerID: id, Name: st.Name, Games: st.Games, Wins: st.Wins, Points: st.TotalScore}
	}
	return out, nil
}

// PlayerStats implements storage.Leaderboards.
func (s *Store) PlayerStats(ctx context.Context, community, player string, p storage.Period, at time.Time) (storage.Stats, error) {
	if err := ctx.Err(); err != nil {
		return storage.Stats{}, err
	}
	vals, err := s.c.HMGet(ctx, s.playerKey(community, player, p, at), statFields...).Result()
	if err != nil {
		return storage.Stats{}, fmt.Errorf("redis stats %s/%s: %w", community, player, err)
	}
	return parseStats(player, vals), nil
}
