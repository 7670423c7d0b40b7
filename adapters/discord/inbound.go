package discord

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// Permissions that make a member a channel admin for the host (may `end`).
const adminPerms = discordgo.PermissionAdministrator | discordgo.PermissionManageChannels | discordgo.PermissionManageGuild

// request turns an interaction into a host request.
func (a *Adapter) request(ix *discordgo.Interaction) (protocol.Request, error) {
	req := protocol.Request{
		Where: protocol.Location{Platform: "discord", Community: ix.GuildID, Channel: ix.ChannelID},
		Reply: protocol.Ref{ID: tokenRef(ix.Token), Expires: a.cfg.Now().Add(tokenLife)},
		ID:    ix.ID,
		// What only this person reads is in their client's language; a
		// game opened here writes in the server's (unless the channel
		// chose one).
		Lang: words.Match(string(ix.Locale)),
	}
	if ix.GuildLocale != nil && ix.GuildID != "" {
		req.PlaceLang = words.Match(string(*ix.GuildLocale))
	}
	if ix.GuildID == "" {
		// A DM: the host finds the game from the button's game ID.
		req.Where = protocol.Location{Platform: "discord"}
	}
	// Discord sends the app's permissions in the channel with every
	// interaction: without Attach Files no picture can be posted here.
	req.NoFiles = ix.GuildID != "" && ix.AppPermissions != 0 && ix.AppPermissions&discordgo.PermissionAttachFiles == 0
	switch {
	case ix.Member != nil && ix.Member.User != nil:
		req.Who = protocol.User{ID: ix.Member.User.ID, Name: displayName(ix.Member.Nick, ix.Member.User),
			Admin: ix.Member.Permissions&adminPerms != 0}
	case ix.User != nil:
		req.Who = protocol.User{ID: ix.User.ID, Name: displayName("", ix.User)}
	default:
		return req, fmt.Errorf("discord: interaction %s has no user", ix.ID)
	}
	switch ix.Type {
	case discordgo.InteractionApplicationCommand:
		text, err := commandText(ix.ApplicationCommandData())
		if err != nil {
			return req, err
		}
		act, err := protocol.ParseCommand(text, req.Lang)
		if err != nil {
			return req, err
		}
		req.Action = act
	case discordgo.InteractionMessageComponent:
		d := ix.MessageComponentData()
		var act protocol.Action
		var err error
		if d.ComponentType == discordgo.SelectMenuComponent {
			act, err = protocol.ParseSelection(d.CustomID, d.Values)
		} else {
			act, err = protocol.ParseActionID(d.CustomID)
		}
		if err != nil {
			return req, err
		}
		req.Action = act
		req.FromPrivate = ix.GuildID == "" || (ix.Message != nil && ix.Message.Flags&discordgo.MessageFlagsEphemeral != 0)
	default:
		return req, fmt.Errorf("discord: unsupported interaction type %d", ix.Type)
	}
	return req, canHost(ix, req.Action, req.Lang)
}

// The permissions a game's channel must give the app: to see it, post and
// edit the table, show it as an embed and read back its own messages
// (the README's invite link grants them, with the thread ones and Attach
// Files). Without the thread ones a game still plays, its play-by-play in
// the channel; without Attach Files, it plays without pictures.
const (
	requiredPerms = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages | discordgo.PermissionEmbedLinks |
		discordgo.PermissionReadMessageHistory
	threadPerms = discordgo.PermissionCreatePublicThreads | discordgo.PermissionSendMessagesInThreads
)

var permNames = []struct {
	bit  int64
	name words.Key
}{
	{discordgo.PermissionViewChannel, "discord.inbound.viewChannel"}, {discordgo.PermissionSendMessages, "discord.inbound.sendMessages"},
	{discordgo.PermissionEmbedLinks, "discord.inbound.embedLinks"}, {discordgo.PermissionReadMessageHistory, "discord.inbound.readMessageHistory"},
}

// canHost refuses to open a lobby (new, rematch) in a channel where the
// app could not show it: nothing would be seen, yet others could join.
func canHost(ix *discordgo.Interaction, act protocol.Action, w words.Lang) error {
	switch act.(type) {
	case protocol.NewGame, protocol.Rematch:
	default:
		return nil
	}
	if ix.GuildID == "" || ix.AppPermissions == 0 {
		return nil // a DM, or a payload without the field: nothing to tell
	}
	var missing []string
	for _, p := range permNames {
		if ix.AppPermissions&p.bit == 0 {
			missing = append(missing, w.Say(p.name))
		}
	}
	if len(missing) == 0 {
		return nil
	}
	return &protocol.UsageError{Words: []words.Phrase{words.P("discord.inbound.iCanTRunA", strings.Join(missing, ", ")),
		words.P("discord.inbound.askAServerAdminTo")}, Lang: w}
}

// displayName is the name a member goes by, escaped so that Discord shows
// it as typed wherever the host puts it in markdown: "*star*" is not bold.
func displayName(nick string, u *discordgo.User) string {
	switch {
	case nick != "":
		return escapeMarkdown(nick)
	case u.GlobalName != "":
		return escapeMarkdown(u.GlobalName)
	}
	return escapeMarkdown(u.Username)
}

// markdownEscaper escapes the characters Discord's markdown gives a meaning.
var markdownEscaper = strings.NewReplacer(`\`, `\\`, "*", `\*`, "_", `\_`, "~", `\~`, "`", "\\`", "|", `\|`, ">", `\>`, "#", `\#`)

func escapeMarkdown(s string) string { return markdownEscaper.Replace(s) }

// markdownUnescaper undoes escapeMarkdown where Discord shows text as is
// (embed titles, footers, button labels), so no backslash shows.
var markdownUnescaper = strings.NewReplacer(`\\`, `\`, `\*`, "*", `\_`, "_", `\~`, "~", "\\`", "`", `\|`, "|", `\>`, ">", `\#`, "#")

func unescapeMarkdown(s string) string { return markdownUnescaper.Replace(s) }

// commandText renders /sushigo <sub> <options> as the host's command text,
// so Discord and Slack share one parser.
func commandText(d discordgo.ApplicationCommandInteractionData) (string, error) {
	if d.Name != commandName || len(d.Options) != 1 {
		return "", fmt.Errorf("discord: unexpected command %q", d.Name)
	}
	sub := d.Options[0]
	words := []string{sub.Name}
	for _, o := range sub.Options {
		v := fmt.Sprint(o.Value)
		if f, ok := o.Value.(float64); ok {
			v = fmt.Sprint(int(f))
		}
		switch {
		case sub.Name == "new" && o.Name == "variant":
			if v == "dummy" {
				words = append(words, "dummy")
			}
		case sub.Name == "new" && o.Name == "game":
			words = append(words, v)
		case sub.Name == "new", sub.Name == "settings":
			words = append(words, o.Name+"="+v)
		default:
			words = append(words, v)
		}
	}
	return strings.Join(words, " "), nil
}
