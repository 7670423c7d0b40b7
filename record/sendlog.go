package record

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/sushigo/sushigo/protocol"
)

// SendLog is how far a game's outbox has been sent: the game's side value
// (storage.Games), written by the game's one sender after each send
// without touching the game record, so sending never races the players'
// saves. Whoever loads the game folds it in: sent deliveries leave the
// outbox, and the references sends learnt (the table message, hand
// messages, the thread) become the game's. Stored as JSON, pinned by the
// host's testdata/stored/sendlog-v1.json.
type SendLog struct {
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
	Learnt []Learnt `json:"l,omitempty"`
	N      uint64   `json:"n,omitempty"`
}

// Learnt is one thing a send taught: the reference of a message a slotted
// delivery created, or the state of the game's thread.
type Learnt struct {
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

// DecodeSendLog reads a game's side value: nil for none.
func DecodeSendLog(side []byte) (*SendLog, error) {
	if len(side) == 0 {
		return nil, nil
	}
	p := &SendLog{}
	if err := json.Unmarshal(side, p); err != nil {
		return nil, fmt.Errorf("record: decode send log: %w", err)
	}
	return p, nil
}

// Learn records l and returns it numbered, for the game to take at once,
// so the rest of a flush resolves its deliveries against it.
func (p *SendLog) Learn(l Learnt) Learnt {
	p.N++
	l.N = p.N
	p.Learnt = append(p.Learnt, l)
	return l
}

// Trimmed drops what a game has folded already (up to folded): the
// stored game knows it.
func (p *SendLog) Trimmed(folded uint64) *SendLog {
	out := *p
	out.Learnt = nil
	for _, l := range p.Learnt {
		if l.N > folded {
			out.Learnt = append(out.Learnt, l)
		}
	}
	return &out
}
