package bot

import (
	"fmt"
	"testing"
	"time"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/strategy"
)

// midGame is an eight-seat Party game (the first recommended menu) in its
// second round, some players picked this turn, as a chat's record holds it.
func midGame(b *testing.B) *gameRecord {
	set := engine.Settings{Ruleset: engine.Party, Players: 8, Menu: engine.Menus(8)[0].Menu}
	g, err := engine.New(set, 7)
	if err != nil {
		b.Fatal(err)
	}
	players := make([]strategy.Player, set.Players)
	for i := range players {
		players[i] = strategy.NewHeuristic()
	}
	var at []byte
	moves := 0
	_ = strategy.PlayRecording(g, players, func(int, engine.Submission, engine.Answer, bool) {
		if moves++; at == nil && g.Round() == 2 && g.Turn() == 3 && moves%8 == 5 {
			at, _ = g.MarshalBinary()
		}
	})
	if at == nil {
		b.Fatal("the game never reached round 2, turn 3")
	}
	mid := new(engine.Game)
	if err := mid.UnmarshalBinary(at); err != nil {
		b.Fatal(err)
	}
	st := &gameRecord{ID: "g", game: mid}
	st.Phase = phasePlaying
	for i := range set.Players {
		st.Seats = append(st.Seats, seat{Name: fmt.Sprint("Player ", i+1), User: fmt.Sprint("u", i)})
	}
	return st
}

// BenchmarkTableView draws an eight-seat Party table's text, as the outbox
// does for every pick it shows.
func BenchmarkTableView(b *testing.B) {
	st := midGame(b)
	now := time.Date(2026, 11, 29, 4, 0, 0, 0, time.UTC)
	if v := tableView(st.snap(), now); len(v.Fields) != 8 {
		b.Fatalf("%d seats drawn", len(v.Fields))
	}
	b.ReportAllocs()
	for b.Loop() {
		tableView(st.snap(), now)
	}
}
