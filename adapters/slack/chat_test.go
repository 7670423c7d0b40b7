package slack

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/sushigo/sushigo/adapters/adaptertest"
)

// chat is the fake Slack as adaptertest's shared games see it.
type chat struct{ e *env }

var _ adaptertest.Chat = chat{}

func persons(ps ...person) []adaptertest.Person {
	var out []adaptertest.Person
	for _, p := range ps {
		out = append(out, adaptertest.Person{ID: p.id, Name: p.name})
	}
	return out
}

// personOf is the test person a shared game names.
func personOf(p adaptertest.Person) person { return person{p.ID, p.Name} }

// shared is m as the shared tests read it: its header as the title, its
// sections' and contexts' text, and its controls.
func (m *slackMessage) shared() adaptertest.Message {
	var bs []struct {
		Type string `json:"type"`
		Text struct {
			Text string `json:"text"`
		} `json:"text"`
		Elements []map[string]any `json:"elements"`
	}
	_ = json.Unmarshal([]byte(m.Blocks), &bs)
	out := adaptertest.Message{ID: m.Channel + "/" + m.TS, Controls: m.actionIDs(), Selects: map[string]adaptertest.Select{}}
	var text []string
	for _, b := range bs {
		switch b.Type {
		case "header":
			if out.Title == "" {
				out.Title = b.Text.Text
				continue
			}
			text = append(text, b.Text.Text)
		case "section":
			text = append(text, b.Text.Text)
		case "context":
			for _, el := range b.Elements {
				if s, ok := el["text"].(string); ok {
					text = append(text, s)
				}
			}
		}
	}
	out.Text = strings.Join(text, "\n")
	for _, id := range out.Controls {
		vals, multi, most := m.selectOf(id)
		switch {
		case vals == nil:
		case multi:
			out.Selects[id] = adaptertest.Select{Values: vals, Min: 0, Max: most}
		default:
			out.Selects[id] = adaptertest.Select{Values: vals, Min: 1, Max: 1}
		}
	}
	return out
}

// byAge orders messages as Slack's timestamps do: oldest first.
func byAge(a, b *slackMessage) int { return strings.Compare(a.TS, b.TS) }

func (c chat) Controls(p adaptertest.Person) (adaptertest.Message, bool) {
	var mine []*slackMessage
	for _, m := range c.e.f.mine(p.ID) {
		if slices.ContainsFunc(m.actionIDs(), adaptertest.IsControl) {
			mine = append(mine, m)
		}
	}
	if len(mine) == 0 {
		return adaptertest.Message{}, false
	}
	return slices.MaxFunc(mine, byAge).shared(), true
}

func (c chat) Channel() []adaptertest.Message {
	public := c.e.f.mine("")
	slices.SortFunc(public, byAge)
	var out []adaptertest.Message
	for _, m := range public {
		out = append(out, m.shared())
	}
	return out
}

// message is the fake's current copy of the message a shared one names.
func (c chat) message(m adaptertest.Message) *slackMessage {
	channel, ts, _ := strings.Cut(m.ID, "/")
	return c.e.f.get(&slackMessage{Channel: channel, TS: ts})
}

func (c chat) Press(p adaptertest.Person, m adaptertest.Message, id string) {
	c.e.click(personOf(p), c.message(m), id)
}

func (c chat) Choose(p adaptertest.Person, m adaptertest.Message, id string, values []string) {
	_, multi, _ := c.message(m).selectOf(id)
	c.e.choose(personOf(p), c.message(m), id, values, multi)
}

func (c chat) Sent() []adaptertest.Sent {
	c.e.f.mu.Lock()
	defer c.e.f.mu.Unlock()
	var out []adaptertest.Sent
	for _, h := range c.e.f.history {
		out = append(out, adaptertest.Sent{Audience: h.audience, Body: h.blocks})
	}
	return out
}
