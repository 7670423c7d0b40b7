package slack

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	slackapi "github.com/slack-go/slack"
	"github.com/slack-go/slack/slackevents"

	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// Homes is what the adapter needs of the host for the App Home tab.
type Homes interface {
	Home(ctx context.Context, w words.Lang, where protocol.Location, user string) (protocol.View, error)
}

// homeBlocks bounds a Home tab (Slack allows 100 blocks).
const homeBlocks = 100

// PublishHome shows user their home tab (views.publish): the host calls it
// when one of their games ends.
func (a *Adapter) PublishHome(ctx context.Context, where protocol.Location, user string, v protocol.View) error {
	bs, _ := a.blocks(v)
	if len(bs) > homeBlocks {
		bs = bs[:homeBlocks]
	}
	_, err := a.api.PublishViewContext(ctx, slackapi.PublishViewContextRequest{UserID: user,
		View: slackapi.HomeTabViewRequest{Type: slackapi.VTHomeTab, Blocks: slackapi.Blocks{BlockSet: bs}}})
	if err != nil {
		a.failed("views.publish failed", err, "user", user)
		return fmt.Errorf("slack: views.publish for %s: %w", user, err)
	}
	return nil
}

// homeOpened publishes the home tab of a user who opened it.
func (a *Adapter) homeOpened(ctx context.Context, team string, ev *slackevents.AppHomeOpenedEvent) {
	if ev.Tab != "home" || a.homes == nil {
		return
	}
	where := protocol.Location{Platform: "slack", Community: team}
	v, err := a.homes.Home(ctx, a.langOf(ctx, ev.User).Or(words.English), where, ev.User)
	if err != nil {
		a.cfg.Log.Error("building a home tab failed", "user", ev.User, "err", err)
		return
	}
	_ = a.PublishHome(ctx, where, ev.User, v) // logged and counted there
}

// onEvent handles one Events API callback.
func (a *Adapter) onEvent(ctx context.Context, ev slackevents.EventsAPIEvent) {
	if ev.Type != slackevents.CallbackEvent {
		return
	}
	if home, ok := ev.InnerEvent.Data.(*slackevents.AppHomeOpenedEvent); ok {
		a.background(func() {
			ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
			defer cancel()
			a.homeOpened(ctx, ev.TeamID, home)
		})
	}
}

// Events serves the Events API request URL (app_home_opened), answering
// Slack's URL verification challenge.
func (a *Adapter) Events() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, ctx, ok := a.admit(w, r, "event")
		if !ok {
			return
		}
		ev, err := slackevents.ParseEvent(json.RawMessage(body), slackevents.OptionNoVerifyToken())
		if err != nil {
			http.Error(w, "bad event", http.StatusBadRequest)
			return
		}
		if ev.Type == slackevents.URLVerification {
			var c slackevents.ChallengeResponse
			if err := json.Unmarshal(body, &c); err != nil {
				http.Error(w, "bad challenge", http.StatusBadRequest)
				return
			}
			w.Header().Set("Content-Type", "text/plain")
			_, _ = w.Write([]byte(c.Challenge))
			return
		}
		w.WriteHeader(http.StatusOK)
		_ = http.NewResponseController(w).Flush() // before waiting for a worker
		a.onEvent(ctx, ev)
	})
}
