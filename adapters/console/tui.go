package console

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// This file is the interactive terminal game, on Bubble Tea: the same host
// and the same views as the line mode, laid out for a screen (tui_view.go
// draws it). The hand is a row of cards chosen with the arrow keys (or a
// card's number) and Enter; a decision with a list (a spoon's exact cards,
// a takeout box's flips) is a chooser above them. Every reveal, round score
// and the final table wait for a key in a panel that scrolls, so nothing
// is cut or scrolls away unread.

// tui is the Bubble Tea model.
type tui struct {
	ctx   context.Context
	h     Host
	me    protocol.User
	opts  protocol.Options
	lang  words.Lang // what the player reads and the game writes in
	timer Ticker
	// clock, when set, is the host's clock: it stands still while a panel
	// is open (WithClock). turnAt is when the choice on screen first
	// showed, on that clock, for its countdown (timeLeft).
	clock  *Clock
	turnAt time.Time
	// seatLines1 is set once the seats needed a line each (too tall as
	// boxes) in this game at this size: they stay so (frame).
	seatLines1 bool
	// cardLines1 is the same for the hand's cards: once they needed
	// lines (a round's first, largest hand), they stay lines.
	cardLines1 bool
	w, ht      int

	table  protocol.View   // the latest table (or lobby)
	hand   protocol.View   // the latest private hand or prompt
	queue  []protocol.View // reveals, scores, help and the final table, one at a time
	status string          // the latest notice (a refusal, an answer to a command)
	cursor int             // the button chosen
	// digit is the first digit of a list's row number while a second may
	// follow (a spoon's list runs past 9): 1 then 2 is row 12.
	digit string
	err   error
	done  bool

	// panel scrolls the first queued view; panelOf names what it holds,
	// so a new panel starts at its top.
	panel   viewport.Model
	panelOf string
	// confirmEnd is set while `e` waits for its confirmation.
	confirmEnd bool
	// log is this round's reveals, for `l`, and handed each hand you were
	// handed this game, by its round and turn.
	log    []protocol.View
	handed map[[2]int]string
	// The hand's list (Select): the row chosen, what is ticked in a list
	// of several, and whether the keys move in the list or the buttons.
	row    int
	ticked map[string]bool
	onList bool
}

// Ticker is the host's timer loop (bot.Bot.Tick).
type Ticker func(ctx context.Context) ([]protocol.Outbound, error)

// NewTUI returns the interactive terminal game for me, opening a game with
// opts (or resuming the saved one). With tick, the host's timers run every
// second, so a turn timer fires while you think.
func NewTUI(ctx context.Context, h Host, me protocol.User, opts protocol.Options, tick Ticker, options ...Option) tea.Model {
	h.AddPlatform(Where.Platform, Platform)
	m := &tui{ctx: ctx, h: h, me: me, opts: opts, timer: tick, w: 80, ht: 24, panel: viewport.New(78, 20)}
	for _, o := range options {
		o(m)
	}
	return m
}

// Option configures the terminal game.
type Option func(*tui)

// WithClock makes the game stop c, the host's clock, while a panel hides
// your hand, and start it again when you are back at your hand.
func WithClock(c *Clock) Option { return func(m *tui) { m.clock = c } }

// WithLang is the language the player reads and the game writes in.
func WithLang(l words.Lang) Option { return func(m *tui) { m.lang = l } }

// startMsg opens or resumes the game once the program runs; tickMsg runs
// the host's timers.
type (
	startMsg struct{}
	tickMsg  struct{}
)

func (m *tui) Init() tea.Cmd {
	start := func() tea.Msg { return startMsg{} }
	if m.timer == nil {
		return start
	}
	return tea.Batch(start, m.nextTick())
}

func (m *tui) nextTick() tea.Cmd {
	return tea.Tick(time.Second, func(time.Time) tea.Msg { return tickMsg{} })
}

// holdClock stops the host's clock while a panel is open, and only then.
func (m *tui) holdClock() {
	if m.clock != nil {
		m.clock.hold(len(m.queue) > 0)
	}
}

// timers runs the host's timers and shows what they say about this table.
func (m *tui) timers() {
	out, err := m.timer(m.ctx)
	if err != nil {
		m.err = fmt.Errorf("console: %w", err)
		return
	}
	for _, o := range out {
		if o.Where == Where {
			resp := o.Response
			resp.Game = o.Game
			m.show(resp)
		}
	}
}

func (m *tui) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	defer m.holdClock()
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.w, m.ht, m.seatLines1, m.cardLines1 = msg.Width, msg.Height, false, false
	case startMsg:
		m.start()
	case tickMsg:
		m.timers()
		m.syncPanel()
		if m.err != nil || m.done {
			return m, tea.Quit
		}
		return m, m.nextTick()
	case tea.KeyMsg:
		cmd := m.key(msg)
		m.syncPanel()
		return m, cmd
	}
	m.syncPanel()
	if m.err != nil || m.done {
		return m, tea.Quit
	}
	return m, nil
}

func (m *tui) start() {
	running, err := m.h.Running(m.ctx, Where)
	if err != nil {
		m.err = err
		return
	}
	if running {
		m.send(protocol.Status{})
		m.send(protocol.ShowHand{})
		m.status = m.lang.Say("console.tui.resumedYourSavedGame")
		return
	}
	m.newGame()
}

// newGame opens a game with the options play was given and deals it.
func (m *tui) newGame() {
	m.hand, m.queue, m.seatLines1, m.cardLines1, m.log, m.handed = protocol.View{}, nil, false, false, nil, nil
	m.send(newGame(m.opts))
	m.send(protocol.Start{})
}

func (m *tui) key(k tea.KeyMsg) tea.Cmd {
	s := k.String()
	if s == "ctrl+c" || s == "q" {
		m.done = true
		return tea.Quit
	}
	if m.confirmEnd {
		m.confirmEnd = false
		if s == "y" {
			m.send(protocol.End{})
		} else {
			m.status = m.lang.Say("console.tui.theGameGoesOn")
		}
		return nil
	}
	if len(m.queue) > 0 {
		m.panelKey(s, k)
		return nil
	}
	switch s {
	case "?", "h", "f1":
		m.help()
		return nil
	case "esc":
		// Back: out of a list, else nothing to go back from.
		if m.onList {
			m.onList = false
		} else {
			m.status = m.lang.Say("console.tui.qQuitsYourGameIs")
		}
		return nil
	case "s":
		m.send(protocol.Scores{})
		return nil
	case "e":
		if m.table.Title != "" && !m.over() {
			m.confirmEnd = true
			m.status = m.lang.Say("console.tui.endThisGameForEveryone")
		} else {
			m.status = m.lang.Say("console.tui.noGameIsRunningN")
		}
		return nil
	case "n":
		if m.over() || m.table.Title == "" || len(m.buttons()) == 0 {
			m.newGame()
			return nil
		}
	case "r":
		if m.over() {
			// The game is over: r reviews it.
			m.send(protocol.Review{})
			return nil
		}
		m.send(protocol.ShowHand{})
		return nil
	}
	if sel, ok := m.list(); ok && m.listKey(s, sel) {
		return nil
	}
	bs := m.buttons()
	switch s {
	case "left":
		m.onList = false
		if m.cursor > 0 {
			m.cursor--
		}
	case "right":
		m.onList = false
		if m.cursor < len(bs)-1 {
			m.cursor++
		}
	case "enter", " ":
		if m.cursor < len(bs) {
			m.press(bs[m.cursor])
		}
	case "l":
		m.showLog()
	default:
		// A number chooses; Enter plays. The bots answer at once, so a
		// pick is final the moment it is sent: a stray key must not be.
		if _, listed := m.list(); listed {
			break // the list's rows take the numbers (listKey)
		}
		if n, ok := number(s); ok && n <= len(bs) {
			m.onList, m.cursor = false, n-1
			b := bs[n-1]
			m.status = m.lang.Say("console.enterToChange", plainText(strings.TrimSpace(b.Emoji+" "+b.Label)))
		} else if ok && len(bs) > 0 {
			m.status = m.lang.Say("console.tui.thereIsNoButtonD", n, len(bs))
		}
	}
	return nil
}

// showLog opens this round's reveals so far as one panel: who played
// what, turn by turn.
func (m *tui) showLog() {
	if len(m.log) == 0 {
		m.status = m.lang.Say("console.tui.noCardHasBeenRevealed")
		return
	}
	var b strings.Builder
	for _, v := range m.log {
		if h := m.handed[[2]int{v.Round, v.Turn}]; h != "" {
			b.WriteString(m.lang.Say("console.youWereHanded", h) + "\n")
		}
		b.WriteString(viewBody(v))
	}
	title := m.lang.Say("console.tui.thisRoundSoFar")
	if m.over() {
		title = m.lang.Say("console.tui.theLastRoundTurnBy") // the recap of a game just played
	}
	m.queue = append([]protocol.View{{Screen: protocol.ScreenHelp, Title: title, Text: strings.TrimRight(b.String(), "\n")}}, m.queue...)
}

// number reads a button key: 1–9, then 0 for the tenth.
func number(s string) (int, bool) {
	if s == "0" {
		return 10, true
	}
	n, err := strconv.Atoi(s)
	return n, err == nil && n >= 1 && n <= 9
}

// panelKey scrolls the panel on screen or moves past it.
func (m *tui) panelKey(s string, k tea.KeyMsg) {
	switch s {
	case "enter", " ", "right", "esc":
		if (s == "enter" || s == " ") && !m.panel.AtBottom() {
			// The rest of a long panel first: Enter used to leave the
			// final standings at 0 %, their breakdown unseen.
			m.panel.ViewDown()
			return
		}
		if v := m.queue[0]; len(v.Buttons()) > 0 {
			// The final standings stay on screen with their Rematch.
			m.hand, m.cursor = v, 0
		}
		m.queue = m.queue[1:]
	case "s":
		if m.queue[0].Screen == protocol.ScreenReveal || m.queue[0].Screen == protocol.ScreenRoundScores {
			m.send(protocol.Scores{})
		}
	default:
		m.panel, _ = m.panel.Update(k)
	}
}

// help opens the keys and the rules of this game's cards as a panel.
func (m *tui) help() {
	resp, err := m.h.Handle(m.ctx, protocol.Request{Where: Where, Who: m.me, Action: protocol.Rules{}, FromPrivate: true, Lang: m.lang, PlaceLang: m.lang})
	rules := ""
	if err == nil && len(resp.Deliveries) > 0 {
		rules = "\n" + resp.Deliveries[0].View.Title + "\n" + resp.Deliveries[0].View.Text
	}
	m.queue = append([]protocol.View{{Screen: protocol.ScreenHelp, Title: m.lang.Say("console.help"), Text: m.lang.Say("console.keys") + rules}}, m.queue...)
}

// over reports whether the game shown has ended.
func (m *tui) over() bool { return m.table.Tone == protocol.ToneOver }

// list is the hand's list, if it has one.
func (m *tui) list() (protocol.Select, bool) {
	if len(m.hand.Selects) == 0 {
		return protocol.Select{}, false
	}
	return m.hand.Selects[0], true
}

// listKey handles a key meant for the hand's list, and reports whether it
// was one.
func (m *tui) listKey(s string, sel protocol.Select) bool {
	multi := sel.Max > 1
	switch s {
	case "up", "k":
		m.onList = true
		if m.row > 0 {
			m.row--
		}
	case "down", "j":
		m.onList = true
		if m.row < len(sel.Options)-1 {
			m.row++
		}
	case "tab":
		m.onList = !m.onList
	case " ":
		if !m.onList {
			return false
		}
		if multi {
			m.tick(sel, m.row)
		} else {
			m.choose(sel, []string{sel.Options[m.row].Value})
		}
	case "enter":
		if !m.onList {
			return false
		}
		if multi {
			ticked := m.tickedValues(sel)
			if len(ticked) == 0 {
				// A stray Enter must not send "nothing": that is a button
				// of its own, chosen on purpose.
				m.status = m.lang.Say("console.tui.nothingIsTickedSpaceTicks")
				return true
			}
			m.choose(sel, ticked)
		} else {
			m.choose(sel, []string{sel.Options[m.row].Value})
		}
	default:
		// The number keys are the list's while the hand has one (its
		// rows are numbered, its buttons not): one digit, or two where
		// the list runs past 9.
		if len(s) != 1 || s[0] < '0' || s[0] > '9' {
			m.digit = ""
			return false
		}
		m.onList = true
		if m.digit != "" {
			if n, _ := strconv.Atoi(m.digit + s); n >= 10 && n <= len(sel.Options) {
				if multi {
					m.tick(sel, m.row) // the first digit's row was a step on the way
				}
				m.digit = ""
				m.row = n - 1
				if multi {
					m.tick(sel, m.row)
				}
				return true
			}
		}
		n, _ := number(s) // 1–9, 0 for 10
		if n > len(sel.Options) {
			m.digit = ""
			m.status = m.lang.Say("console.tui.thereIsNoRowD", n, len(sel.Options))
			return true
		}
		m.row = n - 1
		m.digit = ""
		if s != "0" && n*10 <= len(sel.Options) {
			m.digit = s // 1 may begin 12
		}
		if multi {
			m.tick(sel, m.row)
		}
		return true
	}
	m.digit = ""
	return true
}

func (m *tui) tick(sel protocol.Select, i int) {
	v := sel.Options[i].Value
	m.ticked[v] = !m.ticked[v]
}

// tickedValues are the ticked options, in the list's order.
func (m *tui) tickedValues(sel protocol.Select) []string {
	var out []string
	for _, o := range sel.Options {
		if m.ticked[o.Value] {
			out = append(out, o.Value)
		}
	}
	return out
}

// choose sends the list's choice.
func (m *tui) choose(sel protocol.Select, values []string) {
	if len(values) < sel.Min {
		m.status = m.lang.Say("console.tui.tickAtLeastDFirst", sel.Min)
		return
	}
	a, err := protocol.ParseSelection(sel.ActionID, values)
	if err != nil {
		m.status = m.lang.Say("console.tui.thatChoiceIsNotPossible")
		return
	}
	m.send(a)
}

// buttons are what the keys press: the hand's, else the table's (Start,
// Rematch).
func (m *tui) buttons() []protocol.Button {
	if bs := m.hand.Buttons(); len(bs) > 0 {
		return bs
	}
	return m.table.Buttons()
}

func (m *tui) press(b protocol.Button) {
	if b.Disabled {
		m.status = m.lang.Say("console.notAvailableNow", plainText(b.Label))
		return
	}
	a, err := protocol.ParseActionID(b.ActionID)
	if err != nil {
		m.err = err
		return
	}
	m.send(a)
}

func (m *tui) send(a protocol.Action) {
	resp, err := m.h.Handle(m.ctx, protocol.Request{Where: Where, Who: m.me, Action: a, FromPrivate: true, Reply: protocol.Ref{ID: "console"},
		Lang: m.lang, PlaceLang: m.lang})
	if err != nil {
		m.err = fmt.Errorf("console: %w", err)
		return
	}
	m.status = ""
	m.show(resp)
	if _, ok := a.(protocol.End); ok {
		m.hand, m.queue = protocol.View{}, nil
	}
}

// show takes in what the host answered or its timers said.
func (m *tui) show(resp protocol.Response) {
	for _, d := range resp.Deliveries {
		v := keyed(d.View)
		if d.Slot != "" {
			if err := m.h.Remember(m.ctx, Where, resp.Game, d.Slot, protocol.Ref{ID: "console"}); err != nil {
				m.err = err
				return
			}
		}
		switch {
		case d.Kind == protocol.Delete:
		case !d.To.IsPublic() && d.To.User != m.me.ID:
		case isHand(v):
			m.setHand(v)
		case panelScreens[v.Screen]:
			m.queue = append(m.queue, v)
			m.record(v)
		case isTable(v):
			if v.Screen == protocol.ScreenLobby {
				// A new lobby (a rematch): the last game's hand and
				// its Rematch are gone; the lobby's buttons are the keys,
				// Start first: you host it, and are in it already.
				m.setHand(protocol.View{})
				m.log, m.handed = nil, nil // the last game's
				if m.table.Screen != protocol.ScreenLobby {
					for i, b := range v.Buttons() {
						if strings.Contains(b.ActionID, ":start:") {
							m.cursor = i
						}
					}
				}
			}
			m.table = v
		case v.Screen == protocol.ScreenPing && m.countingDown():
			// A turn timer's reminder: the hand's title counts the same
			// time down, live, where the reminder's figure would fall
			// behind it ("9 s left" above "14 seconds left").
		default:
			m.status = plainText(strings.TrimSpace(v.Title + " " + v.Text))
		}
	}
}

// countingDown reports whether the hand on screen shows its turn's time
// left.
func (m *tui) countingDown() bool { _, ok := m.timeLeft(); return ok }

// record keeps the round's reveals for the log (l), starting afresh with
// each round. The last round's stay after the game ends, for a look back
// at how it went; a new game starts a new log.
func (m *tui) record(v protocol.View) {
	if v.Screen == protocol.ScreenReveal {
		if len(m.log) > 0 && m.log[0].Round != v.Round {
			m.log = nil
		}
		m.log = append(m.log, v)
	}
}

// setHand shows a new hand, starting its chooser afresh when its choices
// changed: in its list, when it has one. The cards of a turn's first hand
// are kept for the log: what you were handed (you passed on the rest).
func (m *tui) setHand(v protocol.View) {
	if v.Screen == protocol.ScreenHand && v.Turn > 0 {
		var cards []string
		for _, b := range v.Buttons() {
			if b.Colour != "" { // a card, not a control
				cards = append(cards, plainText(strings.TrimSpace(b.Emoji+" "+b.Label)))
			}
		}
		if m.handed == nil {
			m.handed = map[[2]int]string{}
		}
		if at := [2]int{v.Round, v.Turn}; m.handed[at] == "" && len(cards) > 0 {
			m.handed[at] = strings.Join(cards, ", ")
		}
	}
	if v.Title != m.hand.Title {
		m.turnAt = m.now() // a new choice: its time starts now
	}
	if buttonsChanged(m.hand, v) || listChanged(m.hand, v) {
		m.cursor, m.row, m.ticked = 0, 0, map[string]bool{}
		m.onList = len(v.Selects) > 0
		// The first button that can be pressed (a chosen card is not).
		for i, b := range v.Buttons() {
			if !b.Disabled {
				m.cursor = i
				break
			}
		}
	}
	m.hand = v
}

// panelScreens are the views shown as a panel, one after another, each
// waiting for Enter.
var panelScreens = map[protocol.Screen]bool{protocol.ScreenReveal: true, protocol.ScreenRoundScores: true, protocol.ScreenFinal: true,
	protocol.ScreenScores: true, protocol.ScreenHelp: true, protocol.ScreenReview: true}

// isTable reports whether v is the table (or lobby).
func isTable(v protocol.View) bool {
	return v.Screen == protocol.ScreenTable || v.Screen == protocol.ScreenLobby
}

func buttonsChanged(a, b protocol.View) bool {
	x, y := a.Buttons(), b.Buttons()
	if len(x) != len(y) {
		return true
	}
	for i := range x {
		if x[i].ActionID != y[i].ActionID {
			return true
		}
	}
	return false
}

func listChanged(a, b protocol.View) bool {
	if len(a.Selects) != len(b.Selects) {
		return true
	}
	for i := range a.Selects {
		if a.Selects[i].ActionID != b.Selects[i].ActionID || len(a.Selects[i].Options) != len(b.Selects[i].Options) {
			return true
		}
	}
	return false
}

// commandKeys are the screen game's keys for the commands the host names
// in backticks ("Start a new one with `new`"): the screen game has keys,
// not a command line.
var commandKeys = []struct {
	re  *regexp.Regexp
	key string
}{
	{regexp.MustCompile("`(new|rematch)( party)?`"), "n"},
	{regexp.MustCompile("`scores`"), "s"},
	{regexp.MustCompile("`hand`"), "r"},
	{regexp.MustCompile("`(help|rules)( [^`]*)?`"), "?"},
	{regexp.MustCompile("`end`"), "e"},
}

// keyed rewrites the commands a view names as the keys that do them here
// ("Start a new one with n"), and drops emoji presentation selectors
// (U+FE0F): "↩️" is laid out as two cells by the layout library and
// drawn in one by tmux and many terminals, which shifted every border
// after it; without the selector both take one.
func keyed(v protocol.View) protocol.View {
	bare := strings.NewReplacer("\uFE0F", "").Replace
	say := func(s string) string {
		for _, c := range commandKeys {
			s = c.re.ReplaceAllString(s, c.key)
		}
		return bare(s)
	}
	v.Title, v.Text, v.Footer = bare(v.Title), say(v.Text), say(v.Footer)
	fields := make([]protocol.Field, len(v.Fields))
	for i, f := range v.Fields {
		f.Name, f.Value = bare(f.Name), say(f.Value)
		fields[i] = f
	}
	v.Fields = fields
	rows := make([][]protocol.Button, len(v.Rows))
	for i, r := range v.Rows {
		rows[i] = make([]protocol.Button, len(r))
		for j, b := range r {
			b.Label, b.Emoji = bare(b.Label), bare(b.Emoji)
			rows[i][j] = b
		}
	}
	v.Rows = rows
	sels := make([]protocol.Select, len(v.Selects))
	for i, s := range v.Selects {
		s.Placeholder = bare(s.Placeholder)
		opts := make([]protocol.Option, len(s.Options))
		for j, o := range s.Options {
			o.Label, o.Emoji = bare(o.Label), bare(o.Emoji)
			opts[j] = o
		}
		s.Options = opts
		sels[i] = s
	}
	v.Selects = sels
	return v
}
