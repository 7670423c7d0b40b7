package review

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/sushigo/sushigo/engine"
)

// A move is stored in two to seven bytes, because a chat game keeps its
// moves in its live record (a couple of kilobytes at most): a head byte,
// then a submission's card and whichever of its extra, dummy, call and
// copy are set, or an answer's card, kind and flips, whichever are set.
// The head holds the seat (bits 0–2), whether the move answers a decision
// (bit 3) and which optional fields follow (bits 4–7).
const (
	headSeat   = 0x07
	headDecide = 0x08
	// A submission's optional fields.
	hasExtra = 0x10
	hasDummy = 0x20
	hasCall  = 0x40
	hasCopy  = 0x80
	// An answer's.
	hasCard = 0x10
	hasKind = 0x20
	hasFlip = 0x40
)

// errMoves is a stored move list that does not decode.
var errMoves = errors.New("review: stored moves are damaged")

// AppendMove appends m's stored form to b.
func AppendMove(b []byte, m Move) []byte {
	head := byte(m.Seat) & headSeat
	if m.Decide {
		a := m.Answer
		head |= headDecide
		if a.Card != engine.None {
			head |= hasCard
		}
		if a.Kind != engine.KindNone {
			head |= hasKind
		}
		if a.Flip != 0 {
			head |= hasFlip
		}
		b = append(b, head)
		if a.Card != engine.None {
			b = append(b, byte(a.Card))
		}
		if a.Kind != engine.KindNone {
			b = append(b, byte(a.Kind))
		}
		if a.Flip != 0 {
			b = binary.AppendUvarint(b, uint64(a.Flip))
		}
		return b
	}
	s := m.Sub
	opt := [4]struct {
		c    engine.Card
		flag byte
	}{{s.Extra, hasExtra}, {s.Dummy, hasDummy}, {s.Call, hasCall}, {s.Copy, hasCopy}}
	for _, o := range opt {
		if o.c != engine.None {
			head |= o.flag
		}
	}
	b = append(b, head, byte(s.Card))
	for _, o := range opt {
		if o.c != engine.None {
			b = append(b, byte(o.c))
		}
	}
	return b
}

// DecodeMoves reads moves stored by AppendMove.
func DecodeMoves(b []byte) ([]Move, error) {
	ms := make([]Move, 0, len(b)/2)
	next := func() (byte, error) {
		if len(b) == 0 {
			return 0, fmt.Errorf("%w: a move is cut short", errMoves)
		}
		c := b[0]
		b = b[1:]
		return c, nil
	}
	for len(b) > 0 {
		head, _ := next()
		m := Move{Seat: int(head & headSeat), Decide: head&headDecide != 0}
		if m.Decide {
			m.Answer = engine.Answer{Card: engine.None, Kind: engine.KindNone}
			if head&hasCard != 0 {
				c, err := next()
				if err != nil {
					return nil, err
				}
				m.Answer.Card = engine.Card(c)
			}
			if head&hasKind != 0 {
				k, err := next()
				if err != nil {
					return nil, err
				}
				m.Answer.Kind = engine.Kind(k)
			}
			if head&hasFlip != 0 {
				f, n := binary.Uvarint(b)
				if n <= 0 || f > 1<<32-1 {
					return nil, fmt.Errorf("%w: a takeout box's flips", errMoves)
				}
				m.Answer.Flip, b = uint32(f), b[n:]
			}
			ms = append(ms, m)
			continue
		}
		c, err := next()
		if err != nil {
			return nil, err
		}
		m.Sub = engine.Submission{Card: engine.Card(c), Extra: engine.None, Dummy: engine.None, Call: engine.None, Copy: engine.None}
		for _, o := range []struct {
			flag byte
			to   *engine.Card
		}{{hasExtra, &m.Sub.Extra}, {hasDummy, &m.Sub.Dummy}, {hasCall, &m.Sub.Call}, {hasCopy, &m.Sub.Copy}} {
			if head&o.flag != 0 {
				c, err := next()
				if err != nil {
					return nil, err
				}
				*o.to = engine.Card(c)
			}
		}
		ms = append(ms, m)
	}
	return ms, nil
}
