// Package words is the catalog of every word a player reads: each sentence
// has a key ("lobby.hostStarts"), and Say words a key with its arguments.
// Code elsewhere names keys and passes numbers and names, never
// sentences, so a language is added here and nowhere else.
//
// Its grammar follows CLDR's rules for each language through
// golang.org/x/text/feature/plural: the plural form of a count (English
// has two, Polish four, Japanese one) and the ordinal form of a place,
// which hand-written helpers cannot do.
package words

import (
	"fmt"
	"sort"
	"strings"

	"golang.org/x/text/language"
)

// Key names one message of the catalog.
type Key = string

// english is the language every key is written in first.
var english = language.English

func init() {
	for _, m := range []map[Key]string{enGame, enProblems, enGrammar} {
		for k, text := range m {
			en[k] = text
		}
	}
	nameTheGame()
}

// Say words key with its arguments, formatted as fmt formats them (digits
// ungrouped, as the host always wrote them). A key missing from the
// catalog is a programming error the tests catch; the player still reads
// a sentence. Counts, which have plural forms, are said by Count.
func Say(key Key, a ...any) string {
	text, ok := en[key]
	switch {
	case !ok:
		return fallback
	case len(a) == 0 && !strings.Contains(text, "%"):
		return text
	}
	return fmt.Sprintf(text, a...)
}

// fallback is what a player reads for a key the catalog lacks.
const fallback = "That can't be done right now."

// Has says whether the catalog words key, a count's included.
func Has(key Key) bool {
	_, sentence := en[key]
	_, count := enCounts[key]
	return sentence || count
}

// Text is key's words before its arguments are put in (a count's other
// form): for tests that count a message's verbs.
func Text(key Key) string {
	if f, ok := enCounts[key]; ok {
		return f[1]
	}
	return en[key]
}

// Keys are the catalog's keys, sorted, the counts' included.
func Keys() []Key {
	ks := make([]Key, 0, len(en)+len(enCounts))
	for k := range en {
		ks = append(ks, k)
	}
	for k := range enCounts {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
