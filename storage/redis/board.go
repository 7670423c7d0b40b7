package redis

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	goredis "github.com/redis/go-redis/v9"

	"github.com/sushigo/sushigo/storage"
)

// How long period keys outlive their last write. A recorded game's ID is
// remembered for ever, like the ratings it changed: a game replayed a year
// on (a restored outbox, a stuck retry) must not be rated twice.
const (
	monthTTL = 400 * 24 * time.Hour
	weekTTL  = 60 * 24 * time.Hour
)

// recordTries bounds how often a result is re-read and re-rated after
// another replica changed one of its players' ratings in between.
const recordTries = 50

var periods = [...]storage.Period{storage.AllTime, storage.Month, storage.Week}

// A community's keys, all under lbKey (one hash tag, one cluster slot):
//
//	game:ID              de-duplication of recorded games: "r1\n" and, per
//	                     rated player, "pmu,psigma,mu,sigma" and, when the
//	                     prior rating's time is known, ",pat" (Unix ms),
//	                     joined by ";" (the game ID, before ratings were kept)
//	wins:P, points:P     sorted sets of period P (see recordScript)
//	rating:P             sorted set by −ordinal of the latest rating in P
//	p:P:PLAYER           hash: name games wins points best places, and
//	                     mu sigma pmu psigma (rating after, and before, the
//	                     player's last game in P), rat and prat (Unix ms the
//	                     two were set; absent when unknown)
//	pf:PLAYER            hash: rated, quit, trend, card:KIND, cat:CATEGORY,
//	                     vs:OTHER:g/w/l (all time only), vs:OTHER:m (how
//	                     often the two met in rated games lately:
//	                     "count,atMillis", storage.Met)
//	hist, histdata       list of the last game IDs, newest first; hash of
//	                     ID → "finishedAtMillis" + per rated player
//	                     "\tPLAYER\tpmu,psigma,mu,sigma", then "\n" + summary
//
// recordScript adds one game to every period of a community, after checking
// that it is new and that every player's all-time game count is still the
// one the caller rated from (else -1: read again). KEYS: the de-duplication
// key, the wins, points and rating sorted sets (all, month, week), the
// history list and hash, then per player the three period hashes and the
// profile hash. ARGV: game ID, (unused: the dedupe key never expires, as
// the ratings it guards do not), month ttl, week ttl, finished-at
// ms, summary (empty: not kept), history length, then per player (fields
// per player) id, name, score, place, expected games, mu, sigma, pmu,
// psigma, −ordinal, trend, cards, categories, rat, pat (Unix ms of the new
// and the prior rating, "" when unknown), quit ("1" for a forfeit), met
// (per other player, the vs:OTHER:m value to keep; empty when unrated).
// Cards, categories and met are "name\nvalue\n" repeated.
//
// Sorted-set scores are negated composites so that an ascending ZRANGE gives
// the best first with exact ties in player-ID order: wins*1e7+points for
// wins (|points| < 5e6), points*1e6+wins for points.
var recordScript = goredis.NewScript(`
local F = 17
local n = (#ARGV - 7) / F
for i = 0, n - 1 do
	local games = redis.call('HGET', KEYS[13 + i*4], 'games') or '0'
	if tonumber(games) ~= tonumber(ARGV[12 + i*F]) then return -1 end
end
local rec = {}
for i = 0, n - 1 do
	local a = 7 + i*F
	if ARGV[a+6] ~= '' then
		local r = ARGV[a+8] .. ',' .. ARGV[a+9] .. ',' .. ARGV[a+6] .. ',' .. ARGV[a+7]
		if ARGV[a+15] ~= '' then r = r .. ',' .. ARGV[a+15] end
		rec[#rec + 1] = r
	end
end
if not redis.call('SET', KEYS[1], 'r1\n' .. table.concat(rec, ';'), 'NX') then return 0 end
local ttl = {0, tonumber(ARGV[3]), tonumber(ARGV[4])}
for i = 0, n - 1 do
	local a = 7 + i*F
	local id, name = ARGV[a+1], ARGV[a+2]
	local score, place = tonumber(ARGV[a+3]), tonumber(ARGV[a+4])
	local rated = ARGV[a+6] ~= ''
	local win = 0
	if place == 1 then win = 1 end
	for p = 1, 3 do
		local h = KEYS[12 + i*4 + p]
		redis.call('HSET', h, 'name', name)
		redis.call('HINCRBY', h, 'games', 1)
		redis.call('HINCRBY', h, 'places', place)
		local wins = redis.call('HINCRBY', h, 'wins', win)
		local pts = redis.call('HINCRBY', h, 'points', score)
		local best = redis.call('HGET', h, 'best')
		if (not best) or score > tonumber(best) then redis.call('HSET', h, 'best', score) end
		redis.call('ZADD', KEYS[1 + p], -(wins * 10000000 + pts), id)
		redis.call('ZADD', KEYS[4 + p], -(pts * 1000000 + wins), id)
		if rated then
			redis.call('HSET', h, 'mu', ARGV[a+6], 'sigma', ARGV[a+7], 'pmu', ARGV[a+8], 'psigma', ARGV[a+9])
			if ARGV[a+14] ~= '' then redis.call('HSET', h, 'rat', ARGV[a+14]) else redis.call('HDEL', h, 'rat') end
			if ARGV[a+15] ~= '' then redis.call('HSET', h, 'prat', ARGV[a+15]) else redis.call('HDEL', h, 'prat') end
			redis.call('ZADD', KEYS[7 + p], ARGV[a+10], id)
		end
		if ttl[p] > 0 then
			redis.call('PEXPIRE', h, ttl[p])
			redis.call('PEXPIRE', KEYS[1 + p], ttl[p])
			redis.call('PEXPIRE', KEYS[4 + p], ttl[p])
			if rated then redis.call('PEXPIRE', KEYS[7 + p], ttl[p]) end
		end
	end
	local pf = KEYS[16 + i*4]
	if ARGV[a+16] == '1' then redis.call('HINCRBY', pf, 'quit', 1) end
	if rated then
		redis.call('HINCRBY', pf, 'rated', 1)
		redis.call('HSET', pf, 'trend', ARGV[a+11])
	end
	for k, c in string.gmatch(ARGV[a+12], '([^\n]*)\n([^\n]*)\n') do redis.call('HINCRBY', pf, 'card:' .. k, c) end
	for k, c in string.gmatch(ARGV[a+13], '([^\n]*)\n([^\n]*)\n') do redis.call('HINCRBY', pf, 'cat:' .. k, c) end
	for k, m in string.gmatch(ARGV[a+17], '([^\n]*)\n([^\n]*)\n') do redis.call('HSET', pf, 'vs:' .. k .. ':m', m) end
	for j = 0, n - 1 do
		local b = 7 + j*F
		local other = ARGV[b+1]
		if other ~= id then
			local op = tonumber(ARGV[b+4])
			redis.call('HINCRBY', pf, 'vs:' .. other .. ':g', 1)
			if place < op then redis.call('HINCRBY', pf, 'vs:' .. other .. ':w', 1) end
			if place > op then redis.call('HINCRBY', pf, 'vs:' .. other .. ':l', 1) end
		end
	end
end
if ARGV[6] ~= '' then
	redis.call('LPUSH', KEYS[11], ARGV[1])
	redis.call('HSET', KEYS[12], ARGV[1], ARGV[5] .. '\n' .. ARGV[6])
	local keep = tonumber(ARGV[7])
	while redis.call('LLEN', KEYS[11]) > keep do
		redis.call('HDEL', KEYS[12], redis.call('RPOP', KEYS[11]))
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

func (s *Store) profileKey(community, player string) string {
	return s.lbKey(community) + "pf:" + player
}

func float(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

func counts(m map[string]int) string {
	var b strings.Builder
	for k, n := range m {
		// A newline would break the script's split; kinds and
		// categories never hold one.
		k = strings.ReplaceAll(k, "\n", " ")
		fmt.Fprintf(&b, "%s\n%d\n", k, n)
	}
	return b.String()
}

func encodeTrend(t []storage.Rating) string {
	parts := make([]string, len(t))
	for i, r := range t {
		parts[i] = float(r.Mu) + "," + float(r.Sigma)
	}
	return strings.Join(parts, ";")
}

func decodeTrend(s string) []storage.Rating {
	var out []storage.Rating
	for p := range strings.SplitSeq(s, ";") {
		mu, sigma, ok := strings.Cut(p, ",")
		if !ok {
			continue
		}
		m, err1 := strconv.ParseFloat(mu, 64)
		sg, err2 := strconv.ParseFloat(sigma, 64)
		if err1 == nil && err2 == nil {
			out = append(out, storage.Rating{Mu: m, Sigma: sg})
		}
	}
	return out
}

// parseRating reads a hash's mu, sigma and (when given) rat fields.
func parseRating(mu, sigma any, at ...any) storage.Rating {
	m, _ := mu.(string)
	sg, _ := sigma.(string)
	a, err1 := strconv.ParseFloat(m, 64)
	b, err2 := strconv.ParseFloat(sg, 64)
	if err1 != nil || err2 != nil {
		return storage.Rating{}
	}
	r := storage.Rating{Mu: a, Sigma: b}
	if len(at) > 0 {
		s, _ := at[0].(string)
		r.At = fromMs(s)
	}
	return r
}

// msOrEmpty is t in Unix milliseconds, "" for the zero time.
func msOrEmpty(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return strconv.FormatInt(t.UnixMilli(), 10)
}

// fromMs reads msOrEmpty's form; anything else is the zero time.
func fromMs(s string) time.Time {
	ms, err := strconv.ParseInt(s, 10, 64)
	if err != nil || s == "" {
		return time.Time{}
	}
	return time.UnixMilli(ms).UTC()
}

// RecordResult implements storage.Leaderboards: one round trip reads the
// players' ratings, the caller's Rate runs here, and one script writes
// everything if nothing changed in between (else it reads again).
func (s *Store) RecordResult(ctx context.Context, r storage.Result) (storage.Recorded, error) {
	if err := ctx.Err(); err != nil {
		return storage.Recorded{}, err
	}
	lb := s.lbKey(r.Community)
	keys := []string{lb + "game:" + r.GameID}
	for _, what := range []string{"wins", "points", "rating"} {
		for _, p := range periods {
			keys = append(keys, s.boardKey(r.Community, what, p, r.FinishedAt))
		}
	}
	keys = append(keys, lb+"hist", lb+"histdata")
	for _, pl := range r.Players {
		for _, p := range periods {
			keys = append(keys, s.playerKey(r.Community, pl.ID, p, r.FinishedAt))
		}
		keys = append(keys, s.profileKey(r.Community, pl.ID))
	}
	for range recordTries {
		done, games, prior, met, trends, err := s.readPriors(ctx, r, keys[0])
		if err != nil {
			return storage.Recorded{}, fmt.Errorf("redis record result %s/%s: %w", r.Community, r.GameID, err)
		}
		if done != nil {
			return *done, nil
		}
		after, metAfter, err := r.Ratings(prior, met)
		if err != nil {
			return storage.Recorded{}, err
		}
		args := []any{r.GameID, 0, millis(monthTTL), millis(weekTTL), historyHead(r.FinishedAt, r.Changes(prior, after)), string(r.Summary), storage.HistoryLength}
		for i, pl := range r.Players {
			args = append(args, pl.ID, pl.Name, pl.Score, pl.Place, games[i])
			if after == nil {
				args = append(args, "", "", "", "", "", "")
			} else {
				args = append(args, float(after[i].Mu), float(after[i].Sigma), float(prior[i].Mu), float(prior[i].Sigma),
					float(-after[i].Ordinal()), encodeTrend(storage.Trended(trends[i], after[i])))
			}
			args = append(args, counts(pl.Cards), counts(pl.Categories))
			if after == nil {
				args = append(args, "", "")
			} else {
				args = append(args, msOrEmpty(after[i].At), msOrEmpty(prior[i].At))
			}
			quit := "0"
			if pl.Quit {
				quit = "1"
			}
			args = append(args, quit, encodeMet(r.Players, i, metAfter))
		}
		n, err := recordScript.Run(ctx, s.c, keys, args...).Int()
		if err != nil {
			return storage.Recorded{}, fmt.Errorf("redis record result %s/%s: %w", r.Community, r.GameID, err)
		}
		switch n {
		case 1:
			rec := storage.Recorded{New: true}
			if after != nil {
				rec.Prior, rec.After = prior, after
			}
			return rec, nil
		case 0:
			// Recorded in between by another replica: read what it kept.
			continue
		}
	}
	return storage.Recorded{}, fmt.Errorf("redis record result %s/%s: players' ratings kept changing over %d tries", r.Community, r.GameID, recordTries)
}

// readPriors reads, in one round trip, whether the game is recorded (and
// what its recording kept) and each player's all-time game count, rating,
// trend and meetings with the others.
func (s *Store) readPriors(ctx context.Context, r storage.Result, dedupe string) (done *storage.Recorded, games []int, prior []storage.Rating, met [][]storage.Met, trends [][]storage.Rating, err error) {
	var kept *goredis.StringCmd
	stats := make([]*goredis.SliceCmd, len(r.Players))
	prof := make([]*goredis.SliceCmd, len(r.Players))
	_, err = s.c.Pipelined(ctx, func(pipe goredis.Pipeliner) error {
		kept = pipe.Get(ctx, dedupe)
		for i, pl := range r.Players {
			stats[i] = pipe.HMGet(ctx, s.playerKey(r.Community, pl.ID, storage.AllTime, r.FinishedAt), "games", "mu", "sigma", "rat")
			fields := []string{"trend"}
			for _, other := range r.Players {
				fields = append(fields, "vs:"+other.ID+":m")
			}
			prof[i] = pipe.HMGet(ctx, s.profileKey(r.Community, pl.ID), fields...)
		}
		return nil
	})
	if err != nil && !errors.Is(err, goredis.Nil) {
		return nil, nil, nil, nil, nil, err
	}
	switch err := kept.Err(); {
	case err == nil:
		rec := decodeRecorded(kept.Val())
		return &rec, nil, nil, nil, nil, nil
	case !errors.Is(err, goredis.Nil):
		return nil, nil, nil, nil, nil, err
	}
	games = make([]int, len(r.Players))
	prior = make([]storage.Rating, len(r.Players))
	met = make([][]storage.Met, len(r.Players))
	trends = make([][]storage.Rating, len(r.Players))
	for i, pl := range r.Players {
		v := stats[i].Val()
		g, _ := v[0].(string)
		games[i], _ = strconv.Atoi(g)
		prior[i] = parseRating(v[1], v[2], v[3])
		p := prof[i].Val()
		t, _ := p[0].(string)
		trends[i] = decodeTrend(t)
		met[i] = make([]storage.Met, len(r.Players))
		for j, other := range r.Players {
			if other.ID != pl.ID {
				m, _ := p[1+j].(string)
				met[i][j] = decodeMet(m)
			}
		}
	}
	return nil, games, prior, met, trends, nil
}

// encodeMet is player i's meetings to keep, for recordScript: "other\n
// count,atMillis\n" per other player; empty for an unrated game.
func encodeMet(players []storage.PlayerResult, i int, met [][]storage.Met) string {
	if met == nil {
		return ""
	}
	var b strings.Builder
	for j, other := range players {
		if other.ID == players[i].ID {
			continue
		}
		m := met[i][j]
		fmt.Fprintf(&b, "%s\n%s,%s\n", strings.ReplaceAll(other.ID, "\n", " "), float(m.Count), msOrEmpty(m.At))
	}
	return b.String()
}

// decodeMet reads a vs:OTHER:m value: the zero Met for none or a bad one.
func decodeMet(v string) storage.Met {
	c, at, ok := strings.Cut(v, ",")
	n, err := strconv.ParseFloat(c, 64)
	if !ok || err != nil {
		return storage.Met{}
	}
	return storage.Met{Count: n, At: fromMs(at)}
}

// decodeRecorded reads a game's de-duplication value (see recordScript):
// the ratings it kept, none for an unrated game or one recorded before
// ratings were kept (its value is the game's ID).
func decodeRecorded(v string) storage.Recorded {
	var rec storage.Recorded
	body, ok := strings.CutPrefix(v, "r1\n")
	if !ok || body == "" {
		return rec
	}
	for p := range strings.SplitSeq(body, ";") {
		f := strings.Split(p, ",")
		if len(f) != 4 && len(f) != 5 {
			return storage.Recorded{}
		}
		var x [4]float64
		for i := range f[:4] {
			var err error
			if x[i], err = strconv.ParseFloat(f[i], 64); err != nil {
				return storage.Recorded{}
			}
		}
		prior := storage.Rating{Mu: x[0], Sigma: x[1]}
		if len(f) == 5 {
			prior.At = fromMs(f[4])
		}
		rec.Prior = append(rec.Prior, prior)
		rec.After = append(rec.After, storage.Rating{Mu: x[2], Sigma: x[3]})
	}
	return rec
}

var statFields = []string{"name", "games", "wins", "points", "best", "places", "mu", "sigma", "pmu", "psigma", "rat", "prat"}

func parseStats(id string, vals []any) (storage.Stats, storage.Rating, storage.Rating) {
	st := storage.Stats{PlayerID: id}
	num := func(i int) int {
		s, _ := vals[i].(string)
		n, _ := strconv.Atoi(s)
		return n
	}
	st.Name, _ = vals[0].(string)
	st.Games, st.Wins, st.TotalScore, st.BestScore, st.PlaceSum = num(1), num(2), num(3), num(4), num(5)
	return st, parseRating(vals[6], vals[7], vals[10]), parseRating(vals[8], vals[9], vals[11])
}

// topScript reads a leaderboard page in one round trip: the sorted set in
// chunks, each player's period hash, and for the rating board their rated
// games, skipping those with fewer than the minimum. KEYS: the sorted set.
// ARGV: n, minimum rated games (0: no check), period hash prefix, profile
// hash prefix, then the hash fields. The player hashes share the sorted
// set's hash tag, so a cluster finds them on the same node.
var topScript = goredis.NewScript(`
local n, minimum = tonumber(ARGV[1]), tonumber(ARGV[2])
local fields = {}
for i = 5, #ARGV do fields[#fields + 1] = ARGV[i] end
local out, start, chunk = {}, 0, math.max(n, 16)
while #out < n do
	local ids = redis.call('ZRANGE', KEYS[1], start, start + chunk - 1)
	if #ids == 0 then break end
	for _, id in ipairs(ids) do
		local ok = true
		if minimum > 0 then
			ok = tonumber(redis.call('HGET', ARGV[4] .. id, 'rated') or '0') >= minimum
		end
		if ok and #out < n then
			out[#out + 1] = {id, redis.call('HMGET', ARGV[3] .. id, unpack(fields))}
		end
	end
	start = start + chunk
end
return out
`)

// Top implements storage.Leaderboards in one round trip.
func (s *Store) Top(ctx context.Context, q storage.Query) ([]storage.Entry, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if q.N <= 0 {
		return nil, nil
	}
	what, minimum := "wins", 0
	switch q.By {
	case storage.ByPoints:
		what = "points"
	case storage.ByRating:
		what, minimum = "rating", max(q.MinGames, 1)
	}
	args := []any{q.N, minimum, s.playerKey(q.Community, "", q.Period, q.At), s.profileKey(q.Community, "")}
	for _, f := range statFields {
		args = append(args, f)
	}
	res, err := topScript.Run(ctx, s.c, []string{s.boardKey(q.Community, what, q.Period, q.At)}, args...).Slice()
	if err != nil && !errors.Is(err, goredis.Nil) {
		return nil, fmt.Errorf("redis top %s: %w", q.Community, err)
	}
	out := make([]storage.Entry, 0, len(res))
	for _, row := range res {
		pair, ok := row.([]any)
		if !ok || len(pair) != 2 {
			return nil, fmt.Errorf("redis top %s: malformed reply %v", q.Community, row)
		}
		id, _ := pair[0].(string)
		vals, _ := pair[1].([]any)
		if len(vals) != len(statFields) {
			return nil, fmt.Errorf("redis top %s: malformed reply %v", q.Community, row)
		}
		st, rating, prev := parseStats(id, vals)
		out = append(out, storage.Entry{PlayerID: id, Name: st.Name, Games: st.Games, Wins: st.Wins, Points: st.TotalScore, Rating: rating, Previous: prev})
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
	st, _, _ := parseStats(player, vals)
	return st, nil
}

// Profile implements storage.Leaderboards in one round trip.
func (s *Store) Profile(ctx context.Context, community, player string) (storage.Profile, error) {
	if err := ctx.Err(); err != nil {
		return storage.Profile{}, err
	}
	var stats *goredis.SliceCmd
	var pf *goredis.MapStringStringCmd
	_, err := s.c.Pipelined(ctx, func(pipe goredis.Pipeliner) error {
		stats = pipe.HMGet(ctx, s.playerKey(community, player, storage.AllTime, time.Time{}), statFields...)
		pf = pipe.HGetAll(ctx, s.profileKey(community, player))
		return nil
	})
	if err != nil {
		return storage.Profile{}, fmt.Errorf("redis profile %s/%s: %w", community, player, err)
	}
	st, rating, prev := parseStats(player, stats.Val())
	out := storage.Profile{Stats: st, Rating: rating, Previous: prev}
	add := func(m *map[string]int, k, v string) {
		n, err := strconv.Atoi(v)
		if err != nil {
			return
		}
		if *m == nil {
			*m = map[string]int{}
		}
		(*m)[k] += n
	}
	for f, v := range pf.Val() {
		switch {
		case f == "rated":
			out.Rated, _ = strconv.Atoi(v)
		case f == "quit":
			out.Quits, _ = strconv.Atoi(v)
		case f == "trend":
			out.Trend = decodeTrend(v)
		case strings.HasPrefix(f, "card:"):
			add(&out.Cards, f[len("card:"):], v)
		case strings.HasPrefix(f, "cat:"):
			add(&out.Categories, f[len("cat:"):], v)
		case strings.HasPrefix(f, "vs:") && len(f) > len("vs:")+2:
			other, kind := f[len("vs:"):len(f)-2], f[len(f)-1]
			n, _ := strconv.Atoi(v)
			if out.Versus == nil {
				out.Versus = map[string]storage.HeadToHead{}
			}
			h := out.Versus[other]
			switch kind {
			case 'm':
				h.Met = decodeMet(v)
			case 'g':
				h.Games += n
			case 'w':
				h.Wins += n
			case 'l':
				h.Losses += n
			}
			out.Versus[other] = h
		}
	}
	return out, nil
}

// historyScript lists the newest history entries in one round trip. KEYS:
// the list and the hash. ARGV: n.
var historyScript = goredis.NewScript(`
local ids = redis.call('LRANGE', KEYS[1], 0, tonumber(ARGV[1]) - 1)
if #ids == 0 then return {} end
local data = redis.call('HMGET', KEYS[2], unpack(ids))
local out = {}
for i, id in ipairs(ids) do
	if data[i] then out[#out + 1] = {id, data[i]} end
end
return out
`)

// historyHead is the first line of a history entry: when the game
// finished and the rating changes it made.
func historyHead(at time.Time, changes []storage.RatingChange) string {
	var b strings.Builder
	b.WriteString(strconv.FormatInt(at.UnixMilli(), 10))
	for _, c := range changes {
		fmt.Fprintf(&b, "\t%s\t%s,%s,%s,%s", c.Player, float(c.Prior.Mu), float(c.Prior.Sigma), float(c.After.Mu), float(c.After.Sigma))
		if !c.Prior.At.IsZero() {
			b.WriteString("," + msOrEmpty(c.Prior.At))
		}
	}
	return b.String()
}

func parseGame(id, v string) (storage.Game, error) {
	head, summary, ok := strings.Cut(v, "\n")
	f := strings.Split(head, "\t")
	ms, err := strconv.ParseInt(f[0], 10, 64)
	if !ok || err != nil || len(f)%2 != 1 {
		return storage.Game{}, fmt.Errorf("malformed history entry %s", id)
	}
	g := storage.Game{ID: id, FinishedAt: time.UnixMilli(ms).UTC(), Summary: []byte(summary)}
	for k := 1; k < len(f); k += 2 {
		rec := decodeRecorded("r1\n" + f[k+1])
		if len(rec.After) != 1 {
			return storage.Game{}, fmt.Errorf("malformed rating change in history entry %s", id)
		}
		g.Ratings = append(g.Ratings, storage.RatingChange{Player: f[k], Prior: rec.Prior[0], After: rec.After[0]})
	}
	return g, nil
}

// History implements storage.Leaderboards in one round trip.
func (s *Store) History(ctx context.Context, community string, n int) ([]storage.Game, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if n <= 0 {
		return nil, nil
	}
	lb := s.lbKey(community)
	res, err := historyScript.Run(ctx, s.c, []string{lb + "hist", lb + "histdata"}, n).Slice()
	if err != nil && !errors.Is(err, goredis.Nil) {
		return nil, fmt.Errorf("redis history %s: %w", community, err)
	}
	var out []storage.Game
	for _, row := range res {
		pair, _ := row.([]any)
		if len(pair) != 2 {
			return nil, fmt.Errorf("redis history %s: malformed reply %v", community, row)
		}
		id, _ := pair[0].(string)
		v, _ := pair[1].(string)
		g, err := parseGame(id, v)
		if err != nil {
			return nil, fmt.Errorf("redis history %s: %w", community, err)
		}
		out = append(out, g)
	}
	return out, nil
}

// HistoryGame implements storage.Leaderboards.
func (s *Store) HistoryGame(ctx context.Context, community, gameID string) (storage.Game, error) {
	if err := ctx.Err(); err != nil {
		return storage.Game{}, err
	}
	v, err := s.c.HGet(ctx, s.lbKey(community)+"histdata", gameID).Result()
	if errors.Is(err, goredis.Nil) {
		return storage.Game{}, fmt.Errorf("redis history %s/%s: %w", community, gameID, storage.ErrNotFound)
	}
	if err != nil {
		return storage.Game{}, fmt.Errorf("redis history %s/%s: %w", community, gameID, err)
	}
	g, err := parseGame(gameID, v)
	if err != nil {
		return storage.Game{}, fmt.Errorf("redis history %s: %w", community, err)
	}
	return g, nil
}
