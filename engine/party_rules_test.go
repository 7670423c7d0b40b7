package engine_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/words"
)

// Test names follow seed 002's card texts (TestSeed002…), the rulings
// (TestRulingP…) and the edge cases of docs/rules.md (TestFAQ…).

func party(players int, menu string) engine.Settings {
	m, err := engine.ParseMenu(menu)
	if err != nil {
		panic(err)
	}
	return engine.Settings{Ruleset: engine.Party, Players: players, Menu: m}
}

// cards turns cards into a tableau of face-up cards played in that order.
func cards(cs ...engine.Card) []engine.Placed {
	out := make([]engine.Placed, len(cs))
	for i, c := range cs {
		out[i] = engine.Placed{Card: c}
	}
	return out
}

func scoreRound(s engine.Settings, uramakiNext int, tabs ...[]engine.Placed) []engine.Breakdown {
	rt := make([]engine.RoundTableau, len(tabs))
	for i, t := range tabs {
		rt[i] = engine.RoundTableau{Cards: t}
	}
	out := make([]engine.Breakdown, len(tabs))
	engine.ScoreRound(s, rt, uramakiNext, out)
	return out
}

func points(bs []engine.Breakdown, c engine.Category) []int {
	out := make([]int, len(bs))
	for i := range bs {
		out[i] = int(bs[i].Points[c])
	}
	return out
}

func totals(bs []engine.Breakdown) []int {
	out := make([]int, len(bs))
	for i := range bs {
		out[i] = bs[i].Total()
	}
	return out
}

func wantInts(t *testing.T, what string, got, want []int) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("%s: got %v, want %v", what, got, want)
	}
}

const (
	makiMenu    = "maki,tempura,sashimi,dumpling,wasabi,tea,pudding"
	temakiMenu  = "temaki,tempura,sashimi,dumpling,wasabi,tea,pudding"
	uramakiMenu = "uramaki,tempura,sashimi,dumpling,wasabi,tea,pudding"
)

func TestSeed002MakiExample(t *testing.T) {
	// Chris and Meredith 5 icons, Kerry 3, Andrew 1: 6, 6, 3 and nothing.
	b := scoreRound(party(4, makiMenu), 1,
		cards(engine.Maki3, engine.Maki2), cards(engine.Maki2, engine.Maki2, engine.Maki1),
		cards(engine.Maki3), cards(engine.Maki1))
	wantInts(t, "maki", points(b, engine.CatMaki), []int{6, 6, 3, 0})
	// 6–8 players: 6/4/2, ties in full, the next total takes the next place.
	b = scoreRound(party(6, makiMenu), 1,
		cards(engine.Maki3, engine.Maki2), cards(engine.Maki3, engine.Maki2), cards(engine.Maki3),
		cards(engine.Maki2), cards(engine.Maki1), nil)
	wantInts(t, "maki 6p", points(b, engine.CatMaki), []int{6, 6, 4, 2, 0, 0})
}

func TestRulingP2DenseRanking(t *testing.T) {
	// 5/5/3/1 → 6/6/3/0: the tie for most does not cancel second place.
	b := scoreRound(party(4, makiMenu), 1,
		cards(engine.Maki3, engine.Maki2), cards(engine.Maki3, engine.Maki2), cards(engine.Maki3), cards(engine.Maki1))
	wantInts(t, "maki", points(b, engine.CatMaki), []int{6, 6, 3, 0})
	// Soy sauce: every player tied for most colours scores in full, and
	// every soy sauce card scores.
	s := party(3, "maki,tempura,sashimi,dumpling,soy,tea,pudding")
	b = scoreRound(s, 1,
		cards(engine.SoySauce, engine.SoySauce, engine.Tempura, engine.Sashimi),
		cards(engine.SoySauce, engine.Sashimi, engine.Tempura),
		cards(engine.Tempura))
	wantInts(t, "soy", points(b, engine.CatSoySauce), []int{8, 4, 0})
}

func TestSeed002TemakiExample(t *testing.T) {
	// Chris 3, Meredith 2, Kerry and Andrew 0: +4, 0, −4, −4.
	b := scoreRound(party(4, temakiMenu), 1,
		cards(engine.Temaki, engine.Temaki, engine.Temaki), cards(engine.Temaki, engine.Temaki), nil, nil)
	wantInts(t, "temaki", points(b, engine.CatTemaki), []int{4, 0, -4, -4})
	b = scoreRound(party(2, temakiMenu), 1, cards(engine.Temaki), nil)
	wantInts(t, "temaki 2p: no fewest penalty", points(b, engine.CatTemaki), []int{4, 0})
}

func TestRulingP3AllTiedScoresNothing(t *testing.T) {
	b := scoreRound(party(3, temakiMenu), 1, cards(engine.Temaki), cards(engine.Temaki), cards(engine.Temaki))
	wantInts(t, "temaki", points(b, engine.CatTemaki), []int{0, 0, 0})
	d := make([]engine.Breakdown, 3)
	engine.ScoreDessert(party(3, makiMenu), [][]engine.Card{{engine.Pudding}, {engine.Pudding}, {engine.Pudding}}, d)
	wantInts(t, "pudding", points(d, engine.CatPudding), []int{0, 0, 0})
}

func TestSeed002PuddingExample(t *testing.T) {
	// Chris 4, Meredith 2, Kerry and Andrew 1: +6, 0, −6, −6.
	p := engine.Pudding
	d := make([]engine.Breakdown, 4)
	engine.ScoreDessert(party(4, makiMenu), [][]engine.Card{{p, p, p, p}, {p, p}, {p}, {p}}, d)
	wantInts(t, "pudding", points(d, engine.CatPudding), []int{6, 0, -6, -6})
	d = d[:2]
	engine.ScoreDessert(party(2, makiMenu), [][]engine.Card{{p}, nil}, d)
	wantInts(t, "pudding 2p", points(d, engine.CatPudding), []int{6, 0})
}

// TestSeed002FruitExample checks the fruit table kind by kind. The seed's
// example (0 watermelon, 1 orange, 4 pineapple: −2 + 0 + 6 = 4) cannot be
// dealt: every fruit card shows two icons, so a player's icons add up to an
// even number. The nearest real hand is checked instead.
func TestSeed002FruitExample(t *testing.T) {
	s := party(2, "maki,tempura,sashimi,dumpling,wasabi,tea,fruit")
	d := make([]engine.Breakdown, 2)
	// 4 pineapple, 1 orange, 1 watermelon: 6 + 0 + 0. No fruit at all: −6.
	engine.ScoreDessert(s, [][]engine.Card{
		{engine.FruitPineapple2, engine.FruitPineapple2, engine.FruitWatermelonOrange}, nil}, d)
	wantInts(t, "fruit", totals(d), []int{6, -6})
	if d[0].Points[engine.CatPineapple] != 6 || d[0].Points[engine.CatOrange] != 0 || d[1].Points[engine.CatWatermelon] != -2 {
		t.Errorf("lines %+v / %+v", d[0].Lines(), d[1].Lines())
	}
	for icons, want := range []int{-2, 0, 1, 3, 6, 10, 10} {
		var k []engine.Card
		for range icons / 2 {
			k = append(k, engine.FruitWatermelon2)
		}
		if icons%2 == 1 {
			k = append(k, engine.FruitWatermelonOrange)
		}
		engine.ScoreDessert(s, [][]engine.Card{k, nil}, d)
		if got := int(d[0].Points[engine.CatWatermelon]); got != want {
			t.Errorf("%d watermelon: %d, want %d", icons, got, want)
		}
	}
}

func TestSeed002EdamameExample(t *testing.T) {
	// Chris 3, Kerry 2, Andrew 1: 6, 4, 2 (and Meredith none).
	e := engine.Edamame
	s := party(4, "maki,edamame,sashimi,dumpling,wasabi,tea,pudding")
	b := scoreRound(s, 1, cards(e, e, e), cards(e, e), cards(e), nil)
	wantInts(t, "edamame", points(b, engine.CatEdamame), []int{6, 4, 2, 0})
	b = scoreRound(s, 1, cards(e, e), nil, nil, nil)
	wantInts(t, "edamame alone", points(b, engine.CatEdamame), []int{0, 0, 0, 0})
	s8 := party(8, "maki,edamame,sashimi,dumpling,wasabi,tea,pudding")
	all := make([][]engine.Placed, 8)
	for i := range all {
		all[i] = cards(e)
	}
	b = scoreRound(s8, 1, all...)
	if b[0].Points[engine.CatEdamame] != 4 {
		t.Errorf("7 opponents with edamame: %d, want the cap of 4", b[0].Points[engine.CatEdamame])
	}
}

func TestSeed002OnigiriExample(t *testing.T) {
	// circle, triangle, square, square → 9 + 1 = 10.
	s := party(2, "maki,onigiri,sashimi,dumpling,wasabi,tea,pudding")
	b := scoreRound(s, 1, cards(engine.OnigiriCircle, engine.OnigiriTriangle, engine.OnigiriSquare, engine.OnigiriSquare), nil)
	wantInts(t, "onigiri", points(b, engine.CatOnigiri), []int{10, 0})
	b = scoreRound(s, 1, cards(engine.OnigiriCircle, engine.OnigiriTriangle, engine.OnigiriSquare, engine.OnigiriRectangle), nil)
	wantInts(t, "four shapes", points(b, engine.CatOnigiri), []int{16, 0})
}

func TestSeed002TeaExample(t *testing.T) {
	// 1 wasabi, 1 squid, 2 salmon: 4 yellow cards, tea worth 4.
	s := party(2, makiMenu)
	tab := cards(engine.Wasabi, engine.SquidNigiri, engine.SalmonNigiri, engine.SalmonNigiri, engine.Tea)
	tab[0].Paired, tab[1].Paired = true, true
	b := scoreRound(s, 1, tab, nil)
	if b[0].Points[engine.CatTea] != 4 || b[0].Detail[engine.CatTea] != 4 {
		t.Errorf("tea %d (largest group %d), want 4", b[0].Points[engine.CatTea], b[0].Detail[engine.CatTea])
	}
	if got := b[0].Total(); got != 9+2+2+4 {
		t.Errorf("total %d, want squid on wasabi 9 + salmon 2 + 2 + tea 4", got)
	}
}

func TestSeed002CardTables(t *testing.T) {
	s := party(2, "maki,eel,tofu,miso,wasabi,tea,ice-cream")
	for _, c := range []struct {
		tab  []engine.Card
		cat  engine.Category
		want int
	}{
		{[]engine.Card{engine.Eel}, engine.CatEel, -3},
		{[]engine.Card{engine.Eel, engine.Eel}, engine.CatEel, 7},
		{[]engine.Card{engine.Eel, engine.Eel, engine.Eel}, engine.CatEel, 7},
		{[]engine.Card{engine.Tofu}, engine.CatTofu, 2},
		{[]engine.Card{engine.Tofu, engine.Tofu}, engine.CatTofu, 6},
		{[]engine.Card{engine.Tofu, engine.Tofu, engine.Tofu}, engine.CatTofu, 0},
		{[]engine.Card{engine.MisoSoup, engine.MisoSoup}, engine.CatMiso, 6},
	} {
		b := scoreRound(s, 1, cards(c.tab...), nil)
		if got := int(b[0].Points[c.cat]); got != c.want {
			t.Errorf("%v: %s %d, want %d", c.tab, c.cat, got, c.want)
		}
	}
	s = party(2, makiMenu)
	for n, want := range []int{0, 1, 3, 6, 10, 15, 15} {
		b := scoreRound(s, 1, cards(slices.Repeat([]engine.Card{engine.Dumpling}, n)...), nil)
		if got := int(b[0].Points[engine.CatDumpling]); got != want {
			t.Errorf("%d dumplings: %d, want %d", n, got, want)
		}
	}
	b := scoreRound(s, 1, cards(engine.Tempura, engine.Tempura, engine.Tempura, engine.Sashimi, engine.Sashimi, engine.Sashimi), nil)
	if b[0].Points[engine.CatTempura] != 5 || b[0].Points[engine.CatSashimi] != 10 {
		t.Errorf("tempura %d sashimi %d, want 5 and 10", b[0].Points[engine.CatTempura], b[0].Points[engine.CatSashimi])
	}
	d := make([]engine.Breakdown, 2)
	engine.ScoreDessert(party(2, "maki,eel,tofu,miso,wasabi,tea,ice-cream"),
		[][]engine.Card{slices.Repeat([]engine.Card{engine.GreenTeaIceCream}, 9), {engine.GreenTeaIceCream}}, d)
	wantInts(t, "ice cream 9 and 1", totals(d), []int{24, 0})
}

func TestRulingP6SpecialOrderColourAndWasabi(t *testing.T) {
	// A copy of a salmon nigiri is yellow for tea and soy sauce.
	s := party(2, "maki,tempura,sashimi,dumpling,special-order,tea,pudding")
	tab := cards(engine.SalmonNigiri, engine.SpecialOrder, engine.Tea)
	tab[1].Copy = engine.SalmonNigiri
	b := scoreRound(s, 1, tab, nil)
	if b[0].Points[engine.CatTea] != 2 || b[0].Points[engine.CatSalmonNigiri] != 4 {
		t.Errorf("tea %d salmon %d, want 2 (two yellow) and 4", b[0].Points[engine.CatTea], b[0].Points[engine.CatSalmonNigiri])
	}
	// In play: copying an unboosted nigiri while holding an empty wasabi
	// puts the copy on the wasabi.
	s = party(2, "maki,tempura,sashimi,dumpling,special-order,wasabi,pudding")
	g := engine.RigParty(s, []engine.Card{engine.SpecialOrder}, []engine.Card{engine.Tempura})
	g.PlaceForTest(0, engine.Placed{Card: engine.SquidNigiri}, engine.Placed{Card: engine.Wasabi})
	if err := g.Submit(0, engine.Submission{Card: engine.SpecialOrder, Copy: engine.SquidNigiri}); err != nil {
		t.Fatal(err)
	}
	mustSubmit(t, g, 1, engine.Submission{Card: engine.Tempura})
	tab = g.View(0).AppendTableau(nil, 0)
	if !tab[1].Paired || !tab[2].Paired || tab[2].Copy != engine.SquidNigiri {
		t.Errorf("tableau %+v: the copied squid should sit on the wasabi", tab)
	}
	if err := g.Invariants(); err != nil {
		t.Fatal(err)
	}
}

func TestRulingP7TakeoutBox(t *testing.T) {
	s := party(2, "maki,tempura,sashimi,dumpling,takeout,wasabi,pudding")
	// A flipped boosted nigiri: 2, and its wasabi is used and worth 0.
	tab := cards(engine.Wasabi, engine.SquidNigiri)
	tab[0].Paired, tab[1].Paired, tab[1].FaceDown = true, true, true
	b := scoreRound(s, 1, tab, nil)
	if b[0].Total() != 2 || b[0].Count[engine.CatWasabi] != 0 {
		t.Errorf("flipped boosted squid: %+v, want 2 and no empty wasabi", b[0].Lines())
	}
	// A flipped wasabi holding a nigiri: 2, and the nigiri is unboosted.
	tab = cards(engine.Wasabi, engine.SquidNigiri)
	tab[0].Paired, tab[1].Paired, tab[0].FaceDown = true, true, true
	b = scoreRound(s, 1, tab, nil)
	if b[0].Points[engine.CatFaceDown] != 2 || b[0].Points[engine.CatSquidNigiri] != 3 || b[0].Total() != 5 {
		t.Errorf("flipped wasabi: %+v, want 2 + an unboosted squid 3", b[0].Lines())
	}
	// Flipped cards have no colour and no type: a flipped tempura pairs
	// with nothing and adds nothing to tea.
	s = party(2, "maki,tempura,sashimi,dumpling,takeout,tea,pudding")
	tab = cards(engine.Tempura, engine.Tempura, engine.Tempura, engine.Tea)
	tab[0].FaceDown = true
	b = scoreRound(s, 1, tab, nil)
	if b[0].Points[engine.CatTempura] != 5 || b[0].Points[engine.CatTea] != 2 || b[0].Points[engine.CatFaceDown] != 2 {
		t.Errorf("%+v: want tempura 5, tea 2, face down 2", b[0].Lines())
	}
}

func TestRulingP8TeaCountsThisRound(t *testing.T) {
	// Tea counts itself and this round's cards only: desserts kept from
	// earlier rounds are not in the tableau ScoreRound reads.
	s := party(2, makiMenu)
	b := scoreRound(s, 1, cards(engine.Tea, engine.Pudding, engine.Pudding, engine.Tempura), nil)
	if b[0].Points[engine.CatTea] != 2 {
		t.Errorf("tea %d, want 2 (the two puddings played this round)", b[0].Points[engine.CatTea])
	}
	b = scoreRound(s, 1, cards(engine.Tea, engine.Tea), nil)
	if b[0].Points[engine.CatTea] != 4 {
		t.Errorf("two teas alone: %d, want 2 each", b[0].Points[engine.CatTea])
	}
}

func TestSeed002UramakiEndOfRound(t *testing.T) {
	// Two players took 8 each during the round and the 5 was skipped: the
	// most uramaki left takes the next unclaimed place, 2; ties in full.
	s := party(4, uramakiMenu)
	b := scoreRound(s, 3, nil, nil, cards(engine.Uramaki4, engine.Uramaki3), cards(engine.Uramaki4))
	wantInts(t, "uramaki", points(b, engine.CatUramaki), []int{0, 0, 2, 0})
	b = scoreRound(s, 1, cards(engine.Uramaki5), cards(engine.Uramaki5), nil, nil)
	wantInts(t, "uramaki tie, nobody reached 10", points(b, engine.CatUramaki), []int{8, 8, 0, 0})
	b = scoreRound(s, 4, cards(engine.Uramaki5), nil, nil, nil)
	wantInts(t, "all places taken", points(b, engine.CatUramaki), []int{0, 0, 0, 0})
}

func TestRulingP10TieBreakByDesserts(t *testing.T) {
	g, _ := engine.New(party(3, makiMenu), 1)
	g.SetForTest([]int16{40, 40, 40}, []uint8{3, 1, 3})
	st := g.Standings()
	want := map[int]int{0: 1, 2: 1, 1: 3}
	for _, s := range st {
		if s.Place != want[s.Seat] {
			t.Errorf("seat %d place %d, want %d (%+v)", s.Seat, s.Place, want[s.Seat], st)
		}
		if !s.ByDesserts {
			t.Errorf("seat %d: ranked by desserts not reported", s.Seat)
		}
	}
	if !st[0].Shared || st[2].Shared {
		t.Errorf("still tied on desserts shares the place: %+v", st)
	}
}

func TestRulingP1DeckAndDeal(t *testing.T) {
	for _, m := range engine.RecommendedMenus {
		s := engine.Settings{Ruleset: engine.Party, Players: 4, Menu: m.Menu}
		main, dessert := 0, 0
		for c := engine.Card(1); c < engine.NumCards; c++ {
			if c.Kind() == m.Menu.Dessert {
				dessert += s.DeckCount(c)
			} else {
				main += s.DeckCount(c)
			}
		}
		if main != 54 || dessert != 15 {
			t.Errorf("%s: %d + %d cards, want 54 + 15", words.English.RecommendedName(m), main, dessert)
		}
	}
	for _, c := range []engine.Card{engine.Uramaki3, engine.Uramaki4, engine.Uramaki5} {
		if n := engine.Party.DeckCount(c); n != 4 {
			t.Errorf("%s: %d, want 4 (P1: uramaki 4/4/4)", c, n)
		}
	}
	for players, want := range map[int]int{2: 10, 3: 10, 4: 9, 5: 9, 6: 8, 7: 8, 8: 7} {
		s := party(players, "maki,tempura,sashimi,dumpling,wasabi,tea,pudding")
		if s.HandSize() != want {
			t.Errorf("%d players: hands of %d, want %d", players, s.HandSize(), want)
		}
		g, _ := engine.New(s, 3)
		pv := g.PublicView()
		quota := [3]int{5, 3, 2}
		if players >= 6 {
			quota = [3]int{7, 5, 3}
		}
		if pv.DessertPile != 15-quota[0] || pv.DrawPile != 54+quota[0]-players*want {
			t.Errorf("%d players: pile %d, deck %d", players, pv.DessertPile, pv.DrawPile)
		}
	}
}

func TestMenusAndTheirErrors(t *testing.T) {
	if len(engine.RecommendedMenus) != 8 {
		t.Fatal("eight recommended menus")
	}
	for _, r := range engine.RecommendedMenus {
		m, err := engine.ParseMenu(r.Menu.String())
		if err != nil || m != r.Menu {
			t.Errorf("%s: %q parses back to %v, %v", words.English.RecommendedName(r), r.Menu.String(), m, err)
		}
		if m, err := engine.ParseMenu(words.English.RecommendedName(r)); err != nil || m != r.Menu {
			t.Errorf("menu by name %q: %v", words.English.RecommendedName(r), err)
		}
		if words.English.MenuName(m) != words.English.RecommendedName(r) {
			t.Errorf("Name %q, want %q", words.English.MenuName(m), words.English.RecommendedName(r))
		}
	}
	if m, err := engine.ParseMenu("master"); err != nil || words.English.MenuName(m) != "Master Menu" {
		t.Errorf("master: %v %v", m, err)
	}
	for _, c := range []struct {
		menu    string
		players int
		want    string
	}{
		{"temaki,onigiri,tofu,spoon,takeout,fruit", 4, "a menu needs exactly 3 appetizers, this one has 2"},
		{"temaki,maki,onigiri,tofu,sashimi,spoon,takeout,fruit", 4, "a menu needs exactly 1 roll, this one has 2"},
		{"temaki,onigiri,tofu,tofu,spoon,takeout,fruit", 4, "Tofu is listed twice"},
		{"temaki,onigiri,tofu,sashimi,spoon,takeout,fruit,lasagna", 4, `"lasagna" is neither a recommended menu nor a card type`},
		{"Points Platter", 2, "Edamame can't be used with 2 players"},
		{"Points Platter", 7, "Special order can't be used with 7 players"},
		{"Party Sampler", 7, "Menu can't be used with 7 players"},
		{"master", 2, "Spoon can't be used with 2 players"},
	} {
		m, err := engine.ParseMenu(c.menu)
		if err == nil {
			err = engine.Settings{Ruleset: engine.Party, Players: c.players, Menu: m}.Validate()
		}
		var p *engine.Problem
		if !errors.Is(err, engine.ErrMenu) || !errors.As(err, &p) || !strings.Contains(words.English.Reason(p), c.want) {
			t.Errorf("%q at %d players: %v, want ErrMenu saying %q", c.menu, c.players, err, c.want)
		}
	}
	if n := len(engine.Menus(7)); n != 5 {
		t.Errorf("%d recommended menus for 7 players, want 5", n)
	}
}

func mustSubmit(t *testing.T, g *engine.Game, seat int, sub engine.Submission) {
	t.Helper()
	if err := g.Submit(seat, sub); err != nil {
		t.Fatalf("seat %d %+v: %v", seat, sub, err)
	}
}

func mustDecide(t *testing.T, g *engine.Game, seat int, a engine.Answer) {
	t.Helper()
	if err := g.Decide(seat, a); err != nil {
		t.Fatalf("seat %d %+v: %v", seat, a, err)
	}
}

func decision(t *testing.T, g *engine.Game, seat int, kind engine.DecisionKind) engine.Decision {
	t.Helper()
	d, ok := g.Decision()
	if !ok || d.Seat != seat || d.Kind != kind {
		t.Fatalf("decision %+v (pending %v), want seat %d to decide %s", d, ok, seat, kind)
	}
	return d
}

func TestFAQChopsticksAfterTheReveal(t *testing.T) {
	s := party(3, "maki,tempura,miso,dumpling,chopsticks,wasabi,pudding")
	g := engine.RigParty(s,
		[]engine.Card{engine.MisoSoup, engine.Tempura, engine.Dumpling},
		[]engine.Card{engine.Tempura},
		[]engine.Card{engine.Dumpling})
	g.PlaceForTest(0, engine.Placed{Card: engine.Chopsticks2})
	// The extra card is not chosen with the pick in Party.
	if err := g.Submit(0, engine.Submission{Card: engine.MisoSoup, Extra: engine.Tempura}); !errors.Is(err, engine.ErrExtraAfterReveal) {
		t.Fatalf("extra with the pick: %v", err)
	}
	if err := g.Submit(0, engine.Submission{Card: engine.MisoSoup, Call: engine.Chopsticks}); !errors.Is(err, engine.ErrNoChopsticks) {
		t.Fatalf("calling chopsticks #1, which is not in front of the player: %v", err)
	}
	mustSubmit(t, g, 0, engine.Submission{Card: engine.MisoSoup, Call: engine.Chopsticks2})
	mustSubmit(t, g, 1, engine.Submission{Card: engine.Tempura})
	if err := g.Submit(2, engine.Submission{Card: engine.Dumpling}); err != nil {
		t.Fatal(err)
	}
	d := decision(t, g, 0, engine.DecideChopsticks)
	// Nobody may pick while seat 0 decides; nobody else may answer.
	if err := g.Submit(1, engine.Submission{Card: g.View(1).HandCard(0)}); !errors.Is(err, engine.ErrDeciding) {
		t.Errorf("pick while deciding: %v", err)
	}
	if err := g.Decide(1, engine.Answer{Card: engine.Tempura}); !errors.Is(err, engine.ErrNotYourDecision) {
		t.Errorf("answer from another seat: %v", err)
	}
	if err := g.Decide(0, engine.Answer{Card: engine.Eel}); !errors.Is(err, engine.ErrNotAnOption) {
		t.Errorf("a card not in the hand: %v", err)
	}
	if err := g.Decide(0, engine.Answer{Card: engine.Tempura, Step: d.Step + 1}); !errors.Is(err, engine.ErrWrongTurn) {
		t.Errorf("stale step: %v", err)
	}
	mustDecide(t, g, 0, engine.Answer{Card: engine.Tempura, Step: d.Step})
	if g.Deciding() {
		t.Fatal("still deciding")
	}
	// The chopsticks went back into seat 0's hand and passed to seat 1.
	if !slices.Contains(g.View(1).AppendHand(nil), engine.Chopsticks2) {
		t.Errorf("seat 1's hand %v lacks the used chopsticks", g.View(1).AppendHand(nil))
	}
	tab := g.View(0).AppendTableau(nil, 0)
	if len(tab) != 2 || tab[0].Card != engine.MisoSoup || tab[1].Card != engine.Tempura {
		t.Errorf("seat 0's tableau %+v, want miso then tempura", tab)
	}
	r := g.LastReveal()
	ev := r.AppendEvents(nil)
	if len(ev) != 1 || ev[0].Kind != engine.EvChopsticks || ev[0].Card != engine.Tempura || ev[0].Via != engine.Chopsticks2 {
		t.Errorf("events %+v", ev)
	}
	if err := g.Invariants(); err != nil {
		t.Fatal(err)
	}
}

func TestFAQMisoClashThroughChopsticks(t *testing.T) {
	s := party(2, "maki,tempura,miso,dumpling,chopsticks,wasabi,pudding")
	g := engine.RigParty(s,
		[]engine.Card{engine.MisoSoup, engine.MisoSoup, engine.Dumpling},
		[]engine.Card{engine.Tempura})
	g.PlaceForTest(0, engine.Placed{Card: engine.Chopsticks})
	mustSubmit(t, g, 0, engine.Submission{Card: engine.MisoSoup, Call: engine.Chopsticks})
	mustSubmit(t, g, 1, engine.Submission{Card: engine.Tempura})
	decision(t, g, 0, engine.DecideChopsticks)
	mustDecide(t, g, 0, engine.Answer{Card: engine.MisoSoup})
	for _, p := range g.View(0).AppendTableau(nil, 0) {
		if p.Card == engine.MisoSoup {
			t.Errorf("a miso survived a turn with two: %+v", g.View(0).AppendTableau(nil, 0))
		}
	}
	ev := g.LastReveal().AppendEvents(nil)
	if ev[len(ev)-1].Kind != engine.EvMiso || ev[len(ev)-1].N != 2 {
		t.Errorf("events %+v, want a miso clash of 2", ev)
	}
	if err := g.Invariants(); err != nil {
		t.Fatal(err)
	}
}

func TestRulingP4CornerOrder(t *testing.T) {
	// Seat 0 calls spoon ④, seat 1 chopsticks ③ and seat 2 spoon ⑥: the
	// chopsticks resolve first, then spoon 4, then spoon 6, whatever the
	// seats.
	s := party(3, "maki,tempura,sashimi,dumpling,chopsticks,spoon,pudding")
	g := engine.RigParty(s,
		[]engine.Card{engine.Tempura, engine.Maki3},
		[]engine.Card{engine.Tempura, engine.SquidNigiri, engine.EggNigiri, engine.SalmonNigiri},
		[]engine.Card{engine.Tempura, engine.Dumpling})
	g.PlaceForTest(0, engine.Placed{Card: engine.Spoon})
	g.PlaceForTest(1, engine.Placed{Card: engine.Chopsticks3})
	g.PlaceForTest(2, engine.Placed{Card: engine.Spoon6})
	mustSubmit(t, g, 0, engine.Submission{Card: engine.Tempura, Call: engine.Spoon})
	mustSubmit(t, g, 1, engine.Submission{Card: engine.Tempura, Call: engine.Chopsticks3})
	mustSubmit(t, g, 2, engine.Submission{Card: engine.Tempura, Call: engine.Spoon6})
	decision(t, g, 1, engine.DecideChopsticks)
	mustDecide(t, g, 1, engine.Answer{Card: engine.EggNigiri})
	decision(t, g, 0, engine.DecideSpoon)
	// P5: a type gives the giver's best variant: squid before salmon.
	mustDecide(t, g, 0, engine.Answer{Kind: engine.KindNigiri})
	decision(t, g, 2, engine.DecideSpoon)
	if err := g.Decide(2, engine.Answer{Card: engine.Eel}); !errors.Is(err, engine.ErrNotAnOption) {
		t.Errorf("asking for a card that is not on the menu: %v", err)
	}
	mustDecide(t, g, 2, engine.Answer{Card: engine.Maki3})
	ev := g.LastReveal().AppendEvents(nil)
	if len(ev) != 3 || ev[0].Kind != engine.EvChopsticks || ev[0].Seat != 1 ||
		ev[1].Kind != engine.EvSpoon || ev[1].Seat != 0 || ev[1].Other != 1 || ev[1].Card != engine.SquidNigiri || ev[1].Named != engine.KindNigiri ||
		ev[2].Kind != engine.EvSpoon || ev[2].Seat != 2 || ev[2].Other != 0 || ev[2].Card != engine.Maki3 || ev[2].Asked != engine.Maki3 {
		t.Fatalf("events %+v", ev)
	}
	// Each giver got the spoon back in their hand, then hands passed left.
	if h := g.View(2).AppendHand(nil); !slices.Contains(h, engine.Spoon) || slices.Contains(h, engine.SquidNigiri) {
		t.Errorf("seat 2 holds seat 1's old hand %v: spoon ④ instead of the squid", h)
	}
	if h := g.View(1).AppendHand(nil); !slices.Contains(h, engine.Spoon6) || slices.Contains(h, engine.Maki3) {
		t.Errorf("seat 1 holds seat 0's old hand %v: spoon ⑥ instead of the maki", h)
	}
	if err := g.Invariants(); err != nil {
		t.Fatal(err)
	}
}

func TestRulingP5SpoonNaming(t *testing.T) {
	s := party(3, "maki,tempura,sashimi,dumpling,chopsticks,spoon,pudding")
	g := engine.RigParty(s,
		[]engine.Card{engine.Tempura},
		[]engine.Card{engine.Tempura, engine.Maki2},
		[]engine.Card{engine.Tempura, engine.Maki1})
	g.PlaceForTest(0, engine.Placed{Card: engine.Spoon5})
	mustSubmit(t, g, 0, engine.Submission{Card: engine.Tempura, Call: engine.Spoon5})
	mustSubmit(t, g, 1, engine.Submission{Card: engine.Tempura})
	mustSubmit(t, g, 2, engine.Submission{Card: engine.Tempura})
	// An exact card must match exactly: nobody holds a 3-icon maki (the
	// rigged deck deals them last), so the spoon is discarded.
	for s := 1; s < 3; s++ {
		if slices.Contains(g.View(s).AppendHand(nil), engine.Maki3) {
			t.Fatalf("rig: seat %d holds a maki 3", s)
		}
	}
	mustDecide(t, g, 0, engine.Answer{Card: engine.Maki3})
	ev := g.LastReveal().AppendEvents(nil)
	if len(ev) != 1 || ev[0].Kind != engine.EvSpoon || ev[0].Other != -1 || ev[0].Card != engine.None {
		t.Errorf("events %+v, want a spoon that found nothing", ev)
	}
	if g.View(0).Spoons(0) != 0 {
		t.Error("the spoon should be discarded")
	}
	if err := g.Invariants(); err != nil {
		t.Fatal(err)
	}
}

func TestFAQMenu(t *testing.T) {
	s := party(2, "maki,tempura,sashimi,dumpling,menu,wasabi,pudding")
	g := engine.RigParty(s, []engine.Card{engine.Menu8}, []engine.Card{engine.Tempura})
	g.RigDeckTop(engine.MenuCard, engine.SquidNigiri, engine.Wasabi, engine.Wasabi)
	deck := g.View(0).DeckSize()
	mustSubmit(t, g, 0, engine.Submission{Card: engine.Menu8})
	mustSubmit(t, g, 1, engine.Submission{Card: engine.Tempura})
	decision(t, g, 0, engine.DecideMenu)
	draw := g.View(0).AppendMenuDraw(nil)
	if len(draw) != 4 || len(g.View(1).AppendMenuDraw(nil)) != 0 {
		t.Fatalf("draw %v; seat 1 must see none of it", draw)
	}
	opts := g.View(0).AppendOptions(nil)
	if len(opts) != 2 {
		t.Errorf("options %+v, want squid and wasabi (never the menu, each once)", opts)
	}
	if err := g.Decide(0, engine.Answer{Card: engine.MenuCard}); !errors.Is(err, engine.ErrNotAnOption) {
		t.Errorf("ordering a menu from the menu: %v", err)
	}
	mustDecide(t, g, 0, engine.Answer{Card: engine.SquidNigiri})
	if got := g.View(0).DeckSize(); got != deck-1 {
		t.Errorf("deck %d, want %d: three cards go back", got, deck-1)
	}
	tab := g.View(0).AppendTableau(nil, 0)
	if len(tab) != 1 || tab[0].Card != engine.SquidNigiri {
		t.Errorf("tableau %+v: the menu is discarded and the squid played", tab)
	}
	if err := g.Invariants(); err != nil {
		t.Fatal(err)
	}
}

func TestFAQSpecialOrder(t *testing.T) {
	s := party(2, "maki,tempura,sashimi,dumpling,special-order,wasabi,pudding")
	// Nothing to copy: discarded.
	g := engine.RigParty(s, []engine.Card{engine.SpecialOrder}, []engine.Card{engine.Tempura})
	if err := g.Submit(0, engine.Submission{Card: engine.SpecialOrder, Copy: engine.Tempura}); !errors.Is(err, engine.ErrCopyTarget) {
		t.Errorf("copying with an empty tableau: %v", err)
	}
	mustSubmit(t, g, 0, engine.Submission{Card: engine.SpecialOrder})
	mustSubmit(t, g, 1, engine.Submission{Card: engine.Tempura})
	if n := len(g.View(0).AppendTableau(nil, 0)); n != 0 {
		t.Errorf("%d cards in front of seat 0, want the special order discarded", n)
	}
	// A copy of a dessert is kept for the game's end, not returned.
	g = engine.RigParty(s, []engine.Card{engine.SpecialOrder, engine.Tempura}, []engine.Card{engine.Tempura, engine.Sashimi})
	g.PlaceForTest(0, engine.Placed{Card: engine.Pudding})
	if err := g.Submit(0, engine.Submission{Card: engine.SpecialOrder}); !errors.Is(err, engine.ErrCopyTarget) {
		t.Errorf("a special order without its copy: %v", err)
	}
	if err := g.Submit(0, engine.Submission{Card: engine.Tempura, Copy: engine.Pudding}); !errors.Is(err, engine.ErrCopyTarget) {
		t.Errorf("a copy named for a tempura: %v", err)
	}
	mustSubmit(t, g, 0, engine.Submission{Card: engine.SpecialOrder, Copy: engine.Pudding})
	mustSubmit(t, g, 1, engine.Submission{Card: engine.Tempura})
	for g.Round() == 1 {
		for seat := range 2 {
			mustSubmit(t, g, seat, engine.Submission{Card: g.View(seat).HandCard(0)})
			for g.Deciding() {
				d, _ := g.Decision()
				mustDecide(t, g, d.Seat, g.View(d.Seat).AppendOptions(nil)[0])
			}
		}
	}
	pv := g.PublicView()
	if n := len(pv.Seats[0].Desserts); n < 2 {
		t.Errorf("seat 0 keeps %v, want the pudding and its copy", pv.Seats[0].Desserts)
	}
	if err := g.Invariants(); err != nil {
		t.Fatal(err) // the kept special order is accounted for
	}
}

func TestFAQTakeoutFlipsEarlierTurnsOnly(t *testing.T) {
	s := party(2, "maki,tempura,sashimi,dumpling,takeout,wasabi,pudding")
	g := engine.RigParty(s, []engine.Card{engine.TakeoutBox}, []engine.Card{engine.Tempura})
	g.PlaceForTest(0, engine.Placed{Card: engine.Maki2}, engine.Placed{Card: engine.EggNigiri})
	mustSubmit(t, g, 0, engine.Submission{Card: engine.TakeoutBox})
	mustSubmit(t, g, 1, engine.Submission{Card: engine.Tempura})
	d := decision(t, g, 0, engine.DecideTakeout)
	if d.Flippable != 0b11 {
		t.Errorf("flippable %#b, want the two earlier cards", d.Flippable)
	}
	if err := g.Decide(0, engine.Answer{Flip: 0b100}); !errors.Is(err, engine.ErrNotAnOption) {
		t.Errorf("flipping beyond the earlier cards: %v", err)
	}
	mustDecide(t, g, 0, engine.Answer{Flip: 0b01})
	tab := g.View(0).AppendTableau(nil, 0)
	if !tab[0].FaceDown || tab[1].FaceDown || len(tab) != 2 {
		t.Errorf("tableau %+v: the maki face down, the box discarded", tab)
	}
	// With nothing to flip the box resolves by itself.
	g = engine.RigParty(s, []engine.Card{engine.TakeoutBox}, []engine.Card{engine.Tempura})
	mustSubmit(t, g, 0, engine.Submission{Card: engine.TakeoutBox})
	mustSubmit(t, g, 1, engine.Submission{Card: engine.Tempura})
	if g.Deciding() {
		t.Error("a takeout box with nothing to flip waits for a decision")
	}
	if err := g.Decide(0, engine.Answer{}); !errors.Is(err, engine.ErrNoDecision) {
		t.Errorf("answer without a decision: %v", err)
	}
}

// answerAll answers every pending decision with its first option.
func answerAll(t *testing.T, g *engine.Game) {
	t.Helper()
	for g.Deciding() {
		d, _ := g.Decision()
		mustDecide(t, g, d.Seat, g.View(d.Seat).AppendOptions(nil)[0])
	}
}

func TestFAQExtraMenuResolvesThisTurn(t *testing.T) {
	s := party(2, "maki,tempura,sashimi,dumpling,chopsticks,menu,pudding")
	g := engine.RigParty(s, []engine.Card{engine.Tempura, engine.MenuCard}, []engine.Card{engine.Sashimi})
	g.PlaceForTest(0, engine.Placed{Card: engine.Chopsticks})
	g.RigDeckTop(engine.SquidNigiri, engine.EggNigiri, engine.Maki1, engine.Maki2)
	mustSubmit(t, g, 0, engine.Submission{Card: engine.Tempura, Call: engine.Chopsticks})
	mustSubmit(t, g, 1, engine.Submission{Card: engine.Sashimi})
	decision(t, g, 0, engine.DecideChopsticks)
	mustDecide(t, g, 0, engine.Answer{Card: engine.MenuCard})
	decision(t, g, 0, engine.DecideMenu)
	mustDecide(t, g, 0, engine.Answer{Card: engine.SquidNigiri})
	ev := g.LastReveal().AppendEvents(nil)
	if len(ev) != 2 || ev[0].Kind != engine.EvChopsticks || ev[0].Card != engine.MenuCard || ev[1].Kind != engine.EvMenu || ev[1].Card != engine.SquidNigiri {
		t.Errorf("events %+v", ev)
	}
	if err := g.Invariants(); err != nil {
		t.Fatal(err)
	}
}

func TestFAQSpecialOrderCopiesChopsticks(t *testing.T) {
	s := party(2, "maki,tempura,sashimi,dumpling,chopsticks,special-order,pudding")
	g := engine.RigParty(s, []engine.Card{engine.SpecialOrder}, nil)
	g.PlaceForTest(0, engine.Placed{Card: engine.Chopsticks2})
	mustSubmit(t, g, 0, engine.Submission{Card: engine.SpecialOrder, Copy: engine.Chopsticks2})
	mustSubmit(t, g, 1, engine.Submission{Card: g.View(1).HandCard(0)})
	if n := g.View(0).Chopsticks(0); n != 2 {
		t.Fatalf("%d chopsticks in front of seat 0, want the card and its copy", n)
	}
	// Two turns of calls: the oldest (the printed card) goes first, then the
	// copy, which goes back into the hand as the special order it is.
	for turn := range 2 {
		mustSubmit(t, g, 0, engine.Submission{Card: g.View(0).HandCard(0), Call: engine.Chopsticks2})
		mustSubmit(t, g, 1, engine.Submission{Card: g.View(1).HandCard(0)})
		answerAll(t, g)
		passed := g.View(1).AppendHand(nil)
		want := []engine.Card{engine.Chopsticks2, engine.SpecialOrder}[turn]
		if !slices.Contains(passed, want) {
			t.Errorf("turn %d: seat 1 received %v, want it to hold the used %s", turn+2, passed, want)
		}
	}
	if n := g.View(0).Chopsticks(0); n != 0 {
		t.Errorf("%d chopsticks left in front of seat 0", n)
	}
	if err := g.Invariants(); err != nil {
		t.Fatal(err)
	}
}

// TestReference94SpoonOnTheLastTurn: with one card left chopsticks have
// nothing to take and are refused, but a spoon may be called (reference
// §9.4): every hand is empty when it asks, so it finds nothing and is
// discarded (seed 002) rather than scored as an unused spoon.
func TestReference94SpoonOnTheLastTurn(t *testing.T) {
	s := party(3, "maki,tempura,sashimi,dumpling,chopsticks,spoon,pudding")
	g := engine.RigParty(s)
	g.PlaceForTest(0, engine.Placed{Card: engine.Spoon5}, engine.Placed{Card: engine.Chopsticks})
	for g.View(0).HandSize(0) > 1 {
		for seat := range 3 {
			mustSubmit(t, g, seat, engine.Submission{Card: g.View(seat).HandCard(0)})
		}
	}
	if calls := g.View(0).AppendCallable(nil); !slices.Equal(calls, []engine.Card{engine.Spoon5}) {
		t.Fatalf("callable on the last turn %v, want the spoon only", calls)
	}
	last := g.View(0).HandCard(0)
	if err := g.Submit(0, engine.Submission{Card: last, Call: engine.Chopsticks}); !errors.Is(err, engine.ErrHandTooSmall) {
		t.Errorf("chopsticks on the last turn: %v, want ErrHandTooSmall", err)
	}
	legal := g.View(0).AppendLegal(nil)
	if !slices.ContainsFunc(legal, func(sub engine.Submission) bool { return sub.Call == engine.Spoon5 }) {
		t.Errorf("legal picks %+v lack the spoon call", legal)
	}
	mustSubmit(t, g, 0, engine.Submission{Card: last, Call: engine.Spoon5})
	mustSubmit(t, g, 1, engine.Submission{Card: g.View(1).HandCard(0)})
	mustSubmit(t, g, 2, engine.Submission{Card: g.View(2).HandCard(0)})
	mustDecide(t, g, 0, engine.Answer{Card: engine.Tempura})
	ev := g.LastReveal().AppendEvents(nil)
	if !slices.ContainsFunc(ev, func(e engine.Event) bool {
		return e.Kind == engine.EvSpoon && e.Seat == 0 && e.Other == -1 && e.Card == engine.None && e.Via == engine.Spoon5
	}) {
		t.Fatalf("events %+v, want a spoon that found nothing", ev)
	}
	if g.Round() != 2 {
		t.Fatalf("round %d after the last turn", g.Round())
	}
	for _, l := range g.PublicView().Scores[0][0].Lines() {
		if l.Category == engine.CatChopsticks && l.Count != 1 {
			t.Errorf("%d unused chopsticks or spoons scored, want only the chopsticks", l.Count)
		}
	}
	if err := g.Invariants(); err != nil {
		t.Fatal(err)
	}
}
