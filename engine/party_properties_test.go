package engine_test

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/strategy"
)

var partyGames = flag.Int("party-games", 0, "Party property games per player count (default 10,000; 100 with -short or -race)")

func partyGamesPerCount(t *testing.T) int {
	switch {
	case *partyGames > 0:
		return *partyGames
	case testing.Short() || raceBuild:
		return 100
	}
	return 10000
}

// randomMenu draws a legal menu for the player count from rng.
func randomMenu(players int, rng *rand.Rand) engine.Menu {
	groups := map[engine.Group][]engine.Kind{}
	for k := engine.Kind(1); k.Key() != "unknown"; k++ {
		groups[k.Group()] = append(groups[k.Group()], k)
	}
	for {
		var ks []engine.Kind
		for g, n := range map[engine.Group]int{engine.GroupRoll: 1, engine.GroupAppetizer: 3, engine.GroupSpecial: 2, engine.GroupDessert: 1} {
			all := slices.Clone(groups[g])
			rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
			ks = append(ks, all[:n]...)
		}
		m, err := engine.NewMenu(ks...)
		if err != nil {
			panic(err)
		}
		if m.Check(players) == nil {
			return m
		}
	}
}

// partySettings returns the menu a property game is played on: every
// recommended menu legal for the count in turn, then random legal menus.
func partySettings(players int, i uint64) engine.Settings {
	rec := engine.Menus(players)
	s := engine.Settings{Ruleset: engine.Party, Players: players}
	if int(i%4) < 2 && len(rec) > 0 {
		s.Menu = rec[int(i/4)%len(rec)].Menu
	} else {
		s.Menu = randomMenu(players, rand.New(rand.NewPCG(i, uint64(players))))
	}
	return s
}

// action is one submission or one answer of a game's log.
type action struct {
	seat   int
	sub    engine.Submission
	answer *engine.Answer
}

func (a action) apply(g *engine.Game) error {
	if a.answer != nil {
		return g.Decide(a.seat, *a.answer)
	}
	return g.Submit(a.seat, a.sub)
}

// TestPartyPropertiesRandomGames plays many seeded random Party games at
// every player count, on every recommended menu and random legal menus, and
// checks after every action that every card is accounted for (Invariants),
// that rounds last HandSize turns, that each round's score equals its
// breakdown lines and an independent naive scoring of the tableaux rebuilt
// from the public view and the reveal's events, that desserts score as the
// rulebook says, that the game replays from seed and actions, and that
// encoding and decoding at a random point and continuing ends the same.
func TestPartyPropertiesRandomGames(t *testing.T) {
	n := partyGamesPerCount(t)
	for players := 2; players <= 8; players++ {
		t.Run(fmt.Sprintf("%dp", players), func(t *testing.T) {
			t.Parallel()
			for i := range n {
				s := partySettings(players, uint64(i))
				if err := checkPartyGame(s, uint64(i)); err != nil {
					t.Fatalf("seed %d menu %s: %v", i, s.Menu, err)
				}
			}
		})
	}
}

func checkPartyGame(s engine.Settings, seed uint64) error {
	g, err := engine.New(s, seed)
	if err != nil {
		return err
	}
	players := randomPlayers(s.Players, seed*7+1)
	var log []action
	cut := int(seed*2654435761) % (40 * s.Players)
	var snapshot []byte
	snapAt := -1
	var before []engine.SeatView // tableaux before the round's last reveal
	turns, round := 0, 1
	uraPts := make([]int, s.Players)
	finishers := 0
	for !g.Over() {
		if len(log) == cut && snapshot == nil {
			b, _ := g.MarshalBinary()
			var d engine.Game
			if err := d.UnmarshalBinary(b); err != nil {
				return fmt.Errorf("decode at step %d: %v", cut, err)
			}
			if d != *g {
				return fmt.Errorf("decoded game differs from the original at step %d", cut)
			}
			snapshot, snapAt = b, len(log)
		}
		var a action
		if d, ok := g.Decision(); ok {
			ans := strategy.Answer(players[d.Seat], g.View(d.Seat))
			a = action{seat: d.Seat, answer: &ans}
		} else {
			seat := slices.IndexFunc(make([]int, s.Players), func(int) bool { return false })
			for x := range s.Players {
				if !g.Submitted(x) {
					seat = x
					break
				}
			}
			if g.Turn() == s.HandSize() && g.Waiting() == s.Players {
				before = g.PublicView().Seats
			}
			a = action{seat: seat, sub: players[seat].Choose(g.View(seat))}
		}
		revealing := a.answer == nil && g.Waiting() == 1
		if err := a.apply(g); err != nil {
			return fmt.Errorf("step %d: legal-looking action refused: %v", len(log), err)
		}
		log = append(log, a)
		if err := g.Invariants(); err != nil {
			return fmt.Errorf("step %d r%d t%d: %v", len(log), g.Round(), g.Turn(), err)
		}
		if g.Deciding() || (!revealing && a.answer == nil) {
			continue
		}
		// A turn ended.
		turns++
		r := g.LastReveal()
		for _, e := range r.AppendEvents(nil) {
			if e.Kind == engine.EvUramaki {
				uraPts[e.Seat] += int(e.Points)
				finishers++
			}
		}
		if g.Round() == round && !g.Over() {
			continue
		}
		if turns != s.HandSize() {
			return fmt.Errorf("round %d lasted %d turns, want %d", round, turns, s.HandSize())
		}
		tabs := rebuildLastTurn(s, before, r)
		if err := checkPartyRound(g, s, round, tabs, uraPts, min(4, 1+finishers)); err != nil {
			return fmt.Errorf("round %d: %v", round, err)
		}
		turns, round, finishers = 0, g.Round(), 0
		clear(uraPts)
	}
	if err := checkPartyFinal(g, s); err != nil {
		return err
	}
	final, _ := g.MarshalBinary()
	replay, _ := engine.New(s, seed)
	for _, a := range log {
		if err := a.apply(replay); err != nil {
			return fmt.Errorf("replay: %v", err)
		}
	}
	if b, _ := replay.MarshalBinary(); !bytes.Equal(b, final) {
		return fmt.Errorf("replay from the seed ended differently")
	}
	if snapshot != nil {
		var resumed engine.Game
		if err := resumed.UnmarshalBinary(snapshot); err != nil {
			return err
		}
		for _, a := range log[snapAt:] {
			if err := a.apply(&resumed); err != nil {
				return fmt.Errorf("resumed game: %v", err)
			}
		}
		if b, _ := resumed.MarshalBinary(); !bytes.Equal(b, final) {
			return fmt.Errorf("game resumed at step %d ended differently", snapAt)
		}
	}
	return nil
}

// rebuildLastTurn applies the round's last reveal to the tableaux shown
// before it, from the placements and the events alone.
func rebuildLastTurn(s engine.Settings, before []engine.SeatView, r engine.Reveal) [][]engine.Placed {
	tabs := make([][]engine.Placed, len(before))
	start := make([]int, len(before))
	for i, sv := range before {
		tabs[i] = slices.Clone(sv.Tableau)
		start[i] = len(tabs[i])
	}
	// On a round's last turn the only bonus action is a spoon that finds
	// every hand empty and is discarded, and takeout boxes resolve after
	// every menu: each card is placed before any flip, so a nigiri goes
	// onto the oldest wasabi that is face up and free.
	put := func(seat int, p engine.Placed) {
		if p.Plays().Kind() == engine.KindNigiri {
			for j, w := range tabs[seat] {
				if w.Plays() == engine.Wasabi && !w.Paired {
					tabs[seat][j].Paired, p.Paired = true, true
					break
				}
			}
		}
		tabs[seat] = append(tabs[seat], p)
	}
	events := r.AppendEvents(nil)
	for seat := range s.Players {
		c := r.Seats[seat].Cards[0]
		switch c.Kind() {
		case engine.KindMenu, engine.KindTakeoutBox:
			// their own events say what they did
		case engine.KindSpecialOrder:
			for _, e := range events {
				if e.Kind == engine.EvCopy && int(e.Seat) == seat && e.Via == engine.SpecialOrder {
					if e.Card != engine.None {
						put(seat, engine.Placed{Card: engine.SpecialOrder, Copy: e.Card, FaceDown: e.Card == engine.FaceDown})
					}
					break
				}
			}
		default:
			put(seat, engine.Placed{Card: c})
		}
	}
	seenReveal := make([]bool, len(before))
	used := make([][]int, len(before))
	// leave removes the spoons called, before the turn's last checks (the
	// miso clash and the uramaki race work on what is left).
	leave := func() {
		for seat, is := range used {
			slices.Sort(is)
			for _, i := range slices.Backward(is) {
				tabs[seat] = slices.Delete(tabs[seat], i, i+1)
				if i < start[seat] {
					start[seat]--
				}
			}
			used[seat] = nil
		}
	}
	for _, e := range events {
		seat := int(e.Seat)
		switch e.Kind {
		case engine.EvCopy:
			if c := r.Seats[seat].Cards[0]; c == engine.SpecialOrder && !seenReveal[seat] {
				seenReveal[seat] = true // placed above
				continue
			}
			if e.Card != engine.None {
				put(seat, engine.Placed{Card: engine.SpecialOrder, Copy: e.Card, FaceDown: e.Card == engine.FaceDown})
			}
		case engine.EvMenu, engine.EvChopsticks, engine.EvSpoon:
			if e.Kind == engine.EvSpoon {
				// The spoon called (the oldest face-up one) leaves when the
				// turn ends; takeout masks count it until then.
				if i := slices.IndexFunc(tabs[seat], func(p engine.Placed) bool { return !p.FaceDown && p.Plays() == e.Via }); i >= 0 {
					used[seat] = append(used[seat], i)
				}
			}
			if c := e.Card; c != engine.None {
				switch c.Kind() {
				case engine.KindSpecialOrder, engine.KindMenu, engine.KindTakeoutBox:
				default:
					put(seat, engine.Placed{Card: c})
				}
			}
		case engine.EvTakeout:
			for i := range tabs[seat] {
				if e.Mask&(1<<i) != 0 {
					tabs[seat][i].FaceDown = true
				}
			}
		case engine.EvMiso:
			leave()
			for t := range tabs {
				if e.Mask&(1<<t) != 0 {
					tail := slices.DeleteFunc(slices.Clone(tabs[t][start[t]:]), func(p engine.Placed) bool {
						return !p.FaceDown && p.Plays().Kind() == engine.KindMisoSoup
					})
					tabs[t] = append(slices.Clone(tabs[t][:start[t]]), tail...)
				}
			}
		case engine.EvUramaki:
			leave()
			tabs[seat] = slices.DeleteFunc(tabs[seat], func(p engine.Placed) bool {
				return !p.FaceDown && p.Plays().Kind() == engine.KindUramaki
			})
		}
	}
	leave()
	return tabs
}

// checkPartyRound scores the rebuilt tableaux naively, straight from the
// card texts, and compares with the engine's breakdowns.
func checkPartyRound(g *engine.Game, s engine.Settings, round int, tabs [][]engine.Placed, uraPts []int, uraNext int) error {
	n := s.Players
	kinds := make([]map[engine.Kind]int, n)
	colours := make([]map[engine.Kind]int, n)
	rollIcons := make([]int, n)
	want := make([]int, n)
	for i, tab := range tabs {
		kinds[i], colours[i] = map[engine.Kind]int{}, map[engine.Kind]int{}
		var onigiri [5]int
		for _, p := range tab {
			if p.FaceDown {
				want[i] += 2
				continue
			}
			c := p.Plays()
			k := c.Kind()
			kinds[i][k]++
			colours[i][k.Colour()]++
			switch k {
			case engine.KindNigiri:
				want[i] += c.NigiriPoints()
			case engine.KindMaki, engine.KindUramaki:
				if k == s.Menu.Roll {
					rollIcons[i] += c.Icons()
				}
			case engine.KindOnigiri:
				onigiri[c.Variant()]++
			}
		}
		// Wasabi boosts: the k-th paired nigiri on the k-th paired wasabi,
		// both face up: +2× the nigiri.
		var ws, ns []engine.Placed
		for _, p := range tab {
			if !p.Paired {
				continue
			}
			if p.Card == engine.Wasabi || p.Card == engine.SpecialOrder && p.Copy == engine.Wasabi {
				ws = append(ws, p)
			} else {
				ns = append(ns, p)
			}
		}
		for k, nig := range ns {
			if !nig.FaceDown && k < len(ws) && !ws[k].FaceDown {
				want[i] += 2 * nig.Plays().NigiriPoints()
			}
		}
		kc := kinds[i]
		want[i] += kc[engine.KindTempura] / 2 * 5
		want[i] += kc[engine.KindSashimi] / 3 * 10
		want[i] += []int{0, 1, 3, 6, 10, 15}[min(kc[engine.KindDumpling], 5)]
		if e := kc[engine.KindEel]; e == 1 {
			want[i] -= 3
		} else if e >= 2 {
			want[i] += 7
		}
		want[i] += map[int]int{0: 0, 1: 2, 2: 6}[kc[engine.KindTofu]]
		want[i] += 3 * kc[engine.KindMisoSoup]
		for {
			sets := 0
			for sh := 1; sh <= 4; sh++ {
				if onigiri[sh] > 0 {
					onigiri[sh]--
					sets++
				}
			}
			if sets == 0 {
				break
			}
			want[i] += sets * sets
		}
		largest := 0
		for _, v := range colours[i] {
			largest = max(largest, v)
		}
		want[i] += kc[engine.KindTea] * largest
		want[i] += uraPts[i]
	}
	withEdamame, mostColours := 0, 0
	for i := range n {
		if kinds[i][engine.KindEdamame] > 0 {
			withEdamame++
		}
		mostColours = max(mostColours, len(colours[i]))
	}
	for i := range n {
		want[i] += kinds[i][engine.KindEdamame] * min(withEdamame-1, 4)
		if len(colours[i]) == mostColours {
			want[i] += 4 * kinds[i][engine.KindSoySauce]
		}
	}
	switch s.Menu.Roll {
	case engine.KindMaki:
		distinct := slices.Clone(rollIcons)
		slices.Sort(distinct)
		slices.Reverse(distinct)
		distinct = slices.Compact(distinct)
		pay := []int{6, 3}
		if n >= 6 {
			pay = []int{6, 4, 2}
		}
		for i := range n {
			if r := slices.Index(distinct, rollIcons[i]); rollIcons[i] > 0 && r < len(pay) {
				want[i] += pay[r]
			}
		}
	case engine.KindTemaki:
		cnt := make([]int, n)
		for i := range n {
			cnt[i] = kinds[i][engine.KindTemaki]
		}
		most, fewest := slices.Max(cnt), slices.Min(cnt)
		for i := range n {
			if most != fewest && cnt[i] == most {
				want[i] += 4
			}
			if most != fewest && cnt[i] == fewest && n > 2 {
				want[i] -= 4
			}
		}
	case engine.KindUramaki:
		most := slices.Max(rollIcons)
		for i := range n {
			if most > 0 && rollIcons[i] == most && uraNext <= 3 {
				want[i] += []int{0, 8, 5, 2}[uraNext]
			}
		}
	}
	for i := range n {
		b, ok := g.RoundScore(round, i)
		if !ok {
			return fmt.Errorf("round not scored")
		}
		lines := 0
		for _, l := range b.Lines() {
			lines += l.Points
		}
		if lines != b.Total() {
			return fmt.Errorf("seat %d: lines add to %d, total %d", i, lines, b.Total())
		}
		if b.Total() != want[i] {
			return fmt.Errorf("seat %d scored %d (%+v), the rulebook says %d; tableau %v", i, b.Total(), b.Lines(), want[i], tabs[i])
		}
	}
	return nil
}

// checkPartyFinal scores the kept desserts naively and checks the totals
// and the standings' tie-break by desserts.
func checkPartyFinal(g *engine.Game, s engine.Settings) error {
	pv := g.PublicView()
	n := s.Players
	counts := make([]int, n)
	for i := range n {
		counts[i] = len(pv.Seats[i].Desserts)
	}
	for i := range n {
		d, ok := g.DessertScore(i)
		if !ok {
			return fmt.Errorf("no dessert score")
		}
		want := 0
		switch s.Menu.Dessert {
		case engine.KindPudding:
			most, fewest := slices.Max(counts), slices.Min(counts)
			if most != fewest && counts[i] == most {
				want = 6
			}
			if most != fewest && counts[i] == fewest && n > 2 {
				want = -6
			}
		case engine.KindGreenTeaIceCream:
			want = counts[i] / 4 * 12
		case engine.KindFruit:
			var f [3]int
			for _, c := range pv.Seats[i].Desserts {
				w, p, o := c.FruitIcons()
				f[0] += w
				f[1] += p
				f[2] += o
			}
			for _, x := range f {
				want += []int{-2, 0, 1, 3, 6, 10}[min(x, 5)]
			}
		}
		if d.Total() != want {
			return fmt.Errorf("seat %d desserts %v scored %d, want %d", i, pv.Seats[i].Desserts, d.Total(), want)
		}
		total := d.Total()
		for r := 1; r <= engine.Rounds; r++ {
			b, _ := g.RoundScore(r, i)
			total += b.Total()
		}
		if g.Score(i) != total {
			return fmt.Errorf("seat %d final score %d, want %d", i, g.Score(i), total)
		}
	}
	for _, a := range pv.Standings {
		for _, b := range pv.Standings {
			better := b.Score > a.Score || b.Score == a.Score && b.Desserts > a.Desserts
			if better && b.Place >= a.Place || a.Score == b.Score && a.Desserts == b.Desserts && a.Place != b.Place {
				return fmt.Errorf("standings %+v", pv.Standings)
			}
		}
	}
	return nil
}

// TestPartyPrivacy checks at every step of random Party games (decisions
// included) that the public view does not change when every hidden card is
// reshuffled, and that a seat's own view does not change when what it
// cannot see is reshuffled: no public view holds a hand card, a pending
// pick or a menu's draw.
func TestPartyPrivacy(t *testing.T) {
	n := 30
	if testing.Short() || raceBuild {
		n = 1
	}
	for players := 2; players <= 8; players++ {
		t.Run(fmt.Sprintf("%dp", players), func(t *testing.T) {
			t.Parallel()
			differed := 0
			for i := range n {
				s := partySettings(players, uint64(i))
				g, _ := engine.New(s, uint64(i))
				ps := randomPlayers(players, uint64(i))
				for step := 0; !g.Over(); step++ {
					pub := g.PublicView()
					scrambled := *g
					scrambled.Determinize(-1, uint64(step))
					if !reflect.DeepEqual(pub, scrambled.PublicView()) {
						t.Fatalf("seed %d step %d: the public view changed when hidden cards moved", i, step)
					}
					for seat := range players {
						mine := *g
						mine.Determinize(seat, uint64(step*31+seat))
						if !reflect.DeepEqual(g.PlayerView(seat), mine.PlayerView(seat)) {
							t.Fatalf("seed %d step %d: seat %d's view changed when cards it cannot see moved", i, step, seat)
						}
						if err := mine.Invariants(); err != nil {
							t.Fatalf("seed %d step %d: determinized game: %v", i, step, err)
						}
						if !reflect.DeepEqual(g.View(seat).AppendHand(nil), mine.View((seat+1)%players).AppendHand(nil)) {
							differed++
						}
					}
					if d, ok := g.Decision(); ok {
						a := strategy.Answer(ps[d.Seat], g.View(d.Seat))
						if err := g.Decide(d.Seat, a); err != nil {
							t.Fatal(err)
						}
						continue
					}
					for seat := range players {
						if !g.Submitted(seat) {
							if err := g.Submit(seat, ps[seat].Choose(g.View(seat))); err != nil {
								t.Fatal(err)
							}
							break
						}
					}
				}
			}
			if differed == 0 {
				t.Fatal("determinizing never changed anything: the test proves nothing")
			}
		})
	}
}
