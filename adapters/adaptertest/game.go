package adaptertest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/words"
)

// Chat is an adapter test's fake platform as the shared games see it:
// what the channel and each person see, and a way to press.
type Chat interface {
	// Controls is p's newest private message with cards or choices to
	// press; ok is false when there is none.
	Controls(p Person) (m Message, ok bool)
	// Channel is every message the channel shows now.
	Channel() []Message
	// Press presses the button id on m as p.
	Press(p Person, m Message, id string)
	// Choose chooses values in m's select id as p, confirming it as the
	// platform asks.
	Choose(p Person, m Message, id string, values []string)
	// Sent is every message body ever shown, with its audience.
	Sent() []Sent
}

// Message is one message as the shared tests read it.
type Message struct {
	// ID is the adapter's own key for the message.
	ID string
	// Title is its heading; Text is what it says, in the platform's
	// markup (Discord's **bold**, Slack's *bold*).
	Title, Text string
	// Controls are its buttons' and selects' action IDs.
	Controls []string
	// Selects says what each select offers, by action ID.
	Selects map[string]Select
}

// Select is what one select offers and how many of its values it takes.
type Select struct {
	Values   []string
	Min, Max int
}

// Sent is one message body as it was shown: Audience is "" for the
// channel, else the one user who saw it.
type Sent struct{ Audience, Body string }

// privateControls are the action ID prefixes of a person's own cards and
// choices (not Change my pick).
var privateControls = []string{"sg2:pick:", "sg2:ans:", "sg2:ask:", "sg2:flip:", "sg1:pick:"}

// IsControl reports whether an action ID is one of a person's own cards or
// choices.
func IsControl(id string) bool {
	return slices.ContainsFunc(privateControls, func(pre string) bool { return strings.HasPrefix(id, pre) })
}

// Secrets are what only a hand or a private choice shows: none may ever
// reach the channel.
var Secrets = []string{"Your hand", "Your choice", "Locked in", "sg2:pick:", "sg1:pick:", "sg2:ans:", "sg2:ask:", "sg2:flip:", " drew "}

var titleTurn = regexp.MustCompile(`round \d+, turn \d+`)

// final is what the closing post's title says.
const final = "Final standings"

// Record is what a played game showed the people who played it.
type Record struct {
	// Shown is the cards offered: "round r, turn t" → name → card texts.
	Shown map[string]map[string][]string
	// Prompts are the people sent a decision: "round r, turn t" → names.
	Prompts map[string][]string
	// Answered counts the decisions people answered.
	Answered int
}

// Answers counts the decisions each person answered, by name.
func (r Record) Answers() map[string]int {
	n := map[string]int{}
	for _, names := range r.Prompts {
		for _, name := range names {
			n[name]++
		}
	}
	return n
}

// Public is the channel's newest message whose title or text shows s.
func Public(c Chat, s string) (Message, bool) {
	ms := c.Channel()
	for i := len(ms) - 1; i >= 0; i-- {
		if strings.Contains(ms[i].Title, s) || strings.Contains(ms[i].Text, s) {
			return ms[i], true
		}
	}
	return Message{}, false
}

// PlayRandomly plays the started game to its end: the people take turns
// pressing a random control of their newest private message (a button,
// or a random choice in a select), and press the table's Show my hand
// when they have none. before, when not nil, runs before each press and
// once at the end (a count of what each press sent). It fails the test if
// the game has not ended within steps presses.
func PlayRandomly(t testing.TB, c Chat, people []Person, seed uint64, steps int, before func()) Record {
	t.Helper()
	return PlayRandomlyIn(t, words.English, c, people, seed, steps, before)
}

// PlayRandomlyIn is PlayRandomly for a game in w: it knows the game ended
// by its closing post's words in w.
func PlayRandomlyIn(t testing.TB, w words.Lang, c Chat, people []Person, seed uint64, steps int, before func()) Record {
	t.Helper()
	final := strings.TrimSpace(strings.TrimPrefix(w.Say("render.finalStandings"), "🏆"))
	r := rand.New(rand.NewPCG(seed, 17))
	rec := Record{Shown: map[string]map[string][]string{}, Prompts: map[string][]string{}}
	if before == nil {
		before = func() {}
	}
	defer before()
	for step := 0; step < steps; step++ {
		if _, over := Public(c, final); over {
			return rec
		}
		before()
		p := people[step%len(people)]
		m, ok := c.Controls(p)
		if !ok {
			table, ok := tableOf(c)
			if !ok {
				t.Fatal("no table with Show my hand in the channel")
			}
			c.Press(p, table, button(table, "sg1:hand:"))
			continue
		}
		key := titleTurn.FindString(m.Title + "\n" + m.Text)
		for _, id := range m.Controls {
			a, err := protocol.ParseActionID(id)
			if err != nil || !IsControl(id) {
				continue
			}
			if pk, ok := a.(protocol.Pick); ok && pk.Card != engine.None && pk.Copy == engine.None && !pk.Chop {
				if rec.Shown[key] == nil {
					rec.Shown[key] = map[string][]string{}
				}
				rec.Shown[key][p.Name] = append(rec.Shown[key][p.Name], CardText(pk.Card))
			}
		}
		if strings.Contains(m.Title+m.Text, "Your choice") {
			rec.Prompts[key] = append(rec.Prompts[key], p.Name)
			rec.Answered++
		}
		pressRandom(r, c, p, m)
	}
	if _, over := Public(c, final); !over {
		var lines []string
		for _, p := range people {
			if m, ok := c.Controls(p); ok {
				lines = append(lines, p.Name+": "+m.Title+"\n"+m.Text)
			}
		}
		table, _ := tableOf(c)
		t.Fatalf("the game did not finish in %d presses:\n%s\n%s", steps, table.Text, strings.Join(lines, "\n"))
	}
	return rec
}

// pressRandom presses one of m's controls at random as p.
func pressRandom(r *rand.Rand, c Chat, p Person, m Message) {
	var ids []string
	for _, id := range m.Controls {
		if IsControl(id) {
			ids = append(ids, id)
		}
	}
	id := ids[r.IntN(len(ids))]
	if s, ok := m.Selects[id]; ok {
		n := s.Min + r.IntN(s.Max-s.Min+1)
		var chosen []string
		for _, i := range r.Perm(len(s.Values))[:n] {
			chosen = append(chosen, s.Values[i])
		}
		c.Choose(p, m, id, chosen)
		return
	}
	c.Press(p, m, id)
}

// tableOf is the channel's newest message with a Show my hand button.
func tableOf(c Chat) (Message, bool) {
	ms := c.Channel()
	for i := len(ms) - 1; i >= 0; i-- {
		if button(ms[i], "sg1:hand:") != "" {
			return ms[i], true
		}
	}
	return Message{}, false
}

func button(m Message, prefix string) string {
	for _, id := range m.Controls {
		if strings.HasPrefix(id, prefix) {
			return id
		}
	}
	return ""
}

// CardText is a card as a reveal line names it.
func CardText(c engine.Card) string {
	if c.Kind() == engine.KindFruit {
		return words.English.CardShort(c)
	}
	return c.Emoji() + " " + words.English.CardShort(c)
}

// CheckReveals checks the channel's reveals against what the game
// showed: whoever was sent a decision is named in that turn's reveal,
// and whatever a person took was in the hand they were shown. nameLine
// reads "name: what they played" from a reveal, in the platform's markup.
// It returns how many turns were revealed.
func CheckReveals(t testing.TB, c Chat, rec Record, nameLine *regexp.Regexp) int {
	t.Helper()
	reveals := map[string]string{}
	for _, m := range c.Channel() {
		if strings.Contains(m.Title, "Reveal") || strings.HasPrefix(m.Text, "Reveal") {
			reveals[titleTurn.FindString(m.Title+"\n"+m.Text)] = m.Text
		}
	}
	for key, names := range rec.Prompts {
		for _, n := range names {
			if !strings.Contains(reveals[key], n) {
				t.Errorf("%s was prompted in %s, but that reveal doesn't name them:\n%s", n, key, reveals[key])
			}
		}
	}
	checked := 0
	for key, text := range reveals {
		for _, l := range nameLine.FindAllStringSubmatch(text, -1) {
			offered, person := rec.Shown[key][l[1]]
			if !person {
				continue
			}
			checked++
			first := strings.SplitN(strings.SplitN(l[2], " + ", 2)[0], " on 🟢", 2)[0]
			if !slices.Contains(offered, first) {
				t.Errorf("%s: %s took %q, which their hand %v did not show", key, l[1], first, offered)
			}
		}
	}
	if checked == 0 && len(rec.Shown) > 0 {
		// Else a change of the reveal's markup would pass unread.
		t.Errorf("no reveal line named a person (%d reveals): the check read nothing", len(reveals))
	}
	return len(reveals)
}

// CheckPrivate fails if anything private ever reached the channel, or a
// private message went to anyone but the people playing.
func CheckPrivate(t testing.TB, c Chat, people []Person) {
	t.Helper()
	for _, s := range c.Sent() {
		for _, secret := range Secrets {
			if s.Audience == "" && strings.Contains(s.Body, secret) {
				t.Fatalf("%q reached the channel: %s", secret, s.Body)
			}
		}
		if s.Audience != "" && !slices.ContainsFunc(people, func(p Person) bool { return p.ID == s.Audience }) {
			t.Fatalf("a private message went to %q", s.Audience)
		}
	}
}

// CheckStandings checks that the final standings show each person's score
// as board recorded it (one game each), with names in bold as the
// platform writes it ("**" on Discord, "*" on Slack).
func CheckStandings(t testing.TB, c Chat, store storage.Store, board string, people []Person, bold string, now time.Time) {
	t.Helper()
	standings, ok := Public(c, final)
	if !ok {
		t.Fatal("no final standings in the channel")
	}
	for _, p := range people {
		st, err := store.PlayerStats(context.Background(), board, p.ID, storage.AllTime, now)
		if err != nil || st.Games != 1 {
			t.Fatalf("%s on %s: %+v, %v", p.Name, board, st, err)
		}
		if want := fmt.Sprintf("%s%s%s —\u00a0%d\u00a0pts", bold, p.Name, bold, st.TotalScore); !strings.Contains(standings.Text, want) {
			t.Errorf("final standings do not show %q:\n%s", want, standings.Text)
		}
	}
}
