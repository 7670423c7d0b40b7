package discord

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/sushigo/sushigo/adapters/adaptertest"
	"github.com/sushigo/sushigo/protocol"
)

// bareCommand is a command named without /sushigo, or one Discord lacks
// (typed picks and answers).
var bareCommand = regexp.MustCompile("`(new|join|leave|start|addbot|kick|hand|status|scores|leaderboard|stats|history|rules|help|end|rematch|pick|choose|flip)\\b|type `")

// playCounting plays the open lobby's game to its end through Discord's
// payloads, people pressing random controls of their newest private
// message, and counts what the game sent.
func playCounting(t *testing.T, e *env, people []player, seed uint64) adaptertest.Traffic {
	t.Helper()
	lobby := e.latest("", "lobby")
	if lobby == nil {
		t.Fatal("no lobby")
	}
	for _, p := range people[1:] {
		e.click(p, e.f.message(lobby.ID), buttonWith(lobby, "sg1:join:"))
	}
	e.click(people[0], e.f.message(lobby.ID), buttonWith(lobby, "sg1:start:"))
	tr := adaptertest.New()
	seenPings := 0
	checkPings := func() {
		// Every ping since the last look: who it names had to be told.
		e.f.mu.Lock()
		defer e.f.mu.Unlock()
		for _, m := range e.f.created[seenPings:] {
			content, _ := m.Body["content"].(string)
			if m.Audience != "" || !strings.Contains(content, "<@") {
				continue
			}
			for _, p := range people {
				if !strings.Contains(content, "<@"+p.id+">") {
					continue
				}
				switch d := m.description(); {
				case strings.Contains(d, "The game has started"):
					tr.StartPings[p.id]++
				case strings.Contains(d, "your move"):
					tr.DecisionPings[p.id]++
				default:
					t.Errorf("an unexpected ping of %s: %s", p.name, d)
				}
			}
		}
		seenPings = len(e.f.created)
	}
	rec := adaptertest.PlayRandomly(t, chat{e}, persons(people...), seed, 3000, checkPings)
	for _, p := range people {
		tr.Answers[p.id] = rec.Answers()[p.name]
	}
	// Every command a message names exists on Discord, as Discord types it;
	// no channel or thread message ever showed a card of a hand.
	for _, h := range e.f.history {
		b, _ := json.Marshal(h.body)
		text := string(b)
		for _, secret := range []string{"Your hand", "Your choice", "sg1:pick:", "sg2:pick:", "sg2:ans:", "sg2:ask:", "sg2:flip:", "Locked in"} {
			if h.audience == "" && strings.Contains(text, secret) {
				t.Fatalf("%q reached the channel or the thread (%s): %s", secret, h.channel, text)
			}
		}
		if m := bareCommand.FindString(text); m != "" {
			t.Errorf("a message names %s, which Discord does not have as such: %s", m, text)
		}
	}
	e.f.mu.Lock()
	defer e.f.mu.Unlock()
	for _, m := range e.f.created {
		switch {
		case m.Audience != "":
			tr.Private++
		case e.f.threads[m.Channel] != "":
			tr.Thread++
		default:
			tr.Channel++
		}
	}
	for _, c := range e.f.calls {
		if c.Method == "PATCH" && !strings.Contains(c.Path, "/callback") {
			tr.Edits++
		}
	}
	tr.Deletes = e.f.deleted
	for u, n := range e.f.pings {
		tr.Pings[u] = n
	}
	return tr
}

// TestChannelTraffic plays a classic 5-player game and a Party 8-player
// game (two people, the rest bots) through the adapter and its durable
// outbox, as serve runs them, and counts what reached the channel, the
// thread and each person: the channel keeps the table and one closing
// post; each person is pinged once at the start and once per decision
// they had to make, and never otherwise.
func TestChannelTraffic(t *testing.T) {
	games := []struct {
		name, options string
		people        []player
	}{
		{"classic 5p", `[{"name":"bots","type":4,"value":3},{"name":"timer","type":4,"value":0}]`, []player{alice, bob}},
		{"party 8p", `[{"name":"menu","type":3,"value":"uramaki,miso,onigiri,eel,spoon,takeout,pudding"},{"name":"bots","type":4,"value":5},{"name":"timer","type":4,"value":0}]`, []player{alice, bob, carol}},
	}
	for n, threads := range []string{"on", "off"} {
		for k, g := range games {
			if raceBuild && k != n {
				continue // one game per threads setting (raceBuild)
			}
			t.Run(g.name+" threads "+threads, func(t *testing.T) {
				e := newDurableEnv(t)
				opts := strings.TrimSuffix(g.options, "]") + `,{"name":"threads","type":3,"value":"` + threads + `"}]`
				e.slash(g.people[0], "new", opts)
				tr := playCounting(t, e, g.people, uint64(k))
				t.Logf("%s", tr)
				var people []adaptertest.Person
				for _, p := range g.people {
					people = append(people, adaptertest.Person{ID: p.id, Name: p.name})
				}
				adaptertest.Check(t, tr, threads == "on", 3*7, people)
			})
		}
	}
}

// TestThreadFallback: where the bot may not start threads, the
// play-by-play goes to the channel and the channel is told why once, from
// the outbox and from memory alike.
func TestThreadFallback(t *testing.T) {
	for name, newE := range map[string]func(*testing.T) *env{"durable outbox": func(t *testing.T) *env { return newDurableEnv(t) }, "from memory": newEnv} {
		t.Run(name, func(t *testing.T) {
			e := newE(t)
			e.f.threadRefusal = codeMissingPermissions
			e.slash(alice, "new", `[{"name":"bots","type":4,"value":1},{"name":"timer","type":4,"value":0}]`)
			tr := playCounting(t, e, []player{alice, bob}, 9)
			if tr.Thread != 0 || tr.Channel < 3*6 {
				t.Errorf("%s", tr)
			}
			said := 0
			for _, m := range e.f.created {
				if strings.Contains(m.description(), "missing the Create Public Threads") {
					said++
				}
			}
			if said != 1 {
				t.Errorf("the channel was told %d times why there is no thread, want once", said)
			}
			for _, p := range []player{alice, bob} {
				if tr.StartPings[p.id] != 1 {
					t.Errorf("%s pinged %d times at the start", p.name, tr.StartPings[p.id])
				}
			}
		})
	}
}

// TestNamesShowAsTyped: a nickname with markdown characters is shown as
// typed, not bold or underlined, in the lobby's text; titles carry no
// backslash (item 10).
func TestNamesShowAsTyped(t *testing.T) {
	e := newEnv(t)
	star := player{"1100000000000000007", "star", "*star* __x__", "0"}
	e.slash(star, "new", `[]`)
	lobby := e.latest("", "lobby")
	if lobby == nil {
		t.Fatal("no lobby")
	}
	if v, _ := lobby.field("Players (1/5)"); !strings.Contains(v, `\*star\* \_\_x\_\_`) {
		t.Errorf("the name is not escaped: %q", v)
	}
	if strings.Contains(lobby.title(), `\`) {
		t.Errorf("a backslash in the title: %q", lobby.title())
	}
	if got := unescapeMarkdown(escapeMarkdown("a*b_c~d`e|f>g#h\\i")); got != "a*b_c~d`e|f>g#h\\i" {
		t.Errorf("unescape(escape) = %q", got)
	}
}

// TestNoLobbyWhereTheAppCannotPost: /sushigo new in a channel where the
// app may not post gets a private answer naming the missing permission,
// and no lobby is stored that others could join unseen (item 3).
func TestNoLobbyWhereTheAppCannotPost(t *testing.T) {
	e := newEnv(t)
	e.perms = fmt.Sprint(int64(discordgo.PermissionViewChannel | discordgo.PermissionEmbedLinks))
	w := e.slash(alice, "new", `[]`)
	if !strings.Contains(w.Body.String(), "missing the Send Messages, Read Message History permission") || !strings.Contains(w.Body.String(), `"flags":64`) {
		t.Errorf("the answer: %s", w.Body)
	}
	if running, err := e.host.Running(context.Background(), protocol.Location{Platform: "discord", Community: guildID, Channel: channelID}); err != nil || running {
		t.Errorf("a lobby was stored: %v, %v", running, err)
	}
	if e.latest("", "lobby") != nil {
		t.Error("a lobby was shown")
	}
	// With the permissions back (threads or not), the game opens.
	e.perms = fmt.Sprint(int64(requiredPerms))
	e.slash(alice, "new", `[]`)
	if e.latest("", "lobby") == nil {
		t.Error("no lobby once the permissions are there")
	}
}
