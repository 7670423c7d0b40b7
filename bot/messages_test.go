package bot

import (
	"github.com/sushigo/sushigo/words"
	"strings"
	"testing"

	"github.com/sushigo/sushigo/engine"
)

// TestEngineRefusalsTheHostReturnsAreWorded: the host returns
// engineRefusal of these errors without a fallback, so each must have
// words, or the player would get no answer at all.
func TestEngineRefusalsTheHostReturnsAreWorded(t *testing.T) {
	for _, err := range []error{
		engine.ErrNoChopsticks,
		engine.ErrNotAnOption,
		&engine.CardError{Err: engine.ErrNotInHand, Card: engine.Tempura},
	} {
		if engineRefusal(err) == nil {
			t.Errorf("%v has no words in engineWords", err)
		}
	}
}

// TestEngineWordsAreInTheCatalog: each engine refusal's key is worded and
// takes no arguments, since friendly passes none.
func TestEngineWordsAreInTheCatalog(t *testing.T) {
	for _, w := range engineWords {
		if !words.Has(w.key) {
			t.Errorf("%v: the catalog has no key %q", w.err, w.key)
		} else if strings.Contains(words.Text(w.key), "%") {
			t.Errorf("%v: %q takes arguments friendly does not pass", w.err, words.Text(w.key))
		}
	}
}
