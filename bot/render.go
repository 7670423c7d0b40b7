package bot

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/sushigo/sushigo/boards"
	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/strategy"
	"github.com/sushigo/sushigo/picture"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

func itoa(n int) string { return strconv.Itoa(n) }

// party reports whether the snapshot's game is Sushi Go Party!.
func party(st *snapshot) bool {
	if st.game != nil {
		return st.game.Settings().Ruleset == engine.Party
	}
	return st.Opts.Party
}

// agree says a sentence about a name (its first argument: "verb.wins":
// "Ann wins"); the terminal's player is "You", whose sentence is the key's
// "you" form, written whole in each language, without the name
// ("verb.wins.you": "You win"; "partyview.copies.you": "Your special
// order copies …").
func agree(w words.Lang, name string, key words.Key, a ...any) string {
	if name == w.You() {
		return w.Say(key+".you", a...)
	}
	return w.Say(key, append([]any{name}, a...)...)
}

// optionsLineAt is optionsLine where the game is played: the terminal has
// no private replies or DMs to speak of.
func optionsLineAt(st *snapshot) string {
	return optionsLine(st.w, st.Opts, !st.plat.Terminal && !st.page)
}

// optionsLine says how a game is set up; hands, whether it says where the
// hands go (not in the terminal, which has no private replies or DMs).
func optionsLine(w words.Lang, o protocol.Options, hands bool) string {
	pass := "options.pass.left"
	if o.Pass == engine.PassAlternate {
		pass = "options.pass.alternate"
	}
	parts := []string{w.Say(pass)}
	if o.Timer > 0 {
		parts = append(parts, w.Say("options.timer", o.Timer))
	} else {
		parts = append(parts, w.Say("render.timerOff"))
	}
	switch {
	case !hands:
	case o.Hands == protocol.HandsDM:
		parts = append(parts, w.Say("render.handsByDm"))
	default:
		parts = append(parts, w.Say("render.handsPrivateReplies"))
	}
	if o.Dummy {
		parts = append(parts, w.Say("options.dummy"))
	}
	if o.Level != "" && o.Level != strategy.Normal {
		// The level by its name in w (the Discord option's choice: "facile").
		parts = append(parts, w.Say("options.bots", w.Say(words.Key("choice."+string(o.Level)))))
	}
	return strings.Join(parts, " · ")
}

func lobbyView(st *snapshot) protocol.View { return lookOf(st).lobby(st) }

func classicLobbyView(st *snapshot) protocol.View {
	w := st.w
	var lines []string
	for i, s := range st.Seats {
		l := fmt.Sprintf("%d. %s", i+1, s.shown(w))
		if s.Bot {
			l += " 🤖"
			if lv := st.botLevel(i); lv != strategy.Normal {
				l += " (" + w.Say(words.Key("choice."+string(lv))) + ")"
			}
		}
		if s.User != "" && s.User == st.Host {
			l += " 👑"
		}
		lines = append(lines, l)
	}
	g := st.ID
	row := []protocol.Button{
		{Label: w.Say("button.join"), Emoji: "🙋", ActionID: protocol.ActionID(protocol.Join{Game: g}), Style: protocol.Primary},
		{Label: w.Say("button.leave"), Emoji: "🚪", ActionID: protocol.ActionID(protocol.Leave{Game: g})},
	}
	if len(st.Seats) < maxSeats(st.Opts) {
		// A full table has no room for a bot: no button, rather than one
		// that does nothing (Slack cannot grey one out).
		row = append(row, protocol.Button{Label: w.Say("render.addBot"), Emoji: "🤖", ActionID: protocol.ActionID(protocol.AddBot{Game: g, N: 1})})
	}
	row = append(row, protocol.Button{Label: w.Say("button.start"), Emoji: "▶️", ActionID: protocol.ActionID(protocol.Start{Game: g}), Style: protocol.Success, Disabled: len(st.Seats) < 2})
	if !st.Opts.Party {
		// The host may make it a Party game: a lobby opened without a
		// command (a Discord Activity's) has no other way to.
		row = append(row, protocol.Button{Label: w.Say("lobby.switchToParty"), Emoji: "🎉", ActionID: protocol.ActionID(protocol.SetMenu{Game: g, Part: "menu", Values: []string{gameParty}})})
	}
	return protocol.View{
		Screen: protocol.ScreenLobby,
		Title:  w.Say("render.sushiGoLobby"),
		Text:   w.Say("lobby.hostLine", st.hostName(), optionsLineAt(st), ratedLine(st)),
		Fields: []protocol.Field{{Name: w.Say("lobby.players", len(st.Seats), maxSeats(st.Opts)), Value: strings.Join(lines, "\n")}},
		Rows:   [][]protocol.Button{row},
		Tone:   protocol.ToneLobby,
		Footer: w.Say("render.theHostPressesStartWhen"),
	}
}

// tableau renders cards in front of a seat, grouped: nigiri on wasabi as
// 🟢🍣, an empty wasabi as 🟢, maki with their icon count.
func tableau(ps []engine.Placed) string {
	if len(ps) == 0 {
		return "—"
	}
	var count [engine.NumCards]int
	var nigiri []string
	icons := 0
	for _, p := range ps {
		switch {
		case p.Card.Kind() == engine.KindNigiri && p.Paired:
			nigiri = append(nigiri, engine.Wasabi.Emoji()+p.Card.Emoji())
		case p.Card.Kind() == engine.KindNigiri:
			nigiri = append(nigiri, p.Card.Emoji())
		case p.Card == engine.Wasabi && p.Paired:
		case p.Card.Kind() == engine.KindMaki:
			icons += p.Card.Icons()
		default:
			count[p.Card]++
		}
	}
	var parts []string
	for c := engine.Card(1); c < engine.NumCards; c++ {
		switch {
		case count[c] == 0 || c == engine.Wasabi:
		case count[c] == 1:
			parts = append(parts, c.Emoji())
		default:
			parts = append(parts, c.Emoji()+"×"+itoa(count[c]))
		}
	}
	if icons > 0 {
		parts = append(parts, fmt.Sprintf("%s%d", engine.Maki1.Emoji(), icons))
	}
	parts = append(parts, nigiri...)
	for range count[engine.Wasabi] {
		parts = append(parts, engine.Wasabi.Emoji())
	}
	return strings.Join(parts, " ")
}

// tableView is the public table. It reads only the public view and the
// seats, so it can hold no hand card.
func tableView(st *snapshot, now time.Time) protocol.View {
	w := st.w
	if st.Phase == phaseLobby || st.game == nil {
		return lobbyView(st)
	}
	if st.Ended != "" {
		return endedView(st)
	}
	pv := st.game.PublicView()
	v := protocol.View{Screen: protocol.ScreenTable, Tone: protocol.TonePlay, Picture: tablePicture(st)}
	lk := lookOf(st)
	title := w.Say(lk.title)
	if pv.Over {
		v.Title, v.Tone = w.Say("table.titleOver", title), protocol.ToneOver
	} else {
		v.Title = w.Say("table.title", title, pv.Round, engine.Rounds, pv.Turn, pv.Settings.HandSize())
	}
	var waiting []string
	sameHands := true
	for _, s := range pv.Seats {
		sameHands = sameHands && s.HandSize == pv.Seats[0].HandSize
	}
	memo := tableTexts.get(st.ID, w, lk.party, pv.Over, sameHands)
	defer tableTexts.put(st.ID, memo)
	// A field a seat: the table is drawn at every click, and growing the
	// slice seat by seat was four arrays for eight seats.
	v.Fields = make([]protocol.Field, 0, len(pv.Seats))
	for _, s := range pv.Seats {
		name := st.name(s.Seat)
		mark := ""
		switch {
		case s.Dummy:
			name, mark = w.Say("seat.dummy"), "🎭"
		case pv.Over:
		case s.Deciding:
			mark = "🤔"
		case pv.Decision != nil:
			mark = "✅"
		case s.Submitted:
			mark = "✅"
		default:
			mark = "⏳"
			waiting = append(waiting, name)
		}
		isBot := !s.Dummy && st.Seats[s.Seat].Bot
		field := memo.field(s.Seat, fieldText{mark: mark, name: name, bot: isBot, score: s.Score}, func() string {
			name := name
			if isBot {
				name += " 🤖"
			}
			return strings.TrimSpace(w.Say("table.seatField", mark, name, s.Score))
		})
		val := memo.seat(s, func() string {
			val := lk.tableau(w, s)
			if kept := lk.kept(w, s); kept != "" && !pv.Over { // scored by now: the closing post says how
				val += "\n" + kept
			}
			switch {
			case pv.Over || sameHands:
			case s.Dummy:
				val += w.Say("render.sInItsPile", w.Count("card", s.HandSize))
			default:
				val += w.Say("render.sInHand", w.Count("card", s.HandSize))
			}
			return val
		})
		v.Fields = append(v.Fields, protocol.Field{Name: field, Value: val, Inline: true})
	}
	var lines []string
	if r := pv.LastReveal; r.Turn > 0 && st.chat() && !st.page && !pv.Over {
		// The latest reveal stays on the table until the next one: the
		// glance at the channel needs no scrolling through the thread. A
		// web page shows it in a panel of its own, beside the table.
		lines = append(lines, w.Say("render.lastRevealRoundDTurn", r.Round, r.Turn))
		lines = append(lines, memo.revealed(r, st.names(len(pv.Seats)), func() []string { return revealLines(st, pv) })...)
		lines = append(lines, "")
	}
	if pv.Over && st.chat() {
		// The closing post below has the standings; the table names the
		// winner and points there rather than showing them twice.
		lines = append(lines, w.Say("table.overSeeBelow", winnerLine(st)))
	}
	lines = append(lines, st.Notes...)
	if st.Vote != nil {
		lines = append(lines, voteLines(st)...)
	}
	if pv.Decision != nil {
		lines = append(lines, w.Say("render.cardsRevealedWait", waitFor(w, st.name(pv.Decision.Seat), *pv.Decision)))
	} else if len(waiting) > 0 {
		lines = append(lines, w.Say("table.waitingFor", strings.Join(waiting, w.Say("list.comma"))))
	}
	// Players whose private hand message can no longer be edited (a token
	// past its lifetime, or none yet) must ask for their new cards.
	var stale []string
	for _, s := range pv.Seats {
		if pv.Over || s.Dummy || (s.Submitted && !s.Deciding) || (pv.Decision != nil && !s.Deciding) {
			continue
		}
		seat := &st.Seats[s.Seat]
		if seat.human() && !st.byDM(seat) && !seat.Hand.Usable(now) && pv.Turn > 1 {
			stale = append(stale, seat.shown(w))
		}
	}
	if len(stale) > 0 && !st.page {
		lines = append(lines, w.Say("table.newCardsFor", w.List(stale)))
	}
	v.Text = strings.Join(lines, "\n")
	footer := []string{optionsLineAt(st)}
	if !pv.Over && sameHands && len(pv.Seats) > 0 {
		footer = append(footer, w.Say("table.inEachHand", w.Count("card", pv.Seats[0].HandSize)))
	}
	if st.Opts.Pass == engine.PassAlternate && !pv.Over {
		dir := "table.handsGoLeft"
		if pv.Round == 2 {
			dir = "table.handsGoRight"
		}
		footer = append(footer, w.Say(dir))
	}
	footer = append(footer, lk.menu(w, pv)...)
	if pv.Controller >= 0 {
		footer = append(footer, controlsTheDummy(w, st.name(pv.Controller)))
	}
	v.Footer = strings.Join(footer, " · ")
	if !pv.Over && !st.plat.Terminal && !st.page {
		// A chat's way back to a lost private message; the terminal and
		// a web page show the hand themselves.
		v.Rows = [][]protocol.Button{{{Label: w.Say("render.showMyHand"), Emoji: "🎴", ActionID: protocol.ActionID(protocol.ShowHand{Game: st.ID}), Style: protocol.Primary}}}
		if st.web {
			v.Rows[0] = append(v.Rows[0], protocol.Button{Label: w.Say("web.openTable"), Emoji: "🌐", ActionID: protocol.ActionID(protocol.OpenTable{Game: st.ID})})
		}
	}
	if st.Vote != nil && !pv.Over {
		v.Rows = append(v.Rows, voteRow(st))
	}
	return v
}

// countCard counts c in a tableau.
func countCard(ps []engine.Placed, c engine.Card) int {
	n := 0
	for _, p := range ps {
		if p.Card == c {
			n++
		}
	}
	return n
}

func cardLabel(w words.Lang, c engine.Card, n int) string {
	if n > 1 {
		return w.CardShort(c) + " ×" + itoa(n)
	}
	return w.CardShort(c)
}

// passingText says where seat i's hand came from and goes next, for a
// player who follows the cards round the table; nothing on a round's last
// card, which is not passed.
func passingText(st *snapshot, i, cards int) string {
	w := st.w
	if cards < 2 {
		return ""
	}
	from, to := st.game.Passing(i)
	switch {
	case from == to:
		return " " + w.Say("hand.swap", st.name(to))
	case st.game.Turn() == 1:
		return " " + w.Say("hand.goesOnTo", st.name(to))
	}
	return " " + w.Say("hand.fromOnTo", st.name(from), st.name(to))
}

// handView is seat i's private hand at step p of choosing.
func handView(st *snapshot, i int, p protocol.Pick) protocol.View {
	return lookOf(st).hand(st.to(i), i, p)
}

// classicHandView is seat i's classic hand: a card, chopsticks' second
// card, the dummy's card.
func classicHandView(st *snapshot, i int, p protocol.Pick) protocol.View {
	w := st.w
	g := st.game
	sv := g.View(i)
	hand := sv.AppendHand(nil)
	slices.Sort(hand)
	left := slices.Clone(hand)
	for _, c := range []engine.Card{p.Card, p.Extra} {
		if j := slices.Index(left, c); c != engine.None && j >= 0 {
			left = slices.Delete(left, j, j+1)
		}
	}
	ctrl := g.Controller() == i
	base := protocol.Pick{Game: st.ID, Round: g.Round(), Turn: g.Turn(), Chop: p.Chop, Card: p.Card, Extra: p.Extra}
	var text []string
	var next func(c engine.Card) protocol.Pick
	switch {
	case p.Chop && p.Card == engine.None:
		text = append(text, w.Say("render.chopsticksChooseYourFirstCard"))
		next = func(c engine.Card) protocol.Pick { q := base; q.Card = c; return q }
	case p.Chop && p.Extra == engine.None:
		text = append(text, w.Say("render.firstCardSSNow", p.Card.Emoji(), w.CardShort(p.Card)))
		next = func(c engine.Card) protocol.Pick { q := base; q.Extra = c; return q }
	case p.Card != engine.None && ctrl:
		text = append(text, w.Say("render.youKeepSNowChoose", chosen(w, p.Card, p.Extra)))
		next = func(c engine.Card) protocol.Pick { q := base; q.Dummy = c; return q }
	default:
		text = append(text, w.Say("hand.chooseACardToKeep")+passingText(st, i, len(hand)))
		if ctrl {
			drew := ""
			if c := sv.Drawn(); c != engine.None {
				drew = " " + w.Say("render.youDrew", cardText(w, c))
			}
			text = append(text, w.Say("render.youControlTheDummyThis")+drew)
		}
		next = func(c engine.Card) protocol.Pick { q := base; q.Card = c; return q }
	}
	// Every card of the hand keeps its place (and its number in the
	// terminal) through the steps of a choice: one already chosen stays,
	// disabled, rather than shifting the others.
	var cards []protocol.Button
	for j, c := range hand {
		if j > 0 && hand[j-1] == c {
			continue
		}
		n := count(left, c)
		b := protocol.Button{Label: cardLabel(w, c, n), Emoji: c.Emoji(), ActionID: protocol.ActionID(next(c)), Colour: cardColour(c)}
		if n == 0 {
			b.Label, b.Disabled = w.Say("hand.chosen", w.CardShort(c)), true
		}
		cards = append(cards, b)
	}
	var control []protocol.Button
	need := 2
	if ctrl {
		need = 3
	}
	if !p.Chop && p.Card == engine.None && sv.Chopsticks(i) > 0 && len(hand) >= need {
		q := base
		q.Chop = true
		control = append(control, protocol.Button{Label: w.Say("render.useChopsticksTake2"), Emoji: "🥢", ActionID: protocol.ActionID(q)})
	}
	if p.Chop || p.Card != engine.None {
		control = append(control, protocol.Button{Label: w.Say("hand.startOver"), Emoji: "↩️", ActionID: protocol.ActionID(protocol.Change{Game: st.ID, Round: g.Round(), Turn: g.Turn()})})
	}
	return drawHand(st, handParts{text: text, cards: cards, controls: control, front: tableau(sv.AppendTableau(nil, i))})
}

// cardColour is the colour of card c's type (#rrggbb) for the button that
// plays or names it (the terminal draws card tiles in it); none for no card.
func cardColour(c engine.Card) string {
	if c == engine.None || c == engine.FaceDown {
		return ""
	}
	return picture.Colour(c.Kind())
}

// chosen says a classic pick: its card, and the second card taken with
// chopsticks joined as the reader's language joins two things.
func chosen(w words.Lang, card, extra engine.Card) string {
	s := card.Emoji() + " " + w.CardShort(card)
	if extra != engine.None {
		s = w.List([]string{s, "🥢 " + extra.Emoji() + " " + w.CardShort(extra)})
	}
	return s
}

// classicLocked words a locked-in classic pick.
func classicLocked(w words.Lang, sub engine.Submission) string {
	return w.Say("render.lockedIn", chosen(w, sub.Card, sub.Extra))
}

func lockedView(st *snapshot, i int, sub engine.Submission) protocol.View {
	st = st.to(i)
	w := st.w
	g := st.game
	text := lookOf(st).locked(w, sub)
	if sub.Dummy != engine.None {
		text += w.Say("render.theDummyGets", sub.Dummy.Emoji(), w.CardShort(sub.Dummy))
	}
	text += "\n" + w.Say("render.waitingForSYouCan", w.Count("player", g.Waiting()))
	v := handHead(st, g.Round(), g.Turn())
	v.Text = text
	v.Rows = [][]protocol.Button{{{Label: w.Say("render.changeMyPick"), Emoji: "✏️", ActionID: protocol.ActionID(protocol.Change{Game: st.ID, Round: g.Round(), Turn: g.Turn()})}}}
	return v
}

// handHead is the start of every private hand view of a turn: its title,
// screen, tone and moment. The hand is written from it in classic, Party,
// locked and waiting forms.
func handHead(st *snapshot, round, turn int) protocol.View {
	w := st.w
	v := protocol.View{Screen: protocol.ScreenHand, Title: w.Say("render.yourHandRoundDTurn", round, turn), Tone: protocol.TonePlay,
		Channel: st.Where.Channel, Round: round, Turn: turn}
	if !st.turnEnds.IsZero() && st.game != nil && !st.game.Over() {
		v.Due = st.turnEnds
	}
	return v
}

// placement is what a seat put down at a reveal. In Party the second card
// came by chopsticks or a spoon, which the reveal's events tell.
func placement(w words.Lang, p engine.Placement, party bool) string {
	var parts []string
	for k, c := range p.Cards {
		if c == engine.None {
			continue
		}
		s := c.Emoji() + " " + w.CardShort(c)
		if party {
			s = cardText(w, c)
		}
		if p.Paired[k] && c.Kind() == engine.KindNigiri {
			s += w.Say("reveal.onWasabi")
		}
		if k == 1 && !party {
			s = "🥢 " + s
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " + ")
}

// revealView shows the latest reveal, from the public view.
func revealView(st *snapshot) protocol.View {
	pv := st.game.PublicView()
	r := pv.LastReveal
	lines := append(revealLines(st, pv), st.Notes...)
	return protocol.View{Screen: protocol.ScreenReveal, Title: st.w.Say("reveal.title", r.Round, r.Turn), Text: strings.Join(lines, "\n"), Tone: protocol.ToneReveal,
		Round: r.Round, Turn: r.Turn}
}

// revealLines are what each seat played at the latest reveal and what
// happened, from the public view.
func revealLines(st *snapshot, pv engine.PublicView) []string {
	w := st.w
	r := pv.LastReveal
	var lines []string
	for _, s := range pv.Seats {
		p := r.Seats[s.Seat]
		if p.Cards[0] == engine.None {
			continue
		}
		name := st.name(s.Seat)
		if s.Dummy {
			name = w.Say("render.dummyChosenByS", st.name(r.Controller))
		}
		lines = append(lines, w.BoldLabel(name, placement(w, p, lookOf(st).party)))
	}
	return append(lines, narrate(st, r.AppendEvents(nil))...)
}

// placeWords are the keys that name race places: maki 1–3, most/fewest
// for puddings and temaki.
var placeWords = map[int]words.Key{1: "place.most", 2: "place.second", 3: "place.third", -1: "place.fewest"}

func lineText(w words.Lang, l engine.Line) string {
	what := ""
	sep := " "
	switch l.Category {
	case engine.CatMaki:
		what, sep = w.Count("icon", l.Count), w.Say("punct.colon")
	case engine.CatPudding, engine.CatTemaki:
		what, sep = itoa(l.Count), w.Say("punct.colon")
	case engine.CatUramakiRace:
		what, sep = w.Say("render.reached10Icons", w.Ordinal(l.Place)), w.Say("punct.colon")
	case engine.CatUramaki:
		what, sep = w.Say("render.sLeftMostSPlace", w.Count("icon", l.Count), w.Ordinal(l.Place)), w.Say("punct.colon")
		if l.Place == 0 {
			what = w.Say("render.leftNoPlace", w.Count("icon", l.Count))
		}
	case engine.CatWatermelon, engine.CatPineapple, engine.CatOrange:
		what, sep = w.Count("icon", l.Count), w.Say("punct.colon")
	default:
		what = "×" + itoa(l.Count)
	}
	switch l.Category {
	case engine.CatMaki, engine.CatPudding, engine.CatTemaki:
		if key := placeWords[l.Place]; key != "" {
			what += ", " + w.Say(key)
		}
	case engine.CatEdamame:
		what += w.Say("render.withEdamame", w.Count("opponent", l.Detail))
	case engine.CatSoySauce:
		what += fmt.Sprintf(", %s", w.Count("colour", l.Detail))
		if l.Place == 1 {
			what += w.Say("render.most")
		}
	case engine.CatTea:
		what += w.Say("render.largestColourGroup", l.Detail)
	case engine.CatOnigiri:
		what += fmt.Sprintf(", %s", w.Count("shape", l.Detail))
	}
	if l.Place != 0 && l.Shared > 1 {
		what += w.Say("render.sharedBy", l.Shared)
	}
	if l.Points == 0 {
		// "→ +0" reads like a mistake; say it scores nothing.
		return w.Say("render.sSSSNo", l.Category.Emoji(), w.CategoryName(l.Category), sep, what)
	}
	return fmt.Sprintf("%s %s%s%s → %s", l.Category.Emoji(), w.CategoryName(l.Category), sep, what, w.PointsSigned(l.Points))
}

func breakdownText(w words.Lang, b engine.Breakdown) string {
	ls := b.Lines()
	if len(ls) == 0 {
		return w.Say("render.nothingScored")
	}
	var out []string
	for _, l := range ls {
		out = append(out, lineText(w, l))
	}
	return strings.Join(out, "\n")
}

// scoringText is breakdownText for a channel post: only the lines that
// score, since a line that scores nothing is noise in a channel (the
// picture and the private `scores` keep every line).
func scoringText(w words.Lang, b engine.Breakdown) string {
	var out []string
	for _, l := range b.Lines() {
		if l.Points != 0 {
			out = append(out, lineText(w, l))
		}
	}
	if len(out) == 0 {
		return w.Say("render.nothingScored")
	}
	return strings.Join(out, "\n")
}

func roundScoreView(st *snapshot, round int) protocol.View {
	w := st.w
	pv := st.game.PublicView()
	v := protocol.View{Screen: protocol.ScreenRoundScores, Title: w.Say("render.roundScores", round), Tone: protocol.ToneScore, Picture: roundPicture(st, round)}
	for _, s := range pv.Seats {
		b := pv.Scores[round-1][s.Seat]
		// The total as it stood after this round: not the final score when
		// the view is opened later, and no dessert before it is scored.
		total := 0
		for r := range round {
			total += pv.Scores[r][s.Seat].Total()
		}
		name := st.name(s.Seat)
		v.Fields = append(v.Fields, protocol.Field{Name: w.Say("render.sSThisRoundS", name, w.PointsSigned(b.Total()), w.Number(total)), Value: scoringText(w, b), Inline: true})
	}
	if !fits(v) {
		for k, s := range pv.Seats {
			v.Fields[k].Value = compactBreakdown(w, pv.Scores[round-1][s.Seat])
		}
		v.Footer = w.Say("render.scoresAndRulesCardExplain")
	}
	return v
}

var medals = []string{"🥇", "🥈", "🥉"}

func finalView(st *snapshot) protocol.View {
	w := st.w
	pv := st.game.PublicView()
	lines := standingLines(st)
	v := protocol.View{Screen: protocol.ScreenFinal, Title: w.Say("render.finalStandings"), Text: strings.Join(append(lines, finalNotes(st)...), "\n"), Tone: protocol.ToneOver,
		Picture: finalPicture(st, nil)}
	// Only the seats whose dessert scored: the totals above say the rest.
	var dessert []string
	for _, s := range pv.Seats {
		if t := scoringText(w, pv.Dessert[s.Seat]); pv.Dessert[s.Seat].Total() != 0 || t != w.Say("render.nothingScored") {
			if lookOf(st).dessertFieldEach {
				// A fruit dessert takes lines a seat: one field each.
				v.Fields = append(v.Fields, protocol.Field{Name: w.Say("render.dessertOf", st.name(s.Seat)), Value: t, Inline: true})
				continue
			}
			dessert = append(dessert, w.Label(st.name(s.Seat), t))
		}
	}
	if len(dessert) > 0 {
		v.Fields = append(v.Fields, protocol.Field{Name: w.Say("render.dessert"), Value: strings.Join(dessert, "\n")})
	}
	row := []protocol.Button{{Label: w.Say("button.rematch"), Emoji: "🔁", ActionID: protocol.ActionID(protocol.Rematch{Game: st.ID}), Style: protocol.Primary}}
	if st.game.Over() {
		// Only a game played to its end is reviewed (review.go).
		row = append(row, protocol.Button{Label: w.Say("button.review"), Emoji: "🔍", ActionID: protocol.ActionID(protocol.Review{Game: st.ID})})
	}
	v.Rows = [][]protocol.Button{row}
	return v
}

// standingLines are the final places, one line a seat.
// winnerLine says who won and by how much ("🎉 Ann wins by 3 points."),
// or who share the win; "" for a game of one seat.
func winnerLine(st *snapshot) string {
	w := st.w
	pv := st.game.PublicView()
	var firsts []string
	for _, s := range pv.Standings {
		if s.Place == 1 {
			firsts = append(firsts, st.name(s.Seat))
		}
	}
	switch {
	case len(firsts) > 1:
		return w.Say("render.sharedWin", strings.Join(firsts, w.Say("render.sharedWinAnd")))
	case len(pv.Standings) < 2:
		return ""
	}
	first, r := pv.Standings[0], pv.Standings[1]
	if margin := first.Score - r.Score; margin > 0 {
		return w.Say("render.winsBy", agree(w, st.name(first.Seat), "verb.wins"), w.Count("pointLead", margin))
	}
	return w.Say("render.sOnTheTieBreak", agree(w, st.name(first.Seat), "verb.wins"))
}

func standingLines(st *snapshot) []string {
	w := st.w
	pv := st.game.PublicView()
	var lines []string
	for _, s := range pv.Standings {
		m := "  "
		if s.Place <= len(medals) {
			m = medals[s.Place-1]
		}
		l := w.Say("final.standingLine", m, s.Place, st.name(s.Seat), s.Score, lookOf(st).desserts(w, s))
		if s.Shared {
			l += w.Say("render.sharedPlace")
		}
		lines = append(lines, l)
	}
	return lines
}

// tieLines say, one line per tied score, how the desserts broke the tie,
// however many share it.
func tieLines(w words.Lang, standings []engine.Standing, name func(int) string, lk look) []string {
	var lines []string
	for i := 0; i < len(standings); {
		j := i + 1
		for j < len(standings) && standings[j].Score == standings[i].Score {
			j++
		}
		tied := standings[i:j]
		i = j
		if len(tied) < 2 {
			continue
		}
		var names, counts []string
		broken, you := false, false
		for _, s := range tied {
			t := lk.tally(s)
			n, c := name(s.Seat), itoa(t)
			broken = broken || t != lk.tally(tied[0])
			if n == w.You() { // the terminal's player: "You tied with Ann", counts first
				you, counts = true, append([]string{c}, counts...)
				continue
			}
			names, counts = append(names, n), append(counts, c)
		}
		if !broken {
			continue
		}
		key := words.Key("render.sTiedOnDPoints")
		if you {
			key += ".you"
		}
		lines = append(lines, w.Say(key, w.List(names), tied[0].Score, w.Say(lk.tieBreak), strings.Join(counts, w.Say("render.vs"))))
	}
	return lines
}

// finalNotes explain the standings: tie-breaks, the winner's margin, each
// player's rounds adding up to their total.
func finalNotes(st *snapshot) []string {
	w := st.w
	pv := st.game.PublicView()
	var lines []string
	lines = append(lines, tieLines(w, pv.Standings, st.name, lookOf(st))...)
	if l := winnerLine(st); l != "" {
		lines = append(lines, l)
	}
	if st.people() < 2 {
		lines = append(lines, w.Say("render.aPracticeGameNotRated"))
	}
	// Each player's rounds and dessert, adding up to the total.
	for _, s := range pv.Standings {
		var parts []string
		for r := range pv.Scores {
			parts = append(parts, itoa(pv.Scores[r][s.Seat].Total()))
		}
		if d := pv.Dessert[s.Seat].Total(); d != 0 {
			// A dessert that scored nothing is no part of the sum.
			parts = append(parts, w.Say("render.dessertPoints", w.PointsSigned(d)))
		}
		lines = append(lines, w.Label(st.name(s.Seat), fmt.Sprintf("%s = %s", strings.Join(parts, " · "), w.Number(s.Score))))
	}
	return lines
}

func scoresView(st *snapshot) protocol.View {
	w := st.w
	if st.game == nil {
		return protocol.View{Text: w.Say("render.theGameHasnTStarted"), Tone: protocol.ToneInfo}
	}
	pv := st.game.PublicView()
	v := protocol.View{Screen: protocol.ScreenScores, Title: w.Say("render.scoresSoFar"), Tone: protocol.ToneScore}
	// The round under way, scored as if it ended now: what each seat's
	// cards are worth so far (desserts still wait for the end).
	var now []engine.Breakdown
	if !pv.Over && pv.Round > len(pv.Scores) {
		now = projected(pv)
		v.Text = w.Say("render.roundDIsUnderWay", pv.Round)
	}
	// A big table's full breakdowns overflow a chat message: then one line
	// a round, each category as its symbol and points.
	type lines struct {
		round   func(r int, soFar bool, b engine.Breakdown) string
		dessert func(b engine.Breakdown) string
	}
	full := lines{
		func(r int, soFar bool, b engine.Breakdown) string {
			name := w.Say("render.roundN", r)
			if soFar {
				name = w.Say("render.roundNSoFar", r)
			}
			return fmt.Sprintf("**%s** (%s)\n%s", name, w.PointsSigned(b.Total()), breakdownText(w, b))
		},
		func(b engine.Breakdown) string { return "**" + w.Say("render.dessert") + "**\n" + breakdownText(w, b) },
	}
	compact := lines{
		func(r int, _ bool, b engine.Breakdown) string {
			return fmt.Sprintf("**%s** %s: %s", w.Say("render.roundShort", r), w.PointsSigned(b.Total()), compactBreakdown(w, b))
		},
		func(b engine.Breakdown) string {
			return "**" + w.Say("render.dessert") + "**: " + compactBreakdown(w, b)
		},
	}
	seatScores := func(seat int, l lines) string {
		var parts []string
		for r, round := range pv.Scores {
			parts = append(parts, l.round(r+1, false, round[seat]))
		}
		if pv.Over {
			parts = append(parts, l.dessert(pv.Dessert[seat]))
		}
		if now != nil {
			parts = append(parts, l.round(pv.Round, true, now[seat]))
		}
		return strings.Join(parts, "\n")
	}
	if len(pv.Scores) > 0 || now != nil {
		for _, s := range pv.Seats {
			v.Fields = append(v.Fields, protocol.Field{Name: w.Say("scores.seatField", st.name(s.Seat), s.Score), Value: seatScores(s.Seat, full), Inline: true})
		}
	}
	if !fits(v) {
		for k, s := range pv.Seats {
			v.Fields[k].Value = seatScores(s.Seat, compact)
		}
		v.Footer = w.Say("render.rulesCardExplainsACategory")
	}
	return v
}

// fits reports whether a view stays within what every platform shows in
// one message: 1,000 characters a field and 5,500 in all.
func fits(v protocol.View) bool {
	total := len([]rune(v.Title)) + len([]rune(v.Text))
	for _, f := range v.Fields {
		n := len([]rune(f.Value))
		if n > 1000 {
			return false
		}
		total += n + len([]rune(f.Name))
	}
	return total <= 5500
}

// compactBreakdown is a breakdown on one line: "🍥+6 🍤+5 🐟0".
func compactBreakdown(w words.Lang, b engine.Breakdown) string {
	ls := b.Lines()
	if len(ls) == 0 {
		return "—"
	}
	var out []string
	for _, l := range ls {
		out = append(out, fmt.Sprintf("%s%s", l.Category.Emoji(), w.PointsSigned(l.Points)))
	}
	return strings.Join(out, " ")
}

func helpView(w words.Lang, style protocol.CommandStyle) protocol.View {
	key := "help.typed"
	if style == protocol.SlashOptions {
		// Typed options and no typed picks (Discord): the buttons do it.
		key = "help.slashOptions"
	}
	text := strings.Join([]string{w.Say(key), w.Say("help.levels"), w.Say("help.rated", boards.SettlesAfter(w))}, "\n")
	return protocol.View{Screen: protocol.ScreenHelp, Title: w.Say("render.sushiGoCommands"), Tone: protocol.ToneInfo, Text: text}
}

// projected scores the round under way as if it ended now, from what the
// public view shows (engine.ScoreRound is pure for this).
func projected(pv engine.PublicView) []engine.Breakdown {
	rt := make([]engine.RoundTableau, len(pv.Seats))
	for i, s := range pv.Seats {
		rt[i] = engine.RoundTableau{Cards: s.Tableau, UramakiPoints: s.UramakiPoints, UramakiPlace: s.UramakiPlace}
	}
	out := make([]engine.Breakdown, len(rt))
	engine.ScoreRound(pv.Settings, rt, max(pv.UramakiNext, 1), out)
	return out
}

// ratedLine says in the lobby whether the game will be rated.
func ratedLine(st *snapshot) string {
	w := st.w
	if st.people() >= 2 {
		return w.Say("render.ratedOnceTheFirstRound")
	}
	return w.Say("render.practiceWithOnePersonThe")
}

// controlsTheDummy says who chooses the dummy's card this turn.
func controlsTheDummy(w words.Lang, name string) string {
	if name == w.You() {
		return w.Say("table.youControlTheDummy")
	}
	return w.Say("table.controlsTheDummy", name)
}
