package bot_test

import (
	"context"
	"strings"
	"testing"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

func firstText(r protocol.Response) string {
	if len(r.Deliveries) == 0 {
		return ""
	}
	return r.Deliveries[0].View.String()
}

func TestKickAndAddBot(t *testing.T) {
	h := newHarness(t)
	h.lobby("ann", "timer=0", "bob", "cy")
	if r := h.do("bob", "kick cy"); !strings.Contains(firstText(r), "Only the host") {
		t.Errorf("non-host kick: %s", firstText(r))
	}
	h.do("ann", "kick cy")
	lobby, _ := h.lastPublic("lobby")
	if strings.Contains(lobby.String(), "Cy") {
		t.Errorf("cy still seated:\n%s", lobby)
	}
	h.do("ann", "addbot 2")
	lobby, _ = h.lastPublic("lobby")
	if !strings.Contains(lobby.String(), "4. Kenji-bot 🤖") {
		t.Errorf("after addbot 2:\n%s", lobby)
	}
	if r := h.do("ann", "kick ann"); !strings.Contains(firstText(r), "use `/sushigo leave`") {
		t.Errorf("kicking yourself: %s", firstText(r))
	}
	h.startGame("ann")
	// During play, a kicked player's seat goes to a bot, who plays it.
	h.do("ann", "kick <@bob>")
	if tv := h.table(); !strings.Contains(tv.String(), "Bob 🤖") || !strings.Contains(tv.String(), "handed Bob's seat to a bot") {
		t.Errorf("after kicking bob in play:\n%s", tv)
	}
	h.playTurn([]string{"ann"})
	if !strings.Contains(h.table().Title, "turn 2/") {
		t.Error("the bot in bob's seat did not play")
	}
}

func TestTypedPicksAndChangeMyPick(t *testing.T) {
	h := newHarness(t)
	h.lobby("ann", "timer=0", "bob")
	h.startGame("ann")
	hand := h.hand["ann"]
	var cards []engine.Card
	for _, b := range hand.Buttons() {
		if a, err := protocol.ParseActionID(b.ActionID); err == nil {
			if p, ok := a.(protocol.Pick); ok && p.Card != engine.None && !p.Chop {
				cards = append(cards, p.Card)
			}
		}
	}
	if len(cards) < 2 {
		t.Fatal("a hand with fewer than two kinds of card")
	}
	r := h.do("ann", "pick "+cards[0].Key())
	if !strings.Contains(firstText(r), "Locked in: "+cards[0].Emoji()+" "+words.English.CardShort(cards[0])) {
		t.Fatalf("typed pick: %s", firstText(r))
	}
	// Change my pick: the button shows the hand again; a new choice
	// replaces the first.
	change, _ := button(h.private["ann"], "Change my pick")
	h.click("ann", change.ActionID, true)
	again := h.private["ann"]
	var second string
	for _, b := range again.Buttons() {
		if strings.Contains(b.Label, words.English.CardShort(cards[1])) {
			second = b.ActionID
		}
	}
	if second == "" {
		t.Fatalf("the hand after Change my pick:\n%s", again)
	}
	h.click("ann", second, true)
	if !strings.Contains(h.private["ann"].Text, words.English.CardShort(cards[1])) {
		t.Fatalf("changed pick: %s", h.private["ann"].Text)
	}
	h.playTurn([]string{"bob"})
	rv, _ := h.lastPublic("Reveal — round 1, turn 1")
	if !strings.Contains(rv.Text, "**Ann**: "+cards[1].Emoji()+" "+words.English.CardShort(cards[1])) {
		t.Errorf("the reveal does not show ann's changed pick %s:\n%s", cards[1], rv)
	}
	for cmd, want := range map[string]string{"pick hamburger": "No card called", "pick pudding pudding pudding": "Usage"} {
		if _, err := protocol.ParseCommand(cmd, words.English); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v", cmd, err)
		}
	}
}

// TestChopsticksByButtons takes chopsticks, then uses them: two buttons,
// two cards in one turn, the chopsticks back in the passed hand.
func TestChopsticksByButtons(t *testing.T) {
	h := newHarness(t)
	// Ann's first hand holds chopsticks; the hand she is passed next
	// (the bot's, less its pick) still holds two cards and more.
	h.dealing([]engine.Card{engine.Chopsticks, engine.SalmonNigiri}, []engine.Card{engine.Tempura, engine.Tempura, engine.EggNigiri})
	h.lobby("ann", "timer=0 bots=1")
	h.startGame("ann")
	chop, ok := button(h.hand["ann"], "Chopsticks")
	if !ok {
		t.Fatalf("no Chopsticks button in the dealt hand:\n%s", h.hand["ann"])
	}
	h.click("ann", chop.ActionID, true)
	use, ok := button(h.hand["ann"], "Use chopsticks")
	if !ok {
		t.Fatalf("no Use chopsticks button after taking chopsticks:\n%s", h.hand["ann"])
	}
	h.click("ann", use.ActionID, true)
	if !strings.Contains(h.private["ann"].Text, "choose your first card") {
		t.Fatalf("chopsticks step 1:\n%s", h.private["ann"])
	}
	first := h.private["ann"].Buttons()[0]
	h.click("ann", first.ActionID, true)
	if !strings.Contains(h.private["ann"].Text, "Now choose your second card") {
		t.Fatalf("chopsticks step 2:\n%s", h.private["ann"])
	}
	var second protocol.Button
	for _, b := range h.private["ann"].Buttons() {
		if !b.Disabled {
			second = b
			break
		}
	}
	if h.private["ann"].Buttons()[0].ActionID == first.ActionID && !h.private["ann"].Buttons()[0].Disabled {
		t.Fatalf("the first card chosen is still offered as the second:\n%s", h.private["ann"])
	}
	h.click("ann", second.ActionID, true)
	rv, _ := h.lastPublic("Reveal — round 1, turn 2")
	if !strings.Contains(rv.Text, "**Ann**: ") || !strings.Contains(rv.Text, " + 🥢 ") {
		t.Fatalf("the reveal does not show two cards with chopsticks:\n%s", rv)
	}
}

func TestInformationCommands(t *testing.T) {
	h := newHarness(t)
	players := []string{"ann", "bob"}
	h.lobby("ann", "timer=0", "bob")
	h.startGame("ann")
	// Mid-round, the round under way is scored as if it ended now.
	if r := h.do("bob", "scores"); !strings.Contains(firstText(r), "Round 1 is under way") {
		t.Errorf("scores before a round: %s", firstText(r))
	}
	h.playTurn(players)
	h.playTurn(players)
	if r := h.do("bob", "scores"); len(r.Deliveries) == 0 || len(r.Deliveries[0].View.Fields) != 2 ||
		!strings.Contains(r.Deliveries[0].View.Fields[1].Value, "Round 1 so far") {
		t.Errorf("scores mid-round: %+v", r.Deliveries)
	}
	h.playToEnd(players, 40)
	for _, c := range []struct{ cmd, want string }{
		{"scores", "Round 3"},
		{"leaderboard", "Leaderboard — all time, by rating"},
		{"leaderboard wins", "Leaderboard — all time, by wins"},
		{"leaderboard week points", "this week, by points"},
		{"stats", "📈 Bob"},
		{"stats ann", "📈 Ann"},
		{"history", "Recent games"},
		{"rules", "How to play"},
		{"rules wasabi", "oldest empty wasabi"},
		{"help", "`/sushigo new party [menu=NAME|custom|random|TEXT]`"},
	} {
		r := h.do("bob", c.cmd)
		if !strings.Contains(firstText(r), c.want) {
			t.Errorf("%q: %s", c.cmd, firstText(r))
		}
	}
	// Leaderboards and stats are for the channel; help and rules are private.
	if r := h.do("bob", "leaderboard"); !r.Deliveries[0].To.IsPublic() {
		t.Error("the leaderboard is not posted in the channel")
	}
	if r := h.do("bob", "help"); r.Deliveries[0].To.IsPublic() {
		t.Error("help is not private")
	}
	// Another community's board is separate.
	other := *h
	other.where.Community = "elsewhere"
	if r, _ := other.b.Handle(context.Background(), protocol.Request{Where: other.where, Who: user("bob"), Action: protocol.Leaderboard{}}); !strings.Contains(firstText(r), "No finished games") {
		t.Errorf("another community's leaderboard: %s", firstText(r))
	}
}

func TestLobbyButtons(t *testing.T) {
	h := newHarness(t)
	h.lobby("ann", "", "bob")
	lobby, _ := h.lastPublic("lobby")
	add, _ := button(lobby, "Add bot")
	if r := h.click("bob", add.ActionID, false); !strings.Contains(firstText(r), "Only the host") {
		t.Errorf("bob adding a bot: %s", firstText(r))
	}
	h.click("ann", add.ActionID, false)
	lobby, _ = h.lastPublic("lobby")
	if !strings.Contains(lobby.String(), "3. Aiko-bot 🤖") {
		t.Fatalf("after Add bot:\n%s", lobby)
	}
	leave, _ := button(lobby, "Leave")
	h.click("bob", leave.ActionID, false)
	lobby, _ = h.lastPublic("lobby")
	if strings.Contains(lobby.String(), "Bob") || !strings.Contains(lobby.String(), "Players (2/5)") {
		t.Errorf("after bob pressed Leave:\n%s", lobby)
	}
	if r := h.click("bob", leave.ActionID, false); !strings.Contains(firstText(r), "not in this game") {
		t.Errorf("leaving twice: %s", firstText(r))
	}
}

// A full table shows no Add bot: there is no room, and Slack cannot grey a
// button out (it would read "(🤖 Add bot)" and do nothing).
func TestFullLobbyHasNoAddBot(t *testing.T) {
	h := newHarness(t)
	h.lobby("ann", "bots=3", "bob")
	lobby, _ := h.lastPublic("lobby")
	if !strings.Contains(lobby.String(), "Players (5/5)") {
		t.Fatalf("the lobby is not full:\n%s", lobby)
	}
	if _, ok := button(lobby, "Add bot"); ok {
		t.Errorf("a full lobby offers Add bot:\n%s", lobby)
	}
	leave, _ := button(lobby, "Leave")
	h.click("bob", leave.ActionID, false)
	lobby, _ = h.lastPublic("lobby")
	if _, ok := button(lobby, "Add bot"); !ok {
		t.Errorf("a lobby with room offers no Add bot:\n%s", lobby)
	}
}

// TestTypedPicksAreJudgedByTheEngine: a typed pick is refused with the
// engine's reason in words, naming the card the hand lacks.
func TestTypedPicksAreJudgedByTheEngine(t *testing.T) {
	for _, tc := range []struct {
		name, opts string
		pick       func(hand map[engine.Card]bool) string
		want       string
	}{
		{"a card not in the hand", "timer=0", func(hand map[engine.Card]bool) string {
			for _, c := range []engine.Card{engine.Tempura, engine.Sashimi, engine.Dumpling, engine.Wasabi} {
				if !hand[c] {
					return "pick " + c.Key()
				}
			}
			t.Fatal("the hand holds every card tried")
			return ""
		}, "You have no "},
		{"a copy by anything but a special order", "party timer=0", func(hand map[engine.Card]bool) string {
			for c := range hand {
				if c != engine.SpecialOrder && c.Kind() != engine.KindNone {
					return "pick " + c.Key() + " copy=tempura"
				}
			}
			t.Fatal("the hand holds nothing but special orders")
			return ""
		}, "Only a special order copies a card"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			h.lobby("ann", tc.opts, "bob")
			h.startGame("ann")
			h.send("ann", protocol.ShowHand{}, false)
			hand := map[engine.Card]bool{}
			for _, b := range h.hand["ann"].Buttons() {
				if c := cardOf(t, b.ActionID); c != engine.None {
					hand[c] = true
				}
			}
			r := h.do("ann", tc.pick(hand))
			if got := firstText(r); !strings.Contains(got, tc.want) {
				t.Errorf("refusal %q, want %q", got, tc.want)
			}
		})
	}
}
