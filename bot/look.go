package bot

import (
	"fmt"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// look is what the shared screens (table, reveal, scores, final
// standings) show differently in the two games, chosen once per game so
// each screen is written once for both.
type look struct {
	party bool
	// key names the game in stored summaries and commands.
	key string
	// title is the catalog's key of the game's name on its screens.
	title words.Key
	// lobby, hand and locked are the screens each game draws its own way:
	// the lobby, a seat's private hand at step p of choosing, and the words
	// for a locked-in pick.
	lobby  func(st *snapshot) protocol.View
	hand   func(st *snapshot, i int, p protocol.Pick) protocol.View
	locked func(w words.Lang, sub engine.Submission) string
	// tableau renders a seat's cards in front of it.
	tableau func(w words.Lang, s engine.SeatView) string
	// kept says what a seat keeps for the game's end ("" when nothing).
	kept func(w words.Lang, s engine.SeatView) string
	// menu is the footer's menu line and what it adds ("" in classic).
	menu func(w words.Lang, pv engine.PublicView) []string
	// desserts is a standing's dessert count as the standings say it;
	// tally is the number that breaks a tie, called tieBreak (a key).
	desserts func(w words.Lang, s engine.Standing) string
	tally    func(s engine.Standing) int
	tieBreak words.Key
	// dessertFieldEach gives each seat's dessert its own field (fruit
	// takes three lines a seat).
	dessertFieldEach bool
}

var classicLook = look{
	key:     "classic",
	title:   "look.sushiGo",
	tableau: func(_ words.Lang, s engine.SeatView) string { return tableau(s.Tableau) },
	kept: func(w words.Lang, s engine.SeatView) string {
		switch now := countCard(s.Tableau, engine.Pudding); {
		case s.Puddings > 0 && now > 0:
			return w.Say("look.dKeptDThisRound", s.Puddings, now, s.Puddings+now)
		case s.Puddings > 0:
			return w.Say("look.dKeptForDessert", s.Puddings)
		}
		return ""
	},
	menu:     func(words.Lang, engine.PublicView) []string { return nil },
	desserts: func(_ words.Lang, s engine.Standing) string { return fmt.Sprintf("🍮 %d", s.Puddings) },
	tally:    func(s engine.Standing) int { return s.Puddings },
	tieBreak: "look.puddings",
}

var partyLook = look{
	party:   true,
	key:     "party",
	title:   "look.sushiGoParty",
	tableau: seatTableau,
	kept: func(w words.Lang, s engine.SeatView) string {
		if len(s.Desserts) == 0 {
			return ""
		}
		return w.Say("look.keptForDessert", dessertsText(w, s.Desserts))
	},
	menu: func(w words.Lang, pv engine.PublicView) []string {
		out := []string{menuFooter(w, pv.Settings.Menu)}
		if pv.Settings.Menu.Roll == engine.KindUramaki && engine.UramakiPoints(pv.UramakiNext) > 0 && !pv.Over {
			out = append(out, w.Say("look.nextUramakiPlaceSS", w.Ordinal(pv.UramakiNext), w.PointsSigned(engine.UramakiPoints(pv.UramakiNext))))
		}
		return out
	},
	desserts:         func(w words.Lang, s engine.Standing) string { return w.Count("dessert", s.Desserts) },
	tally:            func(s engine.Standing) int { return s.Desserts },
	tieBreak:         "look.dessertCards",
	dessertFieldEach: true,
}

// The screens refer back to lookOf, which a package-level initializer
// could not.
func init() {
	classicLook.lobby, classicLook.hand, classicLook.locked = classicLobbyView, classicHandView, classicLocked
	partyLook.lobby, partyLook.hand, partyLook.locked = partyLobbyView, partyHandView, partyLocked
}

// lookOf is the look of st's game.
func lookOf(st *snapshot) look {
	if party(st) {
		return partyLook
	}
	return classicLook
}
