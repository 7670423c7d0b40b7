package console

import (
	"context"
	"flag"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/engine/review"
	"github.com/sushigo/sushigo/goldentest"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage/bolt"
	"github.com/sushigo/sushigo/words"
)

var update = flag.Bool("update", false, "rewrite golden frames")

// goldenReview is the review work of the terminal's tests, fixed: the
// review screens' goldens pin its words (adaptertest.CheapReview is
// cheaper still under -race).
var goldenReview = review.Options{Samples: 4, Iterations: 8, Refine: 1}

func newTUI(t *testing.T, opts string, w, h int, with ...Option) *tui {
	t.Helper()
	store, err := bolt.Open(filepath.Join(t.TempDir(), "play.db"), bolt.Options{NoSync: true, SweepEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	now := time.Date(2026, 11, 18, 20, 0, 0, 0, time.UTC)
	seed := uint64(30)
	host := bot.New(store, bot.Config{Now: func() time.Time { return now }, Seed: func() uint64 { seed++; return seed }, ThinkInline: true,
		Review: &goldenReview})
	me := protocol.User{ID: protocol.You, Name: words.English.You()}
	lang := &tui{lang: words.English}
	for _, o := range with {
		o(lang)
	}
	me.Name = lang.lang.You()
	m := NewTUI(context.Background(), host, me, options(t, opts), nil, with...).(*tui)
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	m.Update(m.Init()())
	return m
}

func keys(m *tui, ks ...string) {
	for _, k := range ks {
		var msg tea.KeyMsg
		switch k {
		case "enter":
			msg = tea.KeyMsg{Type: tea.KeyEnter}
		case "right":
			msg = tea.KeyMsg{Type: tea.KeyRight}
		case "left":
			msg = tea.KeyMsg{Type: tea.KeyLeft}
		default:
			msg = tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
		}
		m.Update(msg)
	}
}

func goldenFrame(t *testing.T, name, got string) {
	t.Helper()
	goldentest.Text(t, filepath.Join("testdata", name+".txt"), got, *update, "go test ./adapters/console -run TUI -update", "")
}

// fits fails on a frame line wider than the screen.
func fits(t *testing.T, frame string, w int) {
	t.Helper()
	for _, l := range strings.Split(frame, "\n") {
		if lipgloss.Width(l) > w {
			t.Errorf("a line of %d columns on a %d-column screen: %q", lipgloss.Width(l), w, l)
		}
	}
}

// TestTUIFrames pins the first frame, a reveal waiting for a key and a
// Party hand, at 80×24 and 120×40.
func TestTUIFrames(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		w, h := size[0], size[1]
		m := newTUI(t, "bots=3", w, h)
		name := func(s string) string { return s + "_" + strconv.Itoa(w) + "x" + strconv.Itoa(h) }
		goldenFrame(t, name("tui_start"), m.View())
		fits(t, m.View(), w)
		keys(m, "right", "enter")
		if len(m.queue) == 0 || !strings.Contains(m.View(), "Reveal") {
			t.Fatalf("after a pick, no reveal waits for a key:\n%s", m.View())
		}
		goldenFrame(t, name("tui_reveal"), m.View())
		fits(t, m.View(), w)
		p := newTUI(t, "menu=master bots=5", w, h)
		goldenFrame(t, name("tui_party"), p.View())
		fits(t, p.View(), w)
	}
}

// TestTUIPlaysAWholeGame plays a whole game with keys: every reveal,
// round score and the final table wait for Enter.
func TestTUIPlaysAWholeGame(t *testing.T) {
	decided := map[string]bool{} // the Party decisions met, over all the games
	for _, opts := range []string{"bots=2", "bots=1 dummy", "menu=uramaki,miso,tofu,eel,spoon,menu,pudding bots=3",
		"menu=maki,onigiri,edamame,tofu,chopsticks,takeout,fruit bots=4", "menu=temaki,eel,miso,dumpling,special,wasabi,ice-cream bots=2"} {
		m := newTUI(t, opts, 80, 24)
		seen := map[string]int{}
		for step := 0; step < 3000 && seen["Final standings"] == 0; step++ {
			if strings.Contains(m.hand.Text, "special order** copies") {
				decided["special order"] = true // chosen with the pick, or after it
			}
			if strings.Contains(m.hand.Title, "Your choice") {
				for _, k := range []string{"spoon", "menu", "takeout box", "special order", "Chopsticks", "chopsticks"} {
					if strings.Contains(m.hand.Text, k) {
						decided[strings.ToLower(k)] = true
					}
				}
			}
			if len(m.queue) > 0 {
				for _, k := range []string{"Reveal", "Round", "Final standings"} {
					if strings.Contains(m.queue[0].Title, k) {
						seen[k]++
					}
				}
				fits(t, m.View(), 80)
				if n := strings.Count(m.View(), "\n") + 1; n > 24 {
					t.Errorf("a %d-line frame on a 24-line screen:\n%s", n, m.View())
				}
				keys(m, "esc") // on to the next panel (Enter would first scroll a long one)
				continue
			}
			// A special or a call where there is one (so every decision
			// comes up), else the first card or button that can be pressed.
			first := choice(m, func(label string) bool {
				for _, p := range []string{"Call ", "Spoon", "Menu", "Takeout", "Special", "Chopsticks"} {
					if strings.HasPrefix(label, p) && !strings.Contains(label, " instead") {
						return true
					}
				}
				return false
			})
			keys(m, first, "enter")
			if m.err != nil {
				t.Fatal(m.err)
			}
		}
		if seen["Final standings"] != 1 || seen["Round"] != 3 || seen["Reveal"] < 20 {
			t.Fatalf("%s: %v\n%s", opts, seen, m.View())
		}
		if !strings.Contains(m.View(), "Rematch") {
			t.Errorf("the end offers no rematch:\n%s", m.View())
		}
	}
	for _, k := range []string{"spoon", "menu", "takeout box", "special order", "chopsticks"} {
		if !decided[k] {
			t.Errorf("no %s decision came up in the Party games: %v", k, decided)
		}
	}
}

// choice is the key a test player presses next: the list's first option
// while on a list, else the first button that can be pressed among the
// first nine whose label it prefers, else the first that can be pressed.
func choice(m *tui, prefer func(label string) bool) string {
	if _, ok := m.list(); ok && m.onList {
		return "1"
	}
	first := ""
	for i, b := range m.buttons() {
		switch {
		case b.Disabled:
		case i < 9 && prefer(b.Label):
			return strconv.Itoa(i + 1)
		case first == "":
			first = strconv.Itoa(i + 1)
		}
	}
	return first
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
