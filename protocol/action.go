package protocol

import (
	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/strategy"
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

// Period is a leaderboard's window of time.
type Period uint8

// The leaderboard's windows.
const (
	AllTime Period = iota
	Month
	Week
)

// ParsePeriod reads "all", "month" or "week"; the empty string is AllTime.
// Not player words: typed command words.
func ParsePeriod(s string) (Period, bool) {
	switch s {
	case "", "all", "alltime", "all-time":
		return AllTime, true
	case "month":
		return Month, true
	case "week":
		return Week, true
	}
	return 0, false
}

// Ranking is what a leaderboard orders its players by.
type Ranking uint8

// The leaderboard's orders.
const (
	ByWins Ranking = iota
	ByPoints
	ByRating
)

// Leaderboard shows the community's best players for a period.
type Leaderboard struct {
	Period Period
	By     Ranking
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
	// Language: a language's code ("fr", "pt-BR"), "auto" (the server's,
	// else English) or "" (unchanged) — what games here write in public.
	Language string `json:"language,omitempty"`
}

// End stops the channel's game (host or channel admin).
type End struct{ Game string }

// Rematch starts a new lobby with the same seats and options.
type Rematch struct{ Game string }

// Hint asks, in a practice game with hints on, for the expert's choice
// from the asker's hand: a private answer.
type Hint struct{ Game string }

// OpenTable asks for the asker's own link to the game's web table: a
// private answer.
type OpenTable struct{ Game string }

// Review asks, once a game is over, for the expert's review of the
// asker's own choices in it: a private answer.
type Review struct{ Game string }

// EndVote answers a request to end a rated game in progress: Agree ends it
// unrated (quit.go).
type EndVote struct {
	Game  string
	Agree bool
}

// GameOf is the game a button's action names, or "" for a typed command
// (which acts on the channel's game).
func GameOf(a Action) string {
	if g, ok := a.(interface{ game() string }); ok {
		return g.game()
	}
	return ""
}

func (a Join) game() string      { return a.Game }
func (a Leave) game() string     { return a.Game }
func (a Start) game() string     { return a.Game }
func (a AddBot) game() string    { return a.Game }
func (a ShowHand) game() string  { return a.Game }
func (a Pick) game() string      { return a.Game }
func (a Change) game() string    { return a.Game }
func (a End) game() string       { return a.Game }
func (a Answer) game() string    { return a.Game }
func (a SetMenu) game() string   { return a.Game }
func (a Rematch) game() string   { return a.Game }
func (a Review) game() string    { return a.Game }
func (a Hint) game() string      { return a.Game }
func (a OpenTable) game() string { return a.Game }
func (a EndVote) game() string   { return a.Game }

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
func (Review) action()          {}
func (Hint) action()            {}
func (OpenTable) action()       {}
func (EndVote) action()         {}
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
	Bots  int             `json:",omitzero"`
	Pass  engine.PassMode `json:",omitzero"`
	Dummy bool            `json:",omitzero"`
	// Timer is the turn timer in seconds; 0 turns it off, -1 means the
	// default.
	Timer int      `json:",omitzero"`
	Hands HandsVia `json:",omitzero"`
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
	// Hints offers the player of a practice game (one person, the rest
	// bots: never rated) the expert's choice on request.
	Hints bool `json:",omitempty"`
}

// Ruleset is the engine ruleset the options play.
func (o Options) Ruleset() engine.Ruleset {
	if o.Party {
		return engine.Party
	}
	return engine.Classic
}

// HasMenu says whether the options' game is played with a menu.
func (o Options) HasMenu() bool { return o.Ruleset().HasMenu() }

// Settings are the engine's settings the options choose, before the
// players and the menu are known.
func (o Options) Settings() engine.Settings {
	return engine.Settings{Ruleset: o.Ruleset(), Dummy: o.Dummy, Pass: o.Pass}
}

// MenuRandom is the Menu of a Party game whose menu is drawn at the start.
const MenuRandom = "random"

// History lists the community's last finished games; Open (1 = the latest)
// shows one game's scores again.
type History struct {
	Party bool
	Open  int
}

// PastGame shows a recorded game's scores again (a history button).
type PastGame struct {
	ID    string
	Party bool
}

func (History) action()  {}
func (PastGame) action() {}

// HistoryShown is how many games `history` lists.
const HistoryShown = 10
