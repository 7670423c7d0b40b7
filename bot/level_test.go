package bot

import (
	"testing"

	"github.com/sushigo/sushigo/engine/strategy"
)

// TestBotLevels: levels parse, a bot seat keeps its own level, and a seat
// handed to a bot (a player who went away) plays at the game's level.
func TestBotLevels(t *testing.T) {
	a, err := ParseCommand("new bots=2 level=expert")
	if err != nil || a.(NewGame).Options.Level != strategy.Expert {
		t.Fatalf("new level=expert: %+v, %v", a, err)
	}
	if a, err := ParseCommand("addbot 2 hard"); err != nil || a != (AddBot{N: 2, Level: strategy.Hard}) {
		t.Fatalf("addbot 2 hard: %+v, %v", a, err)
	}
	for _, bad := range []string{"new level=godlike", "new level=random", "addbot 2 hard easy", "addbot lots"} {
		if _, err := ParseCommand(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
	st := &state{Opts: Options{Level: strategy.Expert}, Seats: []seat{{User: "ann", Name: "Ann"}, {Name: "Tofu-bot", Bot: true, Level: strategy.Easy}}}
	st.Seats[0].Bot = true // Ann went away
	if st.botLevel(0) != strategy.Expert || st.botLevel(1) != strategy.Easy {
		t.Errorf("levels %s, %s", st.botLevel(0), st.botLevel(1))
	}
	st.Opts.Level = ""
	if st.botLevel(0) != strategy.Normal {
		t.Errorf("a game without a level plays %s", st.botLevel(0))
	}
	// Stored and read back.
	data, err := encodeState(st)
	if err != nil {
		t.Fatal(err)
	}
	back, err := decodeState(data)
	if err != nil || back.Seats[1].Level != strategy.Easy {
		t.Fatalf("decoded %+v, %v", back, err)
	}
}
