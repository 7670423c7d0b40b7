package discord

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/storage"
)

// carol's nickname is as long as Discord allows.
var carol = player{"1100000000000000003", "carol", "Carol With The Longest Nickname!", "0"}

// privateControls are the action IDs of a player's own cards and choices.
var privateControls = []string{"sg2:pick:", "sg2:ans:", "sg2:ask:", "sg2:flip:", "sg1:pick:", "sg1:change:"}

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

var (
	titleTurn = regexp.MustCompile(`round \d+, turn \d+`)
	nameLine  = regexp.MustCompile(`\*\*([^*]+)\*\*: ([^\n]+)`)
)

// isControl reports whether a custom ID is one of a player's own cards or
// choices (not Change my pick).
func isControl(id string) bool {
	return slices.ContainsFunc(privateControls[:5], func(pre string) bool { return strings.HasPrefix(id, pre) })
}

// newestControls is p's newest private message with cards or choices to
// press, or nil.
func (e *env) newestControls(p player) *fakeMessage {
	_, private := e.f.visible()
	var mine []*fakeMessage
	for _, m := range private[p.id] {
		if slices.ContainsFunc(m.buttons(), isControl) {
			mine = append(mine, m)
		}
	}
	return newest(mine)
}

// pressRandom presses one of m's controls at random as p: a button, or a
// select with a random choice of its values.
func (e *env) pressRandom(r *rand.Rand, p player, m *fakeMessage) {
	var ids []string
	for _, id := range m.buttons() {
		if isControl(id) {
			ids = append(ids, id)
		}
	}
	id := ids[r.IntN(len(ids))]
	if strings.HasPrefix(id, "sg2:ask:") || strings.HasPrefix(id, "sg2:flip:") {
		vals, lo, hi := m.selectOf(id)
		n := lo + r.IntN(hi-lo+1)
		var chosen []string
		for _, i := range r.Perm(len(vals))[:n] {
			chosen = append(chosen, vals[i])
		}
		e.choose(p, m, id, chosen)
		return
	}
	e.click(p, m, id)
}

func newest(ms []*fakeMessage) *fakeMessage {
	var best *fakeMessage
	for _, m := range ms {
		if best == nil || len(m.ID) > len(best.ID) || (len(m.ID) == len(best.ID) && m.ID > best.ID) {
			best = m
		}
	}
	return best
}

func cardText(c engine.Card) string {
	if c.Kind() == engine.KindFruit {
		return c.Short()
	}
	return c.Emoji() + " " + c.Short()
}

func partyEndToEnd(t *testing.T, e *env, menu string, seed uint64) {
	r := rand.New(rand.NewPCG(seed, 11))
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
		if !strings.Contains(e.f.message(lobby.ID).text(), k.Name()) {
			t.Fatalf("the lobby does not list %s after building %s:\n%s", k.Name(), menu, e.f.message(lobby.ID).text())
		}
	}
	e.click(bob, e.f.message(lobby.ID), buttonWith(lobby, "sg1:join:"))
	e.click(carol, e.f.message(lobby.ID), buttonWith(lobby, "sg1:join:"))
	e.click(alice, e.f.message(lobby.ID), buttonWith(lobby, "sg1:start:"))

	shown := map[string]map[string][]string{} // "round r, turn t" → name → card texts offered
	prompts := map[string][]string{}          // "round r, turn t" → names sent a decision prompt
	answered := 0
	for step := 0; step < 1500 && e.latest("", "Final standings") == nil; step++ {
		p := people[step%len(people)]
		m := e.newestControls(p)
		if m == nil {
			table := e.latest("", "Sushi Go Party! — round")
			if table == nil {
				t.Fatal("no Party table in the channel")
			}
			e.click(p, table, buttonWith(table, "sg1:hand:"))
			continue
		}
		key := titleTurn.FindString(m.title())
		for _, id := range m.buttons() {
			if a, err := bot.ParseActionID(id); err == nil {
				if pk, ok := a.(bot.Pick); ok && pk.Card != engine.None && pk.Copy == engine.None {
					if shown[key] == nil {
						shown[key] = map[string][]string{}
					}
					shown[key][p.name] = append(shown[key][p.name], cardText(pk.Card))
				}
			}
		}
		if strings.Contains(m.title(), "Your choice") {
			prompts[key] = append(prompts[key], p.name)
			answered++
		}
		e.pressRandom(r, p, m)
	}
	final := e.latest("", "Final standings")
	if final == nil {
		pub, priv := e.f.visible()
		tb := e.latest("", "Sushi Go")
		var lines []string
		for _, p := range people {
			if m := newest(priv[p.id]); m != nil {
				lines = append(lines, p.name+": "+m.text())
			}
		}
		t.Fatalf("the game did not finish (%d public):\n%s\n%s", len(pub), tb.text(), strings.Join(lines, "\n"))
	}
	if answered == 0 {
		t.Error("nobody ever answered a decision prompt")
	}
	public, _ := e.f.visible()
	reveals := map[string]string{}
	for _, m := range public {
		if strings.Contains(m.title(), "Reveal") {
			reveals[titleTurn.FindString(m.title())] = m.description()
		}
	}
	t.Logf("%d reveals, %d prompts answered by people", len(reveals), answered)
	// A prompt went to the player whose bonus action the reveal narrates.
	for key, names := range prompts {
		for _, n := range names {
			if !strings.Contains(reveals[key], n) {
				t.Errorf("%s was prompted in %s, but that reveal doesn't name them:\n%s", n, key, reveals[key])
			}
		}
	}
	// Whatever a person took from their hand was offered to them.
	for key, text := range reveals {
		for _, l := range nameLine.FindAllStringSubmatch(text, -1) {
			offered, person := shown[key][l[1]]
			if !person {
				continue
			}
			first := strings.SplitN(strings.SplitN(l[2], " + ", 2)[0], " on 🟢", 2)[0]
			if !slices.Contains(offered, first) {
				t.Errorf("%s: %s took %q, which their hand %v did not show", key, l[1], first, offered)
			}
		}
	}
	// Nothing private ever reached the channel, and only people got
	// private messages.
	for _, h := range e.f.history {
		b, _ := json.Marshal(h.body)
		for _, secret := range []string{"Your hand", "Your choice", "sg2:pick:", "sg2:ans:", "sg2:ask:", "sg2:flip:", " drew "} {
			if h.audience == "" && strings.Contains(string(b), secret) {
				t.Fatalf("%q reached the channel: %s", secret, b)
			}
		}
		if h.audience != "" && !slices.ContainsFunc(people, func(p player) bool { return p.id == h.audience }) {
			t.Fatalf("a private message went to %q", h.audience)
		}
	}
	// The standings shown are the engine's, recorded on the Party board
	// only.
	for _, p := range people {
		st, err := e.store.PlayerStats(context.Background(), "discord:"+guildID+":party", p.id, storage.AllTime, e.now)
		if err != nil || st.Games != 1 {
			t.Fatalf("%s: %+v, %v", p.name, st, err)
		}
		if want := fmt.Sprintf(`**%s** — %d pts`, p.name, st.TotalScore); !strings.Contains(final.text(), want) {
			t.Errorf("final standings do not show %q:\n%s", want, final.text())
		}
		if cl, _ := e.store.PlayerStats(context.Background(), "discord:"+guildID, p.id, storage.AllTime, e.now); cl.Games != 0 {
			t.Errorf("a Party game was recorded on the classic board: %+v", cl)
		}
	}
}
