package protocol

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/sushigo/sushigo/engine"
)

// Action IDs are "<version>:<verb>:<game>[:<fields>]". They fit the 100
// characters Discord allows a custom_id (Slack allows 255). Version sg1
// holds the classic buttons, byte for byte as earlier releases rendered
// them, so buttons of stored games keep working; sg2 holds the Party
// verbs (picks with a call or a copy, answers, selects).
const (
	idClassic = "sg1"
	idParty   = "sg2"
)

// MaxActionID is the longest action ID ActionID produces.
const MaxActionID = 100

// ActionID encodes a button's action. It returns "" for actions that are
// never buttons.
func ActionID(a Action) string {
	switch a := a.(type) {
	case Join:
		return encodeID(idClassic, "join", a.Game)
	case Leave:
		return encodeID(idClassic, "leave", a.Game)
	case Start:
		return encodeID(idClassic, "start", a.Game)
	case AddBot:
		return encodeID(idClassic, "addbot", a.Game, strconv.Itoa(a.N))
	case ShowHand:
		return encodeID(idClassic, "hand", a.Game)
	case End:
		return encodeID(idClassic, "end", a.Game)
	case Rematch:
		return encodeID(idClassic, "rematch", a.Game)
	case Review:
		return encodeID(idClassic, "review", a.Game)
	case Hint:
		return encodeID(idClassic, "hint", a.Game)
	case OpenTable:
		return encodeID(idClassic, "table", a.Game)
	case Change:
		return encodeID(idClassic, "change", a.Game, strconv.Itoa(a.Round), strconv.Itoa(a.Turn))
	case Pick:
		if a.Call != engine.None || a.Copy != engine.None {
			return encodeID(idParty, "pick", a.Game, strconv.Itoa(a.Round), strconv.Itoa(a.Turn),
				strconv.Itoa(int(a.Card)), strconv.Itoa(int(a.Call)), strconv.Itoa(int(a.Copy)))
		}
		chop := "0"
		if a.Chop {
			chop = "1"
		}
		return encodeID(idClassic, "pick", a.Game, strconv.Itoa(a.Round), strconv.Itoa(a.Turn),
			strconv.Itoa(int(a.Card)), strconv.Itoa(int(a.Extra)), strconv.Itoa(int(a.Dummy)), chop)
	case SetMenu:
		if a.Part == "menu" && len(a.Values) == 1 {
			return encodeID(idParty, "setmenu", a.Game, a.Values[0])
		}
		return ""
	case EndVote:
		agree := "0"
		if a.Agree {
			agree = "1"
		}
		return encodeID(idParty, "vote", a.Game, agree)
	case Answer:
		return encodeID(idParty, "ans", a.Game, strconv.Itoa(a.Round), strconv.Itoa(a.Turn), strconv.Itoa(a.Step),
			strconv.Itoa(int(a.Card)), strconv.Itoa(int(a.Kind)), strconv.FormatUint(uint64(a.Flip), 10))
	}
	return ""
}

// encodeID writes an action ID of the given version. Every button of
// every view drawn at a click has one, so it is built in one allocation.
func encodeID(version, verb, game string, fields ...string) string {
	n := len(version) + len(verb) + len(game) + 2 + len(fields)
	for _, f := range fields {
		n += len(f)
	}
	var b strings.Builder
	b.Grow(n)
	b.WriteString(version)
	b.WriteByte(':')
	b.WriteString(verb)
	b.WriteByte(':')
	b.WriteString(game)
	for _, f := range fields {
		b.WriteByte(':')
		b.WriteString(f)
	}
	return b.String()
}

// SelectID is the action ID of a select menu: the choices arrive as its
// values (ParseSelection). part names a custom menu's part ("menu",
// "roll", "appetizers", "specials", "dessert"); for a decision's select
// ("ask", "flip") d names the decision.
func SelectID(verb, game string, fields ...string) string {
	return encodeID(idParty, verb, game, fields...)
}

// ErrBadActionID is returned for an action ID this build did not produce.
var ErrBadActionID = errors.New("bot: unknown or malformed button")

// classicFields is how many fields each classic verb's ID has: one map
// for every parse (a click parses its button's ID).
var classicFields = map[string]int{"join": 0, "leave": 0, "start": 0, "addbot": 1, "hand": 0, "end": 0, "rematch": 0, "review": 0, "hint": 0, "table": 0, "change": 2, "pick": 6}

// ParseActionID decodes an action ID strictly: exactly the fields its verb
// has, each in range, or ErrBadActionID.
func ParseActionID(id string) (Action, error) {
	version, verb, game, args, ok := splitID(id)
	if !ok {
		return nil, ErrBadActionID
	}
	if version == idParty {
		return parsePartyID(verb, game, args)
	}
	var num [8]int
	n, ok := classicFields[verb]
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
	case "review":
		return Review{game}, nil
	case "hint":
		return Hint{game}, nil
	case "table":
		return OpenTable{game}, nil
	case "addbot":
		v, ok := nums(num[:0], args, 1, engine.MaxSeats)
		if !ok {
			return nil, ErrBadActionID
		}
		return AddBot{Game: game, N: v[0]}, nil
	case "change":
		v, ok := nums(num[:0], args, 1, 99)
		if !ok {
			return nil, ErrBadActionID
		}
		return Change{game, v[0], v[1]}, nil
	}
	v, ok := nums(num[:0], args, 0, 99)
	if !ok || v[0] < 1 || v[1] < 1 || !card(v[2]) || !card(v[3]) || !card(v[4]) || v[5] > 1 {
		return nil, ErrBadActionID
	}
	return Pick{Game: game, Round: v[0], Turn: v[1], Card: engine.Card(v[2]), Extra: engine.Card(v[3]),
		Dummy: engine.Card(v[4]), Chop: v[5] == 1}, nil
}

// splitID checks an ID's shape: a known version, a verb, a valid game ID.
func splitID(id string) (version, verb, game string, args []string, ok bool) {
	if len(id) > MaxActionID {
		return "", "", "", nil, false
	}
	f := strings.Split(id, ":")
	if len(f) < 3 || (f[0] != idClassic && f[0] != idParty) || !validGameID(f[2]) {
		return "", "", "", nil, false
	}
	return f[0], f[1], f[2], f[3:], true
}

// nums appends args to dst as canonical decimal numbers in [lo, hi]. The
// parsers hand it an array on their stack: every click parses its
// button's ID, and a slice of its own was an allocation each time.
func nums(dst []int, args []string, lo, hi int) ([]int, bool) {
	for _, s := range args {
		n, err := strconv.Atoi(s)
		if err != nil || n < lo || n > hi || strconv.Itoa(n) != s {
			return nil, false
		}
		dst = append(dst, n)
	}
	return dst, true
}

func card(n int) bool { return n >= 0 && n < int(engine.NumCards) }

// parsePartyID decodes the buttons of version sg2 (the Party verbs and
// those added since).
func parsePartyID(verb, game string, args []string) (Action, error) {
	var num [8]int
	switch {
	case verb == "pick" && len(args) == 5:
		v, ok := nums(num[:0], args, 0, 99)
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
		v, ok := nums(num[:0], args[:5], 0, 999)
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
	version, verb, game, args, ok := splitID(id)
	if !ok || version != idParty || len(values) > 25 {
		return nil, ErrBadActionID
	}
	var num [8]int
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
		v, ok := nums(num[:0], args, 1, 999)
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
		pos, ok := nums(num[:0], values, 0, 31)
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

// PastGameID is the action ID of a history button.
func PastGameID(gameID string, partyBoard bool) string {
	board := "c"
	if partyBoard {
		board = "p"
	}
	return encodeID(idParty, "past", gameID, board)
}
