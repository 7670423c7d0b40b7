package console_test

import (
	"bytes"
	"context"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sushigo/sushigo/adapters/console"
	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/storage/bolt"
)

// autoplayer answers every prompt with "1" (the first card, or the first
// button) until the final standings are on screen, then quits.
type autoplayer struct {
	mu    sync.Mutex
	out   *bytes.Buffer
	lines int
}

func (a *autoplayer) Read(p []byte) (int, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.lines++
	if strings.Contains(a.out.String(), "Final standings") || a.lines > 500 {
		return copy(p, "quit\n"), nil
	}
	return copy(p, "1\n"), nil
}

func playGame(t *testing.T, dir string, seed uint64) (string, storage.Store) {
	t.Helper()
	store, err := bolt.Open(filepath.Join(dir, "play.db"), bolt.Options{NoSync: true, SweepEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	now := time.Date(2026, 11, 18, 20, 0, 0, 0, time.UTC)
	host := bot.New(store, bot.Config{Now: func() time.Time { return now }, Seed: func() uint64 { seed++; return seed }})
	var out bytes.Buffer
	in := &autoplayer{out: &out}
	c := console.New(host, in, &out, bot.User{ID: "you", Name: "You"})
	if err := c.Run(context.Background(), "bots=3"); err != nil {
		t.Fatal(err)
	}
	return out.String(), store
}

func TestPlaysAWholeGame(t *testing.T) {
	out, store := playGame(t, t.TempDir(), 11)
	if !strings.Contains(out, "🏆 Final standings") {
		t.Fatalf("no final standings in:\n%s", tail(out))
	}
	if n := strings.Count(out, "📊 Round "); n != 3 {
		t.Errorf("%d round score posts, want 3", n)
	}
	for r := 1; r <= 3; r++ {
		if !strings.Contains(out, "Reveal — round "+string(rune('0'+r))) {
			t.Errorf("no reveal in round %d", r)
		}
	}
	// The standings shown are the ones recorded for the leaderboard.
	m := regexp.MustCompile(`\d\. \*\*You\*\* — (\d+) pts`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no line for You in the standings:\n%s", tail(out))
	}
	st, err := store.PlayerStats(context.Background(), "console:local", "you", storage.AllTime, time.Now())
	if err != nil || st.Games != 1 || itoa(st.TotalScore) != m[1] {
		t.Errorf("recorded %+v, %v; the screen said %s points", st, err, m[1])
	}
}

func TestSameSeedSameGame(t *testing.T) {
	a, _ := playGame(t, t.TempDir(), 5)
	b, _ := playGame(t, t.TempDir(), 5)
	if a != b {
		t.Error("two games with the same seed and input differ")
	}
}

func TestResumesAfterInterrupt(t *testing.T) {
	dir := t.TempDir()
	store, err := bolt.Open(filepath.Join(dir, "play.db"), bolt.Options{NoSync: true, SweepEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	host := bot.New(store, bot.Config{Seed: func() uint64 { return 3 }})
	var out bytes.Buffer
	if err := console.New(host, strings.NewReader("1\n1\n1\n"), &out, bot.User{ID: "you", Name: "You"}).Run(context.Background(), "bots=2"); err != nil {
		t.Fatal(err)
	}
	store.Close() // the process ends mid-game
	store, err = bolt.Open(filepath.Join(dir, "play.db"), bolt.Options{NoSync: true, SweepEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	out.Reset()
	host = bot.New(store, bot.Config{})
	if err := console.New(host, strings.NewReader("quit\n"), &out, bot.User{ID: "you", Name: "You"}).Run(context.Background(), "bots=2"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "Resuming") || !strings.Contains(out.String(), "turn 4/9") {
		t.Errorf("did not resume at turn 4:\n%s", out.String())
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func tail(s string) string {
	if len(s) > 3000 {
		return s[len(s)-3000:]
	}
	return s
}
