package bot

import (
	"errors"
	"fmt"
	"strings"

	"github.com/sushigo/sushigo/engine"
)

// engineWords is what a player reads for each of the engine's refusals:
// the one place (per language) where its sentinel errors become words.
var engineWords = []struct {
	err error
	msg string
}{
	{engine.ErrGameOver, "This game is over."},
	{engine.ErrWrongTurn, "That button is from an earlier turn — here is your current hand."},
	{engine.ErrNotInHand, "That card isn't in your hand any more."},
	{engine.ErrSameCardTwice, "You only have one of that card — choose two different cards."},
	{engine.ErrNoChopsticks, "You have no chopsticks in front of you to use this turn."},
	{engine.ErrHandTooSmall, "Not enough cards left in your hand to use chopsticks."},
	{engine.ErrDummyCard, "You control the dummy this turn: choose a card for it too."},
	{engine.ErrNotController, "Only the player controlling the dummy chooses its card."},
	{engine.ErrNoCard, "Choose a card first."},
	{engine.ErrNoSpoon, "You have no spoon in front of you to use this turn."},
	{engine.ErrCopyTarget, "Your special order can't copy that: choose a card in front of you."},
	{engine.ErrDeciding, "The cards are revealed — wait until every choice after the reveal is made."},
	{engine.ErrExtraAfterReveal, "In Sushi Go Party! you call your chopsticks with your pick (`pick <card> call=chopsticks`) and choose the second card after the reveal."},
	{engine.ErrNoDecision, "There is nothing to decide right now."},
	{engine.ErrNotYourDecision, "Another player is deciding right now."},
	{engine.ErrNotAnOption, "That isn't one of your choices — pick one of the buttons."},
}

// friendly is what a player reads for an engine error: a rule's own
// reason (engine.Problem, such as what is wrong with a menu) as a
// sentence, else the table's words, else "" (not a refusal the player
// caused).
func friendly(err error) string {
	var p *engine.Problem
	if errors.As(err, &p) && p.Reason != "" {
		return strings.ToUpper(p.Reason[:1]) + p.Reason[1:]
	}
	for _, w := range engineWords {
		if errors.Is(err, w.err) {
			return w.msg
		}
	}
	return ""
}

// reason is why the host turns a request down or cannot read a command:
// a key into hostWords.
type reason uint8

// The host's reasons, by what the player was doing.
const (
	_ reason = iota
	// command parsing (usage)
	nothingToDo
	noArguments
	addbotUsage
	addbotCount
	kickUsage
	chooseUsage
	flipUsage
	pickUsage
	noSuchCardOrKind
	leaderboardUsage
	historyUsage
	settingsUsage
	unknownCommand
	badCall
	noSuchCard
	// new options (usage)
	botsRange
	timerRange
	unknownLevel
	unknownOption
	menuWithoutParty
	badVariant
	botsRangeIn
	badMenu
	// where and which game
	notInChannel
	gameGone
	buttonGameGone
	noGameHere
	buttonOldGame
	historyInChannel
	noSuchHistory
	historyForgotten
	statsInChannel
	leaderboardInChannel
	settingsInChannel
	// lobby
	gameRunning
	alreadyJoined
	tableFull
	joinStarted
	alreadyPlaying
	joinOver
	notInGame
	gameOver
	botAlreadyThere
	botsBeforeStart
	hostAddsBots
	hostKicks
	kickNotSeated
	kickNoSuchName
	kickSelf
	kickPresent
	picturesNoFiles
	alreadyStarted
	hostStarts
	dummyPlayers
	tooFewPlayers
	tooManyPlayers
	hostEnds
	rematchGone
	rematchOld
	rematchNotOver
	rematchNotPlayed
	// the Party menu
	menuAfterStart
	menuInClassic
	hostChoosesMenu
	oneMenu
	noSuchMenu
	notInGroup
	groupCount
	noMenuFits
	gameTooFew
	kindTooFew
	kindTooMany
	// play
	notStarted
	playOver
	notYourCards
	botHasSeat
	notInHand
	whichCard
	otherDecides
	takeoutWaits
	flipNumbered
	spoonWaits
	spoonAsks
	choiceWaits
	// ending
	endAsked
	endGone
	endAsker
	endNotPlaying
)

// hostWords is what a player reads for each of the host's refusals and
// usage errors: with engineWords, the one place (per language) where a
// "no" is worded. The verbs take refuse's and usage's arguments, as
// TestHostWordsTakeTheirArguments checks at every call.
var hostWords = [...]string{
	// command parsing (usage)
	nothingToDo:      "Nothing to do. %s",
	noArguments:      "`%s` takes no arguments.",
	addbotUsage:      "Usage: `addbot [n] [easy|normal|hard|expert]`.",
	addbotCount:      "Usage: `addbot [n] [easy|normal|hard|expert]` with n from 1 to %d.",
	kickUsage:        "Usage: `kick <player>`.",
	flipUsage:        "Usage: `flip <position> [position…]` or `flip none` — the cards your takeout box turns face down, numbered as in your prompt.",
	pickUsage:        "Usage: `pick <card> [second card] [dummy=<card>]`, e.g. `pick salmon` or `pick wasabi squid`; in Party `pick <card> [call=chopsticks|spoon] [copy=<card>]`.",
	chooseUsage:      "Usage: `choose <card or type>` — answers your chopsticks, spoon, menu or special order.",
	noSuchCardOrKind: "No card or card type called `%s`.",
	leaderboardUsage: "Usage: `leaderboard [week|month|all] [rating|wins|points] [classic|party]`.",
	historyUsage:     "Usage: `history [n] [classic|party]` — the last %d games; n shows one's scores.",
	settingsUsage:    "Usage: `settings [threads=on|off] [pictures=on|off]` — whether games in this channel post their play-by-play in a thread, and draw the table and scores as pictures.",
	unknownCommand:   "Unknown command `%s`. %s",
	badCall:          "`call=` takes chopsticks or spoon. %s",
	noSuchCard:       "No card called `%s`. %s",
	// new options (usage)
	botsRange:        "`bots` takes 0 to %d.",
	timerRange:       "`timer` takes seconds: 0 (off) or 10 to 3600.",
	unknownLevel:     "`level` takes easy, normal, hard or expert.",
	unknownOption:    "Unknown option `%s`. Usage: %s.",
	menuWithoutParty: "A menu is for Sushi Go Party!: choose the game `party`, or leave out the menu.",
	badVariant:       "%s.",
	botsRangeIn:      "`bots` takes 0 to %d in %s.",
	badMenu:          "%s. Menus: %s, custom, random — or seven card types like `menu=temaki,onigiri,tofu,sashimi,spoon,takeout,fruit`.",
	// where and which game
	notInChannel:         "Use this command in the channel where the game is.",
	gameGone:             "That game has ended.",
	buttonGameGone:       "That game has ended. Start a new one with `new`.",
	noGameHere:           "There is no game in this channel. Start one with `new`.",
	buttonOldGame:        "That button belongs to a game that has ended.",
	historyInChannel:     "Use `history` in a channel: each server or workspace has its own.",
	noSuchHistory:        "There is no game %d in the history: `history` lists the last %d.",
	historyForgotten:     "That game is no longer in the history (a community keeps its last %d).",
	statsInChannel:       "Use `stats` in a channel: each server or workspace keeps its own.",
	leaderboardInChannel: "Use `leaderboard` in a channel: each server or workspace has its own.",
	settingsInChannel:    "Use `settings` in the channel whose games it should change.",
	// lobby
	gameRunning:      "A game is already %s in this channel (host: %s). Finish it, or the host can `end` it.",
	alreadyJoined:    "You're already in this game.",
	tableFull:        "The table is full (%d seats).",
	joinStarted:      "This game has already started. Wait for the next one — or ask for a rematch.",
	alreadyPlaying:   "You're already playing. Press **Show my hand** to see your cards.",
	joinOver:         "This game is over. Press **Rematch** or start a new one with `new`.",
	notInGame:        "You're not in this game.",
	gameOver:         "This game is over.",
	botAlreadyThere:  "A bot already plays that seat.",
	botsBeforeStart:  "Bots can only be added before the game starts.",
	hostAddsBots:     "Only the host (%s) can add bots.",
	hostKicks:        "Only the host (%s) can remove players.",
	kickNotSeated:    "That player isn't at this table.",
	kickNoSuchName:   "No player called %q at this table.",
	kickSelf:         "You can't remove yourself — use `leave`.",
	picturesNoFiles:  "🖼️ This game has no pictures: I'm missing the Attach Files permission in this channel. Ask a server admin to give it to me here (or to invite me again with the link in my README) to see the table and the scores drawn.",
	kickPresent:      "%s is playing. In a rated game a player can be removed only once they're absent (the timer chose for them, or they were reminded and still haven't moved) or before the first reveal.",
	alreadyStarted:   "This game has already started.",
	hostStarts:       "Only the host (%s) can start the game.",
	dummyPlayers:     "The dummy variant needs exactly 2 players (now %d).",
	tooFewPlayers:    "You need at least %d players — invite a friend or add a bot.",
	tooManyPlayers:   "At most %d players in %s.",
	hostEnds:         "Only the host (%s) or a channel admin can end the game.",
	rematchGone:      "That game is no longer stored; start a new one with `new`.",
	rematchOld:       "That button belongs to an older game.",
	rematchNotOver:   "The current game isn't over yet.",
	rematchNotPlayed: "Only someone who played this game can ask for a rematch — start your own with `new`.",
	// the Party menu
	menuAfterStart:  "The menu can only be changed before the game starts.",
	menuInClassic:   "This lobby plays classic Sushi Go!, which has no menu. Open a Party game with `new party`.",
	hostChoosesMenu: "Only the host (%s) can choose the menu.",
	oneMenu:         "Choose one menu.",
	noSuchMenu:      "No menu called %q.",
	notInGroup:      "%q is not a %s.",
	groupCount:      "Choose exactly %s (you chose %d); the menu keeps its %s until then.",
	gameTooFew:      "⚠️ %s needs at least %d players (now %d): invite a friend or add a bot.",
	kindTooFew:      "⚠️ %s %s needs at least %d players (now %d): add a player or a bot, or the host picks another menu.",
	kindTooMany:     "⚠️ %s %s can't be used with more than %d players (now %d): someone leaves, or the host picks another menu.",
	noMenuFits:      "No recommended menu suits %d players.",
	// play
	notStarted:   "The game hasn't started yet.",
	playOver:     "This game is over. Press **Rematch** for another.",
	notYourCards: "You're not playing in this game — these cards aren't yours.",
	botHasSeat:   "A bot is playing your seat. Use `join` to take it back.",
	notInHand:    "You have no %s in your hand.",
	whichCard:    "Which %s? You hold %s: pick one of them by name, e.g. `pick %s`.",
	takeoutWaits: "Your takeout box is waiting: `flip <positions>` or `flip none`.",
	flipNumbered: "You can only flip the cards numbered in your prompt.",
	spoonWaits:   "Your spoon is waiting: `choose <card or type>`.",
	spoonAsks:    "Ask for a card type on the menu (or an exact card of one).",
	choiceWaits:  "Your %s is waiting: `choose <card>`.",
	otherDecides: "%s is deciding (their %s), not you.",
	// ending
	endAsked:      "%s already asked to end this game; the people still playing are answering.",
	endGone:       "There is no request to end this game any more.",
	endAsker:      "You asked to end the game: the others decide.",
	endNotPlaying: "Only the people still playing this game answer.",
}

// say words reason r with its arguments.
func say(r reason, a ...any) string {
	if int(r) >= len(hostWords) || hostWords[r] == "" {
		// A reason without words is a programming error the tests catch;
		// a player still reads something rather than nothing.
		return "That can't be done right now."
	}
	return fmt.Sprintf(hostWords[r], a...)
}
