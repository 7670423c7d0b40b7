package slack

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"image/png"
	"strings"
	"testing"
	"time"

	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/protocol"
)

// playOut plays the started game to its end with DM hands: each person
// takes the first card offered; when nobody could move (deliveries
// backing off), the clock moves on and the timer loop delivers.
func playOut(t *testing.T, e *env) {
	t.Helper()
	for step := 0; step < 400; step++ {
		if e.f.latest("", "Final standings") != nil {
			return
		}
		moved := false
		for _, p := range []person{alice, bob} {
			if dm := e.f.latest(p.id, "Your hand"); dm != nil {
				if id := dm.action("sg1:pick:"); id != "" {
					e.click(p, dm, id)
					moved = true
				}
			}
		}
		if !moved {
			e.now = e.now.Add(2 * time.Second)
			e.flush()
		}
	}
	t.Fatal("the game did not end")
}

// playOutWithClock plays as playOut does, but the clock moves at every
// step, so a retry waiting out its backoff goes on while the players click
// on; each, when set, runs first at every step. Then five minutes pass.
func playOutWithClock(e *env, each func()) {
	for step := 0; step < 400 && e.f.latest("", "Final standings") == nil; step++ {
		if each != nil {
			each()
		}
		for _, p := range []person{alice, bob} {
			if dm := e.f.latest(p.id, "Your hand"); dm != nil {
				if id := dm.action("sg1:pick:"); id != "" {
					e.click(p, dm, id)
				}
			}
		}
		e.now = e.now.Add(2 * time.Second)
		e.flush()
	}
	for range 5 {
		e.now = e.now.Add(time.Minute)
		e.flush()
	}
}

// doubledPosts counts, and reports, the channel posts made more than once
// among those checked says to look at. The caller holds e.f.mu.
func doubledPosts(t *testing.T, e *env, checked func(text string) bool) int {
	t.Helper()
	posts, doubled := map[string]int{}, 0
	for _, m := range e.f.created {
		if m.Audience == "" && checked(plain(m.Blocks)) {
			posts[plain(m.Blocks)]++
		}
	}
	for text, n := range posts {
		if n > 1 {
			doubled++
			t.Errorf("posted %d times: %.80s", n, text)
		}
	}
	return doubled
}

// startWithBob opens a game with opts as Alice; Bob joins and Alice
// starts it.
func (e *env) startWithBob(opts string) {
	e.t.Helper()
	e.slash(alice, "new "+opts)
	lobby := e.f.latest("", "lobby")
	e.click(bob, lobby, lobby.action("sg1:join:"))
	e.click(alice, e.f.get(lobby), lobby.action("sg1:start:"))
}

// imageFiles are the Slack files a message's image blocks show, with
// their alt text.
func imageFiles(m *slackMessage) map[string]string {
	var bs []map[string]any
	_ = json.Unmarshal([]byte(m.Blocks), &bs)
	out := map[string]string{}
	for _, b := range bs {
		if b["type"] == "image" {
			sf, _ := b["slack_file"].(map[string]any)
			id, _ := sf["id"].(string)
			out[id], _ = b["alt_text"].(string)
		}
	}
	return out
}

// TestPicturesThroughSlackFiles: the table shows an uploaded picture by
// slack_file, a new one after each reveal and none after a mere pick; the
// superseded files are deleted, so at the end the workspace holds only
// the files some message shows.
func TestPicturesThroughSlackFiles(t *testing.T) {
	e := newDurableEnv(t, protocol.HandsDM, func(c *bot.Config) { c.TablePicture = -1 }) // every reveal drawn
	e.slash(alice, "new bots=1 timer=0")
	lobby := e.f.latest("", "lobby")
	e.click(bob, lobby, lobby.action("sg1:join:"))
	e.click(alice, e.f.get(lobby), lobby.action("sg1:start:"))
	table := e.f.latest("", "Sushi Go! — round 1/3, turn 1")
	if table == nil {
		t.Fatal("no table")
	}
	shown := imageFiles(table)
	if len(shown) != 1 {
		t.Fatalf("the table shows %d pictures: %s", len(shown), table.Blocks)
	}
	var first string
	for id, alt := range shown {
		first = id
		if !strings.Contains(alt, "Picture of the table, round 1 of 3, turn 1") {
			t.Errorf("alt text %q", alt)
		}
	}
	f := e.f.files[first]
	if f.Shared {
		t.Error("the picture was shared into the channel as a file of its own")
	}
	// Named after its delivery, so a resend finds it.
	if _, err := png.Decode(bytes.NewReader(f.Data)); err != nil || !strings.HasPrefix(f.Name, "table-") || !strings.HasSuffix(f.Name, ".png") {
		t.Fatalf("the upload %q is no PNG: %v", f.Name, err)
	}
	// A pick changes the text (who has picked), not the picture.
	uploads := len(e.f.files)
	dm := e.f.latest(alice.id, "Your hand")
	e.click(alice, dm, dm.action("sg1:pick:"))
	if len(e.f.files) != uploads {
		t.Errorf("a pick uploaded %d files", len(e.f.files)-uploads)
	}

	playOut(t, e)
	if n := len(e.f.files); n > 28+4+1 || n < 10 {
		t.Errorf("%d uploads for 27 turns, three rounds and the end", n)
	}
	if e.f.files[first].Deleted != true {
		t.Error("the first table picture was not deleted once superseded")
	}
	// Every live file is shown, and every picture shown is live.
	inUse := map[string]bool{}
	for _, m := range e.f.messages {
		for id := range imageFiles(m) {
			inUse[id] = true
		}
	}
	for _, file := range e.f.liveFiles() {
		if !inUse[file.ID] {
			t.Errorf("file %s (%s) is left in the workspace, shown by no message", file.ID, file.Name)
		}
	}
	for _, title := range []string{"Round 1 scores", "Round 3 scores", "Final standings"} {
		if m := e.f.latest("", title); m == nil || len(imageFiles(m)) != 1 {
			t.Errorf("%s carries no picture", title)
		}
	}
	if len(inUse) != 5 {
		t.Errorf("%d pictures shown at the end, want the table, three rounds and the final", len(inUse))
	}
	if len(e.f.refused) > 0 {
		t.Errorf("Slack would have refused: %v", e.f.refused)
	}
	e.noHandInChannel()
}

func TestPicturesOffUploadsNothing(t *testing.T) {
	e := newDurableEnv(t, protocol.HandsDM)
	e.startWithBob("bots=1 timer=0 pictures=off")
	playOut(t, e)
	if len(e.f.files) != 0 {
		t.Errorf("%d uploads with pictures off", len(e.f.files))
	}
}

// TestFailedUploadRetried: uploads that fail are retried by the outbox,
// each post made once, every reveal delivered.
func TestFailedUploadRetried(t *testing.T) {
	e := newDurableEnv(t, protocol.HandsDM)
	e.slash(alice, "new bots=1 timer=0")
	lobby := e.f.latest("", "lobby")
	e.click(bob, lobby, lobby.action("sg1:join:"))
	e.f.mu.Lock()
	e.f.uploadFails = 3
	e.f.mu.Unlock()
	e.click(alice, e.f.get(lobby), lobby.action("sg1:start:"))
	playOut(t, e)
	e.now = e.now.Add(time.Minute)
	e.flush()
	if e.f.uploadFails != 0 {
		t.Fatalf("%d upload failures not met", e.f.uploadFails)
	}
	count := map[string]int{}
	for _, m := range e.f.messages {
		if m.Audience == "" {
			for _, title := range []string{"Round 1 scores", "Round 2 scores", "Round 3 scores", "Final standings", "Reveal"} {
				if strings.Contains(m.Blocks, title) {
					count[title]++
				}
			}
		}
	}
	for title, want := range map[string]int{"Round 1 scores": 1, "Round 2 scores": 1, "Round 3 scores": 1, "Final standings": 1, "Reveal": 27} {
		if count[title] != want {
			t.Errorf("%q: %d messages, want %d", title, count[title], want)
		}
	}
	if len(e.f.refused) > 0 {
		t.Errorf("Slack would have refused: %v", e.f.refused)
	}
}

// TestEachDMChannelOpenedOnce: a whole game of hands by DM opens each
// person's DM channel once (conversations.open answers the same channel
// every time), not once a hand.
func TestEachDMChannelOpenedOnce(t *testing.T) {
	e := newDurableEnv(t, protocol.HandsDM)
	e.startWithBob("bots=1 timer=0 pictures=off")
	playOut(t, e)
	e.f.mu.Lock()
	defer e.f.mu.Unlock()
	opens, dms := 0, 0
	for _, c := range e.f.calls {
		if c == "conversations.open" {
			opens++
		}
	}
	for _, m := range e.f.created {
		if strings.HasPrefix(m.Channel, "D") {
			dms++
		}
	}
	if dms < 10 || opens != 2 {
		t.Errorf("%d DMs opened their channel %d times, want once per person (2)", dms, opens)
	}
}

// TestFailedLocaleLookUpIsRemembered: when users.info fails, a person's
// clicks do not ask it again and again (each would wait for it): the
// failure is remembered for a minute, then asked once more.
func TestFailedLocaleLookUpIsRemembered(t *testing.T) {
	e := newDurableEnv(t, protocol.HandsDM)
	e.f.mu.Lock()
	e.f.usersInfoFails = true
	e.f.mu.Unlock()
	asked := func() int {
		e.f.mu.Lock()
		defer e.f.mu.Unlock()
		n := 0
		for _, c := range e.f.calls {
			if c == "users.info" {
				n++
			}
		}
		return n
	}
	e.slash(alice, "new bots=1 timer=0 pictures=off")
	lobby := e.f.latest("", "lobby")
	for range 4 {
		e.click(alice, e.f.get(lobby), lobby.action("sg1:leave:"))
		e.click(alice, e.f.get(lobby), lobby.action("sg1:join:"))
	}
	if n := asked(); n != 1 {
		t.Errorf("users.info asked %d times for one person's command and 8 clicks, want once", n)
	}
	e.now = e.now.Add(time.Minute + time.Second) // localeRetry
	e.slash(alice, "help")
	if n := asked(); n != 2 {
		t.Errorf("users.info asked %d times after the failure's minute, want once more (2)", n)
	}
}

// TestNoFilesWriteGoesTextOnly: an app installed without files:write has
// every upload refused (missing_scope), for good. The game goes on
// text-only at once: every round's scores and the final standings are
// posted, once each, the channel is told why once, and no upload is tried
// again and again.
func TestNoFilesWriteGoesTextOnly(t *testing.T) {
	e := newDurableEnv(t, protocol.HandsDM)
	e.f.mu.Lock()
	e.f.noFilesWrite = true
	e.f.mu.Unlock()
	e.startWithBob("bots=1 timer=0")
	start := e.now
	playOut(t, e)
	e.f.mu.Lock()
	defer e.f.mu.Unlock()
	count := map[string]int{}
	notices := 0
	for _, m := range e.f.created {
		if m.Audience != "" {
			continue
		}
		for _, title := range []string{"Round 1 scores", "Round 2 scores", "Round 3 scores", "Final standings"} {
			if strings.Contains(m.Blocks, title) {
				count[title]++
			}
		}
		notices += strings.Count(m.Blocks, "files:write")
	}
	for _, title := range []string{"Round 1 scores", "Round 2 scores", "Round 3 scores", "Final standings"} {
		if count[title] != 1 {
			t.Errorf("%q posted %d times, want once", title, count[title])
		}
	}
	if notices != 1 {
		t.Errorf("the channel was told %d times why pictures are off, want once", notices)
	}
	tries := 0
	for _, c := range e.f.calls {
		if c == "files.getUploadURLExternal" {
			tries++
		}
	}
	if tries > 1 {
		t.Errorf("%d uploads tried after Slack refused the first for good", tries)
	}
	if took := e.now.Sub(start); took > 10*time.Minute {
		t.Errorf("the game took %s of the clock: deliveries waited on retries", took)
	}
	if len(e.f.refused) > 0 {
		t.Errorf("Slack would have refused: %v", e.f.refused)
	}
}

// TestLostRepliesDoubleNothing: Slack makes a post but its answer is lost
// (the client times out, the connection drops), every third post of a
// whole game with pictures: the outbox tries again, the adapter finds the
// post by its metadata and makes none twice; an upload whose post failed
// is used by the resend, so no file is left over.
func TestLostRepliesDoubleNothing(t *testing.T) {
	games := *lossGames
	doubledGames, lost := 0, 0
	for g := range games {
		t.Run(fmt.Sprint("game ", g), func(t *testing.T) {
			d, l := lostRepliesGame(t, 3+g%5)
			lost += l
			if d > 0 {
				doubledGames++
			}
		})
	}
	t.Logf("%d games with an answer lost every 3rd to 7th post: %d answers lost, %d games with a doubled post", games, lost, doubledGames)
}

// lossGames is how many games TestLostRepliesDoubleNothing plays
// (-loss-games 100 for the figure per 100 games).
var lossGames = flag.Int("loss-games", 1, "games TestLostRepliesDoubleNothing plays")

// lostRepliesGame plays one game in which every loseEvery-th post's answer
// is lost, and returns how many posts were doubled and answers lost.
func lostRepliesGame(t *testing.T, loseEvery int) (doubled, lost int) {
	e := newDurableEnv(t, protocol.HandsDM)
	e.slash(alice, "new bots=1 timer=0")
	lobby := e.f.latest("", "lobby")
	e.click(bob, lobby, lobby.action("sg1:join:"))
	e.f.mu.Lock()
	e.f.loseEvery = loseEvery
	e.f.mu.Unlock()
	e.click(alice, e.f.get(lobby), lobby.action("sg1:start:"))
	playOutWithClock(e, nil)
	e.f.mu.Lock()
	defer e.f.mu.Unlock()
	if e.f.lost < 5 {
		t.Fatalf("only %d answers lost: the test did not test", e.f.lost)
	}
	doubled = doubledPosts(t, e, func(text string) bool {
		return strings.Contains(text, "Reveal") || strings.Contains(text, "scores") || strings.Contains(text, "Final standings")
	})
	t.Logf("%d posts, %d answers lost, %d doubled", e.f.posts, e.f.lost, doubled)
	for _, title := range []string{"Round 1 scores", "Round 2 scores", "Round 3 scores", "Final standings"} {
		found := false
		for _, m := range e.f.messages {
			if m.Audience == "" && strings.Contains(m.Blocks, title) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s never arrived", title)
		}
	}
	inUse := map[string]bool{}
	for _, m := range e.f.messages {
		for id := range imageFiles(m) {
			inUse[id] = true
		}
	}
	for _, file := range e.f.files {
		if file.Complete && !file.Deleted && !inUse[file.ID] {
			t.Errorf("file %s (%s) is left in the workspace, shown by no message", file.ID, file.Name)
		}
	}
	return doubled, e.f.lost
}
