package console

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage/bolt"
)

var sizes = [][2]int{{60, 15}, {80, 24}, {120, 40}}

func sizeName(s string, w, h int) string {
	return s + "_" + strconv.Itoa(w) + "x" + strconv.Itoa(h)
}

// onScreen fails on a frame wider or taller than the screen.
func onScreen(t *testing.T, m *tui) string {
	t.Helper()
	f := m.View()
	fits(t, f, m.w)
	if n := strings.Count(f, "\n") + 1; n > m.ht {
		t.Errorf("a %d-line frame on a %d-line screen:\n%s", n, m.ht, f)
	}
	return f
}

var turnNo = regexp.MustCompile(`turn (\d+)`)

// playTo plays until stop says so: panels are passed with Enter, and in a
// hand the first button whose label has one of prefer is pressed (from
// turn from on), else the first.
func playTo(t *testing.T, m *tui, from int, stop func(*tui) bool, prefer ...string) {
	t.Helper()
	for step := 0; step < 3000; step++ {
		if m.err != nil {
			t.Fatal(m.err)
		}
		if stop(m) {
			return
		}
		if len(m.queue) > 0 {
			onScreen(t, m)
			keys(m, "enter")
			continue
		}
		if strings.Contains(m.table.Title, "game over") {
			t.Fatalf("the game ended first:\n%s", m.View())
		}
		if _, ok := m.list(); ok {
			keys(m, "tab") // to the buttons: the tests choose there
		}
		pressed := false
		if n, _ := strconv.Atoi(firstMatch(turnNo, m.hand.Title)); n >= from {
			for _, p := range prefer {
				for i, b := range m.buttons() {
					if strings.Contains(b.Label, p) && !pressed {
						m.cursor = i
						keys(m, "enter")
						pressed = true
					}
				}
			}
		}
		if !pressed {
			m.cursor = 0
			keys(m, "enter")
		}
	}
	t.Fatalf("never got there:\n%s", m.View())
}

func firstMatch(re *regexp.Regexp, s string) string {
	if m := re.FindStringSubmatch(s); m != nil {
		return m[1]
	}
	return ""
}

func deciding(what string) func(*tui) bool {
	return func(m *tui) bool {
		return len(m.queue) == 0 && strings.Contains(m.hand.Title, "Your choice") && strings.Contains(m.hand.Text, what)
	}
}

// TestTUITakeoutChooser: the takeout box's cards are a list to tick,
// numbered as the cards are; the ticked ones, and only they, go face down.
func TestTUITakeoutChooser(t *testing.T) {
	for _, size := range sizes {
		w, h := size[0], size[1]
		m := newTUI(t, "menu=uramaki,miso,tofu,eel,spoon,takeout,pudding bots=3", w, h)
		playTo(t, m, 4, deciding("takeout box"), "Takeout")
		sel, ok := m.list()
		if !ok || sel.Max < 2 || !m.onList {
			t.Fatalf("the takeout box offers no list to tick:\n%s", m.View())
		}
		keys(m, "1", "down", "down", " ")
		f := onScreen(t, m)
		goldenFrame(t, sizeName("tui_takeout", w, h), f)
		if !strings.Contains(f, "[x] 1 ") || !strings.Contains(f, "[x] 3 ") || !strings.Contains(f, "[ ] 2 ") {
			t.Fatalf("ticking 1 and 3 shows:\n%s", f)
		}
		keys(m, "enter")
		you := ""
		for _, fl := range m.table.Fields {
			if strings.Contains(fl.Name, "You") {
				you = fl.Value
			}
		}
		if !strings.Contains(you, "🂠×2") {
			t.Errorf("two cards ticked, your tableau shows %q:\n%s", you, m.View())
		}
	}
}

// TestTUISpoonChooser: the spoon asks for a type (buttons) or an exact
// card (the list), and an exact card is asked for as such.
func TestTUISpoonChooser(t *testing.T) {
	for _, size := range sizes {
		w, h := size[0], size[1]
		m := newTUI(t, "menu=maki,onigiri,miso,tofu,spoon,menu,fruit bots=3", w, h)
		playTo(t, m, 2, deciding("spoon"), "Call Spoon", "Spoon")
		sel, ok := m.list()
		if !ok || sel.Max != 1 || len(sel.Options) < 5 {
			t.Fatalf("the spoon offers no list of exact cards:\n%s", m.View())
		}
		if !strings.Contains(strings.Join(optionLabels(sel), " "), "Onigiri ●") {
			t.Errorf("the exact cards lack an onigiri shape: %v", optionLabels(sel))
		}
		f := onScreen(t, m)
		goldenFrame(t, sizeName("tui_spoon", w, h), f)
		keys(m, "down", "enter")
		if strings.Contains(m.hand.Text, "spoon") && strings.Contains(m.hand.Title, "Your choice") {
			t.Errorf("choosing an exact card did not answer the spoon:\n%s", m.View())
		}
	}
}

func optionLabels(sel protocol.Select) []string {
	var out []string
	for _, o := range sel.Options {
		out = append(out, o.Label)
	}
	return out
}

// TestTUIRoundScoresScroll: at 8 players a round's scores are longer than
// a small screen; the panel scrolls to every seat, none is cut.
func TestTUIRoundScoresScroll(t *testing.T) {
	names := []string{"You", "Aiko-bot", "Kenji-bot", "Mei-bot", "Taro-bot", "Yumi-bot", "Hiro-bot", "Nana-bot"}
	for _, size := range append(sizes, [2]int{100, 30}) {
		w, h := size[0], size[1]
		m := newTUI(t, "menu=master bots=7", w, h)
		playTo(t, m, 99, func(m *tui) bool { return len(m.queue) > 0 && strings.Contains(m.queue[0].Title, "Round 1 scores") })
		f := onScreen(t, m)
		if size != [2]int{100, 30} {
			goldenFrame(t, sizeName("tui_round_scores_8p", w, h), f)
		}
		seen := f
		for range 40 {
			m.Update(tea.KeyMsg{Type: tea.KeyDown})
			seen += onScreen(t, m)
		}
		for _, n := range names {
			if !strings.Contains(seen, n+" —") {
				t.Errorf("%dx%d: %s's round score never shows, scrolling down", w, h, n)
			}
		}
		if strings.Contains(seen, "cut to fit") {
			t.Error("the panel is still cut")
		}
	}
}

// TestTUIHelpAndEnd: ? shows the keys and the rules of this game's cards
// and Esc goes back; e asks before ending; after the end n starts anew.
func TestTUIHelpAndEnd(t *testing.T) {
	for _, size := range sizes {
		w, h := size[0], size[1]
		m := newTUI(t, "menu=uramaki,miso,tofu,eel,spoon,takeout,pudding bots=3", w, h)
		keys(m, "?")
		f := onScreen(t, m)
		goldenFrame(t, sizeName("tui_help", w, h), f)
		all := viewBody(m.queue[0])
		for _, want := range []string{"Esc: back", "Takeout box", "Tofu", "Spoon"} {
			if !strings.Contains(all, want) {
				t.Errorf("help lacks %q", want)
			}
		}
		m.Update(tea.KeyMsg{Type: tea.KeyEsc})
		if len(m.queue) != 0 || m.done {
			t.Fatalf("Esc did not go back to the game (done %v)", m.done)
		}
		m.Update(tea.KeyMsg{Type: tea.KeyEsc})
		if m.done {
			t.Fatal("Esc quit the game")
		}
		keys(m, "e")
		if !strings.Contains(onScreen(t, m), "y ends it") {
			t.Fatalf("e did not ask first:\n%s", m.View())
		}
		keys(m, "x")
		if strings.Contains(m.table.Title, "ended") {
			t.Fatal("the game ended without a yes")
		}
		keys(m, "e", "y")
		if !strings.Contains(m.table.Title, "ended") {
			t.Fatalf("e, y did not end the game:\n%s", m.View())
		}
		if !strings.Contains(onScreen(t, m), "n new game") {
			t.Errorf("after the end the keys do not say how to go on:\n%s", m.View())
		}
		keys(m, "n")
		if !strings.Contains(m.table.Title, "round 1/3, turn 1") || len(m.hand.Buttons()) == 0 {
			t.Errorf("n did not deal a new game:\n%s", m.View())
		}
	}
}

// TestTUIRematch: at the end Rematch opens a lobby whose Start deals a new
// game, with no button left from the old one.
func TestTUIRematch(t *testing.T) {
	for _, size := range sizes {
		w, h := size[0], size[1]
		m := newTUI(t, "bots=2", w, h)
		playTo(t, m, 99, func(m *tui) bool { return len(m.queue) > 0 && strings.Contains(m.queue[0].Title, "Final standings") })
		goldenFrame(t, sizeName("tui_final", w, h), onScreen(t, m))
		// Enter shows the rest of a panel longer than the screen before it
		// moves on: the final standings' breakdown is not skipped unseen.
		long := !m.panel.AtBottom()
		keys(m, "enter")
		if long && (len(m.queue) == 0 || !strings.Contains(m.queue[0].Title, "Final standings")) {
			t.Errorf("%dx%d: Enter left the final standings before their end", w, h)
		}
		for n := 0; len(m.queue) > 0 && n < 20; n++ {
			keys(m, "enter")
		}
		var labels []string
		for _, b := range m.buttons() {
			labels = append(labels, b.Label)
		}
		if strings.Join(labels, ",") != "Rematch,Review my game" {
			t.Fatalf("the end offers %v, want Rematch and Review my game", labels)
		}
		// Review my game: the expert's review of your seat, on screen.
		keys(m, "2")
		keys(m, "enter")
		if len(m.queue) == 0 || !strings.Contains(m.queue[0].Title, "Review — ") {
			t.Fatalf("2 and Enter (Review my game) showed no review:\n%s", m.View())
		}
		goldenFrame(t, sizeName("tui_review", w, h), onScreen(t, m))
		for n := 0; len(m.queue) > 0 && n < 20; n++ {
			keys(m, "enter")
		}
		// r, once the game is over, reviews it too.
		keys(m, "r")
		if len(m.queue) == 0 || !strings.Contains(m.queue[0].Title, "Review — ") {
			t.Fatalf("r at the end showed no review:\n%s", m.View())
		}
		for n := 0; len(m.queue) > 0 && n < 20; n++ {
			keys(m, "enter")
		}
		m.cursor = 0
		keys(m, "enter")
		labels = nil
		for _, b := range m.buttons() {
			labels = append(labels, b.Label)
		}
		if !strings.Contains(strings.Join(labels, ","), "Start") || strings.Contains(strings.Join(labels, ","), "Rematch") {
			t.Fatalf("the rematch lobby offers %v:\n%s", labels, m.View())
		}
		// You host the rematch and are in it: Enter starts it.
		if bs := m.buttons(); m.cursor >= len(bs) || bs[m.cursor].Label != "Start" {
			t.Fatalf("the rematch lobby's chosen button is not Start (cursor %d of %v)", m.cursor, labels)
		}
		keys(m, "enter")
		if !strings.Contains(m.table.Title, "round 1/3, turn 1") || len(m.hand.Buttons()) == 0 {
			t.Fatalf("Start in the rematch lobby did not deal:\n%s", m.View())
		}
		if strings.Contains(m.status, "older game") {
			t.Errorf("a refusal: %s", m.status)
		}
		_ = lipgloss.Width
	}
}

// TestTUITurnTimer: with a turn timer the screen game runs the host's
// timers (item 16: --timer used to switch to the line mode), and a turn
// left alone is picked for you.
func TestTUITurnTimer(t *testing.T) {
	store, err := bolt.Open(filepath.Join(t.TempDir(), "play.db"), bolt.Options{NoSync: true, SweepEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	now := time.Date(2026, 11, 18, 20, 0, 0, 0, time.UTC)
	host := bot.New(store, bot.Config{Now: func() time.Time { return now }, Seed: func() uint64 { return 5 }, ThinkInline: true})
	m := NewTUI(context.Background(), host, protocol.User{ID: "you", Name: "You"}, options(t, "bots=2 timer=30"), host.Tick).(*tui)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(startMsg{})
	if !strings.Contains(m.hand.Title, "turn 1") {
		t.Fatalf("no hand:\n%s", m.View())
	}
	now = now.Add(31 * time.Second)
	_, cmd := m.Update(tickMsg{})
	if cmd == nil {
		t.Error("the timers do not tick again")
	}
	var all strings.Builder
	for _, v := range m.queue {
		all.WriteString(viewBody(v))
	}
	if !strings.Contains(all.String(), "I picked for you") {
		t.Errorf("the turn timer did not pick for you:\n%s\n%s", m.View(), all.String())
	}
}

// TestTUIHeaderNotAheadOfThePanel: while a reveal waits for a key, the
// header does not already show the next turn (item 19).
func TestTUIHeaderNotAheadOfThePanel(t *testing.T) {
	m := newTUI(t, "bots=2", 80, 24)
	keys(m, "enter")
	if len(m.queue) == 0 {
		t.Fatal("no reveal waits")
	}
	head, _, _ := strings.Cut(m.View(), "\n")
	if strings.Contains(head, "turn 2") || strings.Contains(head, "round") {
		t.Errorf("the header runs ahead of the reveal of turn 1: %q", head)
	}
}

// TestTUINumberChoosesEnterPlays: a number only chooses a card; Enter
// plays it (the pick is final at once, so a stray key must not be).
// l shows this round's reveals so far.
func TestTUINumberChoosesEnterPlays(t *testing.T) {
	m := newTUI(t, "bots=2", 80, 24)
	keys(m, "2")
	if len(m.queue) != 0 || m.cursor != 1 || !strings.Contains(onScreen(t, m), "Enter: ") {
		t.Fatalf("2 did not just choose the second card:\n%s", m.View())
	}
	keys(m, "enter")
	if len(m.queue) == 0 || !strings.Contains(m.queue[0].Title, "Reveal — round 1, turn 1") {
		t.Fatalf("Enter did not play it:\n%s", m.View())
	}
	keys(m, "enter", "1", "enter", "enter")
	keys(m, "l")
	if len(m.queue) == 0 || m.queue[0].Title != "📜 This round so far" {
		t.Fatalf("l shows no log:\n%s", m.View())
	}
	log := viewBody(m.queue[0])
	if !strings.Contains(log, "turn 1") || !strings.Contains(log, "turn 2") {
		t.Errorf("the log lacks a turn:\n%s", log)
	}
	if strings.Count(log, "You were handed: ") != 2 {
		t.Errorf("the log does not say what you were handed each turn:\n%s", log)
	}
	onScreen(t, m)
}

// TestTUIRevealBeforeDecision: a decision that follows a reveal says what
// was revealed (the reveal's panel comes once the decisions are made), and
// waits for any panel still on screen (item 20).
func TestTUIRevealBeforeDecision(t *testing.T) {
	m := newTUI(t, "menu=uramaki,miso,tofu,eel,spoon,takeout,pudding bots=3", 80, 24)
	playTo(t, m, 4, func(m *tui) bool { return strings.Contains(m.hand.Title, "Your choice") }, "Takeout")
	f := onScreen(t, m)
	if !strings.Contains(f, "Revealed — turn 4: You: 🥡 Takeout") || !strings.Contains(f, "Aiko-bot:") {
		t.Errorf("the decision does not say what was revealed:\n%s", f)
	}
	m.queue = append(m.queue, protocol.View{Screen: protocol.ScreenReveal, Title: "👀 Reveal — round 1, turn 3"})
	m.syncPanel()
	if f := onScreen(t, m); strings.Contains(f, "Your choice") {
		t.Errorf("the decision shows over a panel still waiting:\n%s", f)
	}
}

// TestTUISeatBoxesUseTheWidth: seat boxes share a wide screen's width, one
// height a row (item 8), and 0 chooses the tenth button (item 25).
func TestTUISeatBoxesUseTheWidth(t *testing.T) {
	m := newTUI(t, "bots=3", 140, 45)
	lines := strings.Split(m.View(), "\n")
	if w := lipgloss.Width(lines[1]); w < 130 {
		t.Errorf("the seat boxes take %d of 140 columns:\n%s", w, m.View())
	}
	if !strings.HasPrefix(lines[1], "╭") || strings.Count(lines[1], "╭") != 4 {
		t.Errorf("four seats, not one row of four boxes:\n%s", m.View())
	}
	m.hand.Rows = [][]protocol.Button{make([]protocol.Button, 12)}
	for i := range m.hand.Rows[0] {
		m.hand.Rows[0][i] = protocol.Button{Label: "b" + strconv.Itoa(i+1), ActionID: "x"}
	}
	keys(m, "0")
	if m.cursor != 9 {
		t.Errorf("0 chose button %d, want the tenth", m.cursor+1)
	}
}

// TestTUITimerWaitsWhilePanelOpen: with a turn timer, the clock stands
// still while a panel hides your hand: reading help past the deadline
// takes nothing from you. Back at your hand the turn has the time it had
// left, and then, left alone, it is picked for you, and you keep your
// seat however often that happens.
func TestTUITimerWaitsWhilePanelOpen(t *testing.T) {
	store, err := bolt.Open(filepath.Join(t.TempDir(), "play.db"), bolt.Options{NoSync: true, SweepEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	wall := time.Date(2026, 11, 18, 20, 0, 0, 0, time.UTC)
	clock := NewClock(func() time.Time { return wall })
	host := bot.New(store, bot.Config{Now: clock.Now, Seed: func() uint64 { return 5 }, ThinkInline: true})
	m := NewTUI(context.Background(), host, protocol.User{ID: "you", Name: "You"}, options(t, "bots=2 timer=30"), host.Tick, WithClock(clock)).(*tui)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(startMsg{})
	picked := func() bool {
		var all strings.Builder
		for _, v := range m.queue {
			all.WriteString(viewBody(v))
		}
		return strings.Contains(all.String(), "I picked for you")
	}
	if !strings.Contains(m.View(), "⏰ 30 s left") {
		t.Errorf("the hand shows no clock:\n%s", m.View())
	}
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'?'}})
	if len(m.queue) == 0 {
		t.Fatal("? opened no panel")
	}
	wall = wall.Add(5 * time.Minute) // reading help, long past the deadline
	m.Update(tickMsg{})
	if picked() {
		t.Fatal("the timer picked for you while help hid your hand")
	}
	m.Update(tea.KeyMsg{Type: tea.KeyEsc})
	if len(m.queue) != 0 {
		t.Fatalf("the help panel did not close:\n%s", m.View())
	}
	wall = wall.Add(20 * time.Second) // back at the hand, inside the 30 s
	m.Update(tickMsg{})
	if picked() {
		t.Fatal("the turn did not get back the time it had left")
	}
	if !strings.Contains(m.View(), "⏰ 10 s left") {
		t.Errorf("the clock does not say the 10 s left (help's 5 minutes excluded):\n%s", m.View())
	}
	// The half-time reminder came meanwhile: the title counts it down
	// live, so no fixed figure beside it falls behind.
	if strings.Contains(m.status, "seconds left") {
		t.Errorf("a reminder's fixed figure beside the countdown: %q", m.status)
	}
	var seen strings.Builder
	for turn := range 3 {
		for len(m.queue) > 0 {
			seen.WriteString(viewBody(m.queue[0]) + "\n" + m.table.Text + "\n")
			m.Update(tea.KeyMsg{Type: tea.KeyEsc})
		}
		wall = wall.Add(31 * time.Second)
		m.Update(tickMsg{})
		if !picked() {
			t.Fatalf("turn %d left alone was not picked for you:\n%s", turn+1, m.View())
		}
	}
	for _, v := range m.queue {
		seen.WriteString(viewBody(v) + "\n")
	}
	seen.WriteString(m.table.Text)
	if strings.Contains(seen.String(), "a bot plays") {
		t.Errorf("the only person's seat went to a bot:\n%s", seen.String())
	}
}

// TestTUIStrayKeysSendNothing: Enter in the takeout chooser with nothing
// ticked does not flip nothing (that is a button of its own), and a number
// past the last button says so instead of doing nothing silently.
func TestTUIStrayKeysSendNothing(t *testing.T) {
	m := newTUI(t, "menu=uramaki,miso,tofu,eel,spoon,takeout,pudding bots=3", 80, 24)
	playTo(t, m, 4, deciding("takeout box"), "Takeout")
	if _, ok := m.list(); !ok || !m.onList {
		t.Fatalf("no takeout list:\n%s", m.View())
	}
	keys(m, "enter")
	if _, ok := m.list(); !ok || !strings.Contains(m.status, "Nothing is ticked") {
		t.Fatalf("a stray Enter answered the takeout box (status %q):\n%s", m.status, m.View())
	}
	// The number keys are the list's: one number a row, none on the
	// buttons (there were three different 1s on the screen).
	sel, _ := m.list()
	past := len(sel.Options) + 1
	if past > 9 {
		t.Fatalf("%d rows: no key past the last", past-1)
	}
	keys(m, "tab", strconv.Itoa(past))
	if want := fmt.Sprintf("There is no row %d", past); !strings.Contains(m.status, want) {
		t.Errorf("%d with %d rows: status %q", past, past-1, m.status)
	}
	if f := m.View(); strings.Contains(f, "1 ✋") || strings.Contains(f, "Flip 1 only") {
		t.Errorf("the buttons are numbered beside the list, or name a card by number:\n%s", f)
	}
}

// TestTUIListRowsPastNine: a spoon's list runs past 9 rows; two digits
// reach them (1 then 2 is row 12), where one digit could only reach 10.
func TestTUIListRowsPastNine(t *testing.T) {
	m := newTUI(t, "menu=maki,onigiri,miso,tofu,spoon,menu,fruit bots=3", 80, 24)
	playTo(t, m, 2, deciding("spoon"), "Call Spoon", "Spoon")
	sel, ok := m.list()
	if !ok || len(sel.Options) < 12 {
		t.Fatalf("a spoon list of %d rows:\n%s", len(sel.Options), m.View())
	}
	keys(m, "1", "2")
	if m.row != 11 {
		t.Errorf("1 then 2 chose row %d, want 12", m.row+1)
	}
	keys(m, "3")
	if m.row != 2 {
		t.Errorf("then 3 chose row %d, want 3", m.row+1)
	}
	keys(m, "enter")
	if strings.Contains(m.hand.Text, "spoon") && strings.Contains(m.hand.Title, "Your choice") {
		t.Errorf("Enter on row 3 did not answer the spoon:\n%s", m.View())
	}
}

// TestTUINamesKeysNotCommands: the screen game has keys, not a command
// line: what the host writes as a command reads as the key that does it.
func TestTUINamesKeysNotCommands(t *testing.T) {
	v := keyed(protocol.View{Text: "Ann ended the game. Start a new one with `new`.", Footer: "`scores` and `rules <card>` explain each symbol.",
		Fields: []protocol.Field{{Name: "x", Value: "`new party` or `end`"}}})
	if v.Text != "Ann ended the game. Start a new one with n." || v.Footer != "s and ? explain each symbol." || v.Fields[0].Value != "n or e" {
		t.Errorf("%q / %q / %q", v.Text, v.Footer, v.Fields[0].Value)
	}
}

// TestTUIDropsEmojiSelectors: emoji come without U+FE0F, which made the
// layout count two cells where tmux draws one and shifted the borders.
func TestTUIDropsEmojiSelectors(t *testing.T) {
	v := keyed(protocol.View{Title: "⚠️ x", Text: "☝️", Rows: [][]protocol.Button{{{Label: "Start over", Emoji: "↩️"}}},
		Selects: []protocol.Select{{Options: []protocol.Option{{Label: "a", Emoji: "▶️"}}}}})
	all := v.Title + v.Text + v.Rows[0][0].Emoji + v.Selects[0].Options[0].Emoji
	if strings.ContainsRune(all, '\uFE0F') || all != "⚠ x☝↩▶" {
		t.Errorf("%q", all)
	}
}

// TestTUISeatsKeepTheirLayout: once a game's seats need a line each (their
// boxes too tall for the screen), they stay lines for the rest of the
// game, instead of jumping back to boxes when a round's tableaux empty.
func TestTUISeatsKeepTheirLayout(t *testing.T) {
	m := newTUI(t, "bots=4", 80, 24)
	boxes, lines, back := 0, 0, 0
	playTo(t, m, 99, func(m *tui) bool {
		if len(m.queue) == 0 && m.table.Title != "" {
			f := m.View()
			switch boxed := strings.Contains(f, "╭"); {
			case boxed && lines > 0:
				back++
			case boxed:
				boxes++
			default:
				lines++
			}
		}
		return len(m.queue) > 0 && strings.Contains(m.queue[0].Title, "Final standings")
	})
	if lines == 0 {
		t.Fatal("the seats never needed lines at 80x24 with five seats: the test tests nothing")
	}
	if back > 0 {
		t.Errorf("the seats went back to boxes %d times after taking a line each", back)
	}
}

// TestTUILastRoundReviewable: once the game is over, l still shows the last
// round's reveals, turn by turn.
func TestTUILastRoundReviewable(t *testing.T) {
	m := newTUI(t, "bots=2", 80, 24)
	playTo(t, m, 99, func(m *tui) bool { return len(m.queue) > 0 && strings.Contains(m.queue[0].Title, "Final standings") })
	for len(m.queue) > 0 {
		keys(m, "enter")
	}
	if !strings.Contains(m.View(), "l last round") {
		t.Errorf("the game-over screen does not offer the last round:\n%s", m.View())
	}
	keys(m, "l")
	if len(m.queue) == 0 || !strings.Contains(m.queue[0].Title, "The last round, turn by turn") || !strings.Contains(viewBody(m.queue[0]), "round 3, turn") ||
		!strings.Contains(viewBody(m.queue[0]), "You were handed") {
		t.Fatalf("l after the game shows:\n%s", m.View())
	}
}

// TestTUINothingCutSilently: at every size a rematch lobby of eight names
// every player (they wrap instead of being cut), and the key line keeps
// help and quit, dropping the keys help also lists.
func TestTUINothingCutSilently(t *testing.T) {
	for _, size := range [][2]int{{60, 15}, {80, 24}, {100, 30}} {
		w, h := size[0], size[1]
		m := newTUI(t, "menu=master bots=7", w, h)
		if f := onScreen(t, m); !strings.HasSuffix(strings.TrimSpace(lastLine(f)), "? help · q quit") {
			t.Errorf("%dx%d: the key line lost help or quit:\n%s", w, h, f)
		}
		playTo(t, m, 99, func(m *tui) bool { return len(m.queue) > 0 && strings.Contains(m.queue[0].Title, "Final standings") })
		for n := 0; len(m.queue) > 0 && n < 20; n++ {
			keys(m, "enter") // through the standings
		}
		keys(m, "enter") // Rematch
		f := onScreen(t, m)
		if !strings.Contains(f, "lobby") {
			t.Fatalf("%dx%d: no rematch lobby:\n%s", w, h, f)
		}
		flat := strings.Join(strings.Fields(f), "")
		for _, name := range []string{"You", "Aiko-bot", "Kenji-bot", "Mei-bot", "Taro-bot", "Yumi-bot", "Hiro-bot", "Nana-bot"} {
			if !strings.Contains(flat, name) {
				t.Errorf("%dx%d: the lobby lost %s:\n%s", w, h, name, f)
			}
		}
		if !strings.HasSuffix(strings.TrimSpace(lastLine(f)), "? help · q quit") {
			t.Errorf("%dx%d: the lobby's key line lost help or quit:\n%s", w, h, f)
		}
	}
}

func lastLine(frame string) string {
	lines := strings.Split(strings.TrimRight(frame, "\n"), "\n")
	return lines[len(lines)-1]
}

// TestTUIHandedByRoundAndTurn: the log names the hand you were handed at
// each reveal's own round and turn, read from the views' moments rather
// than their titles: round 2's first turn is not round 1's.
func TestTUIHandedByRoundAndTurn(t *testing.T) {
	m := newTUI(t, "bots=2", 80, 24)
	hand := func(round, turn int, card string) protocol.View {
		return protocol.View{Screen: protocol.ScreenHand, Round: round, Turn: turn, Title: "a title that says nothing",
			Rows: [][]protocol.Button{{{Label: card, ActionID: "x", Colour: "#ffffff"}}}}
	}
	m.setHand(hand(1, 1, "Egg"))
	m.setHand(hand(2, 1, "Squid"))
	m.log = []protocol.View{{Screen: protocol.ScreenReveal, Round: 2, Turn: 1, Title: "a reveal"}}
	m.queue = nil
	m.showLog()
	if body := viewBody(m.queue[0]); !strings.Contains(body, "You were handed: Squid") || strings.Contains(body, "Egg") {
		t.Errorf("the log of round 2, turn 1:\n%s", body)
	}
}

// TestTUIHint: a practice game with hints has a Hint button after the
// cards; pressing it shows the expert's choice on the status line and
// plays nothing.
func TestTUIHint(t *testing.T) {
	m := newTUI(t, "bots=2 hints", 80, 24)
	bs := m.buttons()
	at := -1
	for i, b := range bs {
		if b.Label == "Hint" {
			at = i
		}
	}
	if at < 0 {
		t.Fatalf("no Hint among %v", bs)
	}
	// The hint is no card: it has no card's border (it looked like one).
	m.cursor = (at + 1) % len(bs)
	for _, line := range strings.Split(m.View(), "\n") {
		if strings.Contains(line, "Hint │") || strings.Contains(line, "Hint ┃") {
			t.Errorf("the Hint button has a card's border: %q", line)
		}
	}
	title := m.hand.Title
	keys(m, strconv.Itoa(at+1))
	keys(m, "enter")
	if !strings.Contains(m.status, "The expert would take") {
		t.Fatalf("Hint showed %q:\n%s", m.status, m.View())
	}
	if m.hand.Title != title || len(m.hand.Buttons()) != len(bs) {
		t.Errorf("Hint played a card: %q", m.hand.Title)
	}
}

// TestTUISeatLineCutSaysSo: a seat's line too long for the screen ends
// with "…" (it was cut silently: "🍨×2 kept for desse").
func TestTUISeatLineCutSaysSo(t *testing.T) {
	m := newTUI(t, "bots=2", 60, 15)
	m.table.Fields = []protocol.Field{{Name: "Mei-bot 🤖 — 12 pts", Value: "🍨×2 kept for dessert · 🍥×3 🦑 🥟×2 🍤 🐟×3 🥢 🍮×2"}}
	for _, line := range m.seatLines(60) {
		if lipgloss.Width(line) > 60 || !strings.HasSuffix(line, "…") {
			t.Errorf("a cut seat line %q (%d wide): want at most 60, ending with …", line, lipgloss.Width(line))
		}
	}
}

// TestTUICountsToTheHostsDeadline: the countdown runs to the hand's Due,
// the host's deadline, not from when the hand first showed here (it said
// "⏰ 19 s left" above the host's "9 seconds left").
func TestTUICountsToTheHostsDeadline(t *testing.T) {
	wall := time.Date(2026, 11, 18, 20, 0, 0, 0, time.UTC)
	clock := NewClock(func() time.Time { return wall })
	m := newTUI(t, "bots=2 timer=30", 80, 24, WithClock(clock))
	hand := m.hand
	if len(hand.Buttons()) == 0 {
		t.Fatal("no hand on screen")
	}
	// The hand shows now, 21 s into its turn: 9 s are left.
	hand.Title += " "
	hand.Due = clock.Now().Add(9 * time.Second)
	m.setHand(hand)
	if f := m.View(); !strings.Contains(f, "⏰ 9 s left") {
		t.Errorf("a hand due in 9 s:\n%s", f)
	}
}

// TestTUILayoutHoldsAllGame: the seats and the cards keep their layout,
// boxes or lines, for a whole game at a size, but for one change to lines
// when something first needs the room: the cards turned from lines to
// boxes and back every round as the hand shrank (7 changes in a game at
// 80x15), the seats from boxes to lines as the tableaux grew.
func TestTUILayoutHoldsAllGame(t *testing.T) {
	sizes, games := [][2]int{{60, 15}, {80, 15}, {80, 24}, {100, 21}, {120, 21}, {120, 40}}, []string{"bots=2", "bots=4", "menu=master bots=7"}
	if raceBuild {
		sizes, games = [][2]int{{60, 15}, {80, 15}, {120, 21}}, []string{"bots=4", "menu=master bots=7"}
	}
	for _, size := range sizes {
		for _, opts := range games {
			w, h := size[0], size[1]
			m := newTUI(t, opts, w, h)
			var layouts, cardLayouts []bool
			frames := 0
			playTo(t, m, 3000, func(m *tui) bool {
				if m.table.Screen == protocol.ScreenLobby || len(m.queue) > 0 || len(m.table.Fields) == 0 {
					return m.over()
				}
				frames++
				f := m.View()
				boxed := strings.Contains(f, "╭")
				if len(layouts) == 0 || layouts[len(layouts)-1] != boxed {
					layouts = append(layouts, boxed)
				}
				if len(m.buttons()) > 1 {
					cardBoxes := strings.Contains(f, "┌") || strings.Contains(f, "┏")
					if len(cardLayouts) == 0 || cardLayouts[len(cardLayouts)-1] != cardBoxes {
						cardLayouts = append(cardLayouts, cardBoxes)
					}
				}
				return m.over()
			})
			if frames < 10 {
				t.Fatalf("%dx%d %s: %d frames of a game", w, h, opts, frames)
			}
			// At most once, from boxes to lines, when something first
			// needs the room; never back.
			if len(layouts) > 2 || len(layouts) == 2 && !layouts[0] {
				t.Errorf("%dx%d %s: the seats changed layout %d times (boxes: %v)", w, h, opts, len(layouts)-1, layouts)
			}
			if len(cardLayouts) > 2 || len(cardLayouts) == 2 && !cardLayouts[0] {
				t.Errorf("%dx%d %s: the cards changed layout %d times (boxes: %v)", w, h, opts, len(cardLayouts)-1, cardLayouts)
			}
		}
	}
}
