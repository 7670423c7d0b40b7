package slack

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sushigo/sushigo/bot"
)

// traffic is what one game sent, counted as the channel sees it.
type traffic struct {
	channel, thread, private int // new messages
	edits, deletes           int // chat.update and response_url replacements; chat.delete and delete_original
	// pings are the new public messages that mention each person;
	// startPings and decisionPing split them by why.
	pings, startPings, decisionPing map[string]int
	answers                         map[string]int // decisions each person answered
	dms                             map[string]int // new DMs each person got (a DM notifies its reader)
}

func (tr traffic) String() string {
	return fmt.Sprintf("%d channel messages, %d thread messages, %d private messages, %d edits, %d deletions, pings %v, DMs %v",
		tr.channel, tr.thread, tr.private, tr.edits, tr.deletes, tr.pings, tr.dms)
}

// playCounting plays the open lobby's game to its end through Slack's
// payloads, people pressing random controls of their newest private
// message, and counts what the game sent.
func playCounting(t *testing.T, e *env, people []person, seed uint64) traffic {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 5))
	lobby := e.f.latest("", "lobby")
	if lobby == nil {
		t.Fatal("no lobby")
	}
	for _, p := range people[1:] {
		e.click(p, e.f.get(lobby), lobby.action("sg1:join:"))
	}
	e.click(people[0], e.f.get(lobby), lobby.action("sg1:start:"))
	tr := traffic{pings: map[string]int{}, startPings: map[string]int{}, decisionPing: map[string]int{}, answers: map[string]int{}, dms: map[string]int{}}
	for step := 0; step < 3000 && e.f.latest("", "Final standings") == nil; step++ {
		p := people[step%len(people)]
		var m *slackMessage
		for _, x := range e.f.mine(p.id) {
			if slices.ContainsFunc(x.actionIDs(), isControl) && (m == nil || x.TS > m.TS) {
				m = x
			}
		}
		if m == nil {
			table := e.f.latest("", "— round")
			if table == nil {
				t.Fatal("no table in the channel")
			}
			e.click(p, table, table.action("sg1:hand:"))
			continue
		}
		var ids []string
		for _, id := range m.actionIDs() {
			if isControl(id) {
				ids = append(ids, id)
			}
		}
		if strings.Contains(m.Blocks, "Your choice") {
			tr.answers[p.id]++
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
			continue
		}
		e.click(p, m, id)
	}
	if e.f.latest("", "Final standings") == nil {
		t.Fatal("the game did not finish")
	}
	e.f.mu.Lock()
	defer e.f.mu.Unlock()
	// No channel or thread message ever showed a card of a hand.
	for _, h := range e.f.history {
		for _, secret := range []string{"Your hand", "Your choice", "sg1:pick:", "sg2:pick:", "sg2:ans:", "sg2:ask:", "sg2:flip:", "Locked in"} {
			if h.audience == "" && strings.Contains(h.blocks, secret) {
				t.Fatalf("%q reached the channel or the thread: %s", secret, h.blocks)
			}
		}
	}
	for _, m := range e.f.created {
		switch {
		case m.Audience != "":
			tr.private++
			if strings.HasPrefix(m.Channel, "D") {
				tr.dms[m.Audience]++
			}
			continue
		case m.ThreadTS != "":
			tr.thread++
		default:
			tr.channel++
		}
		text := plain(m.Blocks)
		for _, u := range m.Pings {
			tr.pings[u]++
			switch {
			case strings.Contains(text, "The game has started"):
				tr.startPings[u]++
			case strings.Contains(text, "your move"):
				tr.decisionPing[u]++
			default:
				t.Errorf("an unexpected ping of %s: %s", u, text)
			}
		}
	}
	for _, c := range e.f.calls {
		switch c {
		case "chat.update":
			tr.edits++
		case "chat.delete", "response_url delete":
			tr.deletes++
		}
	}
	return tr
}

// TestChannelTraffic plays a classic 5-player game and a Party 8-player
// game (two or three people, the rest bots) through the adapter and its
// durable outbox, as serve runs them, and counts what reached the channel,
// the thread and each person.
func TestChannelTraffic(t *testing.T) {
	games := []struct {
		name, command string
		people        []person
	}{
		{"classic 5p", "new bots=3 timer=0", []person{alice, bob}},
		{"party 8p", "new party timer=0 bots=5 menu=uramaki,miso,onigiri,eel,spoon,takeout,pudding", []person{alice, bob, carol}},
	}
	for _, hands := range []bot.HandsVia{bot.HandsDM, bot.HandsEphemeral} {
		for _, threads := range []string{"on", "off"} {
			for k, g := range games {
				t.Run(fmt.Sprintf("%s hands %s threads %s", g.name, hands, threads), func(t *testing.T) {
					e := newDurableEnv(t, hands)
					e.slash(g.people[0], g.command+" threads="+threads)
					tr := playCounting(t, e, g.people, uint64(k))
					t.Logf("%s", tr)
					switch threads {
					case "on":
						if tr.channel != 2 {
							t.Errorf("%d new channel messages, want 2 (the table and the closing post)", tr.channel)
						}
						if tr.thread < 3*7 {
							t.Errorf("%d thread messages: fewer than one reveal a turn", tr.thread)
						}
					case "off":
						if tr.thread != 0 {
							t.Errorf("threads off, yet %d thread messages", tr.thread)
						}
						if tr.channel > 3*10+5 {
							t.Errorf("%d channel messages", tr.channel)
						}
					}
					for _, p := range g.people {
						if tr.startPings[p.id] != 1 {
							t.Errorf("%s pinged %d times at the start, want once", p.name, tr.startPings[p.id])
						}
						if tr.decisionPing[p.id] != tr.answers[p.id] {
							t.Errorf("%s pinged for %d decisions, answered %d", p.name, tr.decisionPing[p.id], tr.answers[p.id])
						}
					}
					// A turn that needs its reader is a new DM, not a silent
					// edit, for everyone but whoever's click revealed it
					// (their DM is the message they are looking at): at
					// least five turns a round.
					dms := 0
					for _, n := range tr.dms {
						dms += n
					}
					if want := (len(g.people) - 1) * 3 * 5; hands == bot.HandsDM && dms < want {
						t.Errorf("%d new DMs, want at least %d: the turns came as edits", dms, want)
					}
					if e.f.refused != nil {
						t.Errorf("calls Slack would refuse: %q", e.f.refused)
					}
				})
			}
		}
	}
}
