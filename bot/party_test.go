package bot_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/picture"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// toDecision plays ann's picks (bots fill the table) leaning towards the
// card that asks her something after the reveal, until she has a prompt.
// It returns the prompt, or fails when the game ends first.
func toDecision(t *testing.T, h *harness, lean string) protocol.View {
	t.Helper()
	for step := 0; step < 200; step++ {
		if v := h.private["ann"]; strings.Contains(v.Title, "Your choice") {
			return v
		}
		v := h.hand["ann"]
		if strings.Contains(v.Title, "Game over") || len(v.Buttons()) == 0 {
			h.click("ann", h.table().Buttons()[0].ActionID, false) // Show my hand
			v = h.private["ann"]
			if strings.Contains(v.Title, "Your choice") {
				continue
			}
			if len(v.Buttons()) == 0 {
				t.Fatalf("ann has nothing to press:\n%s", v)
			}
		}
		var pick protocol.Button
		bs := v.Buttons()
		pick = bs[0]
		for _, b := range bs {
			if strings.HasPrefix(b.Label, "Call") || (strings.Contains(b.Label, lean) && !strings.Contains(v.Title, "turn 1,")) {
				pick = b
			}
		}
		h.click("ann", pick.ActionID, true)
	}
	t.Fatal("ann never had to decide")
	return protocol.View{}
}

// TestPartyTimerAnswersDecisions: a player who never answers a spoon, a
// menu or a takeout box prompt is answered for at the turn's deadline, by
// the heuristic, after a restart of the host.
func TestPartyTimerAnswersDecisions(t *testing.T) {
	for _, c := range []struct{ menu, lean, prompt string }{
		{"uramaki,miso,tofu,eel,spoon,tea,pudding", "Spoon", "spoon"},
		{"maki,miso,tofu,eel,menu,tea,pudding", "Menu", "menu"},
		{"maki,miso,tofu,eel,takeout,tea,pudding", "Takeout", "takeout box"},
	} {
		t.Run(c.lean, func(t *testing.T) {
			h := newHarness(t)
			h.do("ann", "new timer=30 bots=3 menu="+c.menu)
			h.startGame("ann")
			prompt := toDecision(t, h, c.lean)
			if !strings.Contains(prompt.Text, c.prompt) {
				t.Fatalf("the prompt is not ann's %s:\n%s", c.prompt, prompt)
			}
			if tv := h.table(); !strings.Contains(tv.Text, "Waiting for Ann to use their") {
				t.Errorf("the table doesn't say who decides:\n%s", tv)
			}
			h.restart()
			h.tick(16 * time.Second) // the reminder
			if v, _ := h.lastPing("left to"); !strings.Contains(v.Text, "use your") {
				t.Errorf("reminder: %q", v.Text)
			}
			before := len(h.public)
			h.tick(15 * time.Second)
			var answered bool
			for _, v := range h.public[before:] {
				if strings.Contains(v.Text, "Time's up — I chose for Ann") {
					answered = true
				}
			}
			if !answered {
				t.Fatalf("nothing was answered at the deadline; channel since:\n%v", h.public[before:])
			}
			if v := h.private["ann"]; strings.Contains(v.Title, "Your choice") && v.Text == prompt.Text {
				t.Errorf("ann still sees the old prompt:\n%s", v)
			}
		})
	}
}

// TestPartyDecisionTimerOnceAcrossTwoHosts: two hosts on one store tick at
// the deadline of an unanswered prompt; it is answered once.
func TestPartyDecisionTimerOnceAcrossTwoHosts(t *testing.T) {
	h := newRedisHarness(t)
	h.do("ann", "new timer=30 bots=3 menu=maki,miso,tofu,eel,menu,tea,pudding")
	h.startGame("ann")
	toDecision(t, h, "Menu")
	h.now = h.now.Add(31 * time.Second)
	hosts := []*bot.Bot{h.newBot(), h.newBot()}
	var mu sync.Mutex
	answered := 0
	var wg sync.WaitGroup
	for _, b := range hosts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 3 {
				out, err := b.Tick(context.Background())
				if err != nil {
					t.Error(err)
				}
				for _, o := range out {
					for _, d := range o.Response.Deliveries {
						if strings.Contains(d.View.Text, "I chose for Ann") {
							mu.Lock()
							answered++
							mu.Unlock()
							break
						}
					}
				}
			}
		}()
	}
	wg.Wait()
	if answered != 1 {
		t.Fatalf("the prompt was answered %d times", answered)
	}
}

// TestPartyStaleAndForeignAnswers: an answer from someone who isn't
// deciding, or from an old prompt, is refused privately and changes
// nothing.
func TestPartyStaleAndForeignAnswers(t *testing.T) {
	h := newHarness(t)
	h.lobby("ann", "timer=0 bots=2 menu=maki,miso,tofu,eel,menu,tea,pudding", "bob")
	h.startGame("ann")
	var prompt protocol.View
	for step := 0; step < 100; step++ {
		if v := h.private["ann"]; strings.Contains(v.Title, "Your choice") {
			prompt = v
			break
		}
		if v := h.private["bob"]; strings.Contains(v.Title, "Your choice") {
			h.click("bob", v.Buttons()[0].ActionID, true)
			continue
		}
		for _, who := range []string{"ann", "bob"} {
			v := h.hand[who]
			if len(v.Buttons()) == 0 {
				h.click(who, h.table().Buttons()[0].ActionID, false) // Show my hand
				v = h.hand[who]
			}
			bs := v.Buttons()
			if len(bs) == 0 || strings.Contains(v.Text, "Locked in") {
				continue
			}
			pick := bs[0]
			for _, b := range bs {
				if strings.Contains(b.Label, "Menu") && who == "ann" {
					pick = b
				}
			}
			h.click(who, pick.ActionID, true)
		}
	}
	if prompt.Title == "" {
		t.Fatalf("ann never had a menu to order from:\n%s\n%s\n%s", h.private["ann"], h.private["bob"], h.table())
	}
	answer := prompt.Buttons()[0].ActionID
	r := h.click("bob", answer, true)
	if d := r.Deliveries[0]; d.To.User != "bob" || !strings.Contains(d.View.Text, "Ann is deciding") {
		t.Errorf("bob answering ann's menu: %+v", d)
	}
	h.click("ann", answer, true)
	r = h.click("ann", answer, true)
	if d := r.Deliveries[0]; d.To.User != "ann" || !strings.Contains(d.View.Text, "already made") {
		t.Errorf("ann answering twice: %+v", d)
	}
	r = h.click("carl", answer, true)
	if d := r.Deliveries[0]; d.To.User != "carl" || !strings.Contains(d.View.Text, "not playing") {
		t.Errorf("a stranger answering: %+v", d)
	}
	for _, v := range h.public {
		if strings.Contains(v.String(), "drew") {
			t.Errorf("the channel saw a menu's draw:\n%s", v)
		}
	}
}

// TestPartyTypedAnswers: a prompt can be answered by typing, as in the
// terminal: `flip 1` for a takeout box, `choose <card>` for a menu.
func TestPartyTypedAnswers(t *testing.T) {
	for _, c := range []struct{ menu, lean, typed string }{
		{"maki,miso,tofu,eel,takeout,tea,pudding", "Takeout", "flip 1"},
		{"maki,miso,tofu,eel,menu,tea,pudding", "Menu", ""},
	} {
		h := newHarness(t)
		h.do("ann", "new timer=0 bots=3 menu="+c.menu)
		h.startGame("ann")
		prompt := toDecision(t, h, c.lean)
		typed := c.typed
		if typed == "" {
			typed = "choose " + strings.ToLower(prompt.Buttons()[0].Label)
		}
		if _, err := protocol.ParseCommand("choose nonsense-card", words.English); err == nil {
			t.Error("choose nonsense-card parsed")
		}
		r := h.do("ann", "flip 9")
		if c.typed == "" && !strings.Contains(r.Deliveries[0].View.Text, "choose") {
			t.Errorf("flip for a menu: %+v", r.Deliveries[0].View)
		}
		if c.typed != "" && !strings.Contains(r.Deliveries[0].View.Text, "only flip the cards numbered") {
			t.Errorf("flip 9 for a takeout box: %+v", r.Deliveries[0].View)
		}
		if r := h.do("ann", "choose tofu"); c.typed != "" && !strings.Contains(r.Deliveries[0].View.Text, "takeout box is waiting") {
			t.Errorf("choose for a takeout box: %+v", r.Deliveries[0].View)
		}
		r = h.do("ann", typed)
		for _, d := range r.Deliveries {
			if d.To.User == "ann" && d.View.Tone == protocol.ToneError {
				t.Fatalf("%q refused: %s", typed, d.View.Text)
			}
		}
		if v := h.private["ann"]; strings.Contains(v.Title, "Your choice") && v.Text == prompt.Text {
			t.Errorf("%q did not answer the prompt", typed)
		}
	}
}

// TestPartyLobbySaysWhatToChange: a seat that makes the menu illegal is
// named on join and on the lobby, Start refuses with what to change, and
// the host's select fixes it.
func TestPartyLobbySaysWhatToChange(t *testing.T) {
	h := newHarness(t)
	h.do("ann", "new menu=uramaki,miso,tofu,eel,spoon,menu,pudding bots=5")
	lobby, _ := h.lastPublic("lobby")
	if !strings.Contains(lobby.Text, "🥄 **Spoon**") || !strings.Contains(lobby.Text, "📜 **Menu**") {
		t.Errorf("the lobby does not list the menu's cards:\n%s", lobby.Text)
	}
	r := h.click("bob", lobby.Buttons()[0].ActionID, false) // Join: the 7th seat
	var ack string
	for _, d := range r.Deliveries {
		if d.To.User == "bob" {
			ack = d.View.Text
		}
	}
	if !strings.Contains(ack, "Menu can't be used with more than 6 players (now 7)") {
		t.Errorf("joining a 7th seat: %q", ack)
	}
	lobby, _ = h.lastPublic("lobby")
	if !strings.Contains(lobby.Text, "⚠️ 📜 Menu") || !strings.Contains(lobby.Text, "someone leaves, or the host picks another menu") {
		t.Errorf("the lobby does not say what to change:\n%s", lobby.Text)
	}
	h.startGame("ann")
	if v := h.private["ann"]; !strings.Contains(v.Text, "Menu can't be used") {
		t.Errorf("start with an illegal menu: %q", v.Text)
	}
	sel := lobby.Selects[0]
	a, err := protocol.ParseSelection(sel.ActionID, []string{"big-banquet"})
	if err != nil {
		t.Fatal(err)
	}
	if r := h.send("bob", a, false); !strings.Contains(r.Deliveries[0].View.Text, "Only the host") {
		t.Errorf("bob changing the menu: %+v", r.Deliveries[0].View)
	}
	h.send("ann", a, false)
	lobby, _ = h.lastPublic("lobby")
	if !strings.Contains(lobby.Text, "Menu: Big Banquet") || strings.Contains(lobby.Text, "⚠️") {
		t.Errorf("after choosing Big Banquet:\n%s", lobby.Text)
	}
	h.startGame("ann")
	if tv := h.table(); !strings.Contains(tv.Footer, "Menu: Big Banquet") {
		t.Errorf("the game did not start on Big Banquet:\n%s", tv)
	}
}

// TestPartyRulesExplainEveryCard: `rules <card>` knows every type.
func TestPartyRulesExplainEveryCard(t *testing.T) {
	for _, name := range []string{"temaki", "uramaki", "eel", "tofu", "edamame", "miso", "onigiri", "soy", "tea",
		"spoon", "menu", "special order", "takeout box", "ice cream", "fruit", "maki", "nigiri", "chopsticks", "pudding", "wasabi"} {
		a, err := protocol.ParseCommand("rules "+name, words.English)
		if err != nil {
			t.Fatal(err)
		}
		h := newHarness(t)
		r := h.send("ann", a, false)
		v := r.Deliveries[0].View
		if v.Tone == protocol.ToneError || len(v.Text) < 20 {
			t.Errorf("rules %s: %+v", name, v)
		}
	}
}

// TestSearchingBotsThinkOffTheRequestPath: with expert bots (100 ms a
// choice) a person's pick is answered at once, without any bot having
// chosen; the bots choose when the host's timer loop claims their
// thinking, and the reveal follows.
func TestSearchingBotsThinkOffTheRequestPath(t *testing.T) {
	h := newHarness(t)
	h.do("ann", "new timer=0 bots=2 level=expert")
	lobby, _ := h.lastPublic("lobby")
	if !strings.Contains(lobby.String(), "Aiko-bot 🤖 (expert)") || !strings.Contains(lobby.Text, "Bots: expert") {
		t.Fatalf("the lobby does not show the bots' level:\n%s", lobby)
	}
	h.do("ann", "addbot easy")
	lobby, _ = h.lastPublic("lobby")
	if !strings.Contains(lobby.String(), "(easy)") {
		t.Fatalf("addbot easy:\n%s", lobby)
	}
	h.startGame("ann")
	if tv := h.table(); !strings.Contains(tv.String(), "⏳ Aiko-bot") || !strings.Contains(tv.String(), "✅ Mei-bot") {
		t.Fatalf("at the start the expert bots should still be thinking and the easy one done:\n%s", tv)
	}
	for turn := 1; turn <= 3; turn++ {
		hand := h.hand["ann"]
		r := h.click("ann", hand.Buttons()[0].ActionID, true)
		for _, d := range r.Deliveries {
			if strings.Contains(d.View.Title, "Reveal") {
				t.Fatalf("turn %d: the reveal came with ann's click: the bots thought on the request path", turn)
			}
		}
		h.tick(0) // the timer loop: the expert bots think and the turn is revealed
		if v, ok := h.lastPublic("Reveal"); !ok || !strings.Contains(v.Title, fmt.Sprintf("turn %d", turn)) {
			t.Fatalf("turn %d was not revealed after the bots thought: %q", turn, v.Title)
		}
	}
}

// TestRulesInAPartyGameExplainTheMenu: `rules` where a Party game is
// played explains that game's menu, card by card.
func TestRulesInAPartyGameExplainTheMenu(t *testing.T) {
	h := newHarness(t)
	h.do("ann", "new timer=0 bots=3 menu=uramaki,miso,tofu,eel,spoon,takeout,fruit")
	resp := h.do("ann", "rules")
	if len(resp.Deliveries) != 1 || resp.Deliveries[0].To.IsPublic() {
		t.Fatalf("rules: %+v", resp.Deliveries)
	}
	v := resp.Deliveries[0].View
	for _, want := range []string{"Sushi Go Party!", "**Uramaki**", "**Takeout box** — When played, turn any", "**Spoon**", "**Fruit**", "**Nigiri**"} {
		if !strings.Contains(v.Title+v.Text, want) {
			t.Errorf("rules in a Party game lack %q:\n%s\n%s", want, v.Title, v.Text)
		}
	}
	if strings.Contains(v.Text, "**Tempura**") {
		t.Error("rules in a Party game explain a card not on its menu")
	}
}

// TestSpecialOrderWithNothingToCopyWarns: on turn 1 a special order would
// copy nothing and be discarded; its button says so.
func TestSpecialOrderWithNothingToCopyWarns(t *testing.T) {
	h := newHarness(t)
	h.dealing([]engine.Card{engine.SpecialOrder})
	h.do("ann", "new timer=0 bots=2 menu=temaki,eel,miso,dumpling,special,wasabi,ice-cream")
	h.startGame("ann")
	for _, b := range h.hand["ann"].Buttons() {
		if strings.HasPrefix(b.Label, "Special") {
			if !strings.Contains(b.Label, "nothing to copy yet") {
				t.Fatalf("a turn-1 special order: %q", b.Label)
			}
			return
		}
	}
	t.Fatalf("no special order button in a hand dealt one:\n%s", h.hand["ann"])
}

// TestCardButtonsCarryTheirColour: every button that plays a card carries
// its type's colour, in classic and Party hands alike; buttons that play
// none (calls, Start over, chopsticks) carry none.
func TestCardButtonsCarryTheirColour(t *testing.T) {
	if got := picture.Colour(engine.KindTempura); got != "#c188c9" {
		t.Errorf("tempura's colour %q", got)
	}
	for _, opts := range []string{"timer=0 bots=2", "timer=0 bots=2 menu=uramaki,miso,tofu,eel,spoon,takeout,pudding"} {
		h := newHarness(t)
		h.do("ann", "new "+opts)
		h.startGame("ann")
		coloured := 0
		for _, b := range h.hand["ann"].Buttons() {
			a, err := protocol.ParseActionID(b.ActionID)
			if err != nil {
				t.Fatal(err)
			}
			p, _ := a.(protocol.Pick)
			switch {
			case p.Card != engine.None && b.Colour != picture.Colour(p.Card.Kind()):
				t.Errorf("%s: %q has colour %q, want its type's", opts, b.Label, b.Colour)
			case p.Card == engine.None && b.Colour != "":
				t.Errorf("%s: %q plays no card and has colour %q", opts, b.Label, b.Colour)
			case p.Card != engine.None:
				coloured++
			}
		}
		if coloured == 0 {
			t.Errorf("%s: no card button in ann's hand", opts)
		}
	}
}

// TestLobbySwitchesGame: the host makes a classic lobby a Party one with
// the lobby's button, and back with the
// menu list's last choice; anyone else is refused, and so is classic for
// more people than it seats.
func TestLobbySwitchesGame(t *testing.T) {
	h := newHarness(t)
	h.lobby("ann", "", "bob")
	v, _ := h.lastPublic("lobby")
	party, ok := button(v, "Play Party")
	if !ok {
		t.Fatalf("a classic lobby has no Play Party: %v", v.Rows)
	}
	h.click("bob", party.ActionID, false)
	if got := h.private["bob"].Text; !strings.Contains(got, "Only the host (Ann)") {
		t.Errorf("Bob pressing Play Party was told %q", got)
	}
	h.click("ann", party.ActionID, false)
	v, _ = h.lastPublic("lobby")
	if !strings.Contains(v.Title, "Party") || len(v.Selects) != 1 {
		t.Fatalf("after Play Party the lobby reads %q: %q", v.Title, v.Text)
	}
	if _, ok := button(v, "Play Party"); ok {
		t.Error("a Party lobby still offers Play Party")
	}
	last := v.Selects[0].Options[len(v.Selects[0].Options)-1]
	if last.Value != "classic" {
		t.Fatalf("the menu list's last choice is %+v", last)
	}
	game := h.gameID()
	h.send("ann", protocol.AddBot{Game: game, N: 4}, false)
	h.send("ann", protocol.SetMenu{Game: game, Part: "menu", Values: []string{last.Value}}, false)
	if got := h.private["ann"].Text; !strings.Contains(got, "at most 5 players, and this lobby has 6") {
		t.Errorf("classic for 6 was answered %q", got)
	}
	h.send("bob", protocol.Leave{Game: game}, false)
	h.send("ann", protocol.SetMenu{Game: game, Part: "menu", Values: []string{last.Value}}, false)
	v, _ = h.lastPublic("lobby")
	if strings.Contains(v.Title, "Party") || len(v.Selects) != 0 {
		t.Errorf("after choosing classic the lobby reads %q with %d lists", v.Title, len(v.Selects))
	}
	h.startGame("ann")
	if tbl := h.table(); !strings.Contains(tbl.Title, "round 1") {
		t.Errorf("the classic game did not start: %q", tbl.Title)
	}
}
