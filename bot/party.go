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
func menuProblems(o protocol.Options, m engine.Menu, n int) []string {
	if lo, _ := o.Settings().PlayerRange(); n < lo {
		// Every card wants company: one line, not one per card type.
		return []string{say("menu.gameTooFew", words.GameName(o.Settings()), lo, n)}
	}
	var out []string
	for _, k := range m.Unplayable(n) {
		lo, hi := k.Players()
		if n < lo {
			out = append(out, say("menu.kindTooFew", k.Emoji(), words.KindName(k), lo, n))
		} else {
			out = append(out, say("menu.kindTooMany", k.Emoji(), words.KindName(k), hi, n))
		}
	}
	return out
}

// menuWarning is a lobby change's note when the seats now make the menu
// illegal ("" when they don't).
func (st *snapshot) menuWarning() string {
	if !st.Opts.HasMenu() {
		return ""
	}
	m, fixed := lobbyMenu(st.Opts)
	if !fixed {
		return ""
	}
	if ps := menuProblems(st.Opts, m, len(st.Seats)); len(ps) > 0 {
		return "\n" + ps[0]
	}
	return ""
}

func partyLobbyView(st *snapshot) protocol.View {
	v := classicLobbyView(st)
	v.Title = words.Say("party.sushiGoPartyLobby")
	n := len(st.Seats)
	m, fixed := lobbyMenu(st.Opts)
	var text []string
	if fixed {
		text = append(text, "**Menu: "+words.MenuName(m)+"**")
		text = append(text, menuLines(m)...)
		text = append(text, menuProblems(st.Opts, m, n)...)
	} else {
		text = append(text, words.Say("party.menuRandomDrawnAtThe"))
	}
	v.Text += "\n" + strings.Join(text, "\n")
	g := st.ID
	if st.Opts.Custom {
		v.Selects = customSelects(g, m)
		v.Rows[0] = append(v.Rows[0], protocol.Button{Label: words.Say("party.menus"), Emoji: "📋", ActionID: protocol.ActionID(protocol.SetMenu{Game: g, Part: "menu", Values: []string{"recommended"}})})
	} else {
		v.Selects = []protocol.Select{menuSelect(g, st.Opts, n)}
	}
	v.Footer = words.Say("party.theHostPicksTheMenu")
	return v
}

// menuSelect offers the recommended menus (those the table can play now
// first), a custom menu and a random one.
func menuSelect(game string, o protocol.Options, n int) protocol.Select {
	cur, fixed := lobbyMenu(o)
	sel := protocol.Select{ActionID: protocol.SelectID("menu", game, "menu"), Placeholder: words.Say("party.chooseTheMenu"), Min: 1, Max: 1}
	// A table too small to start says so itself: marking every menu "not
	// for 1 player" tells the lone host nothing.
	lo, _ := o.Settings().PlayerRange()
	for _, nm := range engine.RecommendedMenus {
		desc := words.MenuBlurb(nm)
		if err := nm.Menu.Check(n); err != nil && n >= lo {
			desc = words.Say("party.notFor", words.Count("player", n), desc)
		}
		sel.Options = append(sel.Options, protocol.Option{Label: words.RecommendedName(nm), Value: nm.Key, Description: desc,
			Selected: fixed && !o.Custom && cur == nm.Menu})
	}
	sel.Options = append(sel.Options,
		protocol.Option{Label: words.Say("party.customMenu"), Value: "custom", Emoji: "🛠️", Description: words.Say("party.chooseTheRollAppetizersSpecials")},
		protocol.Option{Label: words.Say("party.random"), Value: protocol.MenuRandom, Emoji: "🎲", Description: words.Say("party.aMenuThatSuitsThe"), Selected: !fixed})
	return sel
}

// customSelects are the menu builder: a roll, three appetizers, two
// specials and a dessert.
func customSelects(game string, m engine.Menu) []protocol.Select {
	part := func(name, placeholder string, gr engine.Group, chosen []engine.Kind, n int) protocol.Select {
		s := protocol.Select{ActionID: protocol.SelectID("menu", game, name), Placeholder: placeholder, Min: n, Max: n}
		for _, k := range engine.KindsOf(gr) {
			desc := words.Rule(partyRules, k)
			if len(desc) > 100 {
				// Platforms allow 100 characters: cut at a space.
				i := strings.LastIndexByte(desc[:99], ' ')
				if i < 0 {
					i = 90
					for !utf8.RuneStart(desc[i]) {
						i--
					}
				}
				desc = desc[:i] + "…"
			}
			s.Options = append(s.Options, protocol.Option{Label: words.KindName(k), Value: k.Key(), Emoji: k.Emoji(), Description: desc, Selected: slices.Contains(chosen, k)})
		}
		return s
	}
	return []protocol.Select{
		part("roll", "Roll", engine.GroupRoll, []engine.Kind{m.Roll}, 1),
		part("appetizers", "Appetizers (3)", engine.GroupAppetizer, m.Appetizers[:], 3),
		part("specials", "Specials (2)", engine.GroupSpecial, m.Specials[:], 2),
		part("dessert", "Dessert", engine.GroupDessert, []engine.Kind{m.Dessert}, 1),
	}
}
