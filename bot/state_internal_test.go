package bot

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// TestAppliedReadFromAnyPlace: a game stored with "ap" amid its members
// (earlier releases; package record now adds it last) reads its IDs as
// before.
func TestAppliedReadFromAnyPlace(t *testing.T) {
	data, err := os.ReadFile("testdata/stored/party-v1-deciding.json")
	if err != nil {
		t.Fatal(err)
	}
	var raw struct {
		Ap []string `json:"ap"`
	}
	if err := json.Unmarshal(data, &raw); err != nil || len(raw.Ap) == 0 {
		t.Fatalf("the stored game has no request IDs to read: %v", err)
	}
	st, err := decodeState(data)
	if err != nil || !slices.Equal(st.Applied, raw.Ap) {
		t.Errorf("stored IDs %v read as %v (%v)", raw.Ap, st.Applied, err)
	}
}

// TestGameOfACopyStaysItsOwn: a copy shares its source's engine game until
// a change takes its own (update does, before any step), and a change to
// the copy's game leaves the source's as it was.
func TestGameOfACopyStaysItsOwn(t *testing.T) {
	g, err := engine.New(engine.Settings{Players: 3}, 9)
	if err != nil {
		t.Fatal(err)
	}
	st := &gameRecord{game: g, ownGame: true}
	before, _ := g.MarshalBinary()
	c := st.clone()
	if c.game != st.game {
		t.Error("a copy made to read copied the game")
	}
	own := c.ownedGame()
	if own == st.game || c.game != own || c.ownedGame() != own {
		t.Fatal("the copy's change did not get a game of its own, once")
	}
	if err := own.Submit(0, own.View(0).AppendLegal(nil)[0]); err != nil {
		t.Fatal(err)
	}
	after, _ := st.game.MarshalBinary()
	if !bytes.Equal(before, after) || st.game.Submitted(0) || !own.Submitted(0) {
		t.Error("a change to the copy's game changed the source's")
	}
	if st.ownedGame() != g {
		t.Error("the source, which owned its game, copied it")
	}
}

// TestDrawNowWritesNoSeat: a snapshot drawn at once shares the record's
// seats (drawNow), so drawing every named view from it, for the channel
// and for each seat in another language, must leave the seats as they
// were; snap's copy stays as it was taken whatever the record does next.
func TestDrawNowWritesNoSeat(t *testing.T) {
	st := goldenState(t)
	fr, _ := words.Find("fr")
	st.Seats[1].Lang = fr
	st.plat = protocol.Platform{Hands: protocol.HandsDM}
	before := slices.Clone(st.Seats)
	now := time.Date(2026, 11, 18, 20, 0, 0, 0, time.UTC)
	sn := st.drawNow()
	if &sn.Seats[0] != &st.Seats[0] {
		t.Fatal("drawNow copied the seats")
	}
	audiences := []protocol.Audience{{}} // the channel
	for _, s := range st.Seats {
		if s.User != "" {
			audiences = append(audiences, protocol.Private(s.User))
		}
	}
	drawn := 0
	for _, name := range []string{redrawTable, redrawHand, redrawRound + "1", redrawReveal, redrawFinal} {
		for _, to := range audiences {
			if _, ok := st.drawNow().redraw(name, to, now); ok {
				drawn++
			}
		}
	}
	if drawn < len(audiences)+2 {
		t.Fatalf("only %d views drawn: the test draws too little", drawn)
	}
	tableView(st.drawNow(), now)
	handNow(st.drawNow(), 0)
	handNow(st.drawNow().to(1), 1)
	if !reflect.DeepEqual(st.Seats, before) {
		t.Errorf("drawing changed the record's seats:\n%+v\nwas\n%+v", st.Seats, before)
	}
	kept := st.snap()
	st.Seats[0].Name = "Ann changed"
	if kept.Seats[0].Name != "Ann" {
		t.Error("snap shares the record's seats")
	}
}
