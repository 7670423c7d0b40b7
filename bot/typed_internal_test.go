package bot

import (
	"strings"
	"testing"

	"github.com/sushigo/sushigo/engine"
)

// TestTypedTypeResolvesInTheHand: "pick maki" plays the hand's one maki,
// and asks which when there are several kinds of it.
func TestTypedTypeResolvesInTheHand(t *testing.T) {
	hand := []engine.Card{engine.Tempura, engine.Maki2, engine.Maki2, engine.OnigiriCircle, engine.OnigiriSquare}
	if c, err := ofKind(hand, engine.KindMaki); err != nil || c != engine.Maki2 {
		t.Errorf("maki: %v, %v", c, err)
	}
	_, err := ofKind(hand, engine.KindOnigiri)
	if err == nil || !strings.Contains(err.Error(), "Which onigiri?") || !strings.Contains(err.Error(), "onigiri ●") {
		t.Errorf("two onigiri shapes: %v", err)
	}
	if _, err := ofKind(hand, engine.KindEel); err == nil || !strings.Contains(err.Error(), "no eel") {
		t.Errorf("no eel: %v", err)
	}
}
