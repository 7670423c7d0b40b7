package discord

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/sushigo/sushigo/adapters/adaptertest"
	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/words"
)

// carol's nickname is as long as Discord allows.
var carol = player{"1100000000000000003", "carol", "Carol With The Longest Nickname!", "0"}

// TestPartyEndToEndSixPlayers plays whole 6-player Sushi Go Party! games
// (three people, three bots) through Discord's payloads, on custom menus
// built with the lobby's selects that between them play spoon, menu,
// special order, takeout box, chopsticks, miso, uramaki and every dessert.
// People press random buttons and selects of their private messages.
func TestPartyEndToEndSixPlayers(t *testing.T) {
	for k, menu := range []string{
		"uramaki,miso,tofu,eel,spoon,menu,pudding",
		"uramaki,miso,onigiri,edamame,special-order,takeout,ice-cream",
		"temaki,miso,dumpling,sashimi,chopsticks,spoon,fruit",
	} {
		t.Run(menu, func(t *testing.T) { partyEndToEnd(t, newEnv(t), menu, uint64(k)) })
	}
}

func partyEndToEnd(t *testing.T, e *env, menu string, seed uint64) {
	people := []player{alice, bob, carol}
	e.slash(alice, "new", `[{"name":"menu","type":3,"value":"custom"},{"name":"bots","type":4,"value":3},{"name":"timer","type":4,"value":0}]`)
	lobby := e.latest("", "lobby")
	if lobby == nil {
		t.Fatal("no lobby message")
	}
	// Build the menu with the lobby's four selects.
	m, _ := engine.ParseMenu(menu)
	kinds := m.Kinds()
	parts := map[string][]engine.Kind{"roll": {m.Roll}, "appetizers": m.Appetizers[:], "specials": m.Specials[:], "dessert": {m.Dessert}}
	for _, part := range []string{"roll", "appetizers", "specials", "dessert"} {
		id := ""
		for _, b := range e.f.message(lobby.ID).buttons() {
			if strings.HasSuffix(b, ":"+part) {
				id = b
			}
		}
		var vals []string
		for _, k := range parts[part] {
			vals = append(vals, k.Key())
		}
		e.choose(alice, e.f.message(lobby.ID), id, vals)
	}
	for _, k := range kinds {
		if !strings.Contains(e.f.message(lobby.ID).text(), words.English.KindName(k)) {
			t.Fatalf("the lobby does not list %s after building %s:\n%s", words.English.KindName(k), menu, e.f.message(lobby.ID).text())
		}
	}
	e.click(bob, e.f.message(lobby.ID), buttonWith(lobby, "sg1:join:"))
	e.click(carol, e.f.message(lobby.ID), buttonWith(lobby, "sg1:join:"))
	e.click(alice, e.f.message(lobby.ID), buttonWith(lobby, "sg1:start:"))

	c := chat{e}
	rec := adaptertest.PlayRandomly(t, c, persons(people...), seed, 1500, nil)
	if rec.Answered == 0 {
		t.Error("nobody ever answered a decision prompt")
	}
	reveals := adaptertest.CheckReveals(t, c, rec, nameLine)
	t.Logf("%d reveals, %d prompts answered by people", reveals, rec.Answered)
	adaptertest.CheckPrivate(t, c, persons(people...))
	// The standings shown are the engine's, recorded on the Party board
	// only.
	adaptertest.CheckStandings(t, c, e.store, "discord:"+guildID+":party", persons(people...), "**", e.now)
	for _, p := range people {
		if cl, _ := e.store.PlayerStats(context.Background(), "discord:"+guildID, p.id, storage.AllTime, e.now); cl.Games != 0 {
			t.Errorf("a Party game was recorded on the classic board: %+v", cl)
		}
	}
}

// nameLine reads "**name**: what they played" from a reveal.
var nameLine = regexp.MustCompile(`\*\*([^*]+)\*\*: ([^\n]+)`)
