// Package storagetest is the conformance suite of the storage contract. A
// backend's test calls Run with a function that opens a fresh, empty store.
package storagetest

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/sushigo/sushigo/storage"
)

// Run checks every rule of the storage package documentation against stores
// made by open. Each subtest gets its own store.
func Run(t *testing.T, open func(t *testing.T) storage.Store) {
	groups := []struct {
		name  string
		tests []struct {
			name string
			fn   func(*testing.T, storage.Store)
		}
	}{
		{"Games", gameTests},
		{"Records", recordTests},
		{"Leaderboards", leaderboardTests},
		{"Ratings", ratingTests},
		{"Forever", foreverTests},
		{"History", historyTests},
		{"Deadlines", deadlineTests},
		{"Health", healthTests},
		{"Changes", changesTests},
	}
	for _, g := range groups {
		t.Run(g.name, func(t *testing.T) {
			for _, tc := range g.tests {
				t.Run(tc.name, func(t *testing.T) {
					t.Parallel()
					tc.fn(t, open(t))
				})
			}
		})
	}
}

type test = struct {
	name string
	fn   func(*testing.T, storage.Store)
}

// eventually polls cond for up to 10 s: expiry is approximate in every
// backend, and the suite must not depend on timing beyond "soon".
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s did not happen within 10s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func mustSave(t *testing.T, s storage.Store, key string, data []byte, prev storage.Version) storage.Version {
	t.Helper()
	v, err := s.SaveGame(context.Background(), key, data, prev, 0)
	if err != nil {
		t.Fatalf("SaveGame(%q, prev %d): %v", key, prev, err)
	}
	return v
}

var ctx = context.Background()

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

var gameTests = []test{
	{"LoadMissing", func(t *testing.T, s storage.Store) {
		if _, _, err := s.LoadGame(ctx, "nope"); !errors.Is(err, storage.ErrNotFound) {
			t.Fatalf("got %v, want ErrNotFound", err)
		}
	}},
	{"CreateThenLoad", func(t *testing.T, s storage.Store) {
		v := mustSave(t, s, "g", []byte("hello"), 0)
		if v != 1 {
			t.Errorf("first version %d, want 1", v)
		}
		data, got, err := s.LoadGame(ctx, "g")
		if err != nil || got != v || string(data) != "hello" {
			t.Fatalf("LoadGame = %q, %d, %v; want hello, %d", data, got, err, v)
		}
	}},
	{"BinaryAndEmptyData", func(t *testing.T, s storage.Store) {
		bin := []byte{0, 1, 2, 255, 0, '{', '}', '"', '\\'}
		mustSave(t, s, "bin", bin, 0)
		mustSave(t, s, "empty", nil, 0)
		if data, _, err := s.LoadGame(ctx, "bin"); err != nil || !bytes.Equal(data, bin) {
			t.Errorf("binary data came back as %v, %v", data, err)
		}
		if data, _, err := s.LoadGame(ctx, "empty"); err != nil || len(data) != 0 {
			t.Errorf("empty data came back as %v, %v", data, err)
		}
	}},
	{"CreateTwiceConflicts", func(t *testing.T, s storage.Store) {
		mustSave(t, s, "g", []byte("a"), 0)
		if _, err := s.SaveGame(ctx, "g", []byte("b"), 0, 0); !errors.Is(err, storage.ErrConflict) {
			t.Fatalf("got %v, want ErrConflict", err)
		}
		if data, _, _ := s.LoadGame(ctx, "g"); string(data) != "a" {
			t.Errorf("a refused create changed the data to %q", data)
		}
	}},
	{"SaveStaleVersionConflicts", func(t *testing.T, s storage.Store) {
		v1 := mustSave(t, s, "g", []byte("a"), 0)
		v2 := mustSave(t, s, "g", []byte("b"), v1)
		if _, err := s.SaveGame(ctx, "g", []byte("c"), v1, 0); !errors.Is(err, storage.ErrConflict) {
			t.Fatalf("stale save: got %v, want ErrConflict", err)
		}
		if _, err := s.SaveGame(ctx, "g", []byte("c"), v2+5, 0); !errors.Is(err, storage.ErrConflict) {
			t.Fatalf("future version: got %v, want ErrConflict", err)
		}
		if data, v, _ := s.LoadGame(ctx, "g"); string(data) != "b" || v != v2 {
			t.Errorf("after refused saves: %q v%d, want b v%d", data, v, v2)
		}
	}},
	{"SaveMissingWithVersionConflicts", func(t *testing.T, s storage.Store) {
		if _, err := s.SaveGame(ctx, "g", []byte("a"), 3, 0); !errors.Is(err, storage.ErrConflict) {
			t.Fatalf("got %v, want ErrConflict", err)
		}
		if _, _, err := s.LoadGame(ctx, "g"); !errors.Is(err, storage.ErrNotFound) {
			t.Errorf("a refused save created the game: %v", err)
		}
	}},
	{"SaveCurrentVersionBumps", func(t *testing.T, s storage.Store) {
		v := mustSave(t, s, "g", []byte("a"), 0)
		for i := range 5 {
			next := mustSave(t, s, "g", []byte{byte(i)}, v)
			if next != v+1 {
				t.Fatalf("version %d after %d, want %d", next, v, v+1)
			}
			v = next
		}
	}},
	{"DeleteMissing", func(t *testing.T, s storage.Store) {
		if err := s.DeleteGame(ctx, "nope", 1); !errors.Is(err, storage.ErrNotFound) {
			t.Fatalf("got %v, want ErrNotFound", err)
		}
	}},
	{"DeleteStaleConflicts", func(t *testing.T, s storage.Store) {
		v1 := mustSave(t, s, "g", []byte("a"), 0)
		v2 := mustSave(t, s, "g", []byte("b"), v1)
		if err := s.DeleteGame(ctx, "g", v1); !errors.Is(err, storage.ErrConflict) {
			t.Fatalf("stale delete: got %v, want ErrConflict", err)
		}
		if err := s.DeleteGame(ctx, "g", v2); err != nil {
			t.Fatalf("delete: %v", err)
		}
		if _, _, err := s.LoadGame(ctx, "g"); !errors.Is(err, storage.ErrNotFound) {
			t.Fatalf("after delete: got %v, want ErrNotFound", err)
		}
		if v := mustSave(t, s, "g", []byte("again"), 0); v != 1 {
			t.Errorf("re-created game has version %d, want 1", v)
		}
	}},
	{"KeysAreIsolated", func(t *testing.T, s storage.Store) {
		keys := []string{"discord:1:2", "discord:1:3", "slack:T1:C2", "a{b}c", "sp ace", "ünï"}
		for i, k := range keys {
			mustSave(t, s, k, []byte{byte(i)}, 0)
		}
		for i, k := range keys {
			if data, _, err := s.LoadGame(ctx, k); err != nil || !bytes.Equal(data, []byte{byte(i)}) {
				t.Errorf("%q: %v, %v", k, data, err)
			}
		}
	}},
	{"RenewOnlyWhileHeld", func(t *testing.T, s storage.Store) {
		if ok, err := s.AddRecord(ctx, "lease", []byte("mine"), 300*time.Millisecond); !ok || err != nil {
			t.Fatal("add", ok, err)
		}
		if ok, err := s.RenewRecord(ctx, "lease", []byte("theirs"), time.Hour); ok || err != nil {
			t.Fatalf("renewing another holder's record: %v, %v", ok, err)
		}
		if ok, err := s.RenewRecord(ctx, "lease", []byte("mine"), time.Hour); !ok || err != nil {
			t.Fatalf("renewing one's own record: %v, %v", ok, err)
		}
		// Renewed for an hour: it outlives its first 300 ms.
		time.Sleep(400 * time.Millisecond)
		if got, err := s.GetRecord(ctx, "lease"); err != nil || string(got) != "mine" {
			t.Fatalf("after its first expiry the renewed record is %q, %v", got, err)
		}
		if ok, err := s.RenewRecord(ctx, "lease", []byte("theirs"), 0); ok || err != nil {
			t.Fatalf("releasing another holder's record: %v, %v", ok, err)
		}
		if ok, err := s.RenewRecord(ctx, "lease", []byte("mine"), 0); !ok || err != nil {
			t.Fatalf("releasing one's own record: %v, %v", ok, err)
		}
		if _, err := s.GetRecord(ctx, "lease"); !errors.Is(err, storage.ErrNotFound) {
			t.Fatalf("a released record: %v", err)
		}
		if ok, err := s.RenewRecord(ctx, "lease", []byte("mine"), time.Hour); ok || err != nil {
			t.Fatalf("renewing a missing record: %v, %v", ok, err)
		}
	}},
	{"ReturnedBytesAreCopies", func(t *testing.T, s storage.Store) {
		in := []byte("abc")
		mustSave(t, s, "g", in, 0)
		in[0] = 'X'
		out, _, _ := s.LoadGame(ctx, "g")
		if string(out) != "abc" {
			t.Fatalf("store kept the caller's slice: %q", out)
		}
		out[1] = 'Y'
		again, _, _ := s.LoadGame(ctx, "g")
		if string(again) != "abc" {
			t.Fatalf("store returned its own memory: %q", again)
		}
	}},
	{"Expiry", func(t *testing.T, s storage.Store) {
		v := mustSave(t, s, "keep", []byte("a"), 0)
		if _, err := s.SaveGame(ctx, "gone", []byte("a"), 0, 300*time.Millisecond); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.LoadGame(ctx, "gone"); err != nil {
			t.Fatalf("game gone at once: %v", err)
		}
		// A save with ttl 0 removes an earlier expiry.
		if _, err := s.SaveGame(ctx, "keep", []byte("b"), v, 300*time.Millisecond); err != nil {
			t.Fatal(err)
		}
		if _, err := s.SaveGame(ctx, "keep", []byte("c"), v+1, 0); err != nil {
			t.Fatal(err)
		}
		eventually(t, "expiry", func() bool {
			_, _, err := s.LoadGame(ctx, "gone")
			return errors.Is(err, storage.ErrNotFound)
		})
		time.Sleep(400 * time.Millisecond)
		if data, _, err := s.LoadGame(ctx, "keep"); err != nil || string(data) != "c" {
			t.Errorf("game saved without ttl: %q, %v", data, err)
		}
		if v := mustSave(t, s, "gone", []byte("new"), 0); v != 1 {
			t.Errorf("expired key re-created at version %d, want 1", v)
		}
	}},
	{"CommitSchedulesWithTheSave", func(t *testing.T, s storage.Store) {
		now := time.Now()
		v, err := s.Commit(ctx, "g", []byte("a"), 0, 0, []storage.Deadline{{Key: "out:g", Due: now.Add(-time.Second)}, {Key: "g", Due: now.Add(time.Hour)}})
		if err != nil || v != 1 {
			t.Fatalf("commit: %d, %v", v, err)
		}
		// A conflicting commit changes no game, but its deadlines are set.
		if _, err := s.Commit(ctx, "g", []byte("b"), 7, 0, []storage.Deadline{{Key: "late:g", Due: now.Add(-time.Second)}}); !errors.Is(err, storage.ErrConflict) {
			t.Fatalf("commit with a stale version: %v, want ErrConflict", err)
		}
		if data, ver, _ := s.LoadGame(ctx, "g"); string(data) != "a" || ver != 1 {
			t.Fatalf("after the conflict: %q at %d", data, ver)
		}
		cs, err := s.ClaimDue(ctx, now, time.Minute, 10)
		must(t, err)
		got := []string{}
		for _, c := range cs {
			got = append(got, c.Key)
		}
		slices.Sort(got)
		if !slices.Equal(got, []string{"late:g", "out:g"}) {
			t.Fatalf("due after the commits: %v, want [late:g out:g] (\"g\" is due in an hour)", got)
		}
	}},
	{"Sides", func(t *testing.T, s storage.Store) {
		if err := s.SetGameSide(ctx, "g", []byte("x")); !errors.Is(err, storage.ErrNotFound) {
			t.Fatalf("side of a missing game: %v, want ErrNotFound", err)
		}
		if _, _, _, err := s.LoadGameSide(ctx, "g"); !errors.Is(err, storage.ErrNotFound) {
			t.Fatalf("load of a missing game: %v, want ErrNotFound", err)
		}
		v := mustSave(t, s, "g", []byte("a"), 0)
		data, side, ver, err := s.LoadGameSide(ctx, "g")
		if err != nil || string(data) != "a" || side != nil || ver != v {
			t.Fatalf("new game: %q %q %d %v, want \"a\", no side, %d", data, side, ver, err, v)
		}
		must(t, s.SetGameSide(ctx, "g", []byte("sent 1")))
		must(t, s.SetGameSide(ctx, "g", []byte("sent 2")))
		// The side changes no version: a save from the loaded version wins.
		v = mustSave(t, s, "g", []byte("b"), v)
		data, side, ver, err = s.LoadGameSide(ctx, "g")
		if err != nil || string(data) != "b" || string(side) != "sent 2" || ver != v {
			t.Fatalf("after a save: %q %q %d %v", data, side, ver, err)
		}
		side[0] = 'X'
		if _, again, _, _ := s.LoadGameSide(ctx, "g"); string(again) != "sent 2" {
			t.Fatalf("store returned its own memory: %q", again)
		}
		// Deleted and created again: a new game has no side.
		must(t, s.DeleteGame(ctx, "g", v))
		if err := s.SetGameSide(ctx, "g", []byte("y")); !errors.Is(err, storage.ErrNotFound) {
			t.Fatalf("side of a deleted game: %v, want ErrNotFound", err)
		}
		mustSave(t, s, "g", []byte("c"), 0)
		if _, side, _, _ := s.LoadGameSide(ctx, "g"); side != nil {
			t.Fatalf("re-created game kept the old side %q", side)
		}
		// It expires with its game.
		if _, err := s.SaveGame(ctx, "e", []byte("a"), 0, 300*time.Millisecond); err != nil {
			t.Fatal(err)
		}
		must(t, s.SetGameSide(ctx, "e", []byte("z")))
		eventually(t, "expiry", func() bool {
			_, _, _, err := s.LoadGameSide(ctx, "e")
			return errors.Is(err, storage.ErrNotFound)
		})
		if _, err := s.SaveGame(ctx, "e", []byte("new"), 0, 0); err != nil {
			t.Fatal(err)
		}
		if _, side, _, _ := s.LoadGameSide(ctx, "e"); side != nil {
			t.Fatalf("expired game's side came back: %q", side)
		}
	}},
	{"ConcurrentSavesSerialize", func(t *testing.T, s storage.Store) {
		// Each worker appends its own IDs to a list with load-modify-save,
		// retrying on conflict. Every ID must land exactly once.
		const workers, each = 16, 8
		mustSave(t, s, "counter", nil, 0)
		var wg sync.WaitGroup
		errs := make(chan error, workers)
		for w := range workers {
			wg.Go(func() {
				for i := range each {
					id := uint16(w*each + i)
					for {
						data, v, err := s.LoadGame(ctx, "counter")
						if err != nil {
							errs <- err
							return
						}
						data = binary.BigEndian.AppendUint16(data, id)
						_, err = s.SaveGame(ctx, "counter", data, v, 0)
						if err == nil {
							break
						}
						if !errors.Is(err, storage.ErrConflict) {
							errs <- err
							return
						}
					}
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		data, v, _ := s.LoadGame(ctx, "counter")
		var ids []int
		for i := 0; i+1 < len(data); i += 2 {
			ids = append(ids, int(binary.BigEndian.Uint16(data[i:])))
		}
		slices.Sort(ids)
		if len(ids) != workers*each || int(v) != workers*each+1 {
			t.Fatalf("%d updates stored at version %d, want %d at version %d", len(ids), v, workers*each, workers*each+1)
		}
		for i, id := range ids {
			if id != i {
				t.Fatalf("update %d lost or applied twice (ids %v)", i, ids)
			}
		}
	}},
	{"ContextCanceled", func(t *testing.T, s storage.Store) {
		c, cancel := context.WithCancel(ctx)
		cancel()
		now := time.Now()
		calls := map[string]error{}
		_, _, calls["LoadGame"] = s.LoadGame(c, "g")
		_, calls["SaveGame"] = s.SaveGame(c, "g", []byte("a"), 0, 0)
		calls["DeleteGame"] = s.DeleteGame(c, "g", 1)
		_, calls["Commit"] = s.Commit(c, "g", []byte("a"), 0, 0, []storage.Deadline{{Key: "g", Due: now}})
		_, _, _, calls["LoadGameSide"] = s.LoadGameSide(c, "g")
		calls["SetGameSide"] = s.SetGameSide(c, "g", nil)
		_, calls["GetRecord"] = s.GetRecord(c, "r")
		calls["SetRecord"] = s.SetRecord(c, "r", nil, time.Minute)
		_, calls["AddRecord"] = s.AddRecord(c, "r", nil, time.Minute)
		calls["DeleteRecord"] = s.DeleteRecord(c, "r")
		_, calls["RenewRecord"] = s.RenewRecord(c, "r", nil, time.Minute)
		_, calls["RecordResult"] = s.RecordResult(c, result("x", "c", now, pr("a", 1, 1)))
		_, calls["Top"] = s.Top(c, storage.Query{Community: "c", Period: storage.AllTime, At: now, By: storage.ByWins, N: 5})
		_, calls["PlayerStats"] = s.PlayerStats(c, "c", "a", storage.AllTime, now)
		_, calls["Profile"] = s.Profile(c, "c", "a")
		_, calls["History"] = s.History(c, "c", 5)
		_, calls["HistoryGame"] = s.HistoryGame(c, "c", "x")
		calls["Schedule"] = s.Schedule(c, "g", now)
		calls["Cancel"] = s.Cancel(c, "g")
		calls["Withdraw"] = s.Withdraw(c, "g", now)
		_, calls["ClaimDue"] = s.ClaimDue(c, now, time.Minute, 5)
		calls["Complete"] = s.Complete(c, storage.Claim{Key: "g", Token: 1})
		for name, err := range calls {
			if !errors.Is(err, context.Canceled) {
				t.Errorf("%s with a cancelled context: got %v, want context.Canceled", name, err)
			}
		}
		if _, _, err := s.LoadGame(ctx, "g"); !errors.Is(err, storage.ErrNotFound) {
			t.Errorf("a cancelled save stored the game: %v", err)
		}
	}},
}

var recordTests = []test{
	{"GetMissing", func(t *testing.T, s storage.Store) {
		if _, err := s.GetRecord(ctx, "r"); !errors.Is(err, storage.ErrNotFound) {
			t.Fatalf("got %v, want ErrNotFound", err)
		}
	}},
	{"SetGetOverwriteDelete", func(t *testing.T, s storage.Store) {
		for _, v := range []string{"one", "two"} {
			if err := s.SetRecord(ctx, "r", []byte(v), time.Hour); err != nil {
				t.Fatal(err)
			}
			if got, err := s.GetRecord(ctx, "r"); err != nil || string(got) != v {
				t.Fatalf("GetRecord = %q, %v; want %q", got, err, v)
			}
		}
		if err := s.DeleteRecord(ctx, "r"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.GetRecord(ctx, "r"); !errors.Is(err, storage.ErrNotFound) {
			t.Fatalf("after delete: %v", err)
		}
		if err := s.DeleteRecord(ctx, "r"); err != nil {
			t.Fatalf("deleting a missing record: %v", err)
		}
	}},
	{"AddOnlyIfAbsent", func(t *testing.T, s storage.Store) {
		var wg sync.WaitGroup
		var mu sync.Mutex
		added := 0
		for i := range 20 {
			wg.Go(func() {
				ok, err := s.AddRecord(ctx, "once", []byte{byte(i)}, time.Hour)
				if err != nil {
					t.Error(err)
				}
				if ok {
					mu.Lock()
					added++
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		if added != 1 {
			t.Fatalf("%d concurrent adds succeeded, want exactly 1", added)
		}
	}},
	{"Expiry", func(t *testing.T, s storage.Store) {
		if err := s.SetRecord(ctx, "r", []byte("x"), 300*time.Millisecond); err != nil {
			t.Fatal(err)
		}
		if ok, err := s.AddRecord(ctx, "a", []byte("x"), 300*time.Millisecond); !ok || err != nil {
			t.Fatal("add", ok, err)
		}
		eventually(t, "record expiry", func() bool {
			_, err := s.GetRecord(ctx, "r")
			return errors.Is(err, storage.ErrNotFound)
		})
		eventually(t, "added record expiry", func() bool {
			ok, err := s.AddRecord(ctx, "a", []byte("y"), time.Hour)
			return ok && err == nil
		})
	}},
	{"ReturnedBytesAreCopies", func(t *testing.T, s storage.Store) {
		in := []byte("abc")
		must(t, s.SetRecord(ctx, "r", in, time.Hour))
		in[0] = 'X'
		out, _ := s.GetRecord(ctx, "r")
		out[1] = 'Y'
		if again, _ := s.GetRecord(ctx, "r"); string(again) != "abc" {
			t.Fatalf("got %q, want abc", again)
		}
	}},
}

func pr(id string, score, place int) storage.PlayerResult {
	return storage.PlayerResult{ID: id, Name: "Player " + id, Score: score, Place: place}
}

func result(id, community string, at time.Time, players ...storage.PlayerResult) storage.Result {
	return storage.Result{GameID: id, Community: community, FinishedAt: at, Players: players}
}

// Wednesday 2026-11-18 12:00 UTC: ISO week 47 runs Mon 16th to Sun 22nd.
var wed = time.Date(2026, 11, 18, 12, 0, 0, 0, time.UTC)

func record(t *testing.T, s storage.Store, r storage.Result) {
	t.Helper()
	rec, err := s.RecordResult(ctx, r)
	if err != nil || !rec.New {
		t.Fatalf("RecordResult(%s) = %+v, %v", r.GameID, rec, err)
	}
}

func ids(es []storage.Entry) []string {
	var out []string
	for _, e := range es {
		out = append(out, e.PlayerID)
	}
	return out
}

var leaderboardTests = []test{
	{"RecordOnce", func(t *testing.T, s storage.Store) {
		r := result("g1", "guild", wed, pr("ann", 40, 1), pr("bob", 30, 2))
		record(t, s, r)
		for range 3 {
			if rec, err := s.RecordResult(ctx, r); rec.New || err != nil {
				t.Fatalf("second RecordResult = %+v, %v; want not new, nil", rec, err)
			}
		}
		st, err := s.PlayerStats(ctx, "guild", "ann", storage.AllTime, wed)
		if err != nil || st.Games != 1 || st.Wins != 1 || st.TotalScore != 40 {
			t.Fatalf("stats after a repeated record: %+v, %v", st, err)
		}
	}},
	{"PlayerStats", func(t *testing.T, s storage.Store) {
		record(t, s, result("g1", "guild", wed, pr("ann", 40, 1), pr("bob", 30, 2)))
		record(t, s, result("g2", "guild", wed, pr("ann", 25, 3), pr("bob", 52, 1)))
		record(t, s, result("g3", "guild", wed, pr("ann", -3, 2)))
		st, err := s.PlayerStats(ctx, "guild", "ann", storage.AllTime, wed)
		want := storage.Stats{PlayerID: "ann", Name: "Player ann", Games: 3, Wins: 1, TotalScore: 62, BestScore: 40, PlaceSum: 6}
		if err != nil || st != want {
			t.Fatalf("got %+v, %v; want %+v", st, err, want)
		}
		if st.AveragePlace() != 2 {
			t.Errorf("average place %v, want 2", st.AveragePlace())
		}
		none, err := s.PlayerStats(ctx, "guild", "zed", storage.AllTime, wed)
		if err != nil || none.Games != 0 {
			t.Errorf("unknown player: %+v, %v; want zero stats", none, err)
		}
	}},
	{"TopOrdering", func(t *testing.T, s storage.Store) {
		// ann: 2 wins 70 points; bob: 2 wins 90; cy: 1 win 100; dee: 0 wins 100.
		record(t, s, result("g1", "c", wed, pr("ann", 40, 1), pr("bob", 30, 1), pr("cy", 50, 3), pr("dee", 50, 2)))
		record(t, s, result("g2", "c", wed, pr("ann", 30, 1), pr("bob", 20, 3), pr("cy", 50, 1), pr("dee", 50, 2)))
		record(t, s, result("g3", "c", wed, pr("bob", 40, 1)))
		wins, err := s.Top(ctx, storage.Query{Community: "c", Period: storage.AllTime, At: wed, By: storage.ByWins, N: 10})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := ids(wins), []string{"bob", "ann", "cy", "dee"}; !slices.Equal(got, want) {
			t.Errorf("by wins %v, want %v (ties by points)", got, want)
		}
		if wins[0] != (storage.Entry{PlayerID: "bob", Name: "Player bob", Games: 3, Wins: 2, Points: 90}) {
			t.Errorf("first entry %+v", wins[0])
		}
		points, _ := s.Top(ctx, storage.Query{Community: "c", Period: storage.AllTime, At: wed, By: storage.ByPoints, N: 10})
		if got, want := ids(points), []string{"cy", "dee", "bob", "ann"}; !slices.Equal(got, want) {
			t.Errorf("by points %v, want %v (ties by wins)", got, want)
		}
		top2, _ := s.Top(ctx, storage.Query{Community: "c", Period: storage.AllTime, At: wed, By: storage.ByPoints, N: 2})
		if got := ids(top2); !slices.Equal(got, []string{"cy", "dee"}) {
			t.Errorf("top 2: %v", got)
		}
		record(t, s, result("g4", "c", wed, pr("eve", 10, 2), pr("abe", 10, 2)))
		tied, _ := s.Top(ctx, storage.Query{Community: "c", Period: storage.AllTime, At: wed, By: storage.ByPoints, N: 10})
		if got := ids(tied)[4:]; !slices.Equal(got, []string{"abe", "eve"}) {
			t.Errorf("full ties: %v, want by player ID", got)
		}
	}},
	{"Periods", func(t *testing.T, s storage.Store) {
		lastWeek := wed.AddDate(0, 0, -7)  // November, week 46
		lastMonth := wed.AddDate(0, -1, 0) // October
		record(t, s, result("now", "c", wed, pr("ann", 10, 1)))
		record(t, s, result("week", "c", lastWeek, pr("bob", 10, 1)))
		record(t, s, result("month", "c", lastMonth, pr("cy", 10, 1)))
		sunday := wed.AddDate(0, 0, 4).Add(11 * time.Hour) // Sun 22nd 23:00, same week
		for _, c := range []struct {
			p    storage.Period
			at   time.Time
			want []string
		}{
			{storage.Week, sunday, []string{"ann"}},
			{storage.Month, wed, []string{"ann", "bob"}},
			{storage.AllTime, wed, []string{"ann", "bob", "cy"}},
			{storage.Week, lastWeek, []string{"bob"}},
			{storage.Month, lastMonth, []string{"cy"}},
		} {
			top, err := s.Top(ctx, storage.Query{Community: "c", Period: c.p, At: c.at, By: storage.ByWins, N: 10})
			if err != nil {
				t.Fatal(err)
			}
			if got := ids(top); !slices.Equal(got, c.want) {
				t.Errorf("%s at %s: %v, want %v", c.p, c.at.Format(time.DateOnly), got, c.want)
			}
		}
		st, _ := s.PlayerStats(ctx, "c", "bob", storage.Week, wed)
		if st.Games != 0 {
			t.Errorf("bob's games this week: %d, want 0", st.Games)
		}
	}},
	{"CommunitiesAreIsolated", func(t *testing.T, s storage.Store) {
		record(t, s, result("g1", "one", wed, pr("ann", 10, 1)))
		record(t, s, result("g1", "two", wed, pr("bob", 10, 1))) // same game ID elsewhere
		top, _ := s.Top(ctx, storage.Query{Community: "two", Period: storage.AllTime, At: wed, By: storage.ByWins, N: 10})
		if got := ids(top); !slices.Equal(got, []string{"bob"}) {
			t.Errorf("community two: %v", got)
		}
	}},
	{"NameUpdates", func(t *testing.T, s storage.Store) {
		record(t, s, result("g1", "c", wed, storage.PlayerResult{ID: "ann", Name: "Ann", Score: 1, Place: 1}))
		record(t, s, result("g2", "c", wed, storage.PlayerResult{ID: "ann", Name: "Annie", Score: 1, Place: 1}))
		top, _ := s.Top(ctx, storage.Query{Community: "c", Period: storage.AllTime, At: wed, By: storage.ByWins, N: 1})
		if len(top) != 1 || top[0].Name != "Annie" {
			t.Errorf("got %+v, want the latest name", top)
		}
	}},
}

var deadlineTests = []test{
	{"ClaimOnlyDue", func(t *testing.T, s storage.Store) {
		now := time.Now()
		must(t, s.Schedule(ctx, "past", now.Add(-time.Second)))
		must(t, s.Schedule(ctx, "future", now.Add(time.Hour)))
		cs, err := s.ClaimDue(ctx, now, time.Minute, 10)
		if err != nil || len(cs) != 1 || cs[0].Key != "past" {
			t.Fatalf("ClaimDue = %+v, %v; want only past", cs, err)
		}
		if d := cs[0].Due.Sub(now.Add(-time.Second)); d < -time.Millisecond || d > time.Millisecond {
			t.Errorf("claimed due time off by %v", d)
		}
		again, _ := s.ClaimDue(ctx, now, time.Minute, 10)
		if len(again) != 0 {
			t.Fatalf("a claimed deadline was handed out again within its lease: %+v", again)
		}
	}},
	{"Max", func(t *testing.T, s storage.Store) {
		now := time.Now()
		for i := range 5 {
			must(t, s.Schedule(ctx, fmt.Sprint("k", i), now.Add(-time.Duration(i)*time.Second)))
		}
		cs, _ := s.ClaimDue(ctx, now, time.Minute, 3)
		if len(cs) != 3 {
			t.Fatalf("claimed %d, want 3", len(cs))
		}
		// The most overdue come first.
		if cs[0].Key != "k4" || cs[1].Key != "k3" || cs[2].Key != "k2" {
			t.Errorf("claimed %+v, want the oldest first", cs)
		}
	}},
	{"CompleteRemoves", func(t *testing.T, s storage.Store) {
		now := time.Now()
		must(t, s.Schedule(ctx, "g", now.Add(-time.Second)))
		cs, _ := s.ClaimDue(ctx, now, 50*time.Millisecond, 10)
		if len(cs) != 1 {
			t.Fatal("not claimed")
		}
		if err := s.Complete(ctx, cs[0]); err != nil {
			t.Fatal(err)
		}
		later, _ := s.ClaimDue(ctx, now.Add(time.Hour), time.Minute, 10)
		if len(later) != 0 {
			t.Errorf("a completed deadline came back: %+v", later)
		}
	}},
	{"LeaseExpires", func(t *testing.T, s storage.Store) {
		now := time.Now()
		must(t, s.Schedule(ctx, "g", now.Add(-time.Second)))
		first, _ := s.ClaimDue(ctx, now, 10*time.Second, 10)
		within, _ := s.ClaimDue(ctx, now.Add(5*time.Second), 10*time.Second, 10)
		after, _ := s.ClaimDue(ctx, now.Add(11*time.Second), 10*time.Second, 10)
		if len(first) != 1 || len(within) != 0 || len(after) != 1 {
			t.Fatalf("claims %d/%d/%d, want 1/0/1", len(first), len(within), len(after))
		}
		if first[0].Token == after[0].Token {
			t.Error("a re-claim reused the first claim's token")
		}
		// The stale claimer's Complete must not remove the live claim... but
		// the new claimer's does.
		must(t, s.Complete(ctx, first[0]))
		if again, _ := s.ClaimDue(ctx, now.Add(30*time.Second), time.Second, 10); len(again) != 1 {
			t.Errorf("a stale Complete removed a deadline someone else holds")
		}
	}},
	{"RescheduleDuringClaim", func(t *testing.T, s storage.Store) {
		now := time.Now()
		must(t, s.Schedule(ctx, "g", now.Add(-time.Second)))
		cs, _ := s.ClaimDue(ctx, now, time.Minute, 10)
		next := now.Add(30 * time.Second)
		must(t, s.Schedule(ctx, "g", next))
		if err := s.Complete(ctx, cs[0]); err != nil {
			t.Fatal(err)
		}
		got, _ := s.ClaimDue(ctx, next, time.Minute, 10)
		if len(got) != 1 || got[0].Due.Sub(next).Abs() > time.Millisecond {
			t.Fatalf("rescheduled deadline: %+v, want due %v", got, next)
		}
	}},
	{"CancelAndReplace", func(t *testing.T, s storage.Store) {
		now := time.Now()
		must(t, s.Schedule(ctx, "a", now.Add(-time.Second)))
		must(t, s.Schedule(ctx, "b", now.Add(-time.Second)))
		must(t, s.Schedule(ctx, "b", now.Add(time.Hour))) // replaces
		if err := s.Cancel(ctx, "a"); err != nil {
			t.Fatal(err)
		}
		if err := s.Cancel(ctx, "never"); err != nil {
			t.Fatalf("cancelling a missing deadline: %v", err)
		}
		if cs, _ := s.ClaimDue(ctx, now, time.Minute, 10); len(cs) != 0 {
			t.Errorf("claimed %+v, want nothing", cs)
		}
	}},
	{"WithdrawOnlyTheNetSet", func(t *testing.T, s storage.Store) {
		now := time.Now().Truncate(time.Millisecond)
		net := now.Add(-time.Second)
		// Withdrawn while it is the one set.
		must(t, s.Schedule(ctx, "a", net))
		must(t, s.Withdraw(ctx, "a", net))
		// Set again since (due later): it stays.
		must(t, s.Schedule(ctx, "b", net))
		must(t, s.Schedule(ctx, "b", net.Add(time.Millisecond)))
		must(t, s.Withdraw(ctx, "b", net))
		// Claimed: the claimer completes it.
		must(t, s.Schedule(ctx, "c", net))
		claimed, err := s.ClaimDue(ctx, now, time.Minute, 10)
		if err != nil || len(claimed) != 2 {
			t.Fatalf("claimed %+v (%v), want b and c", claimed, err)
		}
		must(t, s.Withdraw(ctx, "c", net))
		must(t, s.Withdraw(ctx, "never", net))
		got, _ := s.ClaimDue(ctx, now.Add(2*time.Minute), time.Minute, 10)
		var keys []string
		for _, c := range got {
			keys = append(keys, c.Key)
		}
		slices.Sort(keys)
		if !slices.Equal(keys, []string{"b", "c"}) {
			t.Errorf("after the withdrawals, due: %v, want b (set again) and c (its claim lapsed)", keys)
		}
	}},
	{"ExactlyOnceAcrossClaimers", func(t *testing.T, s storage.Store) {
		now := time.Now()
		const n = 200
		for i := range n {
			must(t, s.Schedule(ctx, fmt.Sprint("g", i), now.Add(-time.Millisecond*time.Duration(i))))
		}
		var mu sync.Mutex
		seen := map[string]int{}
		var wg sync.WaitGroup
		for range 8 {
			wg.Go(func() {
				for {
					cs, err := s.ClaimDue(ctx, now, time.Hour, 7)
					if err != nil {
						t.Error(err)
						return
					}
					if len(cs) == 0 {
						return
					}
					mu.Lock()
					for _, c := range cs {
						seen[c.Key]++
					}
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		if len(seen) != n {
			t.Fatalf("%d deadlines claimed, want %d", len(seen), n)
		}
		for k, c := range seen {
			if c != 1 {
				t.Fatalf("%s claimed %d times", k, c)
			}
		}
	}},
}

var healthTests = []test{
	{"ping answers while the store serves", func(t *testing.T, s storage.Store) {
		must(t, s.Ping(ctx))
		c, cancel := context.WithCancel(ctx)
		cancel()
		if err := s.Ping(c); !errors.Is(err, context.Canceled) {
			t.Errorf("Ping with a cancelled context: %v, want context.Canceled", err)
		}
	}},
}

var changesTests = []test{
	{"AnnouncedIsHeard", func(t *testing.T, s storage.Store) {
		// Two listeners (two replicas' pages) hear each change announced
		// once they listen, its game and version with it; one that
		// stopped hears nothing more.
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		var mu sync.Mutex
		heard := map[int][]storage.Change{}
		listen := func(ctx context.Context, n int) chan error {
			done := make(chan error, 1)
			go func() {
				done <- s.Listen(ctx, func(c storage.Change) { mu.Lock(); heard[n] = append(heard[n], c); mu.Unlock() })
			}()
			return done
		}
		first := listen(ctx, 1)
		ctx2, stop2 := context.WithCancel(ctx)
		second := listen(ctx2, 2)
		has := func(n int, c storage.Change) bool {
			mu.Lock()
			defer mu.Unlock()
			return slices.Contains(heard[n], c)
		}
		// A key and an ID may hold any byte, the message's own among them.
		a := storage.Change{Key: "chan:@1:2:a b\n", Game: "g:7@", Version: 12}
		// A subscription is made asynchronously: announce until heard.
		eventually(t, "both listeners hearing a change", func() bool {
			must(t, s.Announce(ctx, a))
			return has(1, a) && has(2, a)
		})
		stop2()
		if err := <-second; err != nil {
			t.Fatalf("a listener stopped with %v", err)
		}
		b := storage.Change{Key: "chan:b"} // no version: the key changed
		must(t, s.Announce(ctx, b))
		eventually(t, "the first listener hearing chan:b", func() bool { return has(1, b) })
		if has(2, b) {
			t.Error("a listener that stopped heard a later change")
		}
		cancel()
		if err := <-first; err != nil {
			t.Fatalf("a listener stopped with %v", err)
		}
	}},
}
