package discord

import (
	"context"
	"encoding/json"
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sushigo/sushigo/protocol"
)

const instanceID = "i-1340000000000000001"

// TestActivityIdentify: the sign-in believes Discord only. A code is
// traded once for the person it was given to; the instance says where it
// runs and who is in it; a forged or spent code, an unknown instance, a
// person not in it, a DM and a refused secret are each refused as such.
func TestActivityIdentify(t *testing.T) {
	f := newFakeDiscord(t)
	act := NewActivity(f.session(), appID, clientSecret)
	ctx := context.Background()
	f.instance(instanceID, fakeInstance{kind: "gc", guild: guildID, channel: channelID, users: []string{alice.id}})
	f.instance("i-dm", fakeInstance{kind: "pc", channel: "dm-chan", users: []string{alice.id}})
	f.signIn(alice, "code-a", "fr")
	l, err := act.Identify(ctx, "code-a", instanceID)
	if err != nil {
		t.Fatal(err)
	}
	want := protocol.Location{Platform: "discord", Community: guildID, Channel: channelID}
	if l.Where != want || l.Who.ID != alice.id || l.Who.Name != alice.name || l.Lang.Code() != "fr" || !strings.HasPrefix(l.AccessToken, "access-") {
		t.Errorf("Alice's launch: %+v", l)
	}
	if _, err := act.Identify(ctx, "code-a", instanceID); !errors.Is(err, ErrCode) {
		t.Errorf("a code used twice: %v", err)
	}
	if _, err := act.Identify(ctx, "forged", instanceID); !errors.Is(err, ErrCode) {
		t.Errorf("a forged code: %v", err)
	}
	f.signIn(bob, "code-b", "de")
	if _, err := act.Identify(ctx, "code-b", instanceID); !errors.Is(err, ErrInstance) {
		t.Errorf("Bob, not in the instance: %v", err)
	}
	f.signIn(alice, "code-a2", "")
	if _, err := act.Identify(ctx, "code-a2", "i-other"); !errors.Is(err, ErrInstance) {
		t.Errorf("an unknown instance: %v", err)
	}
	f.signIn(alice, "code-a3", "")
	if _, err := act.Identify(ctx, "code-a3", "../../users/@me"); !errors.Is(err, ErrInstance) {
		t.Errorf("an instance ID that is a path: %v", err)
	}
	f.signIn(alice, "code-a4", "")
	if _, err := act.Identify(ctx, "code-a4", "i-dm"); !errors.Is(err, ErrNotAChannel) {
		t.Errorf("an instance in a DM: %v", err)
	}
	if err := act.Check(ctx); err != nil {
		t.Errorf("the right secret: %v", err)
	}
	wrong := NewActivity(f.session(), appID, "wrong")
	if err := wrong.Check(ctx); !errors.Is(err, ErrSecret) {
		t.Errorf("a wrong secret: %v", err)
	}
	f.signIn(alice, "code-a5", "")
	if _, err := wrong.Identify(ctx, "code-a5", instanceID); !errors.Is(err, ErrSecret) {
		t.Errorf("a sign-in with a wrong secret: %v", err)
	}
}

// TestOpenTableLaunchesTheActivity: with the Activity on, Open table on
// the table message and the entry-point command answer LAUNCH_ACTIVITY
// (type 12, nothing else), and nobody is sent a link.
func TestOpenTableLaunchesTheActivity(t *testing.T) {
	e := newDurableEnv(t)
	e.a.cfg.Activity = true
	e.slash(alice, "new", `[{"name":"timer","type":4,"value":0}]`)
	e.startGame()
	tbl := e.latest("", "round 1")
	open := buttonWith(tbl, "sg1:table:")
	if open == "" {
		// The host offers Open table only with a web table; the button
		// is made here as the host makes it.
		open = protocol.ActionID(protocol.OpenTable{Game: gameOf(t, tbl)})
	}
	w := e.click(bob, tbl, open)
	if got := strings.TrimSpace(w.Body.String()); got != `{"type":12}` {
		t.Fatalf("Open table answered %s", got)
	}
	tok := e.token()
	v := e.vars(alice, tok)
	e.f.interaction(tok, alice.id, channelID, "")
	if got := strings.TrimSpace(e.post(e.fill("entry_point.json", v), tok).Body.String()); got != `{"type":12}` {
		t.Fatalf("the entry-point command answered %s", got)
	}
	if want := []string{channelID + "/" + bob.id, channelID + "/" + alice.id}; !slices.Equal(e.f.launched, want) {
		t.Errorf("launched %v, want %v", e.f.launched, want)
	}
	_, private := e.f.visible()
	for _, p := range []player{alice, bob} {
		for _, m := range private[p.id] {
			if strings.Contains(m.text(), "http") {
				t.Errorf("%s was sent a link: %s", p.name, m.text())
			}
		}
	}
	// Off, the entry point is not ours to answer: it is refused politely.
	e.a.cfg.Activity = false
	tok = e.token()
	v = e.vars(alice, tok)
	e.f.interaction(tok, alice.id, channelID, "")
	if got := e.post(e.fill("entry_point.json", v), tok).Body.String(); strings.Contains(got, `"type":12`) {
		t.Errorf("with the Activity off the entry point launched it: %s", got)
	}
}

func gameOf(t *testing.T, m *fakeMessage) string {
	t.Helper()
	for _, id := range m.buttons() {
		if a, err := protocol.ParseActionID(id); err == nil {
			if g := protocol.GameOf(a); g != "" {
				return g
			}
		}
	}
	t.Fatal("no game ID on the table's buttons")
	return ""
}

// TestRegisterMakesTheEntryPointOurs: with the Activity on, Discord's
// default entry point (handler DISCORD_LAUNCH_ACTIVITY) is overwritten by
// ours, with its ID and name kept and handler APP_HANDLER, beside
// /sushigo; the body is checked as Discord documents a command; a second
// registration changes nothing.
func TestRegisterMakesTheEntryPointOurs(t *testing.T) {
	e := newEnv(t)
	e.a.cfg.Activity = true
	e.f.commands = []json.RawMessage{json.RawMessage(`{"id":"1180000000000000009","application_id":"` + appID +
		`","version":"1","type":4,"name":"launch","description":"","handler":2,"integration_types":[0,1],"contexts":[0,1,2]}`)}
	changed, err := e.a.Register()
	if err != nil || !changed {
		t.Fatalf("Register: %v, %v", changed, err)
	}
	var put []map[string]any
	for _, c := range e.f.commands {
		var m map[string]any
		if err := json.Unmarshal(c, &m); err != nil {
			t.Fatal(err)
		}
		put = append(put, m)
	}
	checkCommands(t, put)
	var entry map[string]any
	for _, c := range put {
		if c["type"].(float64) == 4 {
			entry = c
		}
	}
	if entry == nil || entry["id"] != "1180000000000000009" || entry["name"] != "launch" || entry["handler"].(float64) != 1 {
		t.Fatalf("the entry point registered: %v", entry)
	}
	if changed, err := e.a.Register(); err != nil || changed {
		t.Errorf("registering again: changed %v, %v", changed, err)
	}
	// Off again, the entry point is kept as Discord has it.
	e.a.cfg.Activity = false
	if _, err := e.a.Register(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(e.f.commands[len(e.f.commands)-1]), `"handler":1`) {
		t.Errorf("the entry point after a registration with the Activity off: %s", e.f.commands)
	}
}

// checkCommands checks a bulk overwrite as Discord documents its
// commands: names of 1–32 lowercase characters, descriptions (and each
// localization) of 1–100, at most one entry point, its handler 1 or 2,
// and no type outside 1–4.
func checkCommands(t *testing.T, cmds []map[string]any) {
	t.Helper()
	name := regexp.MustCompile(`^[-_\p{Ll}\p{N}]{1,32}$`)
	entries := 0
	for _, c := range cmds {
		typ, _ := c["type"].(float64)
		if typ < 1 || typ > 4 {
			t.Errorf("command type %v", c["type"])
		}
		if n, _ := c["name"].(string); !name.MatchString(n) {
			t.Errorf("command name %q", n)
		}
		if d, _ := c["description"].(string); (typ == 1 || typ == 4) && (d == "" || utf8.RuneCountInString(d) > 100) {
			t.Errorf("%v's description %q", c["name"], d)
		}
		locs, _ := c["description_localizations"].(map[string]any)
		for loc, d := range locs {
			if s, _ := d.(string); s == "" || utf8.RuneCountInString(s) > 100 {
				t.Errorf("%v's %s description %q", c["name"], loc, s)
			}
		}
		if typ == 4 {
			entries++
			if h, _ := c["handler"].(float64); h != 1 && h != 2 {
				t.Errorf("entry point handler %v", c["handler"])
			}
		}
	}
	if entries > 1 {
		t.Errorf("%d entry points", entries)
	}
}
