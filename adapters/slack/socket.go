package slack

import (
	"context"
	"encoding/json"

	slackapi "github.com/slack-go/slack"
	"github.com/slack-go/slack/slackevents"
	"github.com/slack-go/slack/socketmode"
)

// RunSocketMode serves slash commands and clicks arriving over Socket Mode
// (no public URL needed) until ctx ends. Each envelope is acknowledged
// within Slack's 3 seconds, with the command's quick private answer as its
// payload when there is one.
func (a *Adapter) RunSocketMode(ctx context.Context, sm *socketmode.Client) error {
	go func() {
		for {
			select {
			case <-ctx.Done():
				return
			case evt, ok := <-sm.Events:
				if !ok {
					return
				}
				a.onSocketEvent(ctx, evt, func(payload any) {
					if evt.Request == nil {
						return
					}
					var err error
					if payload == nil {
						err = sm.Ack(*evt.Request)
					} else {
						err = sm.Ack(*evt.Request, payload)
					}
					if err != nil {
						a.cfg.Log.Error("socket mode ack failed", "err", err)
					}
				})
			}
		}
	}()
	return sm.RunContext(ctx)
}

// onSocketEvent handles one Socket Mode event; ack acknowledges it.
func (a *Adapter) onSocketEvent(ctx context.Context, evt socketmode.Event, ack func(payload any)) {
	switch evt.Type {
	case socketmode.EventTypeSlashCommand:
		cmd, ok := evt.Data.(slackapi.SlashCommand)
		if !ok {
			ack(nil)
			return
		}
		reply, rest := a.command(ctx, cmd)
		if reply == nil {
			ack(nil)
		} else {
			ack(reply)
		}
		a.background(func() { rest(context.WithoutCancel(ctx)) })
	case socketmode.EventTypeInteractive:
		cb, ok := evt.Data.(slackapi.InteractionCallback)
		if !ok {
			ack(nil)
			return
		}
		// Applied, then acknowledged: an acknowledged click is stored. A
		// click not applied in time goes unacknowledged, and Slack tells
		// the player it failed.
		payload, err := json.Marshal(cb)
		if err != nil {
			payload = nil
		}
		rest, applied := a.clickParked(ctx, cb, payload)
		if applied {
			ack(nil)
		}
		a.background(func() { rest(context.WithoutCancel(ctx)) })
	case socketmode.EventTypeEventsAPI:
		ack(nil)
		if ev, ok := evt.Data.(slackevents.EventsAPIEvent); ok {
			a.onEvent(ctx, ev)
		}
	case socketmode.EventTypeConnecting, socketmode.EventTypeConnected, socketmode.EventTypeHello:
		a.cfg.Log.Debug("socket mode", "event", evt.Type)
	case socketmode.EventTypeConnectionError, socketmode.EventTypeInvalidAuth:
		a.cfg.Log.Error("socket mode", "event", evt.Type, "data", evt.Data)
	default:
		if evt.Request != nil {
			ack(nil)
		}
	}
}
