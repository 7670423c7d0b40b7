package adaptertest

import (
	"strings"
	"testing"

	"github.com/sushigo/sushigo/engine/review"
	"github.com/sushigo/sushigo/words"
)

// reviewControl is the action ID prefix of Review my game.
const reviewControl = "sg1:review:"

// NoReviewYet is a check, for PlayRandomly's before, that no channel
// message offers Review my game while the game is played.
func NoReviewYet(t testing.TB, c Chat) func() {
	return func() {
		t.Helper()
		if _, over := Public(c, final); over {
			return
		}
		for _, m := range c.Channel() {
			for _, id := range m.Controls {
				if strings.HasPrefix(id, reviewControl) {
					t.Fatalf("%q offers a review before the game ended", m.Title)
				}
			}
		}
	}
}

// CheckReview presses Review my game on the closing post as p, lets the
// host work (wait: its timer loop and its reviews), and checks the answer:
// p alone received it, privately; it names nobody else (no other
// person's name, no mention); nothing about it reached the channel. It
// returns the review as p read it.
func CheckReview(t testing.TB, c Chat, p Person, others []Person, wait func()) string {
	t.Helper()
	return CheckReviewIn(t, words.English, c, p, others, wait)
}

// CheckReviewIn is CheckReview for a game and a person in w.
func CheckReviewIn(t testing.TB, w words.Lang, c Chat, p Person, others []Person, wait func()) string {
	t.Helper()
	closing, ok := Public(c, strings.TrimSpace(strings.TrimPrefix(w.Say("render.finalStandings"), "🏆")))
	if !ok {
		t.Fatal("no closing post")
	}
	id := button(closing, reviewControl)
	if id == "" {
		t.Fatalf("the closing post offers no review: %v", closing.Controls)
	}
	for _, m := range c.Channel() {
		if m.ID != closing.ID && button(m, reviewControl) != "" {
			t.Errorf("%q offers a review too", m.Title)
		}
	}
	before := len(c.Sent())
	c.Press(p, closing, id)
	wait()
	title := strings.TrimSpace(strings.Split(w.Say("review.title", "\x00"), "\x00")[0])
	var got []Sent
	for _, s := range c.Sent()[before:] {
		if strings.Contains(s.Body, title) {
			got = append(got, s)
		}
		if s.Audience == "" {
			t.Errorf("asking for a review showed the channel: %s", s.Body)
		}
	}
	if len(got) != 1 || got[0].Audience != p.ID {
		t.Fatalf("the review reached %v, want %s alone", got, p.ID)
	}
	body := got[0].Body
	// Others are named in one line only: the table's accuracy, as a chess
	// site shows both players' (after the game, every hand each seat held
	// is known from the reveals).
	rest, table := withoutLine(body, strings.Split(w.Say("review.table", "\x00"), "\x00")[0])
	if table == "" {
		t.Errorf("%s's review gives no accuracy for the table: %s", p.Name, body)
	}
	for _, o := range others {
		if strings.Contains(rest, o.Name) || strings.Contains(rest, o.ID) {
			t.Errorf("%s's review names %s outside the table's accuracy: %s", p.Name, o.Name, body)
		}
		if strings.Contains(table, o.ID) && !strings.Contains(table, o.Name) {
			t.Errorf("%s's review gives %s's ID, not their name: %s", p.Name, o.Name, table)
		}
	}
	for _, mention := range []string{"<@", "<!"} {
		if strings.Contains(body, mention) {
			t.Errorf("%s's review mentions someone: %s", p.Name, body)
		}
	}
	return body
}

// withoutLine cuts from body the line that begins with prefix (in plain
// text, or escaped in a JSON payload) and returns the rest and the line.
func withoutLine(body, prefix string) (rest, line string) {
	i := strings.Index(body, prefix)
	if i < 0 || prefix == "" {
		return body, ""
	}
	end := len(body)
	for _, stop := range []string{"\n", "\\n", "\""} {
		if j := strings.Index(body[i:], stop); j >= 0 && i+j < end {
			end = i + j
		}
	}
	return body[:i] + body[end:], body[i:end]
}

// CheapReview is the review work an adapter's tests ask of their host: they
// check what a review shows and to whom, not its judgement (engine/review's
// tests weigh that), and a full review is most of a whole game's time.
// Under -race it is halved again: the table's accuracies of a Party game
// were a third of the race build's whole-game runs.
var CheapReview = func() review.Options {
	if raceBuild {
		return review.Options{Samples: 2, Iterations: 4, Refine: 1}
	}
	return review.Options{Samples: 4, Iterations: 8, Refine: 1}
}()
