package bot

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/sushigo/sushigo/protocol"
)

// A game keeps a busy channel readable: the channel gets the table message
// (the lobby, then the living table, then the final table) and one closing
// post; everything else public — each reveal, each round's scores, the
// pings telling people it is their move — goes to a thread under the
// table. Where no thread can be made (a missing permission, a channel type
// without threads) the play-by-play falls back to the channel, and the
// channel is told why once. Threads can be turned off per game
// (`threads=off`).

// threadOpen is state.Thread once the game's thread exists.
const threadOpen = "open"

// thread is the record's part that says where the play-by-play goes.
type thread struct {
	// Thread is the state of the game's play-by-play thread: "" before its
	// first post, threadOpen once made, else why there is none (its posts
	// go to the channel); ThreadSaid is set once the channel was told why.
	Thread     string `json:"th,omitempty"`
	ThreadSaid bool   `json:"ths,omitempty"`
	// ThreadRoot is the table message the thread hangs from: it stays the
	// thread's when a deleted table is posted again. TableLost is set from
	// the table's deletion until the table posted again said so.
	ThreadRoot protocol.Ref `json:"tr,omitzero"`
	TableLost  bool         `json:"tl,omitempty"`
}

// open sets the thread's state; once open, it hangs from table, the table
// message of that moment, for the rest of the game.
func (t *thread) open(to string, table protocol.Ref) {
	t.Thread = to
	if to == threadOpen && t.ThreadRoot.ID == "" {
		t.ThreadRoot = table
	}
}

// parent is the message the thread hangs from: its root, else table.
func (t *thread) parent(table protocol.Ref) protocol.Ref {
	if t.ThreadRoot.ID != "" {
		return t.ThreadRoot
	}
	return table
}

// possible reports whether the play-by-play may go to a thread: none was
// refused.
func (t *thread) possible() bool { return t.Thread == "" || t.Thread == threadOpen }

// openThread sets the thread's state (thread.open) against today's table.
func (st *gameRecord) openThread(gameRecord string) { st.thread.open(gameRecord, st.Table) }

// threadParent is the message the thread hangs from.
func (st *gameRecord) threadParent() protocol.Ref { return st.thread.parent(st.Table) }

// threaded reports whether the game's play-by-play goes to a thread.
func (st *gameRecord) threaded() bool { return st.chat() && !st.Opts.NoThreads && st.thread.possible() }

// threadName names the game's thread (Discord: 1–100 characters).
func threadName(st *gameRecord) string { return st.Lang.Say("thread.name", gameTitle(st.snap())) }

// playByPlay is a post to the game's thread; route resolves it when it is
// sent.
func playByPlay(v protocol.View) protocol.Delivery {
	return protocol.Delivery{Kind: protocol.Post, To: protocol.Thread, View: v}
}

// route resolves a thread post against the state as it is now: under the
// table message while the game has a thread, else in the channel (with the
// reason, the first time). A thread post that must wait for the table's
// reference reports wait.
func (st *gameRecord) route(d protocol.Delivery, now time.Time) (out protocol.Delivery, wait, said bool) {
	if d.Kind != protocol.Post || !d.To.Thread {
		return d, false, false
	}
	switch {
	case st.threaded() && st.Table.Usable(now):
		d.Parent = st.threadParent()
		if st.Thread == "" {
			d.OpenThread = threadName(st)
		}
		return d, false, false
	case st.threaded() && !st.TableSince.IsZero() && now.Sub(st.TableSince) < tableWait:
		return d, true, false
	}
	d.To, d.Parent, d.OpenThread = protocol.Channel, protocol.Ref{}, ""
	if st.chat() && !st.Opts.NoThreads && !st.threaded() && !st.ThreadSaid {
		// Not by choice: st.Thread says why.
		d.View.Text = protocol.ThreadFallbackNote(st.Lang, st.Thread) + "\n" + d.View.Text
		said = true
	}
	return d, false, said
}

// routeAll resolves the thread posts of a response delivered straight away
// (no outbox): the first one opens the thread, which is then taken as open;
// an adapter that fails to open it reports SlotNoThread. A delete of a
// message not yet known is dropped.
func (st *gameRecord) routeAll(ds []protocol.Delivery, now time.Time) []protocol.Delivery {
	out := ds[:0]
	for _, d := range ds {
		if d.Kind == protocol.Delete && d.Ref.ID == "" {
			continue
		}
		r, wait, said := st.route(d, now)
		if wait {
			r.To, r.Parent = protocol.Channel, protocol.Ref{}
		}
		if r.OpenThread != "" {
			st.openThread(threadOpen)
		}
		if said {
			st.ThreadSaid = true
		}
		out = append(out, r)
	}
	return out
}

// finalEdit resolves the edit of the closing post that adds the ratings:
// an edit of the post once its reference is known, else the post itself.
func (st *gameRecord) finalEdit(d protocol.Delivery) protocol.Delivery {
	if d.Slot != protocol.SlotFinal || d.Kind != protocol.Edit {
		return d
	}
	if st.Final.ID != "" {
		d.Ref = st.Final
	} else {
		d.Kind, d.Ref = protocol.Post, protocol.Ref{}
	}
	return d
}

// foldFinal folds an edit of the closing post into that post when both are
// delivered at once (no outbox: the post's reference is not known yet).
func (st *gameRecord) foldFinal(ds []protocol.Delivery) []protocol.Delivery {
	post := -1
	out := ds[:0]
	for _, d := range ds {
		switch {
		case d.Slot == protocol.SlotFinal && d.Kind == protocol.Post:
			post = len(out)
		case d.Slot == protocol.SlotFinal && d.Kind == protocol.Edit && post >= 0:
			out[post].View = d.View
			continue
		}
		out = append(out, st.finalEdit(d))
	}
	return out
}

// mentionsOf are the user IDs of seats, for a ping.
func (st *gameRecord) mentionsOf(seats []int) []string {
	var out []string
	for _, i := range seats {
		if i >= 0 && i < len(st.Seats) && st.Seats[i].human() {
			out = append(out, st.Seats[i].User)
		}
	}
	return out
}

// showHandRow is the button that brings a player's hand back.
func showHandRow(st *gameRecord) [][]protocol.Button {
	return [][]protocol.Button{{{Label: st.Lang.Say("thread.showMyHand"), Emoji: "🎴", ActionID: protocol.ActionID(protocol.ShowHand{Game: st.ID}), Style: protocol.Primary}}}
}

// startPing tells every person at the table, once, that the game began.
func startPing(st *gameRecord) []protocol.Delivery {
	var seats []int
	for i := range st.Seats {
		seats = append(seats, i)
	}
	who := st.mentionsOf(seats)
	if !st.chat() || len(who) == 0 {
		return nil
	}
	text := st.Lang.Say("thread.theGameHasStartedPress")
	if st.Opts.Hands == protocol.HandsDM {
		text = st.Lang.Say("thread.theGameHasStartedYour")
	}
	return []protocol.Delivery{playByPlay(protocol.View{Screen: protocol.ScreenPing, Text: text, Mentions: who, Rows: showHandRow(st), Tone: protocol.TonePlay})}
}

// decisionPing tells the person who must decide after a reveal, once per
// decision; an edit of a private message notifies nobody.
func decisionPing(st *gameRecord) []protocol.Delivery {
	if !st.chat() || st.game == nil {
		return nil
	}
	d, ok := st.game.Decision()
	if !ok || d.Seat >= len(st.Seats) || !st.Seats[d.Seat].human() {
		return nil
	}
	if !st.reminder.pingOnce(fmt.Sprintf("%d.%d.%d", d.Round, d.Turn, d.Step)) {
		return nil
	}
	name := st.name(d.Seat)
	v := protocol.View{Screen: protocol.ScreenPing, Tone: protocol.TonePlay, Mentions: st.mentionsOf([]int{d.Seat}), Rows: showHandRow(st),
		Text: st.Lang.Say("thread.sYourMoveUseYour", name, decisionName(st.Lang, d))}
	return []protocol.Delivery{playByPlay(v)}
}

// waitingSeats are the people the game waits on now: the decider after a
// reveal, else everyone who has not picked.
func (st *gameRecord) waitingSeats() (seats []int, what string) {
	g := st.game
	if d, ok := g.Decision(); ok {
		if d.Seat < len(st.Seats) && st.Seats[d.Seat].human() {
			seats = append(seats, d.Seat)
		}
		return seats, st.Lang.Say("thread.useYour", decisionName(st.Lang, d))
	}
	for i := range st.Seats {
		if !g.Submitted(i) && st.Seats[i].human() {
			seats = append(seats, i)
		}
	}
	return seats, st.Lang.Say("thread.chooseYourCard")
}

// remind posts the game's one reminder, naming only the late players; an
// older one still live is removed first.
func (st *gameRecord) remind(seats []int, text string) []protocol.Delivery {
	ds := st.clearReminder()
	v := protocol.View{Screen: protocol.ScreenPing, Tone: protocol.TonePlay, Text: text, Mentions: st.mentionsOf(seats)}
	if st.chat() {
		v.Rows = showHandRow(st)
	}
	d := playByPlay(v)
	d.Slot = protocol.SlotReminder
	st.reminder.naming(v.Mentions)
	return append(ds, d)
}

// clearReminder removes the live reminder (or, not sent yet, drops it).
func (st *gameRecord) clearReminder() []protocol.Delivery { return st.reminder.clear() }

// reminder is the record's part for the game's one live reminder and the
// last decision pinged.
type reminder struct {
	// Reminder is the game's one live reminder, naming RemindFor.
	Reminder  protocol.Ref `json:"rm,omitzero"`
	RemindFor []string     `json:"rmf,omitempty"`
	// Pinged is the decision whose decider was last told to move
	// ("round.turn.step"), so each decision pings once.
	Pinged string `json:"pg,omitempty"`
}

// naming records who the reminder being posted names.
// cloned is a copy of r sharing nothing.
func (r reminder) cloned() reminder { r.RemindFor = slices.Clone(r.RemindFor); return r }

func (r *reminder) naming(users []string) { r.RemindFor = append([]string{}, users...) }

// clear removes the live reminder (or, not sent yet, drops it).
func (r *reminder) clear() []protocol.Delivery {
	if r.Reminder.ID == "" && r.RemindFor == nil {
		return nil
	}
	d := protocol.Delivery{Kind: protocol.Delete, To: protocol.Thread, Ref: r.Reminder, Slot: protocol.SlotReminder}
	r.Reminder, r.RemindFor = protocol.Ref{}, nil
	return []protocol.Delivery{d}
}

// pingOnce reports whether decision key is still to be pinged, and marks
// it pinged.
func (r *reminder) pingOnce(key string) bool {
	if r.Pinged == key {
		return false
	}
	r.Pinged = key
	return true
}

// reminderDone removes the reminder once none of the people it named is
// still awaited.
func (st *gameRecord) reminderDone() []protocol.Delivery {
	if st.RemindFor == nil || st.game == nil {
		return nil
	}
	if !st.game.Over() {
		seats, _ := st.waitingSeats()
		for _, i := range seats {
			for _, u := range st.RemindFor {
				if st.Seats[i].User == u {
					return nil
				}
			}
		}
	}
	return st.clearReminder()
}

// nudgeText is the reminder of a game without a timer.
func nudgeText(st *gameRecord, seats []int, what string, waited time.Duration) string {
	var names []string
	for _, i := range seats {
		names = append(names, st.Seats[i].Name)
	}
	return st.Lang.Say("thread.sTheTableHasWaited", strings.Join(names, ", "), st.Lang.Duration(waited), what)
}
