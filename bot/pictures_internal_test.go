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

// TestTableAltKeptIsSaidAgain: the alt text sayTable keeps for a table
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
			p.Key = tableKey(sn)
			p.Alt = sayTable(sn, p.Key, &alts)
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

// TestTableAltOfAKeptPicture: a table picture kept while the game moves on
// keeps the words said when it was drawn, not the table's turns later; a
// replica that did not draw it says the table as it is then, once.
func TestTableAltOfAKeptPicture(t *testing.T) {
	g, err := engine.New(engine.Settings{Ruleset: engine.Party, Players: 8, Menu: engine.Menus(8)[0].Menu}, 7)
	if err != nil {
		t.Fatal(err)
	}
	st := &gameRecord{ID: "g", game: g}
	players := make([]strategy.Player, 8)
	for i := range players {
		players[i] = strategy.NewHeuristic()
		st.Seats = append(st.Seats, seat{Name: fmt.Sprint("P", i), User: fmt.Sprint("u", i)})
	}
	var alts tableAlts
	var drawnKey, drawnAlt string
	checked := 0
	err = strategy.PlayRecording(g, players, func(int, engine.Submission, engine.Answer, bool) {
		sn := st.snap()
		key := tableKey(sn)
		now := picture.TableAlt(sn.w, tablePublic(sn), sn.names(8))
		switch {
		case drawnKey == "":
			drawnKey, drawnAlt = key, sayTable(sn, key, &alts)
			if drawnAlt != now {
				t.Fatalf("drawn at %s: alt\n%q\nwant\n%q", key, drawnAlt, now)
			}
		case key != drawnKey && now != drawnAlt:
			// The game has moved on; the message still shows drawnKey.
			if got := sayTable(sn, drawnKey, &alts); got != drawnAlt {
				t.Fatalf("%s kept at %s: alt\n%q\nwant the drawn picture's\n%q", drawnKey, key, got, drawnAlt)
			}
			// Another replica never heard drawnKey's words: it says the
			// table as it is now, and keeps them.
			var other tableAlts
			if got := sayTable(sn, drawnKey, &other); got != now {
				t.Fatalf("%s kept at %s by another replica: alt\n%q\nwant\n%q", drawnKey, key, got, now)
			}
			if again, ok := other.get(st.ID, drawnKey, sn.w, sn.names(8)); !ok || again != now {
				t.Fatalf("%s kept at %s by another replica: not kept (%q, %v)", drawnKey, key, again, ok)
			}
			checked++
			if checked%10 == 0 { // a new picture drawn now and then
				drawnKey, drawnAlt = key, sayTable(sn, key, &alts)
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 20 {
		t.Fatalf("%d moves checked with the game past its picture", checked)
	}
}
