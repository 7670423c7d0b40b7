package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/words"
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
		threads := words.Say("settings.onEachGameSPlay")
		if cs.Threads == "off" {
			threads = words.Say("settings.offEachGameSPlay")
		}
		pictures := words.Say("settings.onGamesShowTheTable")
		if cs.Pictures == "off" {
			pictures = words.Say("settings.offGamesShowTheTable")
		}
		return privateReply(req, protocol.View{Screen: protocol.ScreenNotice, Tone: protocol.ToneInfo,
			Text: words.Say("settings.now", threads, pictures)}), nil
	}
	var said []string
	if a.Threads != "" {
		cs.Threads = a.Threads
		if a.Threads == "off" {
			said = append(said, words.Say("settings.sTurnedThreadsOffFor", req.Who.Name))
		} else {
			said = append(said, words.Say("settings.sTurnedThreadsOnFor", req.Who.Name))
		}
	}
	if a.Pictures != "" {
		cs.Pictures = a.Pictures
		if a.Pictures == "off" {
			said = append(said, words.Say("settings.sTurnedPicturesOffFor", req.Who.Name))
		} else {
			said = append(said, words.Say("settings.sTurnedPicturesOnFor", req.Who.Name))
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
