package main

import (
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestPlayInATerminal runs the real program (this test binary, re-executed
// as `sushigo play`) in a pseudo-terminal under tmux and plays a whole game
// with keystrokes: the interactive UI, not the line mode.
func TestPlayInATerminal(t *testing.T) {
	term := startTerminal(t, "--seed 4 --bots 1", 100, 40)
	tmux, session, screen, wait := term.tmux, term.session, term.screen, term.wait
	if !wait("Your hand") {
		t.Fatalf("the game did not start in the terminal:\n%s", screen())
	}
	// Each key waits for its own effect before the next is sent: a key
	// still on its way when the game ends would press the game-over
	// screen's buttons.
	handTitle := regexp.MustCompile(`Your hand — round \d+, turn \d+`)
	for step := 0; step < 300; step++ {
		s := screen()
		if strings.Contains(s, "Final standings") {
			break
		}
		if hand := handTitle.FindString(s); hand != "" && !strings.Contains(s, "Enter: ") {
			tmux("send-keys", "-t", session, "1", "Enter")
			// Played once the hand of that turn has left the screen.
			for deadline := time.Now().Add(5 * time.Second); strings.Contains(screen(), hand) && !strings.Contains(screen(), "Enter: ") &&
				time.Now().Before(deadline); {
				time.Sleep(5 * time.Millisecond)
			}
			continue
		}
		if strings.Contains(s, "Enter: ") { // a panel: next, back or more
			tmux("send-keys", "-t", session, "Enter")
		}
		for deadline := time.Now().Add(5 * time.Second); screen() == s && time.Now().Before(deadline); {
			time.Sleep(5 * time.Millisecond)
		}
	}
	if !strings.Contains(screen(), "Final standings") || !strings.Contains(screen(), "dessert") {
		t.Fatalf("no final table on the screen:\n%s", screen())
	}
	// A rematch, to its start: past the final panel, Rematch, then the new
	// lobby's Start. A key sent while the bots moved
	// may still be on its way, so each step looks at the screen first and
	// presses what it shows.
	lobbySeen := false
	for step := 0; ; step++ {
		s := screen()
		if step == 20 {
			t.Fatalf("the rematch never dealt:\n%s", s)
		}
		if strings.Contains(s, "older game") {
			t.Fatalf("a refusal on the rematch:\n%s", s)
		}
		switch {
		case strings.Contains(s, "— round 1/3"):
			if !lobbySeen {
				t.Errorf("the rematch dealt without a lobby:\n%s", s)
			}
			tmux("send-keys", "-t", session, "q")
			return
		case strings.Contains(s, "— lobby"):
			lobbySeen = true
			// The screen game draws emoji without their presentation
			// selector (U+FE0F), so that tmux and the layout agree on
			// their width.
			start := regexp.MustCompile(`(\d) ▶ Start`).FindStringSubmatch(s)
			if start == nil {
				t.Fatalf("no numbered Start in the rematch lobby:\n%s", s)
			}
			tmux("send-keys", "-t", session, start[1], "Enter")
		case strings.Contains(s, "Enter: back to the game"), strings.Contains(s, "Enter: next"), strings.Contains(s, "Enter: more"):
			tmux("send-keys", "-t", session, "Enter") // the final standings
		case strings.Contains(s, "Rematch"):
			tmux("send-keys", "-t", session, "Enter")
		}
		for deadline := time.Now().Add(5 * time.Second); screen() == s && time.Now().Before(deadline); {
			time.Sleep(5 * time.Millisecond)
		}
	}
}

// terminal is `sushigo play` running in a tmux pseudo-terminal.
type terminal struct {
	session string
	tmux    func(args ...string) string
	screen  func() string
	wait    func(s string) bool // polls the screen until it shows s
}

// startTerminal runs the real program (this test binary, re-executed as
// `sushigo play args`) under tmux at w×h, with a data directory of its own.
func startTerminal(t *testing.T, args string, w, h int) terminal {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("tmux is needed for the terminal test in CI")
		}
		t.Skip("no tmux: the terminal test needs it (apt install tmux)")
	}
	var term terminal
	term.session = fmt.Sprintf("sushigo-%d-%s", os.Getpid(), strings.ReplaceAll(t.Name(), "/", "-"))
	// Each terminal has a tmux server of its own (-L): with the shared
	// one, a session killed as the test before ends could take the server
	// down just as this test's session asks it for a window.
	term.tmux = func(args ...string) string {
		out, err := exec.Command("tmux", append([]string{"-L", term.session}, args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("tmux %v: %v %s", args, err, out)
		}
		return string(out)
	}
	cmd := fmt.Sprintf("env SUSHIGO_PLAY_CHILD='%s' DATA_DIR=%s %s -test.run=^$", args, t.TempDir(), os.Args[0])
	term.tmux("new-session", "-d", "-s", term.session, "-x", fmt.Sprint(w), "-y", fmt.Sprint(h), cmd)
	t.Cleanup(func() { _ = exec.Command("tmux", "-L", term.session, "kill-server").Run() })
	term.screen = func() string { return term.tmux("capture-pane", "-p", "-t", term.session) }
	term.wait = func(s string) bool {
		for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); {
			if strings.Contains(term.screen(), s) {
				return true
			}
			time.Sleep(20 * time.Millisecond)
		}
		return false
	}
	return term
}

// TestTimerWaitsForAPanelInATerminal: with a 10 s turn timer (the least
// play takes), reading help for 12 s takes nothing from you: back at the
// hand the turn is still yours with time left, and the card you then play
// is the one revealed. Real seconds must pass, so this test waits them out;
// what it checks does not depend on how long the machine takes.
func TestTimerWaitsForAPanelInATerminal(t *testing.T) {
	term := startTerminal(t, "--seed 4 --bots 1 --timer 10s", 80, 24)
	if !term.wait("⏰") {
		t.Fatalf("no clock on the hand:\n%s", term.screen())
	}
	term.tmux("send-keys", "-t", term.session, "?")
	if !term.wait("❓ Help") {
		t.Fatalf("? opened no help:\n%s", term.screen())
	}
	time.Sleep(12 * time.Second) // past the turn's deadline, had the clock run
	if s := term.screen(); strings.Contains(s, "picked for you") || strings.Contains(s, "Reveal") {
		t.Fatalf("the turn was played while help was open:\n%s", s)
	}
	term.tmux("send-keys", "-t", term.session, "Escape")
	if !term.wait("Your hand — round 1, turn 1 ·") {
		t.Fatalf("back from help, the hand is not turn 1's:\n%s", term.screen())
	}
	left := regexp.MustCompile(`⏰ (\d+) s left`).FindStringSubmatch(term.screen())
	if left == nil || left[1] == "0" {
		t.Fatalf("back at the hand, no time left:\n%s", term.screen())
	}
	if strings.Contains(term.screen(), "🤖 You") || strings.Contains(term.screen(), "a bot plays") {
		t.Fatalf("a bot took your seat:\n%s", term.screen())
	}
	term.tmux("send-keys", "-t", term.session, "4", "Enter") // 🦑 Squid on this deal
	if !term.wait("You: 🦑 Squid") {
		t.Fatalf("your own pick was not the one revealed:\n%s", term.screen())
	}
	term.tmux("send-keys", "-t", term.session, "q")
}
