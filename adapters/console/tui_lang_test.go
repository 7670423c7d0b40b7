package console

import (
	"regexp"
	"strings"
	"testing"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/words"
)

// botName is how the host names its bots: a name, not words.
var botName = regexp.MustCompile(`\b[A-Z][a-z]+-bot\b`)

// TestTUISpeaksTheCatalog plays whole classic and Party games in the
// terminal's full-screen mode in the pseudo-language, looking at every
// frame: the key bar, the clock, the panels, help and the end's
// confirmation. A run of plain ASCII letters (bot names aside) is English
// that never came from the catalog.
func TestTUISpeaksTheCatalog(t *testing.T) {
	w := words.Pseudo()
	seen := map[string]bool{}
	check := func(m *tui) {
		t.Helper()
		for _, line := range strings.Split(m.View(), "\n") {
			if !words.IsPseudo(botName.ReplaceAllString(line, "")) && !seen[line] {
				seen[line] = true
				t.Errorf("not in the pseudo-language: %q", line)
			}
		}
	}
	parts := map[string]bool{}
	for _, opts := range []string{"bots=2 timer=30", "menu=uramaki,miso,tofu,eel,spoon,menu,pudding bots=3", "menu=maki,onigiri,edamame,tofu,chopsticks,takeout,fruit bots=2"} {
		m := newTUI(t, opts, 100, 30, WithLang(w))
		check(m)
		for step := 0; step < 3000 && !strings.Contains(m.View(), w.Say("render.finalStandings")); step++ {
			check(m)
			if len(m.queue) > 0 {
				keys(m, "esc")
				continue
			}
			if !parts["help"] && step > 3 {
				keys(m, "?") // help, over the game
				check(m)
				parts["help"] = true
				keys(m, "esc")
				keys(m, "e") // the end's confirmation, declined
				check(m)
				parts["end"] = strings.Contains(m.View(), w.Say("console.tui_view.yEndTheGame"))
				keys(m, "n")
			}
			if strings.Contains(m.View(), "⏰") {
				parts["clock"] = true
			}
			// A special card where there is one, so the decisions and their
			// lists come up; else the first button that can be pressed.
			first := choice(m, func(label string) bool {
				for _, k := range []engine.Kind{engine.KindSpoon, engine.KindMenu, engine.KindTakeoutBox, engine.KindChopsticks} {
					if strings.Contains(label, w.KindName(k)) {
						return true
					}
				}
				return false
			})
			if _, ok := m.list(); ok && m.onList {
				parts["list"] = true
			}
			keys(m, first, "enter")
			if m.err != nil {
				t.Fatal(m.err)
			}
		}
		for len(m.queue) > 0 {
			check(m)
			keys(m, "esc")
		}
		check(m)
		if !strings.Contains(m.View(), w.Say("console.tui_view.quit")) {
			t.Errorf("%s: the key bar is not on the last frame:\n%s", opts, m.View())
		}
	}
	for _, p := range []string{"help", "end", "clock", "list"} {
		if !parts[p] {
			t.Errorf("the games never showed the %s: %v", p, parts)
		}
	}
}
