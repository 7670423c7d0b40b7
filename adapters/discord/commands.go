package discord

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/bwmarrin/discordgo"

	"github.com/sushigo/sushigo/protocol"
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
		Description: "Play Sushi Go! in this channel",
		Type:        discordgo.ChatApplicationCommand,
		Contexts:    &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild},
		Options: []*discordgo.ApplicationCommandOption{
			sub("new", "Open a game lobby in this channel",
				&discordgo.ApplicationCommandOption{Type: str, Name: "game", Description: "Sushi Go! (classic) or Sushi Go Party!", Choices: choices("classic", "party")},
				&discordgo.ApplicationCommandOption{Type: str, Name: "menu", Description: "Party menu (implies party)", Choices: menuChoices()},
				&discordgo.ApplicationCommandOption{Type: integer, Name: "bots", Description: "Bot players to seat (0-4 classic, 0-7 party)", MinValue: ptr(0.0), MaxValue: 7},
				&discordgo.ApplicationCommandOption{Type: str, Name: "level", Description: "How well the bots play", Choices: choices("easy", "normal", "hard", "expert")},
				&discordgo.ApplicationCommandOption{Type: str, Name: "pass", Description: "Which way hands travel", Choices: choices("left", "alternate")},
				&discordgo.ApplicationCommandOption{Type: str, Name: "variant", Description: "classic, or the 2-player dummy variant", Choices: choices("classic", "dummy")},
				&discordgo.ApplicationCommandOption{Type: integer, Name: "timer", Description: "Seconds per turn (0 = no timer)", MinValue: ptr(0.0), MaxValue: 3600},
				&discordgo.ApplicationCommandOption{Type: str, Name: "hands", Description: "Where your hand appears", Choices: choices("ephemeral", "dm")},
				&discordgo.ApplicationCommandOption{Type: str, Name: "threads", Description: "Play-by-play in a thread under the table (default) or in the channel", Choices: choices("on", "off")},
				&discordgo.ApplicationCommandOption{Type: str, Name: "pictures", Description: "Show the table and scores as pictures too (default) or as text only", Choices: choices("on", "off")},
			),
			sub("join", "Join the game in this channel"),
			sub("leave", "Leave the game"),
			sub("start", "Deal the cards (host)"),
			sub("addbot", "Add bot players (host)",
				&discordgo.ApplicationCommandOption{Type: integer, Name: "count", Description: "How many (1-7)", MinValue: ptr(1.0), MaxValue: 7},
				&discordgo.ApplicationCommandOption{Type: str, Name: "level", Description: "How well they play (default: the game's)", Choices: choices("easy", "normal", "hard", "expert")}),
			sub("kick", "Remove a player, or give their seat to a bot (host)",
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: "player", Description: "Who", Required: true}),
			sub("hand", "Show your hand (only you see it)"),
			sub("status", "Show the table"),
			sub("scores", "Show the score breakdown so far"),
			sub("leaderboard", "This server's best players",
				&discordgo.ApplicationCommandOption{Type: str, Name: "period", Description: "Which period", Choices: choices("week", "month", "all")},
				&discordgo.ApplicationCommandOption{Type: str, Name: "by", Description: "Rank by (default: rating)", Choices: choices("rating", "wins", "points")},
				&discordgo.ApplicationCommandOption{Type: str, Name: "game", Description: "Which game's board", Choices: choices("classic", "party")}),
			sub("stats", "A player's rating, totals, favourite card and record against you",
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: "player", Description: "Whose (default: yours)"}),
			sub("history", "This server's last 10 games",
				&discordgo.ApplicationCommandOption{Type: integer, Name: "game", Description: "Show one game's scores (1 = the latest)", MinValue: ptr(1.0), MaxValue: 100},
				&discordgo.ApplicationCommandOption{Type: str, Name: "board", Description: "Which game's history", Choices: choices("classic", "party")}),
			sub("settings", "This channel's defaults for new games",
				&discordgo.ApplicationCommandOption{Type: str, Name: "threads", Description: "Play-by-play in a thread under the table (on) or in the channel (off)", Choices: choices("on", "off")},
				&discordgo.ApplicationCommandOption{Type: str, Name: "pictures", Description: "Table and scores as pictures too (on) or as text only (off)", Choices: choices("on", "off")}),
			sub("rules", "How to play, or one card",
				&discordgo.ApplicationCommandOption{Type: str, Name: "card", Description: "A card", Choices: cardChoices()}),
			sub("end", "End the game (host or admin)"),
			sub("rematch", "Start a new lobby with the same players"),
			sub("help", "List the commands"),
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
