package bot

import (
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// Which language a message is in: a public one (the table, the thread,
// the closing post, pictures) in the game's, chosen when it opened; a
// private one (a hand, a refusal, an acknowledgement) in its reader's.

// langFor is the language of the person asking: their request's (their
// platform's locale), else their seat's, else the game's.
func (st *gameRecord) langFor(req protocol.Request) words.Lang {
	if !req.Lang.IsZero() {
		return req.Lang
	}
	if i := st.seatOf(req.Who.ID); i >= 0 {
		return st.Seats[i].Lang.Or(st.Lang)
	}
	return st.Lang
}

// learnLang keeps the language a seated person's request says they read,
// for what is sent to them later (their next hand).
func (st *gameRecord) learnLang(req protocol.Request) {
	if req.Lang.IsZero() {
		return
	}
	if i := st.seatOf(req.Who.ID); i >= 0 && st.Seats[i].human() {
		st.Seats[i].Lang = req.Lang
	}
}

// address marks each delivery's view with the language it is written in:
// a public one the game's, a private one its reader's.
func (st *gameRecord) address(ds []protocol.Delivery) {
	for i := range ds {
		if v := &ds[i].View; v.Lang.IsZero() {
			v.Lang = st.readerLang(ds[i].To)
		}
	}
}

// readerLang is the language of whoever reads a delivery to to.
func (st *gameRecord) readerLang(to protocol.Audience) words.Lang {
	if !to.IsPublic() {
		if i := st.seatOf(to.User); i >= 0 {
			return st.Seats[i].Lang.Or(st.Lang)
		}
	}
	return st.Lang
}
