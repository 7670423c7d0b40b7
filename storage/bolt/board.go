package bolt

import (
	"bytes"
	"cmp"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	bbolt "go.etcd.io/bbolt"

	"github.com/sushigo/sushigo/storage"
)

// Leaderboards: one nested bucket per community, holding
//   - "games": key a recorded game's ID; value JSON gameRecord (a single
//     byte 1 before ratings were kept);
//   - "stats": key period key, NUL, player ID; value JSON periodStats;
//   - "profiles": key player ID; value JSON profile (what only all time keeps);
//   - "history": key a big-endian sequence number; value JSON historyEntry.
//
// Boards stored before ratings existed hold plain storage.Stats in "stats"
// and no profiles: they read as unrated players.

var periods = [...]storage.Period{storage.AllTime, storage.Month, storage.Week}

func statsKey(period, player string) []byte { return []byte(period + "\x00" + player) }

// periodStats is a player's line in one period, with their rating after
// their last game in it.
type periodStats struct {
	storage.Stats
	Rating   storage.Rating `json:",omitzero"`
	Previous storage.Rating `json:",omitzero"`
}

// profile is what a player's all-time record keeps beyond periodStats.
type profile struct {
	Rated      int                           `json:"rated,omitempty"`
	Quits      int                           `json:"quits,omitempty"`
	Trend      []storage.Rating              `json:"trend,omitempty"`
	Cards      map[string]int                `json:"cards,omitempty"`
	Categories map[string]int                `json:"categories,omitempty"`
	Versus     map[string]storage.HeadToHead `json:"versus,omitempty"`
}

// gameRecord is what a recorded game keeps for a repeated RecordResult.
type gameRecord struct {
	Prior []storage.Rating `json:"prior,omitempty"`
	After []storage.Rating `json:"after,omitempty"`
}

// recordedGame reads a game's record: ok is false for a game not recorded.
func recordedGame(games *bbolt.Bucket, id string) (rec storage.Recorded, ok bool, err error) {
	data := games.Get([]byte(id))
	if data == nil {
		return rec, false, nil
	}
	if len(data) == 0 || data[0] != '{' {
		return rec, true, nil // recorded before ratings were kept (a 1)
	}
	var g gameRecord
	if err := json.Unmarshal(data, &g); err != nil {
		return rec, true, fmt.Errorf("decode game record %q: %w", id, err)
	}
	rec.Prior, rec.After = g.Prior, g.After
	return rec, true, nil
}

type historyEntry struct {
	ID      string                 `json:"id"`
	At      int64                  `json:"at"`
	Summary []byte                 `json:"summary"`
	Ratings []storage.RatingChange `json:"ratings,omitempty"`
}

func getJSON(b *bbolt.Bucket, key []byte, v any) error {
	data := b.Get(key)
	if data == nil {
		return nil
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("decode %q: %w", key, err)
	}
	return nil
}

func putJSON(b *bbolt.Bucket, key []byte, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return b.Put(key, data)
}

func buckets(cb *bbolt.Bucket, names ...string) ([]*bbolt.Bucket, error) {
	out := make([]*bbolt.Bucket, len(names))
	for i, n := range names {
		b, err := cb.CreateBucketIfNotExists([]byte(n))
		if err != nil {
			return nil, err
		}
		out[i] = b
	}
	return out, nil
}

// RecordResult implements storage.Leaderboards. The whole result, ratings
// included, is one transaction.
func (s *Store) RecordResult(ctx context.Context, r storage.Result) (storage.Recorded, error) {
	if err := ctx.Err(); err != nil {
		return storage.Recorded{}, err
	}
	var rec storage.Recorded
	err := s.db.Update(func(tx *bbolt.Tx) error {
		cb, err := tx.Bucket(bucketBoards).CreateBucketIfNotExists([]byte(r.Community))
		if err != nil {
			return err
		}
		bs, err := buckets(cb, "games", "stats", "profiles", "history")
		if err != nil {
			return err
		}
		games, stats, profiles, history := bs[0], bs[1], bs[2], bs[3]
		var done bool
		if rec, done, err = recordedGame(games, r.GameID); done || err != nil {
			return err
		}
		prior := make([]storage.Rating, len(r.Players))
		met := make([][]storage.Met, len(r.Players))
		for i, pl := range r.Players {
			var st periodStats
			if err := getJSON(stats, statsKey(storage.AllTime.Key(r.FinishedAt), pl.ID), &st); err != nil {
				return err
			}
			prior[i] = st.Rating
			var pf profile
			if err := getJSON(profiles, []byte(pl.ID), &pf); err != nil {
				return err
			}
			met[i] = make([]storage.Met, len(r.Players))
			for j, other := range r.Players {
				if j != i {
					met[i][j] = pf.Versus[other.ID].Met
				}
			}
		}
		after, metAfter, err := r.Ratings(prior, met)
		if err != nil {
			return err
		}
		rec = storage.Recorded{New: true}
		if after != nil {
			rec.Prior, rec.After = prior, after
		}
		if err := putJSON(games, []byte(r.GameID), gameRecord{Prior: rec.Prior, After: rec.After}); err != nil {
			return err
		}
		for i, pl := range r.Players {
			for _, p := range periods {
				k := statsKey(p.Key(r.FinishedAt), pl.ID)
				var st periodStats
				if err := getJSON(stats, k, &st); err != nil {
					return err
				}
				if st.Games == 0 || pl.Score > st.BestScore {
					st.BestScore = pl.Score
				}
				st.PlayerID, st.Name = pl.ID, pl.Name
				st.Games++
				st.TotalScore += pl.Score
				st.PlaceSum += pl.Place
				if pl.Place == 1 {
					st.Wins++
				}
				if after != nil {
					// The period's line carries the rating its player had
					// after their last game in it.
					st.Previous, st.Rating = prior[i], after[i]
				}
				if err := putJSON(stats, k, st); err != nil {
					return err
				}
			}
			var pf profile
			if err := getJSON(profiles, []byte(pl.ID), &pf); err != nil {
				return err
			}
			if pl.Quit {
				pf.Quits++
			}
			if after != nil {
				pf.Rated++
				pf.Trend = storage.Trended(pf.Trend, after[i])
			}
			pf.Cards = addCounts(pf.Cards, pl.Cards)
			pf.Categories = addCounts(pf.Categories, pl.Categories)
			for j, other := range r.Players {
				if j == i || other.ID == pl.ID {
					continue
				}
				if pf.Versus == nil {
					pf.Versus = map[string]storage.HeadToHead{}
				}
				h := pf.Versus[other.ID]
				h.Games++
				switch {
				case pl.Place < other.Place:
					h.Wins++
				case pl.Place > other.Place:
					h.Losses++
				}
				if metAfter != nil {
					h.Met = metAfter[i][j]
				}
				pf.Versus[other.ID] = h
			}
			if err := putJSON(profiles, []byte(pl.ID), pf); err != nil {
				return err
			}
		}
		if r.Summary != nil {
			if err := addHistory(history, r, r.Changes(prior, after)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return storage.Recorded{}, fmt.Errorf("bolt record result %s/%s: %w", r.Community, r.GameID, err)
	}
	return rec, nil
}

func addCounts(to, add map[string]int) map[string]int {
	for k, n := range add {
		if to == nil {
			to = map[string]int{}
		}
		to[k] += n
	}
	return to
}

func addHistory(b *bbolt.Bucket, r storage.Result, changes []storage.RatingChange) error {
	seq, err := b.NextSequence()
	if err != nil {
		return err
	}
	if err := putJSON(b, binary.BigEndian.AppendUint64(nil, seq), historyEntry{ID: r.GameID, At: r.FinishedAt.UnixNano(), Summary: r.Summary, Ratings: changes}); err != nil {
		return err
	}
	// Counted with a cursor: a bucket's Stats do not see this
	// transaction's writes.
	var keys [][]byte
	c := b.Cursor()
	for k, _ := c.First(); k != nil; k, _ = c.Next() {
		keys = append(keys, slices.Clone(k))
	}
	for _, k := range keys[:max(0, len(keys)-storage.HistoryLength)] {
		if err := b.Delete(k); err != nil {
			return err
		}
	}
	return nil
}

func (s *Store) board(community string, fn func(cb *bbolt.Bucket) error) error {
	return s.db.View(func(tx *bbolt.Tx) error {
		cb := tx.Bucket(bucketBoards).Bucket([]byte(community))
		if cb == nil {
			return nil
		}
		return fn(cb)
	})
}

// Top implements storage.Leaderboards.
func (s *Store) Top(ctx context.Context, q storage.Query) ([]storage.Entry, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var all []storage.Entry
	prefix := statsKey(q.Period.Key(q.At), "")
	err := s.board(q.Community, func(cb *bbolt.Bucket) error {
		stats, profiles := cb.Bucket([]byte("stats")), cb.Bucket([]byte("profiles"))
		if stats == nil {
			return nil
		}
		c := stats.Cursor()
		for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
			var st periodStats
			if err := json.Unmarshal(v, &st); err != nil {
				return fmt.Errorf("stats %q: %w", k, err)
			}
			if q.By == storage.ByRating {
				var pf profile
				if profiles != nil {
					if err := getJSON(profiles, []byte(st.PlayerID), &pf); err != nil {
						return err
					}
				}
				if !st.Rating.Rated() || pf.Rated < q.MinGames {
					continue
				}
			}
			all = append(all, storage.Entry{PlayerID: st.PlayerID, Name: st.Name, Games: st.Games, Wins: st.Wins, Points: st.TotalScore,
				Rating: st.Rating, Previous: st.Previous})
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("bolt top %s: %w", q.Community, err)
	}
	slices.SortFunc(all, func(a, b storage.Entry) int {
		var first, second int
		switch q.By {
		case storage.ByRating:
			first = cmp.Compare(b.Rating.Ordinal(), a.Rating.Ordinal())
		case storage.ByPoints:
			first, second = cmp.Compare(b.Points, a.Points), cmp.Compare(b.Wins, a.Wins)
		default:
			first, second = cmp.Compare(b.Wins, a.Wins), cmp.Compare(b.Points, a.Points)
		}
		return cmp.Or(first, second, cmp.Compare(a.PlayerID, b.PlayerID))
	})
	return all[:min(max(q.N, 0), len(all))], nil
}

// PlayerStats implements storage.Leaderboards.
func (s *Store) PlayerStats(ctx context.Context, community, player string, p storage.Period, at time.Time) (storage.Stats, error) {
	if err := ctx.Err(); err != nil {
		return storage.Stats{}, err
	}
	st := periodStats{Stats: storage.Stats{PlayerID: player}}
	err := s.board(community, func(cb *bbolt.Bucket) error {
		if b := cb.Bucket([]byte("stats")); b != nil {
			return getJSON(b, statsKey(p.Key(at), player), &st)
		}
		return nil
	})
	if err != nil {
		return storage.Stats{}, fmt.Errorf("bolt stats %s/%s: %w", community, player, err)
	}
	return st.Stats, nil
}

// Profile implements storage.Leaderboards.
func (s *Store) Profile(ctx context.Context, community, player string) (storage.Profile, error) {
	if err := ctx.Err(); err != nil {
		return storage.Profile{}, err
	}
	st := periodStats{Stats: storage.Stats{PlayerID: player}}
	var pf profile
	err := s.board(community, func(cb *bbolt.Bucket) error {
		if b := cb.Bucket([]byte("stats")); b != nil {
			if err := getJSON(b, statsKey(storage.AllTime.Key(time.Time{}), player), &st); err != nil {
				return err
			}
		}
		if b := cb.Bucket([]byte("profiles")); b != nil {
			return getJSON(b, []byte(player), &pf)
		}
		return nil
	})
	if err != nil {
		return storage.Profile{}, fmt.Errorf("bolt profile %s/%s: %w", community, player, err)
	}
	return storage.Profile{Stats: st.Stats, Rated: pf.Rated, Quits: pf.Quits, Rating: st.Rating, Previous: st.Previous, Trend: pf.Trend,
		Cards: pf.Cards, Categories: pf.Categories, Versus: pf.Versus}, nil
}

func (s *Store) history(community string, fn func(e historyEntry) bool) error {
	return s.board(community, func(cb *bbolt.Bucket) error {
		b := cb.Bucket([]byte("history"))
		if b == nil {
			return nil
		}
		c := b.Cursor()
		for k, v := c.Last(); k != nil; k, v = c.Prev() {
			var e historyEntry
			if err := json.Unmarshal(v, &e); err != nil {
				return fmt.Errorf("history entry %x: %w", k, err)
			}
			if !fn(e) {
				return nil
			}
		}
		return nil
	})
}

func (e historyEntry) game() storage.Game {
	return storage.Game{ID: e.ID, FinishedAt: time.Unix(0, e.At).UTC(), Summary: e.Summary, Ratings: e.Ratings}
}

// History implements storage.Leaderboards.
func (s *Store) History(ctx context.Context, community string, n int) ([]storage.Game, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var out []storage.Game
	err := s.history(community, func(e historyEntry) bool {
		if len(out) >= n {
			return false
		}
		out = append(out, e.game())
		return true
	})
	if err != nil {
		return nil, fmt.Errorf("bolt history %s: %w", community, err)
	}
	return out, nil
}

// HistoryGame implements storage.Leaderboards.
func (s *Store) HistoryGame(ctx context.Context, community, gameID string) (storage.Game, error) {
	if err := ctx.Err(); err != nil {
		return storage.Game{}, err
	}
	var found *storage.Game
	err := s.history(community, func(e historyEntry) bool {
		if e.ID == gameID {
			g := e.game()
			found = &g
			return false
		}
		return true
	})
	if err != nil {
		return storage.Game{}, fmt.Errorf("bolt history %s/%s: %w", community, gameID, err)
	}
	if found == nil {
		return storage.Game{}, fmt.Errorf("bolt history %s/%s: %w", community, gameID, storage.ErrNotFound)
	}
	return *found, nil
}
