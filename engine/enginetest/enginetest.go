// Package enginetest builds game positions for tests: a deal of chosen
// hands, a stacked deck, turns played as scripted (engine.Game.Place puts
// cards in front of a seat directly). A test names the position it needs
// instead of searching seeds for one, so a change to the shuffle or to a
// bot moves none of its goldens.
package enginetest

import (
	"testing"

	"github.com/sushigo/sushigo/engine"
)

// Classic is the settings of a classic game of n players.
func Classic(n int) engine.Settings { return engine.Settings{Ruleset: engine.Classic, Players: n} }

// Party is the settings of a Sushi Go Party! game of n players with menu
// in its text form ("maki,miso,tofu,eel,menu,tea,pudding").
func Party(t testing.TB, menu string, n int) engine.Settings {
	t.Helper()
	m, err := engine.ParseMenu(menu)
	if err != nil {
		t.Fatal(err)
	}
	return engine.Settings{Ruleset: engine.Party, Players: n, Menu: m}
}

// Deal is engine.Deal for a test (seed 1 for later rounds): round 1's
// hands begin with the given cards.
func Deal(t testing.TB, s engine.Settings, hands ...[]engine.Card) *engine.Game {
	t.Helper()
	g, err := engine.Deal(s, 1, hands...)
	if err != nil {
		t.Fatalf("deal: %v", err)
	}
	return g
}

// Stack puts cards on top of the undealt deck, in order: what a menu
// draws next.
func Stack(t testing.TB, g *engine.Game, cards ...engine.Card) {
	t.Helper()
	if err := g.Stack(cards...); err != nil {
		t.Fatalf("stack the deck: %v", err)
	}
}

// Pick is a submission of one card.
func Pick(c engine.Card) engine.Submission { return engine.Submission{Card: c} }

// Turn plays one turn: seat i submits subs[i], and a seat without one (or
// with a zero Submission) plays its first legal choice. Decisions after
// the reveal are left for the test to answer (Answer).
func Turn(t testing.TB, g *engine.Game, subs ...engine.Submission) {
	t.Helper()
	var legal []engine.Submission
	for s := range g.Settings().Players {
		sub := engine.Submission{}
		if s < len(subs) {
			sub = subs[s]
		}
		if sub.Card == engine.None {
			legal = g.View(s).AppendLegal(legal[:0])
			if len(legal) == 0 {
				t.Fatalf("seat %d has no legal choice (round %d, turn %d)", s, g.Round(), g.Turn())
			}
			sub = legal[0]
		}
		if err := g.Submit(s, sub); err != nil {
			t.Fatalf("seat %d submits %+v (round %d, turn %d): %v", s, sub, g.Round(), g.Turn(), err)
		}
	}
}

// Turns plays n turns of first legal choices, answering any decision with
// its first option.
func Turns(t testing.TB, g *engine.Game, n int) {
	t.Helper()
	for range n {
		Turn(t, g)
		for {
			d, ok := g.Decision()
			if !ok {
				break
			}
			Answer(t, g, g.View(d.Seat).AppendOptions(nil)[0])
		}
	}
}

// Answer answers the pending decision.
func Answer(t testing.TB, g *engine.Game, a engine.Answer) {
	t.Helper()
	d, ok := g.Decision()
	if !ok {
		t.Fatal("no decision is pending")
	}
	if err := g.Decide(d.Seat, a); err != nil {
		t.Fatalf("seat %d answers %+v to its %v: %v", d.Seat, a, d.Kind, err)
	}
}
