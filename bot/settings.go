package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/sushigo/sushigo/storage"
)

// A channel keeps its own defaults for new games: whether their
// play-by-play goes to a thread (the default) or into the channel, for
// communities that prefer the old way. A `new` that says threads=… wins.

func settingsKey(where Location) string { return "channel-settings:" + where.Key() }

// settingsOf reads where's settings (the defaults when none were saved).
func (b *Bot) settingsOf(ctx context.Context, where Location) (ChannelSettings, error) {
	var cs ChannelSettings
	if where.Channel == "" {
		return cs, nil
	}
	data, err := b.store.GetRecord(ctx, settingsKey(where))
	switch {
	case errors.Is(err, storage.ErrNotFound):
		return cs, nil
	case err != nil:
		return cs, fmt.Errorf("settings of %s: %w", where.Key(), err)
	}
	if err := json.Unmarshal(data, &cs); err != nil {
		return ChannelSettings{}, fmt.Errorf("settings of %s: %w", where.Key(), err)
	}
	return cs, nil
}

// channelSettings shows the channel's settings, or changes them and says
// so in the channel: a change every player there should know of.
func (b *Bot) channelSettings(ctx context.Context, req Request, a ChannelSettings) (Response, error) {
	if req.Where.Channel == "" {
		return Response{}, refuse("Use `settings` in the channel whose games it should change.")
	}
	cs, err := b.settingsOf(ctx, req.Where)
	if err != nil {
		return Response{}, err
	}
	if a.Threads == "" {
		state := "on: each game's play-by-play goes to a thread under its table"
		if cs.Threads == "off" {
			state = "off: each game's play-by-play is posted in the channel"
		}
		return privateReply(req, View{Screen: ScreenNotice, Tone: ToneInfo,
			Text: "🧵 Threads are " + state + ". Change it with `settings threads=on` or `settings threads=off`."}), nil
	}
	cs.Threads = a.Threads
	data, err := json.Marshal(cs)
	if err != nil {
		return Response{}, err
	}
	if err := b.store.SetRecord(ctx, settingsKey(req.Where), data, 0); err != nil {
		return Response{}, fmt.Errorf("save settings of %s: %w", req.Where.Key(), err)
	}
	text := fmt.Sprintf("🧵 %s turned threads on for this channel: each new game's play-by-play goes to a thread under its table.", req.Who.Name)
	if a.Threads == "off" {
		text = fmt.Sprintf("🧵 %s turned threads off for this channel: each new game's play-by-play is posted in the channel.", req.Who.Name)
	}
	return Response{Deliveries: []Delivery{{Kind: Reply, To: Channel, View: View{Screen: ScreenNotice, Tone: ToneInfo, Text: text}}}}, nil
}
