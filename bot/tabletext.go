package bot

import (
	"slices"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/words"
)

// tableTexts keeps, for each game, the parts of its table's text that
// change at a reveal, a decision or a round's end and not at a pick: each
// seat's cards in words and the latest reveal's lines. The outbox draws
// the table at every pick it shows (an eight-seat Party table's text was
// a twelfth of a replica's CPU at 1,000 Party games), and between two
// reveals only the seats' marks and the waiting line change: with the
// memo BenchmarkTableView takes 21 µs instead of 30 and allocates half.
//
// An entry is used only when every input of the text it holds is equal
// to the one it was said from, so the table is what it would be without
// it: a memo, not a second copy of the game. It holds the game's latest
// table in each language it is read in, as many as a gameMemo keeps.
var tableTexts tableTextMemo

type tableTextMemo struct {
	memo gameMemo[tableTextKey, *tableText]
}

// tableTextKey names a game's table in one language: a game whose pages
// are read in several keeps one for each.
type tableTextKey struct {
	game string
	w    words.Lang
}

// tableText is one game's table text and what it was said from.
type tableText struct {
	w           words.Lang
	party, over bool
	sameHands   bool
	seats       []seatText
	// names are the seats' names as the reveal's lines say them.
	names  []string
	reveal engine.Reveal
	lines  []string // nil: not said yet
}

// seatText is a seat's value on the table (its cards, what it keeps and,
// when the hands differ, its hand's size) and the part of its view it says.
type seatText struct {
	in  engine.SeatView // Tableau and Desserts are the memo's own copies
	val string
	// field is the seat's heading on the table (said "": not said yet),
	// said from the mark, name, bot flag and score beside it.
	field fieldText
}

// fieldText is a seat's heading and what it was said from. Only one
// seat's mark changes at a pick, and the others' headings were a fifth of
// the objects the table allocated.
type fieldText struct {
	mark, name string
	bot        bool
	score      int
	said       string
}

// sameSeat reports whether a and b say the same seat's value: the fields
// the look's tableau and kept and the hand's size read.
func sameSeat(a, b engine.SeatView) bool {
	return a.Dummy == b.Dummy && a.HandSize == b.HandSize && a.Puddings == b.Puddings &&
		a.UramakiIcons == b.UramakiIcons && slices.Equal(a.Tableau, b.Tableau) && slices.Equal(a.Desserts, b.Desserts)
}

// get returns game's entry for a table said in w with those settings,
// emptied of what they no longer match; nil without a game ID. The entry
// is the caller's until put.
func (m *tableTextMemo) get(game string, w words.Lang, party, over, sameHands bool) *tableText {
	if game == "" {
		return nil
	}
	// Taken out until put: two drawing one game at once each say their own.
	e, _ := m.memo.take(tableTextKey{game, w})
	if e == nil || e.party != party {
		return &tableText{w: w, party: party, over: over, sameHands: sameHands}
	}
	if e.over != over || e.sameHands != sameHands {
		e.seats = e.seats[:0]
	}
	e.over, e.sameHands = over, sameHands
	return e
}

func (m *tableTextMemo) put(game string, e *tableText) {
	if e == nil {
		return
	}
	m.memo.put(tableTextKey{game, e.w}, e)
}

// seat returns seat s's value, said by say when the entry has none for
// that view of the seat.
func (e *tableText) seat(s engine.SeatView, say func() string) string {
	if e == nil {
		return say()
	}
	for len(e.seats) <= s.Seat {
		e.seats = append(e.seats, seatText{in: engine.SeatView{HandSize: -1}})
	}
	t := &e.seats[s.Seat]
	if t.in.HandSize < 0 || !sameSeat(t.in, s) {
		in := s
		in.Tableau = slices.Clone(s.Tableau)
		in.Desserts = slices.Clone(s.Desserts)
		*t = seatText{in: in, val: say()}
	}
	return t.val
}

// field returns seat's heading, said by say when the entry has none said
// from the same mark, name, bot flag and score.
func (e *tableText) field(seat int, in fieldText, say func() string) string {
	if e == nil {
		return say()
	}
	for len(e.seats) <= seat {
		e.seats = append(e.seats, seatText{in: engine.SeatView{HandSize: -1}})
	}
	t := &e.seats[seat].field
	if t.said == "" || t.mark != in.mark || t.name != in.name || t.bot != in.bot || t.score != in.score {
		*t = in
		t.said = say()
	}
	return t.said
}

// revealed returns the latest reveal's lines, said by say when the entry
// has none for that reveal and those names.
func (e *tableText) revealed(r engine.Reveal, names []string, say func() []string) []string {
	if e == nil {
		return say()
	}
	if e.lines == nil || e.reveal != r || !slices.Equal(e.names, names) {
		e.reveal, e.names, e.lines = r, slices.Clone(names), say()
		if e.lines == nil {
			e.lines = []string{}
		}
	}
	return e.lines
}
