package bot

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// This file renders a Party game: tableaux, the private hand with calls
// and copies, the prompts of decisions after the reveal, and the narrated
// reveal. Private views read only their seat's engine.View.

// partyTableau renders a Party tableau compactly: rolls by icons, nigiri on
// wasabi as 🟢🍣, a special order as 🌈 and what it copies, face-down cards
// as 🂠, onigiri with their shapes.
func partyTableau(w words.Lang, ps []engine.Placed, uramaki int) string {
	if len(ps) == 0 && uramaki == 0 {
		return "—"
	}
	var count [engine.NumCards]int
	var extra []string
	maki, faceDown, wasabi := 0, 0, 0
	for _, p := range ps {
		c := p.Card
		switch {
		case p.FaceDown:
			faceDown++
		case c == engine.SpecialOrder && p.Copy != engine.None:
			t := "🌈"
			if p.Paired && p.Copy.Kind() == engine.KindNigiri {
				t += engine.Wasabi.Emoji()
			}
			if p.Copy.Kind() == engine.KindUramaki {
				// Its icons are in the seat's uramaki count already.
				extra = append(extra, t+p.Copy.Emoji())
				continue
			}
			extra = append(extra, t+cardToken(w, p.Copy))
		case c.Kind() == engine.KindNigiri && p.Paired:
			extra = append(extra, engine.Wasabi.Emoji()+c.Emoji())
		case c == engine.Wasabi && p.Paired:
		case c == engine.Wasabi:
			wasabi++
		case c.Kind() == engine.KindMaki:
			maki += c.Icons()
		case c.Kind() == engine.KindUramaki:
			// Counted from the seat view: scored uramaki leave the tableau.
		default:
			count[c]++
		}
	}
	var parts []string
	if maki > 0 {
		parts = append(parts, fmt.Sprintf("%s%d", engine.Maki1.Emoji(), maki))
	}
	if uramaki > 0 {
		parts = append(parts, fmt.Sprintf("%s%d", engine.Uramaki3.Emoji(), uramaki))
	}
	parts = appendCounts(w, parts, &count)
	parts = append(parts, extra...)
	for range wasabi {
		parts = append(parts, engine.Wasabi.Emoji())
	}
	if faceDown > 0 {
		t := engine.FaceDown.Emoji()
		if faceDown > 1 {
			t += "×" + strconv.Itoa(faceDown)
		}
		parts = append(parts, t)
	}
	if len(parts) == 0 {
		return "—"
	}
	return strings.Join(parts, " ")
}

// cardToken is a card's symbol where variants matter: onigiri shapes,
// fruit icons, roll icons.
func cardToken(w words.Lang, c engine.Card) string {
	switch c.Kind() {
	case engine.KindOnigiri:
		r := []rune(w.CardShort(c))
		return c.Emoji() + string(r[len(r)-1])
	case engine.KindFruit:
		return strings.TrimPrefix(w.CardShort(c), "Fruit ")
	case engine.KindMaki, engine.KindUramaki:
		return c.Emoji() + strconv.Itoa(c.Icons())
	}
	return c.Emoji()
}

// cardText is a card's symbol and short name.
func cardText(w words.Lang, c engine.Card) string {
	if c.Kind() == engine.KindFruit {
		return w.CardShort(c)
	}
	return c.Emoji() + " " + w.CardShort(c)
}

// buttonEmoji is the emoji a card's button shows beside its name: none for
// fruit, whose name is its fruits ("Fruit 🍍🍍"), as everywhere it is named.
func buttonEmoji(c engine.Card) string {
	if c.Kind() == engine.KindFruit {
		return ""
	}
	return c.Emoji()
}

// seatTableau renders seat's tableau as seen by anyone.
func seatTableau(w words.Lang, s engine.SeatView) string {
	return partyTableau(w, s.Tableau, s.UramakiIcons)
}

// partyHandView is seat i's private Party hand at step p of choosing: a
// card, optionally a chopsticks or spoon to call, and what a special order
// copies.
func partyHandView(st *snapshot, i int, p protocol.Pick) protocol.View {
	w := st.w
	g := st.game
	sv := g.View(i)
	hand := sv.AppendHand(nil)
	slices.Sort(hand)
	base := protocol.Pick{Game: st.ID, Round: g.Round(), Turn: g.Turn(), Call: p.Call}
	h := handParts{cardRows: 4, front: partyTableau(w, sv.AppendTableau(nil, i), sv.UramakiIcons(i))}
	if p.Card == engine.SpecialOrder && p.Copy == engine.None {
		h.text = append(h.text, w.Say("partyview.yourSpecialOrderCopiesA"))
		for _, c := range sv.AppendCopyOptions(nil) {
			q := base
			q.Card, q.Copy = engine.SpecialOrder, c
			h.cards = append(h.cards, protocol.Button{Label: w.CardShort(c), Emoji: buttonEmoji(c), ActionID: protocol.ActionID(q), Colour: cardColour(c)})
		}
	} else {
		h.text = append(h.text, w.Say("hand.chooseACardToKeep")+passingText(st, i, len(hand)))
		if p.Call != engine.None {
			h.text = append(h.text, callText(w, p.Call))
		}
		for j, c := range hand {
			if j > 0 && hand[j-1] == c {
				continue
			}
			q := base
			q.Card = c
			label := partyLabel(w, c, hand)
			if c == engine.SpecialOrder && len(sv.AppendCopyOptions(nil)) == 0 {
				// Played now it copies nothing and is discarded: say so.
				label += w.Say("partyview.nothingToCopyYet")
			}
			h.cards = append(h.cards, protocol.Button{Label: label, Emoji: buttonEmoji(c), ActionID: protocol.ActionID(q), Colour: cardColour(c)})
		}
		for _, c := range sv.AppendCallable(nil) {
			if c == p.Call {
				continue
			}
			q := protocol.Pick{Game: st.ID, Round: g.Round(), Turn: g.Turn(), Call: c}
			label := w.Say("partyview.call", w.CardShort(c))
			if p.Call != engine.None {
				label = w.Say("partyview.callInstead", w.CardShort(c))
			}
			if sv.HandSize(i) < 2 {
				// Legal, but every hand is empty after the reveal: the
				// spoon finds nothing and is discarded. Say so.
				label += w.Say("partyview.findsNothingNow")
			}
			h.controls = append(h.controls, protocol.Button{Label: label, Emoji: c.Emoji(), ActionID: protocol.ActionID(q)})
		}
	}
	if p.Call != engine.None || p.Card != engine.None {
		h.controls = append(h.controls, protocol.Button{Label: w.Say("hand.startOver"), Emoji: "↩️", ActionID: protocol.ActionID(protocol.Change{Game: st.ID, Round: g.Round(), Turn: g.Turn()})})
	}
	return drawHand(st, h)
}

func callText(w words.Lang, c engine.Card) string {
	if c.Kind() == engine.KindSpoon {
		return w.Say("partyview.sYouCallYourS", c.Emoji(), w.CardShort(c))
	}
	return w.Say("partyview.sYouCallYourS2", c.Emoji(), w.CardShort(c))
}

func count(cs []engine.Card, c engine.Card) int {
	n := 0
	for _, x := range cs {
		if x == c {
			n++
		}
	}
	return n
}

// chunk splits buttons into rows of per, at most rows rows.
func chunk(bs []protocol.Button, per, rows int) [][]protocol.Button {
	var out [][]protocol.Button
	for len(bs) > 0 && len(out) < rows {
		n := min(per, len(bs))
		out = append(out, bs[:n])
		bs = bs[n:]
	}
	return out
}

// partyLocked is the hand message after a Party pick, until the reveal.
func partyLocked(w words.Lang, sub engine.Submission) string {
	s := w.Say("render.lockedIn", cardText(w, sub.Card))
	if sub.Copy != engine.None {
		s += w.Say("partyview.copying", cardText(w, sub.Copy))
	}
	if sub.Call != engine.None {
		// "your" agrees with the card: "tus palillos", "tu cuchara".
		key := "partyview.callingSpoon"
		if sub.Call.Kind() == engine.KindChopsticks {
			key = "partyview.callingChopsticks"
		}
		s += w.Say(key, cardText(w, sub.Call))
	}
	return s
}

// decisionName says what a decision is about, for the table and reminders.
func decisionName(w words.Lang, d engine.Decision) string { return w.Word(decisionPhrase(d)) }

// waitKeys are the sentences that wait for a seat to use a decision's
// card, written whole for each card ("their spoon", "sa cuillère", "den
// Löffel", "свою ложку"), since the possessive and the article agree with
// the card.
var waitKeys = map[engine.DecisionKind]words.Key{engine.DecideChopsticks: "decision.wait.chopsticks", engine.DecideSpoon: "decision.wait.spoon",
	engine.DecideMenu: "decision.wait.menu", engine.DecideTakeout: "decision.wait.takeout", engine.DecideCopy: "decision.wait.copy"}

// waitFor says that the table waits for name to use decision d's card.
func waitFor(w words.Lang, name string, d engine.Decision) string {
	key, ok := waitKeys[d.Kind]
	if !ok {
		return agree(w, name, "decision.wait.other")
	}
	emoji := d.Via.Emoji()
	if d.Kind == engine.DecideCopy {
		emoji = engine.SpecialOrder.Emoji()
	}
	return agree(w, name, key, emoji)
}

// decisionPhrase is decisionName not yet worded, for a refusal.
func decisionPhrase(d engine.Decision) words.Phrase {
	switch d.Kind {
	case engine.DecideChopsticks:
		return words.P("decision.named", d.Via.Emoji(), words.P("decision.chopsticks"))
	case engine.DecideSpoon:
		return words.P("decision.named", d.Via.Emoji(), words.P("decision.spoon"))
	case engine.DecideMenu:
		return words.P("decision.named", d.Via.Emoji(), words.P("decision.menu"))
	case engine.DecideTakeout:
		return words.P("decision.named", d.Via.Emoji(), words.P("decision.takeout"))
	case engine.DecideCopy:
		return words.P("decision.named", engine.SpecialOrder.Emoji(), words.P("decision.copy"))
	}
	return words.P("decision.other")
}

// decisionView is the private prompt of seat i's pending decision, with a
// button (or select) for every answer the engine offers.
func decisionView(st *snapshot, i int) protocol.View {
	st = st.to(i)
	w := st.w
	g := st.game
	sv := g.View(i)
	d, _ := g.Decision()
	opts := sv.AppendOptions(nil)
	v := handHead(st, d.Round, d.Turn)
	v.Title = w.Say("partyview.yourChoiceRoundDTurn", d.Round, d.Turn)
	id := func(a engine.Answer) string {
		return protocol.ActionID(protocol.Answer{Game: st.ID, Round: d.Round, Turn: d.Turn, Step: d.Step, Card: a.Card, Kind: a.Kind, Flip: a.Flip})
	}
	tab := sv.AppendTableau(nil, i)
	var row []protocol.Button
	switch d.Kind {
	case engine.DecideChopsticks, engine.DecideMenu, engine.DecideCopy:
		var drawn []engine.Card
		switch d.Kind {
		case engine.DecideChopsticks:
			v.Text = w.Say("partyview.sYourSChooseA", d.Via.Emoji(), w.CardShort(d.Via))
			drawn = sv.AppendHand(nil)
		case engine.DecideMenu:
			drawn = sv.AppendMenuDraw(nil)
			var names []string
			for _, c := range drawn {
				names = append(names, cardText(w, c))
			}
			v.Text = w.Say("partyview.sYourMenuDrewS", d.Via.Emoji(), strings.Join(names, ", "))
		default:
			v.Text = w.Say("partyview.yourSpecialOrderCopiesA")
		}
		for _, a := range opts {
			label := w.CardShort(a.Card)
			if n := count(drawn, a.Card); n > 1 {
				label = cardLabel(w, a.Card, n)
			}
			row = append(row, protocol.Button{Label: label, Emoji: buttonEmoji(a.Card), ActionID: id(a), Style: protocol.Primary, Colour: cardColour(a.Card)})
		}
		v.Rows = chunk(row, protocol.RowButtons, 5)
	case engine.DecideSpoon:
		v.Text = w.Say("partyview.sYourSNameA", d.Via.Emoji(), w.CardShort(d.Via))
		if st.typing() {
			// A footer: where keys are the only input (the terminal's
			// screen game) it is not shown.
			v.Footer = w.Say("partyview.orTypeChooseCardOr")
		}
		sel := protocol.Select{ActionID: protocol.SelectID("ask", st.ID, strconv.Itoa(d.Round), strconv.Itoa(d.Turn), strconv.Itoa(d.Step)),
			Placeholder: w.Say("partyview.orAskForAnExact"), Min: 1, Max: 1}
		for _, a := range opts {
			if a.Card == engine.None {
				row = append(row, protocol.Button{Label: w.KindName(a.Kind), Emoji: a.Kind.Emoji(), ActionID: id(a), Style: protocol.Primary})
			} else if len(sel.Options) < 25 {
				// Named as on the buttons: "Spoon ⑤", not "Spoon (5)".
				sel.Options = append(sel.Options, protocol.Option{Label: w.CardShort(a.Card), Value: "c" + strconv.Itoa(int(a.Card)), Emoji: buttonEmoji(a.Card)})
			}
		}
		v.Rows = chunk(row, protocol.RowButtons, 2)
		if len(sel.Options) > 0 {
			v.Selects = []protocol.Select{sel}
		}
	case engine.DecideTakeout:
		v.Text = w.Say("partyview.sYourTakeoutBoxTurn", d.Via.Emoji())
		if st.typing() {
			v.Footer = w.Say("partyview.typeFlip13For")
		}
		sel := protocol.Select{ActionID: protocol.SelectID("flip", st.ID, strconv.Itoa(d.Round), strconv.Itoa(d.Turn), strconv.Itoa(d.Step)),
			Placeholder: w.Say("partyview.cardsToTurnFaceDown"), Min: 0, Submit: w.Say("select.submit")}
		var lines []string
		for p, c := range tab {
			if d.Flippable&(1<<p) == 0 {
				continue
			}
			label := fmt.Sprintf("%d. %s", p+1, placedText(w, c))
			lines = append(lines, label)
			sel.Options = append(sel.Options, protocol.Option{Label: label, Value: strconv.Itoa(p)})
		}
		sel.Max = len(sel.Options)
		// In a chat the numbered cards are what "Flip 2 only" names; the
		// terminal lists them to tick, numbered as they are, and needs
		// neither the lines nor those buttons (its screen showed three
		// different 1s).
		listed := !st.chat() && len(sel.Options) > 1
		if !listed {
			v.Text += "\n" + strings.Join(lines, "\n")
		}
		for _, a := range opts {
			switch {
			case a.Flip == 0:
				row = append(row, protocol.Button{Label: w.Say("partyview.flipNothing"), Emoji: "✋", ActionID: id(a)})
			case a.Flip == d.Flippable:
				row = append(row, protocol.Button{Label: flipAllLabel(w, len(sel.Options)), Emoji: d.Via.Emoji(), ActionID: id(a), Style: protocol.Primary})
			case len(sel.Options) <= 10 && !listed:
				p := 0
				for a.Flip>>p&1 == 0 {
					p++
				}
				row = append(row, protocol.Button{Label: w.Say("render.flipOnly", p+1), ActionID: id(a)})
			}
		}
		if len(sel.Options) > 1 {
			v.Selects = []protocol.Select{sel}
		}
		v.Rows = chunk(row, protocol.RowButtons, 3)
	}
	v.Fields = []protocol.Field{{Name: w.Say("hand.inFrontOfYou"), Value: partyTableau(w, tab, sv.UramakiIcons(i))}}
	if !st.chat() {
		// The terminal shows a reveal only once its decisions are made:
		// what was revealed comes with the question it raises.
		pv := g.PublicView()
		if r := pv.LastReveal; r.Round == d.Round && r.Turn == d.Turn {
			v.Text = w.Say("partyview.revealedTurn", d.Turn, strings.Join(revealLines(st, pv), " · "), v.Text)
		}
	}
	return v
}

// placedText names one tableau card, with what a special order copies.
func placedText(w words.Lang, p engine.Placed) string {
	switch {
	case p.FaceDown:
		return engine.FaceDown.Emoji() + " " + w.Say("placed.faceDown")
	case p.Copy != engine.None:
		return w.Say("placed.specialOrderAs", cardText(w, p.Copy))
	case p.Paired && p.Card.Kind() == engine.KindNigiri:
		return w.Say("placed.onWasabi", cardText(w, p.Card))
	}
	return cardText(w, p.Card)
}

// waitingView is a Party player's hand message while someone else decides
// after the reveal.
func waitingView(st *snapshot, i int) protocol.View {
	st = st.to(i)
	w := st.w
	d, _ := st.game.Decision()
	sv := st.game.View(i)
	v := handHead(st, d.Round, d.Turn)
	v.Text = w.Say("partyview.cardsRevealedWait", waitFor(w, st.name(d.Seat), d))
	v.Fields = []protocol.Field{{Name: w.Say("hand.inFrontOfYou"), Value: partyTableau(w, sv.AppendTableau(nil, i), sv.UramakiIcons(i))}}
	return v
}

// narrate tells a Party reveal's events in words.
func narrate(st *snapshot, evs []engine.Event) []string {
	w := st.w
	var out []string
	for _, e := range evs {
		who := st.name(int(e.Seat))
		switch e.Kind {
		case engine.EvCopy:
			if e.Card == engine.None {
				out = append(out, agree(w, who, "partyview.copyNothing"))
			} else {
				out = append(out, agree(w, who, "partyview.copies", cardText(w, e.Card)))
			}
		case engine.EvChopsticks:
			out = append(out, agree(w, who, "partyview.sUsedChopsticksToPlay", cardText(w, e.Card)))
		case engine.EvSpoon:
			asked := ""
			if e.Asked != engine.None {
				asked = cardText(w, e.Asked)
			} else {
				asked = e.Named.Emoji() + " " + strings.ToLower(w.KindName(e.Named))
			}
			if e.Other < 0 {
				out = append(out, agree(w, who, "partyview.sAskedForSNobody", asked))
			} else {
				out = append(out, agree(w, who, "partyview.sAskedForSS", asked, st.name(int(e.Other)), cardText(w, e.Card)))
			}
		case engine.EvMenu:
			if e.Card == engine.None {
				out = append(out, agree(w, who, "partyview.menuNothing"))
			} else {
				out = append(out, agree(w, who, "partyview.sOrderedSFromThe", cardText(w, e.Card)))
			}
		case engine.EvTakeout:
			if e.N == 0 {
				out = append(out, agree(w, who, "partyview.takeoutNothing"))
			} else {
				out = append(out, agree(w, who, "partyview.sBoxedS2Each", w.Count("card", int(e.N))))
			}
		case engine.EvMiso:
			var names []string
			for s := range st.game.Seats() {
				if e.Mask&(1<<s) != 0 {
					names = append(names, st.name(s))
				}
			}
			out = append(out, w.Say("partyview.misoSoupsDiscarded", w.Count("misoSoup", int(e.N)), w.List(names)))
		case engine.EvUramaki:
			if e.Points > 0 {
				out = append(out, w.Say("partyview.sDUramakiIconsS", agree(w, who, "verb.reaches"), w.Count("uramakiIcon", int(e.N)), w.Ordinal(int(e.Place)), w.PointsSigned(int(e.Points))))
			} else {
				out = append(out, w.Say("partyview.sDUramakiIconsBut", agree(w, who, "verb.reaches"), e.N))
			}
		}
	}
	return out
}

// dessertsText counts kept desserts by card: "🍮×2 🍨", fruit by its icons.
func dessertsText(w words.Lang, ds []engine.Card) string {
	var n [engine.NumCards]int
	for _, c := range ds {
		n[c]++
	}
	return strings.Join(appendCounts(w, nil, &n), " ")
}

// appendCounts appends each counted card's token, "×n" after it when more
// than one, in card order.
func appendCounts(w words.Lang, dst []string, count *[engine.NumCards]int) []string {
	for c := engine.Card(1); c < engine.NumCards; c++ {
		switch n := count[c]; {
		case n == 1:
			dst = append(dst, cardToken(w, c))
		case n > 1:
			dst = append(dst, cardToken(w, c)+"×"+strconv.Itoa(n))
		}
	}
	return dst
}

// menuFooter names the game's menu with its types' symbols.
func menuFooter(w words.Lang, m engine.Menu) string {
	var es []string
	for _, k := range m.Kinds() {
		es = append(es, k.Emoji())
	}
	return w.Say("party.menuLine", w.MenuName(m), strings.Join(es, ""))
}

// flipAllLabel is the takeout box's button that flips every card it can:
// "Flip it" for one ("Flip all 1" reads oddly).
func flipAllLabel(w words.Lang, n int) string {
	if n == 1 {
		return w.Say("partyview.flipIt")
	}
	return w.Say("partyview.flipAllD", n)
}

// partyLabel names a hand's card on its button: a special beside a twin
// with another corner number ("Spoon ⑥") shows its own number too ("Spoon
// ④"), so the two are told apart.
func partyLabel(w words.Lang, c engine.Card, hand []engine.Card) string {
	label := cardLabel(w, c, count(hand, c))
	n := c.Corner()
	if n == 0 || strings.Contains(w.CardShort(c), circled(n)) {
		return label
	}
	for _, o := range hand {
		if o != c && o.Kind() == c.Kind() {
			return strings.Replace(label, w.CardShort(c), w.CardShort(c)+" "+circled(n), 1)
		}
	}
	return label
}

// circled is n as a circled digit (1–20).
func circled(n int) string {
	if n >= 1 && n <= 20 {
		return string(rune('①' + n - 1))
	}
	return strconv.Itoa(n)
}
