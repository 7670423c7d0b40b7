package web_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// Each page's reading waits in a poller where there is one (Linux), and
// its frames are written without waiting where the system allows (Unix);
// elsewhere each waits on a goroutine of its own. Both ways are tested
// here, on any system, the second by turning the poller and the sender
// off.
var readings = []struct {
	name         string
	onGoroutines bool
}{{"poller", false}, {"goroutines", true}}

func TestReadsBothWays(t *testing.T) {
	for _, r := range readings {
		t.Run(r.name, func(t *testing.T) {
			t.Run("whole game", func(t *testing.T) {
				wholeGamePrivacy(t, newTableReading(t, 1000, true, r.onGoroutines))
			})
			t.Run("close", func(t *testing.T) {
				closeEndsEverySocket(t, newTableReading(t, 1000, true, r.onGoroutines))
			})
			t.Run("clicks behind the hello", func(t *testing.T) {
				clicksBehindTheHello(t, newTableReading(t, 2, true, r.onGoroutines))
			})
			t.Run("a page that goes", func(t *testing.T) {
				pageThatGoes(t, newTableReading(t, 1000, true, r.onGoroutines))
			})
		})
	}
}

// TestThePollerOnLinux: on Linux the pages' reading waits in the poller;
// were it not made, every page would hold a goroutine again, unseen.
func TestThePollerOnLinux(t *testing.T) {
	if got, want := newTable(t).web.Polled(), runtime.GOOS == "linux"; got != want {
		t.Errorf("pages read in a poller: %v, want %v on %s", got, want, runtime.GOOS)
	}
}

// TestWritesWithoutWaitingOnUnix: on Unix every page's frames are written
// by whoever has them, without waiting; were the sender not made, a
// goroutine would start for every frame again, unseen. Turned off, none
// is.
func TestWritesWithoutWaitingOnUnix(t *testing.T) {
	unix := runtime.GOOS != "windows" && runtime.GOOS != "plan9" && runtime.GOOS != "js" && runtime.GOOS != "wasip1"
	for _, r := range readings {
		t.Run(r.name, func(t *testing.T) {
			tb := newTableReading(t, 1000, true, r.onGoroutines)
			tb.lobbyOf("ann", "bob")
			for _, u := range []string{"ann", "bob"} {
				l := tb.link(u)
				tb.open(map[string]string{"link": l[strings.Index(l, "#")+1:]}).latest()
			}
			want := 0
			if unix && !r.onGoroutines {
				want = 2
			}
			if n, of := tb.web.WrittenWithoutWaiting(where.Key()); n != want || of != 2 {
				t.Errorf("%d of %d pages written without waiting, want %d of 2 on %s", n, of, want, runtime.GOOS)
			}
		})
	}
}

// clicksBehindTheHello: clicks that come in the hello's packet wait in
// the socket's buffer, where no event says they are there; they are read
// all the same. Six, against two a second (four at once), get the page
// refused.
func clicksBehindTheHello(t *testing.T, tb *table) {
	tb.lobbyOf("ann", "bob")
	l := tb.link("ann")
	hello, _ := json.Marshal(map[string]string{"t": "hello", "link": l[strings.Index(l, "#")+1:]})
	frames := [][]byte{maskedText(hello)}
	for range 6 {
		frames = append(frames, maskedText([]byte(`{"t":"act","id":"sg1:hand:zz"}`)))
	}
	br := tb.upgradeWith(frames...)
	got := rawUntil(t, br, "refusal", func(f frameOf) bool { return f.T == "refused" })
	if got.Reason != "too-much" {
		t.Fatalf("refused %s (%s), want too-much", got.Reason, got.Text)
	}
}

// pageThatGoes: a page that closes its socket no longer shows the game.
func pageThatGoes(t *testing.T, tb *table) {
	tb.lobbyOf("ann", "bob")
	l := tb.link("ann")
	p := tb.open(map[string]string{"link": l[strings.Index(l, "#")+1:]})
	p.latest()
	if n := tb.web.Watching(where.Key()); n != 1 {
		t.Fatalf("%d sockets show the game, want 1", n)
	}
	p.ws.CloseNow()
	eventually(t, func() bool { return tb.web.Watching(where.Key()) == 0 }, func() string {
		return "the closed page's socket still shows the game"
	})
}

// TestIdlePagesHoldNoGoroutine: pages waiting for their readers' clicks
// hold no goroutine reading, where the poller watches them; on
// goroutines, each holds one.
func TestIdlePagesHoldNoGoroutine(t *testing.T) {
	const pages = 20
	for _, r := range readings {
		t.Run(r.name, func(t *testing.T) {
			tb := newTableReading(t, 1000, true, r.onGoroutines)
			tb.lobbyOf("ann", "bob")
			for range pages {
				l := tb.link("ann")
				tb.open(map[string]string{"link": l[strings.Index(l, "#")+1:]}).latest()
			}
			want := 0
			if !tb.web.Polled() {
				want = pages
			}
			// A page's reading may still be handing its socket back after
			// its page was written: wait for it, within reason.
			n := 0
			eventually(t, func() bool { n = readingGoroutines(); return n == want }, func() string {
				return fmt.Sprintf("%d goroutines read the idle pages, want %d", n, want)
			})
		})
	}
}

// readingGoroutines counts the goroutines in a page's reading.
func readingGoroutines() int {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			return bytes.Count(buf[:n], []byte("web.(*reader).run("))
		}
		buf = make([]byte, 2*len(buf))
	}
}
