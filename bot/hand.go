package bot

import (
	"strings"

	"github.com/sushigo/sushigo/protocol"
)

// handParts is what a player's private hand screen shows at one step of
// choosing. Both games draw it with drawHand; each supplies its step's
// parts (classicHandView, partyHandView through look.hand).
type handParts struct {
	// text says what to do now, a line each.
	text []string
	// cards are the buttons of the cards (or options) to press, in order;
	// cardRows caps their rows (0: as many as they take), leaving room for
	// the controls under them.
	cards    []protocol.Button
	cardRows int
	// controls are the other buttons: chopsticks, a call, start over.
	controls []protocol.Button
	// front is the cards in front of the player.
	front string
}

// drawHand is the private hand screen of both games, for a turn of st.
func drawHand(st *snapshot, h handParts) protocol.View {
	v := handHead(st, st.game.Round(), st.game.Turn())
	v.Text = strings.Join(h.text, "\n")
	rows := h.cardRows
	if rows == 0 {
		rows = len(h.cards)
	}
	v.Rows = chunk(h.cards, protocol.RowButtons, rows)
	if st.Opts.Hints && len(h.cards) > 0 {
		// First among the controls, so none of them pushes it out.
		hint := protocol.Button{Label: st.w.Say("button.hint"), Emoji: "💡", ActionID: protocol.ActionID(protocol.Hint{Game: st.ID})}
		h.controls = append([]protocol.Button{hint}, h.controls...)
	}
	if len(h.controls) > 0 {
		v.Rows = append(v.Rows, h.controls[:min(len(h.controls), protocol.RowButtons)])
	}
	v.Fields = []protocol.Field{{Name: st.w.Say("hand.inFrontOfYou"), Value: h.front}}
	return v
}
