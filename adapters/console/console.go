// Package console is the terminal front end: one person plays against bot
// seats, reading the host's views as text and answering with numbers or
// typed commands. It is also the end-to-end harness of the host.
package console

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// Host is what the console needs of the game host.
type Host interface {
	Handle(ctx context.Context, req protocol.Request) (protocol.Response, error)
	Remember(ctx context.Context, where protocol.Location, gameID, slot string, ref protocol.Ref) error
	Running(ctx context.Context, where protocol.Location) (bool, error)
	AddPlatform(name string, p protocol.Platform)
}

// Platform is what the terminal is to the host: one person at a screen,
// who types answers and commands as written.
var Platform = protocol.Platform{Terminal: true, Commands: protocol.Typed}

// Where is the console's one table.
var Where = protocol.Location{Platform: "console", Community: "local", Channel: "terminal"}

// Console plays one person's game in a terminal.
type Console struct {
	// Tick, when set, is the host's timer loop: the console runs it every
	// TickEvery (a second), so a turn timer fires while you think.
	Tick      func(ctx context.Context) ([]protocol.Outbound, error)
	TickEvery time.Duration
	// Width is the terminal's width in columns that lines wrap at (80).
	Width int
	// Lang is the language the player reads and the game writes in.
	Lang words.Lang
	// Resume is the command that resumes a saved game, as the player
	// typed this program ("sushigo play" when empty).
	Resume string

	h       Host
	in      *bufio.Reader
	out     io.Writer
	me      protocol.User
	buttons []protocol.Button // of the last view shown with buttons, numbered from 1
	onHand  bool              // buttons are the player's hand (a table's must not replace them)
	quiet   bool              // show only refusals (opening the game)
	game    string
}

// resume is the command that resumes a saved game.
// Not player words: a command, typed as it is.
func (c *Console) resume() string { return cmp.Or(c.Resume, "sushigo play") }

// New returns a console for me, reading in and writing out.
func New(h Host, in io.Reader, out io.Writer, me protocol.User) *Console {
	h.AddPlatform(Where.Platform, Platform)
	return &Console{h: h, in: bufio.NewReader(in), out: out, me: me}
}

// Run resumes the saved game, or opens one with opts (bots fill the other
// seats; no turn timer unless opts sets one) and starts it, then plays
// until the input ends or the player quits. An unfinished game stays saved
// for the next Run.
func (c *Console) Run(ctx context.Context, opts protocol.Options) error {
	running, err := c.h.Running(ctx, Where)
	if err != nil {
		return err
	}
	if running {
		fmt.Fprintln(c.out, c.Lang.Say("console.console.resumingYourSavedGameType"))
		if err := c.send(ctx, protocol.Status{}); err != nil {
			return err
		}
		if err := c.send(ctx, protocol.ShowHand{}); err != nil {
			return err
		}
	} else {
		// The lobby is a chat's waiting room: the terminal starts at once.
		c.quiet = true
		err := c.send(ctx, newGame(opts))
		c.quiet = false
		if err != nil {
			return err
		}
		if err := c.send(ctx, protocol.Start{}); err != nil {
			return err
		}
	}
	c.prompt()
	// Lines are read on their own goroutine so that Ctrl-C (a cancelled
	// ctx) ends the game at once instead of waiting for Enter.
	lines := make(chan string)
	var readErr error
	go func() {
		defer close(lines)
		for {
			l, err := c.readLine()
			if err != nil {
				if err != io.EOF {
					readErr = err
				}
				return
			}
			select {
			case lines <- l:
			case <-ctx.Done():
				return
			}
		}
	}()
	var ticks <-chan time.Time
	if c.Tick != nil {
		every := c.TickEvery
		if every == 0 {
			every = time.Second
		}
		t := time.NewTicker(every)
		defer t.Stop()
		ticks = t.C
	}
	for {
		var line string
		select {
		case <-ctx.Done():
			fmt.Fprintln(c.out, c.Lang.Say("console.console.interruptedYourGameIsSaved", c.resume()))
			return nil
		case <-ticks:
			if err := c.tick(ctx); err != nil && ctx.Err() == nil {
				return err
			}
			continue
		case l, ok := <-lines:
			if !ok {
				if readErr != nil {
					return fmt.Errorf("console: read: %w", readErr)
				}
				return nil
			}
			line = strings.TrimSpace(l)
		}
		switch {
		case line == "":
		case len(line) > maxLine:
			fmt.Fprint(c.out, c.Lang.Say("console.console.thatLineIsTooLong", len(line)))
		case line == "help" || line == "?":
			fmt.Fprint(c.out, c.helpText())
		case line == "q" || line == "quit" || line == "exit":
			if running, err := c.h.Running(ctx, Where); err == nil && running {
				fmt.Fprintln(c.out, c.Lang.Say("console.console.byeYourUnfinishedGameIs", c.resume()))
			} else {
				fmt.Fprintln(c.out, "Bye!")
			}
			return nil
		case isNumber(line):
			n, _ := strconv.Atoi(line)
			if n < 1 || n > len(c.buttons) {
				fmt.Fprint(c.out, c.Lang.Say("console.console.chooseANumberFrom1", len(c.buttons)))
				break
			}
			b := c.buttons[n-1]
			if b.Disabled {
				fmt.Fprintln(c.out, c.Lang.Say("console.console.thatButtonIsNotAvailable"))
				break
			}
			a, err := protocol.ParseActionID(b.ActionID)
			if err != nil {
				return err
			}
			if err := c.send(ctx, a); err != nil {
				return err
			}
		default:
			if err := c.command(ctx, line); err != nil {
				return err
			}
		}
		c.prompt()
	}
}

// maxLine is the longest line worth reading as a command; longer ones are
// refused without being echoed.
const maxLine = 200

// readLine reads one line of any length, keeping at most maxLine+1 bytes
// of it: a pasted megabyte neither ends the game nor fills the screen.
func (c *Console) readLine() (string, error) {
	var b []byte
	for {
		chunk, err := c.in.ReadSlice('\n')
		if len(b) <= maxLine {
			b = append(b, chunk[:min(len(chunk), maxLine+1-len(b))]...)
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err == io.EOF && len(b) > 0:
			return string(b), nil
		case err != nil:
			return "", err
		}
		return strings.TrimRight(string(b), "\r\n"), nil
	}
}

// tick runs the host's timer loop once and shows what it says about this
// table.
func (c *Console) tick(ctx context.Context) error {
	out, err := c.Tick(ctx)
	if err != nil {
		return fmt.Errorf("console: %w", err)
	}
	shown := false
	for _, o := range out {
		if o.Where != Where {
			continue
		}
		if err := c.show(ctx, o.Response); err != nil {
			return err
		}
		shown = true
	}
	if shown {
		c.prompt()
	}
	return nil
}

func isNumber(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

func (c *Console) prompt() {
	switch len(c.buttons) {
	case 0:
		fmt.Fprint(c.out, c.Lang.Say("console.promptOver"))
	case 1:
		fmt.Fprint(c.out, c.Lang.Say("console.promptOne"))
	default:
		fmt.Fprint(c.out, c.Lang.Say("console.promptMany", len(c.buttons)))
	}
}

// newGame opens the terminal's game: the lobby is a chat's waiting room,
// and the terminal has no default turn timer.
func newGame(o protocol.Options) protocol.NewGame {
	if o.Timer < 0 {
		o.Timer = 0
	}
	return protocol.NewGame{Options: o}
}

func (c *Console) command(ctx context.Context, line string) error {
	a, err := protocol.ParseCommand(line, c.Lang)
	var u *protocol.UsageError
	if errors.As(err, &u) {
		fmt.Fprintln(c.out, c.wrap(plainText(u.In(c.Lang))))
		return nil
	}
	if err != nil {
		return err
	}
	return c.send(ctx, a)
}

// send hands an action to the host and shows what comes back: the table
// and reveals first, then the player's own messages, whose buttons the
// numbers press.
func (c *Console) send(ctx context.Context, a protocol.Action) error {
	private := true // every console button is on the player's own screen
	resp, err := c.h.Handle(ctx, protocol.Request{Where: Where, Who: c.me, Action: a, FromPrivate: private,
		Reply: protocol.Ref{ID: "console"}, Lang: c.Lang, PlaceLang: c.Lang})
	if err != nil {
		return fmt.Errorf("console: %w", err)
	}
	if err := c.show(ctx, resp); err != nil {
		return err
	}
	switch a.(type) {
	case protocol.End:
		// The game is gone: its buttons with it.
		c.buttons, c.onHand = nil, false
	}
	return nil
}

// show prints a response: the table and reveals first, then the player's
// own messages, whose buttons the numbers press.
func (c *Console) show(ctx context.Context, resp protocol.Response) error {
	var public, mine []protocol.Delivery
	for _, d := range resp.Deliveries {
		if d.Kind == protocol.Delete {
			continue // the terminal's lines stay where they were printed
		}
		if d.To.IsPublic() {
			public = append(public, d)
		} else if d.To.User == c.me.ID {
			mine = append(mine, d)
		}
	}
	// Numbers keep pressing the previous buttons unless this answer brings
	// new ones (a `scores` reply leaves the hand's buttons usable), and a
	// table shown by `status` never takes the hand's numbers away.
	printed := map[string]bool{}
	var lastPublic []protocol.Button // the buttons of the last public view that has some
	for _, d := range append(public, mine...) {
		text := plainText(lineText(c.Lang, d.View))
		// The same view twice (a table edited and announced): once is enough.
		if !printed[text] && (!c.quiet || d.View.Tone == protocol.ToneError) {
			fmt.Fprintln(c.out)
			fmt.Fprint(c.out, c.wrap(text))
		}
		printed[text] = true
		bs := d.View.Buttons()
		if len(bs) > 0 && !isHand(d.View) {
			lastPublic = bs
		}
		switch {
		case len(bs) > 0 && (isHand(d.View) || !c.onHand):
			c.use(bs, isHand(d.View))
		case isHand(d.View):
			// A hand with nothing to press (locked in, waiting, game
			// over): the table's buttons are what is left, this
			// answer's (the final standings' Rematch) first.
			c.onHand = false
			if lastPublic != nil {
				c.use(lastPublic, false)
			}
		}
		if d.Slot != "" {
			// The terminal never loses a message: every slot is editable forever.
			if err := c.h.Remember(ctx, Where, c.game, d.Slot, protocol.Ref{ID: "console"}); err != nil {
				return fmt.Errorf("console: %w", err)
			}
		}
	}
	return nil
}

// use makes bs the buttons the numbers press.
func (c *Console) use(bs []protocol.Button, hand bool) {
	c.buttons, c.onHand = bs, hand
	if id := gameOf(bs); id != "" {
		c.game = id
	}
}

// lineText is a view as the line mode prints it: its lists (a chat's
// drop-downs) as plain lines, since here choices are typed, and each
// button's number, emoji and label held together (no-break spaces) so a
// wrap never parts them.
func lineText(w words.Lang, v protocol.View) string {
	sels, rows, footer := v.Selects, v.Rows, v.Footer
	v.Selects, v.Rows, v.Footer = nil, nil, ""
	var b strings.Builder
	b.WriteString(v.String())
	for _, sel := range sels {
		var opts []string
		for _, o := range sel.Options {
			opts = append(opts, strings.TrimSpace(o.Emoji+" "+o.Label))
		}
		b.WriteString(w.Label(strings.TrimPrefix(sel.Placeholder, "…"), strings.Join(opts, " · ")) + "\n")
	}
	n := 0
	for _, row := range rows {
		var parts []string
		for _, btn := range row {
			n++
			parts = append(parts, strings.ReplaceAll(btn.Numbered(n), " ", "\u00a0"))
		}
		b.WriteString(strings.Join(parts, "  ") + "\n")
	}
	if footer != "" {
		b.WriteString(footer + "\n")
	}
	return b.String()
}

// terminalHelp is help for the terminal: the chat's lobby and hand
// commands (join, kick, hands=…) mean nothing here. Each row is a command
// and what it does.
// Not player words: the commands, typed as they are in every language;
// what each does comes from the catalog.
func terminalHelp(l words.Lang) [][2]string {
	return [][2]string{
		{l.Say("console.console.pickCardSecondCard"), l.Say("console.console.playACardByName")},
		{"choose <card> · flip 1 3", l.Say("console.console.answerAPartyPromptSpoon")},
		{"status · scores · hand", l.Say("console.console.theTableTheScoreBreakdown")},
		{"rules [card]", l.Say("console.console.howToPlayOrOne")},
		{"stats · history · leaderboard", l.Say("console.console.yourRatingAndTotalsThe")},
		{"end · new [bots=N] [party] · rematch", l.Say("console.console.endThisGameOpenAnother")},
		{"quit", l.Say("console.console.leaveAnUnfinishedGameIs")},
	}
}

// helpText is the terminal's help at its width: a command and what it
// does side by side where they fit, else the description under its
// command, never wrapped into the next column.
func (c *Console) helpText() string {
	w := c.Width
	if w <= 0 {
		w = 80
	}
	col := 0
	help := terminalHelp(c.Lang)
	for _, r := range help {
		col = max(col, ansi.StringWidth(r[0]))
	}
	side := true // every row fits side by side
	for _, r := range help {
		side = side && 2+col+2+ansi.StringWidth(r[1]) <= w
	}
	var b strings.Builder
	b.WriteString(ansi.Wrap(c.Lang.Say("console.console.typeAButtonSNumber"), w, "") + "\n")
	for _, r := range help {
		if side {
			b.WriteString("  " + r[0] + strings.Repeat(" ", col-ansi.StringWidth(r[0])+2) + r[1] + "\n")
			continue
		}
		b.WriteString(ansi.Wrap("  "+r[0], w, "") + "\n")
		b.WriteString(ansi.Wrap("      "+r[1], w, "") + "\n")
	}
	return b.String()
}

// wrap breaks lines at the terminal's width, counted in display columns
// (an emoji takes two), between words where it can.
func (c *Console) wrap(text string) string {
	w := c.Width
	if w <= 0 {
		w = 80
	}
	return ansi.Wrap(text, w, "")
}

// Print writes a view as the terminal shows it, wrapped at width columns
// (80 when 0).
func Print(w io.Writer, v protocol.View, width int) {
	if width <= 0 {
		width = 80
	}
	fmt.Fprintln(w)
	fmt.Fprint(w, ansi.Wrap(plainText(v.String()), width, ""))
}

// plainText drops the chat markup a terminal would show as is.
var plainText = strings.NewReplacer("**", "", "`", "").Replace

// isHand reports whether v is the player's own hand or prompt.
func isHand(v protocol.View) bool { return v.Screen == protocol.ScreenHand }

func gameOf(bs []protocol.Button) string {
	for _, b := range bs {
		if f := strings.Split(b.ActionID, ":"); len(f) >= 3 {
			return f[2]
		}
	}
	return ""
}
