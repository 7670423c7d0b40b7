package bot

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/strategy"
	"github.com/sushigo/sushigo/words"
)

// TestTableTextsChangeNothing draws the table after every pick and
// decision of whole games, with the memo of its seats' and reveal's text
// and again with it forgotten, and wants the same view: in each game kind,
// in every language (it changes every few moves), with a seat renamed
// midway and another taken over by a bot.
func TestTableTextsChangeNothing(t *testing.T) {
	kinds := []engine.Settings{
		{Ruleset: engine.Party, Players: 8, Menu: engine.Menus(8)[0].Menu},
		{Ruleset: engine.Party, Players: 3, Menu: engine.Menus(3)[1].Menu},
		{Players: 4},
		{Players: 3, Pass: engine.PassAlternate},
		{Players: 2, Dummy: true},
	}
	langs := words.Languages()
	now := time.Date(2026, 11, 29, 14, 0, 0, 0, time.UTC)
	for k, set := range kinds {
		g, err := engine.New(set, uint64(11+k))
		if err != nil {
			t.Fatal(err)
		}
		st := &gameRecord{ID: fmt.Sprintf("memo-test-%d", k), game: g}
		st.Phase = phasePlaying
		for i := range set.Players {
			st.Seats = append(st.Seats, seat{Name: fmt.Sprint("Player ", i+1), User: fmt.Sprint("u", i)})
		}
		players := make([]strategy.Player, set.Players)
		for i := range players {
			players[i] = strategy.NewHeuristic()
		}
		moves, said := 0, 0
		check := func() {
			if moves%5 == 0 {
				st.Lang = langs[(moves/5)%len(langs)]
			}
			if moves == 42 { // between two changes of language
				st.Seats[1].Name = "Renamed"
			}
			if moves == 48 { // a bot takes a seat over, its name unchanged
				st.Seats[len(st.Seats)-1].Bot = true
			}
			memo := tableView(st.snap(), now)
			tableTexts.memo.take(tableTextKey{st.ID, st.Lang})
			fresh := tableView(st.snap(), now)
			if !reflect.DeepEqual(memo, fresh) {
				t.Fatalf("%v, move %d (round %d, turn %d, %v): the memo's table\n%#v\nagainst\n%#v", set, moves, g.Round(), g.Turn(), st.Lang, memo, fresh)
			}
			// Drawn again from the memo just put: the same once more.
			if again := tableView(st.snap(), now); !reflect.DeepEqual(again, fresh) {
				t.Fatalf("%v, move %d: drawn twice from the memo, the table changed", set, moves)
			}
			said++
		}
		check()
		err = strategy.PlayRecording(g, players, func(int, engine.Submission, engine.Answer, bool) {
			moves++
			check()
		})
		if err != nil {
			t.Fatal(err)
		}
		if !g.Over() || said < 20 {
			t.Fatalf("%v: %d tables drawn, over %t", set, said, g.Over())
		}
	}
}
