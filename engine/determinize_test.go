package engine_test

import (
	"bytes"
	"fmt"
	"slices"
	"testing"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/strategy"
)

// handTracker follows which physical hand each seat holds, by the rules'
// own passing (left; right in round 2 of the alternate variant), and which
// hands each seat has held this round: its own account, not the engine's.
type handTracker struct {
	players     int
	alternate   bool
	id          []int          // id[s]: the hand seat s holds
	held        []map[int]bool // held[s]: the hands seat s has held
	round, turn int
}

func newTracker(s engine.Settings) *handTracker {
	return &handTracker{players: s.Players, alternate: s.Pass == engine.PassAlternate}
}

// sync brings the tracker to g's round and turn.
func (t *handTracker) sync(g *engine.Game) {
	if g.Round() != t.round {
		t.round, t.turn = g.Round(), 1
		t.id, t.held = make([]int, t.players), make([]map[int]bool, t.players)
		for s := range t.players {
			t.id[s], t.held[s] = s, map[int]bool{s: true}
		}
	}
	for t.turn < g.Turn() {
		next := make([]int, t.players)
		for s := range t.players {
			if t.alternate && t.round == 2 {
				next[s] = t.id[(s+1)%t.players]
			} else {
				next[s] = t.id[(s+t.players-1)%t.players]
			}
		}
		t.id = next
		for s := range t.players {
			t.held[s][t.id[s]] = true
		}
		t.turn++
	}
}

// TestDeterminizeSamplesOnlyTheUnseen checks at every step of random games,
// classic and Party, for every seat: a hand the seat held earlier this
// round stays exactly as it is, hands it never held do get resampled, and
// the world drawn depends only on what the seat knows (determinizing an
// already resampled copy with the same seed gives the same game).
func TestDeterminizeSamplesOnlyTheUnseen(t *testing.T) {
	n := 40
	if testing.Short() || raceBuild {
		n = 3
	}
	var settings []engine.Settings
	for _, s := range configs {
		if !s.Dummy {
			settings = append(settings, s)
		}
	}
	for p := 2; p <= 8; p += 3 {
		settings = append(settings, partySettings(p, 0), partySettings(p, 3))
	}
	for k, s := range settings {
		t.Run(fmt.Sprintf("%v_%dp_%d", s.Ruleset, s.Players, k), func(t *testing.T) {
			t.Parallel()
			moved, kept, shapes := 0, 0, 0
			for i := range n {
				seed := uint64(i)
				g, err := engine.New(s, seed)
				if err != nil {
					t.Fatal(err)
				}
				ps := randomPlayers(s.Players, seed)
				tr := newTracker(g.Settings())
				for step := 0; !g.Over(); step++ {
					tr.sync(g)
					for seat := range s.Players {
						a := *g
						a.Determinize(seat, uint64(step)*7+uint64(seat))
						for o := range s.Players {
							same := slices.Equal(g.View(o).AppendHand(nil), a.View(o).AppendHand(nil))
							switch {
							case tr.held[seat][tr.id[o]] && !same:
								t.Fatalf("seed %d round %d turn %d: seat %d held seat %d's hand, but it was resampled", seed, g.Round(), g.Turn(), seat, o)
							case tr.held[seat][tr.id[o]]:
								kept++
							case !same:
								moved++
							}
						}
						// Only what seat knows decides the world drawn.
						b := a
						a.Determinize(seat, 99)
						b.Determinize(seat, 99)
						c := *g
						c.Determinize(seat, 99)
						ab, _ := a.MarshalBinary()
						cb, _ := c.MarshalBinary()
						if !bytes.Equal(ab, cb) {
							t.Fatalf("seed %d round %d turn %d seat %d: two worlds seat cannot tell apart sample differently", seed, g.Round(), g.Turn(), seat)
						}
					}
					if d, ok := g.Decision(); ok {
						if err := g.Decide(d.Seat, strategy.Answer(ps[d.Seat], g.View(d.Seat))); err != nil {
							t.Fatal(err)
						}
						continue
					}
					for seat := range s.Players {
						if !g.Submitted(seat) {
							sub := ps[seat].Choose(g.View(seat))
							// The same game with seat's pick of another shape
							// (chopsticks or not, a call or not) or card: no
							// other seat can tell the two apart, so neither
							// may sample differently.
							alt := *g
							if other, ok := otherShape(g.View(seat).AppendLegal(nil), sub); ok {
								if err := alt.Submit(seat, other); err != nil {
									t.Fatal(err)
								}
							}
							if err := g.Submit(seat, sub); err != nil {
								t.Fatal(err)
							}
							for v := range s.Players {
								if v == seat || !alt.Submitted(seat) {
									continue
								}
								x, y := *g, alt
								x.Determinize(v, 5)
								y.Determinize(v, 5)
								xb, _ := x.MarshalBinary()
								yb, _ := y.MarshalBinary()
								if !bytes.Equal(xb, yb) {
									t.Fatalf("seed %d round %d turn %d: seat %d samples differently by the shape of seat %d's pending pick (%+v or another)", seed, g.Round(), g.Turn(), v, seat, sub)
								}
								shapes++
							}
							break
						}
					}
				}
			}
			if moved == 0 || kept == 0 || shapes == 0 {
				t.Fatalf("hands resampled %d times, kept %d times, shapes varied %d times: the test proves nothing", moved, kept, shapes)
			}
		})
	}
}

// otherShape is a legal submission unlike sub: of another shape (with or
// without chopsticks' second card, a call or none) where there is one,
// else of another card.
func otherShape(legal []engine.Submission, sub engine.Submission) (engine.Submission, bool) {
	shape := func(x engine.Submission) [2]bool { return [2]bool{x.Extra != engine.None, x.Call != engine.None} }
	for _, l := range legal {
		if shape(l) != shape(sub) && l.Dummy == sub.Dummy {
			return l, true
		}
	}
	for _, l := range legal {
		if l != sub {
			return l, true
		}
	}
	return sub, false
}
