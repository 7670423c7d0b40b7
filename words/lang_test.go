package words

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/text/feature/plural"
)

// verb is a format verb, an explicit argument index included ("%[2]s").
var verb = regexp.MustCompile(`%(\[\d+\])?[-+# 0]*[0-9]*(\.[0-9]+)?[a-zA-Z%]`)

// formsOf are the plural forms a language's rules give counts 0 to 200,
// and its ordinal forms for places 1 to 200: the forms its catalog must
// word.
func formsOf(b *book) (counts, ordinals map[string]bool) {
	counts, ordinals = map[string]bool{}, map[string]bool{}
	for n := 0; n <= 200; n++ {
		counts[pluralSuffixes[plural.Cardinal.MatchPlural(b.tag, n, 0, 0, 0, 0)]] = true
		if n > 0 {
			ordinals[map[plural.Form]string{plural.One: "one", plural.Two: "two", plural.Few: "few", plural.Many: "many"}[plural.Ordinal.MatchPlural(b.tag, n, 0, 0, 0, 0)]] = true
		}
	}
	return counts, ordinals
}

// TestEveryLanguageHasEveryKey: each language words every key of the
// catalog, each count in every plural form its CLDR rules use (Russian:
// one, few, many) and each place in its ordinal forms; and nothing the
// English catalog no longer has.
func TestEveryLanguageHasEveryKey(t *testing.T) {
	en := books[0].says.m()
	for _, b := range books[1:] {
		counts, ordinals := formsOf(b)
		bm := b.says.m()
		for k := range en {
			switch base := countKey(k); {
			case base != k: // a count: its language's forms, checked below
			case strings.HasPrefix(k, "ordinal."):
				if form := strings.TrimPrefix(k, "ordinal."); (ordinals[form] || form == "other") && bm[k] == "" {
					t.Errorf("%s: no %s (%q)", b.code, k, en[k])
				}
			case bm[k] == "":
				t.Errorf("%s: no %s (%q)", b.code, k, en[k])
			}
		}
		for _, k := range Keys() {
			if !strings.HasPrefix(k, "count.") {
				continue
			}
			for form := range counts {
				if bm[k+form] == "" {
					t.Errorf("%s: no %s%s", b.code, k, form)
				}
			}
		}
		for k := range bm {
			if _, ok := en[k]; !ok && !(countKey(k) != k && Has(countKey(k))) {
				t.Errorf("%s: %s is not in the English catalog", b.code, k)
			}
		}
	}
}

// argsFor are arguments of the types key's English verbs take.
func argsFor(key Key) []any {
	var a []any
	for _, v := range verb.FindAllString(strings.ReplaceAll(Text(key), "%%", ""), -1) {
		switch v[len(v)-1] {
		case 'd', 'x':
			a = append(a, 7)
		case 'f':
			a = append(a, 1.5)
		default:
			a = append(a, "Xy")
		}
	}
	return a
}

// TestEveryLanguageFormatsItsArguments: each language's words take the
// arguments the English ones take, with no verb missing, left over or of
// the wrong kind (a translation may reorder them with %[n]s, or leave one
// out that way).
func TestEveryLanguageFormatsItsArguments(t *testing.T) {
	for i, b := range all[2:] {
		l := Lang{uint8(i + 2)}
		for _, k := range Keys() {
			if strings.HasPrefix(k, "count.") {
				for _, n := range []int{0, 1, 2, 5, 21} {
					if got := l.Count(strings.TrimPrefix(k, "count."), n); strings.Contains(got, "%!") || !strings.Contains(got, fmt.Sprint(n)) {
						t.Errorf("%s: %s of %d = %q", b.code, k, n, got)
					}
				}
				continue
			}
			text, ok := b.says.get(k)
			if !ok {
				continue
			}
			a := argsFor(k)
			if got := l.Say(k, a...); strings.Contains(got, "%!") {
				t.Errorf("%s: %s (%q) with %v = %q", b.code, k, text, a, got)
			}
			if len(a) == 0 && strings.Contains(strings.ReplaceAll(text, "%%", ""), "%") && verb.MatchString(text) {
				t.Errorf("%s: %s (%q) has a verb English does not", b.code, k, text)
			}
		}
	}
}

// TestPluralsFollowCLDR: counts take each language's forms.
func TestPluralsFollowCLDR(t *testing.T) {
	ru, _ := Find("ru")
	for n, want := range map[int]string{1: "1 карта", 2: "2 карты", 5: "5 карт", 11: "11 карт", 21: "21 карта", 22: "22 карты", 25: "25 карт", 0: "0 карт"} {
		if got := ru.Count("card", n); got != want {
			t.Errorf("Russian Count(card, %d) = %q, want %q", n, got, want)
		}
	}
	fr, _ := Find("fr")
	for n, want := range map[int]string{0: "0 carte", 1: "1 carte", 2: "2 cartes"} {
		if got := fr.Count("card", n); got != want {
			t.Errorf("French Count(card, %d) = %q, want %q", n, got, want)
		}
	}
	if got := fr.Ordinal(1) + " " + fr.Ordinal(2); got != "1re 2e" { // places: "1re place"
		t.Errorf("French ordinals %q", got)
	}
	de, _ := Find("de")
	if got := de.Ordinal(3); got != "3." {
		t.Errorf("German ordinal %q", got)
	}
}

// TestMatchLocales: a platform's or a system's locale finds our language,
// or none.
func TestMatchLocales(t *testing.T) {
	for loc, want := range map[string]string{"fr": "fr", "fr-CA": "fr", "en-US": "en", "en-GB": "en", "de": "de", "es-ES": "es",
		"es-419": "es", "pt-BR": "pt-BR", "ru": "ru", "ru_RU.UTF-8": "ru", "de_DE.UTF-8@euro": "de", "en-XA": "en-XA", "pt-br": "pt-BR",
		"ja": "", "": "", "C": "", "POSIX": "", "zh-TW": ""} {
		got := Match(loc)
		if code := got.Code(); got.IsZero() && want != "" || !got.IsZero() && code != want {
			t.Errorf("Match(%q) = %q (zero %v), want %q", loc, code, got.IsZero(), want)
		}
	}
}

// TestPseudoLanguage: every English sentence, in the pseudo-language,
// reads as it (no plain ASCII letters outside commands and verbs), keeps
// its verbs and commands, and is longer.
func TestPseudoLanguage(t *testing.T) {
	pm := pseudo.says.m()
	for k, text := range books[0].says.m() {
		p := pm[k]
		if !IsPseudo(p) {
			t.Errorf("%s: %q is not pseudo", k, p)
		}
		if got, want := verb.FindAllString(p, -1), verb.FindAllString(text, -1); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: verbs %v, want %v", k, got, want)
		}
		if strings.ContainsAny(kept.ReplaceAllString(text, ""), "abcdefghijklmnopqrstuvwxyz") && len([]rune(p)) <= len([]rune(text)) {
			t.Errorf("%s: %q is no longer than %q", k, p, text)
		}
	}
	if IsPseudo("Salmon nigiri") || !IsPseudo("[Šáļɱöñ ····] `pick salmon` 12 🍣") {
		t.Error("IsPseudo misreads")
	}
}

// m is the language's words as a map, for tests.
func (t *texts) m() map[Key]string {
	out := map[Key]string{}
	t.each(func(k Key, s string) { out[k] = s })
	return out
}

// sameWords are the words a translation may keep as English writes them:
// the game's and its dishes' names, which the editions print as they are,
// and words each language spells the same way.
var sameWords = map[string]string{
	"":      "Sushi Go Party UTC OpenSkill Maki Tempura Sashimi Nigiri Wasabi Pudding Temaki Uramaki Tofu Edamame Miso Onigiri min pts play",
	"fr":    "Dess Dessert Desserts dessert desserts Menu Menus menu Orange Total copies expert minute minutes normal point points pudding puddings rectangle scores triangle uramaki",
	"de":    "Bots Dummy Orange TEXT Timer normal",
	"es":    "Bots Error Total final normal uramaki",
	"pt-BR": "Bots Total final normal uramaki",
	"ru":    "",
}

// TestNoLanguageIsEnglishInDisguise: a translation whose values are the
// English ones passes every other test of the catalog. A value the same
// as English fails here unless each of its words is one the language
// really spells so (sameWords), and no language keeps more than a tenth
// of its values as English wrote them.
func TestNoLanguageIsEnglishInDisguise(t *testing.T) {
	en := books[0].says.m()
	letters := regexp.MustCompile(`\pL{2,}`)
	for _, b := range books[1:] {
		same := 0
		allowed := map[string]bool{}
		for _, w := range strings.Fields(sameWords[""] + " " + sameWords[b.code]) {
			allowed[w] = true
		}
		for k, v := range b.says.m() {
			if v != en[k] {
				continue
			}
			ws := letters.FindAllString(kept.ReplaceAllString(v, ""), -1)
			if len(ws) > 0 {
				same++
			}
			for _, w := range ws {
				if !allowed[w] {
					t.Errorf("%s: %s is English's %q (%q is not a word %s spells so)", b.code, k, v, w, b.code)
					break
				}
			}
		}
		if n := b.says.len(); same*10 > n {
			t.Errorf("%s: %d of %d values are English's", b.code, same, n)
		}
	}
}

// TestScoresKeepTheirUnit: a score and its unit ("31 pts") are one thing
// to read, and a narrow column (a web table's seat, a phone's standings)
// broke between them, leaving "— 31" on one line and "pts" on the next.
// Each value English words with "pts" (but the picture's, whose lines
// never wrap) joins its score to its unit, and a dash to the score it
// leads, with no-break spaces, in every language.
func TestScoresKeepTheirUnit(t *testing.T) {
	apart := regexp.MustCompile(`%[ds] \pL|— %d`)
	keys := 0
	for k, v := range books[0].says.m() {
		if !strings.Contains(v, " pts") && !strings.Contains(v, "\u00a0pts") || k == "picture.pts" {
			continue
		}
		keys++
		for _, b := range books {
			if s := b.says.m()[k]; apart.MatchString(s) {
				t.Errorf("%s: %s parts a score from its unit or dash: %q", b.code, k, s)
			}
		}
	}
	if keys < 6 {
		t.Fatalf("only %d values word a score in pts: the test looks at nothing", keys)
	}
}
