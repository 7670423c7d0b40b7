package bot

import (
	"slices"
	"time"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/strategy"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// snapshot is one game as its screens see it (render.go, partyview.go,
// pictures.go, look.go): a copy taken from the record (gameRecord.snap), so a
// screen is a pure function of it and drawing one changes nothing.
type snapshot struct {
	ID         string
	Where      protocol.Location
	Phase      phase
	Host       string
	Opts       protocol.Options
	Seats      []seat
	Notes      []string
	Ended      string
	Vote       *endVote
	NoPictures string
	Agreed     bool
	// places are the seats' rated places of a game that ended early
	// (gameRecord.ratedPlaces), which its closing screen shows.
	places []int
	// rated is what the closing post says of the game's ratings, once known.
	rated *ratedNote
	// turnEnds is when the turn under way runs out: zero without a timer.
	turnEnds time.Time

	game *engine.Game
	plat protocol.Platform
	// web is set when the host has a web table (Config.TableLink); page
	// when the snapshot is drawn for a web page, which shows the reader's
	// hand itself (no Show my hand, no word of how hands are sent).
	web, page bool
	// w is the language the screens write in: the game's for the public
	// ones, a seat's person's for theirs (to).
	w words.Lang
}

// to is the snapshot as seat i's person reads it: in their language.
func (st *snapshot) to(i int) *snapshot {
	if i < 0 || i >= len(st.Seats) || st.Seats[i].Lang.IsZero() || st.Seats[i].Lang == st.w {
		return st // the game's language: no copy
	}
	c := *st
	c.w = st.Seats[i].Lang
	return &c
}

// seatName is seat i's name, or the dummy's in w.
func seatName(w words.Lang, seats []seat, i int) string {
	if i >= 0 && i < len(seats) {
		return seats[i].shown(w)
	}
	return w.Say("seat.dummy")
}

func (st *snapshot) name(i int) string { return seatName(st.w, st.Seats, i) }

// chat reports whether the game is in a chat rather than a terminal.
func (st *snapshot) chat() bool { return !st.plat.Terminal }

// typing reports whether players on the game's platform can type answers
// (`choose`, `flip`) where the prompt is: only the terminal. On Discord
// and Slack a prompt is a private message or a DM, where nothing typed
// reaches the game: they answer with the buttons and the list.
func (st *snapshot) typing() bool { return st.plat.Terminal }

// The seat list's facts, for the record and its snapshots alike.

// peopleIn counts the seats of people, those who left included.
func peopleIn(seats []seat) int {
	n := 0
	for _, s := range seats {
		if s.User != "" {
			n++
		}
	}
	return n
}

// hostIn is the host's name.
func hostIn(seats []seat, host string) string {
	for _, s := range seats {
		if s.User == host {
			return s.Name
		}
	}
	return "unknown"
}

// dmHands reports whether seat s's hand goes by DM.
func dmHands(o protocol.Options, s *seat) bool { return o.Hands == protocol.HandsDM && !s.DMFailed }

// levelOf is a bot seat's strength: its own, else the game's, else normal.
func levelOf(s seat, o protocol.Options) strategy.Level {
	if s.Level != "" {
		return s.Level
	}
	if o.Level != "" {
		return o.Level
	}
	return strategy.Normal
}

func (st *snapshot) people() int                   { return peopleIn(st.Seats) }
func (st *snapshot) hostName() string              { return hostIn(st.Seats, st.Host) }
func (st *snapshot) byDM(s *seat) bool             { return dmHands(st.Opts, s) }
func (st *snapshot) botLevel(i int) strategy.Level { return levelOf(st.Seats[i], st.Opts) }
func (st *snapshot) forfeited(i int) bool          { return st.Seats[i].forfeited() }

func (st *snapshot) seatOf(user string) int { return seatIndex(st.Seats, user) }

// seatIndex is the seat of user, or -1.
func seatIndex(seats []seat, user string) int {
	return slices.IndexFunc(seats, func(s seat) bool { return s.User == user })
}
