package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage"
)

// A channel keeps its own defaults for new games: whether their
// play-by-play goes to a thread (the default) or into the channel, for
// communities that prefer the old way. A `new` that says threads=… wins.

func settingsKey(where protocol.Location) string { return "channel-settings:" + where.Key() }

// settingsOf reads where's settings (the defaults when none were saved).
func (b *Bot) settingsOf(ctx context.Context, where protocol.Location) (protocol.ChannelSettings, error) {
	var cs protocol.ChannelSettings
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
		return protocol.ChannelSettings{}, fmt.Errorf("settings of %s: %w", where.Key(), err)
	}
	return cs, nil
}

// channelSettings shows the channel's settings, or changes them and says
// so in the channel: a change every player there should know of.
func (b *Bot) channelSettings(ctx context.Context, req protocol.Request, a protocol.ChannelSettings) (protocol.Response, error) {
	if req.Where.Channel == "" {
		return protocol.Response{}, refuse("where.settingsInChannel")
	}
	cs, err := b.settingsOf(ctx, req.Where)
	if err != nil {
		return protocol.Response{}, err
	}
	if a.Threads == "" && a.Pictures == "" {
		threads := "on: each game's play-by-play goes to a thread under its table"
		if cs.Threads == "off" {
			threads = "off: each game's play-by-play is posted in the channel"
		}
		pictures := "on: games show the table and the scores as pictures too"
		if cs.Pictures == "off" {
			pictures = "off: games show the table and the scores as text only"
		}
		return privateReply(req, protocol.View{Screen: protocol.ScreenNotice, Tone: protocol.ToneInfo,
			Text: "🧵 Threads are " + threads + ".\n🖼️ Pictures are " + pictures +
				".\nChange them with `settings threads=on|off` and `settings pictures=on|off`."}), nil
	}
	var said []string
	if a.Threads != "" {
		cs.Threads = a.Threads
		if a.Threads == "off" {
			said = append(said, fmt.Sprintf("🧵 %s turned threads off for this channel: each new game's play-by-play is posted in the channel.", req.Who.Name))
		} else {
			said = append(said, fmt.Sprintf("🧵 %s turned threads on for this channel: each new game's play-by-play goes to a thread under its table.", req.Who.Name))
		}
	}
	if a.Pictures != "" {
		cs.Pictures = a.Pictures
		if a.Pictures == "off" {
			said = append(said, fmt.Sprintf("🖼️ %s turned pictures off for this channel: new games show the table and the scores as text only.", req.Who.Name))
		} else {
			said = append(said, fmt.Sprintf("🖼️ %s turned pictures on for this channel: new games show the table and the scores as pictures too.", req.Who.Name))
		}
	}
	data, err := json.Marshal(cs)
	if err != nil {
		return protocol.Response{}, err
	}
	if err := b.store.SetRecord(ctx, settingsKey(req.Where), data, 0); err != nil {
		return protocol.Response{}, fmt.Errorf("save settings of %s: %w", req.Where.Key(), err)
	}
	return protocol.Response{Deliveries: []protocol.Delivery{{Kind: protocol.Reply, To: protocol.Channel, View: protocol.View{Screen: protocol.ScreenNotice, Tone: protocol.ToneInfo, Text: strings.Join(said, "\n")}}}}, nil
}
