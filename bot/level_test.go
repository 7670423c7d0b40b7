package bot

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/enginetest"
	"github.com/sushigo/sushigo/engine/strategy"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// TestBotLevels: levels parse, a bot seat keeps its own level, and a seat
// handed to a bot (a player who went away) plays at the game's level.
func TestBotLevels(t *testing.T) {
	a, err := protocol.ParseCommand("new bots=2 level=expert", words.English)
	if err != nil || a.(protocol.NewGame).Options.Level != strategy.Expert {
		t.Fatalf("new level=expert: %+v, %v", a, err)
	}
	if a, err := protocol.ParseCommand("addbot 2 hard", words.English); err != nil || a != (protocol.AddBot{N: 2, Level: strategy.Hard}) {
		t.Fatalf("addbot 2 hard: %+v, %v", a, err)
	}
	for _, bad := range []string{"new level=godlike", "new level=random", "addbot 2 hard easy", "addbot lots"} {
		if _, err := protocol.ParseCommand(bad, words.English); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
	st := &gameRecord{Opts: protocol.Options{Level: strategy.Expert}, Seats: []seat{{User: "ann", Name: "Ann"}, {Name: "Hiro-bot", Bot: true, Level: strategy.Easy}}}
	st.Seats[0].Bot = true // Ann went away
	if st.botLevel(0) != strategy.Expert || st.botLevel(1) != strategy.Easy {
		t.Errorf("levels %s, %s", st.botLevel(0), st.botLevel(1))
	}
	st.Opts.Level = ""
	if st.botLevel(0) != strategy.Normal {
		t.Errorf("a game without a level plays %s", st.botLevel(0))
	}
	// Stored and read back.
	data, err := encodeBody(st)
	if err != nil {
		t.Fatal(err)
	}
	back, err := decodeState(data)
	if err != nil || back.Seats[1].Level != strategy.Easy {
		t.Fatalf("decoded %+v, %v", back, err)
	}
}

// TestPuddingsShownWithTheirTotal: the table adds this round's puddings
// to those kept from earlier rounds, instead of showing them apart.
func TestPuddingsShownWithTheirTotal(t *testing.T) {
	// Ann takes a pudding on round 1's first turn and another on round
	// 2's: her hands begin with one each time.
	g := enginetest.Deal(t, enginetest.Classic(3), []engine.Card{engine.Pudding})
	enginetest.Stack(t, g, engine.Pudding)
	enginetest.Turns(t, g, g.Settings().HandSize()+1)
	kept, now := g.Puddings(0), g.View(0).Puddings(0)-g.Puddings(0)
	if g.Round() != 2 || kept != 1 || now != 1 {
		t.Fatalf("round %d: %d puddings kept, %d this round; want round 2, 1 and 1", g.Round(), kept, now)
	}
	st := &gameRecord{ID: "p", Phase: phasePlaying, Opts: protocol.Options{Pass: engine.PassLeft}, game: g,
		Seats: []seat{{User: "ann", Name: "Ann"}, {User: "bob", Name: "Bob"}, {User: "cy", Name: "Cy"}}}
	want := fmt.Sprintf("🍮 %d kept + %d this round = %d", kept, now, kept+now)
	if tv := tableView(st.snap(), time.Time{}); !strings.Contains(tv.Fields[0].Value, want) {
		t.Fatalf("want %q in:\n%s", want, tv.Fields[0].Value)
	}
}
