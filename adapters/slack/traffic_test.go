package slack

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sushigo/sushigo/adapters/adaptertest"
	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/protocol"
)

// playCounting plays the open lobby's game to its end through Slack's
// payloads, people pressing random controls of their newest private
// message, and counts what the game sent.
func playCounting(t *testing.T, e *env, people []person, seed uint64) adaptertest.Traffic {
	t.Helper()
	lobby := e.f.latest("", "lobby")
	if lobby == nil {
		t.Fatal("no lobby")
	}
	for _, p := range people[1:] {
		e.click(p, e.f.get(lobby), lobby.action("sg1:join:"))
	}
	e.click(people[0], e.f.get(lobby), lobby.action("sg1:start:"))
	tr := adaptertest.New()
	rec := adaptertest.PlayRandomly(t, chat{e}, persons(people...), seed, 3000, adaptertest.NoReviewYet(t, chat{e}))
	for _, p := range people {
		tr.Answers[p.id] = rec.Answers()[p.name]
	}
	// No channel or thread message ever showed a card of a hand.
	adaptertest.CheckPrivate(t, chat{e}, persons(people...))
	e.f.mu.Lock()
	defer e.f.mu.Unlock()
	for _, m := range e.f.created {
		switch {
		case m.Audience != "":
			tr.Private++
			if strings.HasPrefix(m.Channel, "D") {
				tr.DMs[m.Audience]++
			}
			continue
		case m.ThreadTS != "":
			tr.Thread++
		default:
			tr.Channel++
		}
		text := plain(m.Blocks)
		for _, u := range m.Pings {
			tr.Pings[u]++
			switch {
			case strings.Contains(text, "The game has started"):
				tr.StartPings[u]++
			case strings.Contains(text, "your move"):
				tr.DecisionPings[u]++
			default:
				t.Errorf("an unexpected ping of %s: %s", u, text)
			}
		}
	}
	for _, c := range e.f.calls {
		switch c {
		case "chat.update":
			tr.Edits++
		case "chat.delete", "response_url delete":
			tr.Deletes++
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
	for h, hands := range []protocol.HandsVia{protocol.HandsDM, protocol.HandsEphemeral} {
		for n, threads := range []string{"on", "off"} {
			for k, g := range games {
				if raceBuild && (k != h || n != h) {
					continue // under -race: classic by DM with threads, Party ephemeral without
				}
				t.Run(fmt.Sprintf("%s hands %s threads %s", g.name, hands, threads), func(t *testing.T) {
					e := newDurableEnv(t, hands)
					e.slash(g.people[0], g.command+" threads="+threads)
					tr := playCounting(t, e, g.people, uint64(k))
					t.Logf("%s", tr)
					var people []adaptertest.Person
					for _, p := range g.people {
						people = append(people, adaptertest.Person{ID: p.id, Name: p.name})
					}
					adaptertest.Check(t, tr, threads == "on", 3*7, people)
					// A turn that needs its reader is a new DM, not a silent
					// edit, for everyone but whoever's click revealed it
					// (their DM is the message they are looking at): at
					// least five turns a round.
					dms := 0
					for _, n := range tr.DMs {
						dms += n
					}
					if want := (len(g.people) - 1) * 3 * 5; hands == protocol.HandsDM && dms < want {
						t.Errorf("%d new DMs, want at least %d: the turns came as edits", dms, want)
					}
					// Review my game: the asker's alone, privately (in race
					// builds, of the classic games only: a Party game of
					// eight is the slowest review there is).
					if !raceBuild || k == 0 {
						adaptertest.CheckReview(t, chat{e}, people[1], people[:1], func() { e.flush(); e.a.host.(*bot.Bot).WaitReviews(); e.flush() })
					}
					if e.f.refused != nil {
						t.Errorf("calls Slack would refuse: %q", e.f.refused)
					}
				})
			}
		}
	}
}
