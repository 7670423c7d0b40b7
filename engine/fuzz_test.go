package engine_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/sushigo/sushigo/engine"
)

var ruleErrors = []error{
	engine.ErrGameOver, engine.ErrNotPlayer, engine.ErrWrongTurn, engine.ErrNoCard,
	engine.ErrNotInHand, engine.ErrSameCardTwice, engine.ErrNoChopsticks,
	engine.ErrHandTooSmall, engine.ErrDummyCard, engine.ErrNotController,
}

// FuzzSubmit feeds arbitrary submission sequences. Each 4-byte op is either
// a raw submission (seat, card, extra, dummy: often illegal) or, when its
// first byte's top bit is set, one of the seat's legal submissions, so games
// also reach their end. Nothing may panic, a refused submission must return
// a documented error and change nothing, and the invariants must hold.
func FuzzSubmit(f *testing.F) {
	f.Add(uint8(4), false, uint64(1), []byte{0x80, 0, 0, 0, 0x81, 3, 0, 0, 2, 1, 1, 1})
	f.Add(uint8(2), true, uint64(9), bytes.Repeat([]byte{0x80, 1, 2, 3, 0x81, 4, 5, 6}, 40))
	f.Add(uint8(5), false, uint64(3), bytes.Repeat([]byte{0x80, 0, 0, 0, 0x81, 0, 0, 0, 0x82, 0, 0, 0, 0x83, 0, 0, 0, 0x84, 0, 0, 0}, 30))
	f.Fuzz(func(t *testing.T, players uint8, dummy bool, seed uint64, ops []byte) {
		s := engine.Settings{Players: int(players%4) + 2, Dummy: dummy}
		if dummy {
			s.Players = 2
		}
		g, err := engine.New(s, seed)
		if err != nil {
			t.Fatal(err)
		}
		var legal []engine.Submission
		for len(ops) >= 4 {
			op := ops[:4]
			ops = ops[4:]
			seat := int(op[0]&0x7f) % (s.Players + 2) // sometimes not a player
			var sub engine.Submission
			if op[0]&0x80 != 0 {
				legal = g.View(seat).AppendLegal(legal[:0])
				if len(legal) == 0 {
					continue
				}
				sub = legal[int(op[1])%len(legal)]
			} else {
				sub = engine.Submission{Card: engine.Card(op[1] % 16), Extra: engine.Card(op[2] % 16), Dummy: engine.Card(op[3] % 16)}
				if op[1]&0x80 != 0 {
					sub.Turn = int(op[2] % 12)
				}
			}
			before, _ := g.MarshalBinary()
			err := g.Submit(seat, sub)
			if err != nil {
				known := false
				for _, e := range ruleErrors {
					known = known || errors.Is(err, e)
				}
				if !known {
					t.Fatalf("undocumented error %v", err)
				}
				if after, _ := g.MarshalBinary(); !bytes.Equal(before, after) {
					t.Fatalf("refused submission %+v changed the game", sub)
				}
				continue
			}
			if op[0]&0x80 != 0 && err != nil {
				t.Fatalf("a listed legal submission was refused: %v", err)
			}
			if err := g.Invariants(); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// FuzzUnmarshal feeds arbitrary bytes to the decoder: it must not panic,
// and what it accepts must be a valid game that encodes back to the same
// bytes.
func FuzzUnmarshal(f *testing.F) {
	for _, s := range configs {
		g, _ := engine.New(s, 4)
		players := randomPlayers(s.Players, 4)
		for i := 0; i < 40 && !g.Over(); i++ {
			seat := i % s.Players
			if !g.Submitted(seat) {
				_ = g.Submit(seat, players[seat].Choose(g.View(seat)))
			}
			if i%7 == 0 {
				b, _ := g.MarshalBinary()
				f.Add(b)
			}
		}
	}
	for name, g := range goldenGames() {
		if len(name) > 5 && name[:5] == "party" {
			b, _ := g.MarshalBinary()
			f.Add(b)
		}
	}
	f.Add([]byte{})
	f.Add([]byte{2, 1, 2})
	f.Add([]byte{engine.PartyEncodingVersion, 2, 4, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		var g engine.Game
		if err := g.UnmarshalBinary(data); err != nil {
			if !errors.Is(err, engine.ErrCorrupt) && !errors.Is(err, engine.ErrVersion) {
				t.Fatalf("undocumented error %v", err)
			}
			return
		}
		if err := g.Invariants(); err != nil {
			t.Fatalf("accepted an invalid game: %v", err)
		}
		b, err := g.MarshalBinary()
		if err != nil || !bytes.Equal(b, data) {
			t.Fatalf("re-encoding differs")
		}
	})
}

func TestUnmarshalVersion(t *testing.T) {
	g, _ := engine.New(engine.Settings{Players: 3}, 1)
	b, _ := g.MarshalBinary()
	if b[0] != engine.EncodingVersion {
		t.Fatalf("first byte %d, want the version %d", b[0], engine.EncodingVersion)
	}
	b[0] = engine.EncodingVersion + 1
	var d engine.Game
	if err := d.UnmarshalBinary(b); !errors.Is(err, engine.ErrVersion) {
		t.Errorf("newer version: got %v, want ErrVersion", err)
	}
	b[0] = engine.EncodingVersion
	if err := d.UnmarshalBinary(b[:len(b)-1]); !errors.Is(err, engine.ErrCorrupt) {
		t.Errorf("truncated: got %v, want ErrCorrupt", err)
	}
	if err := d.UnmarshalBinary(append(b, 0)); !errors.Is(err, engine.ErrCorrupt) {
		t.Errorf("trailing byte: got %v, want ErrCorrupt", err)
	}
}
