package words

import (
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
	// The keys are put together where they are looked up, so they need
	// no memory of their own: a count is said several times a click.
	form := pluralSuffixes[plural.Cardinal.MatchPlural(l.Tag(), abs(n), 0, 0, 0, 0)]
	text, ok := l.book().says.get("count." + thing + form)
	if !ok {
		text, ok = l.book().says.get("count." + thing + "_other")
	}
	if !ok {
		if !l.IsEnglish() {
			return English.Count(thing, n)
		}
		return l.fallback()
	}
	s := sprintf(text, []any{n})
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

// List joins names as a sentence lists them: "Ann", "Ann and Bob", "Ann,
// Bob and Cy".
func (l Lang) List(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	last := names[len(names)-1]
	and := Key("list.and")
	if startsWithI(last) {
		// Spanish writes "e" for "y" before the sound i: "Ana e Isabel";
		// list.andBeforeI is list.and in the languages that do not.
		and = "list.andBeforeI"
	}
	return l.Say(and, strings.Join(names[:len(names)-1], l.Say("list.comma")), last)
}

// startsWithI reports whether s (a name, past any Markdown around it)
// begins with the sound i as Spanish spells it: i, í, or hi, hí not
// followed by a vowel ("Hilda", not "Hielo", whose hie- is the sound ye).
func startsWithI(s string) bool {
	rest, h := strings.CutPrefix(strings.ToLower(strings.TrimLeft(s, "*_~`")), "h")
	r, size := utf8.DecodeRuneInString(rest)
	if r != 'i' && r != 'í' {
		return false
	}
	next, _ := utf8.DecodeRuneInString(rest[size:])
	return !h || !strings.ContainsRune("aeiouáéíóú", next)
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

// IsYou reports whether name is what one of the languages calls the
// terminal's player ("You", "Du", "Вы"): a terminal game stores its player
// under the word of the language it was played in, and each reader reads
// it in their own.
func IsYou(name string) bool {
	for _, b := range all[1:] {
		if t, _ := b.says.get("you.name"); t == name {
			return true
		}
	}
	return false
}

// elides reports whether a name put into a sentence may make a word
// before it drop its vowel: in a language with elisions, a name that
// starts with a vowel.
func (b *book) elides(name string) bool {
	if len(b.elisions) == 0 {
		return false
	}
	r, _ := utf8.DecodeRuneInString(name)
	return strings.ContainsRune("aeiouàâäéèêëîïôöùûüœAEIOUÀÂÄÉÈÊËÎÏÔÖÙÛÜŒ", r) // not y: "de Yann"
}

// markThenStop drops a full stop after "!" or "?". It is made once: a
// replacer builds its tables at its first use, which cost more than the
// replacing when spell made one for every sentence.
var markThenStop = strings.NewReplacer("!.", "!", "?.", "?")

// spell mends what putting names into a sentence broke: a name ending in
// "!" or "?" before the sentence's full stop ("Sushi Go!." → "Sushi Go!"),
// and, in French, "de Alice" → "d’Alice", "que Ève" → "qu’Ève".
func (b *book) spell(out string, args []any) string {
	if strings.Contains(out, "!.") || strings.Contains(out, "?.") {
		out = markThenStop.Replace(out)
	}
	for _, x := range args {
		name, ok := x.(string)
		if !ok || !b.elides(name) {
			continue
		}
		for _, e := range b.elisions {
			for _, before := range []string{" ", "(", "\n"} {
				out = strings.ReplaceAll(out, before+e[0]+" "+name, before+e[1]+name)
			}
			if rest, ok := strings.CutPrefix(out, e[0]+" "+name); ok {
				out = e[1] + name + rest
			}
		}
	}
	return out
}
