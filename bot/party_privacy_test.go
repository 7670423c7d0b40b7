package bot

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage/bolt"
	"github.com/sushigo/sushigo/words"
)

// partyTestMenus between them play every Party card that asks something
// after the reveal (chopsticks, spoon, menu, special order, takeout box),
// miso and uramaki, and every dessert.
var partyTestMenus = []string{
	"uramaki,miso,tofu,eel,spoon,menu,pudding",
	"uramaki,miso,onigiri,edamame,special-order,takeout,ice-cream",
	"temaki,miso,dumpling,sashimi,chopsticks,spoon,fruit",
	"maki,tempura,miso,tofu,takeout,special-order,fruit",
	"uramaki,miso,edamame,eel,chopsticks,special-order,ice-cream",
	"maki,miso,tofu,eel,menu,special-order,pudding",
}

// TestPartyPrivacyRandomGames plays random Party games through Handle:
// people press random buttons and selects of their private messages
// (picks, calls, copies, every decision), bots fill the other seats. Every
// delivery is checked as in TestPrivacyRandomGames, and a decision prompt
// may go only to the player deciding.
func TestPartyPrivacyRandomGames(t *testing.T) {
	games := 120
	if testing.Short() || raceBuild {
		games = 4
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
	decided := map[engine.DecisionKind]int{}
	for n := range games {
		r := rand.New(rand.NewPCG(uint64(n), 2))
		menu := partyTestMenus[n%len(partyTestMenus)]
		m, _ := engine.ParseMenu(menu)
		lo, hi := 2, engine.MaxSeats
		for _, k := range m.Kinds() {
			l, h := k.Players()
			lo, hi = max(lo, l), min(hi, h)
		}
		players := lo + r.IntN(hi-lo+1)
		people := []string{"ann", "bob", "cy"}[:1+r.IntN(min(3, players))]
		where := protocol.Location{Platform: "test", Community: "g", Channel: fmt.Sprint("p", n)}
		send := func(who string, a protocol.Action, private bool) protocol.Response {
			req := protocol.Request{Where: where, Who: protocol.User{ID: who, Name: who}, Action: a, FromPrivate: private}
			resp, err := b.Handle(ctx, req)
			if err != nil {
				t.Fatalf("game %d: %v", n, err)
			}
			checkDeliveries(t, b, where, resp)
			return resp
		}
		a, err := protocol.ParseCommand(fmt.Sprintf("new timer=0 menu=%s bots=%d", menu, players-len(people)), words.English)
		if err != nil {
			t.Fatal(err)
		}
		send("ann", a, false)
		for _, p := range people[1:] {
			send(p, protocol.Join{}, false)
		}
		send("ann", protocol.Start{}, false)
		for step := 0; step < 3000; step++ {
			st := load(t, b, where)
			if st.Phase == phaseOver {
				break
			}
			who := people[r.IntN(len(people))]
			if d, ok := st.game.Decision(); ok {
				who = st.Seats[d.Seat].User
			} else if st.game.Submitted(st.seatOf(who)) {
				continue
			}
			resp := send(who, protocol.ShowHand{}, false)
			for range 4 {
				act := randomControl(t, r, resp, who)
				if act == nil {
					break
				}
				if d, ok := load(t, b, where).game.Decision(); ok {
					if _, answer := act.(protocol.Answer); answer {
						decided[d.Kind]++
					}
				}
				resp = send(who, act, true)
			}
		}
		if st := load(t, b, where); st.Phase != phaseOver {
			t.Fatalf("game %d (%s, %d players, people %v) did not finish:\n%s", n, menu, players, people, dbgState(st))
		}
	}
	t.Logf("decisions by people: %v", decided)
	for _, k := range []engine.DecisionKind{engine.DecideChopsticks, engine.DecideSpoon, engine.DecideMenu, engine.DecideTakeout, engine.DecideCopy} {
		if decided[k] == 0 && !testing.Short() && !raceBuild {
			t.Errorf("no person ever made a %s decision", k)
		}
	}
}

// randomControl presses a random button or select of the private view who
// was sent, or returns nil when it has none.
func randomControl(t *testing.T, r *rand.Rand, resp protocol.Response, who string) protocol.Action {
	t.Helper()
	var v protocol.View
	for _, d := range resp.Deliveries {
		if d.To.User == who {
			v = d.View
		}
	}
	bs := v.Buttons()
	n := len(bs) + len(v.Selects)
	if n == 0 {
		return nil
	}
	k := r.IntN(n)
	// People lean towards bonus actions and special orders, so that every
	// kind of decision comes up.
	if r.IntN(2) == 0 {
		for _, j := range r.Perm(len(bs)) {
			if l := bs[j].Label; strings.HasPrefix(l, "Call") || strings.Contains(l, "Special") || strings.Contains(l, "Menu") {
				k = j
				break
			}
		}
	}
	if k < len(bs) {
		a, err := protocol.ParseActionID(bs[k].ActionID)
		if err != nil {
			t.Fatalf("button %q: %v", bs[k].ActionID, err)
		}
		return a
	}
	sel := v.Selects[k-len(bs)]
	count := sel.Min + r.IntN(sel.Max-sel.Min+1)
	var values []string
	for _, i := range r.Perm(len(sel.Options))[:count] {
		values = append(values, sel.Options[i].Value)
	}
	a, err := protocol.ParseSelection(sel.ActionID, values)
	if err != nil {
		t.Fatalf("select %q %v: %v", sel.ActionID, values, err)
	}
	if !strings.HasPrefix(sel.ActionID, "sg2:") {
		t.Fatalf("select %q is not versioned", sel.ActionID)
	}
	return a
}
