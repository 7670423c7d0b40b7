package bot

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/enginetest"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// goldenFrom is golden with a first line naming the position (or seed)
// and menu the view was built from, so a changed golden can be rebuilt and
// read by hand.
func goldenFrom(t *testing.T, name string, from string, menu string, v protocol.View) {
	t.Helper()
	goldenText(t, name, fmt.Sprintf("# built from %s, menu %s\n", from, menu)+v.String())
}

// partyTable seats Ann, Bob… (the last one a bot) at game g.
func partyTable(g *engine.Game, names []string) *gameRecord {
	n := g.Settings().Players
	st := &gameRecord{ID: "p4rty", Phase: phasePlaying, Host: "u0", Where: protocol.Location{Platform: "test", Community: "g", Channel: "c"},
		Opts: protocol.Options{Timer: 90, Pass: engine.PassLeft, Hands: protocol.HandsEphemeral, Party: true, Menu: g.Settings().Menu.String()}, game: g}
	for i := range n {
		st.Seats = append(st.Seats, seat{User: fmt.Sprint("u", i), Name: names[i]})
	}
	st.Seats[n-1] = seat{Name: "Aiko-bot", Bot: true}
	if g.Over() {
		st.Phase = phaseOver
	}
	return st
}

// kindIn is seat's submission of its hand's first card of kind k, calling
// call (None for no call).
func kindIn(t *testing.T, g *engine.Game, seat int, k engine.Kind, call engine.Card) engine.Submission {
	t.Helper()
	for _, c := range g.View(seat).AppendHand(nil) {
		if c.Kind() == k {
			return engine.Submission{Card: c, Call: call}
		}
	}
	t.Fatalf("seat %d holds no %s: %v", seat, k, g.View(seat).AppendHand(nil))
	return engine.Submission{}
}

// playParty plays a Party game with a random policy the test owns (not a
// bot's strategy, so goldens don't move when bots get better) until stop
// says so after a move, or the game ends. It returns whether stop did.
func playParty(t testing.TB, g *engine.Game, seed uint64, stop func(*engine.Game) bool) bool {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 99))
	var legal []engine.Submission
	var opts []engine.Answer
	for !g.Over() {
		if stop(g) {
			return true
		}
		if d, ok := g.Decision(); ok {
			opts = g.View(d.Seat).AppendOptions(opts[:0])
			if err := g.Decide(d.Seat, opts[r.IntN(len(opts))]); err != nil {
				t.Fatal(err)
			}
			continue
		}
		for s := range g.Settings().Players {
			if g.Deciding() || g.Submitted(s) {
				continue
			}
			legal = g.View(s).AppendLegal(legal[:0])
			// Calls now and then, so that decisions come up.
			sub := legal[r.IntN(len(legal))]
			for _, l := range legal {
				if l.Call != engine.None && r.IntN(3) == 0 {
					sub = l
				}
			}
			if err := g.Submit(s, sub); err != nil {
				t.Fatal(err)
			}
		}
	}
	return stop(g)
}

var goldenNames = []string{"Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"}

// partyGame is seed 1's Party game of menu and players, seated.
func partyGame(t testing.TB, menu string, players int, names []string) *gameRecord {
	t.Helper()
	g, err := engine.New(enginetest.Party(t, menu, players), 1)
	if err != nil {
		t.Fatal(err)
	}
	return partyTable(g, names)
}

func hasEvent(k engine.EventKind) func(*engine.Game) bool {
	return func(g *engine.Game) bool {
		return !g.Deciding() && slices.ContainsFunc(g.LastReveal().AppendEvents(nil), func(e engine.Event) bool { return e.Kind == k })
	}
}

// The goldens' menus, and hands dealt for positions that reach each
// decision and event: the cards seat 0 needs on later turns sit second and
// third in the other hands, which the seats holding them (playing first
// legal choices: the first card, which the last card then replaces) keep
// until the hands reach seat 0.
const (
	spoonMenu = "uramaki,miso,tofu,eel,spoon,menu,pudding"
	orderMenu = "uramaki,miso,onigiri,edamame,special-order,takeout,ice-cream"
	chopMenu  = "temaki,miso,dumpling,sashimi,chopsticks,spoon,fruit"
	copyMenu  = "maki,miso,tofu,eel,menu,special-order,pudding"
)

var (
	chopHands = [][]engine.Card{
		{engine.Spoon, engine.Chopsticks, engine.Sashimi, engine.Dumpling, engine.Temaki, engine.Dumpling, engine.Sashimi, engine.Temaki, engine.FruitWatermelon2},
		{engine.Temaki, engine.Spoon5, engine.MisoSoup, engine.Sashimi, engine.Dumpling, engine.Temaki, engine.Sashimi, engine.Dumpling, engine.FruitPineapple2},
		{engine.Dumpling, engine.Chopsticks3, engine.MisoSoup, engine.Temaki, engine.Sashimi, engine.Temaki, engine.Dumpling, engine.Sashimi, engine.FruitOrange2},
		{engine.Sashimi, engine.Chopsticks2, engine.MisoSoup, engine.Dumpling, engine.Temaki, engine.Temaki, engine.Sashimi, engine.Dumpling, engine.FruitWatermelonOrange},
	}
	spoonHands = [][]engine.Card{
		{engine.Spoon, engine.MenuCard, engine.MisoSoup, engine.Tofu, engine.Eel, engine.Uramaki3, engine.Eel, engine.Tofu, engine.Pudding},
		{engine.MisoSoup, engine.Spoon5, engine.Tofu, engine.Eel, engine.Uramaki5, engine.Eel, engine.Tofu, engine.Uramaki4, engine.Pudding},
		{engine.Tofu, engine.Menu8, engine.Eel, engine.Uramaki4, engine.Tofu, engine.Eel, engine.Uramaki3, engine.Pudding, engine.MisoSoup},
		{engine.Eel, engine.Menu9, engine.Tofu, engine.Uramaki5, engine.Eel, engine.Tofu, engine.Uramaki4, engine.Pudding, engine.MisoSoup},
	}
	orderHands = [][]engine.Card{
		{engine.OnigiriCircle, engine.Uramaki5, engine.Edamame, engine.OnigiriSquare, engine.MisoSoup, engine.Edamame, engine.OnigiriTriangle, engine.Uramaki4, engine.GreenTeaIceCream},
		{engine.Edamame, engine.SpecialOrder, engine.TakeoutBox, engine.Uramaki4, engine.OnigiriTriangle, engine.Edamame, engine.MisoSoup, engine.OnigiriCircle, engine.GreenTeaIceCream},
		{engine.OnigiriRectangle, engine.SpecialOrder, engine.Takeout11, engine.Uramaki3, engine.OnigiriSquare, engine.Edamame, engine.MisoSoup, engine.Edamame, engine.GreenTeaIceCream},
		{engine.Edamame, engine.SpecialOrder, engine.Takeout12, engine.Uramaki5, engine.OnigiriRectangle, engine.Edamame, engine.MisoSoup, engine.Uramaki3, engine.GreenTeaIceCream},
	}
	copyHands = [][]engine.Card{
		{engine.Tofu, engine.Maki2, engine.Eel, engine.MisoSoup, engine.Maki1, engine.Tofu, engine.Eel, engine.Maki3, engine.Pudding},
		{engine.Maki1, engine.MenuCard, engine.Eel, engine.Tofu, engine.Maki2, engine.MisoSoup, engine.Tofu, engine.Pudding, engine.Eel},
		{engine.Maki3, engine.Menu8, engine.Eel, engine.Tofu, engine.Maki1, engine.MisoSoup, engine.Eel, engine.Pudding, engine.Tofu},
		{engine.Maki2, engine.Menu9, engine.Eel, engine.Tofu, engine.Maki3, engine.Eel, engine.MisoSoup, engine.Pudding, engine.Tofu},
	}
)

// firstCard is seat's submission of its hand's first card, calling call.
func firstCard(g *engine.Game, seat int, call engine.Card) engine.Submission {
	return engine.Submission{Card: g.View(seat).AppendHand(nil)[0], Call: call}
}

// decisionPosition is a 4-player game of menu in which seat 0 faces a
// decision of kind k.
func decisionPosition(t *testing.T, menu string, k engine.DecisionKind) *engine.Game {
	t.Helper()
	s := enginetest.Party(t, menu, 4)
	switch k {
	case engine.DecideChopsticks:
		g := enginetest.Deal(t, s, chopHands...)
		enginetest.Turn(t, g, enginetest.Pick(engine.Chopsticks))
		enginetest.Turn(t, g, firstCard(g, 0, engine.Chopsticks))
		return g
	case engine.DecideSpoon:
		g := enginetest.Deal(t, s, spoonHands...)
		enginetest.Turn(t, g, enginetest.Pick(engine.Spoon))
		enginetest.Turn(t, g, firstCard(g, 0, engine.Spoon))
		return g
	case engine.DecideMenu:
		g := enginetest.Deal(t, s, spoonHands...)
		enginetest.Stack(t, g, engine.Uramaki5, engine.Uramaki3, engine.MisoSoup, engine.Spoon6)
		enginetest.Turn(t, g, enginetest.Pick(engine.MenuCard))
		return g
	case engine.DecideTakeout:
		g := enginetest.Deal(t, s, orderHands...)
		enginetest.Turn(t, g, enginetest.Pick(engine.OnigiriCircle))
		enginetest.Turn(t, g, kindIn(t, g, 0, engine.KindOnigiri, engine.None))
		enginetest.Turn(t, g, kindIn(t, g, 0, engine.KindTakeoutBox, engine.None))
		return g
	case engine.DecideCopy:
		g := enginetest.Deal(t, s, copyHands...)
		enginetest.Turn(t, g, enginetest.Pick(engine.Tofu))
		enginetest.Turn(t, g, kindIn(t, g, 0, engine.KindEel, engine.None))
		enginetest.Stack(t, g, engine.SpecialOrder, engine.MisoSoup, engine.Maki1, engine.Maki2)
		enginetest.Turn(t, g, kindIn(t, g, 0, engine.KindMenu, engine.None))
		enginetest.Answer(t, g, engine.Answer{Card: engine.SpecialOrder})
		return g
	}
	t.Fatalf("no position for %v", k)
	return nil
}

// revealPosition is a 4-player game of menu whose last reveal shows an
// event of kind ev.
func revealPosition(t *testing.T, menu string, ev engine.EventKind) *engine.Game {
	t.Helper()
	s := enginetest.Party(t, menu, 4)
	answer := func(g *engine.Game) *engine.Game {
		opts := g.View(0).AppendOptions(nil)
		enginetest.Answer(t, g, opts[len(opts)-1])
		return g
	}
	switch ev {
	case engine.EvSpoon:
		return answer(decisionPosition(t, menu, engine.DecideSpoon))
	case engine.EvMenu:
		return answer(decisionPosition(t, menu, engine.DecideMenu))
	case engine.EvChopsticks:
		return answer(decisionPosition(t, menu, engine.DecideChopsticks))
	case engine.EvTakeout:
		return answer(decisionPosition(t, menu, engine.DecideTakeout))
	case engine.EvMiso:
		g := enginetest.Deal(t, s, spoonHands...)
		enginetest.Turn(t, g, enginetest.Pick(engine.MisoSoup), enginetest.Pick(engine.MisoSoup))
		return g
	case engine.EvUramaki:
		g := enginetest.Deal(t, s, orderHands...)
		enginetest.Turn(t, g, enginetest.Pick(engine.Uramaki5))
		for !hasEvent(engine.EvUramaki)(g) && g.Turn() < 4 {
			enginetest.Turn(t, g, kindIn(t, g, 0, engine.KindUramaki, engine.None))
		}
		return g
	case engine.EvCopy:
		g := enginetest.Deal(t, s, orderHands...)
		enginetest.Turn(t, g, enginetest.Pick(engine.OnigiriCircle))
		so := kindIn(t, g, 0, engine.KindSpecialOrder, engine.None)
		so.Copy = engine.OnigiriCircle
		enginetest.Turn(t, g, so)
		return g
	}
	t.Fatalf("no position for %v", ev)
	return nil
}

func TestGoldenPartyViews(t *testing.T) {
	now := time.Date(2026, 11, 18, 20, 0, 0, 0, time.UTC)
	master := engine.RecommendedMenus[3].Menu.String()
	lobby := &gameRecord{ID: "p4rty", Phase: phaseLobby, Host: "ann", Opts: protocol.Options{Timer: 90, Pass: engine.PassLeft, Hands: protocol.HandsEphemeral, Party: true, Menu: master},
		Seats: []seat{{User: "ann", Name: "Ann"}, {User: "bob", Name: "Bob"}, {Name: "Aiko-bot", Bot: true}}}
	goldenFrom(t, "party_lobby", "a lobby", master, lobbyView(lobby.snap()))
	lobby.Seats = lobby.Seats[:2]
	lobby.Opts.Custom = true
	goldenFrom(t, "party_lobby_custom_2_players", "a lobby", master, lobbyView(lobby.snap()))

	for _, c := range []struct {
		name, menu string
		kind       engine.DecisionKind
	}{
		{"party_decide_chopsticks", chopMenu, engine.DecideChopsticks},
		{"party_decide_spoon", spoonMenu, engine.DecideSpoon},
		{"party_decide_menu", spoonMenu, engine.DecideMenu},
		{"party_decide_takeout", orderMenu, engine.DecideTakeout},
		{"party_decide_copy", copyMenu, engine.DecideCopy},
	} {
		g := decisionPosition(t, c.menu, c.kind)
		d, ok := g.Decision()
		if !ok || d.Kind != c.kind || d.Seat != 0 || len(g.View(0).AppendOptions(nil)) < 2 {
			t.Fatalf("%s: the position does not reach seat 0's %v: %+v", c.name, c.kind, d)
		}
		st := partyTable(g, goldenNames)
		goldenFrom(t, c.name, "a position", c.menu, decisionView(st.snap(), 0))
		if c.kind == engine.DecideSpoon {
			goldenFrom(t, "party_waiting", "a position", c.menu, waitingView(st.snap(), 1))
			goldenFrom(t, "party_table_deciding", "a position", c.menu, tableView(st.snap(), now))
		}
	}
	g := enginetest.Deal(t, enginetest.Party(t, chopMenu, 4), chopHands...)
	enginetest.Turn(t, g, enginetest.Pick(engine.Spoon))
	enginetest.Turn(t, g, kindIn(t, g, 0, engine.KindChopsticks, engine.None))
	st := partyTable(g, goldenNames)
	if len(g.View(0).AppendCallable(nil)) != 2 {
		t.Fatalf("seat 0 can call %v", g.View(0).AppendCallable(nil))
	}
	goldenFrom(t, "party_hand_callable", "a position", chopMenu, handView(st.snap(), 0, protocol.Pick{}))
	goldenFrom(t, "party_hand_calling", "a position", chopMenu, handView(st.snap(), 0, protocol.Pick{Call: g.View(0).AppendCallable(nil)[0]}))
	g = enginetest.Deal(t, enginetest.Party(t, orderMenu, 4), orderHands...)
	enginetest.Turn(t, g, enginetest.Pick(engine.OnigiriCircle))
	enginetest.Turn(t, g, kindIn(t, g, 0, engine.KindUramaki, engine.None))
	enginetest.Turn(t, g, kindIn(t, g, 0, engine.KindEdamame, engine.None))
	st = partyTable(g, goldenNames)
	if !slices.Contains(g.View(0).AppendHand(nil), engine.SpecialOrder) || len(g.View(0).AppendCopyOptions(nil)) < 3 {
		t.Fatalf("seat 0: hand %v, copies %v", g.View(0).AppendHand(nil), g.View(0).AppendCopyOptions(nil))
	}
	goldenFrom(t, "party_hand_copy", "a position", orderMenu, handView(st.snap(), 0, protocol.Pick{Card: engine.SpecialOrder}))
	goldenFrom(t, "party_locked", "a position", orderMenu, lockedView(st.snap(), 0, engine.Submission{Card: engine.SpecialOrder, Copy: g.View(0).AppendCopyOptions(nil)[0]}))

	for _, c := range []struct {
		name, menu string
		ev         engine.EventKind
	}{
		{"party_reveal_spoon", spoonMenu, engine.EvSpoon},
		{"party_reveal_menu", spoonMenu, engine.EvMenu},
		{"party_reveal_miso", spoonMenu, engine.EvMiso},
		{"party_reveal_uramaki", orderMenu, engine.EvUramaki},
		{"party_reveal_takeout", orderMenu, engine.EvTakeout},
		{"party_reveal_copy", orderMenu, engine.EvCopy},
		{"party_reveal_chopsticks", chopMenu, engine.EvChopsticks},
	} {
		g := revealPosition(t, c.menu, c.ev)
		if !hasEvent(c.ev)(g) {
			t.Fatalf("%s: the last reveal has no %v: %+v", c.name, c.ev, g.LastReveal().AppendEvents(nil))
		}
		goldenFrom(t, c.name, "a position", c.menu, revealView(partyTable(g, goldenNames).snap()))
	}

	// Eight players: the biggest table, reveal and scores.
	const big = "maki,miso,onigiri,tempura,chopsticks,takeout,fruit"
	// Seed 1's deal, first legal choices to round 2, turn 6: no bot's play
	// and no search for a seed.
	g, err := engine.New(enginetest.Party(t, big, 8), 1)
	if err != nil {
		t.Fatal(err)
	}
	for g.Round() < 2 || g.Turn() < 6 {
		enginetest.Turns(t, g, 1)
	}
	st = partyTable(g, goldenNames)
	const from8 = "seed 1, first legal choices"
	goldenFrom(t, "party_table_8", from8, big, tableView(st.snap(), now))
	goldenFrom(t, "party_reveal_8", from8, big, revealView(st.snap()))
	goldenFrom(t, "party_round_scores_8", from8, big, roundScoreView(st.snap(), 1))
	for !g.Over() {
		enginetest.Turns(t, g, 1)
	}
	st.Phase = phaseOver
	// A round's view opened after the game: that round's total, no dessert.
	goldenFrom(t, "party_round1_after_game_8", from8, big, roundScoreView(st.snap(), 1))
	goldenFrom(t, "party_final_8", from8, big, finalView(st.snap()))
	goldenFrom(t, "party_scores_8", from8, big, scoresView(st.snap()))
}

// TestPartyEventWords narrates one event of each kind and outcome.
func TestPartyEventWords(t *testing.T) {
	st := partyGame(t, "uramaki,miso,tofu,eel,spoon,menu,pudding", 6, goldenNames)
	evs := []engine.Event{
		{Kind: engine.EvSpoon, Seat: 0, Other: 1, Asked: engine.SquidNigiri, Card: engine.SquidNigiri, Via: engine.Spoon},
		{Kind: engine.EvSpoon, Seat: 1, Other: 2, Named: engine.KindTofu, Card: engine.Tofu, Via: engine.Spoon5},
		{Kind: engine.EvSpoon, Seat: 2, Other: -1, Named: engine.KindEel, Via: engine.Spoon6},
		{Kind: engine.EvMenu, Seat: 2, Card: engine.SalmonNigiri, Via: engine.MenuCard},
		{Kind: engine.EvMenu, Seat: 3, Card: engine.None, Via: engine.Menu8},
		{Kind: engine.EvMiso, Seat: -1, N: 2, Mask: 1<<1 | 1<<4},
		{Kind: engine.EvUramaki, Seat: 3, N: 10, Place: 1, Points: 8},
		{Kind: engine.EvUramaki, Seat: 0, N: 11, Place: 4, Points: 0},
		{Kind: engine.EvTakeout, Seat: 4, N: 3, Mask: 0b111, Via: engine.TakeoutBox},
		{Kind: engine.EvTakeout, Seat: 4, N: 0, Via: engine.Takeout11},
		{Kind: engine.EvCopy, Seat: 5, Card: engine.OnigiriTriangle, Via: engine.SpecialOrder},
		{Kind: engine.EvCopy, Seat: 5, Card: engine.None, Via: engine.SpecialOrder},
		{Kind: engine.EvChopsticks, Seat: 1, Card: engine.Tempura, Via: engine.Chopsticks2},
	}
	got := strings.Join(narrate(st.snap(), evs), "\n") + "\n"
	want := `🥄 Ann asked for 🦑 Squid — Bob gave 🦑 Squid.
🥄 Bob asked for 🧈 tofu — Cy gave 🧈 Tofu.
🥄 Cy asked for 🐍 eel — nobody had one; the spoon is discarded.
📜 Cy ordered 🍣 Salmon from the menu.
📜 Dee's menu had nothing to order.
🍲 2 miso soups (Bob and Eve) — all discarded.
🍱 Dee reaches 10 uramaki icons: 1st place, +8 now.
🍱 Ann reaches 11 uramaki icons, but every place is taken.
🥡 Eve boxed 3 cards (+2 each at round end).
🥡 Eve's takeout box flipped nothing.
🌈 Aiko-bot's special order copies 🍙 Onigiri ▲.
🌈 Aiko-bot's special order had nothing to copy — discarded.
🥢 Bob used chopsticks to play 🍤 Tempura too.
`
	if got != want {
		t.Errorf("narration:\n%s\nwant:\n%s", got, want)
	}
}

// chatLimits are the tightest of Discord's and Slack's documented limits
// on what a host view becomes (platforms.md): the adapters only map it.
func chatLimits(t *testing.T, what string, v protocol.View) {
	t.Helper()
	runes := utf8.RuneCountInString
	total := runes(v.Title) + runes(v.Text) + runes(v.Footer)
	if runes(v.Title) > 150 || runes(v.Text) > 4096 || runes(v.Footer) > 2048 || len(v.Fields) > 25 {
		t.Errorf("%s: title %d, text %d, footer %d, %d fields", what, runes(v.Title), runes(v.Text), runes(v.Footer), len(v.Fields))
	}
	for _, f := range v.Fields {
		total += runes(f.Name) + runes(f.Value)
		if runes(f.Name) > 256 || runes(f.Value) > 1024 {
			t.Errorf("%s: field %q of %d characters", what, f.Name, runes(f.Value))
		}
	}
	if total > 6000 {
		t.Errorf("%s: %d characters in all (Discord's embed limit is 6000)", what, total)
	}
	if len(v.Rows)+len(v.Selects) > 5 {
		t.Errorf("%s: %d rows and %d selects", what, len(v.Rows), len(v.Selects))
	}
	for _, row := range v.Rows {
		if len(row) > protocol.RowButtons {
			t.Errorf("%s: a row of %d buttons", what, len(row))
		}
		for _, b := range row {
			if len(b.ActionID) > protocol.MaxActionID || runes(b.Emoji+" "+b.Label) > 75 {
				t.Errorf("%s: button %+v", what, b)
			}
			if _, err := protocol.ParseActionID(b.ActionID); err != nil {
				t.Errorf("%s: button %q does not parse", what, b.ActionID)
			}
		}
	}
	for _, s := range v.Selects {
		if len(s.Options) > 25 || len(s.Options) == 0 || runes(s.Placeholder) > 150 || len(s.ActionID) > protocol.MaxActionID || s.Max > len(s.Options) {
			t.Errorf("%s: select %q with %d options", what, s.Placeholder, len(s.Options))
		}
		for _, o := range s.Options {
			if runes(o.Emoji+" "+o.Label) > 75 || runes(o.Description) > 100 || len(o.Value) > 100 {
				t.Errorf("%s: option %+v", what, o)
			}
		}
	}
	if strings.Contains(v.String(), "%!") {
		t.Errorf("%s: formatting error", what)
	}
}

// TestPartyViewsFitChatLimits renders every view of random 8-player Party
// games, with names as long as Slack allows, at every step.
func TestPartyViewsFitChatLimits(t *testing.T) {
	long := make([]string, 8)
	for i := range long {
		long[i] = strings.Repeat(string(rune('A'+i)), 72) + fmt.Sprintf(" seat %d", i)
	}
	menus := append(slices.Clone(partyTestMenus), "maki,miso,onigiri,tempura,chopsticks,takeout,fruit", "uramaki,onigiri,dumpling,edamame,tea,soy,fruit")
	now := time.Date(2026, 11, 18, 20, 0, 0, 0, time.UTC)
	for k, menu := range menus {
		m, _ := engine.ParseMenu(menu)
		n := 8
		if m.Check(8) != nil {
			n = 6
		}
		st := partyGame(t, menu, n, long)
		lobby := *st
		lobby.Phase, lobby.game = phaseLobby, nil
		chatLimits(t, "lobby", lobbyView(lobby.snap()))
		lobby.Opts.Custom = true
		chatLimits(t, "custom lobby", lobbyView(lobby.snap()))
		playParty(t, st.game, uint64(k), func(g *engine.Game) bool {
			where := fmt.Sprintf("%s round %d turn %d", menu, g.Round(), g.Turn())
			chatLimits(t, where+" table", tableView(st.snap(), now))
			if g.LastReveal().Turn > 0 {
				chatLimits(t, where+" reveal", revealView(st.snap()))
			}
			for r := 1; r < g.Round() || (g.Over() && r <= 3); r++ {
				chatLimits(t, where+" round scores", roundScoreView(st.snap(), r))
			}
			chatLimits(t, where+" scores", scoresView(st.snap()))
			for i := range n {
				chatLimits(t, where+" hand", handOrOver(st.snap(), i))
				for _, c := range g.View(i).AppendCallable(nil) {
					chatLimits(t, where+" calling", handView(st.snap(), i, protocol.Pick{Call: c}))
				}
			}
			return false
		})
		st.Phase = phaseOver
		chatLimits(t, menu+" final", finalView(st.snap()))
		chatLimits(t, menu+" scores at the end", scoresView(st.snap()))
	}
}

// TestTypedAnswersOnlyWhereTyping: the spoon and takeout prompts suggest
// typing `choose` or `flip` only in the terminal; on Discord and Slack a
// prompt is a private message, where nothing typed reaches the game.
func TestTypedAnswersOnlyWhereTyping(t *testing.T) {
	for _, c := range []struct {
		menu string
		kind engine.DecisionKind
	}{{spoonMenu, engine.DecideSpoon}, {orderMenu, engine.DecideTakeout}} {
		for _, p := range []protocol.Platform{{Commands: protocol.SlashOptions}, {Commands: protocol.Slash}, {Terminal: true, Commands: protocol.Typed}} {
			st := partyTable(decisionPosition(t, c.menu, c.kind), goldenNames)
			st.plat = p
			v := decisionView(st.snap(), 0)
			hint := strings.Contains(v.Footer, "type `choose") || strings.Contains(v.Footer, "Type `flip")
			if hint != p.Terminal {
				t.Errorf("%v on %+v: footer %q", c.kind, p, v.Footer)
			}
		}
	}
}

// TestLoneHostMenusNotAllRefused: a lobby with its host alone does not mark
// every menu "not for 1 player" (the table itself is too small to start);
// a full table still hears which menus do not suit it.
func TestLoneHostMenusNotAllRefused(t *testing.T) {
	o := protocol.Options{Party: true, Pass: engine.PassLeft}
	for _, opt := range menuSelect(words.English, "g", o, 1).Options {
		if strings.Contains(opt.Description, "not for") {
			t.Errorf("alone: %s — %s", opt.Label, opt.Description)
		}
	}
	flagged := 0
	for _, opt := range menuSelect(words.English, "g", o, 8).Options {
		if strings.HasPrefix(opt.Description, "not for 8 players") {
			flagged++
		}
	}
	if flagged == 0 {
		t.Error("at 8 players no recommended menu is marked as not for them")
	}
}
