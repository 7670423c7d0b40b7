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

// RatingsView is the post of how a game moved its players' ratings.
func RatingsView(w words.Lang, seats []Seat, players []storage.PlayerResult, prior, after []storage.Rating) protocol.View {
	var parts []string
	for i, p := range players {
		d := Display(after[i]) - Display(Widened(prior[i], after[i].At))
		part := fmt.Sprintf("**%s** %s (%s)", p.Name, Shown(after[i]), w.Signed(d))
		switch i := seatOf(seats, p.ID); {
		case i < 0:
		case seats[i].Forfeited:
			part += w.Say("ratings.leftAForfeit")
		case seats[i].Kicked:
			part += w.Say("ratings.removedRatedBySeat")
		}
		parts = append(parts, part)
	}
	footer := w.Say("ratings.peopleAreRatedAmongThemselves")
	if CountedLess(players, prior, after) {
		footer = w.Say("ratings.countedLess") + "\n" + footer
	}
	return protocol.View{Screen: protocol.ScreenRatings, Title: w.Say("ratings.title"), Text: strings.Join(parts, " · "), Tone: protocol.ToneOver,
		Footer: footer}
}
