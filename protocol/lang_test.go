package protocol

import (
	"testing"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/words"
)

// TestCardsTypedInTheReadersLanguage: a card typed in the player's
// language or in English both work; another language's name does not
// (it could mean something else there).
func TestCardsTypedInTheReadersLanguage(t *testing.T) {
	fr, _ := words.Find("fr")
	ru, _ := words.Find("ru")
	de, _ := words.Find("de")
	for _, c := range []struct {
		w    words.Lang
		text string
		want engine.Card
	}{
		{fr, "pick saumon", engine.SalmonNigiri},
		{fr, "pick Nigiri au saumon", engine.SalmonNigiri},
		{fr, "pick salmon", engine.SalmonNigiri},
		{ru, "pick лосось", engine.SalmonNigiri},
		{ru, "pick Кальмар", engine.SquidNigiri},
		{de, "pick thunfisch", engine.SquidNigiri},
		{de, "pick squid", engine.SquidNigiri},
	} {
		a, err := ParseCommand(c.text, c.w)
		if err != nil {
			t.Errorf("%s %q: %v", c.w, c.text, err)
			continue
		}
		if p, ok := a.(Pick); !ok || p.Card != c.want {
			t.Errorf("%s %q = %#v, want %s", c.w, c.text, a, c.want)
		}
	}
	if a, err := ParseCommand("choose cuillère", fr); err != nil || a.(Answer).Kind != engine.KindSpoon && a.(Answer).Card.Kind() != engine.KindSpoon {
		t.Errorf("choose cuillère = %#v, %v", a, err)
	}
	if _, err := ParseCommand("pick лосось", fr); err == nil {
		t.Error("a Russian card name was read in a French game")
	}
	var u *UsageError
	_, err := ParseCommand("pick hamburger", ru)
	if !asUsage(err, &u) || u.In(ru) == u.In(words.English) {
		t.Errorf("a usage error in Russian: %v", err)
	}
}

func asUsage(err error, u **UsageError) bool {
	e, ok := err.(*UsageError)
	*u = e
	return ok
}
