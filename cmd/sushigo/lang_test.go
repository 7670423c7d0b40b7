package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/sushigo/sushigo/words"
)

// botName is how the host names its bots: a name, not words.
var botName = regexp.MustCompile(`\b[A-Z][a-z]+-bot\b`)

// TestPlayInEveryLanguage plays whole terminal games, classic with four
// bots and Party with seven, in every language the system's locale can
// ask for (LANG), and in the pseudo-language, where no line printed may
// be left in English.
func TestPlayInEveryLanguage(t *testing.T) {
	for _, w := range append(words.Languages(), words.Pseudo()) {
		for _, args := range [][]string{{"--bots", "4", "--seed", "3"}, {"--party", "--bots", "7", "--seed", "3"}} {
			t.Run(w.Code()+strings.Join(args[:1], ""), func(t *testing.T) {
				out := playTerminal(t, env(map[string]string{"DATA_DIR": t.TempDir(), "LANG": strings.ReplaceAll(w.Code(), "-", "_") + ".UTF-8"}), args...)
				if final := w.Say("render.finalStandings"); !strings.Contains(out, final) {
					t.Fatalf("the game did not reach %q:\n%s", final, out)
				}
				if w != words.Pseudo() {
					return
				}
				seen := map[string]bool{}
				for _, line := range strings.Split(out, "\n") {
					if !words.IsPseudo(botName.ReplaceAllString(line, "")) && !seen[line] {
						seen[line] = true
						t.Errorf("not in the pseudo-language: %q", line)
					}
				}
			})
		}
	}
}
