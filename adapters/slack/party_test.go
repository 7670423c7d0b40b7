package slack

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/storage"
)

var (
	carol = person{"U0CAROL01", strings.Repeat("carol-", 13) + "the-longest"} // 89 characters: longer than Slack allows
	dan   = person{"U0DAN0001", "dan"}
)

// choose picks values in a message's select as p, as Slack sends it.
func (e *env) choose(p person, m *slackMessage, actionID string, values []string, multi bool) {
	e.t.Helper()
	ru := e.f.responseURL(p.id, m.Channel, m.Channel+"/"+m.TS)
	eph := "false"
	if m.Audience != "" && !strings.HasPrefix(m.Channel, "D") {
		eph = "true"
	}
	opt := func(v string) map[string]any {
		return map[string]any{"text": map[string]any{"type": "plain_text", "text": v, "emoji": true}, "value": v}
	}
	typ := "static_select"
	var sel []byte
	if multi {
		var opts []map[string]any
		for _, v := range values {
			opts = append(opts, opt(v))
		}
		if opts == nil {
			opts = []map[string]any{}
		}
		typ = "multi_static_select"
		b, _ := json.Marshal(opts)
		sel = append([]byte(`"selected_options": `), b...)
	} else {
		b, _ := json.Marshal(opt(values[0]))
		sel = append([]byte(`"selected_option": `), b...)
	}
	payload := fill(e.t, "block_actions_select.json", map[string]string{"TEAM": team, "CHANNEL": m.Channel, "USER": p.id,
		"USERNAME": p.name, "TS": m.TS, "EPHEMERAL": eph, "RESPONSE_URL": ru, "ACTION_ID": actionID, "TYPE": typ, "SELECTION": string(sel)})
	body := "payload=" + url.QueryEscape(payload)
	w := httptest.NewRecorder()
	e.a.Interactivity().ServeHTTP(w, signed("/slack/interactivity", []byte(body), e.now, secret))
	if w.Code != http.StatusOK || w.Body.Len() != 0 {
		e.t.Fatalf("choose %s %v: %d %q", actionID, values, w.Code, w.Body)
	}
	e.run()
	if !multi {
		return
	}
	// Slack reports each change of a multi-select; the choice counts once
	// its Confirm button is pressed, carrying the message's state.
	block := m.blockOf(actionID)
	confirm := "sgc:" + block
	if !slices.Contains(m.actionIDs(), confirm) {
		e.t.Fatalf("no Confirm button for the multi-select %s: %s", actionID, m.Blocks)
	}
	state, _ := json.Marshal(map[string]any{block: map[string]any{actionID: map[string]any{"type": typ, "selected_options": json.RawMessage(sel[len(`"selected_options": `):])}}})
	ru = e.f.responseURL(p.id, m.Channel, m.Channel+"/"+m.TS)
	payload = fill(e.t, "block_actions_confirm.json", map[string]string{"TEAM": team, "CHANNEL": m.Channel, "USER": p.id,
		"USERNAME": p.name, "TS": m.TS, "EPHEMERAL": eph, "RESPONSE_URL": ru, "ACTION_ID": confirm, "BLOCK": block,
		"CONFIRM_BLOCK": "confirm" + strings.TrimPrefix(block, "select"), "STATE": string(state)})
	w = httptest.NewRecorder()
	e.a.Interactivity().ServeHTTP(w, signed("/slack/interactivity", []byte("payload="+url.QueryEscape(payload)), e.now, secret))
	if w.Code != http.StatusOK || w.Body.Len() != 0 {
		e.t.Fatalf("confirm %s %v: %d %q", actionID, values, w.Code, w.Body)
	}
	e.run()
}

// newestControls is p's newest private message with cards or choices to
// press, or nil.
func (e *env) newestControls(p person) *slackMessage {
	var m *slackMessage
	for _, x := range e.f.mine(p.id) {
		if slices.ContainsFunc(x.actionIDs(), isControl) && (m == nil || x.TS > m.TS) {
			m = x
		}
	}
	return m
}

// pressRandom presses one of m's controls at random as p: a button, or a
// select with a random choice of its values (confirmed, for a
// multi-select).
func (e *env) pressRandom(r *rand.Rand, p person, m *slackMessage) {
	var ids []string
	for _, id := range m.actionIDs() {
		if isControl(id) {
			ids = append(ids, id)
		}
	}
	id := ids[r.IntN(len(ids))]
	if strings.HasPrefix(id, "sg2:ask:") || strings.HasPrefix(id, "sg2:flip:") {
		vals, multi, hi := m.selectOf(id)
		n := 1
		if multi {
			n = r.IntN(hi + 1)
		}
		var chosen []string
		for _, i := range r.Perm(len(vals))[:n] {
			chosen = append(chosen, vals[i])
		}
		e.choose(p, m, id, chosen, multi)
		return
	}
	e.click(p, m, id)
}

// TestPartyEndToEndEightPlayers plays whole 8-player Sushi Go Party! games
// (four people with hands by DM, four bots) through Slack's payloads, on
// menus that between them play spoon, takeout box, chopsticks, miso,
// uramaki and every dessert (menu and special order are for 6 or fewer).
func TestPartyEndToEndEightPlayers(t *testing.T) {
	for k, menu := range []string{
		`"Big Banquet"`,
		"uramaki,miso,tofu,eel,spoon,takeout,pudding",
		"temaki,miso,dumpling,onigiri,chopsticks,spoon,fruit",
		"maki,miso,edamame,tempura,takeout,chopsticks,ice-cream",
	} {
		t.Run(menu, func(t *testing.T) { partyEndToEnd(t, newEnv(t, bot.HandsDM), menu, uint64(k)) })
	}
}

var (
	titleTurn = regexp.MustCompile(`round \d+, turn \d+`)
	nameLine  = regexp.MustCompile(`\*([^*\n]+)\*: ([^\n]+)`)
	controls  = []string{"sg2:pick:", "sg2:ans:", "sg2:ask:", "sg2:flip:", "sg1:pick:"}
)

func isControl(id string) bool {
	return slices.ContainsFunc(controls, func(p string) bool { return strings.HasPrefix(id, p) })
}

func cardText(c engine.Card) string {
	if c.Kind() == engine.KindFruit {
		return c.Short()
	}
	return c.Emoji() + " " + c.Short()
}

// sectionText is a message's section texts, decoded.
func sectionText(m *slackMessage) string {
	var bs []struct {
		Type string `json:"type"`
		Text struct {
			Text string `json:"text"`
		} `json:"text"`
	}
	_ = json.Unmarshal([]byte(m.Blocks), &bs)
	var out []string
	for _, b := range bs {
		if b.Type == "section" {
			out = append(out, b.Text.Text)
		}
	}
	return strings.Join(out, "\n")
}

func partyEndToEnd(t *testing.T, e *env, menu string, seed uint64) {
	r := rand.New(rand.NewPCG(seed, 13))
	people := []person{alice, bob, carol, dan}
	e.slash(alice, "new party timer=0 bots=4 menu="+menu)
	lobby := e.f.latest("", "lobby")
	if lobby == nil {
		t.Fatalf("no lobby: %v", e.f.history)
	}
	for _, p := range people[1:] {
		e.click(p, e.f.get(lobby), lobby.action("sg1:join:"))
	}
	e.click(alice, e.f.get(lobby), lobby.action("sg1:start:"))
	table := e.f.latest("", "Sushi Go Party! — round")
	if table == nil {
		t.Fatalf("the game did not start:\n%s", plain(e.f.get(lobby).Blocks))
	}
	if strings.HasPrefix(menu, `"`) && !strings.Contains(table.Blocks, "Menu: "+strings.Trim(menu, `"`)) {
		t.Errorf("the table does not name the menu %s: %s", menu, table.Blocks)
	}

	shown := map[string]map[string][]string{}
	prompts := map[string][]string{}
	answered := 0
	for step := 0; step < 2500 && e.f.latest("", "Final standings") == nil; step++ {
		p := people[step%len(people)]
		m := e.newestControls(p)
		if m == nil {
			table := e.f.latest("", "Sushi Go Party! — round")
			e.click(p, table, table.action("sg1:hand:"))
			continue
		}
		key := titleTurn.FindString(m.Blocks)
		for _, id := range m.actionIDs() {
			if !isControl(id) {
				continue
			}
			if a, err := bot.ParseActionID(id); err == nil {
				if pk, ok := a.(bot.Pick); ok && pk.Card != engine.None && pk.Copy == engine.None {
					if shown[key] == nil {
						shown[key] = map[string][]string{}
					}
					shown[key][p.name] = append(shown[key][p.name], cardText(pk.Card))
				}
			}
		}
		if strings.Contains(m.Blocks, "Your choice") {
			prompts[key] = append(prompts[key], p.name)
			answered++
		}
		e.pressRandom(r, p, m)
	}
	final := e.f.latest("", "Final standings")
	if final == nil {
		t.Fatalf("the game did not finish:\n%s", plain(e.f.latest("", "Sushi Go Party!").Blocks))
	}
	if tb := e.f.latest("", "Sushi Go Party! — "); tb == nil || !strings.Contains(tb.Blocks, "game over") {
		t.Errorf("the table does not end on the game's end")
	}
	reveals := map[string]string{}
	for _, m := range e.f.mine("") {
		if strings.Contains(m.Blocks, "Reveal") {
			reveals[titleTurn.FindString(m.Blocks)] = sectionText(m)
		}
	}
	t.Logf("%d reveals, %d prompts answered by people", len(reveals), answered)
	if len(reveals) != 21 {
		t.Errorf("%d reveals, want 21 (3 rounds of 7 turns)", len(reveals))
	}
	for key, names := range prompts {
		for _, n := range names {
			if !strings.Contains(reveals[key], n) {
				t.Errorf("%s was prompted in %s, but that reveal doesn't name them:\n%s", n, key, reveals[key])
			}
		}
	}
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
	for _, h := range e.f.history {
		for _, secret := range []string{"Your hand", "Your choice", "sg2:pick:", "sg1:pick:", "sg2:ans:", "sg2:ask:", "sg2:flip:", " drew "} {
			if h.audience == "" && strings.Contains(h.blocks, secret) {
				t.Fatalf("%q reached the channel: %s", secret, h.blocks)
			}
		}
		if h.audience != "" && !slices.ContainsFunc(people, func(p person) bool { return p.id == h.audience }) {
			t.Fatalf("a private message went to %q", h.audience)
		}
	}
	if len(e.f.refused) > 0 {
		t.Errorf("Slack would have refused: %v", e.f.refused)
	}
	for _, p := range people {
		st, err := e.store.PlayerStats(context.Background(), "slack:"+team+":party", p.id, storage.AllTime, e.now)
		if err != nil || st.Games != 1 {
			t.Fatalf("%s: %+v, %v", p.name, st, err)
		}
		if want := fmt.Sprintf(`*%s* — %d pts`, p.name, st.TotalScore); !strings.Contains(sectionText(final), want) {
			t.Errorf("final standings do not show %q:\n%s", want, sectionText(final))
		}
	}
}
