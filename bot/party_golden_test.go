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
)

// goldenFrom is golden with a first line naming the seed and menu the view
// was built from, so a changed golden can be rebuilt and read by hand.
func goldenFrom(t *testing.T, name string, seed uint64, menu string, v View) {
	t.Helper()
	goldenText(t, name, fmt.Sprintf("# built from seed %d, menu %s\n", seed, menu)+v.String())
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

// partyState finds, from seed 1 on, a Party game of menu and players that
// reaches stop; seats are Ann, Bob… with the last one a bot.
func partyState(t testing.TB, menu string, players int, names []string, stop func(*engine.Game) bool) (*state, uint64) {
	t.Helper()
	m, err := engine.ParseMenu(menu)
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed < 3000; seed++ {
		g, err := engine.New(engine.Settings{Ruleset: engine.Party, Players: players, Menu: m}, seed)
		if err != nil {
			t.Fatal(err)
		}
		if !playParty(t, g, seed, stop) {
			continue
		}
		st := &state{ID: "p4rty", Phase: phasePlaying, Host: "u0", Where: Location{"test", "g", "c"},
			Opts: Options{Timer: 90, Pass: engine.PassLeft, Hands: HandsEphemeral, Party: true, Menu: m.String()}, game: g}
		for i := range players {
			st.Seats = append(st.Seats, seat{User: fmt.Sprint("u", i), Name: names[i]})
		}
		st.Seats[players-1] = seat{Name: "Maki-bot", Bot: true}
		if g.Over() {
			st.Phase = phaseOver
		}
		return st, seed
	}
	t.Fatalf("no seed reached the state wanted (%s, %d players)", menu, players)
	return nil, 0
}

func deciding(k engine.DecisionKind) func(*engine.Game) bool {
	return func(g *engine.Game) bool {
		d, ok := g.Decision()
		return ok && d.Kind == k && len(g.View(d.Seat).AppendOptions(nil)) > 2
	}
}

func hasEvent(k engine.EventKind) func(*engine.Game) bool {
	return func(g *engine.Game) bool {
		return !g.Deciding() && slices.ContainsFunc(g.LastReveal().AppendEvents(nil), func(e engine.Event) bool { return e.Kind == k })
	}
}

func TestGoldenPartyViews(t *testing.T) {
	now := time.Date(2026, 11, 18, 20, 0, 0, 0, time.UTC)
	master := engine.RecommendedMenus[3].Menu.String()
	lobby := &state{ID: "p4rty", Phase: phaseLobby, Host: "ann", Opts: Options{Timer: 90, Pass: engine.PassLeft, Hands: HandsEphemeral, Party: true, Menu: master},
		Seats: []seat{{User: "ann", Name: "Ann"}, {User: "bob", Name: "Bob"}, {Name: "Maki-bot", Bot: true}}}
	goldenFrom(t, "party_lobby", 0, master, lobbyView(lobby))
	lobby.Seats = lobby.Seats[:2]
	lobby.Opts.Custom = true
	goldenFrom(t, "party_lobby_custom_2_players", 0, master, lobbyView(lobby))

	const spoonMenu = "uramaki,miso,tofu,eel,spoon,menu,pudding"
	const orderMenu = "uramaki,miso,onigiri,edamame,special-order,takeout,ice-cream"
	const chopMenu = "temaki,miso,dumpling,sashimi,chopsticks,spoon,fruit"
	for _, c := range []struct {
		name, menu string
		kind       engine.DecisionKind
	}{
		{"party_decide_chopsticks", chopMenu, engine.DecideChopsticks},
		{"party_decide_spoon", spoonMenu, engine.DecideSpoon},
		{"party_decide_menu", spoonMenu, engine.DecideMenu},
		{"party_decide_takeout", orderMenu, engine.DecideTakeout},
		{"party_decide_copy", "maki,miso,tofu,eel,menu,special-order,pudding", engine.DecideCopy},
	} {
		st, seed := partyState(t, c.menu, 4, goldenNames, deciding(c.kind))
		d, _ := st.game.Decision()
		goldenFrom(t, c.name, seed, c.menu, decisionView(st, d.Seat))
		if c.kind == engine.DecideSpoon {
			goldenFrom(t, "party_waiting", seed, c.menu, waitingView(st, (d.Seat+1)%4))
			goldenFrom(t, "party_table_deciding", seed, c.menu, tableView(st, now))
		}
	}
	st, seed := partyState(t, chopMenu, 4, goldenNames, func(g *engine.Game) bool {
		return !g.Deciding() && !g.Submitted(0) && len(g.View(0).AppendCallable(nil)) == 2
	})
	goldenFrom(t, "party_hand_callable", seed, chopMenu, handView(st, 0, Pick{}))
	goldenFrom(t, "party_hand_calling", seed, chopMenu, handView(st, 0, Pick{Call: st.game.View(0).AppendCallable(nil)[0]}))
	st, seed = partyState(t, orderMenu, 4, goldenNames, func(g *engine.Game) bool {
		v := g.View(0)
		return !g.Deciding() && !g.Submitted(0) && slices.Contains(v.AppendHand(nil), engine.SpecialOrder) && len(v.AppendCopyOptions(nil)) > 2
	})
	goldenFrom(t, "party_hand_copy", seed, orderMenu, handView(st, 0, Pick{Card: engine.SpecialOrder}))
	goldenFrom(t, "party_locked", seed, orderMenu, lockedView(st, 0, engine.Submission{Card: engine.SpecialOrder, Copy: st.game.View(0).AppendCopyOptions(nil)[0]}))

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
		st, seed := partyState(t, c.menu, 5, goldenNames, hasEvent(c.ev))
		goldenFrom(t, c.name, seed, c.menu, revealView(st))
	}

	// Eight players: the biggest table, reveal and scores.
	const big = "maki,miso,onigiri,tempura,chopsticks,takeout,fruit"
	st, seed = partyState(t, big, 8, goldenNames, func(g *engine.Game) bool { return g.Round() == 2 && g.Turn() == 6 && !g.Deciding() })
	goldenFrom(t, "party_table_8", seed, big, tableView(st, now))
	goldenFrom(t, "party_reveal_8", seed, big, revealView(st))
	goldenFrom(t, "party_round_scores_8", seed, big, roundScoreView(st, 1))
	playParty(t, st.game, seed, func(*engine.Game) bool { return false })
	st.Phase = phaseOver
	// A round's view opened after the game: that round's total, no dessert.
	goldenFrom(t, "party_round1_after_game_8", seed, big, roundScoreView(st, 1))
	goldenFrom(t, "party_final_8", seed, big, finalView(st))
	goldenFrom(t, "party_scores_8", seed, big, scoresView(st))
}

// TestPartyEventWords narrates one event of each kind and outcome.
func TestPartyEventWords(t *testing.T) {
	st, _ := partyState(t, "uramaki,miso,tofu,eel,spoon,menu,pudding", 6, goldenNames, func(*engine.Game) bool { return true })
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
	got := strings.Join(narrate(st, evs), "\n") + "\n"
	want := `🥄 Ann asked for 🦑 Squid — Bob gave 🦑 Squid.
🥄 Bob asked for 🧈 tofu — Cy gave 🧈 Tofu.
🥄 Cy asked for 🐍 eel — nobody had one; the spoon is discarded.
📜 Cy ordered 🍣 Salmon from the menu.
📜 Dee's menu had nothing to order.
🍲 Two miso soups (Bob, Eve) — all discarded.
🍱 Dee reaches 10 uramaki icons: 1st place, +8 now.
🍱 Ann reaches 11 uramaki icons, but every place is taken.
🥡 Eve boxed 3 cards (+2 each at round end).
🥡 Eve's takeout box flipped nothing.
🌈 Maki-bot's special order copies their 🍙 Onigiri ▲.
🌈 Maki-bot's special order had nothing to copy — discarded.
🥢 Bob used chopsticks to play 🍤 Tempura too.
`
	if got != want {
		t.Errorf("narration:\n%s\nwant:\n%s", got, want)
	}
}

// chatLimits are the tightest of Discord's and Slack's documented limits
// on what a host view becomes (platforms.md): the adapters only map it.
func chatLimits(t *testing.T, what string, v View) {
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
		if len(row) > 5 {
			t.Errorf("%s: a row of %d buttons", what, len(row))
		}
		for _, b := range row {
			if len(b.ActionID) > MaxActionID || runes(b.Emoji+" "+b.Label) > 75 {
				t.Errorf("%s: button %+v", what, b)
			}
			if _, err := ParseActionID(b.ActionID); err != nil {
				t.Errorf("%s: button %q does not parse", what, b.ActionID)
			}
		}
	}
	for _, s := range v.Selects {
		if len(s.Options) > 25 || len(s.Options) == 0 || runes(s.Placeholder) > 150 || len(s.ActionID) > MaxActionID || s.Max > len(s.Options) {
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
		st, _ := partyState(t, menu, n, long, func(*engine.Game) bool { return true })
		lobby := *st
		lobby.Phase, lobby.game = phaseLobby, nil
		chatLimits(t, "lobby", lobbyView(&lobby))
		lobby.Opts.Custom = true
		chatLimits(t, "custom lobby", lobbyView(&lobby))
		playParty(t, st.game, uint64(k), func(g *engine.Game) bool {
			where := fmt.Sprintf("%s round %d turn %d", menu, g.Round(), g.Turn())
			chatLimits(t, where+" table", tableView(st, now))
			if g.LastReveal().Turn > 0 {
				chatLimits(t, where+" reveal", revealView(st))
			}
			for r := 1; r < g.Round() || (g.Over() && r <= 3); r++ {
				chatLimits(t, where+" round scores", roundScoreView(st, r))
			}
			chatLimits(t, where+" scores", scoresView(st))
			for i := range n {
				chatLimits(t, where+" hand", handOrOver(st, i))
				for _, c := range g.View(i).AppendCallable(nil) {
					chatLimits(t, where+" calling", handView(st, i, Pick{Call: c}))
				}
			}
			return false
		})
		st.Phase = phaseOver
		chatLimits(t, menu+" final", finalView(st))
		chatLimits(t, menu+" scores at the end", scoresView(st))
	}
}
