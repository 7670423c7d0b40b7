package bot_test

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// fakeSender is a platform that records what the host's outbox sends to it,
// into the harness's view of the channel and the players, and can refuse.
type fakeSender struct {
	h    *harness
	mu   sync.Mutex
	fail int // refuse this many sends first
	sent []protocol.Delivery
	n    int
}

func (f *fakeSender) Send(_ context.Context, where protocol.Location, game string, d protocol.Delivery) (protocol.Ref, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.fail > 0 {
		f.fail--
		return protocol.Ref{}, errors.New("platform unavailable")
	}
	f.sent = append(f.sent, d)
	if f.h != nil {
		f.h.record("", d)
	}
	if d.Slot != "" {
		f.n++
		return protocol.Ref{ID: fmt.Sprintf("out%d", f.n)}, nil
	}
	return protocol.Ref{}, nil
}

func (f *fakeSender) count(match func(protocol.Delivery) bool) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, d := range f.sent {
		if match(d) {
			n++
		}
	}
	return n
}

func newOutboxHarness(t *testing.T) *harness {
	h := newHarness(t)
	h.sender = &fakeSender{h: h}
	h.b = h.newBot()
	return h
}

func isTablePost(d protocol.Delivery) bool {
	return d.Kind == protocol.Post && d.Slot == protocol.SlotTable
}

// TestOutboxWholeGame plays a whole game with every post and edit going
// through the durable outbox: replies alone come back with the request, the
// table is one message edited in place, and the game ends with the final
// standings shown.
func TestOutboxWholeGame(t *testing.T) {
	h := newOutboxHarness(t)
	h.lobby("ann", "timer=0 bots=1", "bob")
	h.startGame("ann")
	for range 40 {
		if _, over := h.lastPublic("Final standings"); over {
			break
		}
		h.playTurn([]string{"ann", "bob"})
	}
	if _, over := h.lastPublic("Final standings"); !over {
		t.Fatal("the game did not end")
	}
	// The lobby (the reply to `new`) is the table message; from then on
	// the outbox only edits it.
	if n := h.sender.count(isTablePost); n != 0 {
		t.Errorf("%d more table messages posted, want the lobby's edited in place", n)
	}
	if n := h.sender.count(func(d protocol.Delivery) bool { return d.Kind == protocol.Edit && d.Ref.ID == "msg1" }); n < 10 {
		t.Errorf("%d edits of the table message, want one per turn at least", n)
	}
	for _, s := range h.all {
		if s.d.Kind != protocol.Reply && s.from != "" {
			t.Fatalf("a %v delivery came back with a request instead of going through the outbox", s.d.Kind)
		}
	}
}

// TestOutboxSurvivesACrash: a reveal stored by a process that dies before
// delivering anything is delivered, once, by the next process's timer loop.
func TestOutboxSurvivesACrash(t *testing.T) {
	h := newOutboxHarness(t)
	h.lobby("ann", "timer=0", "bob")
	h.startGame("ann")
	for _, u := range []string{"ann", "bob"} {
		h.send(u, protocol.ShowHand{}, false)
	}
	reveals := func() int {
		return h.sender.count(func(d protocol.Delivery) bool {
			return d.Kind == protocol.Post && strings.Contains(d.View.Title, "Reveal")
		})
	}
	h.playTurnNoFlush(t, []string{"ann", "bob"})
	if got := reveals(); got != 0 {
		t.Fatalf("a reveal went out before any timer ran: %d", got)
	}
	h.restart() // a new process on the same store; the old one's memory is gone
	h.tick(0)
	h.tick(0)
	if got := reveals(); got != 1 {
		t.Errorf("%d reveals delivered after the restart, want exactly 1", got)
	}
}

// playTurnNoFlush picks the first card for each user through the host with
// no timer tick in between, as a process that dies right after would.
func (h *harness) playTurnNoFlush(t *testing.T, users []string) {
	t.Helper()
	s := h.sender
	h.sender = nil
	defer func() { h.sender = s }()
	for _, u := range users {
		hv := h.hand[u]
		for _, b := range hv.Buttons() {
			if strings.HasPrefix(b.ActionID, "sg1:pick:") && !strings.Contains(b.Label, "chopsticks") {
				h.click(u, b.ActionID, true)
				break
			}
		}
	}
}

// TestOutboxCoalescesTheTable: three lobby changes stored before any
// delivery send one table message, showing the latest of them: the table
// can never show an older state after a newer one.
func TestOutboxCoalescesTheTable(t *testing.T) {
	h := newOutboxHarness(t)
	h.do("ann", "new timer=0")
	s := h.sender
	h.sender = nil // no tick after each request
	for _, u := range []string{"bob", "cy"} {
		h.send(u, protocol.Join{}, false)
	}
	h.sender = s
	h.tick(0)
	posts := 0
	var last protocol.Delivery
	for _, d := range s.sent {
		if d.Kind == protocol.Edit {
			posts++
			last = d
		}
	}
	if posts != 1 {
		t.Fatalf("%d table deliveries for three pending changes, want 1", posts)
	}
	if txt := last.View.String(); !strings.Contains(txt, "Cy") || !strings.Contains(txt, "Bob") {
		t.Errorf("the table shows an older state:\n%s", txt)
	}
}

// TestOutboxRetriesWithBackoff: a platform that refuses twice gets the
// delivery on the third try, at the backoff's times, and nothing is lost.
func TestOutboxRetriesWithBackoff(t *testing.T) {
	h := newOutboxHarness(t)
	h.do("ann", "new timer=0")
	edits := func() int { return h.sender.count(func(d protocol.Delivery) bool { return d.Kind == protocol.Edit }) }
	h.sender.fail = 2
	h.send("bob", protocol.Join{}, false) // the table edit fails at once
	if edits() != 0 {
		t.Fatal("delivered despite the failure")
	}
	h.tick(500 * time.Millisecond) // before the 1 s backoff: nothing
	h.tick(600 * time.Millisecond) // the second try fails; next in 2 s
	h.tick(time.Second)
	if edits() != 0 {
		t.Fatal("retried before the backoff ran out")
	}
	h.tick(time.Second + 100*time.Millisecond)
	if n := edits(); n != 1 {
		t.Errorf("%d table edits after the platform recovered, want 1", n)
	}
	if v, _ := h.lastPublic("lobby"); !strings.Contains(v.String(), "Bob") {
		t.Errorf("the lobby does not show the join:\n%s", v.String())
	}
}

// TestOutboxTwoReplicas: two hosts on one store ticking at once deliver
// every pending delivery exactly once.
func TestOutboxTwoReplicas(t *testing.T) {
	h := newOutboxHarness(t)
	shared := &fakeSender{}
	h.sender = nil
	mk := func() *bot.Bot {
		return bot.New(h.store, bot.Config{Now: func() time.Time { return h.now },
			Seed: func() uint64 { h.seed++; return h.seed }, Platforms: map[string]protocol.Platform{h.where.Platform: {Sender: shared}}})
	}
	a, b := mk(), mk()
	h.b = a
	h.do("ann", "new timer=0")
	// The lobby is the reply to `new`; remember it as an adapter would.
	if err := a.Remember(context.Background(), h.where, h.gameID(), protocol.SlotTable, protocol.Ref{ID: "lobby"}); err != nil {
		t.Fatal(err)
	}
	for _, u := range []string{"bob", "cy", "dee"} {
		h.send(u, protocol.Join{}, false)
	}
	var wg sync.WaitGroup
	for _, r := range []*bot.Bot{a, b, a, b} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := r.Tick(context.Background()); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if n := shared.count(func(protocol.Delivery) bool { return true }); n != 1 {
		// One: the three joins' table edits coalesced into the latest.
		t.Errorf("%d deliveries for one coalesced lobby, want exactly 1", n)
	}
}

// TestOutboxWaitsForTheTableBeingCreated: a change queued while the reply
// that creates the lobby has not been remembered yet waits for it, then
// edits it: one table message, not two.
func TestOutboxWaitsForTheTableBeingCreated(t *testing.T) {
	h := newOutboxHarness(t)
	s := h.sender
	h.sender = nil
	a, err := protocol.ParseCommand("new timer=0", words.English)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := h.b.Handle(context.Background(), protocol.Request{Where: h.where, Who: user("ann"), Action: a})
	if err != nil || len(resp.Deliveries) != 1 || resp.Deliveries[0].Slot != protocol.SlotTable {
		t.Fatalf("new: %+v %v", resp, err)
	}
	h.all = append(h.all, sent{d: resp.Deliveries[0]}) // posted; not remembered yet
	h.public = append(h.public, resp.Deliveries[0].View)
	h.send("bob", protocol.Join{}, false)
	h.sender = s
	h.tick(0)
	if n := len(s.sent); n != 0 {
		t.Fatalf("%d deliveries before the table's reference came back, want 0 (%+v)", n, s.sent)
	}
	if err := h.b.Remember(context.Background(), h.where, resp.Game, protocol.SlotTable, protocol.Ref{ID: "lobby"}); err != nil {
		t.Fatal(err)
	}
	h.tick(2 * time.Second)
	if len(s.sent) != 1 || s.sent[0].Kind != protocol.Edit || s.sent[0].Ref.ID != "lobby" {
		t.Errorf("sent %+v, want one edit of the lobby", s.sent)
	}
}

var turnTitle = regexp.MustCompile(`round (\d)/3, turn (\d+)/`)

// TestThreeReplicasTableNeverGoesBack: four players pick as fast as they
// can through three hosts on one store while each host's timer loop
// delivers to a platform that takes a while. Every edit of the table shows a
// turn no earlier than the edit before it, there is one table message, and
// it ends on the game's end.
func TestThreeReplicasTableNeverGoesBack(t *testing.T) {
	threeReplicas(t, 200*time.Microsecond, 0)
}

// TestThreeReplicasSlowPlatform is the same with a platform that takes a
// third of a second per message (far longer than a click's handling), for
// the first three turns: still one table, never backwards, ending on the
// turn the game is at, and the goroutines of all three replicas stay
// bounded however fast the players click.
func TestThreeReplicasSlowPlatform(t *testing.T) {
	threeReplicas(t, 300*time.Millisecond, 3)
}

// threeReplicas plays through three hosts with a platform taking latency per
// message, stopping after turns picks per player (0: the whole game).
func threeReplicas(t *testing.T, latency time.Duration, turns int) {
	h := newHarness(t)
	var mu sync.Mutex
	var edits []protocol.View
	posts := 0
	slow := senderFunc(func(d protocol.Delivery) (protocol.Ref, error) {
		time.Sleep(latency) // a platform that takes a while
		mu.Lock()
		defer mu.Unlock()
		switch {
		case d.Kind == protocol.Edit && d.Ref.ID == "lobby":
			edits = append(edits, d.View)
		case d.Slot == protocol.SlotTable:
			posts++
			return protocol.Ref{ID: fmt.Sprintf("table%d", posts)}, nil
		}
		return protocol.Ref{}, nil
	})
	var seed atomic.Uint64
	replicas := make([]*bot.Bot, 3)
	for i := range replicas {
		replicas[i] = bot.New(h.store, bot.Config{Seed: func() uint64 { return seed.Add(1) },
			Platforms: map[string]protocol.Platform{h.where.Platform: {Sender: slow}}})
	}
	ctx := context.Background()
	do := func(r *bot.Bot, who string, a protocol.Action) protocol.Response {
		resp, err := r.Handle(ctx, protocol.Request{Where: h.where, Who: user(who), Action: a, FromPrivate: true})
		if err != nil {
			t.Error(err)
		}
		return resp
	}
	newGame, _ := protocol.ParseCommand("new timer=0", words.English)
	resp := do(replicas[0], "ann", newGame)
	if err := replicas[0].Remember(ctx, h.where, resp.Game, protocol.SlotTable, protocol.Ref{ID: "lobby"}); err != nil {
		t.Fatal(err)
	}
	players := []string{"ann", "bob", "cy", "dee"}
	for _, p := range players[1:] {
		do(replicas[1], p, protocol.Join{})
	}
	do(replicas[2], "ann", protocol.Start{})
	stop := make(chan struct{})
	var tickers sync.WaitGroup
	for _, r := range replicas {
		tickers.Add(1)
		go func() {
			defer tickers.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				if _, err := r.Tick(ctx); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	var wg sync.WaitGroup
	for i, p := range players {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := replicas[i%len(replicas)]
			picks := 0
			// Until the game ends (or this player's share of turns is done);
			// a player locked in waits for the others.
			for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); {
				if turns > 0 && picks >= turns {
					return
				}
				v := do(r, p, protocol.ShowHand{})
				if len(v.Deliveries) == 0 {
					return
				}
				hand := v.Deliveries[0].View
				if strings.Contains(hand.Text, "game is over") || strings.Contains(hand.Title, "over") || strings.Contains(hand.Text, "no game") {
					return
				}
				pressed := false
				for _, b := range hand.Buttons() {
					if strings.HasPrefix(b.ActionID, "sg1:pick:") && !strings.Contains(b.Label, "chopsticks") {
						a, err := protocol.ParseActionID(b.ActionID)
						if err == nil {
							do(r, p, a)
							pressed, picks = true, picks+1
						}
						break
					}
				}
				if !pressed {
					running, _ := r.Running(ctx, h.where)
					if !running {
						return
					}
					runtime.Gosched()
				}
			}
		}()
	}
	peak := 0
	sampling, sampled := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(sampled)
		for {
			select {
			case <-sampling:
				return
			case <-time.After(5 * time.Millisecond):
				peak = max(peak, runtime.NumGoroutine())
			}
		}
	}()
	wg.Wait()
	// Let the timer loops deliver what is left, then stop them.
	want := "game over"
	if turns > 0 {
		want = fmt.Sprintf("turn %d/", turns+1)
	}
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(time.Millisecond) {
		mu.Lock()
		done := len(edits) > 0 && strings.Contains(edits[len(edits)-1].Title, want)
		mu.Unlock()
		if done || time.Now().After(deadline) {
			break
		}
	}
	close(sampling)
	<-sampled
	close(stop)
	tickers.Wait()
	mu.Lock()
	defer mu.Unlock()
	if posts != 0 {
		t.Errorf("%d more table messages posted, want the lobby edited in place", posts)
	}
	last := [2]int{}
	for _, v := range edits {
		m := turnTitle.FindStringSubmatch(v.Title)
		if m == nil {
			continue
		}
		r, _ := strconv.Atoi(m[1])
		tu, _ := strconv.Atoi(m[2])
		if r < last[0] || (r == last[0] && tu < last[1]) {
			t.Fatalf("the table went back from round %d turn %d to round %d turn %d", last[0], last[1], r, tu)
		}
		last = [2]int{r, tu}
	}
	if len(edits) == 0 || !strings.Contains(edits[len(edits)-1].Title, want) {
		var titles []string
		for _, v := range edits[max(0, len(edits)-5):] {
			titles = append(titles, v.Title)
		}
		running, _ := replicas[0].Running(ctx, h.where)
		data, _, _ := h.store.LoadGame(ctx, h.where.Key())
		ob := ""
		if i := strings.Index(string(data), `"ob":`); i >= 0 {
			ob = string(data)[i:min(len(data), i+300)]
		}
		due, _ := h.store.ClaimDue(ctx, time.Now().Add(time.Hour), time.Second, 10)
		t.Fatalf("the table does not end on %q (%d edits, the last %q; game running: %v; outbox %s; deadlines %+v)", want, len(edits), titles, running, ob, due)
	}
	if peak > 100 {
		t.Errorf("%d goroutines at the peak for 3 replicas and 4 players, want them bounded", peak)
	}
	t.Logf("%d table edits over 3 replicas, platform latency %s; at most %d goroutines", len(edits), latency, peak)
}

type senderFunc func(protocol.Delivery) (protocol.Ref, error)

func (f senderFunc) Send(_ context.Context, _ protocol.Location, _ string, d protocol.Delivery) (protocol.Ref, error) {
	return f(d)
}

// TestOutboxTableClickBeforeTheTableIsKnown: a click on the lobby that
// arrives before the lobby's reference is remembered is still acknowledged
// silently and its update queued durably (not sent from memory), then
// delivered as an edit of the lobby once it is known.
func TestOutboxTableClickBeforeTheTableIsKnown(t *testing.T) {
	h := newOutboxHarness(t)
	s := h.sender
	h.sender = nil
	a, _ := protocol.ParseCommand("new timer=0", words.English)
	resp, err := h.b.Handle(context.Background(), protocol.Request{Where: h.where, Who: user("ann"), Action: a})
	if err != nil {
		t.Fatal(err)
	}
	// The Add bot button on the lobby message (a click: it names the game).
	r, err := h.b.Handle(context.Background(), protocol.Request{Where: h.where, Who: user("ann"), Action: protocol.AddBot{Game: resp.Game, N: 1},
		Reply: protocol.Ref{ID: "tok"}, ID: "click-1"})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range r.Deliveries {
		if d.To.IsPublic() {
			t.Fatalf("the click's public update came back with the request: %+v", d)
		}
	}
	h.sender = s
	h.tick(0)
	if len(s.sent) != 0 {
		t.Fatalf("sent %+v before the lobby's reference was known", s.sent)
	}
	if err := h.b.Remember(context.Background(), h.where, resp.Game, protocol.SlotTable, protocol.Ref{ID: "lobby"}); err != nil {
		t.Fatal(err)
	}
	h.tick(2 * time.Second)
	if len(s.sent) != 1 || s.sent[0].Kind != protocol.Edit || s.sent[0].Ref.ID != "lobby" || !strings.Contains(s.sent[0].View.String(), "bot") {
		t.Errorf("sent %+v, want one edit of the lobby showing the bot", s.sent)
	}
}

// TestStalledPlatformStallsOnlyItsGame: a platform whose calls hang holds
// up only its own game's deliveries: Tick returns, another platform's game
// gets its deliveries on the next tick, and the stalled send ends with the
// loop's context (the loop used to wait for it, and
// every timer on the replica stopped).
func TestStalledPlatformStallsOnlyItsGame(t *testing.T) {
	h := newHarness(t)
	hung := make(chan struct{}, 100)
	stalled := senderCtx(func(ctx context.Context, d protocol.Delivery) (protocol.Ref, error) {
		hung <- struct{}{}
		<-ctx.Done() // a platform that never answers
		return protocol.Ref{}, ctx.Err()
	})
	var mu sync.Mutex
	delivered := 0
	fine := senderFunc(func(d protocol.Delivery) (protocol.Ref, error) {
		mu.Lock()
		defer mu.Unlock()
		delivered++
		return protocol.Ref{ID: fmt.Sprintf("m%d", delivered)}, nil
	})
	var seed atomic.Uint64
	b := bot.New(h.store, bot.Config{Seed: func() uint64 { return seed.Add(1) }, FlushWait: 50 * time.Millisecond,
		Platforms: map[string]protocol.Platform{"slow": {Sender: stalled}, "quick": {Sender: fine}}})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	play := func(platform string) {
		where := protocol.Location{Platform: platform, Community: "c", Channel: "ch"}
		newGame, _ := protocol.ParseCommand("new bots=1 timer=0", words.English)
		for _, a := range []protocol.Action{newGame, protocol.Start{}} {
			resp, err := b.Handle(ctx, protocol.Request{Where: where, Who: user("ann"), Action: a})
			if err != nil {
				t.Fatal(err)
			}
			if _, new := a.(protocol.NewGame); new {
				// The adapter reports the lobby it posted.
				if err := b.Remember(ctx, where, resp.Game, protocol.SlotTable, protocol.Ref{ID: "lobby-" + platform}); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	play("slow")
	ticked := make(chan error, 1)
	go func() { _, err := b.Tick(ctx); ticked <- err }()
	<-hung
	select {
	case err := <-ticked:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Tick waits on a stalled platform's delivery")
	}
	play("quick")
	if _, err := b.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	// Tick waits FlushWait for the flushes it started, then leaves them
	// running: the quick game's first delivery (its table, with a picture
	// to draw, slow under the race detector) may land just after.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		mu.Lock()
		n := delivered
		mu.Unlock()
		if n > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the other platform's game got no delivery while one platform stalled")
		}
	}
}

// senderCtx is a Sender from a function that sees the send's context.
type senderCtx func(ctx context.Context, d protocol.Delivery) (protocol.Ref, error)

func (f senderCtx) Send(ctx context.Context, _ protocol.Location, _ string, d protocol.Delivery) (protocol.Ref, error) {
	return f(ctx, d)
}

// TestOutboxBacksOffByTime: while the platform fails, clicks keep coming
// but the outbox tries again only when its backoff says, so its retries are
// not spent in a burst and nothing is dropped; once the platform is back,
// every reveal goes out (8 attempts burned in ~60 ms and
// an 8-second outage dropped reveals for good).
func TestOutboxBacksOffByTime(t *testing.T) {
	h := newOutboxHarness(t)
	h.lobby("ann", "timer=0 bots=1", "bob")
	h.startGame("ann")
	for _, u := range []string{"ann", "bob"} {
		h.send(u, protocol.ShowHand{}, false)
	}
	h.sender.mu.Lock()
	h.sender.fail = 1000
	h.sender.mu.Unlock()
	for range 4 {
		// Their hand messages are not edited while the platform is down:
		// they ask for their hands, as a player would.
		for _, u := range []string{"ann", "bob"} {
			h.send(u, protocol.ShowHand{}, false)
		}
		h.playTurn([]string{"ann", "bob"})
	}
	if tv := h.table(); tv.Title != "" && !strings.Contains(tv.Title, "turn 1/") {
		t.Fatalf("the table was delivered during the outage: %s", tv.Title)
	}
	h.sender.mu.Lock()
	tried := 1000 - h.sender.fail
	h.sender.fail = 0
	h.sender.mu.Unlock()
	if tried != 1 {
		t.Errorf("%d sends tried during the outage with the clock standing still, want 1 (then the backoff)", tried)
	}
	for range 3 {
		h.tick(time.Minute)
	}
	reveals := h.sender.count(func(d protocol.Delivery) bool {
		return d.Kind == protocol.Post && d.View.Screen == protocol.ScreenReveal
	})
	if reveals != 4 {
		t.Errorf("%d reveals delivered after the outage, want all 4", reveals)
	}
}

// TestAwayRequestsGoThroughTheOutbox: a game opened from outside the
// channel (a web page, a Discord Activity) has no interaction to answer
// with its lobby: the outbox posts it to the channel at once, and the
// lobby's changes from the page edit it there; nothing for the channel
// comes back with the request.
func TestAwayRequestsGoThroughTheOutbox(t *testing.T) {
	h := newOutboxHarness(t)
	s := h.sender
	away := func(who string, a protocol.Action) protocol.Response {
		t.Helper()
		resp, err := h.b.Handle(context.Background(), protocol.Request{Where: h.where, Who: user(who), Action: a,
			Away: true, FromPrivate: true, ID: fmt.Sprintf("web-%d", requestIDs.Add(1))})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range resp.Deliveries {
			if d.To.IsPublic() {
				t.Fatalf("%T from away answered the channel with the request: %+v", a, d)
			}
		}
		h.tick(0)
		return resp
	}
	resp := away("ann", protocol.NewGame{})
	if n := s.count(isTablePost); n != 1 {
		t.Fatalf("the lobby opened from away was posted %d times, want once: %+v", n, s.sent)
	}
	away("bob", protocol.Join{Game: resp.Game})
	away("ann", protocol.AddBot{Game: resp.Game, N: 1})
	edits := s.count(func(d protocol.Delivery) bool { return d.Kind == protocol.Edit && d.Ref.ID == "out1" })
	last := s.sent[len(s.sent)-1]
	if edits != 2 || !strings.Contains(last.View.String(), "Bob") || !strings.Contains(last.View.String(), "bot") {
		t.Fatalf("the lobby was edited %d times (want 2), last %q", edits, last.View.String())
	}
	away("ann", protocol.Start{Game: resp.Game})
	if v := h.table(); !strings.Contains(v.Title, "round 1") {
		t.Errorf("the channel's table after Start from away: %q", v.Title)
	}
	if n := s.count(isTablePost); n != 1 {
		t.Errorf("the table was posted %d times, want once", n)
	}
}
