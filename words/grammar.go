package words

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/feature/plural"
)

// The grammar the host needs, from the catalog's rules: a count takes the
// language's plural form (CLDR: English has one and other, Russian one,
// few, many and other), an ordinal its ordinal form, a list its
// conjunction.

// Count words n things of a kind ("card": "1 card", "3 cards"), in the
// form the language's plural rules (CLDR) choose for n, formatted as fmt
// does.
func (l Lang) Count(thing string, n int) string {
	key := "count." + thing
	form := pluralSuffixes[plural.Cardinal.MatchPlural(l.Tag(), abs(n), 0, 0, 0, 0)]
	text, ok := l.book().says.get(key + form)
	if !ok {
		text, ok = l.book().says.get(key + "_other")
	}
	if !ok {
		if !l.IsEnglish() {
			return English.Count(thing, n)
		}
		return l.fallback()
	}
	s := fmt.Sprintf(text, n)
	if abs(n) >= 1000 {
		// Counts are written with %d; a large one takes the language's
		// digit groups.
		s = strings.Replace(s, strconv.Itoa(n), l.Int(n), 1)
	}
	return s
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// Ordinal is n as a place: "1st", "2nd", "3rd", "4th" in English, "1er",
// "2e" in French, by the language's ordinal rules.
func (l Lang) Ordinal(n int) string {
	form := map[plural.Form]string{plural.One: "one", plural.Two: "two", plural.Few: "few", plural.Many: "many"}[plural.Ordinal.MatchPlural(l.Tag(), n, 0, 0, 0, 0)]
	if _, ok := l.book().says.get("ordinal." + form); ok {
		return l.Say("ordinal."+form, n)
	}
	return l.Say("ordinal.other", n)
}

// NumberWord is a small count as a word that starts a sentence ("No",
// "One" … "Eight"), else its digits.
func (l Lang) NumberWord(n int) string {
	if n >= 0 && n <= 8 {
		return l.Say(fmt.Sprintf("number.%d", n))
	}
	return fmt.Sprint(n)
}

// List joins names as a sentence lists them: "Ann", "Ann and Bob", "Ann,
// Bob and Cy".
func (l Lang) List(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return l.Say("list.and", strings.Join(names[:len(names)-1], l.Say("list.comma")), names[len(names)-1])
}

// Duration is a wait as people say it: "30 seconds", "2 minutes", "1 min
// 30 s".
func (l Lang) Duration(d time.Duration) string {
	switch d = d.Round(time.Second); {
	case d >= time.Hour && d%time.Hour == 0:
		return l.Count("hour", int(d/time.Hour))
	case d >= time.Minute && d%time.Minute == 0:
		return l.Count("minute", int(d/time.Minute))
	case d >= time.Minute:
		return l.Say("duration.minSec", int(d/time.Minute), int(d%time.Minute/time.Second))
	}
	return l.Count("second", int(d/time.Second))
}

// You is what the terminal calls its one player.
func (l Lang) You() string { return l.Say("you.name") }

// Possessive is a name's possessive: "Ann's", "Your" for the terminal's
// player.
func (l Lang) Possessive(name string) string {
	if name == l.You() {
		return l.Say("you.possessive")
	}
	return l.Say("possessive", name)
}

// Object is a name as an object: "you" for the terminal's player.
func (l Lang) Object(name string) string {
	if name == l.You() {
		return l.Say("you.object")
	}
	return name
}

// Their is the possessive pronoun for a name: "your" for the terminal's
// player, else "their".
func (l Lang) Their(name string) string {
	if name == l.You() {
		return l.Say("you.their")
	}
	return l.Say("their")
}

// Capital is s with its first letter in upper case, whatever its script.
func Capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// Label is a name and its value as a line shows them: "Ann: 34" ("Ann :
// 34" in French, which spaces its colons).
func (l Lang) Label(name, value string) string { return l.Say("punct.label", name, value) }

// BoldLabel is Label with the name in bold Markdown.
func (l Lang) BoldLabel(name, value string) string { return l.Say("punct.boldLabel", name, value) }

// Heading is a heading that a list follows: "Menu:".
func (l Lang) Heading(s string) string { return l.Say("punct.heading", s) }

// Semicolons joins clauses with the language's semicolon: "a; b" ("a ;
// b" in French).
func (l Lang) Semicolons(parts []string) string { return strings.Join(parts, l.Say("punct.semicolon")) }
