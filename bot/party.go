package bot

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// This file is the Party lobby: the menu a game will be played with, its
// legality for the seats, and the host's selects that change it.

// lobbyMenu is the menu a Party lobby will start with; ok is false for a
// random menu, drawn at the start.
func lobbyMenu(o protocol.Options) (m engine.Menu, ok bool) {
	if o.Menu == protocol.MenuRandom {
		return engine.Menu{}, false
	}
	m, err := engine.ParseMenu(o.Menu)
	if err != nil {
		// Options are validated when set; a stored menu that no longer
		// parses plays the default rather than wedge the lobby.
		return protocol.DefaultMenu, true
	}
	return m, true
}

// menuProblems says, one line each, why the menu can't be played by n
// players in the options' game and what would fix it.
func menuProblems(o protocol.Options, m engine.Menu, n int) []words.Phrase {
	if lo, _ := o.Settings().PlayerRange(); n < lo {
		// Every card wants company: one line, not one per card type.
		return []words.Phrase{words.P("menu.gameTooFew", words.P(words.GameKey(o.Settings())), lo, n)}
	}
	var out []words.Phrase
	for _, k := range m.Unplayable(n) {
		lo, hi := k.Players()
		if n < lo {
			out = append(out, words.P("menu.kindTooFew", k.Emoji(), words.P(words.KindKey(k)), lo, n))
		} else {
			out = append(out, words.P("menu.kindTooMany", k.Emoji(), words.P(words.KindKey(k)), hi, n))
		}
	}
	return out
}

// menuWarning is a lobby change's note when the seats now make the menu
// illegal ("" when they don't), in w.
func (st *snapshot) menuWarning(w words.Lang) string {
	if !st.Opts.HasMenu() {
		return ""
	}
	m, fixed := lobbyMenu(st.Opts)
	if !fixed {
		return ""
	}
	if ps := menuProblems(st.Opts, m, len(st.Seats)); len(ps) > 0 {
		return "\n" + w.Word(ps[0])
	}
	return ""
}

func partyLobbyView(st *snapshot) protocol.View {
	w := st.w
	v := classicLobbyView(st)
	v.Title = w.Say("party.sushiGoPartyLobby")
	n := len(st.Seats)
	m, fixed := lobbyMenu(st.Opts)
	var text []string
	if fixed {
		text = append(text, w.Say("party.menuHeading", w.MenuName(m)))
		text = append(text, menuLines(w, m)...)
		for _, p := range menuProblems(st.Opts, m, n) {
			text = append(text, w.Word(p))
		}
	} else {
		text = append(text, w.Say("party.menuRandomDrawnAtThe"))
	}
	v.Text += "\n" + strings.Join(text, "\n")
	g := st.ID
	if st.Opts.Custom {
		v.Selects = customSelects(w, g, m)
		v.Rows[0] = append(v.Rows[0], protocol.Button{Label: w.Say("party.menus"), Emoji: "📋", ActionID: protocol.ActionID(protocol.SetMenu{Game: g, Part: "menu", Values: []string{"recommended"}})})
	} else {
		v.Selects = []protocol.Select{menuSelect(w, g, st.Opts, n)}
	}
	v.Footer = w.Say("party.theHostPicksTheMenu")
	return v
}

// menuSelect offers the recommended menus (those the table can play now
// first), a custom menu and a random one.
func menuSelect(w words.Lang, game string, o protocol.Options, n int) protocol.Select {
	cur, fixed := lobbyMenu(o)
	sel := protocol.Select{ActionID: protocol.SelectID("menu", game, "menu"), Placeholder: w.Say("party.chooseTheMenu"), Min: 1, Max: 1}
	// A table too small to start says so itself: marking every menu "not
	// for 1 player" tells the lone host nothing.
	lo, _ := o.Settings().PlayerRange()
	for _, nm := range engine.RecommendedMenus {
		desc := w.MenuBlurb(nm)
		if err := nm.Menu.Check(n); err != nil && n >= lo {
			desc = w.Say("party.notFor", w.Count("player", n), desc)
		}
		sel.Options = append(sel.Options, protocol.Option{Label: w.RecommendedName(nm), Value: nm.Key, Description: desc,
			Selected: fixed && !o.Custom && cur == nm.Menu})
	}
	sel.Options = append(sel.Options,
		protocol.Option{Label: w.Say("party.customMenu"), Value: "custom", Emoji: "🛠️", Description: w.Say("party.chooseTheRollAppetizersSpecials")},
		protocol.Option{Label: w.Say("party.random"), Value: protocol.MenuRandom, Emoji: "🎲", Description: w.Say("party.aMenuThatSuitsThe"), Selected: !fixed},
		protocol.Option{Label: w.Say("lobby.switchToClassic"), Value: gameClassic, Emoji: "🍣", Description: w.Say("lobby.switchToClassicBlurb")})
	return sel
}

// customSelects are the menu builder: a roll, three appetizers, two
// specials and a dessert.
func customSelects(w words.Lang, game string, m engine.Menu) []protocol.Select {
	part := func(name, placeholder string, gr engine.Group, chosen []engine.Kind, n int) protocol.Select {
		s := protocol.Select{ActionID: protocol.SelectID("menu", game, name), Placeholder: placeholder, Min: n, Max: n, Submit: w.Say("select.submit")}
		for _, k := range engine.KindsOf(gr) {
			desc := w.Rule(partyRules, k)
			desc = cutAt(desc, 100) // platforms allow 100 characters
			s.Options = append(s.Options, protocol.Option{Label: w.KindName(k), Value: k.Key(), Emoji: k.Emoji(), Description: desc, Selected: slices.Contains(chosen, k)})
		}
		return s
	}
	return []protocol.Select{
		part("roll", w.Say("party.pickRoll"), engine.GroupRoll, []engine.Kind{m.Roll}, 1),
		part("appetizers", w.Say("party.pickAppetizers", 3), engine.GroupAppetizer, m.Appetizers[:], 3),
		part("specials", w.Say("party.pickSpecials", 2), engine.GroupSpecial, m.Specials[:], 2),
		part("dessert", w.Say("party.pickDessert"), engine.GroupDessert, []engine.Kind{m.Dessert}, 1),
	}
}

// cutAt is s cut to at most n characters at a space, with an ellipsis.
func cutAt(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	rs := []rune(s)[:n-1]
	cut := string(rs)
	if i := strings.LastIndexByte(cut, ' '); i > len(cut)/2 {
		cut = cut[:i]
	}
	return cut + "…"
}
