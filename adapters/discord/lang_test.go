package discord

import (
	"strings"
	"testing"

	"github.com/sushigo/sushigo/adapters/adaptertest"
	"github.com/sushigo/sushigo/words"
)

// TestWholeGamesInEveryLanguage plays a classic game of five and a Party
// game of eight through Discord's payloads with every person's client and
// the server in each language: the fake refuses any message over
// Discord's limits, so every limit holds in every language. In the
// pseudo-language no text a person reads (embeds, buttons, selects, alt
// text) may be left in English.
func TestWholeGamesInEveryLanguage(t *testing.T) {
	adaptertest.InEveryLanguage(t, func(t *testing.T, w words.Lang, party bool) (adaptertest.Chat, []string) {
		e := newEnv(t)
		e.locale, e.guildLocale = w.Code(), w.Code()
		opts := `[{"name":"bots","type":4,"value":2},{"name":"timer","type":4,"value":0}]`
		if party {
			opts = `[{"name":"game","type":3,"value":"party"},{"name":"bots","type":4,"value":5},{"name":"timer","type":4,"value":0}]`
		}
		e.slash(alice, "new", opts)
		lobby := e.lobby()
		e.click(bob, lobby, buttonWith(lobby, "sg1:join:"))
		e.click(carol, e.f.message(lobby.ID), buttonWith(lobby, "sg1:join:"))
		e.click(alice, e.f.message(lobby.ID), buttonWith(lobby, "sg1:start:"))
		people := []player{alice, bob, carol}
		adaptertest.PlayRandomlyIn(t, w, chat{e}, persons(people...), 7, 1500, nil)
		if e.latest("", strings.Trim(w.Say("render.finalStandings"), "🏆[] ·")) == nil {
			t.Fatal("no closing post in the game's language")
		}
		{
			// Review my game, in the reader's language.
			adaptertest.CheckReviewIn(t, w, chat{e}, persons(bob)[0], persons(alice, carol), func() { e.tick(0); e.host.WaitReviews(); e.tick(0) })
		}
		var names []string
		for _, p := range people {
			names = append(names, p.name, p.username)
		}
		return chat{e}, names
	})
}

// lobby is the channel's newest message with a Join button.
func (e *env) lobby() *fakeMessage {
	e.t.Helper()
	e.f.mu.Lock()
	var best *fakeMessage
	for _, m := range e.f.messages {
		if m.Audience == "" && buttonWith(m, "sg1:join:") != "" && (best == nil || len(m.ID) > len(best.ID) || m.ID > best.ID) {
			best = m
		}
	}
	e.f.mu.Unlock()
	if best == nil {
		e.t.Fatal("no lobby message")
	}
	return best
}
