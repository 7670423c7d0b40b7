package words

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/language"
)

// The pseudo-language is English made visibly foreign: each letter
// accented, each sentence bracketed and padded about 40 % longer, as
// German runs long. Text a test finds in plain ASCII letters was never
// looked up in the catalog; text cut short or overflowing shows where a
// longer language will not fit.

// The accented letters are all in the Go fonts the pictures draw with
// (Latin-1, Latin Extended-A, Greek and Cyrillic), so a pseudo-language
// picture shows every letter.

// kept are the parts of a sentence the pseudo-language leaves as they
// are: commands in backticks, format verbs, mentions and links, which
// are the same in every language.
var kept = regexp.MustCompile("`[^`]*`|%[-+# 0-9.\\[\\]]*[a-zA-Z%]|<[^>]*>|https?://\\S+")

var accents = map[rune]rune{}

func init() {
	const plain, accented = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", "áβçðéƒĝĥîĵķļмñöþφŕšţûνŵхýžÁΒÇÐÉФĜĤÎĴĶĻМÑÖÞΦŔŠŢÛÜŴХÝŽ"
	to := []rune(accented)
	for i, r := range plain {
		accents[r] = to[i]
	}
}

func pseudoBook(en *book) *book {
	m := map[Key]string{}
	en.says.each(func(k Key, text string) { m[k] = pseudoText(text) })
	return &book{code: "en-XA", tag: language.MustParse("en-XA"), says: newTexts(m)}
}

// pseudoText is text in the pseudo-language; text without letters
// (", ", "−") stays as it is.
func pseudoText(text string) string {
	core := strings.TrimSpace(text)
	if core == "" || !strings.ContainsFunc(kept.ReplaceAllString(core, ""), func(r rune) bool { return accents[r] != 0 }) {
		return text
	}
	lead := text[:strings.Index(text, core)]
	trail := text[len(lead)+len(core):]
	var out strings.Builder
	letters, last := 0, 0
	for _, m := range kept.FindAllStringIndex(core, -1) {
		letters += accent(&out, core[last:m[0]])
		out.WriteString(core[m[0]:m[1]])
		last = m[1]
	}
	letters += accent(&out, core[last:])
	pad := (letters*2 + 4) / 5
	return lead + "[" + out.String() + " " + strings.Repeat("·", max(pad, 1)) + "]" + trail
}

// accent writes s with its letters accented and counts them.
func accent(out *strings.Builder, s string) int {
	n := 0
	for _, r := range s {
		if a, ok := accents[r]; ok {
			r = a
		}
		if r != ' ' {
			n++
		}
		out.WriteRune(r)
	}
	return n
}

// IsPseudo reports whether text reads as the pseudo-language wrote it:
// no run of two or more plain ASCII letters outside backticks, mentions
// and links. A test of screens in the pseudo-language calls it on every
// string a player reads, names aside.
func IsPseudo(text string) bool {
	text = kept.ReplaceAllString(text, "")
	run := 0
	for len(text) > 0 {
		r, n := utf8.DecodeRuneInString(text)
		text = text[n:]
		if accents[r] != 0 {
			if run++; run >= 2 {
				return false
			}
		} else {
			run = 0
		}
	}
	return true
}
