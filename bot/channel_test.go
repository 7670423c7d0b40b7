package bot_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/record"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/words"
)

// publicOf lists a response's channel and thread deliveries.
func publicOf(r protocol.Response) []protocol.Delivery {
	var out []protocol.Delivery
	for _, d := range r.Deliveries {
		if d.To.IsPublic() {
			out = append(out, d)
		}
	}
	return out
}

// TestEndSaysItOnceAndDisarmsHands: ending a game updates the table once
// (no second public post), names the game that ended, answers privately,
// and leaves no hand with a playable button (items 11). The game is rated
// but its first round is not scored yet, so `end` ends it at once,
// unrated.
func TestEndSaysItOnceAndDisarmsHands(t *testing.T) {
	h := newHarness(t)
	h.do("ann", "new party bots=1 timer=0")
	lobby, _ := h.lastPublic("lobby")
	join, _ := button(lobby, "Join")
	h.click("bob", join.ActionID, false)
	h.startGame("ann")
	tv := h.table()
	show, _ := button(tv, "Show my hand")
	h.click("bob", show.ActionID, false)
	h.click("ann", show.ActionID, false)
	r := h.do("ann", "end")
	pub := publicOf(r)
	if len(pub) != 1 || !(pub[0].Kind == protocol.Edit || pub[0].Kind == protocol.Reply && pub[0].Replace) || pub[0].View.Title != "🎉 Sushi Go Party! — game ended" {
		t.Errorf("public deliveries of `end`: %+v", pub)
	}
	hands := 0
	for _, d := range r.Deliveries {
		if d.To.IsPublic() {
			continue
		}
		if d.Kind == protocol.Edit {
			hands++
			if len(d.View.Buttons()) > 0 {
				t.Errorf("a hand of the ended game keeps buttons: %s", d.View)
			}
		}
		if d.Kind == protocol.Reply && d.To.User != "ann" {
			t.Errorf("a reply to %q", d.To.User)
		}
	}
	if hands != 2 {
		t.Errorf("%d hands disarmed, want 2", hands)
	}
}

// TestReminderNamesLatePlayersAndGoes: a turn timer's reminder is a ping
// in the thread naming only who has not picked, one live at a time, and
// it is deleted once they pick (item 8).
func TestReminderNamesLatePlayersAndGoes(t *testing.T) {
	h := newHarness(t)
	h.lobby("ann", "timer=60", "bob", "cy")
	h.startGame("ann")
	h.playTurn([]string{"ann"})
	h.tick(35 * time.Second)
	var rem protocol.Delivery
	for _, s := range h.all {
		if s.d.View.Screen == protocol.ScreenPing && strings.Contains(s.d.View.Text, "left to") {
			rem = s.d
		}
	}
	if rem.Slot != protocol.SlotReminder || !rem.To.Thread || !slices.Equal(rem.View.Mentions, []string{"bob", "cy"}) {
		t.Fatalf("reminder: %+v", rem)
	}
	h.playTurn([]string{"bob"})
	if slices.ContainsFunc(h.all, func(s sent) bool { return s.d.Kind == protocol.Delete }) {
		t.Error("the reminder went while cy is still late")
	}
	h.playTurn([]string{"cy"})
	deleted := 0
	for _, s := range h.all {
		if s.d.Kind == protocol.Delete && s.d.Ref.ID != "" {
			deleted++
		}
	}
	if deleted != 1 {
		t.Errorf("%d reminders deleted after everyone picked, want 1", deleted)
	}
}

// TestNudgeWithoutTimer: a game without a timer reminds its late players
// once a turn after ten minutes, and nobody is auto-picked.
func TestNudgeWithoutTimer(t *testing.T) {
	h := newHarness(t)
	h.lobby("ann", "timer=0", "bob")
	h.startGame("ann")
	h.playTurn([]string{"ann"})
	h.tick(9 * time.Minute)
	if _, ok := h.lastPing("waited"); ok {
		t.Fatal("nudged before ten minutes")
	}
	h.tick(2 * time.Minute)
	v, ok := h.lastPing("waited")
	if !ok || !slices.Equal(v.Mentions, []string{"bob"}) || !strings.Contains(v.Text, "Bob: the table has waited 11 minutes for you to choose your card") {
		t.Fatalf("nudge: %+v", v)
	}
	n := len(h.public)
	h.tick(30 * time.Minute)
	if len(h.public) != n {
		t.Errorf("nudged twice in one turn: %v", h.public[n:])
	}
	if tv := h.table(); !strings.Contains(tv.Title, "turn 1/") {
		t.Errorf("a game without a timer moved on by itself: %s", tv.Title)
	}
}

// TestRefusalsNameNoPlatformID: kicking a mention that is not at the
// table does not echo its platform ID (item 11).
func TestRefusalsNameNoPlatformID(t *testing.T) {
	h := newHarness(t)
	h.lobby("ann", "", "bob")
	r := h.do("ann", "kick 1100000000000000005")
	if txt := r.Deliveries[0].View.Text; strings.Contains(txt, "1100000000000000005") || !strings.Contains(txt, "isn't at this table") {
		t.Errorf("refusal: %q", txt)
	}
	if _, err := protocol.ParseCommand("new game=classic menu=master", words.English); err == nil {
		t.Error("a classic game with a menu was accepted (it silently opened a Party lobby)")
	}
}

// TestChannelTurnsThreadsOff: a channel's setting turns threads off for its
// new games (the play-by-play then goes to the channel), a `new` that says
// threads=on still gets one, and the change is said in the channel.
func TestChannelTurnsThreadsOff(t *testing.T) {
	h := newHarness(t)
	r := h.do("ann", "settings threads=off")
	if len(r.Deliveries) != 1 || !r.Deliveries[0].To.IsPublic() || !strings.Contains(r.Deliveries[0].View.Text, "Ann turned threads off") {
		t.Fatalf("settings: %+v", r)
	}
	threaded := func() bool {
		for _, s := range h.all {
			if s.d.To.Thread {
				return true
			}
		}
		return false
	}
	h.lobby("ann", "bots=1", "bob")
	h.startGame("ann")
	h.playTurn([]string{"ann", "bob"})
	if threaded() {
		t.Error("a thread post in a channel whose threads are off")
	}
	if rv, ok := h.lastPublic("Reveal"); !ok || rv.Screen != protocol.ScreenReveal {
		t.Error("no reveal in the channel")
	}
	h.endAgreed("ann", "bob")
	h.lobby("ann", "bots=1 threads=on", "bob")
	h.startGame("ann")
	h.playTurn([]string{"ann", "bob"})
	if !threaded() {
		t.Error("threads=on did not win over the channel's setting")
	}
	if r := h.do("bob", "settings"); !strings.Contains(r.Deliveries[0].View.Text, "Threads are off") {
		t.Errorf("settings shown: %q", r.Deliveries[0].View.Text)
	}
}

// TestNudgeEveryTurnThatWaits: the nudge's deadline, set once at the
// start, follows the game from turn to turn and nudges each turn that
// waits ten minutes, once.
func TestNudgeEveryTurnThatWaits(t *testing.T) {
	h := newHarness(t)
	h.lobby("ann", "timer=0", "bob")
	h.startGame("ann")
	nudges := func() int {
		n := 0
		for _, v := range h.public {
			if v.Screen == protocol.ScreenPing && strings.Contains(v.Text, "the table has waited") {
				n++
			}
		}
		return n
	}
	for turn := 1; turn <= 3; turn++ {
		h.tick(4 * time.Minute) // a quick turn: no nudge
		h.playTurn([]string{"ann", "bob"})
		h.tick(4 * time.Minute) // the next waits on bob
		h.playTurn([]string{"ann"})
		h.tick(11 * time.Minute)
		if n := nudges(); n != turn {
			t.Fatalf("turn %d: %d nudges, want %d", turn, n, turn)
		}
		h.playTurn([]string{"bob"})
	}
}

// brokenStore fails every game load, as a store in an outage does.
type brokenStore struct {
	storage.Store
	down *atomic.Bool
}

func (s brokenStore) LoadGame(ctx context.Context, key string) ([]byte, storage.Version, error) {
	if s.down.Load() {
		return nil, 0, errors.New("dial tcp 127.0.0.1:6379: connect: connection refused")
	}
	return s.Store.LoadGame(ctx, key)
}

func (s brokenStore) LoadGameSide(ctx context.Context, key string) ([]byte, []byte, storage.Version, error) {
	if s.down.Load() {
		return nil, nil, 0, errors.New("dial tcp 127.0.0.1:6379: connect: connection refused")
	}
	return s.Store.LoadGameSide(ctx, key)
}

// TestOutageLoggedOnce: while the store is down every request fails, each
// player is told to try again in a moment, and the log says so once, not
// once a request; it says when requests succeed again.
func TestOutageLoggedOnce(t *testing.T) {
	h := newHarness(t)
	var down atomic.Bool
	var logs bytes.Buffer
	b := bot.New(brokenStore{h.store, &down}, bot.Config{Log: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelInfo}))})
	ctx := context.Background()
	down.Store(true)
	for i := range 20 {
		resp, err := b.Handle(ctx, protocol.Request{Where: h.where, Who: user(fmt.Sprint("p", i)), Action: protocol.Join{}})
		var reported *protocol.Reported
		if !errors.As(err, &reported) {
			t.Fatalf("request %d: %v, want a failure the host reported", i, err)
		}
		if len(resp.Deliveries) != 1 || !strings.Contains(resp.Deliveries[0].View.Text, "try again in a moment") || resp.Deliveries[0].To.IsPublic() {
			t.Fatalf("request %d answered %+v", i, resp.Deliveries)
		}
	}
	if n := strings.Count(logs.String(), "level=ERROR"); n != 1 {
		t.Errorf("%d error lines for one outage, want 1:\n%s", n, logs.String())
	}
	down.Store(false)
	if _, err := b.Handle(ctx, protocol.Request{Where: h.where, Who: user("ann"), Action: protocol.Status{}}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(logs.String(), "requests succeed again") {
		t.Errorf("the recovery was not logged:\n%s", logs.String())
	}
}

// TestNudgeForAGameStoredBeforeNudges: a game without a timer in play when
// the release that nudges was deployed gets its nudge's deadline at its
// next move.
func TestNudgeForAGameStoredBeforeNudges(t *testing.T) {
	h := newHarness(t)
	h.lobby("ann", "timer=0", "bob")
	h.startGame("ann")
	// As an earlier release stored it: no nudge pending, no deadline.
	ctx := context.Background()
	data, ver, err := h.store.LoadGame(ctx, h.where.Key())
	if err != nil {
		t.Fatal(err)
	}
	if data, err = record.Unpack(data); err != nil {
		t.Fatal(err)
	}
	old := strings.Replace(string(data), `"nd":true,`, "", 1)
	if old == string(data) {
		t.Fatalf("no pending nudge in the stored game: %s", data)
	}
	if _, err := h.store.SaveGame(ctx, h.where.Key(), []byte(old), ver, 0); err != nil {
		t.Fatal(err)
	}
	if err := h.store.Cancel(ctx, h.where.Key()); err != nil {
		t.Fatal(err)
	}
	h.playTurn([]string{"ann", "bob"}) // the next turn waits on both
	h.playTurn([]string{"ann"})
	h.tick(11 * time.Minute)
	if v, ok := h.lastPing("the table has waited"); !ok || !slices.Equal(v.Mentions, []string{"bob"}) {
		t.Errorf("no nudge for the upgraded game: %+v", v)
	}
}

// TestChannelTurnsPicturesOff: `settings pictures=off` keeps a channel's
// new games to text (their views ask for no picture), says so in the
// channel and in `settings`; a `new` that says pictures=on still gets them.
func TestChannelTurnsPicturesOff(t *testing.T) {
	h := newHarness(t)
	pictured := func() bool {
		v, _ := h.lastPublic("Sushi Go! — round")
		return v.Picture != nil
	}
	h.lobby("ann", "bots=1", "bob")
	h.startGame("ann")
	if !pictured() {
		t.Fatal("a chat game's table asks for no picture by default")
	}
	h.endAgreed("ann", "bob")
	r := h.do("ann", "settings pictures=off threads=off")
	if len(r.Deliveries) != 1 || !r.Deliveries[0].To.IsPublic() || !strings.Contains(r.Deliveries[0].View.Text, "Ann turned pictures off") ||
		!strings.Contains(r.Deliveries[0].View.Text, "Ann turned threads off") {
		t.Fatalf("settings: %+v", r)
	}
	h.lobby("ann", "bots=1", "bob")
	h.startGame("ann")
	if pictured() {
		t.Error("a picture in a channel whose pictures are off")
	}
	h.endAgreed("ann", "bob")
	h.lobby("ann", "bots=1 pictures=on", "bob")
	h.startGame("ann")
	if !pictured() {
		t.Error("pictures=on did not win over the channel's setting")
	}
	if r := h.do("bob", "settings"); !strings.Contains(r.Deliveries[0].View.Text, "Pictures are off") {
		t.Errorf("settings shown: %q", r.Deliveries[0].View.Text)
	}
}
