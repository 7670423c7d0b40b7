package bot

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/strategy"
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
	Game  string
	N     int
	Level strategy.Level // "": the game's level
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
//
// In Party, Call names a chopsticks or spoon called with the pick and Copy
// what a special order copies; Extra and Dummy stay None.
type Pick struct {
	Game               string
	Round, Turn        int
	Card, Extra, Dummy engine.Card
	Chop               bool
	Call, Copy         engine.Card
	// Kind, on a typed pick of a type ("pick maki"), asks for the one card
	// of that type in the hand; the host resolves it (Card is None).
	Kind engine.Kind `json:",omitempty"`
}

// Answer answers the pending Party decision after a reveal (chopsticks,
// spoon, menu, takeout box, special order). Round, Turn and Step name the
// decision the button was rendered for; zero when typed (the current one).
type Answer struct {
	Game              string
	Round, Turn, Step int
	Card              engine.Card
	Kind              engine.Kind
	Flip              uint32
}

// SetMenu changes a Party lobby's menu (host only): Part "menu" takes a
// recommended menu's key, "custom" or "random"; "roll", "appetizers",
// "specials" and "dessert" take card-type keys for a custom menu.
type SetMenu struct {
	Game   string
	Part   string
	Values []string
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
	// Party shows Sushi Go Party!'s board: its scores are not comparable
	// with classic's.
	Party bool
}

// Stats shows a player's totals (the caller's when Player is empty).
type Stats struct{ Player string }

// Rules explains the game, or one card.
type Rules struct{ Card string }

// Help lists the commands.
type Help struct{}

// ChannelSettings shows or changes the channel's defaults for new games
// (Threads: "on", "off", or "" to show them).
type ChannelSettings struct {
	Threads string `json:"threads,omitempty"`
	// Pictures: "on", "off", or "" (on) — whether games draw the table
	// and the scores as images.
	Pictures string `json:"pictures,omitempty"`
}

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
func (a Answer) game() string   { return a.Game }
func (a SetMenu) game() string  { return a.Game }
func (a Rematch) game() string  { return a.Game }

func (NewGame) action()         {}
func (Join) action()            {}
func (Leave) action()           {}
func (Start) action()           {}
func (AddBot) action()          {}
func (Kick) action()            {}
func (ShowHand) action()        {}
func (Pick) action()            {}
func (Change) action()          {}
func (Status) action()          {}
func (Scores) action()          {}
func (Leaderboard) action()     {}
func (Stats) action()           {}
func (Rules) action()           {}
func (Help) action()            {}
func (End) action()             {}
func (Rematch) action()         {}
func (Answer) action()          {}
func (SetMenu) action()         {}
func (ChannelSettings) action() {}

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
	// Party plays Sushi Go Party!. Menu is its menu's text form
	// (engine.Menu.String), or "random" until the game starts; Custom shows
	// the lobby's menu builder.
	Party  bool   `json:",omitempty"`
	Menu   string `json:",omitempty"`
	Custom bool   `json:",omitempty"`
	// Level is the bots' strength ("": normal), and that of a bot that
	// takes over for a player who went away.
	Level strategy.Level `json:",omitempty"`
	// NoThreads posts the play-by-play in the channel rather than in a
	// thread under the table; ThreadsChosen says the command chose it (else
	// the channel's setting decides).
	NoThreads     bool `json:",omitempty"`
	ThreadsChosen bool `json:"-"`
	// NoPictures sends text only, without images of the table and scores;
	// PicturesChosen says the command chose it.
	NoPictures     bool `json:",omitempty"`
	PicturesChosen bool `json:"-"`
}

// ruleset is the engine ruleset the options play.
func (o Options) ruleset() engine.Ruleset {
	if o.Party {
		return engine.Party
	}
	return engine.Classic
}

// menuRandom is the Menu of a Party game whose menu is drawn at the start.
const menuRandom = "random"

// Action IDs are "<version>:<verb>:<game>[:<fields>]". They fit the 100
// characters Discord allows a custom_id (Slack allows 255). Version sg1
// holds the classic buttons, byte for byte as earlier releases rendered
// them, so buttons of stored games keep working; sg2 holds the Party
// verbs (picks with a call or a copy, answers, selects).
const (
	idPrefix  = "sg1"
	idPrefix2 = "sg2"
)

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
		if a.Call != engine.None || a.Copy != engine.None {
			return join2("pick", a.Game, strconv.Itoa(a.Round), strconv.Itoa(a.Turn),
				strconv.Itoa(int(a.Card)), strconv.Itoa(int(a.Call)), strconv.Itoa(int(a.Copy)))
		}
		chop := "0"
		if a.Chop {
			chop = "1"
		}
		return join("pick", a.Game, strconv.Itoa(a.Round), strconv.Itoa(a.Turn),
			strconv.Itoa(int(a.Card)), strconv.Itoa(int(a.Extra)), strconv.Itoa(int(a.Dummy)), chop)
	case SetMenu:
		if a.Part == "menu" && len(a.Values) == 1 {
			return join2("setmenu", a.Game, a.Values[0])
		}
		return ""
	case EndVote:
		agree := "0"
		if a.Agree {
			agree = "1"
		}
		return join2("vote", a.Game, agree)
	case Answer:
		return join2("ans", a.Game, strconv.Itoa(a.Round), strconv.Itoa(a.Turn), strconv.Itoa(a.Step),
			strconv.Itoa(int(a.Card)), strconv.Itoa(int(a.Kind)), strconv.FormatUint(uint64(a.Flip), 10))
	}
	return ""
}

func join(verb, game string, fields ...string) string {
	return idPrefix + ":" + verb + ":" + game + strings.Join(append([]string{""}, fields...), ":")
}

func join2(verb, game string, fields ...string) string {
	return idPrefix2 + ":" + verb + ":" + game + strings.Join(append([]string{""}, fields...), ":")
}

// SelectID is the action ID of a select menu: the choices arrive as its
// values (ParseSelection). part names a custom menu's part ("menu",
// "roll", "appetizers", "specials", "dessert"); for a decision's select
// ("ask", "flip") d names the decision.
func SelectID(verb, game string, fields ...string) string { return join2(verb, game, fields...) }

// ErrBadActionID is returned for an action ID this build did not produce.
var ErrBadActionID = errors.New("bot: unknown or malformed button")

// ParseActionID decodes an action ID strictly: exactly the fields its verb
// has, each in range, or ErrBadActionID.
func ParseActionID(id string) (Action, error) {
	verb, game, args, ok := splitID(id)
	if !ok {
		return nil, ErrBadActionID
	}
	if strings.HasPrefix(id, idPrefix2+":") {
		return parse2(verb, game, args)
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
		v, ok := nums(args, 1, engine.MaxSeats)
		if !ok {
			return nil, ErrBadActionID
		}
		return AddBot{Game: game, N: v[0]}, nil
	case "change":
		v, ok := nums(args, 1, 99)
		if !ok {
			return nil, ErrBadActionID
		}
		return Change{game, v[0], v[1]}, nil
	}
	v, ok := nums(args, 0, 99)
	if !ok || v[0] < 1 || v[1] < 1 || !card(v[2]) || !card(v[3]) || !card(v[4]) || v[5] > 1 {
		return nil, ErrBadActionID
	}
	return Pick{Game: game, Round: v[0], Turn: v[1], Card: engine.Card(v[2]), Extra: engine.Card(v[3]),
		Dummy: engine.Card(v[4]), Chop: v[5] == 1}, nil
}

// splitID checks an ID's shape: a known version, a verb, a valid game ID.
func splitID(id string) (verb, game string, args []string, ok bool) {
	if len(id) > MaxActionID {
		return "", "", nil, false
	}
	f := strings.Split(id, ":")
	if len(f) < 3 || (f[0] != idPrefix && f[0] != idPrefix2) || !validGameID(f[2]) {
		return "", "", nil, false
	}
	return f[1], f[2], f[3:], true
}

// nums reads args as canonical decimal numbers in [lo, hi].
func nums(args []string, lo, hi int) ([]int, bool) {
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

func card(n int) bool { return n >= 0 && n < int(engine.NumCards) }

// parse2 decodes the sg2 buttons.
func parse2(verb, game string, args []string) (Action, error) {
	switch {
	case verb == "pick" && len(args) == 5:
		v, ok := nums(args, 0, 99)
		if !ok || v[0] < 1 || v[1] < 1 || !card(v[2]) || !card(v[3]) || !card(v[4]) {
			return nil, ErrBadActionID
		}
		return Pick{Game: game, Round: v[0], Turn: v[1], Card: engine.Card(v[2]), Call: engine.Card(v[3]), Copy: engine.Card(v[4])}, nil
	case verb == "vote" && len(args) == 1 && (args[0] == "0" || args[0] == "1"):
		return EndVote{Game: game, Agree: args[0] == "1"}, nil
	case verb == "past" && len(args) == 1 && (args[0] == "c" || args[0] == "p"):
		return PastGame{ID: game, Party: args[0] == "p"}, nil
	case verb == "setmenu" && len(args) == 1 && menuValue(args[0]):
		return SetMenu{Game: game, Part: "menu", Values: []string{args[0]}}, nil
	case verb == "ans" && len(args) == 6:
		v, ok := nums(args[:5], 0, 999)
		flip, err := strconv.ParseUint(args[5], 10, 32)
		if !ok || err != nil || strconv.FormatUint(flip, 10) != args[5] || v[0] < 1 || v[1] < 1 || v[2] < 1 ||
			!card(v[3]) || v[4] >= 64 {
			return nil, ErrBadActionID
		}
		return Answer{Game: game, Round: v[0], Turn: v[1], Step: v[2], Card: engine.Card(v[3]), Kind: engine.Kind(v[4]), Flip: uint32(flip)}, nil
	}
	return nil, ErrBadActionID
}

// ParseSelection decodes a select menu's action ID with the values chosen
// in it, strictly, or returns ErrBadActionID.
func ParseSelection(id string, values []string) (Action, error) {
	verb, game, args, ok := splitID(id)
	if !ok || !strings.HasPrefix(id, idPrefix2+":") || len(values) > 25 {
		return nil, ErrBadActionID
	}
	for _, v := range values {
		if len(v) == 0 || len(v) > 100 {
			return nil, ErrBadActionID
		}
	}
	switch verb {
	case "menu":
		if len(args) != 1 || !slices.Contains(menuParts, args[0]) {
			return nil, ErrBadActionID
		}
		return SetMenu{Game: game, Part: args[0], Values: slices.Clone(values)}, nil
	case "ask", "flip":
		v, ok := nums(args, 1, 999)
		if !ok || len(v) != 3 {
			return nil, ErrBadActionID
		}
		a := Answer{Game: game, Round: v[0], Turn: v[1], Step: v[2]}
		if verb == "ask" {
			// One value: "c<card>" names a card, "k<kind>" a type.
			if len(values) != 1 || len(values[0]) < 2 {
				return nil, ErrBadActionID
			}
			n, err := strconv.Atoi(values[0][1:])
			switch {
			case err != nil || strconv.Itoa(n) != values[0][1:]:
				return nil, ErrBadActionID
			case values[0][0] == 'c' && card(n) && n != 0:
				a.Card = engine.Card(n)
			case values[0][0] == 'k' && n > 0 && n < 64:
				a.Kind = engine.Kind(n)
			default:
				return nil, ErrBadActionID
			}
			return a, nil
		}
		// Flip: each value a tableau position.
		pos, ok := nums(values, 0, 31)
		if !ok {
			return nil, ErrBadActionID
		}
		for _, p := range pos {
			a.Flip |= 1 << p
		}
		return a, nil
	}
	return nil, ErrBadActionID
}

// menuValue reports whether s can name a menu choice: a key of letters,
// digits and hyphens.
func menuValue(s string) bool {
	if s == "" || len(s) > 40 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}

// menuParts are the parts of a lobby's menu a select can change.
var menuParts = []string{"menu", "roll", "appetizers", "specials", "dessert"}

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
	words := fields(strings.ToLower(text))
	if len(words) == 0 {
		return Help{}, nil
	}
	raw := fields(text)
	if len(raw) != len(words) {
		raw = words
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
		a := AddBot{N: 1}
		if len(args) > 2 {
			return nil, usage("Usage: `addbot [n] [easy|normal|hard|expert]`.")
		}
		for _, w := range args {
			if l, err := strategy.ParseLevel(w); err == nil && l != "random" {
				a.Level = l
				continue
			}
			v, err := strconv.Atoi(w)
			if err != nil || v < 1 || v > engine.MaxSeats-1 {
				return nil, usage("Usage: `addbot [n] [easy|normal|hard|expert]` with n from 1 to %d.", engine.MaxSeats-1)
			}
			a.N = v
		}
		return a, nil
	case "kick":
		if len(args) != 1 {
			return nil, usage("Usage: `kick <player>`.")
		}
		return Kick{Player: mention(raw[1])}, nil
	case "hand":
		return noArgs(ShowHand{})
	case "pick":
		return parsePick(args)
	case "choose", "ask", "order", "copy", "take":
		if len(args) == 0 {
			return nil, usage("Usage: `choose <card or type>` — answers your chopsticks, spoon, menu or special order.")
		}
		name := strings.Join(args, " ")
		if c, ok := cardWords(args); ok {
			return Answer{Card: c}, nil
		}
		if k, ok := engine.ParseKind(name); ok && k != engine.KindNone {
			return Answer{Kind: k}, nil
		}
		return nil, usage("No card or card type called `%s`.", name)
	case "flip":
		const u = "Usage: `flip <position> [position…]` or `flip none` — the cards your takeout box turns face down, numbered as in your prompt."
		a := Answer{}
		if len(args) == 1 && args[0] == "none" {
			return a, nil
		}
		if len(args) == 0 {
			return nil, usage(u)
		}
		for _, w := range args {
			for _, f := range strings.Split(w, ",") {
				if f == "" {
					continue
				}
				n, err := strconv.Atoi(f)
				if err != nil || n < 1 || n > 32 {
					return nil, usage(u)
				}
				a.Flip |= 1 << (n - 1)
			}
		}
		return a, nil
	case "status", "table":
		return noArgs(Status{})
	case "scores", "score":
		return noArgs(Scores{})
	case "leaderboard", "top", "lb":
		lb := Leaderboard{By: storage.ByRating}
		for _, a := range args {
			if a == "party" || a == "classic" {
				lb.Party = a == "party"
			} else if p, ok := storage.ParsePeriod(a); ok {
				lb.Period = p
			} else if a == "points" {
				lb.By = storage.ByPoints
			} else if a == "wins" {
				lb.By = storage.ByWins
			} else if a == "rating" || a == "ratings" || a == "elo" {
				lb.By = storage.ByRating
			} else {
				return nil, usage("Usage: `leaderboard [week|month|all] [rating|wins|points] [classic|party]`.")
			}
		}
		return lb, nil
	case "stats", "profile":
		if len(args) == 0 {
			return Stats{}, nil
		}
		// A mention keeps its case (Slack's user IDs are upper case); a
		// name may have spaces.
		return Stats{Player: mention(strings.Join(raw[1:], " "))}, nil
	case "history", "games":
		h := History{}
		for _, a := range args {
			n, err := strconv.Atoi(a)
			switch {
			case a == "party" || a == "classic":
				h.Party = a == "party"
			case err == nil && n >= 1 && n <= storage.HistoryLength:
				h.Open = n
			default:
				return nil, usage("Usage: `history [n] [classic|party]` — the last %d games; n shows one's scores.", historyShown)
			}
		}
		return h, nil
	case "rules":
		return Rules{Card: strings.Join(args, " ")}, nil
	case "help":
		return Help{}, nil
	case "settings", "setting":
		var cs ChannelSettings
		for _, a := range args {
			switch k, v, _ := strings.Cut(a, "="); {
			case k == "threads" && (v == "on" || v == "off"):
				cs.Threads = v
			case k == "pictures" && (v == "on" || v == "off"):
				cs.Pictures = v
			default:
				return nil, usage("Usage: `settings [threads=on|off] [pictures=on|off]` — whether games in this channel post their play-by-play in a thread, and draw the table and scores as pictures.")
			}
		}
		return cs, nil
	case "end", "stop":
		return noArgs(End{})
	case "rematch":
		return noArgs(Rematch{})
	}
	if r := []rune(verb); len(r) > 24 {
		verb = string(r[:24]) + "…" // junk is not echoed back whole
	}
	return nil, usage("Unknown command `%s`. %s", verb, shortUsage)
}

// fields splits a command into words; double quotes (straight or curly,
// as Slack's clients type them) keep spaces in a word: menu="master menu".
func fields(s string) []string {
	var out []string
	var w strings.Builder
	in, has := false, false
	for _, r := range s {
		switch {
		case r == '"' || r == '“' || r == '”':
			in, has = !in, true
		case !in && (r == ' ' || r == '\t' || r == '\n' || r == '\r'):
			if has {
				out = append(out, w.String())
				w.Reset()
				has = false
			}
		default:
			w.WriteRune(r)
			has = true
		}
	}
	if has {
		out = append(out, w.String())
	}
	return out
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
// dummy (or variant=dummy), timer=SECONDS, hands=ephemeral|dm, and for
// Sushi Go Party! party (or game=party) with menu=NAME|custom|random|TEXT.
func ParseOptions(args []string) (Options, error) {
	o := Options{Timer: -1}
	classic := false
	for _, a := range args {
		k, v, _ := strings.Cut(a, "=")
		switch {
		case k == "bots":
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > engine.MaxSeats-1 {
				return o, usage("`bots` takes 0 to %d.", engine.MaxSeats-1)
			}
			o.Bots = n
		case k == "pass" && v == "left":
			o.Pass = engine.PassLeft
		case k == "pass" && (v == "alternate" || v == "alt"):
			o.Pass = engine.PassAlternate
		case k == "dummy" && v == "", k == "variant" && v == "dummy":
			o.Dummy = true
		case k == "variant" && v == "classic", k == "game" && v == "classic", k == "classic" && v == "":
			o.Dummy, o.Party, classic = false, false, true
		case k == "party" && v == "", k == "game" && v == "party", k == "variant" && v == "party":
			o.Party = true
		case k == "menu":
			m, custom, err := parseMenuOption(v)
			if err != nil {
				return o, err
			}
			o.Party, o.Menu, o.Custom = true, m, custom
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
		case k == "threads" && (v == "off" || v == "no"):
			o.NoThreads, o.ThreadsChosen = true, true
		case k == "threads" && (v == "on" || v == "yes"):
			o.NoThreads, o.ThreadsChosen = false, true
		case k == "pictures" && (v == "off" || v == "no"):
			o.NoPictures, o.PicturesChosen = true, true
		case k == "pictures" && (v == "on" || v == "yes"):
			o.NoPictures, o.PicturesChosen = false, true
		case k == "level":
			l, err := strategy.ParseLevel(v)
			if err != nil || l == "random" {
				return o, usage("`level` takes easy, normal, hard or expert.")
			}
			o.Level = l
		default:
			return o, usage("Unknown option `%s`. Usage: %s.", a, newUsage)
		}
	}
	if classic && o.Menu != "" {
		return o, usage("A menu is for Sushi Go! Party: choose the game `party`, or leave out the menu.")
	}
	if o.Party && o.Dummy {
		return o, usage("The dummy variant is for classic Sushi Go! only.")
	}
	if o.Party && o.Pass == engine.PassAlternate {
		return o, usage("Passing alternately is for classic Sushi Go! only: in Sushi Go Party! hands always pass left.")
	}
	if o.Party && o.Menu == "" {
		o.Menu = defaultMenu.String()
	}
	if hi := maxSeats(o); o.Bots > hi-1 {
		return o, usage("`bots` takes 0 to %d in %s.", hi-1, gameName(o))
	}
	return o, nil
}

const newUsage = "`new [party] [menu=NAME|custom|random] [bots=N] [pass=left|alternate] [dummy] [timer=seconds] [hands=ephemeral|dm] [threads=on|off] [pictures=on|off]`"

// defaultMenu is the rulebook's menu for a first game.
var defaultMenu = engine.RecommendedMenus[0].Menu

// parseMenuOption reads menu=…: a recommended menu, custom (the lobby's
// builder, starting from the default menu), random, or a custom menu's
// text form.
func parseMenuOption(v string) (menu string, custom bool, err error) {
	switch v {
	case "random":
		return menuRandom, false, nil
	case "custom":
		return defaultMenu.String(), true, nil
	}
	m, err := engine.ParseMenu(v)
	if err != nil {
		var names []string
		for _, n := range engine.RecommendedMenus {
			names = append(names, n.Key)
		}
		return "", false, usage("%s. Menus: %s, custom, random — or seven card types like `menu=temaki,onigiri,tofu,sashimi,spoon,takeout,fruit`.",
			menuError(err), strings.Join(names, ", "))
	}
	return m.String(), false, nil
}

// menuError is the engine's menu error without its package prefix.
func menuError(err error) string {
	msg := err.Error()
	msg = strings.TrimPrefix(msg, "engine: invalid menu: ")
	msg = strings.TrimPrefix(msg, "engine: ")
	if msg == "" {
		return msg
	}
	return strings.ToUpper(msg[:1]) + msg[1:]
}

func gameName(o Options) string {
	switch {
	case o.Party:
		return "Sushi Go Party!"
	case o.Dummy:
		return "the dummy variant"
	}
	return "classic Sushi Go!"
}

// pick parses "pick <card> [<second card>] [dummy=<card>]"; a second card
// means chopsticks.
func parsePick(args []string) (Action, error) {
	const u = "Usage: `pick <card> [second card] [dummy=<card>]`, e.g. `pick salmon` or `pick wasabi squid`; in Party `pick <card> [call=chopsticks|spoon] [copy=<card>]`."
	p := Pick{}
	var cards []engine.Card
	var words []string
	for _, a := range args {
		if d, ok := strings.CutPrefix(a, "call="); ok {
			c, ok := engine.ParseCard(d)
			if !ok || (c.Kind() != engine.KindChopsticks && c.Kind() != engine.KindSpoon) {
				return nil, usage("`call=` takes chopsticks or spoon. %s", u)
			}
			p.Call = c
			continue
		}
		if d, ok := strings.CutPrefix(a, "copy="); ok {
			c, ok := engine.ParseCard(d)
			if !ok || c == engine.None {
				return nil, usage("No card called `%s`. %s", d, u)
			}
			p.Copy = c
			continue
		}
		if d, ok := strings.CutPrefix(a, "dummy="); ok {
			c, ok := engine.ParseCard(d)
			if !ok {
				return nil, usage("No card called `%s`. %s", d, u)
			}
			p.Dummy = c
			continue
		}
		words = append(words, a)
	}
	// Card names may take several words ("maki 3", "special order"): the
	// longest run of words that names a card is one card.
	for i := 0; i < len(words); {
		j := len(words)
		for ; j > i; j-- {
			if c, ok := cardWords(words[i:j]); ok {
				cards = append(cards, c)
				break
			}
		}
		if j == i {
			if k, ok := engine.ParseKind(strings.Join(words[i:], " ")); ok && k != engine.KindNone && len(cards) == 0 {
				// A type alone: the host plays the hand's one card of it.
				p.Kind = k
				return p, nil
			}
			return nil, usage("No card called `%s`. %s", words[i], u)
		}
		i = j
	}
	switch len(cards) {
	case 1:
		p.Card = cards[0]
	case 2:
		if p.Call != engine.None {
			return nil, usage(u)
		}
		p.Card, p.Extra, p.Chop = cards[0], cards[1], true
	default:
		return nil, usage(u)
	}
	return p, nil
}

// cardWords reads a card named by one or more typed words: "maki 3",
// "maki3", "onigiri square", "special order".
func cardWords(ws []string) (engine.Card, bool) {
	for _, name := range []string{strings.Join(ws, " "), strings.Join(ws, "-"), strings.Join(ws, "")} {
		if c, ok := engine.ParseCard(name); ok && c != engine.None {
			return c, true
		}
	}
	return engine.None, false
}
