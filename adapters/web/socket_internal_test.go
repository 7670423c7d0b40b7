package web

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// socketPair is a server's conn and the page's end of its socket.
func socketPair(t *testing.T) (*conn, *websocket.Conn) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	got := make(chan *conn, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		ws, err := websocket.Accept(rw, r, nil)
		if err != nil {
			return
		}
		got <- &conn{ws: ws}
		<-ctx.Done()
		ws.CloseNow()
	}))
	t.Cleanup(srv.Close)
	page, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { page.CloseNow() })
	return <-got, page
}

func read(t *testing.T, ws *websocket.Conn) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, b, err := ws.Read(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// writingAfterAWhile reports whether a goroutine writes c's frames, waiting up to
// ten seconds for it to end.
func writingAfterAWhile(c *conn) bool {
	for range 1000 {
		c.mu.Lock()
		w := c.writing
		c.mu.Unlock()
		if !w {
			return false
		}
		time.Sleep(10 * time.Millisecond)
	}
	return true
}

// TestSocketWritesOnlyWhatIsOffered: a socket's frames go out in order,
// notes before the page and only the newest page, from a goroutine that
// lives while there is something to write; once stopped, nothing more is
// written.
func TestSocketWritesOnlyWhatIsOffered(t *testing.T) {
	c, page := socketPair(t)
	c.notes = [][]byte{[]byte("hello")}
	c.offerPage([]byte("page 1"), 1) // not started: kept for the start
	if c.writing {
		t.Fatal("a writer started before the socket did")
	}
	c.start(context.Background())
	if got := read(t, page); got != "hello" {
		t.Fatalf("first frame %q, want hello", got)
	}
	if got := read(t, page); got != "page 1" {
		t.Fatalf("second frame %q, want page 1", got)
	}
	if writingAfterAWhile(c) {
		t.Fatal("a writer goroutine lives on with nothing to write")
	}
	for v := uint64(2); v <= 50; v++ {
		c.offerPage(fmt.Appendf(nil, "page %d", v), v)
		if v%10 == 0 {
			c.offerNote(fmt.Appendf(nil, "note %d", v))
		}
	}
	c.offerPage([]byte("stale"), 3) // older than the newest offered: dropped
	// Whatever was written, pages come in order up to the newest, and
	// every note comes (none is dropped). Note 50 was offered after page
	// 50, so it may come after it: both are read before the socket stops,
	// or a frame written before the stop would be taken for one after.
	last, notes := 1, 0
	for last < 50 || notes < 5 {
		f := read(t, page)
		var v int
		if _, err := fmt.Sscanf(f, "page %d", &v); err != nil {
			if !strings.HasPrefix(f, "note ") {
				t.Fatalf("unexpected frame %q", f)
			}
			notes++
			continue
		}
		if v <= last {
			t.Fatalf("page %d after page %d", v, last)
		}
		last = v
	}
	if writingAfterAWhile(c) {
		t.Fatal("a writer goroutine lives on with nothing to write")
	}
	c.stop()
	c.offerPage([]byte("page 51"), 51)
	c.offerNote([]byte("late"))
	if c.writing {
		t.Fatal("a writer started after the socket stopped")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	if _, b, err := page.Read(ctx); err == nil {
		t.Fatalf("a frame %q came after the socket stopped", b)
	}
}
