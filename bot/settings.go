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

// channelLang is the language of games opened where req was made: the
// channel's setting, else the server's (Discord's guild_locale), else
// English.
func channelLang(cs protocol.ChannelSettings, req protocol.Request) words.Lang {
	if l, ok := words.Find(cs.Language); ok && cs.Language != "auto" {
		return l
	}
	return req.PlaceLang.Or(words.English)
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
	if a.Threads == "" && a.Pictures == "" && a.Language == "" {
		w := req.Lang.Or(channelLang(cs, req))
		threads := w.Say("settings.onEachGameSPlay")
		if cs.Threads == "off" {
			threads = w.Say("settings.offEachGameSPlay")
		}
		pictures := w.Say("settings.onGamesShowTheTable")
		if cs.Pictures == "off" {
			pictures = w.Say("settings.offGamesShowTheTable")
		}
		lang := channelLang(cs, req).Name()
		if cs.Language == "" || cs.Language == "auto" {
			lang = w.Say("settings.languageAuto", lang)
		}
		return privateReply(req, protocol.View{Screen: protocol.ScreenNotice, Tone: protocol.ToneInfo,
			Text: w.Say("settings.now", threads, pictures, lang)}), nil
	}
	if a.Language != "" {
		cs.Language = a.Language
	}
	// The channel is told in its language, the new one when it changed.
	w := channelLang(cs, req)
	var said []string
	if a.Threads != "" {
		cs.Threads = a.Threads
		if a.Threads == "off" {
			said = append(said, w.Say("settings.sTurnedThreadsOffFor", req.Who.Name))
		} else {
			said = append(said, w.Say("settings.sTurnedThreadsOnFor", req.Who.Name))
		}
	}
	if a.Pictures != "" {
		cs.Pictures = a.Pictures
		if a.Pictures == "off" {
			said = append(said, w.Say("settings.sTurnedPicturesOffFor", req.Who.Name))
		} else {
			said = append(said, w.Say("settings.sTurnedPicturesOnFor", req.Who.Name))
		}
	}
	if a.Language != "" {
		said = append(said, w.Say("settings.sChangedLanguage", req.Who.Name, w.Name()))
	}
	data, err := json.Marshal(cs)
	if err != nil {
		return protocol.Response{}, err
	}
	if err := b.store.SetRecord(ctx, settingsKey(req.Where), data, 0); err != nil {
		return protocol.Response{}, fmt.Errorf("save settings of %s: %w", req.Where.Key(), err)
	}
	return protocol.Response{Lang: w, Deliveries: []protocol.Delivery{{Kind: protocol.Reply, To: protocol.Channel, View: protocol.View{Screen: protocol.ScreenNotice, Tone: protocol.ToneInfo, Text: strings.Join(said, "\n")}}}}, nil
}
