package words

import (
	"fmt"
	"strings"
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
	// Spanish's "y" is "e" before the sound i, and stays "y" before hie-
	// (the sound ye) and anything else; the other languages' "and" never
	// changes.
	es := mustFind("es")
	for want, names := range map[string][]string{"Ana e Isabel": {"Ana", "Isabel"}, "Ana, Bea e Íñigo": {"Ana", "Bea", "Íñigo"},
		"Ana e Hilda": {"Ana", "Hilda"}, "Ana e **Ian**": {"Ana", "**Ian**"}, "Ana y Hielo": {"Ana", "Hielo"},
		"Ana y Bea": {"Ana", "Bea"}, "Ana y Yolanda": {"Ana", "Yolanda"}, "Ana y Hugo": {"Ana", "Hugo"}, "Ana y 🥢 Inari": {"Ana", "🥢 Inari"}} {
		if got := es.List(names); got != want {
			t.Errorf("es.List(%q) = %q, want %q", names, got, want)
		}
	}
	for _, w := range Languages() {
		if w.Code() == "es" {
			continue
		}
		if a, b := w.List([]string{"Ana", "Isabel"}), w.List([]string{"Ana", "Bea"}); a != strings.Replace(b, "Bea", "Isabel", 1) {
			t.Errorf("%s: %q and %q join differently", w, a, b)
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
	fr, _ := Find("fr")
	for _, c := range []struct{ got, want string }{
		{English.Int(1500), "1,500"}, {English.Int(-15000), "−15,000"}, {English.Int(999), "999"},
		{fr.Int(1500), "1\u202f500"}, {mustFind("de").Int(1500), "1.500"}, {mustFind("es").Int(1500), "1500"}, {mustFind("es").Int(15000), "15.000"},
		{mustFind("ru").Int(1500000), "1\u00a0500\u00a0000"}, {fr.Decimal(1.25, 2), "1,25"}, {English.Count("card", 1500), "1,500 cards"},
		{fr.Count("card", 2500), "2\u202f500 cartes"}, {fr.Label("Alice", "34"), "Alice : 34"}, {English.Label("Ann", "34"), "Ann: 34"},
		{fr.Say("table.controlsTheDummy", "Alice"), strings.Replace(fr.Say("table.controlsTheDummy", "Bob"), "Bob", "Alice", 1)},
		{fr.Say("partyview.copies", "Alice", "x"), "🌈 Alice : la commande spéciale copie la carte x."},
		{fr.Say("history.partyWithMenu", "x"), "Sushi Go Party! (x)"},
		{English.Say("hand.goesOnTo", "Wow!"), "🔄 This hand goes on to Wow!"},
		{English.Say("hand.goesOnTo", "Who?"), "🔄 This hand goes on to Who?"},
		{English.Say("hand.goesOnTo", "Mr. T"), "🔄 This hand goes on to Mr. T."},
		{fr.Say("cli.withDefault", "Réglage de %s", "Ève"), "Réglage de %s (par défaut : Ève)"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
	// French drops the vowel of "de" and "que" before a name that starts
	// with one, and only then.
	for _, c := range []struct{ text, name, want string }{
		{"Seul choix de %s.", "Alice", "Seul choix d’Alice."}, {"Seul choix de %s.", "Bob", "Seul choix de Bob."},
		{"En attente que %s décide.", "Ève", "En attente qu’Ève décide."}, {"De %s.", "Alice", "D’Alice."},
		{"Le menu de %s.", "🍣 Saumon", "Le menu de 🍣 Saumon."},
		{"Le menu de %s.", "Yann", "Le menu de Yann."},
	} {
		if got := fr.book().spell(fmt.Sprintf(c.text, c.name), []any{c.name}); got != c.want {
			t.Errorf("%q with %q: %q, want %q", c.text, c.name, got, c.want)
		}
	}
	if got := English.Count("no-such-thing", 2); got != English.fallback() {
		t.Errorf("an unknown count says %q", got)
	}
}

func mustFind(code string) Lang {
	l, ok := Find(code)
	if !ok {
		panic(code)
	}
	return l
}

// TestDates: each language's month and weekday names, in its order.
func TestDates(t *testing.T) {
	now := time.Date(2026, 11, 27, 22, 37, 0, 0, time.UTC)
	for code, want := range map[string][4]string{
		"en":    {"today 21:37", "Thu 26 Nov 09:05", "3 Mar 2025", "Thu 26 Nov 2026 09:05"},
		"fr":    {"aujourd’hui 21:37", "jeu. 26 nov. 09:05", "3 mars 2025", "jeu. 26 nov. 2026 à 09:05"},
		"de":    {"heute, 21:37", "Do., 26. Nov., 09:05", "3. März 2025", "Do., 26. Nov. 2026, 09:05"},
		"es":    {"hoy, 21:37", "jue, 26 nov, 09:05", "3 mar 2025", "jue, 26 nov 2026, 09:05"},
		"pt-BR": {"hoje, 21:37", "qui., 26 de nov., 09:05", "3 de mar. de 2025", "qui., 26 de nov. de 2026, 09:05"},
		"ru":    {"сегодня, 21:37", "чт, 26 нояб., 09:05", "3 мар. 2025 г.", "чт, 26 нояб. 2026 г., 09:05"},
	} {
		l := mustFind(code)
		day := time.Date(2026, 11, 26, 9, 5, 0, 0, time.UTC)
		got := [4]string{l.When(now.Add(-time.Hour), now), l.When(day, now), l.When(time.Date(2025, 3, 3, 1, 0, 0, 0, time.UTC), now), l.DateTime(day)}
		if got != want {
			t.Errorf("%s: %q, want %q", code, got, want)
		}
	}
}
