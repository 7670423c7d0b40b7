package web_test

import (
	"bufio"
	"context"
	"encoding/binary"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestHelloWithTheUpgrade: a page that sends its hello in the same packet
// as the upgrade request (nothing forbids it) gets its page. The socket
// reads through a buffer of its own once net/http lets the connection go;
// bytes net/http had already read must not be left behind in net/http's.
func TestHelloWithTheUpgrade(t *testing.T) {
	tb := newTable(t)
	tb.lobbyOf("ann", "bob")
	l := tb.link("ann")
	hello, _ := json.Marshal(map[string]string{"t": "hello", "link": l[strings.Index(l, "#")+1:]})
	br := tb.upgradeWith(maskedText(hello))
	got := rawUntil(t, br, "a page", func(f frameOf) bool { return f.T == "page" || f.T == "refused" })
	if got.T == "refused" {
		t.Fatalf("refused: %s (%s)", got.Reason, got.Text)
	}
	if got.Page.Seat != 0 {
		t.Errorf("Ann's page is seat %d's", got.Page.Seat)
	}
}

// rawUntil reads the frames the server sends on br until one is ok.
func rawUntil(t *testing.T, br *bufio.Reader, what string, ok func(f frameOf) bool) frameOf {
	t.Helper()
	for {
		f, err := readFrame(br)
		if err != nil {
			t.Fatalf("no %s before %v", what, err)
		}
		var got frameOf
		if err := json.Unmarshal(f, &got); err != nil {
			t.Fatalf("%v: %q", err, f)
		}
		if ok(got) {
			return got
		}
	}
}

// upgradeWith opens a socket whose first packet, the upgrade request,
// carries frames too, and returns what the server sends once it has
// answered the upgrade.
func (tb *table) upgradeWith(frames ...[]byte) *bufio.Reader {
	tb.t.Helper()
	nc, err := net.Dial("tcp", tb.srv.Listener.Addr().String())
	if err != nil {
		tb.t.Fatal(err)
	}
	tb.t.Cleanup(func() { nc.Close() })
	upgrade := []byte("GET /ws HTTP/1.1\r\nHost: " + tb.srv.Listener.Addr().String() + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
	for _, f := range frames {
		upgrade = append(upgrade, f...)
	}
	if _, err := nc.Write(upgrade); err != nil {
		tb.t.Fatal(err)
	}
	nc.SetDeadline(time.Now().Add(10 * time.Second))
	br := bufio.NewReader(nc)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		tb.t.Fatal(err)
	}
	if resp.StatusCode != http.StatusSwitchingProtocols {
		tb.t.Fatalf("upgrade answered %s", resp.Status)
	}
	return br
}

// maskedText is p as one text frame from a client (masked, as RFC 6455
// wants a client's frames), for p under 64 KB.
func maskedText(p []byte) []byte {
	key := [4]byte{1, 2, 3, 4}
	f := []byte{0x81, 0x80 | byte(len(p))}
	if len(p) >= 126 {
		f = binary.BigEndian.AppendUint16([]byte{0x81, 0x80 | 126}, uint16(len(p)))
	}
	f = append(f, key[:]...)
	for i, b := range p {
		f = append(f, b^key[i%4])
	}
	return f
}

// readFrame reads one unmasked, unfragmented frame from the server.
func readFrame(br *bufio.Reader) ([]byte, error) {
	var h [2]byte
	if _, err := io.ReadFull(br, h[:]); err != nil {
		return nil, err
	}
	n := uint64(h[1] & 0x7f)
	switch n {
	case 126:
		var x [2]byte
		if _, err := io.ReadFull(br, x[:]); err != nil {
			return nil, err
		}
		n = uint64(binary.BigEndian.Uint16(x[:]))
	case 127:
		var x [8]byte
		if _, err := io.ReadFull(br, x[:]); err != nil {
			return nil, err
		}
		n = binary.BigEndian.Uint64(x[:])
	}
	p := make([]byte, n)
	_, err := io.ReadFull(br, p)
	return p, err
}

// TestCloseEndsEverySocket: once Close returns, no socket shows a game
// any more, and a socket opened after it is closed without a page.
func TestCloseEndsEverySocket(t *testing.T) { closeEndsEverySocket(t, newTable(t)) }

func closeEndsEverySocket(t *testing.T, tb *table) {
	tb.lobbyOf("ann", "bob")
	pages := map[string]*page{}
	for _, who := range []string{"ann", "bob"} {
		l := tb.link(who)
		pages[who] = tb.open(map[string]string{"link": l[strings.Index(l, "#")+1:]})
		pages[who].latest()
	}
	if n := tb.web.Watching(where.Key()); n != 2 {
		t.Fatalf("%d sockets show the game, want 2", n)
	}
	tb.web.Close()
	if n := tb.web.Watching(where.Key()); n != 0 {
		t.Errorf("%d sockets still show the game after Close", n)
	}
	for who, p := range pages {
		select {
		case <-p.closed:
		case <-time.After(10 * time.Second):
			t.Errorf("%s's socket is still open after Close", who)
		}
	}
	// A socket opened after Close is closed before its hello is read: the
	// page sends nothing, and its first read ends with the connection.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	late, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(tb.srv.URL, "http")+"/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer late.CloseNow()
	if _, data, err := late.Read(ctx); err == nil {
		t.Errorf("a socket opened after Close got a frame: %s", data)
	} else if ctx.Err() != nil {
		t.Error("a socket opened after Close is still open")
	}
}
