package slack

import (
	"fmt"
	"strings"

	slackapi "github.com/slack-go/slack"

	"github.com/sushigo/sushigo/bot"
)

// where is the game location of a channel; a DM ("D…") has none, and the
// host finds the game from the button's game ID.
func where(team, channel string) bot.Location {
	if strings.HasPrefix(channel, "D") {
		return bot.Location{Platform: "slack"}
	}
	return bot.Location{Platform: "slack", Community: team, Channel: channel}
}

// commandRequest turns a slash command into a host request.
func (a *Adapter) commandRequest(c slackapi.SlashCommand) (bot.Request, error) {
	req := bot.Request{
		Where: where(c.TeamID, c.ChannelID),
		Who:   bot.User{ID: c.UserID, Name: c.UserName},
		Reply: bot.Ref{ID: responseRef(c.ResponseURL), Expires: a.cfg.Now().Add(responseLife)},
	}
	act, err := bot.ParseCommand(c.Text)
	if err != nil {
		return req, err
	}
	req.Action = act
	return req, nil
}

// clickRequest turns a block_actions payload into a host request.
func (a *Adapter) clickRequest(cb slackapi.InteractionCallback) (bot.Request, error) {
	if cb.Type != slackapi.InteractionTypeBlockActions || len(cb.ActionCallback.BlockActions) == 0 {
		return bot.Request{}, fmt.Errorf("slack: unsupported interaction %q", cb.Type)
	}
	channel := cb.Container.ChannelID
	if channel == "" {
		channel = cb.Channel.ID
	}
	name := cb.User.Name
	if name == "" {
		name = cb.User.ID
	}
	ba := cb.ActionCallback.BlockActions[0]
	var act bot.Action
	var err error
	switch ba.Type {
	case "static_select":
		act, err = bot.ParseSelection(ba.ActionID, []string{ba.SelectedOption.Value})
	case "multi_static_select":
		values := []string{}
		for _, o := range ba.SelectedOptions {
			values = append(values, o.Value)
		}
		act, err = bot.ParseSelection(ba.ActionID, values)
	default:
		act, err = bot.ParseActionID(ba.ActionID)
	}
	if err != nil {
		return bot.Request{}, err
	}
	req := bot.Request{
		Where:       where(cb.Team.ID, channel),
		Who:         bot.User{ID: cb.User.ID, Name: name},
		Action:      act,
		FromPrivate: cb.Container.IsEphemeral || strings.HasPrefix(channel, "D"),
	}
	// A response_url replaces the message the button was on. That is a
	// handle for the player's hand only when the button was on an ephemeral
	// message; on a public one it would replace the table for everyone.
	if cb.Container.IsEphemeral {
		req.Reply = bot.Ref{ID: responseRef(cb.ResponseURL), Expires: a.cfg.Now().Add(responseLife)}
	}
	return req, nil
}
