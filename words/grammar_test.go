package words

import (
	"testing"
	"time"
)

// TestGrammar: durations as people say them ("30 minutes", not "30m0s"),
// names joined as a sentence, counts and places by the language's plural
// and ordinal rules.
func TestGrammar(t *testing.T) {
	for d, want := range map[time.Duration]string{30 * time.Minute: "30 minutes", time.Minute: "1 minute", 45 * time.Second: "45 seconds",
		90 * time.Second: "1 min 30 s", 2 * time.Hour: "2 hours", time.Second: "1 second"} {
		if got := English.Duration(d); got != want {
			t.Errorf("English.Duration(%s) = %q, want %q", d, got, want)
		}
	}
	for want, names := range map[string][]string{"": nil, "A": {"A"}, "A and B": {"A", "B"}, "A, B and C": {"A", "B", "C"}} {
		if got := English.List(names); got != want {
			t.Errorf("English.List(%q) = %q", names, got)
		}
	}
	for n, want := range map[int]string{0: "0 cards", 1: "1 card", 2: "2 cards", 21: "21 cards"} {
		if got := English.Count("card", n); got != want {
			t.Errorf("English.Count(card, %d) = %q, want %q", n, got, want)
		}
	}
	for n, want := range map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 11: "11th", 12: "12th", 13: "13th", 21: "21st", 22: "22nd", 103: "103rd"} {
		if got := English.Ordinal(n); got != want {
			t.Errorf("English.Ordinal(%d) = %q, want %q", n, got, want)
		}
	}
	if English.NumberWord(0) != "No" || English.NumberWord(8) != "Eight" || English.NumberWord(9) != "9" {
		t.Errorf("NumberWord: %q %q %q", English.NumberWord(0), English.NumberWord(8), English.NumberWord(9))
	}
	if English.Possessive("Ann") != "Ann's" || English.Possessive(English.You()) != "Your" || English.Object(English.You()) != "you" || English.Their("Ann") != "their" {
		t.Error("the terminal's player is not spoken to as you")
	}
	if got := English.Count("no-such-thing", 2); got != English.fallback() {
		t.Errorf("an unknown count says %q", got)
	}
}
