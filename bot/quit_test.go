package bot_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/sushigo/sushigo/boards"
	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/rating"
)

// bothStores runs a host test on the embedded store and on Redis.
func bothStores(t *testing.T, test func(t *testing.T, h *harness)) {
	t.Run("bolt", func(t *testing.T) { test(t, newHarness(t)) })
	t.Run("redis", func(t *testing.T) { test(t, newRedisHarness(t)) })
}

// wantRated checks that each player's profile holds one rated game at the
// given place among the people (1 first), rated from new ratings.
func wantRated(t *testing.T, h *harness, places map[string]int) {
	t.Helper()
	ids := make([]string, 0, len(places))
	for id := range places {
		ids = append(ids, id)
	}
	prior := make([]rating.Rating, len(ids))
	ps := make([]int, len(ids))
	for k, id := range ids {
		prior[k], ps[k] = rating.New(), places[id]
	}
	want := rating.Rate(prior, ps)
	for k, id := range ids {
		p, err := h.store.Profile(context.Background(), "test:guild", id)
		if err != nil {
			t.Fatal(err)
		}
		if p.Games != 1 || p.Rated != 1 || !near(p.Rating.Mu, want[k].Mu) || !near(p.Rating.Sigma, want[k].Sigma) {
			t.Errorf("%s (place %d among people): %d games, %d rated, %+v; want %+v", id, places[id], p.Games, p.Rated, p.Rating, want[k])
		}
	}
}

// wantUnrated checks that nobody's rating moved.
func wantUnrated(t *testing.T, h *harness, ids ...string) {
	t.Helper()
	for _, id := range ids {
		p, err := h.store.Profile(context.Background(), "test:guild", id)
		if err != nil {
			t.Fatal(err)
		}
		if p.Rated != 0 || p.Rating.Rated() {
			t.Errorf("%s was rated: %d rated games, %+v", id, p.Rated, p.Rating)
		}
	}
}

// anyTable is the game's latest table, in play or ended.
func (h *harness) anyTable() protocol.View {
	for i := len(h.public) - 1; i >= 0; i-- {
		if t := h.public[i].Title; strings.Contains(t, "Sushi Go") && (strings.Contains(t, " — round") || strings.Contains(t, " — game ended")) {
			return h.public[i]
		}
	}
	return protocol.View{}
}

// endAgreed ends the channel's game as its host; a rated game in progress
// asks the others, who all agree.
func (h *harness) endAgreed(host string, others ...string) {
	h.t.Helper()
	h.do(host, "end")
	if agree, ok := button(h.anyTable(), "Agree to end"); ok {
		for _, o := range others {
			h.click(o, agree.ActionID, false)
		}
	}
}

func ratingsPost(h *harness) (protocol.View, bool) {
	var post protocol.View
	found := false
	for _, v := range h.public {
		if v, ok := ratingsOf(v); ok {
			post, found = v, true
		}
	}
	return post, found
}

// Everyone leaving a rated game still records it: the people in the order
// they left, the last to go first, whatever the scores (the first leaver's
// forfeit is not erased by the others leaving after).
func TestEveryoneLeavingIsRated(t *testing.T) {
	bothStores(t, func(t *testing.T, h *harness) {
		h.lobby("ann", "timer=0 bots=1 level=easy", "bob", "cy")
		h.startGame("ann")
		h.playRound([]string{"ann", "bob", "cy"})
		h.do("bob", "leave")
		h.playTurn([]string{"ann", "cy"})
		h.do("cy", "leave")
		h.do("ann", "leave")
		table := h.anyTable()
		if !strings.Contains(table.Title, "game ended") || !strings.Contains(table.Text, "Everyone left") ||
			!strings.Contains(table.Text, "🚪 forfeit") {
			t.Errorf("the table after everyone left:\n%s", table)
		}
		wantRated(t, h, map[string]int{"ann": 1, "cy": 2, "bob": 3})
		post, ok := ratingsPost(h)
		if !ok || !strings.Contains(post.Text, "**Bob**") || !strings.Contains(post.Text, "🚪 left: a forfeit") {
			t.Errorf("ratings post %q", post.Text)
		}
		// The ended game is over: a rematch, not a comeback.
		if r := h.do("bob", "join"); !strings.Contains(firstText(r), "over") {
			t.Errorf("joining an ended game: %s", firstText(r))
		}
	})
}

// A person the timer picks for twice in a row forfeits, like one who
// leaves, even when they were ahead.
func TestIdlePlayerForfeits(t *testing.T) {
	bothStores(t, func(t *testing.T, h *harness) {
		h.lobby("ann", "timer=30 bots=1 level=easy", "bob")
		h.startGame("ann")
		h.playRound([]string{"ann", "bob"})
		for range 2 {
			h.playTurn([]string{"ann"})
			h.tick(31 * time.Second)
		}
		if v := h.anyTable(); !strings.Contains(v.Text, "auto-picked twice") {
			t.Fatalf("bob not replaced after two timeouts:\n%s", v)
		}
		h.playToEnd([]string{"ann"}, 200)
		wantRated(t, h, map[string]int{"ann": 1, "bob": 2})
	})
}

// A host ending a rated game in progress asks the others; everyone agreeing
// ends it unrated.
func TestEndAgreedIsUnrated(t *testing.T) {
	bothStores(t, func(t *testing.T, h *harness) {
		h.lobby("ann", "timer=0", "bob", "cy")
		h.startGame("ann")
		h.playRound([]string{"ann", "bob", "cy"})
		r := h.do("ann", "end")
		if !strings.Contains(firstText(r), "Asked: if everyone still playing agrees") {
			t.Fatalf("end of a rated game: %s", firstText(r))
		}
		table := h.anyTable()
		agree, ok := button(table, "Agree to end")
		if !ok || !strings.Contains(table.Text, "Ann asked to end this rated game") {
			t.Fatalf("no vote on the table:\n%s", table)
		}
		pinged := false
		for _, v := range h.public {
			if strings.HasPrefix(v.Text, "⚖️ Ann asked") && strings.Join(v.Mentions, ",") == "bob,cy" {
				pinged = true
			}
		}
		if !pinged {
			t.Error("the voters were not told")
		}
		if r := h.click("ann", agree.ActionID, false); !strings.Contains(firstText(r), "the others decide") {
			t.Errorf("the asker voting: %s", firstText(r))
		}
		h.click("bob", agree.ActionID, false)
		if v := h.anyTable(); !strings.Contains(v.Text, "Agreed: Bob") {
			t.Errorf("bob's agreement not shown:\n%s", v)
		}
		h.click("cy", agree.ActionID, false)
		if v := h.anyTable(); !strings.Contains(v.Text, "not rated") {
			t.Errorf("the table after everyone agreed:\n%s", v)
		}
		if _, ok := ratingsPost(h); ok {
			t.Error("a ratings post for a game ended by agreement")
		}
		wantUnrated(t, h, "ann", "bob", "cy")
		// The vote's deadline finds nothing to do.
		h.tick(3 * time.Minute)
		wantUnrated(t, h, "ann", "bob", "cy")
	})
}

// A vote nobody settles in time lapses, and the game goes on; until then
// the question stands.
func TestEndVoteTimesOut(t *testing.T) {
	bothStores(t, func(t *testing.T, h *harness) {
		h.lobby("ann", "timer=0", "bob", "cy")
		h.startGame("ann")
		h.playRound([]string{"ann", "bob", "cy"})
		h.do("ann", "end")
		agree, _ := button(h.anyTable(), "Agree to end")
		h.click("bob", agree.ActionID, false)
		h.tick(time.Minute)
		if v := h.anyTable(); !strings.Contains(v.Text, "asked to end") {
			t.Fatalf("the vote closed early:\n%s", v)
		}
		h.tick(61 * time.Second)
		v := h.anyTable()
		if !strings.Contains(v.Text, "Not everyone agreed to end the game within 2 minutes: it goes on") || strings.Contains(v.Text, "asked to end") {
			t.Errorf("the table after the vote timed out:\n%s", v)
		}
		if _, ok := button(v, "Agree to end"); ok {
			t.Errorf("the vote's buttons stay after it lapsed:\n%s", v)
		}
		h.playToEnd([]string{"ann", "bob", "cy"}, 200)
		wantRated(t, h, stayersPlaces(t, h))
	})
}

// Ending a rated game when nobody else is still playing is leaving it: the
// host forfeits at once (the others left before, and rank below). This is
// also `play --new` over an unfinished game: it ends the game as its host.
func TestEndAloneForfeits(t *testing.T) {
	bothStores(t, func(t *testing.T, h *harness) {
		h.lobby("ann", "timer=0 bots=1", "bob")
		h.startGame("ann")
		h.playRound([]string{"ann", "bob"})
		h.do("bob", "leave")
		h.do("ann", "end")
		if v := h.anyTable(); !strings.Contains(v.Text, "Ann ended the game; nobody else was still playing") {
			t.Errorf("the table:\n%s", v)
		}
		wantRated(t, h, map[string]int{"ann": 1, "bob": 2})
	})
}

// stayersPlaces ranks the people who played on by the standings the game
// was recorded with (its history entry), among themselves: not those who
// forfeited, nor those who left before the game counted.
func stayersPlaces(t *testing.T, h *harness) map[string]int {
	t.Helper()
	_, seats := latestGame(t, h.store, "test:guild")
	places := map[string]int{}
	for _, s := range seats {
		if s.ID == "" || s.Left || s.Unrated {
			continue
		}
		places[s.ID] = 1
		for _, o := range seats {
			if o.ID != "" && !o.Left && !o.Unrated && o.Place < s.Place {
				places[s.ID]++
			}
		}
	}
	return places
}

// A rated game's history entry shows how it moved each person's rating;
// a practice game's shows none.
func TestHistoryShowsRatingChanges(t *testing.T) {
	bothStores(t, func(t *testing.T, h *harness) {
		h.lobby("ann", "timer=0", "bob")
		h.startGame("ann")
		h.playToEnd([]string{"ann", "bob"}, 200)
		post, _ := ratingsPost(h)
		h.do("ann", "history")
		list, _ := h.lastPublic("Recent games")
		h.do("ann", "history 1")
		past, _ := h.lastPublic("📜 Sushi Go!")
		for _, name := range []string{"Ann", "Bob"} {
			// The post's "**Ann** 1000? (±0)" is the history's "Ann 1000? (±0)".
			i := strings.Index(post.Text, "**"+name+"** ")
			if i < 0 {
				t.Fatalf("ratings post %q", post.Text)
			}
			part := strings.SplitN(post.Text[i+len(name)+5:], " ·", 2)[0]
			part = strings.Replace(part, " 🚪 left, counted last", "", 1)
			want := name + " " + part
			if !strings.Contains(list.Text, "📈 ") || !strings.Contains(list.Text, want) || !strings.Contains(past.Text, want) {
				t.Errorf("history lacks %q:\n%s\n%s", want, list.Text, past.Text)
			}
		}
	})
}

// Practice never moves a rating: a person with a rating plays 100 games
// against a bot (8 under the race detector), won or lost, and their
// rating is where it was (farming bots).
func TestPracticeNeverMovesARating(t *testing.T) {
	games := 100
	if bot.RaceBuild {
		games = 8
	}
	bothStores(t, func(t *testing.T, h *harness) {
		h.lobby("ann", "timer=0", "bob")
		h.startGame("ann")
		h.playToEnd([]string{"ann", "bob"}, 200)
		ctx := context.Background()
		before, err := h.store.Profile(ctx, "test:guild", "ann")
		if err != nil || before.Rated != 1 {
			t.Fatalf("after the rated game: %+v, %v", before, err)
		}
		for range games {
			h.public = nil
			h.do("ann", "new timer=0 bots=1 level=easy")
			h.startGame("ann")
			h.playToEnd([]string{"ann"}, 200)
		}
		after, err := h.store.Profile(ctx, "test:guild", "ann")
		if err != nil {
			t.Fatal(err)
		}
		if after.Games != before.Games+games || after.Rated != 1 || after.Rating != before.Rating {
			t.Errorf("after %d practice games (%d won): %d games, %d rated, %+v; was %+v",
				games, after.Wins-before.Wins, after.Games, after.Rated, after.Rating, before.Rating)
		}
		t.Logf("%d practice games, %d won: rating unchanged at %d", games, after.Wins-before.Wins, boards.Display(after.Rating))
	})
}
