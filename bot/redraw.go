package bot

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/sushigo/sushigo/boards"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// Views the outbox draws when it sends them. A delivery whose view is
// what the stored game shows anyway (the table, a player's hand, a
// round's scores) is marked with its drawing's name (Delivery.Redraw);
// the outbox stores the name, not the view, and draws it from the game as
// stored when it sends. A live game's record stays small (a rendered hand
// is over a kilobyte, its name a few bytes), a load decodes little, and
// the table and hands sent show the game as it is then: they are edits
// of living messages, which newer ones replace anyway. What only the
// moment knew (a reveal, a note added to one player's hand) stays
// rendered.
const (
	redrawTable = "table"
	redrawHand  = "hand"
	redrawRound = "round:"
	// redrawReveal is the latest reveal: drawable only until the game
	// moves on, so a change freezes it first (record.Queue.Freeze).
	redrawReveal = "reveal"
	// redrawFinal is the closing post, with the ratings once known.
	redrawFinal = "final"
)

// checkRedraw makes enqueue check that each drawing named would draw the
// view it replaces, at the moment it is queued (tests set it).
var checkRedraw bool

// redraw draws the view named name for audience to, from st at now;
// false when there is nothing to draw (the player left their seat).
func (st *snapshot) redraw(name string, to protocol.Audience, now time.Time) (protocol.View, bool) {
	v, ok := st.drawNamed(name, to, now)
	if ok {
		v.Lang = st.w
		if i := seatIndex(st.Seats, to.User); i >= 0 && !to.IsPublic() {
			v.Lang = st.to(i).w
		}
	}
	return v, ok
}

func (st *snapshot) drawNamed(name string, to protocol.Audience, now time.Time) (protocol.View, bool) {
	switch {
	case name == redrawTable:
		return tableView(st, now), true
	case name == redrawHand:
		i := seatIndex(st.Seats, to.User)
		if i < 0 || st.game == nil {
			return protocol.View{}, false
		}
		return handNow(st, i), true
	case name == redrawFinal:
		if st.game == nil || !st.game.Over() {
			return protocol.View{}, false
		}
		return finalNow(st), true
	case name == redrawReveal:
		if st.game == nil || st.game.LastReveal().Round == 0 {
			return protocol.View{}, false
		}
		return revealView(st), true
	case strings.HasPrefix(name, redrawRound):
		r, err := strconv.Atoi(name[len(redrawRound):])
		if err != nil || st.game == nil || r < 1 || r > st.game.RoundsScored() {
			return protocol.View{}, false
		}
		return roundScoreView(st, r), true
	}
	return protocol.View{}, false
}

// handNow is seat i's hand as it stands: the cards to choose from, the
// pick locked in, the decision asked or the game's end.
func handNow(st *snapshot, i int) protocol.View {
	if p, ok := st.game.View(i).Pending(); ok && !st.game.Deciding() && !st.game.Over() {
		return lockedView(st, i, p)
	}
	return handOrOver(st, i)
}

// ratedNote is what a game's closing post says of its ratings.
type ratedNote struct {
	Title  string   `json:"t"`
	Text   string   `json:"x"`
	Footer string   `json:"f,omitempty"`
	Notes  []string `json:"n,omitempty"` // per seat, beside the standings in the picture
	// Rows and Less are what the post says, in no language: a page or a
	// private copy draws them in its reader's. (Title, Text and Footer
	// are the game's language, and all a game stored before them has.)
	Rows []ratedRow `json:"r,omitempty"`
	Less bool       `json:"l,omitempty"`
}

// ratedRow is one person's part of the post (boards.RatingRow).
type ratedRow struct {
	Name      string `json:"n"`
	Shown     string `json:"s"`
	Delta     int    `json:"d"`
	Forfeited bool   `json:"f,omitempty"`
	Kicked    bool   `json:"k,omitempty"`
}

// view is the note drawn in w.
func (r *ratedNote) view(w words.Lang) (title, text, footer string) {
	if r.Rows == nil {
		return r.Title, r.Text, r.Footer
	}
	rows := make([]boards.RatingRow, len(r.Rows))
	for i, x := range r.Rows {
		rows[i] = boards.RatingRow{Name: x.Name, Shown: x.Shown, Delta: x.Delta, Forfeited: x.Forfeited, Kicked: x.Kicked}
	}
	v := boards.RatingsOf(w, rows, r.Less)
	return v.Title, v.Text, v.Footer
}

// finalNow is the game's closing post: the standings, and the ratings
// once they are known.
func finalNow(st *snapshot) protocol.View {
	v := finalView(st)
	if r := st.rated; r != nil {
		title, text, footer := r.view(st.w)
		v.Fields = append(v.Fields, protocol.Field{Name: title, Value: text})
		v.Footer = footer
		if v.Picture != nil {
			v.Picture = finalPicture(st, r.Notes)
		}
	}
	return v
}

// latestReveal reports whether d is the post of the reveal st shows last,
// as st draws it, so the outbox may draw it again when it sends.
func (st *snapshot) latestReveal(d protocol.Delivery) bool {
	if d.View.Screen != protocol.ScreenReveal || st.game == nil {
		return false
	}
	r := st.game.LastReveal()
	if r.Round != d.View.Round || r.Turn != d.View.Turn {
		return false
	}
	v := protocol.Spoken(st.plat.Commands, revealView(st))
	return v.Title == d.View.Title && v.Text == d.View.Text
}

// redrawn marks ds as drawn by name.
func redrawn(name string, ds []protocol.Delivery) []protocol.Delivery {
	for i := range ds {
		ds[i].Redraw = name
	}
	return ds
}

// checkDrawing panics, in tests, when the drawing d names does not draw
// d's view: a view marked by mistake would lose what it said.
func (st *snapshot) checkDrawing(d protocol.Delivery, now time.Time) {
	v, ok := st.redraw(d.Redraw, d.To, now)
	if !ok {
		panic(fmt.Sprintf("bot: nothing to draw for %q to %+v", d.Redraw, d.To))
	}
	v = protocol.Spoken(st.plat.Commands, v)
	if !reflect.DeepEqual(v, d.View) {
		panic(fmt.Sprintf("bot: drawing %q draws\n%+v\nnot the view queued\n%+v", d.Redraw, v, d.View))
	}
}

// undrawn reports whether d's view is left to its drawing (refreshTableNow):
// a drawn view always says something.
func undrawn(d protocol.Delivery) bool {
	return d.Redraw != "" && d.View.Text == "" && d.View.Title == "" && d.View.Screen == 0
}

// drawUndrawn draws the views of ds left undrawn, but for those the
// outbox takes by name (queued: every post and edit of a game it sends).
func (st *gameRecord) drawUndrawn(ds []protocol.Delivery, now time.Time, queued bool) {
	var sn *snapshot
	for i := range ds {
		if !undrawn(ds[i]) || (queued && ds[i].Kind != protocol.Reply) {
			continue
		}
		if sn == nil {
			sn = st.snap()
		}
		if v, ok := sn.drawNamed(ds[i].Redraw, ds[i].To, now); ok {
			ds[i].View = v
		}
	}
}
