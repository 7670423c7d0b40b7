package bot_test

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/words"
)

// countedStore counts the games read from its store.
type countedStore struct {
	storage.Store
	reads *atomic.Int64
}

func (s countedStore) LoadGame(ctx context.Context, key string) ([]byte, storage.Version, error) {
	s.reads.Add(1)
	return s.Store.LoadGame(ctx, key)
}

func (s countedStore) LoadGameSide(ctx context.Context, key string) ([]byte, []byte, storage.Version, error) {
	s.reads.Add(1)
	return s.Store.LoadGameSide(ctx, key)
}

// TestPagesOfAKnownChange: the pages of a change this replica stored are
// drawn from the game as it stored it, reading nothing, and are the very
// pages a read draws; a change it does not hold (another replica's, a
// version it never saw, another game at the key, another key) is read.
func TestPagesOfAKnownChange(t *testing.T) {
	h := newHarness(t)
	var mu sync.Mutex
	var last bot.Stored
	h.onStored = func(s bot.Stored) { mu.Lock(); last = s; mu.Unlock() }
	var reads atomic.Int64
	h.store = countedStore{Store: h.store, reads: &reads}
	h.b = h.newBot()
	lastChange := func() protocol.Changed { mu.Lock(); defer mu.Unlock(); return last.Change() }
	ctx := context.Background()
	fr, _ := words.Find("fr")
	readers := []protocol.Reader{{User: "ann"}, {User: "bob", Lang: fr}, {User: ""}}
	drawn := func(known protocol.Changed) (pages []protocol.Page, read bool) {
		t.Helper()
		before := reads.Load()
		pages, err := h.b.Pages(ctx, h.where, known, readers)
		if err != nil {
			t.Fatal(err)
		}
		return pages, reads.Load() != before
	}
	check := func(stage string) {
		t.Helper()
		c := lastChange()
		if c.Key != h.where.Key() || c.Game != h.gameID() || c.Version == 0 {
			t.Fatalf("%s: the change heard is %+v", stage, c)
		}
		known, read := drawn(c)
		if read {
			t.Errorf("%s: the pages of a change this replica stored read the store", stage)
		}
		stored, read := drawn(protocol.Changed{})
		if !read {
			t.Fatalf("%s: pages of no known change read nothing: the count counts nothing", stage)
		}
		if !reflect.DeepEqual(known, stored) {
			t.Errorf("%s: drawn from the stored change:\n%+v\nread:\n%+v", stage, known, stored)
		}
		if known[0].Version != uint64(c.Version) {
			t.Errorf("%s: the pages show version %d of the change's %d", stage, known[0].Version, c.Version)
		}
		for _, other := range []protocol.Changed{
			{Key: c.Key, Game: c.Game, Version: c.Version + 1},
			{Key: c.Key, Game: "another", Version: c.Version},
			{Key: "test:guild:elsewhere", Game: c.Game, Version: c.Version},
		} {
			if _, read := drawn(other); !read {
				t.Errorf("%s: the pages of %+v, a change this replica does not hold, read nothing", stage, other)
			}
		}
	}
	h.lobby("ann", "bots=1 level=easy", "bob")
	check("lobby")

	// Another replica (a host on the same store) stores a change: this
	// one, holding the version before, reads the game for it.
	mine, before := h.b, lastChange()
	h.b = h.newBot()
	h.do("cy", "join")
	h.b = mine
	after := lastChange()
	if after.Version <= before.Version || after.Game != before.Game {
		t.Fatalf("the other replica stored %+v after %+v", after, before)
	}
	pages, read := drawn(after)
	if !read || pages[0].Version != uint64(after.Version) {
		t.Errorf("another replica's change: read %v, the page shows version %d of %d", read, pages[0].Version, after.Version)
	}
	check("read since")

	h.startGame("ann")
	check("started")
}

// TestWatchersSeeOnePage: a page for someone without a seat is the same
// for every such reader in a language (the web table encodes it once for
// all of them), has no hand, and is drawn in the reader's language; a
// seat's page has its own hand.
func TestWatchersSeeOnePage(t *testing.T) {
	h := newHarness(t)
	h.lobby("ann", "", "bob")
	h.startGame("ann")
	h.playRound([]string{"ann", "bob"})
	fr, _ := words.Find("fr")
	readers := []protocol.Reader{{User: "cy"}, {User: "dee"}, {User: ""}, {User: "eve", Lang: fr}, {User: "ann"}}
	pages, err := h.b.Pages(context.Background(), h.where, protocol.Changed{}, readers)
	if err != nil {
		t.Fatal(err)
	}
	cy, dee, anyone, eve, ann := pages[0], pages[1], pages[2], pages[3], pages[4]
	if cy.Seat != -1 || cy.Hand != nil || cy.Reveal == nil || cy.Scores == nil {
		t.Fatalf("a watcher's page: seat %d, hand %v, reveal %v, scores %v", cy.Seat, cy.Hand, cy.Reveal, cy.Scores)
	}
	if !reflect.DeepEqual(cy, dee) || !reflect.DeepEqual(cy, anyone) {
		t.Errorf("two watchers' pages in English differ:\n%+v\n%+v\n%+v", cy, dee, anyone)
	}
	if eve.Hand != nil || eve.Table.Title == cy.Table.Title || eve.Table.Lang != fr {
		t.Errorf("the French watcher's table: %q in %v, the English one's %q", eve.Table.Title, eve.Table.Lang, cy.Table.Title)
	}
	if ann.Seat != 0 || ann.Hand == nil {
		t.Errorf("Ann's page: seat %d, hand %v", ann.Seat, ann.Hand)
	}
}

// TestPageShowsWhatHasHappened: a page shows a reveal once a turn was
// revealed and a round's scores once a round was scored, not before.
func TestPageShowsWhatHasHappened(t *testing.T) {
	h := newHarness(t)
	h.lobby("ann", "", "bob")
	h.startGame("ann")
	page := func() protocol.Page {
		t.Helper()
		p, err := h.b.Page(context.Background(), h.where, "cy", words.Lang{})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	if p := page(); p.Reveal != nil || p.Scores != nil || p.Final != nil {
		t.Fatalf("before the first reveal: reveal %v, scores %v, final %v", p.Reveal != nil, p.Scores != nil, p.Final != nil)
	}
	h.playTurn([]string{"ann", "bob"})
	p := page()
	if p.Reveal == nil || p.Scores != nil {
		t.Fatalf("after the first turn: reveal %v, scores %v", p.Reveal != nil, p.Scores != nil)
	}
	// The channel's table repeats the latest reveal; the page's does not,
	// having the reveal's own panel: the same lines twice on one screen.
	en, _ := words.Find("en")
	last := en.Say("render.lastRevealRoundDTurn", 1, 1)
	if chat := h.table(); !strings.Contains(chat.Text, last) {
		t.Fatalf("the channel's table has no %q:\n%s", last, chat.Text)
	}
	if strings.Contains(p.Table.Text, last) || p.Reveal.Title != en.Say("reveal.title", 1, 1) || p.Reveal.Text == "" {
		t.Errorf("the page's table repeats its reveal panel:\n%s\n---\n%s\n%s", p.Table.Text, p.Reveal.Title, p.Reveal.Text)
	}
	h.playRound([]string{"ann", "bob"})
	if p := page(); p.Reveal == nil || p.Scores == nil || p.Scores.Screen != protocol.ScreenRoundScores {
		t.Fatalf("after the first round: reveal %v, scores %+v", p.Reveal != nil, p.Scores)
	}
}

// TestPageLobbyShowsWhatTheReaderMayPress: the channel's lobby holds
// every control, being everyone's; a page's holds only the controls its
// reader may press (Join for a watcher, Leave for a seat, the host's for
// the host), and each control it leaves out is one the host refuses that
// reader.
func TestPageLobbyShowsWhatTheReaderMayPress(t *testing.T) {
	for _, opts := range []string{"", "party"} {
		t.Run("new "+opts, func(t *testing.T) {
			h := newHarness(t)
			h.lobby("ann", opts, "bob")
			lobby := func() protocol.View {
				t.Helper()
				v, ok := h.lastPublic("lobby")
				if !ok {
					t.Fatal("no lobby in the channel")
				}
				return v
			}
			chat := lobby()
			all := controls(chat)
			// A classic lobby's host may switch to Party by a button; a
			// Party lobby's chooses the game with the menu's select.
			hostOnes := []string{"Leave", "AddBot", "Start"}
			if opts == "" {
				hostOnes = append(hostOnes, "SetMenu")
			} else if len(chat.Selects) == 0 {
				t.Fatal("the channel's Party lobby has no menu to choose")
			}
			for _, want := range append([]string{"Join"}, hostOnes...) {
				if !slices.Contains(all, want) {
					t.Fatalf("the channel's lobby has no %s: %v", want, all)
				}
			}
			for _, c := range []struct {
				who  string
				want []string
			}{
				{"ann", hostOnes},
				{"bob", []string{"Leave"}},
				{"cy", []string{"Join"}},
			} {
				p, err := h.b.Page(context.Background(), h.where, c.who, words.Lang{})
				if err != nil {
					t.Fatal(err)
				}
				got := controls(p.Table)
				if !reflect.DeepEqual(got, c.want) {
					t.Errorf("%s's page offers %v, want %v", c.who, got, c.want)
				}
				if host := c.who == "ann"; (len(p.Table.Selects) > 0) != (host && len(chat.Selects) > 0) {
					t.Errorf("%s's page has %d selects, the channel's lobby %d", c.who, len(p.Table.Selects), len(chat.Selects))
				}
				if p.Table.Title != chat.Title || p.Table.Footer != chat.Footer {
					t.Errorf("%s's page words the lobby otherwise than the channel", c.who)
				}
				// What the page leaves out, the host refuses this reader.
				for _, b := range chat.Buttons() {
					a, _ := protocol.ParseActionID(b.ActionID)
					if slices.Contains(got, actionName(a)) || b.Disabled {
						continue
					}
					resp := h.click(c.who, b.ActionID, false)
					if len(resp.Deliveries) != 1 || resp.Deliveries[0].View.Tone != protocol.ToneError {
						t.Errorf("%s's page leaves out %s, which the host lets them press: %+v", c.who, actionName(a), resp.Deliveries)
					}
				}
			}
			if again := controls(lobby()); !reflect.DeepEqual(again, all) {
				t.Errorf("a refused press changed the lobby: %v, was %v", again, all)
			}
		})
	}
}

// controls names the actions of v's buttons, in order.
func controls(v protocol.View) []string {
	var out []string
	for _, b := range v.Buttons() {
		a, err := protocol.ParseActionID(b.ActionID)
		if err != nil {
			out = append(out, b.ActionID)
			continue
		}
		out = append(out, actionName(a))
	}
	return out
}

func actionName(a protocol.Action) string {
	return strings.TrimPrefix(fmt.Sprintf("%T", a), "protocol.")
}
