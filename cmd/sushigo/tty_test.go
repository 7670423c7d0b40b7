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
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("tmux is needed for the terminal test in CI")
		}
		t.Skip("no tmux: the terminal test needs it (apt install tmux)")
	}
	session := fmt.Sprintf("sushigo-%d", os.Getpid())
	tmux := func(args ...string) string {
		out, err := exec.Command("tmux", args...).CombinedOutput()
		if err != nil {
			t.Fatalf("tmux %v: %v %s", args, err, out)
		}
		return string(out)
	}
	cmd := fmt.Sprintf("env SUSHIGO_PLAY_CHILD='--seed 4 --bots 1' DATA_DIR=%s %s -test.run=^$", t.TempDir(), os.Args[0])
	tmux("new-session", "-d", "-s", session, "-x", "100", "-y", "40", cmd)
	t.Cleanup(func() { _ = exec.Command("tmux", "kill-session", "-t", session).Run() })
	screen := func() string { return tmux("capture-pane", "-p", "-t", session) }
	// wait polls the screen until it shows s (or the program ends).
	wait := func(s string) bool {
		for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); {
			if strings.Contains(screen(), s) {
				return true
			}
			time.Sleep(20 * time.Millisecond)
		}
		return false
	}
	if !wait("Your hand") {
		t.Fatalf("the game did not start in the terminal:\n%s", screen())
	}
	for step := 0; step < 300; step++ {
		s := screen()
		if strings.Contains(s, "Final standings") {
			break
		}
		if strings.Contains(s, "Enter: next") || strings.Contains(s, "Enter: back to the game") {
			tmux("send-keys", "-t", session, "Enter")
		} else {
			tmux("send-keys", "-t", session, "1", "Enter")
		}
		before := s
		for deadline := time.Now().Add(5 * time.Second); screen() == before && time.Now().Before(deadline); {
			time.Sleep(5 * time.Millisecond)
		}
	}
	if !strings.Contains(screen(), "Final standings") || !strings.Contains(screen(), "dessert") {
		t.Fatalf("no final table on the screen:\n%s", screen())
	}
	// A rematch, to its start: past the final panel, Rematch, then the new
	// lobby's Start (issue 24, item 4).
	tmux("send-keys", "-t", session, "Enter")
	if !wait("Rematch") {
		t.Fatalf("no Rematch after the final standings:\n%s", screen())
	}
	tmux("send-keys", "-t", session, "Enter")
	if !wait("Start") {
		t.Fatalf("the rematch opened no lobby with Start:\n%s", screen())
	}
	// The screen game draws emoji without their presentation selector
	// (U+FE0F), so that tmux and the layout agree on their width.
	start := regexp.MustCompile(`(\d) ▶ Start`).FindStringSubmatch(screen())
	if start == nil {
		t.Fatalf("no numbered Start:\n%s", screen())
	}
	tmux("send-keys", "-t", session, start[1], "Enter")
	if !wait("Your hand — round 1, turn 1") {
		t.Fatalf("Start in the rematch lobby did not deal:\n%s", screen())
	}
	if strings.Contains(screen(), "older game") {
		t.Errorf("a refusal on the rematch:\n%s", screen())
	}
	tmux("send-keys", "-t", session, "q")
}
