package console_test

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/sushigo/sushigo/adapters/console"
	"github.com/sushigo/sushigo/adapters/console/consoletest"
	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/storage/bolt"
)

func playGame(t *testing.T, dir string, seed uint64) (string, storage.Store) {
	t.Helper()
	store, err := bolt.Open(filepath.Join(dir, "play.db"), bolt.Options{NoSync: true, SweepEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	now := time.Date(2026, 11, 18, 20, 0, 0, 0, time.UTC)
	host := bot.New(store, bot.Config{Now: func() time.Time { return now }, Seed: func() uint64 { seed++; return seed }})
	var out consoletest.Buffer
	in := &consoletest.Player{Out: &out, Max: 500}
	c := console.New(host, in, &out, protocol.User{ID: "you", Name: "You"})
	if err := c.Run(context.Background(), options(t, "bots=3")); err != nil {
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
	m := regexp.MustCompile(`\d\. You —\x{a0}(\d+)\x{a0}pts`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no line for You in the standings:\n%s", tail(out))
	}
	top, err := store.Top(context.Background(), storage.Query{Community: "console:local", Period: storage.AllTime, At: time.Now(), By: storage.ByPoints, N: 10})
	if err != nil || len(top) != 1 || top[0].PlayerID != "you" {
		t.Errorf("leaderboard %+v, %v: want the one person, never the bots", top, err)
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
	if err := console.New(host, strings.NewReader("1\n1\n1\n"), &out, protocol.User{ID: "you", Name: "You"}).Run(context.Background(), options(t, "bots=2")); err != nil {
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
	if err := console.New(host, strings.NewReader("quit\n"), &out, protocol.User{ID: "you", Name: "You"}).Run(context.Background(), options(t, "bots=2")); err != nil {
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

// blocked never returns a line: the player is thinking.
type blocked struct{ done chan struct{} }

func (b blocked) Read(p []byte) (int, error) { <-b.done; return 0, io.EOF }

func TestInterruptSavesAndReturns(t *testing.T) {
	store, err := bolt.Open(filepath.Join(t.TempDir(), "play.db"), bolt.Options{NoSync: true, SweepEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	in := blocked{make(chan struct{})}
	defer close(in.done)
	ctx, cancel := context.WithCancel(context.Background())
	var out consoletest.Buffer
	done := make(chan error)
	go func() {
		done <- console.New(bot.New(store, bot.Config{}), in, &out, protocol.User{ID: "you", Name: "You"}).Run(ctx, options(t, "bots=1"))
	}()
	// Ctrl-C once the game is on screen and waiting for input (before, a
	// fixed 50 ms sleep sometimes interrupted it before the game existed).
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(out.String(), "> "); {
		if time.Now().After(deadline) {
			t.Fatalf("no prompt: %s", out.String())
		}
		runtime.Gosched()
	}
	cancel() // Ctrl-C
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not return after the interrupt")
	}
	if running, _ := bot.New(store, bot.Config{}).Running(context.Background(), console.Where); !running {
		t.Error("the interrupted game was not kept")
	}
}

func openStore(t *testing.T) storage.Store {
	t.Helper()
	store, err := bolt.Open(filepath.Join(t.TempDir(), "play.db"), bolt.Options{NoSync: true, SweepEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	return store
}

// TestInputOfAnyLength: a line past bufio.Scanner's 64 KB once ended the
// program, and junk was echoed back whole. Now a long line is refused in
// one line, and an unknown command is echoed at most 24 characters.
func TestInputOfAnyLength(t *testing.T) {
	host := bot.New(openStore(t), bot.Config{Seed: func() uint64 { return 5 }})
	junk := strings.Repeat("x", 100_000)
	in := strings.NewReader(junk + "\n" + strings.Repeat("y", 150) + "\nquit\n")
	var out bytes.Buffer
	if err := console.New(host, in, &out, protocol.User{ID: "you", Name: "You"}).Run(context.Background(), options(t, "bots=1")); err != nil {
		t.Fatal(err)
	}
	o := out.String()
	if !strings.Contains(o, "That line is too long (201 characters)") {
		t.Errorf("a 100,000-character line:\n%s", tail(o))
	}
	if strings.Contains(o, strings.Repeat("x", 30)) || strings.Contains(o, strings.Repeat("y", 30)) {
		t.Errorf("junk was echoed back:\n%s", tail(o))
	}
	if !strings.Contains(o, "Unknown command "+strings.Repeat("y", 24)+"…") {
		t.Errorf("an unknown 150-character command:\n%s", tail(o))
	}
}

// TestQuitAfterTheEnd: quitting a finished game does not claim an
// unfinished one is saved.
func TestQuitAfterTheEnd(t *testing.T) {
	o, _ := playGame(t, t.TempDir(), 11)
	if !strings.Contains(o, "Final standings") || !strings.HasSuffix(strings.TrimSpace(o), "Bye!") || strings.Contains(o, "unfinished game is saved") {
		t.Errorf("quit after the final standings:\n%s", tail(o))
	}
}

// TestTerminalTimerFires: with a turn timer the console runs the host's
// timer loop, so a player who does nothing is picked for.
func TestTerminalTimerFires(t *testing.T) {
	var mu sync.Mutex
	now := time.Date(2026, 11, 18, 20, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	host := bot.New(openStore(t), bot.Config{Now: clock, Seed: func() uint64 { return 9 }})
	var out consoletest.Buffer
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stop := make(chan struct{})
	defer close(stop)
	c := console.New(host, blocked{stop}, &out, protocol.User{ID: "you", Name: "You"})
	c.Tick, c.TickEvery = host.Tick, time.Millisecond
	done := make(chan error, 1)
	go func() { done <- c.Run(ctx, options(t, "bots=1 timer=30")) }()
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(out.String(), "Your hand"); {
		if time.Now().After(deadline) {
			t.Fatalf("the game did not start:\n%s", out.String())
		}
		time.Sleep(time.Millisecond)
	}
	mu.Lock()
	now = now.Add(31 * time.Second) // past the reminder and the deadline
	mu.Unlock()
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(out.String(), "Time's up — I picked for you"); {
		if time.Now().After(deadline) {
			t.Fatalf("the timer never fired:\n%s", tail(out.String()))
		}
		time.Sleep(time.Millisecond)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// script types the given lines one at a time, each once the console has
// prompted for it, then quits.
type script struct {
	out   *consoletest.Buffer
	lines []string
	n     int
}

func (s *script) Read(p []byte) (int, error) {
	s.n++
	if !consoletest.Prompted(s.out, s.n) {
		return 0, io.EOF
	}
	if s.n > len(s.lines) {
		return copy(p, "quit\n"), nil
	}
	return copy(p, s.lines[s.n-1]+"\n"), nil
}

func runScript(t *testing.T, opts string, lines ...string) string {
	t.Helper()
	host := bot.New(openStore(t), bot.Config{Seed: func() uint64 { return 21 }})
	var out consoletest.Buffer
	if err := console.New(host, &script{out: &out, lines: lines}, &out, protocol.User{ID: "you", Name: "You"}).Run(context.Background(), options(t, opts)); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// TestTerminalTalksLikeATerminal: the problems a newcomer met, each fixed.
func TestTerminalTalksLikeATerminal(t *testing.T) {
	o := runScript(t, "bots=2", "status", "scores", "help")
	prompts := regexp.MustCompile(`choose 1-(\d+)`).FindAllStringSubmatch(o, -1)
	for _, p := range prompts {
		if p[1] != prompts[0][1] {
			t.Errorf("status or scores changed the numbering: %v", prompts)
			break
		}
	}
	if strings.Contains(o, "Hands:") || strings.Contains(o, "Show my hand") || strings.Contains(o, "in the channel") {
		t.Errorf("chat words on a terminal:\n%s", tail(o))
	}
	if strings.Contains(o, "**") || strings.Contains(o, "`") {
		t.Errorf("chat markup on a terminal:\n%s", tail(o))
	}
	if h := o[strings.Index(o, "Type a button's number"):]; !strings.Contains(h, "quit") || strings.Contains(h, "kick") || strings.Contains(h, "hands=") {
		t.Errorf("help in the terminal:\n%s", h)
	}
	o = runScript(t, "bots=2", "end", "1")
	if n := strings.Count(o, "ended the game"); n != 1 {
		t.Errorf("`end` printed %d times", n)
	}
	if strings.Contains(o[strings.LastIndex(o, "ended the game"):], "choose 1-") {
		t.Errorf("after `end` the old buttons are still offered:\n%s", tail(o))
	}
	o = runScript(t, "bots=1", "pick unicorn", "pick squid", "pick squid squid")
	if !strings.Contains(o, "No card called") {
		t.Errorf("pick unicorn:\n%s", tail(o))
	}
	if strings.Contains(o, "isn't in your hand any more") {
		t.Errorf("a typed pick of a card never held says it was:\n%s", tail(o))
	}
	o = runScript(t, "bots=1 dummy", "rules pudding", "status")
	if !strings.Contains(o, "the dummy counts") || strings.Contains(o, "no −6 with 2 players") {
		t.Errorf("rules pudding in the dummy variant:\n%s", tail(o))
	}
	if strings.Contains(o, "You controls") {
		t.Errorf("grammar: %s", tail(o))
	}
	o = runScript(t, "bots=2 pass=alternate", "status")
	if !strings.Contains(o, "hands go left this round") {
		t.Errorf("the pass direction this round is not shown:\n%s", tail(o))
	}
}

// TestWrapsByDisplayWidth: lines wrap at the width in display columns
// (emoji count two), between words: no "Puddi / ng".
func TestWrapsByDisplayWidth(t *testing.T) {
	host := bot.New(openStore(t), bot.Config{Seed: func() uint64 { return 8 }})
	var out bytes.Buffer
	c := console.New(host, strings.NewReader("rules\nquit\n"), &out, protocol.User{ID: "you", Name: "You"})
	c.Width = 40
	if err := c.Run(context.Background(), options(t, "bots=3")); err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(out.String(), "\n") {
		if w := ansi.StringWidth(l); w > 40 && !strings.HasPrefix(l, "> ") {
			t.Errorf("a line of %d columns at width 40: %q", w, l)
		}
	}
	if strings.Contains(out.String(), "Puddi\n") || !strings.Contains(out.String(), "Pudding") {
		t.Errorf("a word was cut:\n%s", out.String())
	}
}

// TestTypedPickShowsTheNextHandOnce: `pick <card>` used to print the next
// hand twice (the edit of the hand message and the reply to the command).
func TestTypedPickShowsTheNextHandOnce(t *testing.T) {
	o := runScript(t, "bots=1", "status")
	m := regexp.MustCompile(`\[1\][ \x{00a0}]\S+[ \x{00a0}]([A-Za-z]+)`).FindStringSubmatch(o)
	if m == nil {
		t.Fatalf("no first card in:\n%s", o)
	}
	o = runScript(t, "bots=1", "pick "+strings.ToLower(m[1]))
	if n := strings.Count(o, "Your hand — round 1, turn 2"); n != 1 {
		t.Errorf("the next hand was printed %d times:\n%s", n, tail(o))
	}
}

// rematcher plays "1" to the end, then presses 1 (the final standings'
// Rematch) once, then quits.
type rematcher struct {
	out      *consoletest.Buffer
	lines    int
	rematchd bool
}

func (a *rematcher) Read(p []byte) (int, error) {
	a.lines++
	if !consoletest.Prompted(a.out, a.lines) {
		return 0, io.EOF
	}
	out := a.out.String()
	switch {
	case a.rematchd || a.lines > 500:
		return copy(p, "quit\n"), nil
	case strings.Contains(out, "Final standings"):
		a.rematchd = true
	}
	return copy(p, "1\n"), nil
}

// TestLineModeRematchByNumber: at the end, 1 presses the Rematch the final
// standings show, not a card of the last hand.
func TestLineModeRematchByNumber(t *testing.T) {
	host := bot.New(openStore(t), bot.Config{Seed: func() uint64 { return 21 }, ThinkInline: true})
	var out consoletest.Buffer
	if err := console.New(host, &rematcher{out: &out}, &out, protocol.User{ID: "you", Name: "You"}).Run(context.Background(), options(t, "bots=2")); err != nil {
		t.Fatal(err)
	}
	o := out.String()
	after := o[strings.LastIndex(o, "Final standings"):]
	if strings.Contains(after, "This game is over") || !strings.Contains(after, "lobby") {
		t.Errorf("1 after the end did not rematch:\n%s", tail(after))
	}
}

// TestLineModeTypedNames: cards and answers are typed as players name them
// (item 15), and a chat's drop-down shows as a plain line.
func TestLineModeTypedNames(t *testing.T) {
	o := runScript(t, "bots=2", "pick maki 3", "pick special order", "pick maki")
	for _, bad := range []string{"No card called `maki`", "No card called maki", "{"} {
		if strings.Contains(o, bad) {
			t.Errorf("%q in:\n%s", bad, tail(o))
		}
	}
	// This deal (seed 21) has a Maki 2 and no Maki 3: the names are read
	// as cards, refused as not held, and "maki" plays the one maki.
	if !strings.Contains(o, "You have no Maki roll (3 icons)") {
		t.Errorf("pick maki 3 was not read as the card:\n%s", tail(o))
	}
	if !strings.Contains(o, "You have no Special order") {
		t.Errorf("pick special order in a classic game:\n%s", tail(o))
	}
	if !strings.Contains(o, "**You**: 🍥 Maki 2") && !regexp.MustCompile(`You: 🍥 Maki 2`).MatchString(o) {
		t.Errorf("pick maki did not play the hand's maki:\n%s", tail(o))
	}
}

// TestNarrowLineMode: at 40 columns help keeps command and description
// apart, a button's number, emoji and label stay on one line, and
// refusals wrap like everything else (item 24).
func TestNarrowLineMode(t *testing.T) {
	host := bot.New(openStore(t), bot.Config{Seed: func() uint64 { return 21 }})
	var out consoletest.Buffer
	c := console.New(host, &script{out: &out, lines: []string{"help", "pick nothing-of-the-kind at all", "new bots=99"}}, &out, protocol.User{ID: "you", Name: "You"})
	c.Width = 40
	if err := c.Run(context.Background(), options(t, "bots=2")); err != nil {
		t.Fatal(err)
	}
	o := out.String()
	for _, l := range strings.Split(o, "\n") {
		if w := ansi.StringWidth(l); w > 40 && !strings.HasPrefix(l, "> ") && !strings.Contains(l, "\u00a0") {
			t.Errorf("a %d-column line at 40: %q", w, l)
		}
	}
	if !regexp.MustCompile(`(?m)^  pick <card> \[second card\]\n      play a card by name`).MatchString(o) || strings.Contains(o, "the last games · the\nboard") {
		t.Errorf("help at 40 columns:\n%s", o[strings.Index(o, "Type a button"):])
	}
	if regexp.MustCompile(`\[\d+\][ \x{00a0}][^ \x{00a0}\n]+\n`).MatchString(o) {
		t.Errorf("a button split from its label:\n%s", o)
	}
}

// options parses what a `new` command takes after its name.
func options(t *testing.T, s string) protocol.Options {
	t.Helper()
	o, err := protocol.ParseOptions(strings.Fields(s))
	if err != nil {
		t.Fatalf("options %q: %v", s, err)
	}
	return o
}
