package bot

import (
	"cmp"
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/words"
)

// The rules that keep a rating earned (docs/ratings.md):
//
//   - A game counts once its first round is scored. Before that, leaving,
//     going idle or being removed costs nothing and rates nobody, and the
//     host ends the game at once, unrated (Lichess aborts a game the same
//     way until both sides have moved).
//   - Once it counts, a person who leaves or is auto-picked twice in a row
//     forfeits: rated after every seat that played on, the first to leave
//     last. Coming back does not erase it.
//   - The host or an admin may remove a person only before the first
//     reveal or once they are absent; a removed person is not a leaver:
//     their seat plays on and they are rated by where it finishes.
//   - Ending a counted game is a vote: everyone still playing must agree,
//     and then it ends unrated, except that a forfeit stands. Anyone who
//     wants to keep playing keeps the game going.

// voteTime is how long the people still playing have to answer a request
// to end a rated game.
const voteTime = 2 * time.Minute

// voteAgain is how long after a request to end that not everyone agreed
// to the next may be made: each pings everyone still playing.
const voteAgain = 5 * time.Minute

// votePrefix marks the deadline that closes a game's pending vote.
const votePrefix = "vote:"

// endVote is a pending request to end a rated game in progress.
type endVote struct {
	By   string    `json:"by"` // who asked: a seat's person, or an admin
	Name string    `json:"n"`
	Yes  []string  `json:"y,omitempty"`
	Due  time.Time `json:"d"`
}

// counted reports whether the game has been played far enough to be rated:
// its first round is scored.
func (st *gameRecord) counted() bool {
	return st.game != nil && (st.game.Round() > 1 || st.game.Over())
}

// ratedPeople counts the people the game rates: everyone who sat down,
// those who forfeited included, but not those who left before it counted.
func (st *gameRecord) ratedPeople() int {
	n := 0
	for _, s := range st.Seats {
		if s.User != "" && !s.Early {
			n++
		}
	}
	return n
}

// rated reports whether the game's result moves ratings: two or more
// people are rated in it.
func (st *gameRecord) rated() bool { return st.ratedPeople() >= 2 }

// forfeited reports whether seat i's person forfeited: they left, or were
// auto-picked out, once the game counted (whether or not they came back).
// A seat handed to a bot by an earlier release, which kept no order, is a
// forfeit too.
func (st *gameRecord) forfeited(i int) bool { return st.Seats[i].forfeited() }

func (s seat) forfeited() bool {
	return s.User != "" && !s.Early && (s.Left > 0 || (s.Bot && !s.Kicked))
}

// markLeft hands seat i to a bot, unless its person comes back. Before the
// game counts its person is simply not rated; after, they forfeit, and
// the first time they left is the one that counts (seat.Left).
func (st *gameRecord) markLeft(i int) {
	st.Seats[i].Bot = true
	if !st.counted() {
		st.Seats[i].Early = true
	} else {
		st.forfeit(i)
	}
	if st.Vote != nil && st.Vote.By == st.Seats[i].User {
		// Whoever asked left anyway.
		st.Vote = nil
		st.Notes = append(st.Notes, st.Lang.Say("quit.theRequestToEndThe"))
	}
}

// forfeit records that seat i's person left a counted game, unless they
// had already (the first time counts) or left before it counted.
func (st *gameRecord) forfeit(i int) {
	if st.Seats[i].Left != 0 || st.Seats[i].Early {
		return
	}
	n := 0
	for _, s := range st.Seats {
		n = max(n, s.Left)
	}
	st.Seats[i].Left = n + 1
}

// markKicked hands seat i to a bot because the host removed its person:
// before the game counts they are not rated, after it they are rated by
// where the seat finishes.
func (st *gameRecord) markKicked(i int) {
	st.Seats[i].Bot = true
	if !st.counted() {
		st.Seats[i].Early = true
		return
	}
	st.Seats[i].Kicked = true
}

// mayRemove reports whether the host may hand seat i to a bot: always in a
// game that rates nobody; in a rated one, before the first reveal or once
// its person is absent (the timer chose for them, or a game without a
// timer reminded them and still waits on them).
func (st *gameRecord) mayRemove(i int) bool {
	if !st.rated() || st.game == nil || st.game.LastReveal().Turn == 0 {
		return true
	}
	if st.Seats[i].Idle > 0 {
		return true
	}
	if st.Opts.Timer <= 0 && st.Reminded {
		waiting, _ := st.waitingSeats()
		return slices.Contains(waiting, i)
	}
	return false
}

// voters are the seats whose people answer the pending vote.
func (st *gameRecord) voters() []int {
	var out []int
	for i, s := range st.Seats {
		if s.human() && (st.Vote == nil || s.User != st.Vote.By) {
			out = append(out, i)
		}
	}
	return out
}

// quitAll ends a game its last person left: a rated game is recorded, the
// leavers in the order they left; a game that rates nobody just ends.
func (b *Bot) quitAll(req protocol.Request, st *gameRecord, why string) (effect, error) {
	if !st.rated() {
		switch {
		case !st.counted() && st.people() > 1:
			why += " " + st.Lang.Say("quit.itIsNotRatedIt")
		case st.people() > 1:
			why += " " + st.Lang.Say("quit.itIsNotRatedOnly")
		}
		return b.finishEarly(req, st, why)
	}
	return b.endRated(req, st, why)
}

// endRated ends a rated game before its last reveal and records it: the
// people still seated by the standings so far, the leavers after them.
func (b *Bot) endRated(req protocol.Request, st *gameRecord, why string) (effect, error) {
	now := b.now()
	st.Phase, st.Ended, st.Vote = phaseOver, why, nil
	st.finishedAt(now)
	ds := append(st.clearReminder(), refreshTable(req, st, endedView(st.snap()), now)...)
	ds = append(ds, st.handsEnded()...)
	return effect{save: true, ttl: b.cfg.FinishedTTL, cancel: true, result: b.result(st), resp: protocol.Response{Deliveries: ds}}, nil
}

// endedView is the table of a rated game that ended early: the places it
// is rated by, the seats that played on by their scores so far (or all
// first, when they agreed to end), then those who forfeited.
func endedView(st *snapshot) protocol.View {
	lines := []string{st.Ended, ""}
	pv := st.game.PublicView()
	places := st.places
	order := slices.Clone(pv.Standings)
	slices.SortStableFunc(order, func(a, b engine.Standing) int { return cmp.Compare(placeOf(places, a.Seat), placeOf(places, b.Seat)) })
	for _, s := range order {
		p := placeOf(places, s.Seat)
		m := "  "
		if p <= len(medals) {
			m = medals[p-1]
		}
		l := st.w.Say("quit.standingLine", m, p, st.name(s.Seat), s.Score)
		if s.Seat < len(st.Seats) && st.forfeited(s.Seat) {
			l += st.w.Say("quit.forfeit")
		}
		lines = append(lines, l)
	}
	if st.Agreed {
		lines = append(lines, "", st.w.Say("quit.everyoneStillPlayingAgreedTo"))
	} else {
		lines = append(lines, "", st.w.Say("quit.ratedOnTheScoresAt"))
	}
	return protocol.View{Screen: protocol.ScreenTable, Title: st.w.Say("lobby.gameEnded", gameTitle(st)), Text: strings.Join(lines, "\n"), Tone: protocol.ToneOver,
		Rows: [][]protocol.Button{{{Label: st.w.Say("button.rematch"), Emoji: "🔁", ActionID: protocol.ActionID(protocol.Rematch{Game: st.ID}), Style: protocol.Primary}}}}
}

// placeOf is a seat's rated place; the dummy (no seat) comes last.
func placeOf(places []int, seat int) int {
	if seat < len(places) {
		return places[seat]
	}
	return len(places) + 1
}

// askToEnd starts the vote on ending a rated game in progress; with nobody
// else still playing, ending is leaving, and forfeits at once.
func (b *Bot) askToEnd(req protocol.Request, st *gameRecord) (effect, error) {
	if v := st.Vote; v != nil {
		return effect{}, refuse("end.endAsked", v.Name)
	}
	now := b.now()
	if wait := st.VoteAgain.Sub(now); wait > 0 && st.VoteAsker == req.Who.ID {
		return effect{}, refuse("end.askAgainLater", words.P("count.minute", int((wait+time.Minute-1)/time.Minute)))
	}
	st.Vote = &endVote{By: req.Who.ID, Name: req.Who.Name, Due: now.Add(voteTime)}
	voters := st.voters()
	if len(voters) == 0 {
		st.Vote = nil
		if i := st.seatOf(req.Who.ID); i >= 0 && st.Seats[i].human() {
			st.markLeft(i)
		}
		return b.endRated(req, st, st.Lang.Say("quit.sEndedTheGameNobody", req.Who.Name))
	}
	ping := protocol.View{Screen: protocol.ScreenPing, Tone: protocol.TonePlay, Mentions: st.mentionsOf(voters),
		Text: st.Lang.Say("quit.sAskedToEndThis", req.Who.Name, st.Lang.Duration(voteTime))}
	ds := append(refreshTable(req, st, tableView(st.snap(), now), now), playByPlay(ping))
	ds = withAck(req, ds, req.Lang.Say("quit.askedIfEveryoneStillPlaying"))
	return effect{save: true, resp: protocol.Response{Deliveries: ds}, side: []storage.Deadline{{Key: votePrefix, Due: st.Vote.Due}}}, nil
}

// vote counts an answer to the pending request to end the game.
func (b *Bot) vote(req protocol.Request, st *gameRecord, a protocol.EndVote) (effect, error) {
	if st.Phase != phasePlaying || st.Vote == nil {
		return effect{}, refuse("end.endGone")
	}
	if req.Who.ID == st.Vote.By {
		return effect{}, refuse("end.endAsker")
	}
	i := st.seatOf(req.Who.ID)
	if i < 0 || !st.Seats[i].human() {
		return effect{}, refuse("end.endNotPlaying")
	}
	now := b.now()
	if !a.Agree {
		st.VoteAsker, st.VoteAgain = st.Vote.By, now.Add(voteAgain)
		st.Vote = nil
		st.Notes = append(st.Notes, st.Lang.Say("quit.sWantsToKeepPlaying", st.Seats[i].Name))
		ds := withAck(req, refreshTable(req, st, tableView(st.snap(), now), now), req.Lang.Say("quit.countedTheGameGoesOn"))
		return effect{save: true, resp: protocol.Response{Deliveries: ds}}, nil
	}
	if !slices.Contains(st.Vote.Yes, req.Who.ID) {
		st.Vote.Yes = append(st.Vote.Yes, req.Who.ID)
	}
	if st.allAgreed() {
		return b.endAgreed(req, st)
	}
	ds := withAck(req, refreshTable(req, st, tableView(st.snap(), now), now), req.Lang.Say("quit.countedYouAgreeToEnd"))
	return effect{save: true, resp: protocol.Response{Deliveries: ds}}, nil
}

// allAgreed reports whether everyone who answers the vote agreed (and at
// least one does: with nobody left to ask, ending is forfeiting).
func (st *gameRecord) allAgreed() bool {
	vs := st.voters()
	for _, i := range vs {
		if !slices.Contains(st.Vote.Yes, st.Seats[i].User) {
			return false
		}
	}
	return len(vs) > 0
}

// endAgreed ends the game everyone still playing agreed to end: unrated,
// unless someone forfeited before; then the forfeits stand and the
// players share first place ahead of them.
func (b *Bot) endAgreed(req protocol.Request, st *gameRecord) (effect, error) {
	by := st.Vote.Name
	st.Vote = nil
	var gone []string
	for i := range st.Seats {
		if st.forfeited(i) {
			gone = append(gone, st.Seats[i].Name)
		}
	}
	if len(gone) == 0 {
		return b.finishEarly(req, st, st.Lang.Say("quit.sEndedTheGameAnd", by))
	}
	st.Agreed = true
	key := "quit.endedAgreedOneForfeits"
	if len(gone) > 1 {
		key = "quit.endedAgreedForfeit"
	}
	return b.endRated(req, st, st.Lang.Say(key, by, st.Lang.List(gone)))
}

// voteLines tell the table about a pending vote.
func voteLines(st *snapshot) []string {
	v := st.Vote
	var agreed []string
	for _, id := range v.Yes {
		if i := st.seatOf(id); i >= 0 {
			agreed = append(agreed, st.Seats[i].Name)
		}
	}
	l := st.w.Say("quit.sAskedToEndThis2",
		v.Name, st.w.Duration(voteTime))
	if len(agreed) > 0 {
		l += " " + st.w.Say("quit.agreedSoFar", st.w.List(agreed))
	}
	return []string{l}
}

// voteRow is the table's answer buttons while a vote is pending.
func voteRow(st *snapshot) []protocol.Button {
	return []protocol.Button{
		{Label: st.w.Say("quit.agreeToEnd"), Emoji: "✅", ActionID: protocol.ActionID(protocol.EndVote{Game: st.ID, Agree: true})},
		{Label: st.w.Say("quit.keepPlaying"), Emoji: "❌", ActionID: protocol.ActionID(protocol.EndVote{Game: st.ID, Agree: false}), Style: protocol.Danger},
	}
}

// voteClaimed closes a vote nobody settled in time: the game goes on.
func (b *Bot) voteClaimed(ctx context.Context, c storage.Claim, key string, now time.Time) (protocol.Outbound, error) {
	var o protocol.Outbound
	resp, err := b.update(ctx, key, func(st *gameRecord) (effect, error) {
		if st == nil || st.Vote == nil || st.Phase != phasePlaying {
			return effect{}, nil
		}
		o.Where, o.Game = st.Where, st.ID
		if now.Before(st.Vote.Due) {
			return effect{side: []storage.Deadline{{Key: votePrefix, Due: st.Vote.Due}}}, nil
		}
		if st.allAgreed() {
			return b.endAgreed(protocol.Request{}, st)
		}
		st.VoteAsker, st.VoteAgain = st.Vote.By, now.Add(voteAgain)
		st.Vote = nil
		st.Notes = append(st.Notes, st.Lang.Say("quit.notEveryoneAgreedToEnd", st.Lang.Duration(voteTime)))
		return effect{save: true, resp: protocol.Response{Deliveries: refreshTable(protocol.Request{}, st, tableView(st.snap(), now), now)}}, nil
	})
	if err != nil {
		if errors.Is(err, storage.ErrNotFound) {
			return o, b.store.Complete(ctx, c)
		}
		return o, err // left claimed: retried after the lease
	}
	o.Response = resp
	return o, b.store.Complete(ctx, c)
}
