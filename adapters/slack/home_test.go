package slack

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/slack-go/slack/slackevents"
	"github.com/slack-go/slack/socketmode"

	"github.com/sushigo/sushigo/protocol"
)

func homeOpenedEvent(user string) string {
	return fmt.Sprintf(`{"token":"x","team_id":%q,"api_app_id":"A0SUSHI","type":"event_callback","event_id":"Ev01","event_time":1763500000,
"event":{"type":"app_home_opened","user":%q,"channel":"D0HOME","tab":"home","event_ts":"1763500000.000100"}}`, team, user)
}

// Opening the Home tab publishes the user's profile and the workspace's
// boards, over the Events API (signed) and over Socket Mode.
func TestAppHomeOpened(t *testing.T) {
	e := newEnv(t, protocol.HandsDM)
	// A finished game between alice, bob and a bot, so there is something
	// to show; the end already published both homes.
	e.slash(alice, "new bots=1 timer=0")
	lobby := e.f.latest("", "lobby")
	e.click(bob, lobby, lobby.action("sg1:join:"))
	e.click(alice, e.f.get(lobby), lobby.action("sg1:start:"))
	for turn := 0; turn < 60 && e.f.latest("", "Final standings") == nil; turn++ {
		for _, p := range []person{alice, bob} {
			if dm := e.f.latest(p.id, "Your hand"); dm != nil && dm.action("sg1:pick:") != "" {
				e.click(p, dm, dm.action("sg1:pick:"))
			}
		}
	}
	if e.f.latest("", "Final standings") == nil {
		t.Fatal("the game did not finish")
	}
	e.flush()
	if e.f.homes[alice.id] == "" || e.f.homes[bob.id] == "" {
		t.Fatalf("the game's end did not publish both homes: %v", e.f.homes)
	}

	// The history, and a game's scores shown again privately.
	e.slash(bob, "history")
	hist := e.f.latest("", "Recent games")
	if hist == nil || hist.action("sg2:past:") == "" {
		t.Fatal("no history with buttons in the channel")
	}
	e.click(alice, hist, hist.action("sg2:past:"))
	if past := e.f.latest(alice.id, "Sushi Go!"); past == nil || !strings.Contains(past.Blocks, "pts (") {
		t.Errorf("the history button showed alice no scores: %+v", past)
	}
	e.slash(bob, `stats <@`+alice.id+`|alice>`)
	if p := e.f.latest("", "alice"); p == nil || !strings.Contains(p.Blocks, "Against you") {
		t.Errorf("stats with a Slack mention: %+v", p)
	}

	// Events API: a signed app_home_opened from someone who never played.
	carol := "U0CAROL01"
	w := httptest.NewRecorder()
	e.a.Events().ServeHTTP(w, signed("/slack/events", []byte(homeOpenedEvent(carol)), e.now, secret))
	if w.Code != http.StatusOK {
		t.Fatalf("event: %d %s", w.Code, w.Body)
	}
	e.run()
	home := plain(e.f.homes[carol])
	if !strings.Contains(home, "No finished games yet") || !strings.Contains(home, "Leaderboard") {
		t.Errorf("carol's home: %s", home)
	}
	// Unsigned: refused, nothing published.
	w = httptest.NewRecorder()
	e.a.Events().ServeHTTP(w, signed("/slack/events", []byte(homeOpenedEvent("U0MALLORY")), e.now, "wrong-secret"))
	if w.Code != http.StatusUnauthorized || e.f.homes["U0MALLORY"] != "" {
		t.Errorf("a forged event: %d, home %q", w.Code, e.f.homes["U0MALLORY"])
	}
	// URL verification answers the challenge.
	w = httptest.NewRecorder()
	e.a.Events().ServeHTTP(w, signed("/slack/events", []byte(`{"token":"x","challenge":"c-123","type":"url_verification"}`), e.now, secret))
	if w.Code != http.StatusOK || w.Body.String() != "c-123" {
		t.Errorf("url_verification: %d %q", w.Code, w.Body)
	}

	// Socket Mode: the same event, acknowledged.
	delete(e.f.homes, alice.id)
	ev, err := slackevents.ParseEvent([]byte(homeOpenedEvent(alice.id)), slackevents.OptionNoVerifyToken())
	if err != nil {
		t.Fatal(err)
	}
	acked := 0
	e.a.onSocketEvent(context.Background(), socketmode.Event{Type: socketmode.EventTypeEventsAPI, Data: ev,
		Request: &socketmode.Request{EnvelopeID: "env-1"}}, func(any) { acked++ })
	e.run()
	if acked != 1 {
		t.Errorf("the event was acknowledged %d times", acked)
	}
	home = plain(e.f.homes[alice.id])
	for _, want := range []string{"your games", "Rating", "Against you"} {
		if want == "Against you" {
			if strings.Contains(home, want) {
				t.Errorf("one's own home shows a record against oneself: %s", home)
			}
			continue
		}
		if !strings.Contains(home, want) {
			t.Errorf("alice's home lacks %q: %s", want, home)
		}
	}
}
