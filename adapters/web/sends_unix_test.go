//go:build unix

package web

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"testing"
	"time"
)

// tcpPair is a loopback TCP connection: the server's end, with its
// sender, and the page's end, their buffers small so that a page that
// does not read fills them soon.
func tcpPair(t *testing.T) (s *sender, page *net.TCPConn) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	accepted := make(chan net.Conn, 1)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			close(accepted)
			return
		}
		accepted <- c
	}()
	pc, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	page = pc.(*net.TCPConn)
	page.SetReadBuffer(4 << 10)
	nc, ok := <-accepted
	if !ok {
		t.Fatal("no connection accepted")
	}
	nc.(*net.TCPConn).SetWriteBuffer(4 << 10)
	t.Cleanup(func() { nc.Close(); page.Close() })
	s = newSender(nc)
	if s == nil {
		t.Fatal("no sender for a TCP connection on Unix")
	}
	return s, page
}

// frameNo is the nth test frame, distinct from every other.
func frameNo(n int) []byte { return fmt.Appendf(bytes.Repeat([]byte{'.'}, 1000), "frame %d\n", n) }

// waiting is how much waits in s beyond the kernel's buffer.
func (s *sender) waiting() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.behind)
}

// TestSenderNeverWaits: a page that does not read makes no write wait;
// what its buffers cannot hold waits in memory, and comes, in order, once
// the page reads. Writes then go at once again.
func TestSenderNeverWaits(t *testing.T) {
	s, page := tcpPair(t)
	var want bytes.Buffer
	n := 0
	// The writes run aside, so that one that waits fails the test.
	wrote := make(chan error, 1)
	put := func() error { // the next frame
		f := frameNo(n)
		if _, err := s.Write(f); err != nil {
			return fmt.Errorf("write %d: %w", n, err)
		}
		want.Write(f)
		n++
		return nil
	}
	go func() {
		wrote <- func() error {
			for s.waiting() == 0 { // until some wait
				if err := put(); err != nil {
					return err
				}
			}
			for range 20 { // behind the ones that wait
				if err := put(); err != nil {
					return err
				}
			}
			return nil
		}()
	}()
	select {
	case err := <-wrote:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a write to a page that does not read waited 10 s")
	}
	if s.waiting() == 0 {
		t.Fatal("nothing waits after 20 more frames to a page that does not read")
	}
	got := make([]byte, want.Len())
	if _, err := io.ReadFull(page, got); err != nil {
		t.Fatalf("the page read %v", err)
	}
	if !bytes.Equal(got, want.Bytes()) {
		t.Fatalf("the page read %d frames out of order or changed", n)
	}
	// The last bytes may be read before their send returns.
	for end := time.Now().Add(10 * time.Second); s.waiting() != 0; time.Sleep(time.Millisecond) {
		if time.Now().After(end) {
			t.Fatal("the send behind did not end once the page read it all")
		}
	}
	// Caught up: the next frame goes at once, with no deadline left over.
	f := frameNo(n)
	if _, err := s.Write(f); err != nil {
		t.Fatal(err)
	}
	if s.waiting() != 0 {
		t.Fatal("a frame to a page that reads waits")
	}
	got = make([]byte, len(f))
	if _, err := io.ReadFull(page, got); err != nil || !bytes.Equal(got, f) {
		t.Fatalf("the page read %q, %v; want %q", got, err, f)
	}
}

// TestSenderClosesAPageTooFarBehind: past maxBehind, a page is closed
// and every later write fails, at once.
func TestSenderClosesAPageTooFarBehind(t *testing.T) {
	s, page := tcpPair(t)
	var err error
	for n := 0; err == nil; n++ {
		if n > 10*maxBehind/1000 {
			t.Fatalf("%d frames written to a page that does not read", n)
		}
		_, err = s.Write(frameNo(n))
	}
	if !errors.Is(err, errBehind) {
		t.Fatalf("write failed with %v, want %v", err, errBehind)
	}
	if _, err := s.Write(frameNo(0)); !errors.Is(err, errBehind) {
		t.Fatalf("the next write failed with %v, want %v", err, errBehind)
	}
	if _, err := io.Copy(io.Discard, page); err != nil { // to the end: closed
		t.Fatalf("the page's socket ended with %v, want its end", err)
	}
}

// TestSenderTellsOfAFailedSend: a send that waited and failed (the page
// went) closes the socket and says so, since no write may follow to find
// out; later writes fail.
func TestSenderTellsOfAFailedSend(t *testing.T) {
	s, page := tcpPair(t)
	told := make(chan struct{}, 1)
	s.setBroken(func() {
		select {
		case told <- struct{}{}:
		default:
		}
	})
	for n := 0; s.waiting() == 0; n++ {
		if _, err := s.Write(frameNo(n)); err != nil {
			t.Fatal(err)
		}
	}
	page.SetLinger(0) // the page goes at once: its end is reset
	page.Close()
	select {
	case <-told:
	case <-time.After(10 * time.Second):
		t.Fatal("10 s after the page went, the failed send was not told")
	}
	if _, err := s.Write(frameNo(0)); err == nil {
		t.Fatal("a write to a broken socket succeeded")
	}
}
