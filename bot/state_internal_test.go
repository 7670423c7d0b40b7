package bot

import (
	"bytes"
	"encoding/json"
	"os"
	"slices"
	"testing"

	"github.com/sushigo/sushigo/engine"
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
