package strategy

import (
	"math"

	"github.com/sushigo/sushigo/engine"
)

// Heuristic judges each legal submission by how much it raises an estimate
// of its tableau's worth at the end of the round: sets in progress count in
// part by the chance of completing them in the picks left, maki by the race
// against the visible tableaux, puddings by the game-long race, wasabi and
// chopsticks by what they are likely to be worth later. Party is judged the
// same way over every kind of the menu, and so is every decision after the
// reveal (party.go). It is deterministic.
type Heuristic struct {
	buf    []engine.Submission
	opts   []engine.Answer
	placed []engine.Placed
	tab    []engine.Placed
	copies []engine.Card
}

// NewHeuristic returns a heuristic player.
func NewHeuristic() *Heuristic {
	return &Heuristic{
		buf:    make([]engine.Submission, 0, 256),
		opts:   make([]engine.Answer, 0, 64),
		placed: make([]engine.Placed, 0, 32),
		tab:    make([]engine.Placed, 0, 32),
		copies: make([]engine.Card, 0, 32),
	}
}

// tableau is the part of a seat's position the heuristic reasons about.
type tableau struct {
	tempura, sashimi, dumplings int
	icons, puddings             int
	emptyWasabi, chopsticks     int
	nigiri                      int // points already scored by nigiri
}

func seatTableau(v engine.View, seat int) tableau {
	t := tableau{
		tempura:     v.Count(seat, engine.Tempura),
		sashimi:     v.Count(seat, engine.Sashimi),
		dumplings:   v.Count(seat, engine.Dumpling),
		icons:       v.MakiIcons(seat),
		puddings:    v.Puddings(seat),
		emptyWasabi: v.EmptyWasabi(seat),
		chopsticks:  v.Chopsticks(seat),
	}
	var buf [32]engine.Placed
	for _, p := range v.AppendTableau(buf[:0], seat) {
		if n := p.Card.NigiriPoints(); n > 0 {
			if p.Paired {
				n *= 3
			}
			t.nigiri += n
		}
	}
	return t
}

// add places c as the engine would.
func (t *tableau) add(c engine.Card) {
	switch c.Kind() {
	case engine.KindTempura:
		t.tempura++
	case engine.KindSashimi:
		t.sashimi++
	case engine.KindDumpling:
		t.dumplings++
	case engine.KindMaki:
		t.icons += c.Icons()
	case engine.KindPudding:
		t.puddings++
	case engine.KindWasabi:
		t.emptyWasabi++
	case engine.KindChopsticks:
		t.chopsticks++
	case engine.KindNigiri:
		n := c.NigiriPoints()
		if t.emptyWasabi > 0 {
			t.emptyWasabi--
			n *= 3
		}
		t.nigiri += n
	}
}

// context is what the estimate needs besides the seat's own tableau.
type context struct {
	picksLeft   int // picks after this one in the round
	roundsLeft  int // rounds after this one
	makiOthers  [engine.MaxSeats]int
	pudOthers   [engine.MaxSeats]int
	seats, self int
}

// atLeast is the chance of finding a wanted card in at least one of k picks
// when each pick offers one with probability q.
func atLeast(k int, q float64) float64 {
	if k <= 0 {
		return 0
	}
	return 1 - math.Pow(1-q, float64(k))
}

var dumplingPoints = [...]float64{0, 1, 3, 6, 10, 15, 15}

// worth estimates what t will score by the end of the round (and, for
// puddings, of the game).
func (t tableau) worth(cx *context) float64 {
	k := cx.picksLeft
	w := float64(5*(t.tempura/2) + 10*(t.sashimi/3) + t.nigiri)
	if t.tempura%2 == 1 {
		w += 5 * atLeast(k, 0.3)
	}
	switch t.sashimi % 3 {
	case 2:
		w += 10 * atLeast(k, 0.3)
	case 1:
		w += 10 * atLeast(k, 0.3) * atLeast(k-1, 0.3)
	}
	d := min(t.dumplings, 5)
	w += dumplingPoints[d] + (dumplingPoints[d+1]-dumplingPoints[d])*atLeast(k, 0.25)*0.8
	w += float64(t.emptyWasabi) * 4 * atLeast(k, 0.4)
	if k >= 2 {
		w += float64(min(t.chopsticks, k-1)) * 2.5 * atLeast(k-1, 0.5)
	}
	w += cx.race(t.icons, cx.makiOthers[:], engine.MakiPoints) * (1 - 0.5*float64(k)/10)
	if t.icons > 0 {
		w += 0.4 * float64(k) / 10 * float64(t.icons)
	}
	pw := 1.0 - 0.25*float64(cx.roundsLeft)
	w += cx.race(t.puddings, cx.pudOthers[:], engine.PuddingPoints)*pw + float64(t.puddings)*0.8*float64(cx.roundsLeft)
	return w
}

// race returns the seat's points if the race ended with mine against the
// others' current counts.
func (cx *context) race(mine int, others []int, score func(counts, points, place []int)) float64 {
	var counts, points, place [engine.MaxSeats]int
	n := cx.seats
	copy(counts[:n], others[:n])
	counts[cx.self] = mine
	score(counts[:n], points[:n], place[:n])
	return float64(points[cx.self])
}

// Choose implements Player.
func (h *Heuristic) Choose(v engine.View) engine.Submission {
	if v.Settings().Ruleset == engine.Party {
		return h.chooseParty(v)
	}
	h.buf = v.AppendLegal(h.buf[:0])
	if len(h.buf) <= 1 {
		if len(h.buf) == 0 {
			return engine.Submission{}
		}
		return h.buf[0]
	}
	me := v.Seat()
	cx := context{
		picksLeft:  v.HandSize(me) - 1,
		roundsLeft: engine.Rounds - v.Round(),
		seats:      v.Seats(),
		self:       me,
	}
	if v.Controller() == me {
		cx.picksLeft-- // the drawn dummy card is not a pick of ours
	}
	for s := range cx.seats {
		cx.makiOthers[s] = v.MakiIcons(s)
		cx.pudOthers[s] = v.Puddings(s)
	}
	base := seatTableau(v, me)
	now := base.worth(&cx)
	best, bestGain := 0, math.Inf(-1)
	for i, sub := range h.buf {
		t := base
		t.add(sub.Card)
		if sub.Extra != engine.None {
			t.add(sub.Extra)
			t.chopsticks--
		}
		gain := t.worth(&cx) - now
		if sub.Dummy != engine.None {
			// Feed the dummy what is least use to us; a small penalty for
			// giving it race cards that could beat us.
			gain -= cardWorth(base, sub.Dummy, &cx) * 0.5
		}
		if gain > bestGain {
			best, bestGain = i, gain
		}
	}
	return h.buf[best]
}

func cardWorth(t tableau, c engine.Card, cx *context) float64 {
	before := t.worth(cx)
	t.add(c)
	return t.worth(cx) - before
}
