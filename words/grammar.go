package words

import (
	"fmt"
	"strings"
	"time"

	"golang.org/x/text/feature/plural"
)

// The grammar the host needs, from the catalog's rules: a count takes the
// language's plural form (CLDR: English has one and other, Polish four),
// an ordinal its ordinal form, a list its conjunction.

// Count words n things of a kind ("card": "1 card", "3 cards"), in the
// form the language's plural rules (CLDR) choose for n, formatted as fmt
// does.
func Count(thing string, n int) string {
	f, ok := enCounts["count."+thing]
	if !ok {
		return fallback
	}
	form := f[1]
	if plural.Cardinal.MatchPlural(english, abs(n), 0, 0, 0, 0) == plural.One {
		form = f[0]
	}
	return fmt.Sprintf(form, n)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// Ordinal is n as a place: "1st", "2nd", "3rd", "4th", by the language's
// ordinal rules.
func Ordinal(n int) string {
	switch plural.Ordinal.MatchPlural(english, n, 0, 0, 0, 0) {
	case plural.One:
		return Say("ordinal.one", n)
	case plural.Two:
		return Say("ordinal.two", n)
	case plural.Few:
		return Say("ordinal.few", n)
	}
	return Say("ordinal.other", n)
}

// NumberWord is a small count as a word that starts a sentence ("No",
// "One" … "Eight"), else its digits.
func NumberWord(n int) string {
	if n >= 0 && n <= 8 {
		return Say(fmt.Sprintf("number.%d", n))
	}
	return fmt.Sprint(n)
}

// List joins names as a sentence lists them: "Ann", "Ann and Bob", "Ann,
// Bob and Cy".
func List(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return Say("list.and", strings.Join(names[:len(names)-1], Say("list.comma")), names[len(names)-1])
}

// Duration is a wait as people say it: "30 seconds", "2 minutes", "1 min
// 30 s".
func Duration(d time.Duration) string {
	switch d = d.Round(time.Second); {
	case d >= time.Hour && d%time.Hour == 0:
		return Count("hour", int(d/time.Hour))
	case d >= time.Minute && d%time.Minute == 0:
		return Count("minute", int(d/time.Minute))
	case d >= time.Minute:
		return Say("duration.minSec", int(d/time.Minute), int(d%time.Minute/time.Second))
	}
	return Count("second", int(d/time.Second))
}

// You is what the terminal calls its one player.
func You() string { return Say("you.name") }

// Possessive is a name's possessive: "Ann's", "Your" for the terminal's
// player.
func Possessive(name string) string {
	if name == You() {
		return Say("you.possessive")
	}
	return Say("possessive", name)
}

// Object is a name as an object: "you" for the terminal's player.
func Object(name string) string {
	if name == You() {
		return Say("you.object")
	}
	return name
}

// Their is the possessive pronoun for a name: "your" for the terminal's
// player, else "their".
func Their(name string) string {
	if name == You() {
		return Say("you.their")
	}
	return Say("their")
}
