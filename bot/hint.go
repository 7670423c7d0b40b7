package bot

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"sync"

	"github.com/sushigo/sushigo/engine/review"
	"github.com/sushigo/sushigo/engine/strategy"
	"github.com/sushigo/sushigo/protocol"
)

// Hints. A practice game (one person, the rest bots: never rated) started
// with the hints option shows a Hint button on the hand; it answers,
// privately, with the choice the expert would make from that hand. A
// game people play together never has hints: the host refuses to start
// one, and a Hint from a game without them is refused.

// hint answers Hint: the expert's choice for the asker's seat now.
func (b *Bot) hint(req protocol.Request, st *gameRecord) (effect, error) {
	sn := st.snap()
	switch {
	case !sn.Opts.Hints:
		return effect{}, refuse("hint.off")
	case sn.Phase != phasePlaying || sn.game == nil:
		return effect{}, refuse("hint.notPlaying")
	case st.people() > 1:
		return effect{}, refuse("hint.onlyPractice")
	}
	i := st.seatOf(req.Who.ID)
	if i < 0 || !sn.Seats[i].human() {
		return effect{}, refuse("hint.notYours")
	}
	g := sn.game
	d, deciding := g.Decision()
	if (deciding && d.Seat != i) || (!deciding && g.Submitted(i)) {
		return effect{}, refuse("hint.notYourMove")
	}
	// The expert at a fixed number of iterations: the same position gives
	// the same hint, so a position's hint is kept (hintCache).
	p := progressOf(g)
	key := fmt.Sprintf("%s:%d:%d:%d:%d", sn.ID, i, p.round, p.turn, p.step)
	opt, ok := b.hints.get(key)
	if !ok {
		h := fnv.New64a()
		h.Write([]byte(sn.ID))
		_ = binary.Write(h, binary.LittleEndian, [4]int64{int64(i), int64(p.round), int64(p.turn), int64(p.step)})
		expert := strategy.Expert.Player(h.Sum64(), nil)
		if deciding {
			opt.Answer = strategy.Answer(expert, g.View(i))
		} else {
			opt.Sub = expert.Choose(g.View(i))
		}
		b.hints.put(key, opt)
	}
	w := req.Lang
	text := w.Say("hint.take", optionText(w, opt, false))
	if deciding {
		text = w.Say("hint.answer", optionText(w, opt, true))
	}
	v := protocol.View{Screen: protocol.ScreenNotice, Tone: protocol.ToneInfo, Text: text, Lang: w}
	return effect{resp: privateReply(req, v)}, nil
}

// hintsKept bounds the positions whose hint a replica keeps (a few dozen
// bytes each); past it they are all let go.
const hintsKept = 4096

// hintCache is the expert's choice at each position a hint was asked in:
// its search costs 0.2–0.5 s, on the click path, and a player who asks
// again (or on another page) gets the same answer at once.
type hintCache struct {
	mu sync.Mutex
	m  map[string]review.Option
}

func (c *hintCache) get(key string) (review.Option, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	o, ok := c.m[key]
	return o, ok
}

func (c *hintCache) put(key string, o review.Option) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= hintsKept {
		c.m = map[string]review.Option{}
	}
	c.m[key] = o
}
