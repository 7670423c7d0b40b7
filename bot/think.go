package bot

import (
	"context"
	"encoding/binary"
	"hash/fnv"
	"sync"

	"github.com/sushigo/sushigo/deadline"
	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/strategy"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage"
)

// Searching bots (hard, expert) think for 10 to 100 ms a choice: never on a
// request's path nor inside the compare-and-swap retry. A change that leaves
// one of them to move schedules a "think:" deadline; the replica that claims
// it loads the game, lets every bot that must move think at once (bounded by
// the cores, across all games), and applies the choices with
// compare-and-swap if the game is still where they thought about it. A
// conflict re-applies the same choices: the work is never repeated.

const thinkPrefix = "think:"

// botPlayer is seat i's bot, and whether it may choose inline (a quick
// level, or a host configured to think inline, as the terminal is). Its
// seed follows the game and the moment, so a replayed choice is the same.
func (b *Bot) botPlayer(st *snapshot, i int) (strategy.Player, bool) {
	l := st.botLevel(i)
	h := fnv.New64a()
	h.Write([]byte(st.ID))
	p := progressOf(st.game)
	_ = binary.Write(h, binary.LittleEndian, [5]int64{int64(i), int64(p.round), int64(p.turn), int64(p.step), int64(len(st.Seats))})
	return l.Player(h.Sum64(), deadline.For(l)), l.Millis() == 0 || b.cfg.ThinkInline
}

// move is a searching bot's choice, computed off the request path.
type move struct {
	seat   int
	decide bool
	sub    engine.Submission
	ans    engine.Answer
}

// thinkClaimed lets the game's searching bots choose, then applies their
// choices. It returns what to deliver.
func (b *Bot) thinkClaimed(ctx context.Context, c storage.Claim, key string) (protocol.Outbound, error) {
	var o protocol.Outbound
	rec, found, err := b.rec.Read(ctx, key)
	if err != nil {
		return o, err
	}
	if !found {
		return o, b.store.Complete(ctx, c)
	}
	st := rec.snap()
	if st.Phase != phasePlaying || st.game == nil {
		return o, b.store.Complete(ctx, c)
	}
	at := progressOf(st.game)
	moves := b.thinkAll(st)
	resp, err := b.update(ctx, key, func(st *gameRecord) (effect, error) { return b.playMoves(st, at, moves, &o) })
	if err != nil {
		return o, err
	}
	o.Response = resp
	return o, b.store.Complete(ctx, c)
}

// thinkAll lets every searching bot that must move now choose, side by
// side, each holding one of the host's thinking slots.
func (b *Bot) thinkAll(st *snapshot) []move {
	g := st.game
	var moves []move
	if d, ok := g.Decision(); ok {
		if d.Seat < len(st.Seats) && st.Seats[d.Seat].Bot {
			moves = append(moves, move{seat: d.Seat, decide: true})
		}
	} else {
		for i := range st.Seats {
			if st.Seats[i].Bot && !g.Submitted(i) {
				moves = append(moves, move{seat: i})
			}
		}
	}
	var wg sync.WaitGroup
	for k := range moves {
		m := &moves[k]
		p, _ := b.botPlayer(st, m.seat)
		wg.Add(1)
		go func() {
			defer wg.Done()
			b.thinking <- struct{}{}
			defer func() { <-b.thinking }()
			// Each bot reads its own seat's view of its own copy: the
			// engine's game is not safe for concurrent use.
			g := *st.game
			if m.decide {
				m.ans = strategy.Answer(p, g.View(m.seat))
			} else {
				m.sub = p.Choose(g.View(m.seat))
			}
		}()
	}
	wg.Wait()
	return moves
}
