// Package consoletest plays the terminal game's line mode in tests: an
// output buffer safe to read while the game writes it, and a player that
// answers every prompt as a person would, only once asked.
package consoletest

import (
	"bytes"
	"io"
	"strings"
	"sync"
	"time"
)

// Buffer is an output the game writes while a test reads it.
type Buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *Buffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *Buffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// Prompted waits until out shows the n-th prompt (each ends in "> "): a
// player types a line only once the console has asked for it (a line read
// ahead would land after the end, on its Rematch). False after ten
// seconds without it.
func Prompted(out *Buffer, n int) bool {
	for deadline := time.Now().Add(10 * time.Second); strings.Count(out.String(), "> ") < n; {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(100 * time.Microsecond)
	}
	return true
}

// Player answers every prompt with "1" (the first card, or the first
// button; "2" when the first card is the one already chosen) until the
// final standings (🏆, in any language) are on screen or Max lines were
// typed (600 when 0), then types "quit", or ends its input when EOF is
// set.
type Player struct {
	Out *Buffer
	EOF bool
	Max int

	mu sync.Mutex
	n  int
}

func (pl *Player) Read(p []byte) (int, error) {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	pl.n++
	if !Prompted(pl.Out, pl.n) {
		return 0, io.EOF
	}
	out := pl.Out.String()
	limit := pl.Max
	if limit == 0 {
		limit = 600
	}
	if strings.Contains(out, "🏆 ") || pl.n > limit { // 🏆: the final standings, in any language
		if pl.EOF {
			return 0, io.EOF
		}
		return copy(p, "quit\n"), nil
	}
	if strings.HasSuffix(strings.TrimRight(out[:max(0, strings.LastIndex(out, "> "))], " \n"), "not available right now.") {
		return copy(p, "2\n"), nil
	}
	return copy(p, "1\n"), nil
}
