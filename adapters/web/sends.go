package web

import (
	"errors"
	"net"
	"sync"
	"time"
)

// A page's frames are written by whoever has them, the redraw worker or a
// click's answer, straight into its socket's kernel buffer: a write never
// waits for the page. What the buffer cannot take now waits in memory,
// and a goroutine sends it as the page reads.
//
// Before, a frame offered to an idle socket started a goroutine only to
// make the write, since a write could block for as long as the page took
// to read: at the whole web load (docs/capacity.md) seven goroutines a
// click, each waiting its turn for a core before its frame left.

// maxBehind bounds what a page's socket may have waiting beyond its
// kernel buffer (a hundred or more pages): a page that far behind is
// closed, and draws the game anew when it reconnects.
const maxBehind = 256 << 10

// errBehind ends a page that reads too slowly.
var errBehind = errors.New("web: the page reads too slowly")

// sender is a socket's writer that never waits (sends_unix.go makes it
// where the system can write without waiting).
type sender struct {
	nc  net.Conn
	now func(p []byte) (int, error) // writes what the kernel takes of p at once

	mu     sync.Mutex
	behind []byte // what waits for the page to read, in order
	err    error  // set once a write failed; every later one fails
	// broken, if set, is told when the socket is closed by a send behind
	// (conn.broken): no write of the page's may follow to say it.
	broken func()
}

// Write writes p at once, as far as the kernel takes it, and keeps the
// rest to be sent in order. It fails only once the socket is broken or too
// far behind.
func (s *sender) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil {
		return 0, s.err
	}
	if len(s.behind) > 0 { // a send is under way: p goes after it
		if len(s.behind)+len(p) > maxBehind {
			s.err = errBehind
			s.nc.Close()
			return 0, s.err
		}
		s.behind = append(s.behind, p...)
		return len(p), nil
	}
	n, err := s.now(p)
	if err != nil {
		s.err = err
		return n, err
	}
	if n < len(p) {
		s.behind = append([]byte(nil), p[n:]...)
		go s.drain()
	}
	return len(p), nil
}

// setBroken sets what is told when a send behind closes the socket.
func (s *sender) setBroken(f func()) {
	s.mu.Lock()
	s.broken = f
	s.mu.Unlock()
}

// drain sends what waits, waiting for the page to read it, until nothing
// does; a send that takes writeWait, or fails, closes the socket.
func (s *sender) drain() {
	for {
		s.mu.Lock()
		b := s.behind // Write appends beyond b, never into it
		s.mu.Unlock()
		err := s.nc.SetWriteDeadline(time.Now().Add(writeWait))
		if err == nil {
			_, err = s.nc.Write(b)
		}
		s.mu.Lock()
		if err != nil {
			if s.err == nil { // else the socket was closed for it
				s.err = err
			}
			s.behind = nil
			broken := s.broken
			s.mu.Unlock()
			s.nc.Close()
			if broken != nil {
				broken()
			}
			return
		}
		s.behind = s.behind[len(b):]
		if len(s.behind) == 0 {
			// The next write is tried at once again, and an expired
			// deadline would fail it.
			if err := s.nc.SetWriteDeadline(time.Time{}); err != nil && s.err == nil {
				s.err = err
			}
			s.behind = nil
			s.mu.Unlock()
			return
		}
		s.mu.Unlock()
	}
}
