package bot_test

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sushigo/sushigo/protocol"
)

// The holes a competitive community found in the rating rules (kicking the
// winner, unplayed games, seat laundering, votes that end games), each
// played through the host on both stores.

// forget forgets the previous game's messages.
func (h *harness) forget() {
	h.public, h.hand = nil, map[string]protocol.View{}
}

// playRound plays until the first round is scored.
func (h *harness) playRound(users []string) {
	h.t.Helper()
	for range 20 {
		if !strings.Contains(h.table().Title, "round 1/") {
			return
		}
		h.playTurn(users)
	}
	h.t.Fatal("round 1 did not end")
}

// A kick is not a quit: the host can't remove a person who is playing a
// rated game; one who went absent may be removed, and is rated by the place
// their seat finishes, never last for it.
func TestKickOnlyTheAbsentRatedBySeat(t *testing.T) {
	bothStores(t, func(t *testing.T, h *harness) {
		h.lobby("ann", "timer=30", "bob")
		h.startGame("ann")
		h.playRound([]string{"ann", "bob"})
		r := h.do("ann", "kick bob")
		if !strings.Contains(firstText(r), "only once they're absent") {
			t.Fatalf("kicking a player who is playing: %s", firstText(r))
		}
		if strings.Contains(h.anyTable().Text, "bot") {
			t.Fatalf("bob's seat went to a bot:\n%s", h.anyTable())
		}
		// Bob lets the timer pick for him once: he is absent now.
		h.playTurn([]string{"ann"})
		h.tick(31 * time.Second)
		if r := h.do("ann", "kick bob"); !strings.Contains(firstText(r), "Done") {
			t.Fatalf("kicking an absent player: %s", firstText(r))
		}
		if v := h.anyTable(); !strings.Contains(v.Text, "rated by where their seat finishes") {
			t.Errorf("the table after the kick:\n%s", v)
		}
		h.playToEnd([]string{"ann"}, 200)
		_, seats := latestGame(t, h.store, "test:guild")
		for _, s := range seats {
			if s.Left {
				t.Errorf("%s counted as a leaver: %+v", s.Name, seats)
			}
		}
		wantRated(t, h, stayersPlaces(t, h))
		post, _ := ratingsPost(h)
		if strings.Contains(post.Text, "counted last") || strings.Contains(post.Text, "forfeit") ||
			!strings.Contains(post.Text, "**Bob**") || !strings.Contains(post.Text, "removed") {
			t.Errorf("ratings post %q", post.Text)
		}
		if p, _ := h.store.Profile(context.Background(), "test:guild", "bob"); p.Quits != 0 {
			t.Errorf("a kick counted as a quit: %+v", p)
		}
	})
}

// A friendly kick launders nothing: a player who stopped picking, was
// removed by the host and came back for the last turns is rated as one who
// left (last, a quit on their record), not by the place the bot won for
// their seat.
func TestKickThenRejoinIsALeaver(t *testing.T) {
	bothStores(t, func(t *testing.T, h *harness) {
		h.lobby("ann", "timer=30", "bob")
		h.startGame("ann")
		h.playRound([]string{"ann", "bob"})
		h.playTurn([]string{"ann"})
		h.tick(31 * time.Second)
		if r := h.do("ann", "kick bob"); !strings.Contains(firstText(r), "Done") {
			t.Fatalf("kicking an absent player: %s", firstText(r))
		}
		h.playTurn([]string{"ann"})
		h.do("bob", "join")
		if v := h.anyTable(); !strings.Contains(v.Text, "still counts as a forfeit") {
			t.Errorf("the table after bob came back:\n%s", v)
		}
		h.playToEnd([]string{"ann", "bob"}, 200)
		_, seats := latestGame(t, h.store, "test:guild")
		for _, s := range seats {
			if s.Name == "Bob" && !s.Left {
				t.Errorf("bob, kicked and back, is not counted as a leaver: %+v", seats)
			}
		}
		if p, _ := h.store.Profile(context.Background(), "test:guild", "bob"); p.Quits != 1 {
			t.Errorf("bob's record after a kick and a rejoin: %d quits, want 1", p.Quits)
		}
	})
}

// The last card of a round plays itself and the reveal says so; the next
// round's table does not go on saying it.
func TestOnlyChoiceNoteEndsWithItsRound(t *testing.T) {
	h := newHarness(t)
	h.lobby("ann", "timer=0", "bob")
	h.startGame("ann")
	h.playRound([]string{"ann", "bob"})
	said := false
	for _, v := range h.public {
		said = said || strings.Contains(v.String(), "only choice")
	}
	if !said {
		t.Fatal("no reveal said a last card played itself")
	}
	if v := h.anyTable(); !strings.Contains(v.Title, "round 2/") || strings.Contains(v.String(), "only choice") {
		t.Errorf("round 2's table:\n%s", v)
	}
}

// In a game without a timer, a player the game was reminded of and still
// waits on is absent: the host may remove them then, not before.
func TestKickAfterANudge(t *testing.T) {
	bothStores(t, func(t *testing.T, h *harness) {
		h.lobby("ann", "timer=0", "bob")
		h.startGame("ann")
		h.playRound([]string{"ann", "bob"})
		h.playTurn([]string{"ann"})
		if r := h.do("ann", "kick bob"); !strings.Contains(firstText(r), "only once they're absent") {
			t.Fatalf("kicking a player the game has just waited on: %s", firstText(r))
		}
		h.tick(10*time.Minute + time.Second) // the nudge
		if r := h.do("ann", "kick bob"); !strings.Contains(firstText(r), "Done") {
			t.Fatalf("kicking a player reminded and still awaited: %s", firstText(r))
		}
		h.playToEnd([]string{"ann"}, 200)
		wantRated(t, h, stayersPlaces(t, h))
	})
}

// Before the first reveal a kick is allowed, and the removed person is not
// rated at all: the game had not started for them.
func TestKickBeforeTheFirstRevealIsUnrated(t *testing.T) {
	bothStores(t, func(t *testing.T, h *harness) {
		h.lobby("ann", "timer=0", "bob", "cy")
		h.startGame("ann")
		if r := h.do("ann", "kick cy"); !strings.Contains(firstText(r), "Done") {
			t.Fatalf("kick before the first reveal: %s", firstText(r))
		}
		h.playToEnd([]string{"ann", "bob"}, 200)
		wantUnrated(t, h, "cy")
		wantRated(t, h, stayersPlaces(t, h))
	})
}

// A vote is a vote: "Keep playing" keeps playing, whoever asked; an admin
// who is not at the table can ask, and only everyone agreeing ends the game.
func TestKeepPlayingKeepsPlaying(t *testing.T) {
	bothStores(t, func(t *testing.T, h *harness) {
		h.admins = map[string]bool{"mod": true}
		h.lobby("ann", "timer=0", "bob", "cy")
		h.startGame("ann")
		h.playRound([]string{"ann", "bob", "cy"})
		h.do("mod", "end")
		keep, ok := button(h.anyTable(), "Keep playing")
		if !ok {
			t.Fatalf("no vote after an admin's end:\n%s", h.anyTable())
		}
		h.click("bob", keep.ActionID, false)
		if v := h.anyTable(); strings.Contains(v.Title, "game ended") || !strings.Contains(v.Text, "Bob wants to keep playing: the game goes on") {
			t.Fatalf("the table after Keep playing:\n%s", v)
		}
		if _, ok := ratingsPost(h); ok {
			t.Fatal("a ratings post after Keep playing")
		}
		wantUnrated(t, h, "ann", "bob", "cy")
		// The host asks and Cy refuses: the host forfeits nothing either.
		h.do("ann", "end")
		keep, _ = button(h.anyTable(), "Keep playing")
		h.click("cy", keep.ActionID, false)
		if v := h.anyTable(); strings.Contains(v.Title, "game ended") || !strings.Contains(v.Text, "Cy wants to keep playing: the game goes on") {
			t.Fatalf("the table after Keep playing:\n%s", v)
		}
		h.playToEnd([]string{"ann", "bob", "cy"}, 200)
		wantRated(t, h, stayersPlaces(t, h))
	})
}

// Asking to end pings everyone still playing: whoever asked and was not
// followed may ask again only after a while, so a host cannot ping the
// table again and again; someone else may ask meanwhile.
func TestAskingToEndAgainWaits(t *testing.T) {
	bothStores(t, func(t *testing.T, h *harness) {
		h.lobby("ann", "timer=0", "bob", "cy")
		h.startGame("ann")
		h.playRound([]string{"ann", "bob", "cy"})
		h.do("ann", "end")
		keep, _ := button(h.anyTable(), "Keep playing")
		h.click("bob", keep.ActionID, false)
		if r := h.do("ann", "end"); !strings.Contains(firstText(r), "ask again in 5 minutes") {
			t.Fatalf("the host asking again at once: %s", firstText(r))
		}
		if _, ok := button(h.anyTable(), "Keep playing"); ok {
			t.Fatal("a second vote opened at once")
		}
		h.now = h.now.Add(5 * time.Minute)
		h.do("ann", "end")
		if _, ok := button(h.anyTable(), "Keep playing"); !ok {
			t.Fatalf("no vote five minutes later:\n%s", h.anyTable())
		}
	})
}

// An admin's request ends a game only when every person playing agrees.
func TestAdminEndNeedsEveryone(t *testing.T) {
	bothStores(t, func(t *testing.T, h *harness) {
		h.admins = map[string]bool{"mod": true}
		h.lobby("ann", "timer=0", "bob")
		h.startGame("ann")
		h.playRound([]string{"ann", "bob"})
		h.do("mod", "end")
		agree, _ := button(h.anyTable(), "Agree to end")
		h.click("ann", agree.ActionID, false)
		if v := h.anyTable(); strings.Contains(v.Title, "game ended") {
			t.Fatalf("ended with one of two agreeing:\n%s", v)
		}
		h.click("bob", agree.ActionID, false)
		if v := h.anyTable(); !strings.Contains(v.Text, "not rated") {
			t.Fatalf("the table after everyone agreed:\n%s", v)
		}
		wantUnrated(t, h, "ann", "bob")
	})
}

// A game is rated only once it was played: until the first round is
// scored, leaving and ending abort it unrated, and the table says so.
func TestUnplayedGamesAreNotRated(t *testing.T) {
	bothStores(t, func(t *testing.T, h *harness) {
		for range 3 {
			// Five commands: new, join, start, leave, leave.
			h.forget()
			h.lobby("ann", "timer=0", "bob")
			h.startGame("ann")
			h.do("bob", "leave")
			if v := h.anyTable(); !strings.Contains(v.Text, "no longer rated") {
				t.Fatalf("the table after an early leave:\n%s", v)
			}
			h.do("ann", "leave")
		}
		wantUnrated(t, h, "ann", "bob")
		if p, _ := h.store.Profile(context.Background(), "test:guild", "bob"); p.Games != 0 || p.Quits != 0 {
			t.Errorf("an aborted game on bob's profile: %+v", p)
		}
		// Ending before the first round is scored needs no vote.
		h.forget()
		h.lobby("ann", "timer=0", "bob")
		h.startGame("ann")
		h.playTurn([]string{"ann", "bob"})
		h.do("ann", "end")
		if v := h.anyTable(); !strings.Contains(v.Title, "game ended") || !strings.Contains(v.Text, "before the first round was scored, so it is not rated") {
			t.Fatalf("end before round 1 was scored:\n%s", v)
		}
		wantUnrated(t, h, "ann", "bob")
		// One of three leaving early is not rated; the two who play on are.
		h.forget()
		h.lobby("ann", "timer=0", "bob", "cy")
		h.startGame("ann")
		h.playTurn([]string{"ann", "bob", "cy"})
		h.do("cy", "leave")
		h.playToEnd([]string{"ann", "bob"}, 200)
		wantUnrated(t, h, "cy")
		wantRated(t, h, stayersPlaces(t, h))
	})
}

// A seat is a person's for the whole game: coming back to a seat left to a
// bot does not erase the forfeit, whatever the seat scores.
func TestRejoinKeepsTheForfeit(t *testing.T) {
	bothStores(t, func(t *testing.T, h *harness) {
		h.lobby("ann", "timer=0", "bob", "cy")
		h.startGame("ann")
		h.playRound([]string{"ann", "bob", "cy"})
		h.do("bob", "leave")
		for range 15 {
			if strings.Contains(h.table().Title, "round 3/") {
				break
			}
			h.playTurn([]string{"ann", "cy"})
		}
		h.do("bob", "join")
		h.playToEnd([]string{"ann", "bob", "cy"}, 200)
		_, seats := latestGame(t, h.store, "test:guild")
		for _, s := range seats {
			if s.ID == "bob" && !s.Left {
				t.Errorf("bob's forfeit erased by coming back: %+v", seats)
			}
		}
		places := stayersPlaces(t, h)
		places["bob"] = 3
		wantRated(t, h, places)
		if post, _ := ratingsPost(h); !strings.Contains(post.Text, "**Bob**") || !strings.Contains(post.Text, "forfeit") {
			t.Errorf("ratings post %q", post.Text)
		}
		if p, _ := h.store.Profile(context.Background(), "test:guild", "bob"); p.Quits != 1 {
			t.Errorf("bob's profile counts %d games quit, want 1", p.Quits)
		}
		h.do("ann", "stats bob")
		if pv, _ := h.lastPublic("📈 Bob"); !strings.Contains(pv.String(), "1 quit") {
			t.Errorf("bob's profile does not show the game quit:\n%s", pv)
		}
	})
}

// After time away a rating change reads the same in the ratings post and in
// the history: both from the rating the game was rated from (widened).
func TestHistoryChangeAfterTimeAway(t *testing.T) {
	bothStores(t, func(t *testing.T, h *harness) {
		for range 3 {
			h.forget()
			h.lobby("ann", "timer=0", "bob")
			h.startGame("ann")
			h.playToEnd([]string{"ann", "bob"}, 200)
		}
		h.now = h.now.Add(200 * 24 * time.Hour)
		h.forget()
		h.lobby("ann", "timer=0", "bob")
		h.startGame("ann")
		h.playToEnd([]string{"ann", "bob"}, 200)
		post, _ := ratingsPost(h)
		h.do("ann", "history")
		list, _ := h.lastPublic("Recent games")
		first := strings.SplitN(list.Text, "\n2. ", 2)[0]
		change := regexp.MustCompile(`\*\*(\w+)\*\* (\d+\??) \(([^)]*)\)`)
		ms := change.FindAllStringSubmatch(post.Text, -1)
		if len(ms) != 2 {
			t.Fatalf("ratings post %q", post.Text)
		}
		for _, m := range ms {
			if want := m[1] + " " + m[2] + " (" + m[3] + ")"; !strings.Contains(first, want) {
				t.Errorf("history says otherwise than the post's %q:\n%s", want, first)
			}
		}
	})
}

// When everyone leaves, the one rated first is not labelled last, and the
// history names no empty winner.
func TestEveryoneLeftLabels(t *testing.T) {
	bothStores(t, func(t *testing.T, h *harness) {
		h.lobby("ann", "timer=0", "bob")
		h.startGame("ann")
		h.playRound([]string{"ann", "bob"})
		h.do("bob", "leave")
		h.do("ann", "leave")
		wantRated(t, h, map[string]int{"ann": 1, "bob": 2})
		post, _ := ratingsPost(h)
		if strings.Contains(post.Text, "counted last") {
			t.Errorf("ratings post %q labels a leaver last", post.Text)
		}
		if v := h.anyTable(); strings.Contains(v.Text, "counted last") {
			t.Errorf("the ended table labels a leaver last:\n%s", v)
		}
		h.do("ann", "history")
		list, _ := h.lastPublic("Recent games")
		if strings.Contains(list.Text, "🏆 ****") || !strings.Contains(list.Text, "everyone left") {
			t.Errorf("history:\n%s", list.Text)
		}
	})
}

// The people still playing can agree to end, but not erase the forfeit of
// someone who left before: the leaver is rated last, the others share
// first place.
func TestAgreementKeepsAnEarlierForfeit(t *testing.T) {
	bothStores(t, func(t *testing.T, h *harness) {
		h.lobby("ann", "timer=0", "bob", "cy")
		h.startGame("ann")
		h.playRound([]string{"ann", "bob", "cy"})
		h.do("cy", "leave")
		h.endAgreed("ann", "bob")
		if v := h.anyTable(); !strings.Contains(v.Title, "game ended") || !strings.Contains(v.Text, "Cy left before and forfeits") {
			t.Fatalf("the table after agreeing to end:\n%s", v)
		}
		wantRated(t, h, map[string]int{"ann": 1, "bob": 1, "cy": 3})
	})
}
