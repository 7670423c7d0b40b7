package bot_test

import (
	"bytes"
	"context"
	"flag"
	"image/png"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/record"
	"github.com/sushigo/sushigo/words"
)

// TestGameStoredByThePreviousReleaseKeepsPlaying loads a game stored by the
// release before Party and the outbox (captured with that release's code,
// mid-game) and plays it to the end, on the durable-delivery path that
// serve now uses.
func TestGameStoredByThePreviousReleaseKeepsPlaying(t *testing.T) {
	data, err := os.ReadFile("testdata/stored/release-6fed074-playing.json")
	if err != nil {
		t.Fatal(err)
	}
	h := newOutboxHarness(t)
	h.stored(data)
	if err := h.b.Remember(context.Background(), h.where, "17", protocol.SlotTable, protocol.Ref{ID: "msg1"}); err != nil {
		t.Fatal(err)
	}
	// Pick the public table back up from a status view.
	h.do("ann", "status")
	for range 40 {
		if _, over := h.lastPublic("Final standings"); over {
			break
		}
		for _, u := range []string{"ann", "bob"} {
			h.send(u, protocol.ShowHand{}, false)
		}
		h.playTurn([]string{"ann", "bob"})
	}
	if _, over := h.lastPublic("Final standings"); !over {
		t.Fatal("the stored game did not play to its end")
	}
	if v, _ := h.lastPublic("Final standings"); !strings.Contains(v.String(), "Ann") {
		t.Errorf("final standings: %s", v.String())
	}
}

// TestGameStoredBeforeLanguagesPlaysInEnglish: a game stored by a release
// without languages has none, and its public messages stay English to its
// end even when its players' clients read French; what only they read (a
// hand) is in their French.
func TestGameStoredBeforeLanguagesPlaysInEnglish(t *testing.T) {
	data, err := os.ReadFile("testdata/stored/release-6fed074-playing.json")
	if err != nil {
		t.Fatal(err)
	}
	h := newOutboxHarness(t)
	fr, _ := words.Find("fr")
	h.langs = map[string]words.Lang{"ann": fr, "bob": fr}
	h.stored(data)
	if err := h.b.Remember(context.Background(), h.where, "17", protocol.SlotTable, protocol.Ref{ID: "msg1"}); err != nil {
		t.Fatal(err)
	}
	h.do("ann", "status")
	sawFrenchHand := false
	for range 40 {
		if _, over := h.lastPublic("Final standings"); over {
			break
		}
		for _, u := range []string{"ann", "bob"} {
			h.send(u, protocol.ShowHand{}, false)
			sawFrenchHand = sawFrenchHand || strings.Contains(h.private[u].Title, "Votre main")
		}
		h.playTurn([]string{"ann", "bob"})
	}
	if _, over := h.lastPublic("Final standings"); !over {
		t.Fatal("the stored game did not play to its end in English")
	}
	for _, v := range h.public {
		if strings.Contains(v.Title, "manche") {
			t.Fatalf("a public message of a game without a language is in French: %s", v.Title)
		}
	}
	if !sawFrenchHand {
		t.Error("no hand in its French reader's language")
	}
}

// TestPartyGameStoredByTheReleaseBeforeKeepsPlaying loads a Party game
// stored by the release before records were packed (state version 1,
// Party encoding 16) while its host was deciding after a reveal, answers
// the decision and plays it to the end. The file is that release's and is
// never rewritten; `go test ./bot -run StoredByThisRelease -update`
// captures this release's form (TestOutboxStoredByThisRelease).
func TestPartyGameStoredByTheReleaseBeforeKeepsPlaying(t *testing.T) {
	const path = "testdata/stored/party-v1-deciding.json"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t)
	h.stored(data)
	h.do("ann", "status")
	h.send("ann", protocol.ShowHand{}, false)
	if v := h.private["ann"]; !strings.Contains(v.Title, "Your choice") || !strings.Contains(v.Text, "menu") {
		t.Fatalf("the stored game is not waiting on ann's menu:\n%s", v)
	}
	for range 200 {
		if _, over := h.lastPublic("Final standings"); over {
			break
		}
		h.send("ann", protocol.ShowHand{}, false)
		if bs := h.private["ann"].Buttons(); len(bs) > 0 {
			h.click("ann", bs[0].ActionID, true)
		}
	}
	if _, over := h.lastPublic("Final standings"); !over {
		t.Fatalf("the stored Party game did not play to its end:\n%s", h.table())
	}
}

// TestOutboxStoredByThePreviousReleaseDelivers loads a game stored by the
// release before threads (0e84c8b, captured with its code) with deliveries
// still in its outbox — a reveal, the table, a hand — and checks that they
// go out as that release queued them (the reveal in the channel, where it
// was meant to be), and that the game then plays on, its next reveal in
// the thread.
func TestOutboxStoredByThePreviousReleaseDelivers(t *testing.T) {
	data, err := os.ReadFile("testdata/stored/release-0e84c8b-outbox.json")
	if err != nil {
		t.Fatal(err)
	}
	h := newOutboxHarness(t)
	ctx := context.Background()
	h.stored(data)
	// The deadline that release scheduled with the deliveries.
	if err := h.store.Schedule(ctx, "out:"+h.where.Key(), h.now); err != nil {
		t.Fatal(err)
	}
	h.tick(0)
	var reveal protocol.Delivery
	for _, d := range h.sender.sent {
		if d.View.Title == "👀 Reveal — round 1, turn 1" {
			reveal = d
		}
	}
	if reveal.Kind != protocol.Post || !reveal.To.IsPublic() || reveal.To.Thread {
		t.Fatalf("the stored reveal: %+v", reveal)
	}
	if n := h.sender.count(func(d protocol.Delivery) bool { return d.Kind == protocol.Edit && d.To.User == "ann" }); n != 1 {
		t.Errorf("ann's stored hand edit went out %d times, want once", n)
	}
	for _, u := range []string{"ann", "bob"} {
		h.send(u, protocol.ShowHand{}, false)
	}
	h.playTurn([]string{"ann", "bob"})
	if n := h.sender.count(func(d protocol.Delivery) bool {
		return d.Kind == protocol.Post && d.To.Thread && d.View.Title == "👀 Reveal — round 1, turn 2"
	}); n != 1 {
		t.Errorf("the next reveal went to the thread %d times, want once", n)
	}
}

// TestOutboxWithPicturesStoredByTheReleaseBefore: a game stored by the
// release before records were packed (version 1: JSON, every pending view
// rendered, pictures named) with the end of round 1 still in its outbox
// delivers it after the upgrade, the pictures drawn when sent. The file is
// that release's and is never rewritten.
func TestOutboxWithPicturesStoredByTheReleaseBefore(t *testing.T) {
	const path = "testdata/stored/pictures-v1-outbox.json"
	ctx := context.Background()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"Picture":{"of":2,"r":1,"k":"round/1"`) || !strings.HasPrefix(string(data), `{"v":1,`) {
		t.Fatal("the stored outbox is not the version 1 golden")
	}
	h := newOutboxHarness(t)
	h.stored(data)
	if err := h.store.Schedule(ctx, "out:"+h.where.Key(), h.now); err != nil {
		t.Fatal(err)
	}
	h.tick(time.Minute) // past the wait the failed sends left
	checkRoundOneSent(t, h)
}

// checkRoundOneSent checks what a game stored at the end of round 1 sent:
// the round's scores with their picture, the table of round 2.
func checkRoundOneSent(t *testing.T, h *harness) {
	t.Helper()
	var round, table *protocol.Picture
	for _, d := range h.sender.sent {
		if p := d.View.Picture; p != nil && p.Of == protocol.PictureRound {
			round = p
		}
		if p := d.View.Picture; p != nil && p.Of == protocol.PictureTable {
			table = p
		}
	}
	if round == nil || round.Round != 1 || !strings.Contains(round.Alt, "round 1") {
		t.Fatalf("the stored round-1 scores went out with picture %+v", round)
	}
	if _, err := png.Decode(bytes.NewReader(round.PNG)); err != nil {
		t.Errorf("the round-1 picture drawn from the stored game: %v", err)
	}
	if table == nil || (table.PNG == nil && !table.Keep) {
		t.Errorf("the stored table edit went out with picture %+v", table)
	}
	if tv := h.table(); !strings.Contains(tv.Title, "round 2/3, turn 1") {
		t.Errorf("the table after the stored deliveries: %q", tv.Title)
	}
}

// TestOutboxStoredByThisRelease pins this release's stored form (version
// 2): the record packed (outbox-v2.packed, as Redis holds it) and its JSON
// (outbox-v2.json, to read), whose outbox names the views it draws when it
// sends. A game stored at the end of round 1 with its deliveries pending
// delivers them. -update rewrites both from a game played now.
func TestOutboxStoredByThisRelease(t *testing.T) {
	const packed, readable = "testdata/stored/outbox-v2.packed", "testdata/stored/outbox-v2.json"
	ctx := context.Background()
	if f := flag.Lookup("update"); f != nil && f.Value.String() == "true" {
		h := newOutboxHarness(t)
		h.lobby("ann", "timer=0 bots=1", "bob")
		h.startGame("ann")
		for range 20 { // to the last choice of round 1 (the last card plays itself)
			tb, err := h.b.PublicTable(ctx, h.where)
			if err != nil || tb.View.Turn == tb.View.Settings.HandSize()-1 {
				break
			}
			h.playTurn([]string{"ann", "bob"})
		}
		h.sender.mu.Lock()
		h.sender.fail = 1 << 20
		h.sender.mu.Unlock()
		h.playTurn([]string{"ann", "bob"})
		pinGame(t, h, packed)
		data, _, err := h.store.LoadGame(ctx, h.where.Key())
		if err != nil {
			t.Fatal(err)
		}
		js, err := record.Unpack(data)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(readable, append(js, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(packed)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(readable)
	if err != nil {
		t.Fatal(err)
	}
	js, err := record.Unpack(data)
	if err != nil || string(js)+"\n" != string(want) {
		t.Fatalf("%s does not unpack to %s (%v)", packed, readable, err)
	}
	for _, named := range []string{`"r":"round:1"`, `"r":"table"`, `"r":"hand"`, `"v":2,`} {
		if !strings.Contains(string(js), named) {
			t.Errorf("the stored outbox does not hold %s: rewrite it with -update", named)
		}
	}
	h := newOutboxHarness(t)
	h.stored(data)
	if err := h.store.Schedule(ctx, "out:"+h.where.Key(), h.now); err != nil {
		t.Fatal(err)
	}
	h.tick(time.Minute)
	checkRoundOneSent(t, h)
}

// pinGame writes h's stored game to path: a golden of this release's
// stored format.
func pinGame(t *testing.T, h *harness, path string) {
	t.Helper()
	data, _, err := h.store.LoadGame(context.Background(), h.where.Key())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
