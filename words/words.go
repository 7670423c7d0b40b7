// Package words is the catalog of every word a player reads: each sentence
// has a key ("lobby.hostStarts"), and a Lang words a key with its
// arguments in its language. Code elsewhere names keys and passes numbers
// and names, never sentences, so a language is added here and nowhere
// else: a file in lang/ and a row in languages.
//
// Its grammar follows CLDR's rules for each language through
// golang.org/x/text/feature/plural: the plural form of a count (English
// has two, Russian four) and the ordinal form of a place, which
// hand-written helpers cannot do.
package words

import (
	"embed"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"

	"github.com/sushigo/sushigo/engine"
)

// Key names one message of the catalog.
type Key = string

// Lang is a language the catalog speaks. The zero Lang is English: a game
// stored before languages existed, and a reader whose language is not
// known, read English. It holds no pointer (an index into the books), so a
// game's seats, copied on every click, cost the collector nothing more.
type Lang struct{ i uint8 }

// A book is one language's words.
type book struct {
	code string       // how settings and stored games name it: "fr", "pt-BR"
	tag  language.Tag // whose CLDR plural and ordinal rules it follows
	name string       // as its speakers call it: "Français"
	// capitalNouns keeps a name's capitals inside a sentence (German).
	capitalNouns bool
	// elisions are the words that drop their vowel before a name that
	// starts with one (French "de Alice" → "d’Alice"), from the catalog's
	// "grammar.elisions" ("de=d’|que=qu’"; "-" for none).
	elisions [][2]string
	says     texts
	// cards, shorts and categories are looked up once: a table view names
	// every card on it.
	cards, shorts [engine.NumCards]string
	categories    [engine.NumCategories]string
}

// languages are the languages players choose from, English first: a row
// and a file in lang/ add one (docs/languages.md).
var languages = []struct {
	code         string
	tag          language.Tag
	capitalNouns bool
}{
	{"en", language.English, false},
	{"fr", language.French, false},
	{"de", language.German, true},
	{"es", language.Spanish, false},
	{"pt-BR", language.BrazilianPortuguese, false},
	{"ru", language.Russian, false},
}

//go:embed lang/*.json
var files embed.FS

var (
	books  []*book
	pseudo *book
	// all are the books by Lang index: none at 0 (the zero Lang), the
	// languages, then the pseudo-language.
	all []*book
	// English is the language every key is written in first.
	English Lang
)

func init() {
	for _, l := range languages {
		b := &book{code: l.code, tag: l.tag, capitalNouns: l.capitalNouns}
		var m map[Key]string
		data, err := files.ReadFile("lang/" + l.code + ".json")
		if err == nil {
			err = json.Unmarshal(data, &m)
		}
		if err != nil {
			panic(fmt.Sprintf("words: language %s: %v", l.code, err))
		}
		b.says = newTexts(m)
		books = append(books, b)
	}
	pseudo = pseudoBook(books[0])
	all = append(append([]*book{nil}, books...), pseudo)
	English = Lang{1}
	for i, b := range all[1:] {
		l := Lang{uint8(i + 1)}
		b.name = l.Say("language.name")
		b.nameTheGame(l)
		for _, pair := range strings.Split(l.Say("grammar.elisions"), "|") {
			if full, short, ok := strings.Cut(pair, "="); ok {
				b.elisions = append(b.elisions, [2]string{full, short})
			}
		}
	}
}

func (l Lang) book() *book {
	if l.i == 0 {
		return books[0]
	}
	return all[l.i]
}

// Code is how a setting or a stored game names the language: "en", "fr",
// "pt-BR".
func (l Lang) Code() string { return l.book().code }

// Name is the language as its speakers call it: "English", "Français".
func (l Lang) Name() string { return l.book().name }

// Tag is the language's BCP 47 tag.
func (l Lang) Tag() language.Tag { return l.book().tag }

// IsEnglish reports whether l is English.
func (l Lang) IsEnglish() bool { return l.book() == books[0] }

func (l Lang) String() string { return l.Code() }

// Languages are the languages players choose from, English first; the
// pseudo-language for tests is not one of them.
func Languages() []Lang {
	ls := make([]Lang, len(books))
	for i := range books {
		ls[i] = Lang{uint8(i + 1)}
	}
	return ls
}

// Pseudo is the pseudo-language for tests: every English sentence with
// accented letters, about 40 % longer and bracketed, so a word nobody
// translated shows at a glance.
func Pseudo() Lang { return Lang{uint8(len(all) - 1)} }

// Find is the language a setting or a stored game names by its code
// ("fr"), the pseudo-language's "en-XA" included.
func Find(code string) (Lang, bool) {
	for i, b := range all[1:] {
		if strings.EqualFold(b.code, code) {
			return Lang{uint8(i + 1)}, true
		}
	}
	return English, false
}

// Say words key with its arguments, formatted as fmt formats them (digits
// ungrouped, as the host always wrote them); a Phrase among the arguments
// is worded in the same language. A key missing from the language is
// worded in English; one missing from the catalog is a programming error
// the tests catch, and the player still reads a sentence.
func (l Lang) Say(key Key, a ...any) string {
	text, ok := l.text(key)
	if n, count := 0, false; !ok && len(a) == 1 && strings.HasPrefix(key, "count.") {
		if n, count = a[0].(int); count { // a count's Phrase: P("count.card", 3)
			return l.Count(strings.TrimPrefix(key, "count."), n)
		}
	}
	switch {
	case !ok:
		return l.fallback()
	case len(a) == 0 && !strings.Contains(text, "%"):
		return text
	}
	copied, spell := false, false
	for i, x := range a {
		if s, ok := x.(string); ok && s != "" && (l.book().elides(s) || strings.HasSuffix(s, "!") || strings.HasSuffix(s, "?")) {
			spell = true
		}
		var worded string
		switch x := x.(type) {
		case Phrase:
			worded = l.Say(x.Key, x.Args...)
		case because:
			worded = l.Friendly(x.err)
		default:
			continue
		}
		if !copied {
			a, copied = append([]any(nil), a...), true
		}
		a[i] = worded
	}
	out := sprintf(text, a)
	if spell {
		out = l.book().spell(out, a)
	}
	return out
}

// text is key's words in l, else in English.
func (l Lang) text(key Key) (string, bool) {
	if text, ok := l.book().says.get(key); ok {
		return text, true
	}
	return books[0].says.get(key)
}

// fallback is what a player reads for a key the catalog lacks.
func (l Lang) fallback() string {
	if text, ok := l.book().says.get("fallback"); ok {
		return text
	}
	return "That can't be done right now."
}

// A Phrase is a key and its arguments, not yet worded: a refusal made deep
// in the host is worded where its reader's language is known.
type Phrase struct {
	Key  Key
	Args []any
}

// P is the phrase of key with its arguments.
func P(key Key, a ...any) Phrase { return Phrase{key, a} }

// Word words the phrase in l.
func (l Lang) Word(p Phrase) string { return l.Say(p.Key, p.Args...) }

// Has says whether the catalog words key, a count's included.
func Has(key Key) bool {
	if _, ok := books[0].says.get(key); ok {
		return true
	}
	_, ok := books[0].says.get(key + "_other")
	return ok
}

// Text is key's English words before its arguments are put in (a count's
// other form): for tests that count a message's verbs.
func Text(key Key) string {
	if text, ok := books[0].says.get(key + "_other"); ok {
		return text
	}
	text, _ := books[0].says.get(key)
	return text
}

// Keys are the catalog's keys, sorted, each count once (without its
// plural form's suffix).
func Keys() []Key {
	seen := map[Key]bool{}
	books[0].says.each(func(k Key, _ string) { seen[countKey(k)] = true })
	ks := make([]Key, 0, len(seen))
	for k := range seen {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// pluralSuffixes are a count's forms as its keys end: "count.card_one".
var pluralSuffixes = map[plural.Form]string{plural.Zero: "_zero", plural.One: "_one", plural.Two: "_two",
	plural.Few: "_few", plural.Many: "_many", plural.Other: "_other"}

// countKey is a count form's key without its form: "count.card_one" →
// "count.card".
func countKey(k Key) Key {
	if !strings.HasPrefix(k, "count.") {
		return k
	}
	for _, s := range pluralSuffixes {
		if strings.HasSuffix(k, s) {
			return strings.TrimSuffix(k, s)
		}
	}
	return k
}

// IsZero reports whether l is the zero Lang: no language known, read as
// English.
func (l Lang) IsZero() bool { return l.i == 0 }

// Or is l, or other when l is the zero Lang.
func (l Lang) Or(other Lang) Lang {
	if l.IsZero() {
		return other
	}
	return l
}

// Match is the language that best fits a platform's or a system's locale
// ("fr", "pt-BR", "es-419", "ru_RU.UTF-8"), or the zero Lang when none of
// ours does.
func Match(locale string) Lang {
	locale, _, _ = strings.Cut(locale, ".") // ru_RU.UTF-8
	locale, _, _ = strings.Cut(locale, "@")
	locale = strings.ReplaceAll(locale, "_", "-")
	if l, ok := Find(locale); ok {
		return l
	}
	tag, err := language.Parse(locale)
	if err != nil || locale == "" || locale == "C" || locale == "POSIX" {
		return Lang{}
	}
	tags := make([]language.Tag, len(books))
	for i, b := range books {
		tags[i] = b.tag
	}
	_, i, conf := language.NewMatcher(tags).Match(tag)
	if conf == language.No {
		return Lang{}
	}
	return Lang{uint8(i + 1)}
}

// Because is err as an argument of Say: a rule's refusal worded in the
// sentence's language (Friendly).
func Because(err error) any { return because{err} }

type because struct{ err error }

// MarshalText is the language's code, as a stored game keeps it.
func (l Lang) MarshalText() ([]byte, error) {
	if l.IsZero() {
		return nil, nil
	}
	return []byte(l.Code()), nil
}

// UnmarshalText reads a language's code; an unknown or empty code is the
// zero Lang, read as English.
func (l *Lang) UnmarshalText(b []byte) error {
	*l = Lang{}
	if found, ok := Find(string(b)); ok {
		*l = found
	}
	return nil
}
