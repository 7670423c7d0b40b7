package discord

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/bwmarrin/discordgo"

	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

const commandName = "sushigo"

func ptr[T any](v T) *T { return &v }

// choices are an option's values, each named in w ("choice.party"); the
// value sent back is the typed command's word, whatever the language.
func choices(w words.Lang, vals ...string) []*discordgo.ApplicationCommandOptionChoice {
	var out []*discordgo.ApplicationCommandOptionChoice
	for _, v := range vals {
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: w.Say("choice." + v), Value: v})
	}
	return out
}

func sub(name, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: name, Description: desc, Options: opts}
}

// Command is the /sushigo command with its subcommands and typed options,
// in English with every other language's descriptions and choice names
// as Discord's localizations, so /sushigo reads in the client's language.
func Command() *discordgo.ApplicationCommand {
	c := command(words.English)
	for _, l := range words.Languages() {
		for _, loc := range discordLocales[l.Code()] {
			localize(c, command(l), loc)
		}
	}
	return c
}

// discordLocales are the Discord locales each of our languages speaks
// for (Discord's own list: https://discord.com/developers/docs/reference#locales).
var discordLocales = map[string][]discordgo.Locale{
	"en": {discordgo.EnglishUS, discordgo.EnglishGB},
	"fr": {discordgo.French}, "de": {discordgo.German}, "es": {discordgo.SpanishES, "es-419"},
	"pt-BR": {discordgo.PortugueseBR}, "ru": {discordgo.Russian},
}

// localize adds to c the words of tr, the same command in another
// language, as loc's localizations.
func localize(c, tr *discordgo.ApplicationCommand, loc discordgo.Locale) {
	if c.DescriptionLocalizations == nil {
		c.DescriptionLocalizations = &map[discordgo.Locale]string{}
	}
	(*c.DescriptionLocalizations)[loc] = tr.Description
	var walk func(os, ts []*discordgo.ApplicationCommandOption)
	walk = func(os, ts []*discordgo.ApplicationCommandOption) {
		for i, o := range os {
			t := ts[i]
			if o.DescriptionLocalizations == nil {
				o.DescriptionLocalizations = map[discordgo.Locale]string{}
			}
			o.DescriptionLocalizations[loc] = t.Description
			// Every choice names itself in every language, even where the
			// word is the same, so a client in any of them is never left to
			// guess.
			for j, ch := range o.Choices {
				if ch.NameLocalizations == nil {
					ch.NameLocalizations = map[discordgo.Locale]string{}
				}
				ch.NameLocalizations[loc] = t.Choices[j].Name
			}
			walk(o.Options, t.Options)
		}
	}
	walk(c.Options, tr.Options)
}

// command is /sushigo worded in w.
func command(w words.Lang) *discordgo.ApplicationCommand {
	integer := discordgo.ApplicationCommandOptionInteger
	str := discordgo.ApplicationCommandOptionString
	return &discordgo.ApplicationCommand{
		Name:        commandName,
		Description: w.Say("discord.commands.playSushiGoInThis"),
		Type:        discordgo.ChatApplicationCommand,
		Contexts:    &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild},
		Options: []*discordgo.ApplicationCommandOption{
			sub("new", w.Say("discord.commands.openAGameLobbyIn"),
				&discordgo.ApplicationCommandOption{Type: str, Name: "game", Description: w.Say("discord.commands.sushiGoClassicOrSushi"), Choices: choices(w, "classic", "party")},
				&discordgo.ApplicationCommandOption{Type: str, Name: "menu", Description: w.Say("discord.commands.partyMenuImpliesParty"), Choices: menuChoices(w)},
				&discordgo.ApplicationCommandOption{Type: integer, Name: "bots", Description: w.Say("discord.commands.botPlayersToSeat0"), MinValue: ptr(0.0), MaxValue: 7},
				&discordgo.ApplicationCommandOption{Type: str, Name: "level", Description: w.Say("discord.commands.howWellTheBotsPlay"), Choices: choices(w, "easy", "normal", "hard", "expert")},
				&discordgo.ApplicationCommandOption{Type: str, Name: "pass", Description: w.Say("discord.commands.whichWayHandsTravel"), Choices: choices(w, "left", "alternate")},
				&discordgo.ApplicationCommandOption{Type: str, Name: "variant", Description: w.Say("discord.commands.classicOrThe2Player"), Choices: choices(w, "classic", "dummy")},
				&discordgo.ApplicationCommandOption{Type: integer, Name: "timer", Description: w.Say("discord.commands.secondsPerTurn0No"), MinValue: ptr(0.0), MaxValue: 3600},
				&discordgo.ApplicationCommandOption{Type: str, Name: "hands", Description: w.Say("discord.commands.whereYourHandAppears"), Choices: choices(w, "ephemeral", "dm")},
				&discordgo.ApplicationCommandOption{Type: str, Name: "threads", Description: w.Say("discord.commands.playByPlayInA"), Choices: choices(w, "on", "off")},
				&discordgo.ApplicationCommandOption{Type: str, Name: "pictures", Description: w.Say("discord.commands.showTheTableAndScores"), Choices: choices(w, "on", "off")},
			),
			sub("join", w.Say("discord.commands.joinTheGameInThis")),
			sub("leave", w.Say("discord.commands.leaveTheGame")),
			sub("start", w.Say("discord.commands.dealTheCardsHost")),
			sub("addbot", w.Say("discord.commands.addBotPlayersHost"),
				&discordgo.ApplicationCommandOption{Type: integer, Name: "count", Description: w.Say("discord.commands.howMany17"), MinValue: ptr(1.0), MaxValue: 7},
				&discordgo.ApplicationCommandOption{Type: str, Name: "level", Description: w.Say("discord.commands.howWellTheyPlayDefault"), Choices: choices(w, "easy", "normal", "hard", "expert")}),
			sub("kick", w.Say("discord.commands.removeAPlayerOrGive"),
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: "player", Description: w.Say("discord.commands.who"), Required: true}),
			sub("hand", w.Say("discord.commands.showYourHandOnlyYou")),
			sub("status", w.Say("discord.commands.showTheTable")),
			sub("scores", w.Say("discord.commands.showTheScoreBreakdownSo")),
			sub("leaderboard", w.Say("discord.commands.thisServerSBestPlayers"),
				&discordgo.ApplicationCommandOption{Type: str, Name: "period", Description: w.Say("discord.commands.whichPeriod"), Choices: choices(w, "week", "month", "all")},
				&discordgo.ApplicationCommandOption{Type: str, Name: "by", Description: w.Say("discord.commands.rankByDefaultRating"), Choices: choices(w, "rating", "wins", "points")},
				&discordgo.ApplicationCommandOption{Type: str, Name: "game", Description: w.Say("discord.commands.whichGameSBoard"), Choices: choices(w, "classic", "party")}),
			sub("stats", w.Say("discord.commands.aPlayerSRatingTotals"),
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: "player", Description: w.Say("discord.commands.whoseDefaultYours")}),
			sub("history", w.Say("discord.commands.thisServerSLast10"),
				&discordgo.ApplicationCommandOption{Type: integer, Name: "game", Description: w.Say("discord.commands.showOneGameSScores"), MinValue: ptr(1.0), MaxValue: 100},
				&discordgo.ApplicationCommandOption{Type: str, Name: "board", Description: w.Say("discord.commands.whichGameSHistory"), Choices: choices(w, "classic", "party")}),
			sub("settings", w.Say("discord.commands.thisChannelSDefaultsFor"),
				&discordgo.ApplicationCommandOption{Type: str, Name: "threads", Description: w.Say("discord.commands.playByPlayInA2"), Choices: choices(w, "on", "off")},
				&discordgo.ApplicationCommandOption{Type: str, Name: "pictures", Description: w.Say("discord.commands.tableAndScoresAsPictures"), Choices: choices(w, "on", "off")},
				&discordgo.ApplicationCommandOption{Type: str, Name: "language", Description: w.Say("discord.commands.language"), Choices: languageChoices(w)}),
			sub("rules", w.Say("discord.commands.howToPlayOrOne"),
				&discordgo.ApplicationCommandOption{Type: str, Name: "card", Description: w.Say("discord.commands.aCard"), Choices: cardChoices(w)}),
			sub("end", w.Say("discord.commands.endTheGameHostOr")),
			sub("rematch", w.Say("discord.commands.startANewLobbyWith")),
			sub("help", w.Say("discord.commands.listTheCommands")),
		},
	}
}

// menuChoices are the host's menu choices (protocol.MenuChoices).
func menuChoices(w words.Lang) []*discordgo.ApplicationCommandOptionChoice {
	return hostChoices(protocol.MenuChoices(w))
}

// cardChoices are every card type, classic and Party (23 of Discord's 25).
func cardChoices(w words.Lang) []*discordgo.ApplicationCommandOptionChoice {
	return hostChoices(protocol.CardChoices(w))
}

func hostChoices(cs []protocol.Choice) []*discordgo.ApplicationCommandOptionChoice {
	out := make([]*discordgo.ApplicationCommandOptionChoice, len(cs))
	for i, c := range cs {
		out[i] = &discordgo.ApplicationCommandOptionChoice{Name: c.Name, Value: c.Value}
	}
	return out
}

// comparable keeps what a registration changes, so an unchanged command is
// recognised whatever extra fields Discord returns (IDs, versions).
func comparable(c *discordgo.ApplicationCommand) ([]byte, error) {
	type opt struct {
		Type       discordgo.ApplicationCommandOptionType
		Name, Desc string
		Descs      map[discordgo.Locale]string
		Required   bool
		Choices    []string
		Min        *float64
		Max        float64
		Options    []opt
	}
	var conv func([]*discordgo.ApplicationCommandOption) []opt
	conv = func(os []*discordgo.ApplicationCommandOption) []opt {
		var out []opt
		for _, o := range os {
			x := opt{Type: o.Type, Name: o.Name, Desc: o.Description, Descs: o.DescriptionLocalizations, Required: o.Required, Min: o.MinValue, Max: o.MaxValue, Options: conv(o.Options)}
			for _, c := range o.Choices {
				x.Choices = append(x.Choices, fmt.Sprint(c.Name, "=", c.Value, c.NameLocalizations))
			}
			out = append(out, x)
		}
		return out
	}
	var descs map[discordgo.Locale]string
	if c.DescriptionLocalizations != nil {
		descs = *c.DescriptionLocalizations
	}
	return json.Marshal(struct {
		Name, Desc string
		Descs      map[discordgo.Locale]string
		Options    []opt
	}{c.Name, c.Description, descs, conv(c.Options)})
}

// entryPoint is the type of an app's Activity entry-point command
// (PRIMARY_ENTRY_POINT), which discordgo does not name.
const entryPoint = 4

// Register installs /sushigo: in the configured guild (instant, for
// development) or globally, by one bulk overwrite, skipped when Discord
// already has the same definition (registrations are rate limited per day).
// An Activity's entry-point command is kept, every field included: an
// overwrite that leaves it out is refused (50240) while Activities are
// on, and then nothing is registered. With Config.Activity it is ours
// (EntryPoint): the app handles it and launches the Activity itself.
func (a *Adapter) Register() (changed bool, err error) {
	want := Command()
	url := discordgo.EndpointApplicationGlobalCommands(a.cfg.AppID)
	if a.cfg.GuildID != "" {
		url = discordgo.EndpointApplicationGuildCommands(a.cfg.AppID, a.cfg.GuildID)
	}
	body, err := a.s.RequestWithBucketID("GET", url, nil, url)
	if err != nil {
		return false, fmt.Errorf("discord: list commands: %w", err)
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(body, &raw); err != nil {
		return false, fmt.Errorf("discord: list commands: %w", err)
	}
	w, err := comparable(want)
	if err != nil {
		return false, err
	}
	// Unchanged: the one command is ours as wanted, beside the entry
	// point as wanted.
	var keep []json.RawMessage
	var entry *EntryCommand
	same, other := 0, 0
	for _, r := range raw {
		var c discordgo.ApplicationCommand
		if err := json.Unmarshal(r, &c); err != nil {
			return false, fmt.Errorf("discord: list commands: %w", err)
		}
		switch h, err := comparable(&c); {
		case c.Type == entryPoint && a.cfg.Activity:
			mine := EntryPoint()
			var had EntryCommand
			if err := json.Unmarshal(r, &had); err != nil {
				return false, fmt.Errorf("discord: list commands: %w", err)
			}
			// Discord's default is named "launch"; one renamed in the
			// portal keeps its name (and its ID: an update, not a removal).
			mine.ID, mine.Name = had.ID, had.Name
			if !sameEntry(had, mine) {
				other++
			}
			entry = &mine
		case c.Type == entryPoint:
			keep = append(keep, r)
		case err == nil && slices.Equal(h, w):
			same++
		default:
			other++ // ours as it was, or another command: overwritten
		}
	}
	if a.cfg.Activity && entry == nil {
		// The global list has none (deleted in the portal): ours is
		// added. A guild's list never has one (entry points are global
		// only).
		if a.cfg.GuildID == "" {
			e := EntryPoint()
			entry = &e
			other++
		}
	}
	if same == 1 && other == 0 {
		return false, nil
	}
	mine, err := json.Marshal(want)
	if err != nil {
		return false, err
	}
	if entry != nil {
		e, err := json.Marshal(entry)
		if err != nil {
			return false, err
		}
		keep = append(keep, e)
	}
	if _, err := a.s.RequestWithBucketID("PUT", url, append([]json.RawMessage{mine}, keep...), url); err != nil {
		return false, fmt.Errorf("discord: register commands: %w", err)
	}
	return true, nil
}

// EntryCommand is an Activity's entry-point command (type
// PRIMARY_ENTRY_POINT), which discordgo does not model.
type EntryCommand struct {
	ID                       string                      `json:"id,omitempty"`
	Type                     int                         `json:"type"`
	Name                     string                      `json:"name"`
	Description              string                      `json:"description"`
	DescriptionLocalizations map[discordgo.Locale]string `json:"description_localizations,omitempty"`
	// Handler is APP_HANDLER (1): Discord sends the app the interaction,
	// which answers LAUNCH_ACTIVITY; DISCORD_LAUNCH_ACTIVITY (2) would
	// launch it without the app.
	Handler          int   `json:"handler"`
	IntegrationTypes []int `json:"integration_types"`
	Contexts         []int `json:"contexts"`
}

// appHandler is the entry point's handler APP_HANDLER.
const appHandler = 1

// EntryPoint is sushigo's entry-point command: "launch", handled by the
// app, in servers only (games are played in a server's channels).
func EntryPoint() EntryCommand {
	c := EntryCommand{Type: entryPoint, Name: "launch", Description: words.English.Say("discord.commands.launchTheTable"),
		DescriptionLocalizations: map[discordgo.Locale]string{}, Handler: appHandler,
		IntegrationTypes: []int{int(discordgo.ApplicationIntegrationGuildInstall)}, Contexts: []int{int(discordgo.InteractionContextGuild)}}
	for _, l := range words.Languages() {
		for _, loc := range discordLocales[l.Code()] {
			c.DescriptionLocalizations[loc] = l.Say("discord.commands.launchTheTable")
		}
	}
	return c
}

// sameEntry reports whether Discord's entry point is the one wanted.
func sameEntry(had, want EntryCommand) bool {
	a, _ := json.Marshal(had)
	b, _ := json.Marshal(want)
	return string(a) == string(b)
}

// languageChoices are the languages `settings language:` takes, each by
// its own name, and the server's.
func languageChoices(w words.Lang) []*discordgo.ApplicationCommandOptionChoice {
	out := []*discordgo.ApplicationCommandOptionChoice{{Name: w.Say("discord.commands.languageAuto"), Value: "auto"}}
	for _, l := range words.Languages() {
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: l.Name(), Value: l.Code()})
	}
	return out
}
