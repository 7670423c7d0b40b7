package slack

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	slackapi "github.com/slack-go/slack"

	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/protocol"
)

// TestMultiSelectWaitsForConfirm: Slack sends block_actions on every
// change of a multi-select; none of them reaches the host (before, the
// first item chosen was submitted), and the Confirm button submits what
// the message's state holds (item 1).
func TestMultiSelectWaitsForConfirm(t *testing.T) {
	e := newEnv(t, protocol.HandsDM)
	flip := "sg2:flip:g1:1:2:3"
	v := protocol.View{Selects: []protocol.Select{{ActionID: flip, Placeholder: "Cards to flip", Min: 0, Max: 3,
		Options: []protocol.Option{{Label: "Egg", Value: "0"}, {Label: "Tofu", Value: "1"}, {Label: "Eel", Value: "2"}}}}}
	bs, _, _ := renderBlocks(v)
	raw, _ := json.Marshal(bs)
	if !strings.Contains(string(raw), `"action_id":"sgc:select0"`) {
		t.Fatalf("no Confirm button: %s", raw)
	}
	change := slackapi.InteractionCallback{Type: slackapi.InteractionTypeBlockActions}
	change.ActionCallback.BlockActions = []*slackapi.BlockAction{{ActionID: flip, BlockID: "select0", Type: "multi_static_select",
		SelectedOptions: []slackapi.OptionBlockObject{{Value: "0"}}}}
	if _, err := e.a.clickRequest(context.Background(), change); err != errNothingToDo {
		t.Errorf("a multi-select change went to the host: %v", err)
	}
	confirm := slackapi.InteractionCallback{Type: slackapi.InteractionTypeBlockActions,
		BlockActionState: &slackapi.BlockActionStates{Values: map[string]map[string]slackapi.BlockAction{
			"select0": {flip: {ActionID: flip, Type: "multi_static_select", SelectedOptions: []slackapi.OptionBlockObject{{Value: "0"}, {Value: "2"}}}}}}}
	confirm.ActionCallback.BlockActions = []*slackapi.BlockAction{{ActionID: "sgc:select0", BlockID: "confirm0", Type: "button", Value: "select0"}}
	req, err := e.a.clickRequest(context.Background(), confirm)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := protocol.ParseSelection(flip, []string{"0", "2"})
	if req.Action != want {
		t.Errorf("confirmed %+v, want %+v", req.Action, want)
	}
	confirm.BlockActionState.Values = map[string]map[string]slackapi.BlockAction{}
	if _, err := e.a.clickRequest(context.Background(), confirm); err == nil || !strings.Contains(err.Error(), "Choose in the list first") {
		t.Errorf("a confirm with nothing chosen: %v", err)
	}
}

// TestDisabledButtonsKeepTheirPlace: Slack has no disabled buttons; a
// disabled one is shown in brackets where it was, so the others do not
// shift, and pressing it does nothing (item 12).
func TestDisabledButtonsKeepTheirPlace(t *testing.T) {
	e := newEnv(t, protocol.HandsDM)
	v := protocol.View{Rows: [][]protocol.Button{{{Label: "Egg", ActionID: "sg1:pick:g:1:1:1:0:0:0"}, {Label: "Salmon (chosen)", ActionID: "sg1:pick:g:1:1:2:0:0:0", Disabled: true},
		{Label: "Squid", ActionID: "sg1:pick:g:1:1:3:0:0:0"}}}}
	bs, _, _ := renderBlocks(v)
	raw, _ := json.Marshal(bs)
	var got []string
	var decoded []map[string]any
	_ = json.Unmarshal(raw, &decoded)
	for _, b := range decoded {
		els, _ := b["elements"].([]any)
		for _, el := range els {
			got = append(got, el.(map[string]any)["text"].(map[string]any)["text"].(string))
		}
	}
	if strings.Join(got, "|") != "Egg|(Salmon (chosen))|Squid" {
		t.Errorf("buttons %q", got)
	}
	press := slackapi.InteractionCallback{Type: slackapi.InteractionTypeBlockActions}
	press.ActionCallback.BlockActions = []*slackapi.BlockAction{{ActionID: offPrefix + "0:1", BlockID: "row0", Type: "button"}}
	if _, err := e.a.clickRequest(context.Background(), press); err != errNothingToDo {
		t.Errorf("a disabled button's press: %v", err)
	}
}

// TestNoLobbyWhereTheAppCannotPost: /sushigo new in a channel the app is
// not in tells its typer privately how to invite it, and stores no lobby
// others could join unseen (item 3).
func TestNoLobbyWhereTheAppCannotPost(t *testing.T) {
	e := newEnv(t, protocol.HandsDM)
	e.f.notIn[channel] = true
	e.slash(alice, "new bots=1")
	if m := e.f.latest(alice.id, "invite me"); m == nil {
		t.Errorf("alice was not told to invite the app: %v", e.f.history)
	}
	where := protocol.Location{Platform: "slack", Community: team, Channel: channel}
	if running, err := e.a.host.(*bot.Bot).Running(context.Background(), where); err != nil || running {
		t.Errorf("a lobby was stored: %v, %v", running, err)
	}
	e.f.notIn[channel] = false
	e.slash(alice, "new bots=1")
	if e.f.latest("", "lobby") == nil {
		t.Error("no lobby once the app is in the channel")
	}
}

// TestStartLeavesNoStaleHand: with ephemeral hands the host's Start (a
// click on the public lobby, which leaves no handle to update a private
// message) posts no hand: a hand posted then could never be kept up to
// date, and lingered beside the one Show my hand brings.
func TestStartLeavesNoStaleHand(t *testing.T) {
	e := newEnv(t, protocol.HandsEphemeral)
	e.slash(alice, "new bots=1 timer=0")
	lobby := e.f.latest("", "lobby")
	e.click(bob, lobby, lobby.action("sg1:join:"))
	e.click(alice, e.f.get(lobby), lobby.action("sg1:start:"))
	table := e.f.latest("", "Sushi Go! — round 1/3, turn 1")
	e.click(alice, table, table.action("sg1:hand:"))
	e.f.mu.Lock()
	defer e.f.mu.Unlock()
	live := 0
	for _, m := range e.f.messages {
		if m.Audience == alice.id && strings.Contains(m.Blocks, "Your hand") && m.action("sg1:pick:") != "" {
			live++
		}
	}
	if live != 1 {
		t.Errorf("alice sees %d hands with pick buttons, want 1", live)
	}
}
