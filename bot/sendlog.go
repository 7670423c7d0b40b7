package bot

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/sushigo/sushigo/protocol"
)

// sendLog is how far a game's outbox has been sent: the game's side value
// (storage.Games), written by the game's one sender after each send
// without touching the game record, so sending never races the players'
// saves. Whoever loads the game folds it in (state.fold): sent deliveries
// leave the outbox, and the references sends learnt (the table message,
// hand messages, the thread) become the game's.
type sendLog struct {
	Game string `json:"id"`
	// Done: every delivery with Seq ≤ Done was sent, or dropped after
	// maxAttempts.
	Done uint64 `json:"d,omitempty"`
	// Failed counts the failures of delivery FailedSeq (the next one);
	// Wait is when it may be tried again.
	FailedSeq uint64    `json:"fs,omitempty"`
	Failed    int       `json:"f,omitempty"`
	Wait      time.Time `json:"w,omitzero"`
	// Trying is the delivery an attempt was made of and not recorded as
	// done (ResendChecker): a crash mid-send leaves it for the next sender.
	Trying uint64 `json:"t,omitempty"`
	// Learnt are what sends taught, numbered so a game folds each once.
	Learnt []learnt `json:"l,omitempty"`
	N      uint64   `json:"n,omitempty"`
}

// learnt is one thing a send taught: the reference of a message a slotted
// delivery created, or the state of the game's thread.
type learnt struct {
	N      uint64       `json:"n"`
	Slot   string       `json:"s,omitempty"`
	Ref    protocol.Ref `json:"r,omitzero"`
	Thread string       `json:"t,omitempty"`
	Said   bool         `json:"y,omitempty"`
	// NoPictures is why the platform refused the game's pictures;
	// PicturesSaid that the channel was told.
	NoPictures   string `json:"np,omitempty"`
	PicturesSaid bool   `json:"ps,omitempty"`
	// TableGone: the table message was deleted; TableSaid: the table
	// posted again said so.
	TableGone bool `json:"tg,omitempty"`
	TableSaid bool `json:"ts,omitempty"`
}

func decodeSendLog(side []byte) (*sendLog, error) {
	if len(side) == 0 {
		return nil, nil
	}
	p := &sendLog{}
	if err := json.Unmarshal(side, p); err != nil {
		return nil, fmt.Errorf("bot: decode send log: %w", err)
	}
	return p, nil
}

// learn records l and returns it numbered, for the record to take at
// once (state.learnt), so the rest of a flush resolves its deliveries
// against it.
func (p *sendLog) learn(l learnt) learnt {
	p.N++
	l.N = p.N
	p.Learnt = append(p.Learnt, l)
	return l
}

// trimmed drops what st has folded already: the stored game knows it.
func (p *sendLog) trimmed(folded uint64) *sendLog {
	out := *p
	out.Learnt = nil
	for _, l := range p.Learnt {
		if l.N > folded {
			out.Learnt = append(out.Learnt, l)
		}
	}
	return &out
}
