package bot_test

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/words"
)

// playTurn makes every listed human choose: they open their hand if they
// have none for this turn, then press the first card button at each step.
func (h *harness) playTurn(users []string) {
	h.t.Helper()
	for _, u := range users {
		for step := 0; step < 4; step++ {
			if _, over := h.lastPublic("Final standings"); over {
				return
			}
			hv, ok := h.hand[u]
			if !ok || !hasPick(hv) {
				if strings.Contains(h.private[u].Text, "Locked in") {
					break
				}
				tv, ok := h.lastPublic("Sushi Go! — round")
				if !ok {
					h.t.Fatal("no table")
				}
				sb, _ := button(tv, "Show my hand")
				h.click(u, sb.ActionID, false)
				hv = h.hand[u]
				if !hasPick(hv) {
					break // already locked in this turn
				}
			}
			var first protocol.Button
			for _, b := range hv.Buttons() {
				if strings.HasPrefix(b.ActionID, "sg1:pick:") && !strings.Contains(b.Label, "chopsticks") {
					first = b
					break
				}
			}
			before := hv.Title
			h.click(u, first.ActionID, true)
			if after := h.private[u]; !hasPick(after) || strings.Contains(after.Text, "Locked in") || after.Title != before {
				break // locked in, or revealed and on to the next turn
			}
		}
	}
}

func (h *harness) playToEnd(users []string, maxTurns int) {
	h.t.Helper()
	for range maxTurns {
		if _, over := h.lastPublic("Final standings"); over {
			return
		}
		h.playTurn(users)
	}
	h.t.Fatalf("game not over after %d turns", maxTurns)
}

func TestWholeGameThroughActions(t *testing.T) {
	t.Run("bolt", func(t *testing.T) { wholeGame(t, newHarness(t)) })
	t.Run("redis", func(t *testing.T) { wholeGame(t, newRedisHarness(t)) })
}

func wholeGame(t *testing.T, h *harness) {
	players := []string{"ann", "bob", "cy", "dee"}
	h.lobby("ann", "timer=0", "bob", "cy", "dee")
	lobby, _ := h.lastPublic("lobby")
	if !strings.Contains(lobby.Fields[0].Value, "4. Dee") {
		t.Fatalf("lobby after joins:\n%s", lobby)
	}
	st, _ := button(lobby, "Start")
	h.click("ann", st.ActionID, false)
	if _, ok := h.hand["ann"]; !ok {
		t.Fatal("the host did not get their hand on Start")
	}
	for range 10 {
		h.playTurn(players)
	}
	h.restart() // mid-game: everything must come back from the store
	h.playToEnd(players, 40)
	final, _ := h.lastPublic("Final standings")
	for _, p := range players {
		if !strings.Contains(final.Text, "**"+user(p).Name+"**") {
			t.Errorf("final standings miss %s:\n%s", p, final)
		}
	}
	rounds := 0
	for _, v := range h.public {
		if strings.HasPrefix(v.Title, "📊 Round") {
			rounds++
		}
	}
	if rounds != 3 {
		t.Errorf("%d round score posts, want 3", rounds)
	}
	// Recorded once, with a placing for everyone.
	ctx := context.Background()
	for _, p := range players {
		s, err := h.store.PlayerStats(ctx, "test:guild", p, storage.AllTime, h.now)
		if err != nil || s.Games != 1 {
			t.Errorf("%s: stats %+v, %v; want one game", p, s, err)
		}
	}
	// A click on the finished game's old hand buttons is refused politely.
	r := h.click("ann", h.hand["bob"].Buttons()[0].ActionID, true)
	if len(r.Deliveries) != 1 || r.Deliveries[0].To.IsPublic() {
		t.Errorf("stale click after the game: %+v", r)
	}
	// Rematch: only a player of the game may ask; they host, the others
	// are invited (one mention each) and sit down only by pressing Join.
	fv, _ := h.lastPublic("Final standings")
	rm, _ := button(fv, "Rematch")
	if r := h.click("zed", rm.ActionID, false); len(r.Deliveries) != 1 || r.Deliveries[0].To.IsPublic() ||
		!strings.Contains(r.Deliveries[0].View.Text, "Only someone who played") {
		t.Errorf("a spectator's rematch: %+v", r)
	}
	h.click("bob", rm.ActionID, false)
	lobby, _ = h.lastPublic("lobby")
	if lobby.Fields[0].Value != "1. Bob 👑" || !strings.Contains(lobby.Text, "Host: **Bob**") ||
		!slices.Equal(lobby.Mentions, []string{"ann", "cy", "dee"}) || !strings.Contains(lobby.Text, "press **Join** to play again") {
		t.Errorf("rematch lobby (mentions %q):\n%s", lobby.Mentions, lobby)
	}
	join, _ := button(lobby, "Join")
	h.click("dee", join.ActionID, false)
	if lobby, _ = h.lastPublic("lobby"); lobby.Fields[0].Value != "1. Bob 👑\n2. Dee" || len(lobby.Mentions) != 0 {
		t.Errorf("after dee joined (mentions %q):\n%s", lobby.Mentions, lobby)
	}
	again, _ := h.store.PlayerStats(ctx, "test:guild", "ann", storage.AllTime, h.now)
	if again.Games != 1 {
		t.Errorf("after a rematch lobby ann has %d games recorded, want 1", again.Games)
	}
}

// cardOf returns the card a pick button names, or None.
func cardOf(t *testing.T, actionID string) engine.Card {
	t.Helper()
	a, err := protocol.ParseActionID(actionID)
	if err != nil {
		return engine.None
	}
	if p, ok := a.(protocol.Pick); ok && !p.Chop {
		return p.Card
	}
	return engine.None
}

// TestOthersCannotPressYourCards: a press of Ann's card by someone else acts
// on the presser's own seat at most, never on Ann's, whatever the deal. With
// a card the presser does not hold it is refused privately and changes
// nothing; with one they hold too, it is their own pick of that card.
func TestOthersCannotPressYourCards(t *testing.T) {
	h := newHarness(t)
	h.lobby("ann", "timer=0", "bob")
	h.startGame("ann")
	for _, who := range []string{"ann", "bob"} {
		h.send(who, protocol.ShowHand{}, false) // each one's hand as it is now
	}
	bobHas := map[engine.Card]bool{}
	for _, b := range h.hand["bob"].Buttons() {
		bobHas[cardOf(t, b.ActionID)] = true
	}
	var notBobs, shared string
	for _, b := range h.hand["ann"].Buttons() {
		switch c := cardOf(t, b.ActionID); {
		case c == engine.None:
		case !bobHas[c] && notBobs == "":
			notBobs = b.ActionID
		case bobHas[c] && shared == "":
			shared = b.ActionID
		}
	}
	if notBobs == "" && shared == "" {
		t.Fatal("ann's hand has no pick buttons")
	}
	if notBobs != "" {
		for _, who := range []string{"bob", "zed"} {
			before := len(h.public)
			r := h.click(who, notBobs, false)
			if len(r.Deliveries) != 1 || r.Deliveries[0].To.User != who {
				t.Fatalf("%s pressing ann's card: %+v", who, r.Deliveries)
			}
			if len(h.public) != before {
				t.Errorf("%s's click changed the channel", who)
			}
		}
	}
	if shared != "" {
		// A card Bob holds too: his press is his own pick of it.
		h.click("bob", shared, false)
		if !strings.Contains(h.table().String(), "✅ Bob") {
			t.Errorf("bob's press of a card he holds did not pick it for him:\n%s", h.table().String())
		}
	}
	if strings.Contains(h.table().String(), "✅ Ann") {
		t.Error("someone else's click submitted ann's card")
	}
}

func TestStaleButtons(t *testing.T) {
	h := newHarness(t)
	h.lobby("ann", "timer=0", "bob")
	h.startGame("ann")
	old := h.hand["ann"].Buttons()[0].ActionID
	h.playTurn([]string{"ann", "bob"})
	// Earlier turn: a private notice and the current hand, nothing public.
	n := len(h.public)
	r := h.click("ann", old, true)
	if len(h.public) != n || len(r.Deliveries) != 1 || !strings.Contains(r.Deliveries[0].View.Text, "earlier turn") {
		t.Errorf("stale turn: %+v", r.Deliveries)
	}
	// Another channel: no game there.
	h2 := *h
	h2.where.Channel = "elsewhere"
	r = h2.click("ann", old, true)
	if !strings.Contains(r.Deliveries[0].View.Text, "ended") {
		t.Errorf("button in another channel: %q", r.Deliveries[0].View.Text)
	}
	// Ended game: end it, open a new one, press the old button.
	h.endAgreed("ann", "bob")
	h.do("ann", "new timer=0")
	r = h.click("ann", old, true)
	if !strings.Contains(r.Deliveries[0].View.Text, "ended") {
		t.Errorf("button of an ended game: %q", r.Deliveries[0].View.Text)
	}
	// A forged or mangled ID.
	if _, err := protocol.ParseActionID(old + ":9"); err == nil {
		t.Error("a mangled action ID parsed")
	}
}

func TestHostHandoverAndPermissions(t *testing.T) {
	h := newHarness(t)
	h.lobby("ann", "", "bob", "cy")
	r := h.do("bob", "start")
	if !strings.Contains(r.Deliveries[0].View.Text, "Only the host") {
		t.Errorf("non-host start: %q", r.Deliveries[0].View.Text)
	}
	h.do("ann", "leave")
	lobby, _ := h.lastPublic("lobby")
	if !strings.Contains(lobby.Text, "Host: **Bob**") {
		t.Fatalf("after the host left:\n%s", lobby)
	}
	r = h.do("cy", "end")
	if !strings.Contains(r.Deliveries[0].View.Text, "Only the host") {
		t.Errorf("non-host end: %q", r.Deliveries[0].View.Text)
	}
	// A channel admin may end it.
	admin := protocol.Request{Where: h.where, Who: protocol.User{ID: "mod", Name: "Mod", Admin: true}, Action: protocol.End{}}
	if _, err := h.b.Handle(context.Background(), admin); err != nil {
		t.Fatal(err)
	}
	r = h.do("bob", "status")
	if !strings.Contains(r.Deliveries[0].View.Text, "no game") {
		t.Errorf("after an admin ended it: %q", r.Deliveries[0].View.Text)
	}
}

func TestBusyChannel(t *testing.T) {
	h := newHarness(t)
	h.lobby("ann", "")
	r := h.do("bob", "new")
	if v := r.Deliveries[0]; v.To.IsPublic() || !strings.Contains(v.View.Text, "already") || !strings.Contains(v.View.Text, "end") {
		t.Errorf("new in a busy channel: %+v", v)
	}
}

func TestBadCommandsGetUsage(t *testing.T) {
	for _, c := range []string{"fly", "new bots=9", "new timer=abc", "pick hamburger", "addbot 8", "new bots=5", "new party dummy", "new menu=nonsense", "kick"} {
		if _, err := protocol.ParseCommand(c, words.English); err == nil {
			t.Errorf("%q parsed", c)
		} else if _, ok := err.(*protocol.UsageError); !ok {
			t.Errorf("%q: %T is not a usage error", c, err)
		}
	}
	h := newHarness(t)
	r, err := h.b.Handle(context.Background(), protocol.Request{Where: h.where, Who: user("ann")})
	if err != nil || r.Deliveries[0].To.IsPublic() {
		t.Errorf("empty action: %+v, %v", r, err)
	}
}

func TestLobbyExpires(t *testing.T) {
	h := newHarness(t)
	h.lobby("ann", "", "bob")
	h.tick(10 * time.Minute)
	if _, ok := h.lastPublic("expired"); ok {
		t.Fatal("lobby expired early")
	}
	h.tick(25 * time.Minute)
	if _, ok := h.lastPublic("expired"); !ok {
		t.Fatal("lobby did not expire after 30 minutes")
	}
	r := h.do("ann", "start")
	if !strings.Contains(r.Deliveries[0].View.Text, "no game") {
		t.Errorf("start after expiry: %q", r.Deliveries[0].View.Text)
	}
}

func TestTimerReminderAutoPickAndBotReplacement(t *testing.T) {
	h := newHarness(t)
	h.lobby("ann", "timer=60", "bob")
	h.startGame("ann")
	h.playTurn([]string{"ann"}) // bob idles
	h.tick(20 * time.Second)
	if _, ok := h.lastPing("left to"); ok {
		t.Fatal("reminder before half time")
	}
	h.tick(15 * time.Second)
	rem, ok := h.lastPing("left to")
	if !ok || len(rem.Mentions) != 1 || rem.Mentions[0] != "bob" {
		t.Fatalf("half-time reminder: %+v", rem)
	}
	h.tick(30 * time.Second) // past 60 s: auto-pick for bob
	rv, ok := h.lastPublic("Reveal — round 1, turn 1")
	if !ok || !strings.Contains(rv.Text, "picked for Bob") {
		t.Fatalf("auto-pick reveal:\n%s", rv)
	}
	// Bob idles a second turn: a bot takes the seat.
	h.playTurn([]string{"ann"})
	h.tick(61 * time.Second)
	rv, _ = h.lastPublic("Reveal — round 1, turn 2")
	if !strings.Contains(rv.Text, "a bot plays their seat") {
		t.Fatalf("second auto-pick:\n%s", rv)
	}
	tv := h.table()
	if !strings.Contains(tv.String(), "Bob 🤖") || !strings.Contains(tv.Title, "turn 3/") {
		t.Errorf("table does not show bob's seat as a bot:\n%s", tv)
	}
	// The bot now plays bob's turns without waiting.
	h.playTurn([]string{"ann"})
	if !strings.Contains(h.table().Title, "turn 4/") {
		t.Fatal("the bot seat did not play")
	}
	// Bob joins back.
	h.do("bob", "join")
	tv = h.table()
	if strings.Contains(tv.String(), "Bob 🤖") || !strings.Contains(tv.Text, "is back") {
		t.Errorf("after bob joined back:\n%s", tv)
	}
	// Restart between deadlines: the timer still fires, exactly once.
	h.restart()
	h.playTurn([]string{"ann"})
	h.tick(61 * time.Second)
	n := 0
	for _, v := range h.public {
		if strings.Contains(v.Title, "Reveal — round 1, turn 4") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("turn 4 revealed %d times, want 1", n)
	}
}

func TestConcurrentPicks(t *testing.T) {
	h := newHarness(t)
	players := []string{"ann", "bob", "cy", "dee", "eve"}
	h.lobby("ann", "timer=0", players[1:]...)
	h.startGame("ann")
	sb, _ := button(h.table(), "Show my hand")
	clicks := map[string]string{}
	for _, p := range players {
		h.click(p, sb.ActionID, false)
		clicks[p] = h.hand[p].Buttons()[0].ActionID
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var resps []protocol.Response
	for _, p := range append(players, "ann") { // ann double-clicks
		a, _ := protocol.ParseActionID(clicks[p])
		wg.Go(func() {
			r, err := h.b.Handle(context.Background(), protocol.Request{Where: h.where, Who: user(p), Action: a, FromPrivate: true})
			if err != nil {
				t.Error(err)
			}
			mu.Lock()
			resps = append(resps, r)
			mu.Unlock()
		})
	}
	wg.Wait()
	reveals := 0
	for _, r := range resps {
		for _, d := range r.Deliveries {
			if strings.HasPrefix(d.View.Title, "👀 Reveal — round 1, turn 1") {
				reveals++
				for _, p := range players {
					if !strings.Contains(d.View.Text, "**"+user(p).Name+"**") {
						t.Errorf("the reveal misses %s", p)
					}
				}
			}
		}
	}
	if reveals != 1 {
		t.Fatalf("%d reveals of turn 1, want exactly 1", reveals)
	}
	r := h.do("bob", "status")
	if !strings.Contains(r.Deliveries[0].View.Title, "turn 2/") || !strings.Contains(r.Deliveries[0].View.Text, "Waiting for: Ann, Bob, Cy, Dee, Eve") {
		t.Errorf("after concurrent picks:\n%s", r.Deliveries[0].View)
	}
}

// TestTimerFiresOnceAcrossReplicas runs two hosts on one store, ticking at
// the same moment: the auto-pick happens once.
func TestTimerFiresOnceAcrossReplicas(t *testing.T) {
	for name, mk := range map[string]func(testing.TB) *harness{"bolt": newHarness, "redis": newRedisHarness} {
		t.Run(name, func(t *testing.T) {
			h := mk(t)
			h.lobby("ann", "timer=30", "bob")
			h.startGame("ann")
			h.now = h.now.Add(31 * time.Second)
			other := h.newBot()
			var wg sync.WaitGroup
			var mu sync.Mutex
			reveals := 0
			for _, b := range []*bot.Bot{h.b, other} {
				wg.Go(func() {
					for range 3 {
						out, err := b.Tick(context.Background())
						if err != nil {
							t.Error(err)
						}
						for _, o := range out {
							for _, d := range o.Response.Deliveries {
								if strings.HasPrefix(d.View.Title, "👀 Reveal") {
									mu.Lock()
									reveals++
									mu.Unlock()
								}
							}
						}
					}
				})
			}
			wg.Wait()
			if reveals != 1 {
				t.Errorf("%d reveals from two replicas ticking, want 1", reveals)
			}
		})
	}
}

func TestClicksFromDirectMessages(t *testing.T) {
	h := newHarness(t)
	h.lobby("ann", "timer=0 hands=dm", "bob")
	h.startGame("ann")
	// In DM mode each player's hand was posted privately.
	bobHand, ok := h.hand["bob"]
	if !ok {
		t.Fatal("bob got no hand by DM")
	}
	// A click in the DM carries no channel: the host finds the game.
	dm := *h
	dm.where = protocol.Location{Platform: "test"}
	r := dm.click("bob", bobHand.Buttons()[0].ActionID, true)
	if r.Where != h.where {
		t.Errorf("the response to a DM click names %+v, not the game's channel", r.Where)
	}
	if len(r.Deliveries) == 0 || !strings.Contains(r.Deliveries[0].View.Text, "Locked in") {
		t.Fatalf("DM click: %+v", r.Deliveries)
	}
	// Closed DMs: the table says so publicly (no card in it), the player is
	// told privately once, and their hand then follows their interactions.
	r, err := h.b.Undeliverable(context.Background(), h.where, h.gameID(), "ann")
	if err != nil || len(r.Deliveries) != 1 || !strings.Contains(r.Deliveries[0].View.Text, "can't send Ann") {
		t.Fatalf("undeliverable: %+v, %v", r, err)
	}
	r = h.do("ann", "hand")
	if !strings.Contains(r.Deliveries[0].View.Text, "DMs are closed") {
		t.Errorf("no private notice: %q", r.Deliveries[0].View.Text)
	}
	r = h.do("ann", "hand")
	if strings.Contains(r.Deliveries[0].View.Text, "DMs are closed") {
		t.Error("the notice repeats")
	}
	r = h.do("ann", "status")
	if !strings.Contains(r.Deliveries[0].View.Text, "can't send Ann private messages") {
		t.Errorf("table after closed DMs:\n%s", r.Deliveries[0].View)
	}
}

// TestStartHandleNotReusedForHand: Start is answered by updating the lobby
// (now the table); the host's hand comes as a follow-up and must not take
// that click's handle, or a timer's reveal would edit the table with it.
func TestStartHandleNotReusedForHand(t *testing.T) {
	h := newHarness(t)
	h.lobby("ann", "timer=30", "bob")
	h.startGame("ann")
	h.playTurn([]string{"bob"})
	h.tick(31 * time.Second) // ann idles: auto-pick and reveal
	if _, ok := h.lastPublic("Reveal — round 1, turn 1"); !ok {
		t.Fatal("no reveal")
	}
	if !strings.Contains(h.table().Text, "New cards for Ann") {
		t.Errorf("the table should ask ann to open her hand:\n%s", h.table())
	}
}

// TestRestartGivesTheSameResult plays one game twice with the same seeds
// and clicks, once straight through and once reopening the store every few
// turns: the final standings are identical.
func TestRestartGivesTheSameResult(t *testing.T) {
	play := func(restartEvery int) string {
		h := newHarness(t)
		players := []string{"ann", "bob", "cy"}
		h.lobby("ann", "timer=0 bots=1", "bob", "cy")
		h.startGame("ann")
		for turn := 1; turn < 60; turn++ {
			if _, over := h.lastPublic("Final standings"); over {
				break
			}
			if restartEvery > 0 && turn%restartEvery == 0 {
				h.restart()
			}
			h.playTurn(players)
		}
		final, ok := h.lastPublic("Final standings")
		if !ok {
			t.Fatal("the game did not finish")
		}
		return final.String()
	}
	straight, restarted := play(0), play(3)
	if straight != restarted {
		t.Errorf("a game with restarts ended differently:\n%s\nvs\n%s", straight, restarted)
	}
}

// TestForcedLastCardIsSaid: a person's only choice (the last card of a
// hand) plays itself, and the reveal says so.
func TestForcedLastCardIsSaid(t *testing.T) {
	h := newHarness(t)
	h.lobby("ann", "timer=0", "bob")
	h.startGame("ann")
	h.playToEnd([]string{"ann", "bob"}, 40)
	last := 0
	for _, s := range h.all {
		if !strings.Contains(s.d.View.Title, "Reveal") || !strings.HasSuffix(s.d.View.Title, "turn 10") {
			continue
		}
		last++
		if !strings.Contains(s.d.View.Text, "Ann's only choice") || !strings.Contains(s.d.View.Text, "Bob's only choice") {
			t.Errorf("the last reveal of a round does not say both last cards played themselves:\n%s", s.d.View.Text)
		}
	}
	if last != 3 {
		t.Errorf("%d last-turn reveals, want 3", last)
	}
}

// TestDummyControllerToldTheDrawnCard: the dummy's pile is called a pile,
// and its controller is told which card they drew from it (item 23).
func TestDummyControllerToldTheDrawnCard(t *testing.T) {
	h := newHarness(t)
	h.lobby("ann", "timer=0 dummy", "bob")
	h.startGame("ann")
	table, _ := h.lastPublic("Sushi Go! — round 1")
	if !strings.Contains(table.String(), "cards in its pile") {
		t.Errorf("the dummy's pile:\n%s", table)
	}
	told := 0
	for _, u := range []string{"ann", "bob"} {
		if v := h.hand[u]; strings.Contains(v.Text, "You control the dummy") {
			if !strings.Contains(v.Text, "You drew ") {
				t.Errorf("%s controls the dummy and is not told the card drawn:\n%s", u, v.Text)
			}
			told++
		}
	}
	if told != 1 {
		t.Errorf("%d players told they control the dummy, want 1", told)
	}
}

// TestHandSaysWhenItsTurnRunsOut: a hand under a turn timer carries the
// host's deadline, from the turn's start, whenever the hand is drawn: a
// front end's countdown then agrees with the reminder (the terminal
// counted from when the hand first showed, and said 19 s left beside the
// reminder's 9).
func TestHandSaysWhenItsTurnRunsOut(t *testing.T) {
	h := newHarness(t)
	h.lobby("ann", "timer=60", "bob")
	h.startGame("ann")
	start := h.now
	h.tick(35 * time.Second)
	rem, ok := h.lastPing("left to")
	if !ok || !strings.Contains(rem.Text, "25 seconds left") {
		t.Fatalf("half-time reminder: %+v", rem)
	}
	h.send("bob", protocol.ShowHand{Game: h.gameID()}, false)
	hand := h.hand["bob"]
	if !hand.Due.Equal(start.Add(60*time.Second)) || hand.Due.Sub(h.now) != 25*time.Second {
		t.Errorf("bob's hand, shown 35 s into a 60 s turn, is due %v (%v from now); want the turn's end, 25 s away", hand.Due, hand.Due.Sub(h.now))
	}
	h = newHarness(t)
	h.lobby("ann", "timer=0", "bob")
	h.startGame("ann")
	h.send("bob", protocol.ShowHand{Game: h.gameID()}, false)
	if due := h.hand["bob"].Due; !due.IsZero() {
		t.Errorf("a hand without a timer is due %v", due)
	}
}
