package engine_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/sushigo/sushigo/engine"
)

var partyErrors = append([]error{
	engine.ErrExtraAfterReveal, engine.ErrNoSpoon, engine.ErrCopyTarget, engine.ErrDeciding,
	engine.ErrNoDecision, engine.ErrNotYourDecision, engine.ErrNotAnOption,
}, ruleErrors...)

// FuzzPartyActions feeds arbitrary Party action sequences. Each 4-byte op is
// a raw pick or answer (often illegal) or, when its first byte's top bit is
// set, one of the legal picks or answers, so games also reach their end.
// Nothing may panic, a refused action must return a documented error and
// change nothing, and the invariants must hold after every accepted one.
func FuzzPartyActions(f *testing.F) {
	f.Add(uint8(4), uint8(0), uint64(1), bytes.Repeat([]byte{0x80, 0, 0, 0, 0x81, 3, 0, 0, 0x82, 1, 1, 1, 0x83, 7, 2, 0}, 60))
	f.Add(uint8(2), uint8(7), uint64(9), bytes.Repeat([]byte{0x80, 1, 2, 3, 0x81, 4, 5, 6, 0x00, 29, 30, 0}, 80))
	f.Add(uint8(6), uint8(3), uint64(3), bytes.Repeat([]byte{0x80, 0, 0, 0, 0x81, 9, 0, 0, 0x82, 0, 0, 0, 0x83, 0, 0, 0, 0x84, 2, 0, 0, 0x85, 1, 0, 0, 0x40, 27, 0, 0}, 40))
	f.Fuzz(func(t *testing.T, players uint8, menu uint8, seed uint64, ops []byte) {
		n := int(players%7) + 2
		menus := engine.Menus(n)
		s := engine.Settings{Ruleset: engine.Party, Players: n, Menu: menus[int(menu)%len(menus)].Menu}
		g, err := engine.New(s, seed)
		if err != nil {
			t.Fatal(err)
		}
		var legal []engine.Submission
		var opts []engine.Answer
		for len(ops) >= 4 && !g.Over() {
			op := ops[:4]
			ops = ops[4:]
			seat := int(op[0]&0x3f) % (n + 1) // sometimes not a player
			before, _ := g.MarshalBinary()
			var err error
			listed := op[0]&0x80 != 0
			switch d, deciding := g.Decision(); {
			case listed && deciding:
				opts = g.View(d.Seat).AppendOptions(opts[:0])
				if len(opts) == 0 {
					t.Fatalf("a %s decision without options", d.Kind)
				}
				err = g.Decide(d.Seat, opts[int(op[1])%len(opts)])
			case listed:
				legal = g.View(seat).AppendLegal(legal[:0])
				if len(legal) == 0 {
					continue
				}
				err = g.Submit(seat, legal[int(op[1])%len(legal)])
			case op[0]&0x40 != 0:
				err = g.Decide(seat, engine.Answer{Card: engine.Card(op[1] % 50), Kind: engine.Kind(op[2] % 26), Flip: uint32(op[3]), Step: int(op[3] >> 6)})
			default:
				err = g.Submit(seat, engine.Submission{Card: engine.Card(op[1] % 50), Call: engine.Card(op[2] % 50), Copy: engine.Card(op[3] % 50)})
			}
			if err != nil {
				if listed {
					t.Fatalf("a listed legal action was refused: %v", err)
				}
				known := false
				for _, e := range partyErrors {
					known = known || errors.Is(err, e)
				}
				if !known {
					t.Fatalf("undocumented error %v", err)
				}
				if after, _ := g.MarshalBinary(); !bytes.Equal(before, after) {
					t.Fatal("a refused action changed the game")
				}
				continue
			}
			if err := g.Invariants(); err != nil {
				t.Fatal(err)
			}
		}
	})
}
