package review

import (
	"testing"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/strategy"
)

// TestReasonsAreTrue reviews games of four (the heuristic and random
// players mixed, so the choices are of every kind) and, at each choice
// whose best option was not the one taken, asks the reason it would be
// given, then checks what the reason says against the position the seat
// saw: a set it says is completed is one card short, a set begun has the
// picks left to finish, a maki lead is taken where the seat did not lead
// alone, and so on. The fallback ("It was simply worth more here") must
// be at most a fifth of them; its share is printed.
func TestReasonsAreTrue(t *testing.T) {
	games, want := 10, 500
	if testing.Short() || raceOn {
		games, want = 4, 150
	}
	reasonsAreTrue(t, engine.Settings{Players: 4}, games, want, 5)
}

// TestPartyReasonsAreTrue is TestReasonsAreTrue on Party games of four
// (Master Menu and Party Sampler): the reasons said there must be true
// too. Party's own cards mostly have none yet, so its fallback is only
// printed.
func TestPartyReasonsAreTrue(t *testing.T) {
	games := 3
	if testing.Short() || raceOn {
		games = 1
	}
	for _, m := range engine.RecommendedMenus {
		if m.Key != "master-menu" && m.Key != "party-sampler" {
			continue
		}
		t.Run(m.Key, func(t *testing.T) {
			reasonsAreTrue(t, engine.Settings{Ruleset: engine.Party, Players: 4, Menu: m.Menu}, games, 20*games, 5)
		})
	}
}

// reasonsAreTrue checks the reasons of games of set: at least want, the
// fallback at most one in maxShare (1: unbounded).
func reasonsAreTrue(t *testing.T, set engine.Settings, games, want, maxShare int) {
	checked, fallback := 0, 0
	counts := map[string]int{}
	fallbackKinds := map[string]int{}
	for gi := range games {
		seed := uint64(9100 + gi)
		players := []strategy.Player{strategy.NewHeuristic(), strategy.NewRandom(seed), strategy.NewHeuristic(), strategy.NewRandom(seed + 1)}
		rg, err := Record(set, seed, players)
		if err != nil {
			t.Fatal(err)
		}
		for seat := range 4 {
			sr, err := Review(rg, seat, Options{Samples: 4, Iterations: 16, Refine: 1, Candidates: 1, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			byMove := map[int]Choice{}
			for _, c := range sr.Choices {
				if !Same(c.Chosen, c.Best, c.Decision) {
					byMove[c.Move] = c
				}
			}
			if _, err := rg.Replay(func(g *engine.Game, i int) {
				c, ok := byMove[i]
				if !ok {
					return
				}
				v := g.View(seat)
				r := reasonFor(v, c.Chosen, c.Best, c.Decision)
				checked++
				counts[r.Key]++
				if r.Key == "review.why.worthMore" {
					fallback++
					fallbackKinds[c.Best.Sub.Card.Kind().Key()+"/"+c.Chosen.Sub.Card.Kind().Key()]++
				}
				if why := untrue(v, c, r); why != "" {
					t.Errorf("game %d seat %d round %d turn %d: %q is untrue: %s", seed, seat, c.Round, c.Turn, r.Key, why)
				}
			}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < want {
		t.Fatalf("checked %d reasons in %d games, want %d", checked, games, want)
	}
	if maxShare > 1 && maxShare*fallback > checked {
		t.Errorf("the fallback was %d of %d reasons: more than 1 in %d", fallback, checked, maxShare)
	}
	t.Logf("%d reasons checked; the fallback %d (%.0f %%); by key %v; the fallback's better/taken kinds %v", checked, fallback, 100*float64(fallback)/float64(checked), counts, fallbackKinds)
}

// untrue says why reason r is false of choice c at view v, or "".
func untrue(v engine.View, c Choice, r Reason) string {
	seat := v.Seat()
	best, chosen := c.Best.Sub.Card, c.Chosen.Sub.Card
	left := v.HandSize(seat) - 1
	if c.Decision {
		// A card an answer puts down: the turn's picks are out of the
		// hands already; chopsticks take one more from it.
		best, chosen = c.Best.Answer.Card, c.Chosen.Answer.Card
		left = v.HandSize(seat)
		if d, _ := v.Decision(); d.Kind == engine.DecideChopsticks {
			left--
		}
	}
	count := func(k engine.Kind) int { return v.KindCount(seat, k) }
	need := func(ok bool, why string) string {
		if ok {
			return ""
		}
		return why
	}
	othersMax := 0
	for s := range v.Seats() {
		if s != seat {
			othersMax = max(othersMax, v.MakiIcons(s))
		}
	}
	had := v.MakiIcons(seat)
	// Ice creams kept from finished rounds and in front of the seat now,
	// counted here apart from the code under test.
	iceCreamsHeld := func() int {
		n := count(engine.KindGreenTeaIceCream)
		for _, d := range v.AppendDesserts(nil, seat) {
			n += b2i(d.Kind() == engine.KindGreenTeaIceCream)
		}
		return n
	}
	switch r.Key {
	case "review.why.completesSashimi":
		return need(best.Kind() == engine.KindSashimi && count(engine.KindSashimi)%3 == 2, "no set one sashimi short")
	case "review.why.completesTempura":
		return need(best.Kind() == engine.KindTempura && count(engine.KindTempura)%2 == 1, "no tempura waiting for its pair")
	case "review.why.onWasabi":
		return need(best.Kind() == engine.KindNigiri && v.EmptyWasabi(seat) > 0, "no empty wasabi for the nigiri")
	case "review.why.makiLead":
		return need(best.Kind() == engine.KindMaki && had <= othersMax && had+best.Icons() > othersMax, "the seat led alone already, or did not lead after")
	case "review.why.makiLevel":
		return need(best.Kind() == engine.KindMaki && had < othersMax && had+best.Icons() == othersMax, "not level with the leader after")
	case "review.why.makiWider":
		return need(best.Kind() == engine.KindMaki && had > othersMax, "the seat did not lead alone")
	case "review.why.makiSecond":
		above, level, aboveBefore := 0, 0, 0
		for s := range v.Seats() {
			if s == seat {
				continue
			}
			mine := had + best.Icons()
			above += b2i(v.MakiIcons(s) > mine)
			level += b2i(v.MakiIcons(s) == mine)
			aboveBefore += b2i(v.MakiIcons(s) >= had)
		}
		return need(best.Kind() == engine.KindMaki && above == 1 && level == 0 && aboveBefore >= 2, "not up to second alone")
	case "review.why.biggerNigiri":
		return need(best.Kind() == engine.KindNigiri && chosen.Kind() == engine.KindNigiri && best.NigiriPoints() > chosen.NigiriPoints(), "not the bigger nigiri")
	case "review.why.nigiriNow":
		return need(best.Kind() == engine.KindNigiri && chosen.Kind() != engine.KindNigiri, "the better card is no nigiri, or both were")
	case "review.why.temakiLead", "review.why.temakiOffBottom":
		had, most, fewest := count(engine.KindTemaki), -1, 1<<30
		for s := range v.Seats() {
			if s != seat {
				most, fewest = max(most, v.KindCount(s, engine.KindTemaki)), min(fewest, v.KindCount(s, engine.KindTemaki))
			}
		}
		if r.Key == "review.why.temakiLead" {
			return need(best.Kind() == engine.KindTemaki && had <= most && had+1 > most, "the seat led alone already, or did not lead after")
		}
		return need(best.Kind() == engine.KindTemaki && had <= fewest && had+1 > fewest && v.Seats() > 2, "the seat was not at the bottom, or still is, or there is no bottom")
	case "review.why.iceCreamSet":
		return need(best.Kind() == engine.KindGreenTeaIceCream && iceCreamsHeld()%4 == 3, "no set of four one ice cream short")
	case "review.why.iceCreamToward":
		return need(best.Kind() == engine.KindGreenTeaIceCream && iceCreamsHeld()%4 != 3, "not an ice cream short of completing a set")
	case "review.why.tofuFirst":
		return need(best.Kind() == engine.KindTofu && count(engine.KindTofu) == 0, "not a first tofu")
	case "review.why.menu":
		return need(best.Kind() == engine.KindMenu, "the better card is no menu")
	case "review.why.fruit":
		return need(best.Kind() == engine.KindFruit, "the better card is no fruit")
	case "review.why.tofuPair":
		return need(best.Kind() == engine.KindTofu && count(engine.KindTofu) == 1, "not a second tofu")
	case "review.why.thirdTofu":
		return need(chosen.Kind() == engine.KindTofu && count(engine.KindTofu) == 2, "the tofu taken was not a third")
	case "review.why.newOnigiri":
		return need(best.Kind() == engine.KindOnigiri && v.Count(seat, best) == 0, "the seat had that shape")
	case "review.why.pudding":
		return need(best.Kind() == engine.KindPudding, "the better card is no pudding")
	case "review.why.dumplings":
		return need(best.Kind() == engine.KindDumpling && count(engine.KindDumpling) > 0, "no dumpling before it")
	case "review.why.dumplingStart":
		return need(best.Kind() == engine.KindDumpling && count(engine.KindDumpling) == 0 && left >= 2, "not a first dumpling with picks left")
	case "review.why.sashimiSecond":
		return need(best.Kind() == engine.KindSashimi && count(engine.KindSashimi)%3 == 1 && left >= 1, "not a second sashimi with a pick left")
	case "review.why.sashimiBegun":
		return need(best.Kind() == engine.KindSashimi && count(engine.KindSashimi)%3 == 0 && left >= 2, "not a set's first sashimi with two picks left")
	case "review.why.tempuraBegun":
		return need(best.Kind() == engine.KindTempura && count(engine.KindTempura)%2 == 0 && left >= 1, "not a pair's first tempura with a pick left")
	case "review.why.earlyWasabi":
		return need(best.Kind() == engine.KindWasabi && left >= 3, "not a wasabi with three picks left")
	case "review.why.earlyChopsticks":
		return need(best.Kind() == engine.KindChopsticks && left >= 3, "not chopsticks with three picks left")
	case "review.why.lateChopsticks":
		return need(chosen.Kind() == engine.KindChopsticks && left < 2, "the chopsticks taken had time to be used")
	case "review.why.lateWasabi":
		return need(chosen.Kind() == engine.KindWasabi && left < 2, "the wasabi taken had time for a nigiri")
	case "review.why.setTooLate":
		switch chosen.Kind() {
		case engine.KindSashimi:
			return need(3-count(engine.KindSashimi)%3-1 > left, "the sashimi set could still be finished")
		case engine.KindTempura:
			return need(count(engine.KindTempura)%2 == 0 && left == 0, "the tempura could still be paired")
		}
		return "no set was taken"
	case "review.why.decision":
		return need(c.Decision, "not a decision")
	case "review.why.worthMore":
		return ""
	}
	return "a reason this test does not know"
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
