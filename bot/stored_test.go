package bot_test

import (
	"sync"
	"testing"
	"time"

	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/protocol"
)

// storedLog collects what a host announces (Config.OnStored).
type storedLog struct {
	mu  sync.Mutex
	all []bot.Stored
}

func (l *storedLog) add(s bot.Stored) { l.mu.Lock(); l.all = append(l.all, s); l.mu.Unlock() }

func (l *storedLog) since(n int) []bot.Stored {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]bot.Stored(nil), l.all[n:]...)
}

// TestEveryStoredChangeIsAnnounced: each change a game stores, from a
// command, a click, a timer or a bot, is announced once, after it is
// stored, with the version saved, each later than the one before; what
// changes nothing (a look, a refusal) announces nothing.
func TestEveryStoredChangeIsAnnounced(t *testing.T) {
	h := newHarness(t)
	var log storedLog
	h.b = bot.New(h.store, withStored(t, h, &log))
	h.lobby("ann", "timer=60 bots=1", "bob")
	// new, the lobby message's reference, the join.
	if got := log.since(0); len(got) != 3 || got[0].Game == "" || got[1].Version <= got[0].Version || got[2].Version <= got[1].Version {
		t.Fatalf("new, its message and a join announced %+v, want three, in version order", got)
	}
	n := len(log.since(0))
	h.startGame("ann")
	id := h.gameID()
	got := log.since(n)
	if len(got) != 1 || got[0].Game != id || got[0].Where != h.where || got[0].Key == "" {
		t.Fatalf("Start announced %+v", got)
	}
	_, ver, err := h.store.LoadGame(t.Context(), got[0].Key)
	if err != nil || ver != got[0].Version {
		t.Errorf("announced version %d, stored %d (%v)", got[0].Version, ver, err)
	}
	// Looks and refusals store nothing, so announce nothing (ann's hand
	// message is open: its handle is kept already).
	h.send("ann", protocol.ShowHand{Game: id}, false)
	n = len(log.since(0))
	h.send("ann", protocol.Status{}, false)
	h.send("cat", protocol.Pick{Game: id, Round: 1, Turn: 1}, true)
	h.send("ann", protocol.Pick{Game: id, Round: 1, Turn: 7}, true)
	if got := log.since(n); len(got) != 0 {
		t.Errorf("a look and two refusals announced %+v", got)
	}
	// A pick, and the timer that reminds and then picks for bob.
	h.playTurn([]string{"ann"})
	picked := len(log.since(n))
	if picked == 0 {
		t.Error("a pick announced nothing")
	}
	h.tick(35 * time.Second)
	h.tick(30 * time.Second)
	after := log.since(n + picked)
	if len(after) < 2 {
		t.Errorf("the reminder and the timer's pick announced %+v, want each", after)
	}
	last := protocol.Location{}
	var prev uint64
	for _, s := range log.since(0) {
		if s.Key == got[0].Key {
			if uint64(s.Version) <= prev {
				t.Errorf("versions not increasing: %+v", log.since(0))
				break
			}
			prev = uint64(s.Version)
			last = s.Where
		}
	}
	if last != h.where {
		t.Errorf("announced where %+v", last)
	}
}

func withStored(t *testing.T, h *harness, log *storedLog) bot.Config {
	t.Helper()
	return bot.Config{Now: func() time.Time { return h.now }, Seed: func() uint64 { h.seed++; return h.seed }, OnStored: log.add}
}
