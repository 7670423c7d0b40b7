package console

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/sushigo/sushigo/bot"
)

// This file is the interactive terminal game, on Bubble Tea: the same host
// and the same views as the line mode, laid out for a screen. The hand is a
// row of cards chosen with the arrow keys (or a card's number) and Enter;
// every reveal, round score and the final table wait for a key, so nothing
// scrolls away unread.

// tui is the Bubble Tea model.
type tui struct {
	ctx   context.Context
	h     Host
	me    bot.User
	opts  string
	w, ht int

	table  bot.View   // the latest table (or lobby)
	hand   bot.View   // the latest private hand or prompt
	queue  []bot.View // reveals, scores and the final table, one at a time
	status string     // the latest notice (a refusal, an answer to a command)
	cursor int
	err    error
	done   bool
}

// NewTUI returns the interactive terminal game for me, opening a game with
// opts (or resuming the saved one).
func NewTUI(ctx context.Context, h Host, me bot.User, opts string) tea.Model {
	return &tui{ctx: ctx, h: h, me: me, opts: opts, w: 80, ht: 24}
}

// startMsg opens or resumes the game once the program runs.
type startMsg struct{}

func (m *tui) Init() tea.Cmd { return func() tea.Msg { return startMsg{} } }

func (m *tui) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.w, m.ht = msg.Width, msg.Height
	case startMsg:
		m.start()
	case tea.KeyMsg:
		return m, m.key(msg)
	}
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
		m.status = "Resumed your saved game (e to end it)."
		m.send(bot.Status{})
		m.send(bot.ShowHand{})
		return
	}
	a, err := bot.ParseCommand("new timer=0 " + m.opts)
	if err != nil {
		m.err = err
		return
	}
	m.send(a)
	m.send(bot.Start{})
}

func (m *tui) key(k tea.KeyMsg) tea.Cmd {
	switch k.String() {
	case "ctrl+c", "q", "esc":
		m.done = true
		return tea.Quit
	}
	if len(m.queue) > 0 {
		if k.String() == "enter" || k.String() == " " || k.String() == "right" {
			if v := m.queue[0]; len(v.Buttons()) > 0 {
				// The final standings stay on screen with their Rematch.
				m.hand, m.cursor = v, 0
			}
			m.queue = m.queue[1:]
		}
		return nil
	}
	bs := m.buttons()
	switch s := k.String(); s {
	case "left", "h":
		if m.cursor > 0 {
			m.cursor--
		}
	case "right", "l":
		if m.cursor < len(bs)-1 {
			m.cursor++
		}
	case "enter", " ":
		if m.cursor < len(bs) {
			m.press(bs[m.cursor])
		}
	case "s":
		m.send(bot.Scores{})
	case "e":
		m.send(bot.End{})
	case "r":
		m.send(bot.ShowHand{})
	default:
		if n, err := strconv.Atoi(s); err == nil && n >= 1 && n <= len(bs) {
			m.press(bs[n-1])
		}
	}
	return nil
}

// buttons are what the keys press: the hand's, else the table's (Start,
// Rematch).
func (m *tui) buttons() []bot.Button {
	if bs := m.hand.Buttons(); len(bs) > 0 {
		return bs
	}
	return m.table.Buttons()
}

func (m *tui) press(b bot.Button) {
	a, err := bot.ParseActionID(b.ActionID)
	if err != nil {
		m.err = err
		return
	}
	m.send(a)
}

func (m *tui) send(a bot.Action) {
	resp, err := m.h.Handle(m.ctx, bot.Request{Where: Where, Who: m.me, Action: a, FromPrivate: true, Reply: bot.Ref{ID: "console"}})
	if err != nil {
		m.err = fmt.Errorf("console: %w", err)
		return
	}
	m.status = ""
	for _, d := range resp.Deliveries {
		v := d.View
		if d.Slot != "" {
			if err := m.h.Remember(m.ctx, Where, resp.Game, d.Slot, bot.Ref{ID: "console"}); err != nil {
				m.err = err
				return
			}
		}
		switch {
		case d.Kind == bot.Delete:
		case !d.To.IsPublic() && d.To.User != m.me.ID:
		case isHand(v):
			if buttonsChanged(m.hand, v) {
				m.cursor = 0
			}
			m.hand = v
		case panelScreens[v.Screen]:
			m.queue = append(m.queue, v)
		case isTable(v):
			m.table = v
		default:
			m.status = plainText(strings.TrimSpace(v.Title + " " + v.Text))
		}
	}
	if _, ok := a.(bot.End); ok {
		m.hand, m.queue = bot.View{}, nil
	}
}

// panelScreens are the views shown as a panel, one after another, each
// waiting for Enter.
var panelScreens = map[bot.Screen]bool{bot.ScreenReveal: true, bot.ScreenRoundScores: true, bot.ScreenFinal: true,
	bot.ScreenScores: true, bot.ScreenHelp: true}

// isTable reports whether v is the table (or lobby).
func isTable(v bot.View) bool { return v.Screen == bot.ScreenTable || v.Screen == bot.ScreenLobby }

func buttonsChanged(a, b bot.View) bool {
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

var seatColours = []lipgloss.Color{"12", "9", "10", "11", "13", "14", "208", "141"}

var (
	titleStyle  = lipgloss.NewStyle().Bold(true)
	boxStyle    = lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).Padding(0, 1)
	cardStyle   = lipgloss.NewStyle().Border(lipgloss.NormalBorder()).Padding(0, 1)
	cursorStyle = cardStyle.BorderForeground(lipgloss.Color("10")).Bold(true)
	dimStyle    = lipgloss.NewStyle().Faint(true)
)

func (m *tui) View() string {
	f := m.frame(false)
	if strings.Count(f, "\n") > m.ht {
		// A small screen: one line a seat, so the hand stays in view.
		f = m.frame(true)
	}
	return f
}

func (m *tui) frame(compact bool) string {
	if m.err != nil {
		return "Error: " + m.err.Error() + "\n"
	}
	w := max(40, m.w)
	var out []string
	out = append(out, titleStyle.Render(plainText(m.table.Title)))
	if len(m.queue) > 0 {
		v := m.queue[0]
		body := plainText(strings.TrimRight(viewBody(v), "\n"))
		more := ""
		// A panel taller than the screen is cut, saying so: s shows every
		// score again once the game goes on.
		if lines := strings.Split(body, "\n"); len(lines) > m.ht-5 && m.ht > 8 {
			body, more = strings.Join(lines[:m.ht-5], "\n"), " · cut to fit: s shows the scores"
		}
		out = append(out, boxStyle.Width(w-2).Render(body),
			dimStyle.Render(fmt.Sprintf("Enter to continue (%d more)%s", len(m.queue)-1, more)))
		return strings.Join(out, "\n") + "\n"
	}
	if compact {
		out = append(out, m.seatLines(w)...)
	} else {
		out = append(out, m.seats(w)...)
	}
	if t := plainText(m.table.Text); t != "" {
		out = append(out, lipgloss.NewStyle().Width(w).Render(t))
	}
	if m.table.Footer != "" {
		out = append(out, dimStyle.Width(w).Render(plainText(m.table.Footer)))
	}
	if m.hand.Title != "" {
		out = append(out, "", titleStyle.Render(plainText(m.hand.Title)), lipgloss.NewStyle().Width(w).Render(plainText(m.hand.Text)))
		for _, f := range m.hand.Fields {
			out = append(out, plainText(f.Name+": "+f.Value))
		}
	}
	out = append(out, m.cards(w)...)
	if m.status != "" {
		out = append(out, lipgloss.NewStyle().Width(w).Render(m.status))
	}
	out = append(out, dimStyle.Render("←/→ choose · Enter or 1-9 play · s scores · r hand · e end · q quit (saved)"))
	return strings.Join(out, "\n") + "\n"
}

// viewBody is a view's text and fields, without its title and buttons.
func viewBody(v bot.View) string {
	b := v.Title + "\n"
	if v.Text != "" {
		b += v.Text + "\n"
	}
	for _, f := range v.Fields {
		b += f.Name + "\n" + f.Value + "\n"
	}
	return b
}

// seats lays out every seat's tableau in boxes, as many to a row as fit.
func (m *tui) seats(w int) []string {
	if len(m.table.Fields) == 0 {
		return nil
	}
	boxW := 24
	per := max(1, w/(boxW+2))
	var rows []string
	var row []string
	for i, f := range m.table.Fields {
		// A colour per player, where the terminal has colours.
		st := boxStyle.BorderForeground(seatColours[i%len(seatColours)])
		row = append(row, st.Width(boxW).Render(plainText(f.Name+"\n"+f.Value)))
		if len(row) == per {
			rows = append(rows, lipgloss.JoinHorizontal(lipgloss.Top, row...))
			row = nil
		}
	}
	if len(row) > 0 {
		rows = append(rows, lipgloss.JoinHorizontal(lipgloss.Top, row...))
	}
	return rows
}

// seatLines is every seat on one line: name, score, tableau.
func (m *tui) seatLines(w int) []string {
	var out []string
	for _, f := range m.table.Fields {
		l := plainText(f.Name + ": " + strings.ReplaceAll(f.Value, "\n", " · "))
		out = append(out, lipgloss.NewStyle().MaxWidth(w).Render(l))
	}
	return out
}

// cards draws the buttons as cards, numbered, the chosen one highlighted.
func (m *tui) cards(w int) []string {
	bs := m.buttons()
	var rows []string
	var row []string
	width := 0
	for i, b := range bs {
		label := fmt.Sprintf("%d %s", i+1, strings.TrimSpace(b.Emoji+" "+b.Label))
		st := cardStyle
		if i == m.cursor {
			st = cursorStyle
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
