package redis

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sushigo/sushigo/storage"
)

var update = flag.Bool("update", false, "rewrite testdata/record.golden.json from what RecordResult writes now")

// TestRecordResultGolden records a fixed run of games (two to eight
// players from a pool of ten, rated and not, quits, ties, negative
// scores, cards counted zero, a game recorded twice, over two months and
// five weeks, a history longer than a community keeps) and compares every
// key it wrote, with its value and how long it lives, to
// testdata/record.golden.json. The file was written by the script that
// issued one command per counter (before 2 December 2026): what a
// community's boards, profiles and history hold must not depend on how
// the script gets there, since every release reads them.
func TestRecordResultGolden(t *testing.T) {
	ctx := context.Background()
	s := openPrefixed(t, "record-golden")
	for _, r := range goldenResults() {
		if _, err := s.RecordResult(ctx, r); err != nil {
			t.Fatalf("record %s: %v", r.GameID, err)
		}
	}
	got := dumpPrefix(t, s)
	path := filepath.Join("testdata", "record.golden.json")
	if *update {
		data, err := json.MarshalIndent(got, "", "\t")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, append(data, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var want map[string]dumpedKey
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	for k, w := range want {
		g, ok := got[k]
		switch {
		case !ok:
			t.Errorf("%s: not written; want %+v", k, w)
		case g.Type != w.Type || g.TTLDays != w.TTLDays:
			t.Errorf("%s: a %s living %d days; want a %s living %d", k, g.Type, g.TTLDays, w.Type, w.TTLDays)
		case !slices.Equal(g.Value, w.Value):
			t.Errorf("%s holds\n\t%q\nwant\n\t%q", k, g.Value, w.Value)
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("%s: written, and not in the golden file", k)
		}
	}
}

// dumpedKey is one key as TestRecordResultGolden compares it: its type,
// its value as sorted lines (a hash's "field=value", a sorted set's
// "member=score", a list's items in order, a string), and its time to
// live in whole days (-1: none).
type dumpedKey struct {
	Type    string   `json:"type"`
	TTLDays int      `json:"ttlDays"`
	Value   []string `json:"value"`
}

// dumpPrefix reads every key under s's prefix, named without it.
func dumpPrefix(t *testing.T, s *Store) map[string]dumpedKey {
	t.Helper()
	ctx := context.Background()
	out := map[string]dumpedKey{}
	iter := s.c.Scan(ctx, 0, s.prefix+"*", 1000).Iterator()
	for iter.Next(ctx) {
		k := iter.Val()
		typ, err := s.c.Type(ctx, k).Result()
		if err != nil {
			t.Fatal(err)
		}
		var v []string
		switch typ {
		case "string":
			str, err := s.c.Get(ctx, k).Result()
			if err != nil {
				t.Fatal(err)
			}
			v = []string{str}
		case "hash":
			m, err := s.c.HGetAll(ctx, k).Result()
			if err != nil {
				t.Fatal(err)
			}
			for f, x := range m {
				v = append(v, f+"="+x)
			}
			slices.Sort(v)
		case "zset":
			zs, err := s.c.ZRangeWithScores(ctx, k, 0, -1).Result()
			if err != nil {
				t.Fatal(err)
			}
			for _, z := range zs {
				v = append(v, fmt.Sprint(z.Member)+"="+strconv.FormatFloat(z.Score, 'g', -1, 64))
			}
			slices.Sort(v)
		case "list":
			if v, err = s.c.LRange(ctx, k, 0, -1).Result(); err != nil {
				t.Fatal(err)
			}
		default:
			t.Fatalf("%s: a %s, which recording does not write", k, typ)
		}
		ttl, err := s.c.PTTL(ctx, k).Result()
		if err != nil {
			t.Fatal(err)
		}
		days := -1
		if ttl >= 0 {
			days = int((ttl + 12*time.Hour) / (24 * time.Hour))
		}
		out[strings.TrimPrefix(k, s.prefix)] = dumpedKey{Type: typ, TTLDays: days, Value: v}
	}
	if err := iter.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// goldenResults is TestRecordResultGolden's run of games, the same at
// every call.
func goldenResults() []storage.Result {
	rng := rand.New(rand.NewPCG(53, 2))
	kinds := []string{"Tempura", "Sashimi", "Dumpling", "Maki", "Nigiri", "Pudding", "Wasabi", "Chopsticks"}
	start := time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)
	var out []storage.Result
	for g := range 170 {
		n := 2 + rng.IntN(7)
		ids := rng.Perm(10)[:n]
		r := storage.Result{
			GameID:     fmt.Sprint("g", g),
			Community:  []string{"discord:guild", "slack:team"}[g%7/6],
			FinishedAt: start.Add(time.Duration(g) * 5 * time.Hour), // into December, over five weeks
		}
		if g%5 != 0 {
			r.Summary = []byte(fmt.Sprintf(`{"game":%d}`, g))
		}
		for _, id := range ids {
			p := storage.PlayerResult{ID: fmt.Sprint("p", id), Name: fmt.Sprint("Player ", id), Score: rng.IntN(90) - 10,
				Quit: rng.IntN(10) == 0, Cards: map[string]int{}, Categories: map[string]int{}}
			for _, k := range kinds[:1+rng.IntN(len(kinds))] {
				p.Cards[k] = rng.IntN(4) // a kind counted zero too
				p.Categories[k] = rng.IntN(20) - 4
			}
			r.Players = append(r.Players, p)
		}
		for i := range r.Players {
			r.Players[i].Place = 1
			for j := range r.Players {
				if r.Players[j].Score > r.Players[i].Score {
					r.Players[i].Place++ // ties share a place
				}
			}
		}
		if g%4 != 3 {
			at := r.FinishedAt
			r.Rate = func(prior []storage.Rating, met [][]storage.Met) ([]storage.Rating, [][]storage.Met) {
				after := make([]storage.Rating, len(prior))
				out := make([][]storage.Met, len(prior))
				for i, pr := range prior {
					if !pr.Rated() {
						pr = storage.Rating{Mu: 25, Sigma: 8.333}
					}
					after[i] = storage.Rating{Mu: pr.Mu + float64(len(prior)/2-r.Players[i].Place)*0.75, Sigma: pr.Sigma * 0.96, At: at}
					out[i] = make([]storage.Met, len(prior))
					for j := range prior {
						if j != i {
							out[i][j] = storage.Met{Count: met[i][j].Count*0.9 + 1, At: at}
						}
					}
				}
				return after, out
			}
		}
		out = append(out, r)
		if g%17 == 4 {
			out = append(out, r) // recorded again: nothing changes
		}
	}
	return out
}
