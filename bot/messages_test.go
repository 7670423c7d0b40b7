package bot

import (
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
