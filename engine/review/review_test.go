package review

import (
	"math"
	"reflect"
	"slices"
	"testing"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/strategy"
)

func recorded(t testing.TB, set engine.Settings, seed uint64) Game {
	t.Helper()
	players := make([]strategy.Player, set.Players)
	for s := range players {
		players[s] = strategy.NewRandom(seed + uint64(s))
	}
	rg, err := Record(set, seed, players)
	if err != nil {
		t.Fatal(err)
	}
	return rg
}

// TestReplayIsTheGame: replaying a recorded game ends where the game did.
func TestReplayIsTheGame(t *testing.T) {
	for _, set := range []engine.Settings{{Players: 4}, {Players: 4, Ruleset: engine.Party, Menu: engine.RecommendedMenus[1].Menu}} {
		rg := recorded(t, set, 5)
		g, err := rg.Replay(nil)
		if err != nil {
			t.Fatal(err)
		}
		if !g.Over() {
			t.Fatalf("%v: the replay did not end", set.Ruleset)
		}
	}
}

// TestSameGameSameReview: the same game, seat and seed give the same
// review, every choice of the seat graded once.
func TestSameGameSameReview(t *testing.T) {
	rg := recorded(t, engine.Settings{Players: 3}, 9)
	a, err := Review(rg, 1, Options{Samples: 6, Iterations: 16, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Review(rg, 1, Options{Samples: 6, Iterations: 16, Seed: 3})
	if !reflect.DeepEqual(a, b) {
		t.Fatal("two reviews of one game with one seed differ")
	}
	if len(a.Choices) == 0 || len(a.Curve) < len(a.Choices)+1 || a.Curve[len(a.Curve)-1] != float64(a.Final) {
		t.Fatalf("review: %d choices, curve %v, final %d", len(a.Choices), a.Curve, a.Final)
	}
	for _, c := range a.Choices {
		if c.Loss < 0 || c.BestValue < c.Value-1e-9 || GradeOf(c.Loss) != c.Grade {
			t.Errorf("choice %+v", c)
		}
	}
}

// TestReviewSeesOnlyWhatTheSeatSaw: a choice is weighed from the seat's
// view alone. Reshuffling every card the seat could not see (the other
// hands, the draw pile) leaves the weighing of its move exactly as it was.
func TestReviewSeesOnlyWhatTheSeatSaw(t *testing.T) {
	for _, judge := range []Judge{Search, Rollouts} {
		for _, set := range []engine.Settings{{Players: 4}, {Players: 5, Ruleset: engine.Party, Menu: engine.RecommendedMenus[0].Menu}} {
			rg := recorded(t, set, 21)
			checked := 0
			o := Options{Samples: 4, Iterations: 12, Seed: 1, Judge: judge}
			judgeOf := func() *strategy.Search {
				if judge == Search {
					return strategy.NewJudge(1)
				}
				return nil
			}
			_, err := rg.Replay(func(g *engine.Game, i int) {
				m := rg.Moves[i]
				if m.Seat != 0 || checked >= 4 {
					return
				}
				checked++
				a, err := weigh(g, m, i, o, judgeOf())
				if err != nil {
					t.Fatal(err)
				}
				other := *g
				other.Determinize(0, uint64(100+i)) // what seat 0 cannot see, dealt otherwise
				// The same judge, reused: what it weighed before must not
				// matter either.
				j := judgeOf()
				if j != nil {
					if _, err := weigh(g, m, i, o, j); err != nil {
						t.Fatal(err)
					}
				}
				b, err := weigh(&other, m, i, o, j)
				if err != nil {
					t.Fatal(err)
				}
				if a.Value != b.Value || a.BestValue != b.BestValue || a.Grade != b.Grade || !slices.Equal(a.All, b.All) {
					t.Errorf("judge %d %v move %d: weighed %v/%v/%v, with unseen cards reshuffled %v/%v/%v", judge, set.Ruleset, i, a.Value, a.BestValue, a.Grade, b.Value, b.BestValue, b.Grade)
				}
			})
			if err != nil {
				t.Fatal(err)
			}
			if checked == 0 {
				t.Fatal("no move checked")
			}
		}
	}
}

// TestGrades: the thresholds grade the points given away.
func TestGrades(t *testing.T) {
	for loss, want := range map[float64]Grade{0: Best, 0.5: Best, 1: Good, 2.9: Inaccuracy, 5: Mistake, 6.1: Blunder} {
		if got := GradeOf(loss); got != want {
			t.Errorf("GradeOf(%v) = %v, want %v", loss, got, want)
		}
	}
}

// TestMovesStoredReadBack: every recommended menu's recorded moves,
// stored and read back, are the same moves, and a cut store is refused.
func TestMovesStoredReadBack(t *testing.T) {
	for k, rm := range engine.RecommendedMenus {
		rg := recorded(t, engine.Settings{Players: 3 + k%4, Ruleset: engine.Party, Menu: rm.Menu}, uint64(13+k))
		var b []byte
		for _, m := range rg.Moves {
			b = AppendMove(b, m)
		}
		ms, err := DecodeMoves(b)
		if err != nil {
			t.Fatal(err)
		}
		if len(ms) != len(rg.Moves) {
			t.Fatalf("menu %d: %d moves back, want %d", k, len(ms), len(rg.Moves))
		}
		for i, m := range rg.Moves {
			m.Answer.Round, m.Answer.Turn, m.Answer.Step = 0, 0, 0 // checks, not choices: never stored
			if ms[i] != m {
				t.Fatalf("menu %d move %d: %+v back, want %+v", k, i, ms[i], m)
			}
		}
		if len(b) > 3*len(ms) {
			t.Errorf("menu %d: %d bytes for %d moves; a chat game's record has no room for more", k, len(b), len(ms))
		}
		if _, err := DecodeMoves(append(b[:len(b):len(b)], b[0]|headDecide|hasCard)); err == nil {
			t.Errorf("menu %d: a move cut short was read", k)
		}
	}
}

// TestCurvesForEverySeat: the review's lines are one per seat, at the
// seat's own points, its own the same as Curve, each ending at the
// seat's final score.
func TestCurvesForEverySeat(t *testing.T) {
	rg := recorded(t, engine.Settings{Players: 3}, 21)
	r, err := Review(rg, 1, Options{Samples: 4, Iterations: 16, Refine: 2})
	if err != nil {
		t.Fatal(err)
	}
	end, _ := rg.Replay(nil)
	if len(r.Curves) != 3 {
		t.Fatalf("%d lines for 3 seats", len(r.Curves))
	}
	for s, c := range r.Curves {
		if len(c) != len(r.Curve) {
			t.Fatalf("seat %d: %d points, the seat's curve %d", s, len(c), len(r.Curve))
		}
		if c[len(c)-1] != float64(end.Score(s)) {
			t.Errorf("seat %d ends at %v, scored %d", s, c[len(c)-1], end.Score(s))
		}
	}
	for k := range r.Curve {
		if r.Curves[1][k] != r.Curve[k] {
			t.Fatalf("point %d: the seat's line %v, its curve %v", k, r.Curves[1][k], r.Curve[k])
		}
	}
}

// TestUnsureOf: a loss within two standard errors of Good's threshold, or
// of the line between the third and the fourth costliest, is weighed
// again; one clear of both is not.
func TestUnsureOf(t *testing.T) {
	stat := func(loss, sd float64) *pairStats {
		// 100 deals: half at loss−sd, half at loss+sd.
		p := &pairStats{}
		for k := range 100 {
			d := loss - sd
			if k%2 == 1 {
				d = loss + sd
			}
			p.n++
			p.sumD, p.sumD2 = p.sumD+d, p.sumD2+d*d
		}
		return p
	}
	stats := map[int]*pairStats{
		0: stat(9, 1),     // clearly named
		1: stat(6, 1),     // clearly named
		2: stat(4.05, 1),  // third, close to the fourth
		3: stat(4.0, 1),   // fourth
		4: stat(1.55, 1),  // at the threshold
		5: stat(2.6, 0.5), // clear of both
	}
	got := unsureOf([]int{0, 1, 2, 3, 4, 5}, stats)
	want := map[int]bool{2: true, 3: true, 4: true}
	for k := range stats {
		if got[k] != want[k] {
			t.Errorf("candidate %d (loss %.2f, se %.2f): unsure %v, want %v", k, stats[k].loss(), stats[k].se(), got[k], want[k])
		}
	}
}

// TestReviewOfAPlayerWhoPicksLast: in a host, bots pick at once and a
// person last, so the person's pick is the one that reveals; a card that
// then asks a decision (a takeout box, a spoon, a menu) must still be
// weighed. The search once went on picking for the next seat while the
// decision waited, lost every such deal, and the review read "NaN points
// more" and a curve of −9,223,372,036,854,775,808.
func TestReviewOfAPlayerWhoPicksLast(t *testing.T) {
	set := engine.Settings{Players: 4, Ruleset: engine.Party}
	m, err := engine.ParseMenu("temaki,sashimi,tofu,onigiri,spoon,takeout,fruit")
	if err != nil {
		t.Fatal(err)
	}
	set.Menu = m
	for seed := uint64(13); seed < 15; seed++ {
		g, err := engine.New(set, seed)
		if err != nil {
			t.Fatal(err)
		}
		rg := Game{Settings: set, Seed: seed}
		others := []strategy.Player{nil, strategy.NewRandom(seed), strategy.NewRandom(seed + 1), strategy.NewRandom(seed + 2)}
		me := strategy.NewRandom(seed + 3)
		decisive := 0
		for !g.Over() {
			if d, ok := g.Decision(); ok {
				a := strategy.Answer(me, g.View(d.Seat))
				if d.Seat != 0 {
					a = strategy.Answer(others[d.Seat], g.View(d.Seat))
				}
				if err := g.Decide(d.Seat, a); err != nil {
					t.Fatal(err)
				}
				rg.Moves = append(rg.Moves, Move{Seat: d.Seat, Answer: a, Decide: true})
				continue
			}
			// The bots first, the person last.
			for _, s := range []int{1, 2, 3, 0} {
				var sub engine.Submission
				if s == 0 {
					legal := g.View(0).AppendLegal(nil)
					sub = legal[0]
					for _, l := range legal {
						if k := l.Card.Kind(); k == engine.KindTakeoutBox || k == engine.KindSpoon || k == engine.KindMenu {
							sub = l
							decisive++
							break
						}
					}
				} else {
					sub = others[s].Choose(g.View(s))
				}
				if err := g.Submit(s, sub); err != nil {
					t.Fatal(err)
				}
				rg.Moves = append(rg.Moves, Move{Seat: s, Sub: sub})
				if g.Deciding() || g.Over() {
					break
				}
			}
		}
		if decisive == 0 {
			t.Fatalf("seed %d: no card that asks a decision was taken", seed)
		}
		sr, err := Review(rg, 0, Options{Iterations: 8, Refine: 1, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		bad := func(x float64) bool { return math.IsNaN(x) || math.IsInf(x, 0) }
		for k, x := range sr.Curve {
			if bad(x) {
				t.Errorf("seed %d: the curve's point %d is %v", seed, k, x)
			}
		}
		for _, c := range sr.Choices {
			if bad(c.Value) || bad(c.BestValue) || bad(c.Loss) {
				t.Errorf("seed %d round %d turn %d: %v taken, value %v, best %v, loss %v", seed, c.Round, c.Turn, c.Chosen.Sub.Card, c.Value, c.BestValue, c.Loss)
			}
		}
		if bad(sr.Lost) || bad(sr.Accuracy) {
			t.Errorf("seed %d: lost %v, accuracy %v", seed, sr.Lost, sr.Accuracy)
		}
	}
}
