package console

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"

	"github.com/sushigo/sushigo/protocol"
)

var seatColours = []lipgloss.Color{"12", "9", "10", "11", "13", "14", "208", "141"}

var (
	titleStyle = lipgloss.NewStyle().Bold(true)
	boxStyle   = lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).Padding(0, 1)
	cardStyle  = lipgloss.NewStyle().Border(lipgloss.NormalBorder()).Padding(0, 1)
	// controlStyle is a button beside cards that is not one: as tall, no border.
	controlStyle = lipgloss.NewStyle().Border(lipgloss.HiddenBorder()).Padding(0, 1).Italic(true)
	// The chosen card has a thick border: visible without colour too
	// (NO_COLOR), where a coloured border would look like any other.
	cursorStyle = lipgloss.NewStyle().Border(lipgloss.ThickBorder()).Padding(0, 1).BorderForeground(lipgloss.Color("10")).Bold(true)
	dimStyle    = lipgloss.NewStyle().Faint(true)
)

// syncPanel gives the panel on screen its size and, for a new one, its
// text from the top.
func (m *tui) syncPanel() {
	w := max(40, m.w)
	m.panel.Width, m.panel.Height = w-4, max(3, m.ht-4)
	if len(m.queue) == 0 {
		m.panelOf = ""
		return
	}
	v := m.queue[0]
	body := lipgloss.NewStyle().Width(w - 4).Render(plainText(strings.TrimRight(viewBody(v), "\n")))
	key := fmt.Sprintf("%d/%s/%d/%d", len(m.queue), v.Title, len(body), w)
	if key != m.panelOf {
		m.panel.SetContent(body)
		m.panel.GotoTop()
		m.panelOf = key
	}
	// A short panel is as tall as its text; a long one scrolls.
	m.panel.Height = min(m.panel.Height, strings.Count(body, "\n")+1)
}

// View is the screen: never more lines than it has, and no newline after
// the last, which the terminal would scroll the first line away for.
func (m *tui) View() string {
	if m.err != nil {
		return m.lang.Say("console.tui_view.error", m.err.Error())
	}
	w := max(40, m.w)
	if len(m.queue) > 0 {
		return strings.TrimSuffix(m.panelFrame(w), "\n")
	}
	return strings.TrimSuffix(m.frame(w), "\n")
}

// panelFrame is the first queued panel, scrollable, over the whole screen.
func (m *tui) panelFrame(w int) string {
	more := m.lang.Say("console.tui_view.enterNextDMore", len(m.queue)-1)
	if len(m.queue) == 1 {
		more = m.lang.Say("console.tui_view.enterBackToTheGame")
	}
	switch {
	case !m.panel.AtBottom():
		more = m.lang.Say("console.tui_view.scrollEnterMoreDEsc", int(m.panel.ScrollPercent()*100))
	case !m.panel.AtTop():
		more = m.lang.Say("console.tui_view.scrollBack", more)
	}
	// The game's name only: the table's round and turn run ahead of a
	// reveal still being shown, and the panel says which turn it is.
	name, _, _ := strings.Cut(plainText(m.table.Title), " — ")
	out := []string{
		fitLine(titleStyle.Render(name), w),
		boxStyle.Width(w - 2).Render(m.panel.View()),
		fitLine(dimStyle.Render(more), w),
	}
	return strings.Join(out, "\n") + "\n"
}

// frame is the table and the hand, fitted to the screen: seats boxed where
// there is room, a line each where there is not; then the rule of the card
// under the cursor, the table's notes
// go, the cards lose their borders, the seats are cut (s shows them all)
// and the hand's notes go, in that order, before anything is cropped.
func (m *tui) frame(w int) string {
	head := []string{fitLine(titleStyle.Render(plainText(m.table.Title)), w)}
	var notes []string
	if t := plainText(m.table.Text); t != "" {
		notes = append(notes, lipgloss.NewStyle().Width(w).Render(t))
	}
	if m.table.Footer != "" {
		notes = append(notes, dimStyle.Width(w).Render(plainText(m.table.Footer)))
	}
	var about []string // the hand's title, text and fields
	if m.hand.Title != "" {
		title := plainText(m.hand.Title)
		if left, ok := m.timeLeft(); ok {
			title += " · " + m.lang.Say("console.tui_view.secondsLeft", int(left.Round(time.Second)/time.Second))
		}
		about = append(about, titleStyle.Render(title), lipgloss.NewStyle().Width(w).Render(plainText(m.hand.Text)))
		for _, f := range m.hand.Fields {
			about = append(about, lipgloss.NewStyle().Width(w).Render(plainText(m.lang.Label(f.Name, f.Value))))
		}
	}
	list := m.chooser(w, 1<<20)
	cards := m.cards(w)
	var foot []string
	if m.status != "" {
		foot = append(foot, lipgloss.NewStyle().Width(w).Render(m.status))
	}
	foot = append(foot, dimStyle.Render(m.keyLine(w)))
	seats := m.seats(w)
	var rule []string // the rule of the card under the cursor
	if bs := m.buttons(); !m.onList && m.cursor < len(bs) && !bs[m.cursor].Disabled {
		if r := protocol.ButtonRule(bs[m.cursor].ActionID, m.lang); r != "" {
			rule = []string{dimStyle.Width(w).Render(plainText(r))}
		}
	}
	tall := func() int {
		return lines(head) + lines(seats) + lines(notes) + lines(about) + lines(list) + lines(cards) + lines(rule) + lines(foot)
	}
	if tall() > m.ht {
		rule = nil // help explains every card too
	}
	if !m.seatLines1 && m.table.Screen != protocol.ScreenLobby && len(m.table.Fields) > 0 {
		// Boxes only if they would still fit with every tableau full and,
		// in Party, a question with its list under the hand: else the
		// table starts as lines, rather than jump from boxes to lines
		// mid-game as the tableaux grow or a takeout box asks.
		now := seats
		seats = m.seatsAtWorst(w)
		reserve := 0
		if m.opts.Party {
			reserve = partyReserve
		}
		if m.status == "" {
			reserve++ // a notice may come (a refusal, the end's question)
		}
		m.seatLines1 = tall()+reserve > m.ht
		seats = now
	}
	if m.seatLines1 || tall() > m.ht {
		// Once a game's seats needed a line each on this screen, they
		// keep to lines: boxes coming back as a round's tableaux empty
		// made the table jump from one layout to the other.
		seats, m.seatLines1 = m.seatLines(w), true
	}
	if tall() > m.ht {
		notes = nil
	}
	if m.cardLines1 || tall() > m.ht {
		// As the seats: boxes coming back as a round's hand shrinks made
		// the cards jump from one layout to the other every round.
		cards, m.cardLines1 = m.cardLines(w), len(m.buttons()) > 0
	}
	if over := tall() - m.ht; over > 0 {
		all := strings.Split(strings.Join(seats, "\n"), "\n")
		keep := max(0, len(all)-over-1)
		seats = append(all[:keep], dimStyle.Render(m.lang.Say("console.tui_view.sShowsEverySeatS")))
		if keep == 0 {
			seats = nil
		}
	}
	if tall() > m.ht && len(about) > 2 {
		about = about[:2] // the hand's title and its question: what is in front of you is on the table
	}
	if over := tall() - m.ht; over > 0 && len(list) > 0 {
		list = m.chooser(w, len(list)-over-4) // less its heading, hint and two "more" lines
	}
	if tall() > m.ht && len(about) > 1 {
		about = about[:1]
	}
	out := append(append(append(append(append(append(append(head, seats...), notes...), about...), list...), cards...), rule...), foot...)
	return strings.Join(out, "\n") + "\n"
}

// lines counts the screen lines of rendered blocks.
func lines(blocks []string) int {
	n := 0
	for _, b := range blocks {
		n += strings.Count(b, "\n") + 1
	}
	return n
}

// cutLine keeps a line within w columns.
func cutLine(s string, w int) string { return lipgloss.NewStyle().MaxWidth(w).Render(s) }

// fitLine keeps a line within w columns and ends one it cut with "…", so
// that what is cut off is not lost unsaid.
func fitLine(s string, w int) string {
	if lipgloss.Width(s) <= w {
		return s
	}
	return cutLine(s, w-1) + "…"
}

// keyLine says what the keys do now, in w columns: where they do not all
// fit, the ones help also lists go first, so help and quit always show.
func (m *tui) keyLine(w int) string {
	var keys []string
	switch {
	case m.confirmEnd:
		keys = []string{m.lang.Say("console.tui_view.yEndTheGame"), m.lang.Say("console.tui_view.anyOtherKeyPlayOn")}
	case m.onList:
		keys = []string{m.lang.Say("console.tui_view.upDownMove"), m.lang.Say("console.tui_view.spaceTick"), m.lang.Say("console.tui_view.enterConfirm"), m.lang.Say("console.tui_view.tabButtons"), m.lang.Say("console.tui_view.help"), m.lang.Say("console.tui_view.quit")}
	case m.over():
		keys = []string{m.lang.Say("console.tui_view.leftRightChoose"), m.lang.Say("console.tui_view.enterPress"), m.lang.Say("console.tui_view.nNewGame"), m.lang.Say("console.tui_view.lLastRound"), m.lang.Say("console.tui_view.scores"), m.lang.Say("console.tui_view.help"), m.lang.Say("console.tui_view.quit")}
	case m.table.Screen == protocol.ScreenLobby:
		keys = []string{m.lang.Say("console.tui_view.leftRightOrNumberChoose"), m.lang.Say("console.tui_view.enterPress"), m.lang.Say("console.tui_view.help"), m.lang.Say("console.tui_view.quit")}
	default:
		keys = []string{m.lang.Say("console.tui_view.leftRightOrNumberChoose"), m.lang.Say("console.tui_view.enterPlay"), m.lang.Say("console.tui_view.scores"), m.lang.Say("console.tui_view.log"), m.lang.Say("console.tui_view.end"), m.lang.Say("console.tui_view.help"), m.lang.Say("console.tui_view.quit")}
	}
	line := strings.Join(keys, " · ")
	for lipgloss.Width(line) > w && len(keys) > 3 {
		keys = slices.Delete(keys, len(keys)-3, len(keys)-2) // the last before help
		line = strings.Join(keys, " · ")
	}
	return fitLine(line, w)
}

// viewBody is a view's text and fields, without its title and buttons.
func viewBody(v protocol.View) string {
	b := v.Title + "\n"
	if v.Text != "" {
		b += v.Text + "\n"
	}
	for _, f := range v.Fields {
		b += f.Name + "\n" + f.Value + "\n"
	}
	return b
}

// seats lays out every seat's tableau in boxes, as many to a row as fit
// and as wide as the screen allows, the boxes of a row of one height.
func (m *tui) seats(w int) []string { return m.seatBoxes(w, m.table.Fields) }

// fullTableau is a seat's tableau late in a round, at its widest: what the
// boxes must hold for the layout to stay boxes all game.
var fullTableau = strings.TrimSpace(strings.Repeat("🍣×2 ", 10))

// partyReserve is the lines a Party question (a spoon's, a takeout box's)
// may add under the hand: its words and a short list.
const partyReserve = 8

// seatsAtWorst is the seats in boxes as late in a round they could be.
func (m *tui) seatsAtWorst(w int) []string {
	fields := slices.Clone(m.table.Fields)
	for i := range fields {
		fields[i].Value = fullTableau
	}
	return m.seatBoxes(w, fields)
}

func (m *tui) seatBoxes(w int, fields []protocol.Field) []string {
	n := len(fields)
	if n == 0 {
		return nil
	}
	per := max(1, min(n, w/28))
	boxW := w/per - 2
	var rows []string
	for start := 0; start < n; start += per {
		var row []string
		var texts []string
		high := 0
		for i := start; i < min(n, start+per); i++ {
			f := fields[i]
			t := lipgloss.NewStyle().Width(boxW - 2).Render(plainText(f.Name + "\n" + f.Value))
			texts = append(texts, t)
			high = max(high, strings.Count(t, "\n")+1)
		}
		for k, t := range texts {
			// A colour per player, where the terminal has colours.
			st := boxStyle.BorderForeground(seatColours[(start+k)%len(seatColours)])
			row = append(row, st.Width(boxW).Height(high).Render(t))
		}
		rows = append(rows, lipgloss.JoinHorizontal(lipgloss.Top, row...))
	}
	return rows
}

// seatLines is every seat on one line: name, score, tableau.
func (m *tui) seatLines(w int) []string {
	var out []string
	for _, f := range m.table.Fields {
		line := plainText(m.lang.Label(f.Name, strings.ReplaceAll(f.Value, "\n", " · ")))
		if m.table.Screen == protocol.ScreenLobby {
			// A lobby's fields are its players and settings, not seats
			// whose score s shows: they wrap rather than lose a name.
			out = append(out, lipgloss.NewStyle().Width(w).Render(line))
			continue
		}
		out = append(out, fitLine(line, w))
	}
	return out
}

// chooser draws the hand's list: a spoon's exact cards, a takeout box's
// flips (ticked or not), a custom menu's types.
func (m *tui) chooser(w, rows int) []string {
	sel, ok := m.list()
	if !ok {
		return nil
	}
	multi := sel.Max > 1
	out := []string{plainText(m.lang.Heading(sel.Placeholder))}
	// A long list shows a window of rows around the chosen one.
	first, last := 0, len(sel.Options)
	if rows < last {
		rows = max(rows, 3)
		first = min(max(0, m.row-rows/2), len(sel.Options)-rows)
		last = first + rows
	}
	if first > 0 {
		out = append(out, dimStyle.Render("  "+m.lang.Say("console.tui_view.moreAbove", first)))
	}
	for i := first; i < last; i++ {
		o := sel.Options[i]
		mark := "  "
		if m.onList && i == m.row {
			mark = "▶ "
		}
		box := ""
		if multi {
			box = "[ ] "
			if m.ticked[o.Value] {
				box = "[x] "
			}
		}
		// Options that carry their number already (a takeout box's "1.
		// Pudding") keep it: one number a card, the one its key presses.
		label, numbered := strings.CutPrefix(plainText(o.Label), fmt.Sprintf("%d. ", i+1))
		if !numbered {
			label = plainText(strings.TrimSpace(o.Emoji + " " + o.Label))
		}
		out = append(out, fitLine(fmt.Sprintf("%s%s%d %s", mark, box, i+1, label), w))
	}
	if last < len(sel.Options) {
		out = append(out, dimStyle.Render("  "+m.lang.Say("console.tui_view.moreBelow", len(sel.Options)-last)))
	}
	if multi {
		out = append(out, dimStyle.Render(fitLine(m.lang.Say("console.tui_view.spaceOrANumberTicks", len(m.tickedValues(sel))), w)))
	} else {
		out = append(out, dimStyle.Render(fitLine(m.lang.Say("console.tui_view.orANumberThenEnter"), w)))
	}
	return out
}

// buttonKey is the number key that chooses the i-th button: 1–9, 0 for the
// tenth. None while the hand has a list: the number keys are its rows'.
func (m *tui) buttonKey(i int) string {
	if _, listed := m.list(); listed {
		return ""
	}
	switch {
	case i == 9:
		return "0"
	case i > 9:
		return "·"
	}
	return strconv.Itoa(i + 1)
}

// cards draws the buttons as cards, numbered, the chosen one highlighted.
func (m *tui) cards(w int) []string {
	bs := m.buttons()
	// Among cards, a control (Hint, Flip nothing) is no card: it has no
	// card's border, so it is not taken for one.
	cardsHere := slices.ContainsFunc(bs, func(b protocol.Button) bool { return b.Colour != "" })
	var rows []string
	var row []string
	width := 0
	for i, b := range bs {
		label := fitLine(strings.TrimSpace(m.buttonKey(i)+" "+strings.TrimSpace(b.Emoji+" "+b.Label)), w-4)
		st := cardStyle
		if cardsHere && b.Colour == "" {
			st = controlStyle
		}
		if i == m.cursor && !m.onList {
			st = cursorStyle
		}
		switch {
		case b.Disabled:
			st = st.Faint(true)
		case b.Colour != "":
			// The card type's colour, where the terminal has colours.
			st = st.BorderForeground(lipgloss.Color(b.Colour))
		}
		c := st.Render(label)
		if cw := lipgloss.Width(c); width+cw > w && len(row) > 0 {
			rows = append(rows, lipgloss.JoinHorizontal(lipgloss.Top, row...))
			row, width = nil, 0
		}
		row = append(row, c)
		width += lipgloss.Width(c)
	}
	if len(row) > 0 {
		rows = append(rows, lipgloss.JoinHorizontal(lipgloss.Top, row...))
	}
	return rows
}

// cardLines draws the buttons on as few lines as fit, without borders,
// the chosen one marked: for a small screen.
func (m *tui) cardLines(w int) []string {
	var out []string
	line := ""
	for i, b := range m.buttons() {
		c := " " + strings.TrimSpace(m.buttonKey(i)+" "+strings.TrimSpace(b.Emoji+" "+b.Label)) + " "
		if i == m.cursor && !m.onList {
			c = cursorLine.Render("▶" + c[1:])
		}
		if line != "" && lipgloss.Width(line)+lipgloss.Width(c)+1 > w {
			out = append(out, line)
			line = ""
		}
		if line != "" {
			line += "│"
		}
		line += c
	}
	if line != "" {
		out = append(out, fitLine(line, w))
	}
	return out
}

// cursorLine marks the chosen button on a line of buttons.
var cursorLine = lipgloss.NewStyle().Bold(true).Reverse(true)

// timeLeft is how long the choice on screen has before the turn timer
// chooses for you: the game's timer from when this choice first showed,
// on the host's clock (which stands still during panels). ok is false
// without a timer, without a choice, or once the game is over.
func (m *tui) timeLeft() (time.Duration, bool) {
	if m.opts.Timer <= 0 || m.turnAt.IsZero() || m.over() || len(m.hand.Buttons()) == 0 || lockedIn(m.hand) {
		return 0, false
	}
	if !m.hand.Due.IsZero() {
		// The host's deadline: the turn began before its hand showed
		// here (a reveal read, bots thinking), and the host chooses then.
		return max(0, m.hand.Due.Sub(m.now())), true
	}
	return max(0, time.Duration(m.opts.Timer)*time.Second-m.now().Sub(m.turnAt)), true
}

// now is the host's clock when the game was given one, else the wall's.
func (m *tui) now() time.Time {
	if m.clock != nil {
		return m.clock.Now()
	}
	return time.Now()
}

// lockedIn reports whether hand is a pick locked in: its only buttons
// change the pick.
func lockedIn(hand protocol.View) bool {
	for _, b := range hand.Buttons() {
		if a, err := protocol.ParseActionID(b.ActionID); err != nil {
			return false
		} else if _, ok := a.(protocol.Change); !ok {
			return false
		}
	}
	return true
}
