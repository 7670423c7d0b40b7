// Package words is the catalog of every word a player reads: each sentence
// has a key ("lobby.hostStarts"), and Say words a key with its arguments.
// Code elsewhere names keys and passes numbers and names, never
// sentences, so a language is added here and nowhere else.
//
// The catalog is built on golang.org/x/text/message: its plural selectors
// follow CLDR's rules for each language (English has two forms, Polish
// four, Japanese one), which hand-written helpers cannot do.
package words

import (
	"fmt"
	"sort"
	"strings"

	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/message/catalog"
)

// Key names one message of the catalog.
type Key = string

// english is the language every key is written in first.
var english = language.English

var (
	cat     = catalog.NewBuilder(catalog.Fallback(english))
	printer *message.Printer
	known   = map[Key]bool{}
	// counts are the keys whose messages have plural forms.
	counts = map[Key]bool{}
)

func init() {
	for _, m := range []map[Key]string{enGame, enProblems, enGrammar} {
		for k, text := range m {
			en[k] = text
		}
	}
	for k, text := range en {
		if err := cat.SetString(english, k, text); err != nil {
			panic(fmt.Sprintf("words: %s: %v", k, err))
		}
		known[k] = true
	}
	setCounts()
	printer = message.NewPrinter(english, message.Catalog(cat))
	nameTheGame()
}

// Say words key with its arguments. A key missing from the catalog is a
// programming error the tests catch; the player still reads a sentence.
//
// A plain sentence is formatted as fmt formats it (digits ungrouped, as
// the host always wrote them), without the printer's catalog lookup,
// which costs five times as much on every view a click draws; a message
// with plural forms goes through the printer (Count).
func Say(key Key, a ...any) string {
	text, ok := en[key]
	switch {
	case !ok:
		return fallback
	case len(a) == 0 && !strings.Contains(text, "%"):
		return text
	case !counts[key]:
		return fmt.Sprintf(text, a...)
	}
	for i, v := range a {
		switch v.(type) {
		case int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64:
			a[i] = plain{v}
		}
	}
	return printer.Sprintf(key, a...)
}

// plain prints a number as fmt does, without the digit grouping the
// printer would add ("1500", not "1,500"): a rating or a year reads
// better so, and every message keeps the words it had before the catalog.
// A language that wants grouping says so in its message.
type plain struct{ v any }

func (p plain) Format(f fmt.State, verb rune) { fmt.Fprintf(f, fmt.FormatString(f, verb), p.v) }

// fallback is what a player reads for a key the catalog lacks.
const fallback = "That can't be done right now."

// Has says whether the catalog words key.
func Has(key Key) bool { return known[key] }

// Text is key's words before its arguments are put in: for tests that
// count a message's verbs.
func Text(key Key) string { return en[key] }

// Keys are the catalog's keys, sorted.
func Keys() []Key {
	ks := make([]Key, 0, len(en))
	for k := range en {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
