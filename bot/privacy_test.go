package bot

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage/bolt"
	"github.com/sushigo/sushigo/words"
)

// publicButtons are the only actions a channel message may offer.
var publicButtons = []string{"join", "leave", "start", "addbot", "hand", "end", "rematch", "review", "setmenu", "menu"}

// TestPrivacyRandomGames plays random games through Handle (people picking
// random cards from their hand buttons, bots in the other seats) and checks
// every delivery:
//   - a channel message offers only public buttons;
//   - the channel renderings of every state reached are unchanged when all
//     hidden cards (hands, draw pile, pending picks) are reshuffled, and the
//     table the channel is shown is that rendering of the stored state;
//   - a private hand goes only to its owner and shows exactly their hand.
func TestPrivacyRandomGames(t *testing.T) {
	games := 1000
	if testing.Short() || raceBuild {
		games = 20
	}
	store, err := bolt.Open(filepath.Join(t.TempDir(), "p.db"), bolt.Options{NoSync: true, SweepEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	now := time.Date(2026, 11, 18, 20, 0, 0, 0, time.UTC)
	seed := uint64(0)
	b := New(store, Config{Now: func() time.Time { return now }, Seed: func() uint64 { seed++; return seed }})
	ctx := context.Background()
	for n := range games {
		r := rand.New(rand.NewPCG(uint64(n), 1))
		where := protocol.Location{Platform: "test", Community: "g", Channel: fmt.Sprint("c", n)}
		people := []string{"ann", "bob"}[:1+r.IntN(2)]
		dummy := len(people) == 2 && r.IntN(4) == 0
		bots := 0
		if !dummy {
			bots = r.IntN(4)
			if len(people)+bots < 2 {
				bots = 1
			}
		}
		opts := fmt.Sprintf("new timer=0 bots=%d", bots)
		if dummy {
			opts += " dummy"
		}
		send := func(who string, a protocol.Action, private bool) protocol.Response {
			req := protocol.Request{Where: where, Who: protocol.User{ID: who, Name: who}, Action: a, FromPrivate: private}
			resp, err := b.Handle(ctx, req)
			if err != nil {
				t.Fatalf("game %d: %v", n, err)
			}
			checkDeliveries(t, b, where, resp)
			return resp
		}
		a, _ := protocol.ParseCommand(opts, words.English)
		send("ann", a, false)
		if len(people) == 2 {
			send("bob", protocol.Join{}, false)
		}
		send("ann", protocol.Start{}, false)
		for step := 0; step < 400; step++ {
			st := load(t, b, where)
			if st.Phase == phaseOver {
				break
			}
			who := people[r.IntN(len(people))]
			i := st.seatOf(who)
			if st.game.Submitted(i) {
				continue
			}
			// Walk the hand buttons at random until submitted.
			resp := send(who, protocol.ShowHand{}, false)
			for k := 0; k < 4; k++ {
				var picks []protocol.Button
				for _, d := range resp.Deliveries {
					if d.To.User == who {
						for _, btn := range d.View.Buttons() {
							if strings.HasPrefix(btn.ActionID, "sg1:pick:") {
								picks = append(picks, btn)
							}
						}
					}
				}
				if len(picks) == 0 {
					break
				}
				act, err := protocol.ParseActionID(picks[r.IntN(len(picks))].ActionID)
				if err != nil {
					t.Fatal(err)
				}
				resp = send(who, act, true)
			}
		}
		if st := load(t, b, where); st.Phase != phaseOver {
			t.Fatalf("game %d (%v, dummy %v, bots %d) did not finish:\n%s", n, people, dummy, bots, dbgState(st))
		}
	}
}

func load(t *testing.T, b *Bot, where protocol.Location) *gameRecord {
	t.Helper()
	st, found, err := b.rec.Read(context.Background(), where.Key())
	if err != nil || !found {
		t.Fatalf("no game at %s: %v", where.Key(), err)
	}
	return st
}

func checkDeliveries(t *testing.T, b *Bot, where protocol.Location, resp protocol.Response) {
	t.Helper()
	st := load(t, b, where)
	if st.game == nil {
		return
	}
	now := b.now()
	hidden := *st
	g := *st.game
	g.Determinize(-1, uint64(len(resp.Deliveries))+7)
	hidden.game = &g
	renders := []struct {
		name string
		fn   func(*snapshot) protocol.View
	}{
		{"table", func(s *snapshot) protocol.View { return tableView(s, now) }},
		{"reveal", revealView},
		{"scores", scoresView},
	}
	if st.game.Round() > 1 || st.game.Over() {
		renders = append(renders, struct {
			name string
			fn   func(*snapshot) protocol.View
		}{"round", func(s *snapshot) protocol.View { return roundScoreView(s, 1) }})
	}
	if st.game.Over() {
		renders = append(renders, struct {
			name string
			fn   func(*snapshot) protocol.View
		}{"final", finalView})
	}
	for _, r := range renders {
		if !reflect.DeepEqual(r.fn(st.snap()), r.fn(hidden.snap())) {
			t.Fatalf("the %s view changes with hidden cards:\n%s\nvs\n%s", r.name, r.fn(st.snap()), r.fn(hidden.snap()))
		}
	}
	for _, d := range resp.Deliveries {
		if d.To.IsPublic() {
			for _, btn := range d.View.Buttons() {
				f := strings.Split(btn.ActionID, ":")
				if len(f) < 2 || !slices.Contains(publicButtons, f[1]) {
					t.Fatalf("a channel message offers %q", btn.ActionID)
				}
			}
			for _, sel := range d.View.Selects {
				if f := strings.Split(sel.ActionID, ":"); len(f) < 2 || f[1] != "menu" {
					t.Fatalf("a channel message offers the select %q", sel.ActionID)
				}
			}
			if (strings.HasPrefix(d.View.Title, "🍣 Sushi Go! — round") || strings.HasPrefix(d.View.Title, "🎉 Sushi Go Party! — round")) &&
				!reflect.DeepEqual(d.View, inGameLang(tableView(st.snap(), now), st)) {
				t.Fatalf("the channel was shown a table that is not the stored state's:\n%s", d.View)
			}
			continue
		}
		if strings.Contains(d.View.Title, "Your choice") {
			// A decision prompt is rendered from the stored state: it must
			// be the pending decision's, and go to its decider alone.
			dec, ok := st.game.Decision()
			if !ok || st.seatOf(d.To.User) != dec.Seat {
				t.Fatalf("%s was sent a decision prompt; pending: %v %+v", d.To.User, ok, dec)
			}
			continue
		}
		if !strings.Contains(d.View.Title, "Your hand") || st.game.Over() {
			continue
		}
		i := st.seatOf(d.To.User)
		if i < 0 {
			t.Fatalf("a hand went to %q, who has no seat", d.To.User)
		}
		want := st.game.View(i).AppendHand(nil)
		slices.Sort(want)
		if got := handCards(d.View); len(got) > 0 && !slices.Equal(got, distinct(want)) && !strings.Contains(d.View.Text, "Now choose") && !strings.Contains(d.View.Text, "First card") {
			t.Fatalf("%s was shown %v, their hand is %v", d.To.User, got, want)
		}
	}
}

// handCards lists the cards of a stage-one hand view's card buttons.
func handCards(v protocol.View) []engine.Card {
	var out []engine.Card
	for _, btn := range v.Buttons() {
		a, err := protocol.ParseActionID(btn.ActionID)
		if p, ok := a.(protocol.Pick); err == nil && ok && !p.Chop && p.Card != engine.None && p.Extra == engine.None && p.Dummy == engine.None && p.Copy == engine.None {
			out = append(out, p.Card)
		}
	}
	return out
}

func distinct(cs []engine.Card) []engine.Card { return slices.Compact(slices.Clone(cs)) }

// inGameLang is v marked as written in the game's language, as its
// deliveries are.
func inGameLang(v protocol.View, st *gameRecord) protocol.View {
	v.Lang = st.Lang
	return v
}
