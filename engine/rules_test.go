package engine_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/words"
)

// Card shorthands keep rigged hands readable.
const (
	tem = engine.Tempura
	sas = engine.Sashimi
	dum = engine.Dumpling
	mk1 = engine.Maki1
	mk2 = engine.Maki2
	mk3 = engine.Maki3
	egg = engine.EggNigiri
	sal = engine.SalmonNigiri
	sqd = engine.SquidNigiri
	was = engine.Wasabi
	chp = engine.Chopsticks
	pud = engine.Pudding
)

func one(c engine.Card) engine.Submission { return engine.Submission{Card: c} }

func two(c, extra engine.Card) engine.Submission { return engine.Submission{Card: c, Extra: extra} }

// filler is the choice of a seat a test does not script: a tempura, sashimi
// or dumpling when it holds one, so scripted seats' scores stay predictable.
func filler(g *engine.Game, seat int) engine.Submission {
	v := g.View(seat)
	hand := v.AppendHand(nil)
	slices.SortFunc(hand, func(a, b engine.Card) int {
		return rank(a) - rank(b)
	})
	sub := one(hand[0])
	if g.Controller() == seat {
		sub.Dummy = hand[1]
	}
	return sub
}

func rank(c engine.Card) int {
	switch c {
	case tem:
		return 0
	case dum:
		return 1
	case sas:
		return 2
	}
	return 10 + int(c)
}

// play plays one turn: the script gives some seats' choices and the others
// keep a filler card.
func play(t *testing.T, g *engine.Game, script map[int]engine.Submission) {
	t.Helper()
	for s := range g.Settings().Players {
		sub, ok := script[s]
		if !ok {
			sub = filler(g, s)
		}
		if err := g.Submit(s, sub); err != nil {
			t.Fatalf("round %d turn %d seat %d submit %+v: %v", g.Round(), g.Turn(), s, sub, err)
		}
	}
}

func finishRound(t *testing.T, g *engine.Game) {
	t.Helper()
	r := g.Round()
	for !g.Over() && g.Round() == r {
		play(t, g, nil)
	}
}

func tableau(g *engine.Game, seat int) []engine.Placed {
	return g.View(seat).AppendTableau(nil, seat)
}

func TestDeckClassicComposition(t *testing.T) {
	want := map[engine.Card]int{tem: 14, sas: 14, dum: 14, mk1: 6, mk2: 12, mk3: 8,
		sal: 10, sqd: 5, egg: 5, pud: 10, was: 6, chp: 4}
	total, icons := 0, 0
	for c := engine.Card(0); c < engine.NumCards; c++ {
		n := engine.Classic.DeckCount(c)
		if n != want[c] {
			t.Errorf("%s: %d copies, want %d", c, n, want[c])
		}
		total += n
		icons += n * c.Icons()
	}
	if total != 108 || icons != 54 {
		t.Errorf("deck of %d cards and %d maki icons, want 108 and 54", total, icons)
	}
}

func TestDealHandSizes(t *testing.T) {
	for players, want := range map[int]int{2: 10, 3: 9, 4: 8, 5: 7} {
		g, err := engine.New(engine.Settings{Players: players}, 42)
		if err != nil {
			t.Fatal(err)
		}
		v := g.PublicView()
		for _, s := range v.Seats {
			if s.HandSize != want {
				t.Errorf("%d players: seat %d holds %d, want %d", players, s.Seat, s.HandSize, want)
			}
		}
		if v.DrawPile != 108-players*want {
			t.Errorf("%d players: draw pile %d, want %d", players, v.DrawPile, 108-players*want)
		}
	}
}

func TestMakiRulebookExample(t *testing.T) {
	// Player A 5 icons, B 3, C 2, D 3: A 6, B and D split 3, C nothing.
	checkRace(t, engine.MakiPoints, []int{5, 3, 2, 3}, []int{6, 1, 0, 1})
}

func TestRulingC1Maki(t *testing.T) {
	cases := []struct {
		name          string
		icons, points []int
	}{
		{"tie for most splits 6 and pays no second", []int{4, 4, 2}, []int{3, 3, 0}},
		{"three-way tie for most rounds down", []int{3, 3, 3, 1}, []int{2, 2, 2, 0}},
		{"five-way tie for most", []int{1, 1, 1, 1, 1}, []int{1, 1, 1, 1, 1}},
		{"tie for second splits 3 rounding down", []int{5, 2, 2, 2}, []int{6, 1, 1, 1}},
		{"zero icons never place", []int{5, 0, 0}, []int{6, 0, 0}},
		{"zero icons cannot be second", []int{0, 3}, []int{0, 6}},
		{"nobody has maki", []int{0, 0, 0}, []int{0, 0, 0}},
		{"second place alone", []int{9, 1, 0, 4}, []int{6, 0, 0, 3}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { checkRace(t, engine.MakiPoints, c.icons, c.points) })
	}
}

func TestPuddingRulebookExample(t *testing.T) {
	// A 4 puddings, B 3, C and D 0: A +6, C and D split −6.
	checkRace(t, engine.PuddingPoints, []int{4, 3, 0, 0}, []int{6, 0, -3, -3})
}

func TestRulingC2Pudding(t *testing.T) {
	cases := []struct {
		name           string
		counts, points []int
	}{
		{"−6 split four ways is −1 each", []int{5, 0, 0, 0, 0}, []int{6, -1, -1, -1, -1}},
		{"+6 split four ways is +1 each", []int{2, 2, 2, 2, 0}, []int{1, 1, 1, 1, -6}},
		{"most split", []int{3, 3, 1}, []int{3, 3, -6}},
		{"all equal scores nothing", []int{2, 2, 2}, []int{0, 0, 0}},
		{"all zero scores nothing", []int{0, 0, 0, 0}, []int{0, 0, 0, 0}},
		{"two players: no −6", []int{3, 1}, []int{6, 0}},
		{"two players equal", []int{1, 1}, []int{0, 0}},
		{"dummy counts as a third tableau", []int{2, 0, 1}, []int{6, -6, 0}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { checkRace(t, engine.PuddingPoints, c.counts, c.points) })
	}
}

func checkRace(t *testing.T, score func(counts, points, place []int), counts, want []int) {
	t.Helper()
	points, place := make([]int, len(counts)), make([]int, len(counts))
	score(counts, points, place)
	if !slices.Equal(points, want) {
		t.Errorf("counts %v: got %v, want %v", counts, points, want)
	}
}

func TestScoreDumplingsTable(t *testing.T) {
	want := []int{0, 1, 3, 6, 10, 15, 15, 15}
	for n, w := range want {
		if got := engine.ScoreDumplings(n); got != w {
			t.Errorf("%d dumplings: got %d, want %d", n, got, w)
		}
	}
}

func TestScoreTempuraSets(t *testing.T) {
	for n, w := range []int{0, 0, 5, 5, 10, 10, 15} {
		if got := engine.ScoreTempura(n); got != w {
			t.Errorf("%d tempura: got %d, want %d", n, got, w)
		}
	}
}

func TestScoreSashimiSets(t *testing.T) {
	for n, w := range []int{0, 0, 0, 10, 10, 10, 20} {
		if got := engine.ScoreSashimi(n); got != w {
			t.Errorf("%d sashimi: got %d, want %d", n, got, w)
		}
	}
}

// TestNigiriAndWasabiValues plays squid, salmon and egg on and off wasabi
// (9/6/3 and 3/2/1) and checks the round breakdown.
func TestNigiriAndWasabiValues(t *testing.T) {
	// Seat 0 picks from hand 0 on odd turns and hand 1 on even turns.
	g := engine.Rig(engine.Settings{Players: 2},
		[]engine.Card{was, was, was, sqd, egg},
		[]engine.Card{sqd, sal, egg, sal})
	for _, c := range []engine.Card{was, sqd, was, sal, was, egg, sqd, sal, egg} {
		play(t, g, map[int]engine.Submission{0: one(c)})
	}
	finishRound(t, g)
	b, ok := g.RoundScore(1, 0)
	if !ok {
		t.Fatal("round 1 not scored")
	}
	want := map[engine.Category]int{
		engine.CatSquidOnWasabi: 9, engine.CatSalmonOnWasabi: 6, engine.CatEggOnWasabi: 3,
		engine.CatSquidNigiri: 3, engine.CatSalmonNigiri: 2, engine.CatEggNigiri: 1,
	}
	for cat, w := range want {
		if int(b.Points[cat]) != w || b.Count[cat] != 1 {
			t.Errorf("%s: %d points from %d cards, want %d from 1", cat, b.Points[cat], b.Count[cat], w)
		}
	}
	if b.Total() != 24 {
		t.Errorf("total %d, want 24 (nigiri only)", b.Total())
	}
}

func TestRulingC4Chopsticks(t *testing.T) {
	s := engine.Settings{Players: 2}
	t.Run("not usable on the turn played", func(t *testing.T) {
		g := engine.Rig(s, []engine.Card{chp, sqd})
		if err := g.Submit(0, two(chp, sqd)); !errors.Is(err, engine.ErrNoChopsticks) {
			t.Fatalf("got %v, want ErrNoChopsticks", err)
		}
	})
	t.Run("used later, returned to the hand that is passed", func(t *testing.T) {
		g := engine.Rig(s, []engine.Card{chp}, []engine.Card{sqd, sal})
		play(t, g, map[int]engine.Submission{0: one(chp)})
		play(t, g, map[int]engine.Submission{0: two(sqd, sal)})
		if got := tableau(g, 0); len(got) != 2 || got[0].Card != sqd || got[1].Card != sal {
			t.Errorf("tableau %v, want squid then salmon without chopsticks", got)
		}
		if r := g.LastReveal().Seats[0]; !r.Chopsticks || r.Cards != [2]engine.Card{sqd, sal} {
			t.Errorf("reveal %+v, want chopsticks with squid and salmon", r)
		}
		// Seat 0's hand went to seat 1, chopsticks included.
		if !slices.Contains(g.View(1).AppendHand(nil), chp) {
			t.Error("the used chopsticks did not travel with the passed hand")
		}
		if g.View(0).HandSize(0) != g.View(1).HandSize(1) {
			t.Error("hands of different sizes after a chopsticks turn")
		}
	})
	t.Run("two different cards of the hand", func(t *testing.T) {
		g := engine.Rig(s, []engine.Card{chp}, []engine.Card{sqd, tem, tem})
		play(t, g, map[int]engine.Submission{0: one(chp)})
		if err := g.Submit(0, two(sqd, sqd)); !errors.Is(err, engine.ErrSameCardTwice) {
			t.Fatalf("squid twice from one squid: got %v, want ErrSameCardTwice", err)
		}
		if err := g.Submit(0, two(tem, tem)); err != nil {
			t.Fatalf("two tempura from two tempura: %v", err)
		}
	})
	t.Run("one use per turn", func(t *testing.T) {
		g := engine.Rig(s, []engine.Card{chp, sqd}, []engine.Card{chp})
		play(t, g, map[int]engine.Submission{0: one(chp)})
		play(t, g, map[int]engine.Submission{0: one(chp)})
		play(t, g, map[int]engine.Submission{0: two(sqd, tem)})
		if n := g.View(0).Chopsticks(0); n != 1 {
			t.Errorf("%d chopsticks left after one use of two, want 1", n)
		}
	})
	t.Run("not with a one-card hand", func(t *testing.T) {
		g := engine.Rig(s, []engine.Card{chp})
		play(t, g, map[int]engine.Submission{0: one(chp)})
		for g.Turn() < 10 {
			play(t, g, nil)
		}
		last := g.View(0).HandCard(0)
		if err := g.Submit(0, two(last, tem)); !errors.Is(err, engine.ErrHandTooSmall) {
			t.Fatalf("got %v, want ErrHandTooSmall", err)
		}
	})
}

func TestRulingC5PlacementOrder(t *testing.T) {
	s := engine.Settings{Players: 2}
	t.Run("wasabi first boosts the nigiri", func(t *testing.T) {
		g := engine.Rig(s, []engine.Card{chp}, []engine.Card{was, sqd})
		play(t, g, map[int]engine.Submission{0: one(chp)})
		play(t, g, map[int]engine.Submission{0: two(was, sqd)})
		got := tableau(g, 0)
		if len(got) != 2 || !got[0].Paired || !got[1].Paired {
			t.Errorf("tableau %v, want the squid on the wasabi", got)
		}
	})
	t.Run("nigiri first is not boosted", func(t *testing.T) {
		g := engine.Rig(s, []engine.Card{chp}, []engine.Card{was, sqd})
		play(t, g, map[int]engine.Submission{0: one(chp)})
		play(t, g, map[int]engine.Submission{0: two(sqd, was)})
		got := tableau(g, 0)
		if len(got) != 2 || got[0].Paired || got[1].Paired {
			t.Errorf("tableau %v, want the squid plain and the wasabi empty", got)
		}
		if g.View(0).EmptyWasabi(0) != 1 {
			t.Error("the wasabi played after the squid should wait for the next nigiri")
		}
	})
}

func TestRulingC6WasabiGreedy(t *testing.T) {
	s := engine.Settings{Players: 2}
	t.Run("oldest empty wasabi, one nigiri each", func(t *testing.T) {
		g := engine.Rig(s, []engine.Card{was, sal, sal}, []engine.Card{was, sal})
		for _, c := range []engine.Card{was, was, sal, sal, sal} {
			play(t, g, map[int]engine.Submission{0: one(c)})
		}
		got := tableau(g, 0)
		want := []engine.Placed{{Card: was, Paired: true}, {Card: was, Paired: true}, {Card: sal, Paired: true}, {Card: sal, Paired: true}, {Card: sal}}
		if !slices.Equal(got, want) {
			t.Errorf("tableau %v, want %v", got, want)
		}
	})
	t.Run("wasabi only boosts later nigiri", func(t *testing.T) {
		g := engine.Rig(s, []engine.Card{egg}, []engine.Card{was})
		play(t, g, map[int]engine.Submission{0: one(egg)})
		play(t, g, map[int]engine.Submission{0: one(was)})
		if got := tableau(g, 0); got[0].Paired || got[1].Paired {
			t.Errorf("tableau %v: an earlier nigiri moved onto a later wasabi", got)
		}
	})
}

func TestRulingC7DeckBetweenRounds(t *testing.T) {
	g, err := engine.New(engine.Settings{Players: 4}, 7)
	if err != nil {
		t.Fatal(err)
	}
	for round := 1; round <= 3; round++ {
		if got := g.PublicView().DrawPile; got != 108-32*round {
			t.Errorf("round %d: draw pile %d, want %d (no reshuffle)", round, got, 108-32*round)
		}
		finishRound(t, g)
		v := g.PublicView()
		puddings := 0
		for _, s := range v.Seats {
			puddings += s.Puddings
			if len(s.Tableau) != 0 && !g.Over() {
				t.Errorf("round %d: seat %d kept its tableau into the next round", round, s.Seat)
			}
		}
		if v.Discards+puddings != 32*round {
			t.Errorf("after round %d: %d discarded and %d puddings kept, want %d cards", round, v.Discards, puddings, 32*round)
		}
	}
	if !g.Over() || g.PublicView().DrawPile != 12 {
		t.Errorf("game over %v with %d cards left, want over with 12 ignored", g.Over(), g.PublicView().DrawPile)
	}
}

func TestRulingC8Passing(t *testing.T) {
	for _, tc := range []struct {
		pass engine.PassMode
		// to[r-1] is the seat that receives seat 0's hand in round r.
		to [3]int
	}{
		{engine.PassLeft, [3]int{1, 1, 1}},
		{engine.PassAlternate, [3]int{1, 2, 1}},
	} {
		t.Run(tc.pass.String(), func(t *testing.T) {
			g, err := engine.New(engine.Settings{Players: 3, Pass: tc.pass}, 3)
			if err != nil {
				t.Fatal(err)
			}
			for round := 1; round <= 3; round++ {
				// Passing says what the hands then do.
				if from, to := g.Passing(0); to != tc.to[round-1] || func() int { f, _ := g.Passing(to); return f }() != 0 || from == to {
					t.Errorf("round %d: Passing(0) = %d, %d; want seat 0's hand to go to %d", round, from, to, tc.to[round-1])
				}
				hand := g.View(0).AppendHand(nil)
				kept := filler(g, 0).Card
				play(t, g, nil)
				hand = slices.Delete(hand, slices.Index(hand, kept), slices.Index(hand, kept)+1)
				got := g.View(tc.to[round-1]).AppendHand(nil)
				slices.Sort(hand)
				slices.Sort(got)
				if !slices.Equal(got, hand) {
					t.Errorf("round %d: seat %d holds %v, want seat 0's rest %v", round, tc.to[round-1], got, hand)
				}
				finishRound(t, g)
			}
		})
	}
}

func TestRulingC9Dummy(t *testing.T) {
	s := engine.Settings{Players: 2, Dummy: true}
	t.Run("controller draws the pile's top card", func(t *testing.T) {
		g := engine.Rig(s, []engine.Card{tem}, []engine.Card{tem},
			[]engine.Card{tem, tem, tem, tem, tem, tem, tem, tem, sqd})
		v := g.PublicView()
		if g.Controller() != 0 || v.Seats[0].HandSize != 10 || v.Seats[1].HandSize != 9 || v.Seats[2].HandSize != 8 {
			t.Fatalf("controller %d, hands %d/%d, pile %d; want 0, 10/9, 8",
				g.Controller(), v.Seats[0].HandSize, v.Seats[1].HandSize, v.Seats[2].HandSize)
		}
		if !slices.Contains(g.View(0).AppendHand(nil), sqd) {
			t.Error("the pile's top card is not in the controller's hand")
		}
	})
	t.Run("controller chooses for the dummy, the other player cannot", func(t *testing.T) {
		g, _ := engine.New(s, 5)
		h := g.View(0).AppendHand(nil)
		if err := g.Submit(0, one(h[0])); !errors.Is(err, engine.ErrDummyCard) {
			t.Errorf("controller without a dummy card: got %v, want ErrDummyCard", err)
		}
		h1 := g.View(1).AppendHand(nil)
		if err := g.Submit(1, engine.Submission{Card: h1[0], Dummy: h1[1]}); !errors.Is(err, engine.ErrNotController) {
			t.Errorf("non-controller with a dummy card: got %v, want ErrNotController", err)
		}
		if err := g.Submit(2, one(h[0])); !errors.Is(err, engine.ErrNotPlayer) {
			t.Errorf("the dummy's seat submitting: got %v, want ErrNotPlayer", err)
		}
		play(t, g, map[int]engine.Submission{0: {Card: h[0], Dummy: h[1]}})
		if got := tableau(g, 2); len(got) != 1 || got[0].Card != h[1] {
			t.Errorf("dummy tableau %v, want [%s]", got, h[1])
		}
	})
	t.Run("control alternates and seat 0 starts every round", func(t *testing.T) {
		g, _ := engine.New(s, 9)
		for round := 1; round <= 3; round++ {
			for turn := 1; turn <= 9; turn++ {
				if g.Round() != round || g.Turn() != turn {
					t.Fatalf("at round %d turn %d, want %d/%d: 9 turns a round", g.Round(), g.Turn(), round, turn)
				}
				if want := (turn - 1) % 2; g.Controller() != want {
					t.Fatalf("round %d turn %d: controller %d, want %d", round, turn, g.Controller(), want)
				}
				play(t, g, nil)
			}
		}
		if !g.Over() {
			t.Fatal("game not over after 27 turns")
		}
		if n := len(g.Standings()); n != 2 {
			t.Errorf("%d standings, want 2: the dummy is never ranked", n)
		}
	})
	t.Run("controller may use chopsticks for their own extra card", func(t *testing.T) {
		g := engine.Rig(s, []engine.Card{chp}, []engine.Card{sqd, sal, tem})
		play(t, g, map[int]engine.Submission{0: {Card: chp, Dummy: tem}})
		// Turn 2: seat 1 controls; seat 0 holds hand 1.
		play(t, g, map[int]engine.Submission{0: two(sqd, sal)})
		// Turn 3: seat 0 controls again, with chopsticks back in the game.
		h := g.View(0).AppendHand(nil)
		if g.View(0).Chopsticks(0) != 0 {
			t.Fatal("chopsticks still in the tableau after use")
		}
		if err := g.Check(0, engine.Submission{Card: h[0], Extra: h[1], Dummy: h[2]}); !errors.Is(err, engine.ErrNoChopsticks) {
			t.Errorf("got %v, want ErrNoChopsticks", err)
		}
	})
}

func TestRulingC10ChangeUntilReveal(t *testing.T) {
	g := engine.Rig(engine.Settings{Players: 2}, []engine.Card{sqd, sal})
	if err := g.Submit(0, one(sqd)); err != nil {
		t.Fatal(err)
	}
	if err := g.Submit(0, one(sal)); err != nil {
		t.Fatalf("changing a submission before the reveal: %v", err)
	}
	if p, ok := g.View(0).Pending(); !ok || p.Card != sal {
		t.Errorf("own pending submission %+v, %v; want salmon", p, ok)
	}
	if !g.PublicView().Seats[0].Submitted || g.Waiting() != 1 {
		t.Error("the public view should show that seat 0 has submitted")
	}
	if err := g.Submit(1, filler(g, 1)); err != nil {
		t.Fatal(err)
	}
	if got := tableau(g, 0); len(got) != 1 || got[0].Card != sal {
		t.Errorf("revealed %v, want the changed choice (salmon)", got)
	}
}

func TestSubmitErrors(t *testing.T) {
	newGame := func() *engine.Game {
		return engine.Rig(engine.Settings{Players: 3}, []engine.Card{sqd, chp, tem})
	}
	over, _ := engine.New(engine.Settings{Players: 2}, 1)
	for !over.Over() {
		play(t, over, nil)
	}
	cases := []struct {
		name string
		g    *engine.Game
		seat int
		sub  engine.Submission
		want error
	}{
		{"game over", over, 0, one(tem), engine.ErrGameOver},
		{"negative seat", newGame(), -1, one(sqd), engine.ErrNotPlayer},
		{"seat past the players", newGame(), 3, one(sqd), engine.ErrNotPlayer},
		{"earlier round", newGame(), 0, engine.Submission{Card: sqd, Round: 2}, engine.ErrWrongTurn},
		{"other turn", newGame(), 0, engine.Submission{Card: sqd, Round: 1, Turn: 2}, engine.ErrWrongTurn},
		{"no card", newGame(), 0, engine.Submission{}, engine.ErrNoCard},
		{"card not in hand", newGame(), 0, one(pud), engine.ErrNotInHand},
		{"card that does not exist", newGame(), 0, one(engine.Card(200)), engine.ErrNotInHand},
		{"chopsticks not in tableau", newGame(), 0, two(sqd, tem), engine.ErrNoChopsticks},
		{"dummy card without dummy", newGame(), 0, engine.Submission{Card: sqd, Dummy: tem}, engine.ErrNotController},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before, _ := c.g.MarshalBinary()
			err := c.g.Submit(c.seat, c.sub)
			if !errors.Is(err, c.want) {
				t.Fatalf("got %v, want %v", err, c.want)
			}
			if after, _ := c.g.MarshalBinary(); string(after) != string(before) {
				t.Error("a refused submission changed the game")
			}
		})
	}
}

func TestSettingsRefused(t *testing.T) {
	for _, c := range []struct {
		s    engine.Settings
		want error
	}{
		{engine.Settings{Players: 1}, engine.ErrPlayerCount},
		{engine.Settings{Players: 6}, engine.ErrPlayerCount},
		{engine.Settings{Players: 3, Dummy: true}, engine.ErrPlayerCount},
		{engine.Settings{Players: 4, Ruleset: engine.Party}, engine.ErrSettings},
		{engine.Settings{Players: 4, Pass: 9}, engine.ErrSettings},
	} {
		if _, err := engine.New(c.s, 1); !errors.Is(err, c.want) {
			t.Errorf("%+v: got %v, want %v", c.s, err, c.want)
		}
	}
}

// TestDealAndPlace: a position built by Deal and Place is the one asked
// for, keeps every card accounted for, and a mistake is an error.
func TestDealAndPlace(t *testing.T) {
	hand := []engine.Card{engine.Chopsticks, engine.Wasabi, engine.SquidNigiri}
	g, err := engine.Deal(engine.Settings{Players: 3}, 7, hand)
	if err != nil {
		t.Fatal(err)
	}
	if got := g.View(0).AppendHand(nil); !slices.Equal(got[:3], hand) || len(got) != 9 {
		t.Errorf("seat 0's hand %v, want %v first of 9", got, hand)
	}
	if err := g.Place(1, engine.Placed{Card: engine.Chopsticks}, engine.Placed{Card: engine.Wasabi}); err != nil {
		t.Fatal(err)
	}
	if v := g.View(1); v.Chopsticks(1) != 1 || v.EmptyWasabi(1) != 1 {
		t.Errorf("placed chopsticks %d, wasabi %d", v.Chopsticks(1), v.EmptyWasabi(1))
	}
	if err := g.Invariants(); err != nil {
		t.Error(err)
	}
	if _, err := engine.Deal(engine.Settings{Players: 2}, 1, slices.Repeat([]engine.Card{engine.Chopsticks}, 5)); !errors.Is(err, engine.ErrSettings) {
		t.Errorf("five chopsticks of four: %v", err)
	}
	if err := g.Place(0, engine.Placed{Card: engine.Pudding, Copy: engine.Tempura}); !errors.Is(err, engine.ErrSettings) {
		t.Errorf("a classic copy: %v", err)
	}
	m, _ := engine.ParseMenu("maki,miso,tofu,eel,spoon,special-order,pudding")
	p, err := engine.Deal(engine.Settings{Ruleset: engine.Party, Players: 4, Menu: m}, 1, []engine.Card{engine.SpecialOrder})
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Place(0, engine.Placed{Card: engine.Tofu}, engine.Placed{Card: engine.SpecialOrder, Copy: engine.Tofu}); err != nil {
		t.Fatal(err)
	}
	if got := p.View(0).KindCount(0, engine.KindTofu); got != 2 {
		t.Errorf("tofu in front of seat 0, the copy included: %d", got)
	}
	if err := p.Invariants(); err != nil {
		t.Error(err)
	}
}

// TestEveryCategoryIsNamedAndDrawn: a breakdown line of any category has a
// name and a symbol (a new category adds both beside each other).
func TestEveryCategoryIsNamedAndDrawn(t *testing.T) {
	for c := range engine.NumCategories {
		if c.String() == "" || c.String() == "unknown" || c.Emoji() == "" {
			t.Errorf("category %d: name %q, emoji %q", c, c.String(), c.Emoji())
		}
	}
}

// TestHasMenu: Party is played with a menu and classic is not; a ruleset
// the engine does not know has none rather than a panic.
func TestHasMenu(t *testing.T) {
	for r, want := range map[engine.Ruleset]bool{engine.Classic: false, engine.Party: true, 0: false, 9: false} {
		if got := r.HasMenu(); got != want {
			t.Errorf("%v.HasMenu() = %v, want %v", r, got, want)
		}
	}
}

// TestKinds: every kind once, none missing, classic's first.
func TestKinds(t *testing.T) {
	ks := engine.Kinds()
	if len(ks) != int(engine.KindFruit) || ks[0] != engine.KindTempura || ks[len(ks)-1] != engine.KindFruit {
		t.Fatalf("Kinds() = %v", ks)
	}
	for i, k := range ks {
		if k != engine.Kind(i+1) || words.English.KindName(k) == "" {
			t.Errorf("kind %d is %v (%q)", i, k, words.English.KindName(k))
		}
	}
}
