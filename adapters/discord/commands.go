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

func choices(vals ...string) []*discordgo.ApplicationCommandOptionChoice {
	var out []*discordgo.ApplicationCommandOptionChoice
	for _, v := range vals {
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: v, Value: v})
	}
	return out
}

func sub(name, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: name, Description: desc, Options: opts}
}

// Command is the /sushigo command with its subcommands and typed options.
func Command() *discordgo.ApplicationCommand {
	integer := discordgo.ApplicationCommandOptionInteger
	str := discordgo.ApplicationCommandOptionString
	return &discordgo.ApplicationCommand{
		Name:        commandName,
		Description: words.Say("discord.commands.playSushiGoInThis"),
		Type:        discordgo.ChatApplicationCommand,
		Contexts:    &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild},
		Options: []*discordgo.ApplicationCommandOption{
			sub("new", words.Say("discord.commands.openAGameLobbyIn"),
				&discordgo.ApplicationCommandOption{Type: str, Name: "game", Description: words.Say("discord.commands.sushiGoClassicOrSushi"), Choices: choices("classic", "party")},
				&discordgo.ApplicationCommandOption{Type: str, Name: "menu", Description: words.Say("discord.commands.partyMenuImpliesParty"), Choices: menuChoices()},
				&discordgo.ApplicationCommandOption{Type: integer, Name: "bots", Description: words.Say("discord.commands.botPlayersToSeat0"), MinValue: ptr(0.0), MaxValue: 7},
				&discordgo.ApplicationCommandOption{Type: str, Name: "level", Description: words.Say("discord.commands.howWellTheBotsPlay"), Choices: choices("easy", "normal", "hard", "expert")},
				&discordgo.ApplicationCommandOption{Type: str, Name: "pass", Description: words.Say("discord.commands.whichWayHandsTravel"), Choices: choices("left", "alternate")},
				&discordgo.ApplicationCommandOption{Type: str, Name: "variant", Description: words.Say("discord.commands.classicOrThe2Player"), Choices: choices("classic", "dummy")},
				&discordgo.ApplicationCommandOption{Type: integer, Name: "timer", Description: words.Say("discord.commands.secondsPerTurn0No"), MinValue: ptr(0.0), MaxValue: 3600},
				&discordgo.ApplicationCommandOption{Type: str, Name: "hands", Description: words.Say("discord.commands.whereYourHandAppears"), Choices: choices("ephemeral", "dm")},
				&discordgo.ApplicationCommandOption{Type: str, Name: "threads", Description: words.Say("discord.commands.playByPlayInA"), Choices: choices("on", "off")},
				&discordgo.ApplicationCommandOption{Type: str, Name: "pictures", Description: words.Say("discord.commands.showTheTableAndScores"), Choices: choices("on", "off")},
			),
			sub("join", words.Say("discord.commands.joinTheGameInThis")),
			sub("leave", words.Say("discord.commands.leaveTheGame")),
			sub("start", words.Say("discord.commands.dealTheCardsHost")),
			sub("addbot", words.Say("discord.commands.addBotPlayersHost"),
				&discordgo.ApplicationCommandOption{Type: integer, Name: "count", Description: words.Say("discord.commands.howMany17"), MinValue: ptr(1.0), MaxValue: 7},
				&discordgo.ApplicationCommandOption{Type: str, Name: "level", Description: words.Say("discord.commands.howWellTheyPlayDefault"), Choices: choices("easy", "normal", "hard", "expert")}),
			sub("kick", words.Say("discord.commands.removeAPlayerOrGive"),
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: "player", Description: words.Say("discord.commands.who"), Required: true}),
			sub("hand", words.Say("discord.commands.showYourHandOnlyYou")),
			sub("status", words.Say("discord.commands.showTheTable")),
			sub("scores", words.Say("discord.commands.showTheScoreBreakdownSo")),
			sub("leaderboard", words.Say("discord.commands.thisServerSBestPlayers"),
				&discordgo.ApplicationCommandOption{Type: str, Name: "period", Description: words.Say("discord.commands.whichPeriod"), Choices: choices("week", "month", "all")},
				&discordgo.ApplicationCommandOption{Type: str, Name: "by", Description: words.Say("discord.commands.rankByDefaultRating"), Choices: choices("rating", "wins", "points")},
				&discordgo.ApplicationCommandOption{Type: str, Name: "game", Description: words.Say("discord.commands.whichGameSBoard"), Choices: choices("classic", "party")}),
			sub("stats", words.Say("discord.commands.aPlayerSRatingTotals"),
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: "player", Description: words.Say("discord.commands.whoseDefaultYours")}),
			sub("history", words.Say("discord.commands.thisServerSLast10"),
				&discordgo.ApplicationCommandOption{Type: integer, Name: "game", Description: words.Say("discord.commands.showOneGameSScores"), MinValue: ptr(1.0), MaxValue: 100},
				&discordgo.ApplicationCommandOption{Type: str, Name: "board", Description: words.Say("discord.commands.whichGameSHistory"), Choices: choices("classic", "party")}),
			sub("settings", words.Say("discord.commands.thisChannelSDefaultsFor"),
				&discordgo.ApplicationCommandOption{Type: str, Name: "threads", Description: words.Say("discord.commands.playByPlayInA2"), Choices: choices("on", "off")},
				&discordgo.ApplicationCommandOption{Type: str, Name: "pictures", Description: words.Say("discord.commands.tableAndScoresAsPictures"), Choices: choices("on", "off")}),
			sub("rules", words.Say("discord.commands.howToPlayOrOne"),
				&discordgo.ApplicationCommandOption{Type: str, Name: "card", Description: words.Say("discord.commands.aCard"), Choices: cardChoices()}),
			sub("end", words.Say("discord.commands.endTheGameHostOr")),
			sub("rematch", words.Say("discord.commands.startANewLobbyWith")),
			sub("help", words.Say("discord.commands.listTheCommands")),
		},
	}
}

// menuChoices are the host's menu choices (protocol.MenuChoices).
func menuChoices() []*discordgo.ApplicationCommandOptionChoice {
	return hostChoices(protocol.MenuChoices())
}

// cardChoices are every card type, classic and Party (23 of Discord's 25).
func cardChoices() []*discordgo.ApplicationCommandOptionChoice {
	return hostChoices(protocol.CardChoices())
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
			x := opt{Type: o.Type, Name: o.Name, Desc: o.Description, Required: o.Required, Min: o.MinValue, Max: o.MaxValue, Options: conv(o.Options)}
			for _, c := range o.Choices {
				x.Choices = append(x.Choices, fmt.Sprint(c.Name, "=", c.Value))
			}
			out = append(out, x)
		}
		return out
	}
	return json.Marshal(struct {
		Name, Desc string
		Options    []opt
	}{c.Name, c.Description, conv(c.Options)})
}

// Register installs /sushigo: in the configured guild (instant, for
// development) or globally, by one bulk overwrite, skipped when Discord
// already has the same definition (registrations are rate limited per day).
func (a *Adapter) Register() (changed bool, err error) {
	want := Command()
	have, err := a.s.ApplicationCommands(a.cfg.AppID, a.cfg.GuildID)
	if err != nil {
		return false, fmt.Errorf("discord: list commands: %w", err)
	}
	w, err := comparable(want)
	if err != nil {
		return false, err
	}
	if len(have) == 1 {
		if h, err := comparable(have[0]); err == nil && slices.Equal(h, w) {
			return false, nil
		}
	}
	if _, err := a.s.ApplicationCommandBulkOverwrite(a.cfg.AppID, a.cfg.GuildID, []*discordgo.ApplicationCommand{want}); err != nil {
		return false, fmt.Errorf("discord: register commands: %w", err)
	}
	return true, nil
}
