package slack

import (
	"strings"
	"testing"

	"github.com/sushigo/sushigo/adapters/adaptertest"
	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// TestWholeGamesInEveryLanguage plays a classic game of five and a Party
// game of eight through Slack's payloads in every language: the channel
// set to it, every person's locale (users.info) in it. The fake refuses
// any Block Kit over Slack's limits, so every limit holds in every
// language; in the pseudo-language no text a person reads may be left in
// English.
func TestWholeGamesInEveryLanguage(t *testing.T) {
	adaptertest.InEveryLanguage(t, func(t *testing.T, w words.Lang, party bool) (adaptertest.Chat, []string) {
		e := newEnv(t, protocol.HandsDM)
		e.f.locale = w.Code()
		e.slash(alice, "settings language="+w.Code())
		people := []person{alice, bob, carol}
		cmd := "new timer=0 bots=2"
		if party {
			people = append(people, dan)
			cmd = "new party timer=0 bots=4"
		}
		e.slash(alice, cmd)
		lobby := e.f.latest("", "sg1:join:")
		if lobby == nil {
			t.Fatal("no lobby")
		}
		for _, p := range people[1:] {
			e.click(p, e.f.get(lobby), lobby.action("sg1:join:"))
		}
		e.click(alice, e.f.get(lobby), lobby.action("sg1:start:"))
		adaptertest.PlayRandomlyIn(t, w, chat{e}, persons(people...), 11, 2500, nil)
		if e.f.latest("", strings.Trim(w.Say("render.finalStandings"), "🏆[] ·")) == nil {
			t.Fatal("no closing post in the game's language")
		}
		{
			// Review my game, in the reader's language.
			adaptertest.CheckReviewIn(t, w, chat{e}, persons(bob)[0], persons(alice, carol), func() { e.flush(); e.a.host.(*bot.Bot).WaitReviews(); e.flush() })
		}
		var names []string
		for _, p := range people {
			names = append(names, p.name, p.id)
		}
		return chat{e}, names
	})
}
