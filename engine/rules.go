package engine

// rules is what differs between classic Sushi Go! and Sushi Go Party!,
// phase by phase. A game finds its rules by its ruleset (Game.rules), so no
// phase asks which game it plays; adding a ruleset adds a row.
type rules struct {
	deal        func(g *Game)
	check       func(g *Game, seat int, sub Submission) (at uint8, err error)
	reveal      func(g *Game)
	determinize func(g *Game, seat int)
	encode      func(g *Game, b []byte) ([]byte, error)
	validate    func(g *Game) error
	puddings    func(g *Game, seat int) int
	// locates: a lone pick's place in the hand is kept (classic's fast
	// path); Party picks are checked in full.
	locates bool
	// calls: a pick may call a chopsticks or spoon in front of the seat
	// (Party); classic chopsticks go with the pick itself.
	calls bool
	// menus: a game is played with a menu of card kinds chosen before the
	// deal (Party); classic's deck is fixed.
	menus bool

	// What a tableau holds, as views ask: classic keeps running counts,
	// Party reads the tableau (copies, face-down cards).
	count          func(g *Game, seat int, c Card) int
	makiIcons      func(g *Game, seat int) int
	emptyWasabi    func(g *Game, seat int) int
	chopsticks     func(g *Game, seat int) int
	desserts       func(g *Game, seat int) int
	appendDesserts func(g *Game, dst []Card, seat int) []Card
	appendLegal    func(v View, dst []Submission) []Submission
	// publicSeat fills a seat's public view beyond classic's (nil: nothing).
	publicSeat func(g *Game, sv *SeatView, w View, d *Decision)
}

// rulesets holds each ruleset's rules, by Ruleset. It is filled by init:
// its functions reach Game.rules again, which a package-level initializer
// could not refer to.
var rulesets [Party + 1]*rules

func init() {
	rulesets[Classic] = &rules{
		deal:        (*Game).dealClassic,
		check:       (*Game).checkClassicPick,
		reveal:      (*Game).reveal,
		determinize: (*Game).determinizeClassic,
		encode:      (*Game).appendClassic,
		validate:    (*Game).validateClassic,
		puddings:    (*Game).puddingsClassic,
		locates:     true,

		count:          (*Game).countClassic,
		makiIcons:      (*Game).makiIconsClassic,
		emptyWasabi:    (*Game).emptyWasabiClassic,
		chopsticks:     (*Game).chopsticksClassic,
		desserts:       (*Game).dessertsClassic,
		appendDesserts: (*Game).appendDessertsClassic,
		appendLegal:    View.appendLegalClassic,
	}
	rulesets[Party] = &rules{
		deal:        (*Game).resetParty,
		check:       (*Game).checkPartyPick,
		reveal:      (*Game).revealParty,
		determinize: (*Game).determinizeParty,
		encode:      func(g *Game, b []byte) ([]byte, error) { return g.appendParty(b), nil },
		validate:    (*Game).validateParty,
		puddings:    (*Game).puddingsParty,
		calls:       true,
		menus:       true,

		count:          (*Game).countParty,
		makiIcons:      (*Game).makiIconsParty,
		emptyWasabi:    (*Game).emptyWasabiParty,
		chopsticks:     (*Game).chopsticksParty,
		desserts:       (*Game).desserts,
		appendDesserts: (*Game).appendDesserts,
		appendLegal:    View.appendLegalParty,
		publicSeat:     (*Game).publicSeatParty,
	}
	// The zero Ruleset is classic (Settings.withDefaults), as a game
	// decoded from an early encoding may say.
	rulesets[0] = rulesets[Classic]
}

// rules are the game's rules: chosen by its settings, validated before any
// game exists, so the table always has the row.
func (g *Game) rules() *rules { return rulesets[g.set.Ruleset] }
