package slack

import (
	"context"
	"errors"
	"fmt"
	"strings"

	slackapi "github.com/slack-go/slack"

	"github.com/sushigo/sushigo/protocol"
)

// where is the game location of a channel; a DM ("D…") has none, and the
// host finds the game from the button's game ID.
func where(team, channel string) protocol.Location {
	if strings.HasPrefix(channel, "D") {
		return protocol.Location{Platform: "slack"}
	}
	return protocol.Location{Platform: "slack", Community: team, Channel: channel}
}

// commandRequest turns a slash command into a host request.
func (a *Adapter) commandRequest(ctx context.Context, c slackapi.SlashCommand) (protocol.Request, error) {
	req := protocol.Request{
		Where: where(c.TeamID, c.ChannelID),
		Who:   protocol.User{ID: c.UserID, Name: c.UserName},
		Reply: protocol.Ref{ID: responseRef(c.ResponseURL), Expires: a.cfg.Now().Add(responseLife), Max: responseUses},
		Lang:  a.langOf(ctx, c.UserID),
	}
	act, err := protocol.ParseCommand(c.Text, req.Lang)
	if err != nil {
		return req, err
	}
	req.Action = act
	return req, nil
}

// clickRequest turns a block_actions payload into a host request.
// errNothingToDo marks a click the adapter acknowledges and does nothing
// with.
var errNothingToDo = errors.New("slack: nothing to do")

// confirmed reads, from the message's state, what the multi-select in
// block holds when its Confirm button is pressed.
func confirmed(cb slackapi.InteractionCallback, block string) (protocol.Action, error) {
	if cb.BlockActionState == nil {
		return nil, fmt.Errorf("slack: a confirm without the message's state")
	}
	for id, ba := range cb.BlockActionState.Values[block] {
		values := []string{}
		for _, o := range ba.SelectedOptions {
			values = append(values, o.Value)
		}
		return protocol.ParseSelection(id, values)
	}
	// Untouched and empty: nothing chosen. Its action ID is not in the
	// state, so the selection cannot be read.
	return nil, protocol.Usage("slack.inbound.chooseInTheListFirst")
}

func (a *Adapter) clickRequest(ctx context.Context, cb slackapi.InteractionCallback) (protocol.Request, error) {
	if cb.Type != slackapi.InteractionTypeBlockActions || len(cb.ActionCallback.BlockActions) == 0 {
		return protocol.Request{}, fmt.Errorf("slack: unsupported interaction %q", cb.Type)
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
	var act protocol.Action
	var err error
	switch {
	case ba.Type == "multi_static_select", strings.HasPrefix(ba.ActionID, offPrefix):
		// A multi-select changing (its Confirm submits it), or a disabled
		// button's stand-in.
		return protocol.Request{}, errNothingToDo
	case strings.HasPrefix(ba.ActionID, confirmPrefix):
		act, err = confirmed(cb, strings.TrimPrefix(ba.ActionID, confirmPrefix))
	case ba.Type == "static_select":
		act, err = protocol.ParseSelection(ba.ActionID, []string{ba.SelectedOption.Value})
	default:
		act, err = protocol.ParseActionID(ba.ActionID)
	}
	if err != nil {
		return protocol.Request{}, err
	}
	req := protocol.Request{
		Where:       where(cb.Team.ID, channel),
		Who:         protocol.User{ID: cb.User.ID, Name: name},
		Action:      act,
		FromPrivate: cb.Container.IsEphemeral || strings.HasPrefix(channel, "D"),
		Lang:        a.langOf(ctx, cb.User.ID),
	}
	if cb.TriggerID != "" {
		// One click's own ID: handled again (Redo), it changes a game at
		// most once.
		req.ID = "slack:" + cb.TriggerID
	}
	// A response_url replaces the message the button was on. That is a
	// handle for the player's hand only when the button was on an ephemeral
	// message; on a public one it would replace the table for everyone.
	if cb.Container.IsEphemeral {
		// The click's own answer replaces its message: one of the
		// response_url's five uses.
		req.Reply = protocol.Ref{ID: responseRef(cb.ResponseURL), Expires: a.cfg.Now().Add(responseLife), Max: responseUses, Uses: 1}
	}
	return req, nil
}
