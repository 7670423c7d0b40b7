package bot

import (
	"strings"
	"testing"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/words"
)

// TestTypedTypeResolvesInTheHand: "pick maki" plays the hand's one maki,
// and asks which when there are several kinds of it.
func TestTypedTypeResolvesInTheHand(t *testing.T) {
	hand := []engine.Card{engine.Tempura, engine.Maki2, engine.Maki2, engine.OnigiriCircle, engine.OnigiriSquare}
	if c, err := ofKind(words.English, hand, engine.KindMaki); err != nil || c != engine.Maki2 {
		t.Errorf("maki: %v, %v", c, err)
	}
	_, err := ofKind(words.English, hand, engine.KindOnigiri)
	if err == nil || !strings.Contains(err.Error(), "Which onigiri?") || !strings.Contains(err.Error(), "onigiri ●") {
		t.Errorf("two onigiri shapes: %v", err)
	}
	if _, err := ofKind(words.English, hand, engine.KindEel); err == nil || !strings.Contains(err.Error(), "no eel") {
		t.Errorf("no eel: %v", err)
	}
}

// TestYouInNarration: the terminal's player is "You", never "You's" or
// "You reaches".
func TestYouInNarration(t *testing.T) {
	st := &gameRecord{Seats: []seat{{Name: "You"}, {Name: "Ann"}}}
	evs := []engine.Event{
		{Kind: engine.EvCopy, Seat: 0},
		{Kind: engine.EvCopy, Seat: 0, Card: engine.Tofu},
		{Kind: engine.EvMenu, Seat: 0},
		{Kind: engine.EvTakeout, Seat: 0},
		{Kind: engine.EvUramaki, Seat: 0, N: 10, Place: 1, Points: 8},
		{Kind: engine.EvUramaki, Seat: 1, N: 11, Place: 2, Points: 5},
	}
	got := strings.Join(narrate(st.snap(), evs), "\n")
	for _, bad := range []string{"You's", "You reaches", "You copies", "copies their"} {
		if strings.Contains(got, bad) {
			t.Errorf("%q in:\n%s", bad, got)
		}
	}
	for _, want := range []string{"Your special order copies 🧈 Tofu", "Your menu", "Your takeout box", "You reach 10", "Ann reaches 11"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q missing in:\n%s", want, got)
		}
	}
}

// TestTwinSpecialsNumbered: Spoon ④ beside Spoon ⑥ in a hand shows its
// number too; alone it needs none.
func TestTwinSpecialsNumbered(t *testing.T) {
	hand := []engine.Card{engine.Spoon, engine.Spoon6, engine.Tofu}
	if got := partyLabel(words.English, engine.Spoon, hand); got != "Spoon ④" {
		t.Errorf("spoon beside a twin: %q", got)
	}
	if got := partyLabel(words.English, engine.Spoon6, hand); got != "Spoon ⑥" {
		t.Errorf("its twin: %q", got)
	}
	if got := partyLabel(words.English, engine.Spoon, []engine.Card{engine.Spoon, engine.Tofu}); got != "Spoon" {
		t.Errorf("a spoon alone: %q", got)
	}
	if got := partyLabel(words.English, engine.Chopsticks, []engine.Card{engine.Chopsticks, engine.Chopsticks3}); got != "Chopsticks ①" {
		t.Errorf("chopsticks beside a twin: %q", got)
	}
	if got := partyTableau(words.English, []engine.Placed{{Card: engine.SpecialOrder, Copy: engine.Uramaki4}, {Card: engine.Uramaki4}}, 8); strings.Count(got, "🍱") != 2 || strings.Contains(got, "🌈🍱4") {
		t.Errorf("a special order copying uramaki counts its icons twice: %q", got)
	}
}
