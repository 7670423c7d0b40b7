package bot

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/storage"
)

// Action is what a request asks the host to do. The set is closed: only this
// package's types implement it.
type Action interface{ action() }

// Game-scoped actions carry the ID of the game their button was rendered for
// (empty when typed as a command: the channel's current game), so a button
// from an ended game is refused instead of acting on a new one.

// NewGame opens a lobby in the channel.
type NewGame struct{ Options Options }

// Join takes a seat (or a seat back from the bot that replaced you).
type Join struct{ Game string }

// Leave gives up a lobby seat.
type Leave struct{ Game string }

// Start deals the cards (host only).
type Start struct{ Game string }

// AddBot adds N bot seats to the lobby (host only).
type AddBot struct {
	Game string
	N    int
}

// Kick removes a player from the lobby, or hands their seat to a bot
// during play (host only).
type Kick struct{ Player string }

// ShowHand shows the caller their hand, privately.
type ShowHand struct{ Game string }

// Pick is a hand button or a typed pick: a selection that may still be
// incomplete. Chop asks for chopsticks (Extra to follow); the dummy's
// controller also names Dummy. When the selection is complete it is
// submitted; otherwise the next step of the hand is shown.
type Pick struct {
	Game               string
	Round, Turn        int
	Card, Extra, Dummy engine.Card
	Chop               bool
}

// Change shows the hand again after a pick, to choose differently.
type Change struct {
	Game        string
	Round, Turn int
}

// Status shows the table.
type Status struct{}

// Scores shows the score breakdown so far.
type Scores struct{}

// Leaderboard shows the community's best players for a period.
type Leaderboard struct {
	Period storage.Period
	By     storage.Metric
}

// Stats shows a player's totals (the caller's when Player is empty).
type Stats struct{ Player string }

// Rules explains the game, or one card.
type Rules struct{ Card string }

// Help lists the commands.
type Help struct{}

// End stops the channel's game (host or channel admin).
type End struct{ Game string }

// Rematch starts a new lobby with the same seats and options.
type Rematch struct{ Game string }

func (a Join) game() string     { return a.Game }
func (a Leave) game() string    { return a.Game }
func (a Start) game() string    { return a.Game }
func (a AddBot) game() string   { return a.Game }
func (a ShowHand) game() string { return a.Game }
func (a Pick) game() string     { return a.Game }
func (a Change) game() string   { return a.Game }
func (a End) game() string      { return a.Game }
func (a Rematch) game() string  { return a.Game }

func (NewGame) action()     {}
func (Join) action()        {}
func (Leave) action()       {}
func (Start) action()       {}
func (AddBot) action()      {}
func (Kick) action()        {}
func (ShowHand) action()    {}
func (Pick) action()        {}
func (Change) action()      {}
func (Status) action()      {}
func (Scores) action()      {}
func (Leaderboard) action() {}
func (Stats) action()       {}
func (Rules) action()       {}
func (Help) action()        {}
func (End) action()         {}
func (Rematch) action()     {}

// HandsVia says where private hands go.
type HandsVia string

// Hand delivery modes.
const (
	HandsEphemeral HandsVia = "ephemeral"
	HandsDM        HandsVia = "dm"
)

// Options are chosen at `new` and kept for a rematch.
type Options struct {
	Bots  int
	Pass  engine.PassMode
	Dummy bool
	// Timer is the turn timer in seconds; 0 turns it off, -1 means the
	// default.
	Timer int
	Hands HandsVia
}

// Action IDs are "sg1:<verb>:<game>[:<fields>]". They fit the 100
// characters Discord allows a custom_id (Slack allows 255).
const idPrefix = "sg1"

// MaxActionID is the longest action ID ActionID produces.
const MaxActionID = 100

// ActionID encodes a button's action. It returns "" for actions that are
// never buttons.
func ActionID(a Action) string {
	switch a := a.(type) {
	case Join:
		return join("join", a.Game)
	case Leave:
		return join("leave", a.Game)
	case Start:
		return join("start", a.Game)
	case AddBot:
		return join("addbot", a.Game, strconv.Itoa(a.N))
	case ShowHand:
		return join("hand", a.Game)
	case End:
		return join("end", a.Game)
	case Rematch:
		return join("rematch", a.Game)
	case Change:
		return join("change", a.Game, strconv.Itoa(a.Round), strconv.Itoa(a.Turn))
	case Pick:
		chop := "0"
		if a.Chop {
			chop = "1"
		}
		return join("pick", a.Game, strconv.Itoa(a.Round), strconv.Itoa(a.Turn),
			strconv.Itoa(int(a.Card)), strconv.Itoa(int(a.Extra)), strconv.Itoa(int(a.Dummy)), chop)
	}
	return ""
}

func join(verb, game string, fields ...string) string {
	return idPrefix + ":" + verb + ":" + game + strings.Join(append([]string{""}, fields...), ":")
}

// ErrBadActionID is returned for an action ID this build did not produce.
var ErrBadActionID = errors.New("bot: unknown or malformed button")

// ParseActionID decodes an action ID strictly: exactly the fields its verb
// has, each in range, or ErrBadActionID.
func ParseActionID(id string) (Action, error) {
	if len(id) > MaxActionID {
		return nil, ErrBadActionID
	}
	f := strings.Split(id, ":")
	if len(f) < 3 || f[0] != idPrefix || !validGameID(f[2]) {
		return nil, ErrBadActionID
	}
	verb, game, args := f[1], f[2], f[3:]
	nums := func(lo, hi int) ([]int, bool) {
		out := make([]int, len(args))
		for i, s := range args {
			n, err := strconv.Atoi(s)
			if err != nil || n < lo || n > hi || strconv.Itoa(n) != s {
				return nil, false
			}
			out[i] = n
		}
		return out, true
	}
	want := map[string]int{"join": 0, "leave": 0, "start": 0, "addbot": 1, "hand": 0, "end": 0, "rematch": 0, "change": 2, "pick": 6}
	n, ok := want[verb]
	if !ok || len(args) != n {
		return nil, ErrBadActionID
	}
	switch verb {
	case "join":
		return Join{game}, nil
	case "leave":
		return Leave{game}, nil
	case "start":
		return Start{game}, nil
	case "hand":
		return ShowHand{game}, nil
	case "end":
		return End{game}, nil
	case "rematch":
		return Rematch{game}, nil
	case "addbot":
		v, ok := nums(1, engine.MaxSeats)
		if !ok {
			return nil, ErrBadActionID
		}
		return AddBot{game, v[0]}, nil
	case "change":
		v, ok := nums(1, 99)
		if !ok {
			return nil, ErrBadActionID
		}
		return Change{game, v[0], v[1]}, nil
	}
	v, ok := nums(0, 99)
	if !ok || v[0] < 1 || v[1] < 1 || v[2] >= int(engine.NumCards) || v[3] >= int(engine.NumCards) ||
		v[4] >= int(engine.NumCards) || v[5] > 1 {
		return nil, ErrBadActionID
	}
	return Pick{Game: game, Round: v[0], Turn: v[1], Card: engine.Card(v[2]), Extra: engine.Card(v[3]),
		Dummy: engine.Card(v[4]), Chop: v[5] == 1}, nil
}

func validGameID(s string) bool {
	if len(s) < 1 || len(s) > 16 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// UsageError is a command the parser could not understand; its message is
// the usage text to show the user.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

func usage(format string, a ...any) error { return &UsageError{fmt.Sprintf(format, a...)} }

// ParseCommand parses the text after the slash command, shared by every
// platform: "new bots=2 timer=60", "pick salmon wasabi", "leaderboard week".
func ParseCommand(text string) (Action, error) {
	words := strings.Fields(strings.ToLower(text))
	if len(words) == 0 {
		return Help{}, nil
	}
	verb, args := words[0], words[1:]
	noArgs := func(a Action) (Action, error) {
		if len(args) != 0 {
			return nil, usage("`%s` takes no arguments.", verb)
		}
		return a, nil
	}
	switch verb {
	case "new", "start-game":
		o, err := ParseOptions(args)
		if err != nil {
			return nil, err
		}
		return NewGame{o}, nil
	case "join":
		return noArgs(Join{})
	case "leave":
		return noArgs(Leave{})
	case "start":
		return noArgs(Start{})
	case "addbot", "addbots", "bot":
		n := 1
		if len(args) > 1 {
			return nil, usage("Usage: `addbot [n]`.")
		}
		if len(args) == 1 {
			v, err := strconv.Atoi(args[0])
			if err != nil || v < 1 || v > 4 {
				return nil, usage("Usage: `addbot [n]` with n from 1 to 4.")
			}
			n = v
		}
		return AddBot{N: n}, nil
	case "kick":
		if len(args) != 1 {
			return nil, usage("Usage: `kick <player>`.")
		}
		return Kick{Player: mention(args[0])}, nil
	case "hand":
		return noArgs(ShowHand{})
	case "pick":
		return parsePick(args)
	case "status", "table":
		return noArgs(Status{})
	case "scores", "score":
		return noArgs(Scores{})
	case "leaderboard", "top", "lb":
		lb := Leaderboard{}
		for _, a := range args {
			if p, ok := storage.ParsePeriod(a); ok {
				lb.Period = p
			} else if a == "points" {
				lb.By = storage.ByPoints
			} else if a == "wins" {
				lb.By = storage.ByWins
			} else {
				return nil, usage("Usage: `leaderboard [week|month|all] [wins|points]`.")
			}
		}
		return lb, nil
	case "stats":
		if len(args) > 1 {
			return nil, usage("Usage: `stats [player]`.")
		}
		if len(args) == 1 {
			return Stats{Player: mention(args[0])}, nil
		}
		return Stats{}, nil
	case "rules":
		return Rules{Card: strings.Join(args, " ")}, nil
	case "help":
		return Help{}, nil
	case "end", "stop":
		return noArgs(End{})
	case "rematch":
		return noArgs(Rematch{})
	}
	return nil, usage("Unknown command `%s`. %s", verb, shortUsage)
}

const shortUsage = "Try `new`, `join`, `start`, `hand`, `pick <card>`, `status`, `scores`, `leaderboard`, `rules` or `help`."

// mention strips chat mention markup: <@123>, <@!123>, <@U123|name>, @name.
func mention(s string) string {
	s = strings.TrimPrefix(strings.TrimSuffix(s, ">"), "<@")
	s = strings.TrimPrefix(s, "!")
	if i := strings.IndexByte(s, '|'); i >= 0 {
		s = s[:i]
	}
	return strings.TrimPrefix(s, "@")
}

// ParseOptions reads `new` options: bots=N, pass=left|alternate,
// dummy (or variant=dummy), timer=SECONDS, hands=ephemeral|dm.
func ParseOptions(args []string) (Options, error) {
	o := Options{Timer: -1}
	for _, a := range args {
		k, v, _ := strings.Cut(a, "=")
		switch {
		case k == "bots":
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > 4 {
				return o, usage("`bots` takes 0 to 4.")
			}
			o.Bots = n
		case k == "pass" && v == "left":
			o.Pass = engine.PassLeft
		case k == "pass" && (v == "alternate" || v == "alt"):
			o.Pass = engine.PassAlternate
		case k == "dummy" && v == "", k == "variant" && v == "dummy":
			o.Dummy = true
		case k == "variant" && v == "classic":
			o.Dummy = false
		case k == "timer":
			n, err := strconv.Atoi(strings.TrimSuffix(v, "s"))
			if err != nil || n < 0 || n > 3600 || (n > 0 && n < 10) {
				return o, usage("`timer` takes seconds: 0 (off) or 10 to 3600.")
			}
			o.Timer = n
		case k == "hands" && (v == "ephemeral" || v == "private"):
			o.Hands = HandsEphemeral
		case k == "hands" && v == "dm":
			o.Hands = HandsDM
		default:
			return o, usage("Unknown option `%s`. Usage: `new [bots=0-4] [pass=left|alternate] [dummy] [timer=seconds] [hands=ephemeral|dm]`.", a)
		}
	}
	return o, nil
}

// pick parses "pick <card> [<second card>] [dummy=<card>]"; a second card
// means chopsticks.
func parsePick(args []string) (Action, error) {
	const u = "Usage: `pick <card> [second card] [dummy=<card>]`, e.g. `pick salmon` or `pick wasabi squid`."
	p := Pick{}
	var cards []engine.Card
	for _, a := range args {
		if d, ok := strings.CutPrefix(a, "dummy="); ok {
			c, ok := engine.ParseCard(d)
			if !ok {
				return nil, usage("No card called `%s`. %s", d, u)
			}
			p.Dummy = c
			continue
		}
		c, ok := engine.ParseCard(a)
		if !ok {
			return nil, usage("No card called `%s`. %s", a, u)
		}
		cards = append(cards, c)
	}
	switch len(cards) {
	case 1:
		p.Card = cards[0]
	case 2:
		p.Card, p.Extra, p.Chop = cards[0], cards[1], true
	default:
		return nil, usage(u)
	}
	return p, nil
}
