package main

import (
	"bytes"
	"context"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/sushigo/sushigo/words"
)

// botName is how the host names its bots: a name, not words.
var botName = regexp.MustCompile(`\b[A-Z][a-z]+-bot\b`)

// cliWords are what a person types at the command line, the same in every
// language: the program, its commands, their flags and values.
var cliWords = regexp.MustCompile(`\bsushigo\b|--?[a-z]+\b|<[a-z]+>|\b(stats|review|rules|play|new|history|salmon|spoon|normal|left|alternate|right|bogus|nothing|extra|en|fr|de|es|pt-BR|ru)\b`)

// TestPlayInEveryLanguage plays whole terminal games, classic with four
// bots and Party with seven, in every language the system's locale can
// ask for (LANG), and in the pseudo-language, where no line printed may
// be left in English.
func TestPlayInEveryLanguage(t *testing.T) {
	for _, w := range append(words.Languages(), words.Pseudo()) {
		for _, args := range [][]string{{"--bots", "4", "--seed", "3"}, {"--party", "--bots", "7", "--seed", "3"}} {
			t.Run(w.Code()+strings.Join(args[:1], ""), func(t *testing.T) {
				vars := env(map[string]string{"DATA_DIR": t.TempDir(), "LANG": strings.ReplaceAll(w.Code(), "-", "_") + ".UTF-8"})
				out := playTerminal(t, vars, args...)
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
				if args[0] == "--party" {
					return
				}
				// Every other screen of the command line, and its refusals,
				// over the game just played.
				for _, cmd := range [][]string{{"stats"}, {"stats", "--game", "1"}, {"stats", "--party"}, {"review"}, {"review", "--game", "1"},
					{"rules"}, {"rules", "salmon"}, {"rules", "spoon"}, {"play", "--help"}, {"stats", "--help"}, {"review", "--help"},
					{"stats", "--game", "300"}, {"stats", "--game", "7"}, {"stats", "--bogus"}, {"stats", "--game", "x"}, {"play", "--pass", "right"},
					{"play", "--bots", "9"}, {"review", "--game", "9"}, {"rules", "nothing"}, {"stats", "extra"}} {
					var out bytes.Buffer
					err := run(context.Background(), cmd, vars, nil, &out, io.Discard)
					text := out.String()
					if err != nil {
						text += "\n" + err.Error()
					}
					if strings.TrimSpace(text) == "" {
						t.Errorf("%v printed nothing", cmd)
					}
					if strings.Contains(text, "/sushigo") {
						t.Errorf("%v names a chat command in the terminal:\n%s", cmd, text)
					}
					for _, line := range strings.Split(text, "\n") {
						// The command's own name and flags are typed as they are.
						line = cliWords.ReplaceAllString(botName.ReplaceAllString(line, ""), "")
						if !words.IsPseudo(line) && !seen[line] {
							seen[line] = true
							t.Errorf("%v: not in the pseudo-language: %q", cmd, line)
						}
					}
				}
			})
		}
	}
}
