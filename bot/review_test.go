package bot_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/record"
)

// playToTheEnd plays the harness's game with users until its final post.
func (h *harness) playToTheEnd(users []string) protocol.View {
	h.t.Helper()
	for range 60 {
		if v, over := h.lastPublic("Final standings"); over {
			return v
		}
		h.playTurn(users)
	}
	h.t.Fatal("the game did not end")
	return protocol.View{}
}

// reviewOf is the review user received privately, if any.
func (h *harness) reviewOf(user string) (protocol.View, bool) {
	for _, s := range h.all {
		if s.d.To.User == user && strings.HasPrefix(s.d.View.Title, "🔍 Review") {
			return s.d.View, true
		}
	}
	return protocol.View{}, false
}

// reviews are who each review delivered went to, in order.
func (h *harness) reviews() []string {
	var to []string
	for _, s := range h.all {
		if strings.HasPrefix(s.d.View.Title, "🔍 Review") {
			to = append(to, s.d.To.User)
		}
	}
	return to
}

// TestReviewMyGame: Review my game appears only on the final post; a
// review asked for during the game, or by someone who did not play, is
// refused; the player's own comes privately, names nobody else, and a
// second ask while it is queued queues nothing more. Once reviewed, it
// is answered at once when asked again.
func TestReviewMyGame(t *testing.T) {
	h := newHarness(t)
	users := []string{"ann", "bob", "cat"}
	h.lobby("ann", "", users[1:]...)
	h.startGame("ann")
	id := h.gameID()
	for _, v := range h.public {
		if _, ok := button(v, "Review my game"); ok {
			t.Fatalf("a public message before the end offers a review: %q", v.Title)
		}
	}
	h.do("ann", "review")
	if got := h.private["ann"].Text; !strings.Contains(got, "once it is over") {
		t.Errorf("a review asked for during the game: %q", got)
	}
	h.send("ann", protocol.Review{Game: id}, false)
	if got := h.private["ann"].Text; !strings.Contains(got, "once it is over") {
		t.Errorf("a forged Review click during the game: %q", got)
	}

	final := h.playToTheEnd(users)
	rb, ok := button(final, "Review my game")
	if !ok {
		t.Fatal("the final post has no Review my game")
	}
	h.click("dan", rb.ActionID, false)
	if got := h.private["dan"].Text; !strings.Contains(got, "Only someone who played") {
		t.Errorf("an onlooker's review: %q", got)
	}
	publicBefore := len(h.public)
	h.click("bob", rb.ActionID, false)
	if got := h.private["bob"].Text; !strings.Contains(got, "is being reviewed") {
		t.Errorf("asking for a review answers %q", got)
	}
	h.click("bob", rb.ActionID, false) // asked twice: one review
	h.tick(0)
	h.b.WaitReviews()
	h.tick(0)
	h.b.WaitReviews()
	h.tick(0)
	reviews := h.reviews()
	for _, to := range reviews {
		if to != "bob" {
			t.Errorf("a review went to %q", to)
		}
	}
	if n := len(reviews); n != 1 {
		t.Errorf("%d reviews delivered, want 1", n)
	}
	if len(h.public) != publicBefore {
		t.Errorf("asking for a review posted publicly: %q", h.public[publicBefore].Title)
	}
	v, ok := h.reviewOf("bob")
	if !ok {
		t.Fatal("bob got no review")
	}
	text := v.Title + "\n" + v.Text + "\n" + v.Footer
	t.Logf("bob's review:\n%s", text)
	// Others are named only in the table's accuracy (after the game,
	// every hand each seat held is known from the reveals), and no one is
	// mentioned.
	var table string
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "Accuracy at the table: ") {
			table = line
			continue
		}
		for _, bad := range []string{"Ann", "Cat", "<@", "@"} {
			if strings.Contains(line, bad) {
				t.Errorf("the review names %q:\n%s", bad, text)
			}
		}
	}
	if !strings.Contains(table, "Ann ") || !strings.Contains(table, "Bob ") || !strings.Contains(table, "Cat ") || strings.Contains(table, "@") {
		t.Errorf("the table's accuracy is %q", table)
	}
	for _, want := range []string{"Review — Bob", "Accuracy", "expected final score"} {
		if !strings.Contains(text, want) {
			t.Errorf("the review lacks %q:\n%s", want, text)
		}
	}
	// Asked again, it is answered at once, from storage: the same review,
	// with its chart, and nothing queued.
	h.click("bob", rb.ActionID, false)
	again := h.private["bob"]
	if again.Title != v.Title || again.Text != v.Text {
		t.Errorf("asked again, the review answered %q:\n%s", again.Title, again.Text)
	}
	h.tick(0)
	h.b.WaitReviews()
	h.tick(0)
	if n := len(h.reviews()); n != 2 {
		t.Errorf("%d reviews delivered after asking again, want 2 (the second at once)", n)
	}
}

// TestReviewAskedBeforeARestart: a review queued on a host that stops
// before running it is answered by the host that comes after.
func TestReviewAskedBeforeARestart(t *testing.T) {
	h := newHarness(t)
	users := []string{"ann", "bob"}
	h.lobby("ann", "", users[1:]...)
	h.startGame("ann")
	final := h.playToTheEnd(users)
	rb, _ := button(final, "Review my game")
	h.click("ann", rb.ActionID, false)
	if err := h.b.Drain(context.Background()); err != nil {
		t.Fatal(err)
	}
	h.restart()
	h.tick(0)
	h.b.WaitReviews()
	h.tick(0)
	if _, ok := h.reviewOf("ann"); !ok {
		t.Fatal("the review asked for before the restart never came")
	}
}

// TestFinishedGameKeepsNoMoves: a finished game's moves leave its record
// (which stays small) for a record of their own.
func TestFinishedGameKeepsNoMoves(t *testing.T) {
	h := newHarness(t)
	users := []string{"ann", "bob"}
	h.lobby("ann", "", users[1:]...)
	h.startGame("ann")
	h.playTurn(users)
	data, _, err := h.store.LoadGame(context.Background(), h.where.Key())
	if err != nil {
		t.Fatal(err)
	}
	js, _ := record.Unpack(data)
	if !strings.Contains(string(js), `"mv":`) {
		t.Fatalf("a game in play keeps no moves: %s", js)
	}
	h.playToTheEnd(users)
	data, _, err = h.store.LoadGame(context.Background(), h.where.Key())
	if err != nil {
		t.Fatal(err)
	}
	js, _ = record.Unpack(data)
	if strings.Contains(string(js), `"mv":`) {
		t.Errorf("a finished game's record still holds its moves: %s", js)
	}
	if _, err := h.store.GetRecord(context.Background(), "review:"+h.gameID()); err != nil {
		t.Errorf("no review record: %v", err)
	}
}

// TestReviewRetriedAfterAFailedSend: a review the platform refused comes
// back when its retry is due (not at the next tick, which would send it
// twice were the refusal ambiguous), and is answered once.
func TestReviewRetriedAfterAFailedSend(t *testing.T) {
	h := newHarness(t)
	h.sender = &fakeSender{h: h}
	h.b = h.newBot()
	users := []string{"ann", "bob"}
	h.lobby("ann", "", users[1:]...)
	h.startGame("ann")
	final := h.playToTheEnd(users)
	rb, _ := button(final, "Review my game")
	h.tick(time.Second) // the game's own deliveries, all sent
	h.sender.mu.Lock()
	h.sender.fail = 100 // the platform is down from now on
	h.sender.mu.Unlock()
	h.click("bob", rb.ActionID, false) // and its tick: the review runs, its send fails
	h.b.WaitReviews()
	h.tick(0)
	h.b.WaitReviews()
	h.sender.mu.Lock()
	if h.sender.fail == 100 {
		t.Fatal("the review was never sent")
	}
	h.sender.fail = 0
	h.sender.mu.Unlock()
	h.tick(time.Minute)
	h.b.WaitReviews()
	if _, ok := h.reviewOf("bob"); ok {
		t.Fatal("a failed review was retried before its retry was due")
	}
	h.tick(5 * time.Minute)
	h.b.WaitReviews()
	h.tick(0)
	if n := len(h.reviews()); n != 1 {
		t.Errorf("%d reviews delivered after the retry, want 1", n)
	}
}
