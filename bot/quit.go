package bot

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/storage"
)

// Quitting a rated game never helps (issue 25): a person who leaves, is
// handed to a bot after repeated timeouts, or is removed by the host
// forfeits, and the game is recorded even when nobody stays to finish it.
// A host or admin who ends a rated game in progress asks the people still
// playing first: if they all agree, nobody is rated; otherwise the one who
// ended it forfeits and the rest are rated by the scores at that moment.

// voteTime is how long the people still playing have to answer a request
// to end a rated game.
const voteTime = 2 * time.Minute

// votePrefix marks the deadline that closes a game's pending vote.
const votePrefix = "vote:"

// endVote is a pending request to end a rated game in progress.
type endVote struct {
	By   string    `json:"by"` // who asked: a seat's person, or an admin
	Name string    `json:"n"`
	Yes  []string  `json:"y,omitempty"`
	Due  time.Time `json:"d"`
}

// rated reports whether the game's result moves ratings: two or more
// people sat down (those who left since included).
func (st *state) rated() bool { return st.people() >= 2 }

// markLeft hands seat i to a bot for good, unless its person comes back,
// and numbers the leaving (seat.Left).
func (st *state) markLeft(i int) {
	n := 0
	for _, s := range st.Seats {
		n = max(n, s.Left)
	}
	st.Seats[i].Bot, st.Seats[i].Left = true, n+1
	if st.Vote != nil && st.Vote.By == st.Seats[i].User {
		// Whoever asked left anyway, and forfeits by leaving.
		st.Vote = nil
		st.Notes = append(st.Notes, "⚖️ The request to end the game lapsed: its author left.")
	}
}

// voters are the seats whose people answer the pending vote.
func (st *state) voters() []int {
	var out []int
	for i, s := range st.Seats {
		if s.human() && (st.Vote == nil || s.User != st.Vote.By) {
			out = append(out, i)
		}
	}
	return out
}

// quitAll ends a game its last person left: a rated game is recorded, the
// leavers in the order they left; practice just ends.
func (b *Bot) quitAll(req Request, st *state, why string) (change, error) {
	if !st.rated() {
		return b.finishEarly(req, st, why)
	}
	return b.endRated(req, st, why)
}

// endRated ends a rated game before its last reveal and records it: the
// people still seated by the standings so far, the leavers last.
func (b *Bot) endRated(req Request, st *state, why string) (change, error) {
	now := b.now()
	st.Phase, st.Ended, st.Vote = phaseOver, why, nil
	st.finishedAt(now)
	ds := append(st.clearReminder(), refreshTable(req, st, endedView(st), now)...)
	ds = append(ds, st.handsEnded()...)
	return change{save: true, ttl: b.cfg.FinishedTTL, cancel: true, result: b.result(st), resp: Response{Deliveries: ds}}, nil
}

// endedView is the table of a rated game that ended early: the places it
// is rated by, the seats that played on by their scores so far, then those
// who left.
func endedView(st *state) View {
	lines := []string{st.Ended, ""}
	pv := st.game.PublicView()
	places := st.ratedPlaces(pv.Standings)
	order := slices.Clone(pv.Standings)
	slices.SortStableFunc(order, func(a, b engine.Standing) int { return cmp.Compare(placeOf(places, a.Seat), placeOf(places, b.Seat)) })
	for _, s := range order {
		p := placeOf(places, s.Seat)
		m := "  "
		if p <= len(medals) {
			m = medals[p-1]
		}
		l := fmt.Sprintf("%s %d. **%s** — %d pts", m, p, st.name(s.Seat), s.Score)
		if s.Seat < len(st.Seats) && st.left(s.Seat) {
			l += " 🚪 counted last"
		}
		lines = append(lines, l)
	}
	lines = append(lines, "", "📈 Rated on the scores at that moment; 🚪 those who left count last, the first to leave last of all.")
	return View{Screen: ScreenTable, Title: gameTitle(st) + " — game ended", Text: strings.Join(lines, "\n"), Tone: ToneOver,
		Rows: [][]Button{{{Label: "Rematch", Emoji: "🔁", ActionID: ActionID(Rematch{st.ID}), Style: Primary}}}}
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
func (b *Bot) askToEnd(req Request, st *state) (change, error) {
	if v := st.Vote; v != nil {
		return change{}, refuse(endAsked, v.Name)
	}
	now := b.now()
	st.Vote = &endVote{By: req.Who.ID, Name: req.Who.Name, Due: now.Add(voteTime)}
	voters := st.voters()
	if len(voters) == 0 {
		st.Vote = nil
		if i := st.seatOf(req.Who.ID); i >= 0 && st.Seats[i].human() {
			st.markLeft(i)
		}
		return b.endRated(req, st, fmt.Sprintf("%s ended the game; nobody else was still playing.", req.Who.Name))
	}
	ping := View{Screen: ScreenPing, Tone: TonePlay, Mentions: st.mentionsOf(voters),
		Text: fmt.Sprintf("⚖️ %s asked to end this rated game. Answer with the buttons on the table within %s.", req.Who.Name, humanDuration(voteTime))}
	ds := append(refreshTable(req, st, tableView(st, now), now), playByPlay(ping))
	ds = withAck(req, ds, "Asked the others: if they all agree, the game ends unrated; if anyone refuses or doesn't answer in time, you forfeit and the rest are rated on the scores so far.")
	return change{save: true, resp: Response{Deliveries: ds}, side: []storage.Deadline{{Key: votePrefix, Due: st.Vote.Due}}}, nil
}

// vote counts an answer to the pending request to end the game.
func (b *Bot) vote(req Request, st *state, a EndVote) (change, error) {
	if st.Phase != phasePlaying || st.Vote == nil {
		return change{}, refuse(endGone)
	}
	if req.Who.ID == st.Vote.By {
		return change{}, refuse(endAsker)
	}
	i := st.seatOf(req.Who.ID)
	if i < 0 || !st.Seats[i].human() {
		return change{}, refuse(endNotPlaying)
	}
	name := st.Seats[i].Name
	if !a.Agree {
		return b.forfeitEnd(req, st, fmt.Sprintf("%s wants to keep playing", name))
	}
	if !slices.Contains(st.Vote.Yes, req.Who.ID) {
		st.Vote.Yes = append(st.Vote.Yes, req.Who.ID)
	}
	if st.allAgreed() {
		by := st.Vote.Name
		st.Vote = nil
		return b.finishEarly(req, st, fmt.Sprintf("%s ended the game and everyone still playing agreed, so it is not rated.", by))
	}
	now := b.now()
	ds := withAck(req, refreshTable(req, st, tableView(st, now), now), "Counted: you agree to end the game unrated.")
	return change{save: true, resp: Response{Deliveries: ds}}, nil
}

// allAgreed reports whether everyone who answers the vote agreed (and at
// least one does: with nobody left to ask, ending is forfeiting).
func (st *state) allAgreed() bool {
	vs := st.voters()
	for _, i := range vs {
		if !slices.Contains(st.Vote.Yes, st.Seats[i].User) {
			return false
		}
	}
	return len(vs) > 0
}

// forfeitEnd ends the game against whoever asked to end it: they count
// last (if they played), the rest by the scores so far.
func (b *Bot) forfeitEnd(req Request, st *state, why string) (change, error) {
	v := st.Vote
	if i := st.seatOf(v.By); i >= 0 && st.Seats[i].human() {
		st.markLeft(i)
	}
	return b.endRated(req, st, fmt.Sprintf("%s asked to end the game; %s, so %s forfeits.", v.Name, why, v.Name))
}

// voteLines tell the table about a pending vote.
func voteLines(st *state) []string {
	v := st.Vote
	var agreed []string
	for _, id := range v.Yes {
		if i := st.seatOf(id); i >= 0 {
			agreed = append(agreed, st.Seats[i].Name)
		}
	}
	l := fmt.Sprintf("⚖️ **%s asked to end this rated game.** If everyone still playing agrees, it ends unrated; if anyone refuses, or not all agree within %s, %s forfeits (counted last) and the rest are rated on the scores so far.",
		v.Name, humanDuration(voteTime), v.Name)
	if len(agreed) > 0 {
		l += " Agreed: " + strings.Join(agreed, ", ") + "."
	}
	return []string{l}
}

// voteRow is the table's answer buttons while a vote is pending.
func voteRow(st *state) []Button {
	return []Button{
		{Label: "Agree to end", Emoji: "✅", ActionID: ActionID(EndVote{st.ID, true})},
		{Label: "Keep playing", Emoji: "❌", ActionID: ActionID(EndVote{st.ID, false}), Style: Danger},
	}
}

// voteClaimed closes a vote nobody settled in time: unanimous agreement
// ends the game unrated, anything else is the asker's forfeit.
func (b *Bot) voteClaimed(ctx context.Context, c storage.Claim, key string, now time.Time) (Outbound, error) {
	var o Outbound
	resp, err := b.update(ctx, key, func(st *state) (change, error) {
		if st == nil || st.Vote == nil || st.Phase != phasePlaying {
			return change{}, nil
		}
		o.Where, o.Game = st.Where, st.ID
		if now.Before(st.Vote.Due) {
			return change{side: []storage.Deadline{{Key: votePrefix, Due: st.Vote.Due}}}, nil
		}
		if st.allAgreed() {
			by := st.Vote.Name
			st.Vote = nil
			return b.finishEarly(Request{}, st, fmt.Sprintf("%s ended the game and everyone still playing agreed, so it is not rated.", by))
		}
		return b.forfeitEnd(Request{}, st, fmt.Sprintf("not everyone agreed within %s", humanDuration(voteTime)))
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
