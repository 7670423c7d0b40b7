package discord

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/png"
	"strings"
	"testing"
	"time"

	"github.com/sushigo/sushigo/bot"
)

// playOut plays the started game to its end: each person takes the first
// card offered; when nobody could move (deliveries backing off), the
// clock moves on and the timer loop delivers.
func playOut(t *testing.T, e *env) {
	t.Helper()
	hands := map[string]string{}
	for step := 0; step < 400; step++ {
		if e.latest("", "Final standings") != nil {
			return
		}
		moved := false
		for _, p := range []player{alice, bob} {
			m := e.f.message(hands[p.id])
			if m == nil || buttonWith(m, "sg1:pick:") == "" {
				table := e.latest("", "Sushi Go! — round")
				if table == nil || buttonWith(table, "sg1:hand:") == "" {
					continue
				}
				e.click(p, table, buttonWith(table, "sg1:hand:"))
				if m = e.latest(p.id, "Your hand"); m == nil {
					continue
				}
				hands[p.id] = m.ID
			}
			if id := buttonWith(m, "sg1:pick:"); id != "" {
				e.click(p, m, id)
				moved = true
			}
		}
		if !moved {
			e.tick(2 * time.Second)
		}
	}
	t.Fatal("the game did not end")
}

// TestTablePictureOncePerTurn: the table message shows the table as an
// attached picture with alt text, replaced on each reveal (with the host
// drawing every reveal) and never on a mere pick; round scores and the
// final post carry their charts.
func TestTablePictureOncePerTurn(t *testing.T) {
	e := newDurableEnv(t, func(c *bot.Config) { c.TablePicture = -1 })
	e.slash(alice, "new", `[{"name":"bots","type":4,"value":1},{"name":"timer","type":4,"value":0}]`)
	e.startGame()
	table := e.latest("", "Sushi Go! — round 1/3, turn 1")
	if table == nil || len(table.Attachments) != 1 || table.Attachments[0].Name != "table.png" {
		t.Fatalf("the table message after the start: %+v", table)
	}
	first := table.Attachments[0]
	if !strings.Contains(first.Description, "Picture of the table, round 1 of 3, turn 1") {
		t.Errorf("alt text %q", first.Description)
	}
	if _, err := png.Decode(bytes.NewReader(first.Data)); err != nil {
		t.Fatalf("the table picture is no PNG: %v", err)
	}
	// A pick changes the text (who has picked), not the picture.
	uploads := table.Uploads
	e.click(alice, e.latest("", "Sushi Go! — round"), buttonWith(table, "sg1:hand:"))
	hand := e.latest(alice.id, "Your hand")
	e.click(alice, hand, buttonWith(hand, "sg1:pick:"))
	if table = e.f.message(table.ID); table.Uploads != uploads {
		t.Errorf("a pick uploaded the table picture again (%d uploads, was %d)", table.Uploads, uploads)
	}

	playOut(t, e)
	table = e.f.message(table.ID)
	// 27 turns, and the table at the end: at most one picture each.
	if table.Uploads < 10 || table.Uploads > 28 {
		t.Errorf("%d table pictures over 27 turns, want one a turn at most (and more than a few)", table.Uploads)
	}
	if len(table.Attachments) != 1 || bytes.Equal(table.Attachments[0].Data, first.Data) {
		t.Errorf("the table's picture was not replaced: %d attachments", len(table.Attachments))
	}
	for _, want := range []struct{ title, file, alt string }{
		{"Round 1 scores", "round-1.png", "round 1"}, {"Round 3 scores", "round-3.png", "round 3"}, {"Final standings", "final.png", "wins"},
	} {
		m := e.latest("", want.title)
		if m == nil || len(m.Attachments) != 1 || m.Attachments[0].Name != want.file || !strings.Contains(m.Attachments[0].Description, want.alt) {
			t.Errorf("%s: %+v", want.title, m)
		}
	}
	e.noHandInChannel()
}

// TestPicturesOff: a game started with pictures off, or in a channel
// whose settings say so, uploads nothing.
func TestPicturesOff(t *testing.T) {
	for name, setup := range map[string]func(e *env){
		"game option": func(e *env) {
			e.slash(alice, "new", `[{"name":"bots","type":4,"value":1},{"name":"timer","type":4,"value":0},{"name":"pictures","type":3,"value":"off"}]`)
		},
		"channel setting": func(e *env) {
			e.slash(alice, "settings", `[{"name":"pictures","type":3,"value":"off"}]`)
			e.slash(alice, "new", `[{"name":"bots","type":4,"value":1},{"name":"timer","type":4,"value":0}]`)
		},
	} {
		t.Run(name, func(t *testing.T) {
			e := newDurableEnv(t)
			setup(e)
			e.startGame()
			playOut(t, e)
			if e.f.uploads != 0 {
				t.Errorf("%d files uploaded with pictures off", e.f.uploads)
			}
			if m := e.latest("", "Final standings"); m == nil || !strings.Contains(m.text(), "Alice") {
				t.Error("the final standings are not all there in text")
			}
		})
	}
}

// scoresPostedOnce checks that each round's scores and the final standings
// reached the channel once, and returns how many times each public title
// was posted.
func scoresPostedOnce(t *testing.T, e *env) map[string]int {
	t.Helper()
	public, _ := e.f.visible()
	count := map[string]int{}
	for _, m := range public {
		count[m.title()]++
	}
	for _, title := range []string{"📊 Round 1 scores", "📊 Round 2 scores", "📊 Round 3 scores", "🏆 Final standings"} {
		if count[title] != 1 {
			t.Errorf("%q posted %d times, want once", title, count[title])
		}
	}
	return count
}

// TestFailedPictureDeliveredOnce: uploads that fail are retried by the
// outbox; a post whose reply was lost after Discord made it is not made
// twice (its nonce), and nothing is lost.
func TestFailedPictureDeliveredOnce(t *testing.T) {
	e := newDurableEnv(t)
	e.slash(alice, "new", `[{"name":"bots","type":4,"value":1},{"name":"timer","type":4,"value":0}]`)
	e.f.mu.Lock()
	e.f.failFiles, e.f.loseFileReplies = 2, 2
	e.f.mu.Unlock()
	e.startGame()
	playOut(t, e)
	e.tick(time.Minute)
	count := scoresPostedOnce(t, e)
	reveals := 0
	for title, n := range count {
		if strings.Contains(title, "Reveal") {
			reveals += n
		}
	}
	if reveals != 27 {
		t.Errorf("%d reveals, want 27", reveals)
	}
	if e.f.failFiles != 0 || e.f.loseFileReplies != 0 {
		t.Errorf("the failures were not all met: %d, %d left", e.f.failFiles, e.f.loseFileReplies)
	}
	table := e.latest("", "Sushi Go! — ")
	if table == nil || len(table.Attachments) != 1 {
		t.Errorf("the table after the failures: %+v", table)
	}
}

// TestNoAttachFiles: without Attach Files a game still plays, complete. At
// `new` (Discord sends the app's permissions) the host is told privately
// and the game goes without pictures; when the permission goes mid-game,
// the post Discord refused (403, 50013) is sent again without its picture,
// the channel is told once, with the right reason, and nothing stalls.
func TestNoAttachFiles(t *testing.T) {
	t.Run("at new", func(t *testing.T) {
		e := newDurableEnv(t)
		e.perms = fmt.Sprint(requiredPerms | threadPerms)
		e.f.mu.Lock()
		e.f.noAttach = true
		e.f.mu.Unlock()
		e.slash(alice, "new", `[{"name":"bots","type":4,"value":1},{"name":"timer","type":4,"value":0}]`)
		told := false
		for _, h := range e.f.history {
			b, _ := json.Marshal(h.body)
			if h.audience == alice.id && strings.Contains(string(b), "missing the Attach Files permission") {
				told = true
			}
		}
		if !told {
			t.Error("the host was not told privately that pictures need Attach Files")
		}
		e.startGame()
		playOut(t, e)
		if e.f.uploads != 0 {
			t.Errorf("%d files uploaded without Attach Files", e.f.uploads)
		}
		if m := e.latest("", "Final standings"); m == nil {
			t.Error("no final standings")
		}
	})
	t.Run("lost mid-game", func(t *testing.T) {
		e := newDurableEnv(t)
		e.slash(alice, "new", `[{"name":"bots","type":4,"value":1},{"name":"timer","type":4,"value":0}]`)
		e.startGame()
		e.f.mu.Lock()
		e.f.noAttach = true
		e.f.mu.Unlock()
		playOut(t, e)
		e.tick(time.Minute)
		scoresPostedOnce(t, e)
		said := 0
		for _, h := range e.f.history {
			b, _ := json.Marshal(h.body)
			if h.audience != "" {
				continue
			}
			if strings.Contains(string(b), "Create Public Threads") {
				t.Errorf("a wrong reason reached the channel: %s", b)
			}
			if strings.Contains(string(b), "missing the Attach Files permission here, so this game's pictures are left out") {
				said++
			}
		}
		if said != 1 {
			t.Errorf("the channel was told %d times why the pictures went, want once", said)
		}
	})
}

// TestDeletedTableIsPostedAgain: someone deletes the table message mid-game;
// the next update posts it again, once, saying why, the play-by-play stays
// in the game's thread, and Show my hand works from the new table.
func TestDeletedTableIsPostedAgain(t *testing.T) {
	e := newDurableEnv(t)
	e.slash(alice, "new", `[{"name":"timer","type":4,"value":0},{"name":"pictures","type":3,"value":"off"}]`)
	e.startGame()
	table := e.latest("", "Sushi Go! — round 1/3, turn 1")
	for _, p := range []player{alice, bob} {
		e.click(p, table, buttonWith(table, "sg1:hand:"))
		h := e.latest(p.id, "Your hand")
		e.click(p, h, buttonWith(h, "sg1:pick:"))
	}
	e.f.mu.Lock()
	delete(e.f.messages, table.ID)
	threads := len(e.f.threads)
	tables := 0
	for _, m := range e.f.created {
		if m.Audience == "" && strings.Contains(m.title(), "Sushi Go! — round") {
			tables++
		}
	}
	e.f.mu.Unlock()
	for _, p := range []player{alice, bob} {
		h := e.latest(p.id, "Your hand")
		e.click(p, h, buttonWith(h, "sg1:pick:"))
	}
	again := e.latest("", "Sushi Go! — round 1/3, turn 3")
	if again == nil || again.ID == table.ID {
		t.Fatalf("no new table after the old one was deleted: %+v", again)
	}
	said := 0
	for _, h := range e.f.history {
		b, _ := json.Marshal(h.body)
		if h.audience == "" && strings.Contains(string(b), "was deleted, so here it is again") {
			said++
		}
	}
	if said != 1 {
		t.Errorf("the channel was told %d times why the table came back, want once", said)
	}
	e.f.mu.Lock()
	after := 0
	for _, m := range e.f.created {
		if m.Audience == "" && strings.Contains(m.title(), "Sushi Go! — round") {
			after++
		}
	}
	newThreads := len(e.f.threads)
	e.f.mu.Unlock()
	if after != tables+1 {
		t.Errorf("%d table messages posted after the deletion, want 1", after-tables)
	}
	if newThreads != threads {
		t.Errorf("%d threads after the deletion, want the game's one thread (%d)", newThreads, threads)
	}
	e.click(alice, again, buttonWith(again, "sg1:hand:"))
	if h := e.latest(alice.id, "Your hand — round 1, turn 3"); h == nil || buttonWith(h, "sg1:pick:") == "" {
		t.Error("Show my hand on the new table shows no hand")
	}
}
