package boards

import (
	"context"
	"fmt"
	"strings"

	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/words"
)

// Seat is what the ratings post needs of a finished game's seat.
type Seat struct {
	User      string
	Forfeited bool
	Kicked    bool
}

func seatOf(seats []Seat, user string) int {
	for i, s := range seats {
		if s.User == user {
			return i
		}
	}
	return -1
}

// Record records a finished game's result: the history, the players'
// totals and, when it is rated, their ratings. It returns the ratings
// before and after the game (nil when it is not rated), and whether this
// call recorded it (false when it was recorded before: recording is
// idempotent).
func (b *Boards) Record(ctx context.Context, r storage.Result) (prior, after []storage.Rating, recorded bool, err error) {
	rec, err := b.store.RecordResult(ctx, r)
	if err != nil {
		return nil, nil, false, fmt.Errorf("record result of %s: %w", r.GameID, err)
	}
	if r.Rate != nil {
		prior, after = rec.Prior, rec.After
		if after == nil {
			// Recorded by a release that did not keep a game's ratings:
			// the profiles hold them (unless a newer game came first).
			if prior, after, err = b.storedRatings(ctx, &r); err != nil {
				return nil, nil, false, err
			}
		}
	}
	return prior, after, rec.New, nil
}

func (b *Boards) storedRatings(ctx context.Context, r *storage.Result) (prior, after []storage.Rating, err error) {
	for _, p := range r.Players {
		pf, err := b.store.Profile(ctx, r.Community, p.ID)
		if err != nil {
			return nil, nil, fmt.Errorf("ratings of %s: %w", r.GameID, err)
		}
		prior, after = append(prior, pf.Previous), append(after, pf.Rating)
	}
	return prior, after, nil
}

// RatingNotes are the rating changes by seat, for the final picture.
func RatingNotes(seats []Seat, players []storage.PlayerResult, prior, after []storage.Rating) []string {
	notes := make([]string, len(seats))
	for i, p := range players {
		if s := seatOf(seats, p.ID); s >= 0 && s < len(notes) {
			notes[s] = fmt.Sprintf("%s (%+d)", Shown(after[i]), Display(after[i])-Display(Widened(prior[i], after[i].At)))
		}
	}
	return notes
}

// RatingRow is one person's part of the ratings post: what it says of
// them in any language.
type RatingRow struct {
	Name  string
	Shown string // their rating as shown ("1138?")
	Delta int    // the change in the shown rating
	// Forfeited and Kicked say how they left, if they did.
	Forfeited, Kicked bool
}

// RatingRows are the parts of the ratings post of a game, and whether
// the game counted for less (the same people again).
func RatingRows(seats []Seat, players []storage.PlayerResult, prior, after []storage.Rating) (rows []RatingRow, less bool) {
	for i, p := range players {
		r := RatingRow{Name: p.Name, Shown: Shown(after[i]), Delta: Display(after[i]) - Display(Widened(prior[i], after[i].At))}
		if s := seatOf(seats, p.ID); s >= 0 {
			r.Forfeited, r.Kicked = seats[s].Forfeited, seats[s].Kicked
		}
		rows = append(rows, r)
	}
	return rows, CountedLess(players, prior, after)
}

// RatingsView is the post of how a game moved its players' ratings.
func RatingsView(w words.Lang, seats []Seat, players []storage.PlayerResult, prior, after []storage.Rating) protocol.View {
	rows, less := RatingRows(seats, players, prior, after)
	return RatingsOf(w, rows, less)
}

// RatingsOf is the ratings post of rows in w.
func RatingsOf(w words.Lang, rows []RatingRow, less bool) protocol.View {
	var parts []string
	for _, r := range rows {
		part := fmt.Sprintf("**%s** %s (%s)", r.Name, r.Shown, w.Signed(r.Delta))
		switch {
		case r.Forfeited:
			part += w.Say("ratings.leftAForfeit")
		case r.Kicked:
			part += w.Say("ratings.removedRatedBySeat")
		}
		parts = append(parts, part)
	}
	footer := w.Say("ratings.peopleAreRatedAmongThemselves")
	if less {
		footer = w.Say("ratings.countedLess") + "\n" + footer
	}
	return protocol.View{Screen: protocol.ScreenRatings, Title: w.Say("ratings.title"), Text: strings.Join(parts, " · "), Tone: protocol.ToneOver,
		Footer: footer}
}
