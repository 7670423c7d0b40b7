package engine_test

import (
	"bytes"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/strategy"
)

// configs are the game shapes every property is checked on.
var configs = []engine.Settings{
	{Players: 2},
	{Players: 3},
	{Players: 4, Pass: engine.PassAlternate},
	{Players: 4},
	{Players: 5},
	{Players: 2, Dummy: true},
}

type step struct {
	seat int
	sub  engine.Submission
}

func gamesPerConfig(t *testing.T) int {
	if testing.Short() || raceBuild {
		return 100
	}
	return 10000
}

// TestPropertiesRandomGames plays many seeded random games and checks, after
// every reveal, that all cards are accounted for and hands have their sizes
// (Invariants), that each round lasts HandSize turns, that puddings persist,
// that round scores equal both their breakdown lines and an independent
// scoring of the revealed cards, that a game replays identically from its
// seed and submissions, and that encoding and decoding at a random point and
// continuing gives the same end.
func TestPropertiesRandomGames(t *testing.T) {
	for _, s := range configs {
		t.Run(fmt.Sprintf("%dp_dummy=%v_%s", s.Players, s.Dummy, s.Pass), func(t *testing.T) {
			t.Parallel()
			for i := range gamesPerConfig(t) {
				if err := checkGame(s, uint64(i)); err != nil {
					t.Fatalf("seed %d: %v", i, err)
				}
			}
		})
	}
}

func checkGame(s engine.Settings, seed uint64) error {
	g, err := engine.New(s, seed)
	if err != nil {
		return err
	}
	players := randomPlayers(s.Players, seed*7+1)
	seats := g.Seats()
	recon := make([][]engine.Card, seats) // each seat's tableau, rebuilt from reveals
	puddings := make([]int, seats)
	var log []step
	turns := 0
	cut := int(seed*2654435761) % (30 * s.Players) // where to encode and decode
	var snapshot []byte
	var snapAt int
	for !g.Over() {
		for seat := range s.Players {
			if g.Submitted(seat) || g.Over() {
				continue
			}
			if len(log) == cut {
				snapshot, snapAt = mustRoundTrip(g)
				if snapshot == nil {
					return fmt.Errorf("encode/decode at step %d changed the game", cut)
				}
			}
			sub := players[seat].Choose(g.View(seat))
			round := g.Round()
			if err := g.Submit(seat, sub); err != nil {
				return fmt.Errorf("step %d: legal-looking submission refused: %v", len(log), err)
			}
			log = append(log, step{seat, sub})
			if g.Submitted(seat) {
				continue // no reveal yet
			}
			if err := g.Invariants(); err != nil {
				return fmt.Errorf("after reveal r%d: %v", round, err)
			}
			turns++
			r := g.LastReveal()
			for t := range seats {
				p := r.Seats[t]
				for _, c := range p.Cards {
					if c != engine.None {
						recon[t] = append(recon[t], c)
					}
				}
				if p.Chopsticks {
					i := slices.Index(recon[t], engine.Chopsticks)
					recon[t] = slices.Delete(recon[t], i, i+1)
				}
			}
			for t := range seats {
				if g.Puddings(t) < puddings[t] {
					return fmt.Errorf("seat %d lost puddings", t)
				}
				puddings[t] = g.Puddings(t)
			}
			if g.Round() == round && !g.Over() {
				continue
			}
			if turns != s.HandSize() {
				return fmt.Errorf("round %d lasted %d turns, want %d", round, turns, s.HandSize())
			}
			turns = 0
			if err := checkRoundScores(g, round, recon); err != nil {
				return err
			}
			for t := range seats {
				recon[t] = recon[t][:0]
			}
		}
	}
	if err := checkFinal(g, seats); err != nil {
		return err
	}
	final, _ := g.MarshalBinary()
	// Replay from seed and submissions.
	replay, _ := engine.New(s, seed)
	for _, st := range log {
		if err := replay.Submit(st.seat, st.sub); err != nil {
			return fmt.Errorf("replay: %v", err)
		}
	}
	if b, _ := replay.MarshalBinary(); !bytes.Equal(b, final) {
		return fmt.Errorf("replay from the seed ended differently")
	}
	// Resume from the snapshot.
	if snapshot != nil {
		var resumed engine.Game
		if err := resumed.UnmarshalBinary(snapshot); err != nil {
			return err
		}
		for _, st := range log[snapAt:] {
			if err := resumed.Submit(st.seat, st.sub); err != nil {
				return fmt.Errorf("resumed game: %v", err)
			}
		}
		if b, _ := resumed.MarshalBinary(); !bytes.Equal(b, final) {
			return fmt.Errorf("game resumed at step %d ended differently", snapAt)
		}
	}
	return nil
}

// mustRoundTrip encodes g, decodes it, and returns the encoding and the step
// count, or nil if the decoded game differs from g in any field.
func mustRoundTrip(g *engine.Game) ([]byte, int) {
	b, err := g.MarshalBinary()
	if err != nil {
		return nil, 0
	}
	var d engine.Game
	if err := d.UnmarshalBinary(b); err != nil || d != *g {
		return nil, 0
	}
	b2, _ := d.MarshalBinary()
	if !bytes.Equal(b, b2) {
		return nil, 0
	}
	done := 0
	for r := 1; r < g.Round(); r++ {
		done += g.Settings().HandSize() * g.Settings().Players
	}
	done += (g.Turn() - 1) * g.Settings().Players
	for s := range g.Settings().Players {
		if g.Submitted(s) {
			done++
		}
	}
	return b, done
}

// checkRoundScores scores the rebuilt tableaux by the rulebook, naively, and
// compares with the engine's breakdowns.
func checkRoundScores(g *engine.Game, round int, tabs [][]engine.Card) error {
	icons := make([]int, len(tabs))
	for s, tab := range tabs {
		b, ok := g.RoundScore(round, s)
		if !ok {
			return fmt.Errorf("round %d not scored", round)
		}
		points := map[engine.Category]int{}
		var tem, sas, dum, wasabi int
		for _, c := range tab {
			switch c {
			case engine.Tempura:
				tem++
			case engine.Sashimi:
				sas++
			case engine.Dumpling:
				dum++
			case engine.Maki1, engine.Maki2, engine.Maki3:
				icons[s] += int(c-engine.Maki1) + 1
			case engine.Wasabi:
				wasabi++
			case engine.EggNigiri, engine.SalmonNigiri, engine.SquidNigiri:
				v := int(c-engine.EggNigiri) + 1
				if wasabi > 0 {
					wasabi--
					points[engine.CatEggOnWasabi+engine.Category(v-1)] += 3 * v
				} else {
					points[engine.CatEggNigiri+engine.Category(v-1)] += v
				}
			}
		}
		points[engine.CatTempura] = tem / 2 * 5
		points[engine.CatSashimi] = sas / 3 * 10
		points[engine.CatDumpling] = []int{0, 1, 3, 6, 10, 15}[min(dum, 5)]
		sum := 0
		for _, l := range b.Lines() {
			sum += l.Points
		}
		if sum != b.Total() {
			return fmt.Errorf("round %d seat %d: lines sum to %d, total %d", round, s, sum, b.Total())
		}
		for cat := engine.CatTempura; cat < engine.CatPudding; cat++ {
			if int(b.Points[cat]) != points[cat] {
				return fmt.Errorf("round %d seat %d %s: %d, want %d (tableau %v)", round, s, cat, b.Points[cat], points[cat], tab)
			}
		}
		if int(b.Count[engine.CatMaki]) != icons[s] {
			return fmt.Errorf("round %d seat %d: %d maki icons, want %d", round, s, b.Count[engine.CatMaki], icons[s])
		}
	}
	// Maki by the rulebook's words, written independently of MakiPoints.
	want := naiveRace(icons, 6, 3, true)
	for s := range tabs {
		b, _ := g.RoundScore(round, s)
		if int(b.Points[engine.CatMaki]) != want[s] {
			return fmt.Errorf("round %d: maki %v scored seat %d %d, want %d", round, icons, s, b.Points[engine.CatMaki], want[s])
		}
	}
	return nil
}

// naiveRace pays first (and second, if nobody tied first) by splitting among
// the tied, ignoring zero counts when zeroNeverPlaces.
func naiveRace(counts []int, first, second int, zeroNeverPlaces bool) []int {
	vals := slices.Clone(counts)
	slices.Sort(vals)
	slices.Reverse(vals)
	vals = slices.Compact(vals)
	out := make([]int, len(counts))
	pay := func(v, amount int) int {
		n := 0
		for _, c := range counts {
			if c == v {
				n++
			}
		}
		for i, c := range counts {
			if c == v {
				out[i] = amount / n
			}
		}
		return n
	}
	if len(vals) == 0 || (zeroNeverPlaces && vals[0] == 0) {
		return out
	}
	if pay(vals[0], first) == 1 && len(vals) > 1 && !(zeroNeverPlaces && vals[1] == 0) {
		pay(vals[1], second)
	}
	return out
}

func checkFinal(g *engine.Game, seats int) error {
	counts := make([]int, seats)
	for s := range seats {
		counts[s] = g.Puddings(s)
	}
	most, fewest := slices.Max(counts), slices.Min(counts)
	for s := range seats {
		d, ok := g.DessertScore(s)
		if !ok {
			return fmt.Errorf("no dessert score at game end")
		}
		want := 0
		nMost, nFewest := 0, 0
		for _, c := range counts {
			if c == most {
				nMost++
			}
			if c == fewest {
				nFewest++
			}
		}
		switch {
		case most == fewest:
		case counts[s] == most:
			want = 6 / nMost
		case counts[s] == fewest && seats > 2:
			want = -(6 / nFewest)
		}
		if d.Total() != want {
			return fmt.Errorf("puddings %v: seat %d scored %d, want %d", counts, s, d.Total(), want)
		}
		total := d.Total()
		for r := 1; r <= engine.Rounds; r++ {
			b, _ := g.RoundScore(r, s)
			total += b.Total()
		}
		if g.Score(s) != total {
			return fmt.Errorf("seat %d final score %d, want the sum of its breakdowns %d", s, g.Score(s), total)
		}
	}
	st := g.Standings()
	if len(st) != g.Settings().Players || st[0].Place != 1 {
		return fmt.Errorf("standings %+v", st)
	}
	return nil
}

// TestPrivacyPublicView checks, at every step of many random games, that
// the public view does not change when every hidden card (hands, draw pile,
// pending submissions) is shuffled: it cannot contain any of them.
func TestPrivacyPublicView(t *testing.T) {
	n := 300
	if testing.Short() || raceBuild {
		n = 5
	}
	for _, s := range configs {
		t.Run(fmt.Sprintf("%dp_dummy=%v", s.Players, s.Dummy), func(t *testing.T) {
			t.Parallel()
			differed := 0
			for seed := range uint64(n) {
				g, _ := engine.New(s, seed)
				players := randomPlayers(s.Players, seed)
				for !g.Over() {
					for seat := range s.Players {
						if g.Over() || g.Submitted(seat) {
							continue
						}
						pub := g.PublicView()
						scrambled := *g
						scrambled.Determinize(-1, seed+uint64(seat))
						if err := scrambled.Invariants(); err != nil {
							t.Fatalf("seed %d: determinized game invalid: %v", seed, err)
						}
						// What seat may see is unchanged when only what it
						// cannot see is reshuffled.
						mine := *g
						mine.Determinize(seat, seed)
						if !reflect.DeepEqual(g.PlayerView(seat), mine.PlayerView(seat)) {
							t.Fatalf("seed %d: seat %d's view changed with cards hidden from it", seed, seat)
						}
						if !reflect.DeepEqual(pub, scrambled.PublicView()) {
							t.Fatalf("seed %d: the public view changed with the hidden cards", seed)
						}
						for other := range s.Players {
							if other == seat {
								continue
							}
							// Another player's view must not change with
							// this seat's pending choice.
							mine := g.PlayerView(other)
							mine.Hand, mine.Legal, mine.Pending = nil, nil, nil
							if !reflect.DeepEqual(mine.PublicView, pub) {
								t.Fatalf("seed %d: seat %d sees more than the public view outside its hand", seed, other)
							}
						}
						if h1, h2 := g.View(0).AppendHand(nil), scrambled.View(0).AppendHand(nil); !slices.Equal(h1, h2) {
							differed++
						}
						if err := g.Submit(seat, players[seat].Choose(g.View(seat))); err != nil {
							t.Fatal(err)
						}
					}
				}
			}
			if differed == 0 {
				t.Fatal("scrambling never changed a hand: the test compares nothing")
			}
		})
	}
}

// TestLegalMatchesCheck compares AppendLegal with Check over every
// combination of cards, in the states of random games.
func TestLegalMatchesCheck(t *testing.T) {
	cards := []engine.Card{engine.None}
	for c := engine.Tempura; c <= engine.Pudding; c++ {
		cards = append(cards, c)
	}
	n := 60
	if testing.Short() || raceBuild {
		n = 10
	}
	for _, s := range configs {
		for seed := range uint64(n) {
			g, _ := engine.New(s, seed)
			players := randomPlayers(s.Players, seed)
			for !g.Over() {
				seat := 0
				v := g.View(seat)
				listed := map[engine.Submission]bool{}
				for _, sub := range v.AppendLegal(nil) {
					k := normal(sub)
					if listed[k] {
						t.Fatalf("%+v listed twice", sub)
					}
					listed[k] = true
				}
				accepted := map[engine.Submission]bool{}
				for _, a := range cards {
					for _, b := range cards {
						for _, d := range cards {
							sub := engine.Submission{Card: a, Extra: b, Dummy: d, Round: g.Round(), Turn: g.Turn()}
							if g.Check(seat, sub) == nil {
								accepted[normal(sub)] = true
							}
						}
					}
				}
				if !maps(listed, accepted) {
					t.Fatalf("%+v seed %d r%d t%d: legal %v, accepted %v", s, seed, g.Round(), g.Turn(), listed, accepted)
				}
				for seat := range s.Players {
					if !g.Over() && !g.Submitted(seat) {
						if err := g.Submit(seat, players[seat].Choose(g.View(seat))); err != nil {
							t.Fatal(err)
						}
					}
				}
			}
		}
	}
}

// normal puts a chopsticks pair whose order does not matter in card order.
func normal(s engine.Submission) engine.Submission {
	ka, kb := s.Card.Kind(), s.Extra.Kind()
	matters := (ka == engine.KindWasabi && kb == engine.KindNigiri) || (ka == engine.KindNigiri && kb == engine.KindWasabi)
	if s.Extra != engine.None && !matters && s.Extra < s.Card {
		s.Card, s.Extra = s.Extra, s.Card
	}
	return s
}

func maps(a, b map[engine.Submission]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

// TestSubmitDoesNotAllocate holds the engine to zero allocations per
// submission after setup.
func TestSubmitDoesNotAllocate(t *testing.T) {
	var g engine.Game
	players := randomPlayers(4, 1)
	seed := uint64(0)
	allocs := testing.AllocsPerRun(200, func() {
		seed++
		if err := g.Reset(engine.Settings{Players: 4}, seed); err != nil {
			t.Fatal(err)
		}
		if err := strategy.Play(&g, players); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("%.1f allocations per game, want 0", allocs)
	}
}
