package bot

import (
	"fmt"
	"testing"
	"time"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/strategy"
	"github.com/sushigo/sushigo/picture"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// TestTablePictureIntervalsSpread: each game keeps its table picture
// between three quarters of and a quarter more than the interval, the same
// each time, and games differ, so games started together draw apart.
func TestTablePictureIntervalsSpread(t *testing.T) {
	lo, hi := time.Hour, time.Duration(0)
	for i := range 1000 {
		id := fmt.Sprint("g", i)
		d := tableEvery(id, time.Minute)
		if d != tableEvery(id, time.Minute) {
			t.Fatalf("game %s: a different interval each time", id)
		}
		lo, hi = min(lo, d), max(hi, d)
	}
	if lo < 45*time.Second || hi > 75*time.Second || hi-lo < 25*time.Second {
		t.Errorf("intervals from %v to %v, want spread over 45 s to 75 s", lo, hi)
	}
}

// TestTableAltKeptIsSaidAgain: the alt text nameTable keeps for a table
// picture's key is, at every move of whole games (classic, and Party at
// eight seats with every recommended menu, decisions included), the text
// said afresh; a seat's new name or another language is said again.
func TestTableAltKeptIsSaidAgain(t *testing.T) {
	fr, _ := words.Find("fr")
	var settings []engine.Settings
	settings = append(settings, engine.Settings{Players: 4})
	for _, m := range engine.Menus(8) {
		settings = append(settings, engine.Settings{Ruleset: engine.Party, Players: 8, Menu: m.Menu})
	}
	var alts tableAlts
	for gi, set := range settings {
		g, err := engine.New(set, uint64(40+gi))
		if err != nil {
			t.Fatal(err)
		}
		st := &gameRecord{ID: fmt.Sprint("g", gi), game: g}
		players := make([]strategy.Player, set.Players)
		for i := range players {
			players[i] = strategy.NewHeuristic()
			st.Seats = append(st.Seats, seat{Name: fmt.Sprint("P", i), User: fmt.Sprint("u", i)})
		}
		moves := 0
		check := func() {
			sn := st.snap()
			var p protocol.Picture
			nameTable(sn, &p, &alts)
			names := sn.names(len(st.Seats))
			pv := tablePublic(sn)
			decider := -1
			if pv.Decision != nil {
				decider = pv.Decision.Seat
			}
			if want := fmt.Sprintf("table/%d/%d/%d/%t", pv.Round, pv.Turn, decider, pv.Over); p.Key != want {
				t.Fatalf("game %d, move %d: key %q, want the public view's %q", gi, moves, p.Key, want)
			}
			if want := picture.TableAlt(sn.w, pv, names); p.Alt != want {
				t.Fatalf("game %d, move %d: alt\n%q\nwant\n%q", gi, moves, p.Alt, want)
			}
			if _, ok := alts.get(st.ID, p.Key, sn.w, names); !ok {
				t.Fatalf("game %d, move %d: the alt text was not kept", gi, moves)
			}
		}
		err = strategy.PlayRecording(g, players, func(int, engine.Submission, engine.Answer, bool) {
			moves++
			check()
			check()
			switch moves {
			case 5:
				st.Seats[1].Name = "Renamed"
				check()
			case 9:
				st.Lang = fr
				check()
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		if moves < 10 {
			t.Fatalf("game %d: %d moves", gi, moves)
		}
	}
}
