package discord

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/sushigo/sushigo/adapters/adaptertest"
)

// chat is the fake Discord as adaptertest's shared games see it.
type chat struct{ e *env }

var _ adaptertest.Chat = chat{}

func (p player) person() adaptertest.Person { return adaptertest.Person{ID: p.id, Name: p.name} }

func persons(ps ...player) []adaptertest.Person {
	var out []adaptertest.Person
	for _, p := range ps {
		out = append(out, p.person())
	}
	return out
}

// playerOf is the test player a shared game names.
func playerOf(p adaptertest.Person) player {
	for _, q := range []player{alice, bob, carol} {
		if q.id == p.ID {
			return q
		}
	}
	panic("no player " + p.ID)
}

// shared is m as the shared tests read it: its embed's title, its
// description and fields as text, and its controls.
func (m *fakeMessage) shared() adaptertest.Message {
	text := []string{m.description()}
	embeds, _ := m.Body["embeds"].([]any)
	if len(embeds) > 0 {
		fields, _ := embeds[0].(map[string]any)["fields"].([]any)
		for _, f := range fields {
			f, _ := f.(map[string]any)
			name, _ := f["name"].(string)
			value, _ := f["value"].(string)
			text = append(text, name, value)
		}
	}
	if c, _ := m.Body["content"].(string); c != "" {
		text = append([]string{c}, text...)
	}
	out := adaptertest.Message{ID: m.ID, Title: m.title(), Text: strings.Join(text, "\n"), Controls: m.buttons(),
		Selects: map[string]adaptertest.Select{}}
	rows, _ := m.Body["components"].([]any)
	for _, r := range rows {
		comps, _ := r.(map[string]any)["components"].([]any)
		for _, c := range comps {
			b, _ := c.(map[string]any)
			if _, isSelect := b["options"]; isSelect {
				id, _ := b["custom_id"].(string)
				vals, lo, hi := m.selectOf(id)
				out.Selects[id] = adaptertest.Select{Values: vals, Min: lo, Max: hi}
			}
		}
	}
	return out
}

// byAge orders messages as Discord's snowflakes do: oldest first.
func byAge(a, b *fakeMessage) int {
	if len(a.ID) != len(b.ID) {
		return len(a.ID) - len(b.ID)
	}
	return strings.Compare(a.ID, b.ID)
}

func (c chat) Controls(p adaptertest.Person) (adaptertest.Message, bool) {
	_, private := c.e.f.visible()
	var mine []*fakeMessage
	for _, m := range private[p.ID] {
		if slices.ContainsFunc(m.buttons(), adaptertest.IsControl) {
			mine = append(mine, m)
		}
	}
	if len(mine) == 0 {
		return adaptertest.Message{}, false
	}
	return slices.MaxFunc(mine, byAge).shared(), true
}

func (c chat) Channel() []adaptertest.Message {
	public, _ := c.e.f.visible()
	slices.SortFunc(public, byAge)
	var out []adaptertest.Message
	for _, m := range public {
		out = append(out, m.shared())
	}
	return out
}

func (c chat) Press(p adaptertest.Person, m adaptertest.Message, id string) {
	c.e.click(playerOf(p), c.e.f.message(m.ID), id)
}

func (c chat) Choose(p adaptertest.Person, m adaptertest.Message, id string, values []string) {
	c.e.choose(playerOf(p), c.e.f.message(m.ID), id, values)
}

func (c chat) Sent() []adaptertest.Sent {
	c.e.f.mu.Lock()
	defer c.e.f.mu.Unlock()
	var out []adaptertest.Sent
	for _, h := range c.e.f.history {
		b, _ := json.Marshal(h.body)
		out = append(out, adaptertest.Sent{Audience: h.audience, Body: string(b)})
	}
	return out
}
