package slack

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sushigo/sushigo/adapters/adaptertest"
	"github.com/sushigo/sushigo/protocol"
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
		t.Run(menu, func(t *testing.T) { partyEndToEnd(t, newEnv(t, protocol.HandsDM), menu, uint64(k)) })
	}
}

// nameLine reads "*name*: what they played" from a reveal.
var nameLine = regexp.MustCompile(`\*([^*\n]+)\*: ([^\n]+)`)

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

	c := chat{e}
	rec := adaptertest.PlayRandomly(t, c, persons(people...), seed, 2500, nil)
	if tb := e.f.latest("", "Sushi Go Party! — "); tb == nil || !strings.Contains(tb.Blocks, "game over") {
		t.Errorf("the table does not end on the game's end")
	}
	reveals := adaptertest.CheckReveals(t, c, rec, nameLine)
	t.Logf("%d reveals, %d prompts answered by people", reveals, rec.Answered)
	if reveals != 21 {
		t.Errorf("%d reveals, want 21 (3 rounds of 7 turns)", reveals)
	}
	adaptertest.CheckPrivate(t, c, persons(people...))
	if len(e.f.refused) > 0 {
		t.Errorf("Slack would have refused: %v", e.f.refused)
	}
	adaptertest.CheckStandings(t, c, e.store, "slack:"+team+":party", persons(people...), "*", e.now)
}
