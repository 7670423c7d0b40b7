package bot

import (
	"encoding/binary"
	"hash/fnv"

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
	// The expert at a fixed number of iterations: the same position gives
	// the same hint.
	h := fnv.New64a()
	h.Write([]byte(sn.ID))
	p := progressOf(g)
	_ = binary.Write(h, binary.LittleEndian, [4]int64{int64(i), int64(p.round), int64(p.turn), int64(p.step)})
	expert := strategy.Expert.Player(h.Sum64(), nil)
	w := req.Lang
	var text string
	switch d, deciding := g.Decision(); {
	case deciding && d.Seat == i:
		a := strategy.Answer(expert, g.View(i))
		text = w.Say("hint.answer", optionText(w, review.Option{Answer: a}, true))
	case deciding, g.Submitted(i):
		return effect{}, refuse("hint.notYourMove")
	default:
		sub := expert.Choose(g.View(i))
		text = w.Say("hint.take", optionText(w, review.Option{Sub: sub}, false))
	}
	v := protocol.View{Screen: protocol.ScreenNotice, Tone: protocol.ToneInfo, Text: text, Lang: w}
	return effect{resp: privateReply(req, v)}, nil
}
