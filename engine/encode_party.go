package engine

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"slices"
)

// PartyEncodingVersion is the first byte of an encoded Sushi Go Party! game.
// Classic games keep encoding version 1, byte for byte, so games stored by
// earlier releases and games stored now read the same. The two formats count
// their versions apart: classic's next format would be 2, Party's formats
// count from 16.
const PartyEncodingVersion = 16

// codec walks the fields of a Party game in one fixed order, either
// appending them (enc) or reading them (dec), so the two directions cannot
// drift apart.
type codec struct {
	dec bool
	out []byte
	in  decoder
}

func (c *codec) err() error { return c.in.err }

func (c *codec) fail(format string, a ...any) {
	if c.in.err == nil {
		c.in.err = fmt.Errorf(format, a...)
	}
}

func (c *codec) u8(v *uint8) {
	if c.dec {
		*v = c.in.byte()
		return
	}
	c.out = append(c.out, *v)
}

func (c *codec) i8(v *int8) {
	u := uint8(*v)
	c.u8(&u)
	*v = int8(u)
}

func (c *codec) card(v *Card) {
	u := uint8(*v)
	c.u8(&u)
	if c.dec && !Card(u).Valid() {
		c.fail("card %d", u)
	}
	*v = Card(u)
}

func (c *codec) kind(v *Kind) {
	u := uint8(*v)
	c.u8(&u)
	if c.dec && u >= uint8(numKinds) {
		c.fail("kind %d", u)
	}
	*v = Kind(u)
}

func (c *codec) boolean(v *bool) {
	u := uint8(0)
	if *v {
		u = 1
	}
	c.u8(&u)
	if c.dec && u > 1 {
		c.fail("flag %d", u)
	}
	*v = u == 1
}

func (c *codec) uvarint(v *uint64) {
	if c.dec {
		*v = c.in.uvarint()
		return
	}
	c.out = binary.AppendUvarint(c.out, *v)
}

func (c *codec) u32(v *uint32) {
	x := uint64(*v)
	c.uvarint(&x)
	if c.dec && x > 1<<32-1 {
		c.fail("mask %#x", x)
	}
	*v = uint32(x)
}

func (c *codec) u16(v *uint16) {
	x := uint64(*v)
	c.uvarint(&x)
	if c.dec && x > 1<<16-1 {
		c.fail("value %d", x)
	}
	*v = uint16(x)
}

func (c *codec) i16(v *int16) {
	if c.dec {
		x := c.in.varint()
		if x < -1000 || x > 1000 {
			c.fail("points %d", x)
		}
		*v = int16(x)
		return
	}
	c.out = binary.AppendVarint(c.out, int64(*v))
}

// n reads or writes a length and checks it against limit.
func (c *codec) n(v *uint8, limit int) int {
	c.u8(v)
	if int(*v) > limit {
		c.fail("length %d over %d", *v, limit)
		*v = 0
	}
	return int(*v)
}

func (c *codec) cards(cs []Card) {
	for i := range cs {
		c.card(&cs[i])
	}
}

func (c *codec) int(v *int, limit int) {
	u := uint8(*v)
	c.n(&u, limit)
	*v = int(u)
}

func (c *codec) breakdown(b *Breakdown) {
	var mask uint64
	if !c.dec {
		for k := range NumCategories {
			if b.Count[k] != 0 || b.Points[k] != 0 || b.Place[k] != 0 || b.Shared[k] != 0 || b.Detail[k] != 0 {
				mask |= 1 << k
			}
		}
	}
	c.uvarint(&mask)
	if mask >= 1<<NumCategories {
		c.fail("categories %#x", mask)
		return
	}
	for k := range NumCategories {
		if mask&(1<<k) != 0 {
			c.u8(&b.Count[k])
			c.i16(&b.Points[k])
			c.i8(&b.Place[k])
			c.u8(&b.Shared[k])
			c.u8(&b.Detail[k])
		}
	}
}

// partyFields walks every field of a Party game after the settings.
func (g *Game) partyFields(c *codec) {
	p := &g.p
	c.int(&g.round, Rounds)
	c.int(&g.turn, maxHand)
	var rng []byte
	if !c.dec {
		b, _ := g.rng.MarshalBinary()
		rng = b[len(b)-16:]
		c.out = append(c.out, rng...)
	} else if err := g.rng.UnmarshalBinary(append([]byte("pcg:"), c.in.bytes(16)...)); err != nil {
		c.fail("random source: %v", err)
	}
	var flags uint8
	if g.over {
		flags |= 1
	}
	if p.deciding {
		flags |= 2
	}
	c.u8(&flags)
	g.over, p.deciding = flags&1 != 0, flags&2 != 0
	if flags&^3 != 0 {
		c.fail("flags %#x", flags)
	}
	c.int(&g.deckLen, maxDeck)
	c.int(&g.drawPos, g.deckLen)
	c.cards(g.deck[g.drawPos:g.deckLen])
	c.cards(p.dpile[:c.n(&p.dpileLen, len(p.dpile))])
	for s := range g.seats {
		c.cards(g.hands[s][:c.n(&g.handLen[s], maxHand)])
		n := c.n(&g.tabLen[s], maxTableau)
		c.cards(g.tab[s][:n])
		c.u32(&g.paired[s])
		c.u32(&p.flipped[s])
		for i := range n {
			if g.tab[s][i] == SpecialOrder {
				c.card(&p.copies[s][i])
			}
		}
		c.n(&p.turnStart[s], n)
		c.u32(&p.using[s])
		c.u32(&p.misos[s])
		for v := range numDessertVar {
			c.u8(&p.kept[s][v])
			c.u8(&p.keptCopy[s][v])
		}
		c.i8(&p.uraPts[s])
		c.i8(&p.uraPlace[s])
	}
	c.n(&p.uraNext, 4)
	c.u16(&g.submitted)
	for s := range g.set.Players {
		if g.submitted&(1<<s) != 0 {
			pk := &g.pending[s]
			c.card(&pk.card)
			c.card(&pk.call)
			c.card(&pk.copy)
		}
	}
	var nd uint8
	if !c.dec {
		for _, n := range g.discards {
			if n > 0 {
				nd++
			}
		}
	}
	prev := None
	for range c.n(&nd, int(NumCards)) {
		var cd Card
		var n uint8
		if !c.dec {
			for cd = prev + 1; g.discards[cd] == 0; cd++ {
			}
			n = g.discards[cd]
		}
		c.card(&cd)
		c.u8(&n)
		if c.dec {
			if cd <= prev || n == 0 {
				c.fail("discard entry %d×%d", n, cd)
				return
			}
			g.discards[cd] = n
		}
		prev = cd
	}
	c.u16(&p.step)
	c.n(&p.qPos, c.n(&p.qLen, maxQueue))
	for i := range int(p.qLen) {
		it := &p.queue[i]
		c.u8(&it.corner)
		c.u8(&it.seat)
		c.u8(&it.act)
		c.u8(&it.stage)
		c.card(&it.card)
		c.u8(&it.pos)
		c.i8(&it.giver)
		c.card(&it.held)
	}
	c.cards(p.draw[:c.n(&p.drawLen, menuDraw)])
	for r := 1; r <= Rounds; r++ {
		if g.roundScored(r) {
			for s := range g.seats {
				c.breakdown(&g.scores[r-1][s])
			}
		}
	}
	if g.over {
		for s := range g.seats {
			c.breakdown(&g.dessert[s])
		}
	}
	l := &g.last
	c.int(&l.Round, Rounds)
	c.int(&l.Turn, maxHand)
	l.Controller = -1
	for s := range g.seats {
		pl := &l.Seats[s]
		c.card(&pl.Cards[0])
		c.card(&pl.Cards[1])
		c.boolean(&pl.Paired[0])
		c.boolean(&pl.Paired[1])
		c.boolean(&pl.Chopsticks)
	}
	for i := range c.n(&l.NEvents, maxEvents) {
		e := &l.Events[i]
		k := uint8(e.Kind)
		c.u8(&k)
		e.Kind = EventKind(k)
		c.i8(&e.Seat)
		c.i8(&e.Other)
		c.card(&e.Card)
		c.card(&e.Asked)
		c.kind(&e.Named)
		c.card(&e.Via)
		c.boolean(&e.Paired)
		c.u8(&e.N)
		c.i8(&e.Place)
		c.i8(&e.Points)
		c.u32(&e.Mask)
	}
}

func (g *Game) appendParty(b []byte) []byte {
	m := g.set.Menu
	b = append(b, PartyEncodingVersion, byte(g.set.Ruleset), byte(g.set.Players), byte(g.set.Pass),
		byte(m.Roll), byte(m.Appetizers[0]), byte(m.Appetizers[1]), byte(m.Appetizers[2]),
		byte(m.Specials[0]), byte(m.Specials[1]), byte(m.Dessert))
	c := codec{out: b}
	g.partyFields(&c)
	return c.out
}

// decodeParty reads a version-2 game. Whatever it accepts is checked by
// validate and must encode back to the very same bytes: one game, one
// encoding.
func (g *Game) decodeParty(data []byte) error {
	c := codec{dec: true, in: decoder{data: data[1:]}}
	d := &c.in
	s := Settings{Ruleset: Ruleset(d.byte()), Players: int(d.byte()), Pass: PassMode(d.byte())}
	for _, k := range []*Kind{&s.Menu.Roll, &s.Menu.Appetizers[0], &s.Menu.Appetizers[1], &s.Menu.Appetizers[2],
		&s.Menu.Specials[0], &s.Menu.Specials[1], &s.Menu.Dessert} {
		*k = Kind(d.byte())
	}
	if d.err != nil {
		return d.err
	}
	if s.Ruleset != Party {
		return fmt.Errorf("ruleset %d in a Party encoding", s.Ruleset)
	}
	if err := s.Validate(); err != nil {
		return err
	}
	g.set, g.seats = s, s.Seats()
	g.partyFields(&c)
	if c.err() != nil {
		return c.err()
	}
	if len(d.data) != 0 {
		return fmt.Errorf("%d trailing bytes", len(d.data))
	}
	g.total = g.totals()
	if err := g.validateParty(); err != nil {
		return err
	}
	if again := g.appendParty(nil); !slices.Equal(again, data) {
		return errors.New("not the canonical encoding")
	}
	return nil
}

// validateParty checks what the fields cannot say alone: every card of the
// game is in exactly one place, hands have the sizes the turn implies, and
// the queue, the decision and the pending picks are ones play could reach.
func (g *Game) validateParty() error {
	p := &g.p
	hs := g.set.HandSize()
	if g.round < 1 || g.turn < 1 || g.turn > hs {
		return fmt.Errorf("round %d turn %d out of range", g.round, g.turn)
	}
	if p.uraNext < 1 {
		return fmt.Errorf("uramaki place %d", p.uraNext)
	}
	var seen [NumCards]int
	add := func(cs []Card) {
		for _, c := range cs {
			seen[c]++
		}
	}
	add(g.deck[g.drawPos:g.deckLen])
	add(p.dpile[:p.dpileLen])
	add(p.draw[:p.drawLen])
	for s := range g.seats {
		add(g.hands[s][:g.handLen[s]])
		n := int(g.tabLen[s])
		add(g.tab[s][:n])
		for v := range numDessertVar {
			seen[g.dessertCard(v)] += int(p.kept[s][v])
			seen[SpecialOrder] += int(p.keptCopy[s][v])
			if (p.kept[s][v] != 0 || p.keptCopy[s][v] != 0) && g.round == 1 && !g.over {
				return fmt.Errorf("seat %d keeps desserts before any round ended", s)
			}
		}
		inTab := uint32(1)<<n - 1
		if g.paired[s]&^inTab != 0 || p.flipped[s]&^inTab != 0 || p.using[s]&^inTab != 0 || p.misos[s]&^inTab != 0 {
			return fmt.Errorf("seat %d: tableau marks beyond its %d cards", s, n)
		}
		for i := range n {
			c := g.tab[s][i]
			if c == SpecialOrder {
				cp := p.copies[s][i]
				if cp == None || cp == SpecialOrder || cp == FaceDown && !g.faceDown(s, i) {
					return fmt.Errorf("seat %d: special order copies %s", s, cp)
				}
				if cp != FaceDown && g.set.DeckCount(cp) == 0 {
					return fmt.Errorf("seat %d: special order copies %s, not on the menu", s, cp)
				}
				if k := cardKind[cp]; k == KindMenu || k == KindTakeoutBox {
					return fmt.Errorf("seat %d: special order copies %s", s, cp)
				}
			} else if p.copies[s][i] != None {
				return fmt.Errorf("seat %d: a copy on a %s", s, c)
			}
			if k := cardKind[c]; k == KindMenu || k == KindTakeoutBox {
				return fmt.Errorf("seat %d: a %s left in the tableau", s, c)
			}
		}
		for i := n; i < maxTableau; i++ {
			if p.copies[s][i] != None {
				return fmt.Errorf("seat %d: a copy beyond the tableau", s)
			}
		}
		if err := g.checkPairs(s); err != nil {
			return err
		}
		if !p.deciding && (p.using[s] != 0 || p.misos[s] != 0) {
			return fmt.Errorf("seat %d: marks of a turn that ended", s)
		}
		want := hs - g.turn + 1
		switch {
		case g.over:
			want = 0
		case p.deciding:
			want = hs - g.turn
		}
		if int(g.handLen[s]) > want || (!p.deciding && int(g.handLen[s]) != want) {
			return fmt.Errorf("seat %d holds %d cards, want %d", s, g.handLen[s], want)
		}
		if g.over && (n != 0 || g.handLen[s] != 0) {
			return fmt.Errorf("seat %d has cards after the game ended", s)
		}
	}
	for c, n := range g.discards {
		seen[c] += int(n)
	}
	if p.deciding {
		if p.qPos >= p.qLen {
			return errors.New("deciding with nothing queued")
		}
		it := &p.queue[p.qPos]
		if it.held != None {
			if it.held != SpecialOrder {
				return fmt.Errorf("queue holds a %s", it.held)
			}
			seen[SpecialOrder]++
		}
	} else if p.qLen != 0 || p.qPos != 0 || p.drawLen != 0 {
		return errors.New("a queue outside a reveal")
	}
	for c := range NumCards {
		if seen[c] != g.set.DeckCount(c) {
			return fmt.Errorf("%d copies of %s, want %d", seen[c], c, g.set.DeckCount(c))
		}
	}
	pile := 15
	for r := 1; r <= g.round; r++ {
		pile -= g.set.DessertQuota(r)
	}
	if int(p.dpileLen) != pile {
		return fmt.Errorf("dessert pile of %d, want %d", p.dpileLen, pile)
	}
	for _, c := range p.dpile[:p.dpileLen] {
		if cardKind[c] != g.set.Menu.Dessert {
			return fmt.Errorf("a %s in the dessert pile", c)
		}
	}
	if err := g.validateQueue(); err != nil {
		return err
	}
	if g.over && (g.submitted != 0 || p.deciding) {
		return errors.New("play after the game ended")
	}
	if g.submitted>>g.set.Players != 0 || bits.OnesCount16(g.submitted) == g.set.Players || (p.deciding && g.submitted != 0) {
		return fmt.Errorf("submitted mask %#x", g.submitted)
	}
	for s := range g.set.Players {
		pk := g.pending[s]
		if g.Submitted(s) {
			if err := g.checkParty(s, Submission{Card: pk.card, Call: pk.call, Copy: pk.copy}); err != nil {
				return fmt.Errorf("pending pick of seat %d: %w", s, err)
			}
		} else if pk != (pick{}) {
			return fmt.Errorf("a pick stored for seat %d", s)
		}
	}
	if l := &g.last; l.NEvents > maxEvents || (l.Turn == 0) != (l.Round == 0) {
		return errors.New("last reveal")
	}
	return nil
}

// checkPairs checks that paired marks come in first-in, first-out pairs of
// a wasabi and a later nigiri, as placement makes them.
func (g *Game) checkPairs(s int) error {
	var open []int
	var buf [maxTableau]int
	open = buf[:0]
	for i := range int(g.tabLen[s]) {
		if g.paired[s]&(1<<i) == 0 {
			continue
		}
		e := g.eff(s, i)
		switch cardKind[e] {
		case KindWasabi:
			open = append(open, i)
		case KindNigiri:
			if len(open) == 0 {
				return fmt.Errorf("seat %d: a paired nigiri without its wasabi", s)
			}
			open = open[1:]
		default:
			if e != FaceDown {
				return fmt.Errorf("seat %d: a paired %s", s, e)
			}
			return fmt.Errorf("seat %d: a paired face-down copy", s)
		}
	}
	if len(open) != 0 {
		return fmt.Errorf("seat %d: a paired wasabi without its nigiri", s)
	}
	return nil
}

// validateQueue checks the queue of a reveal in progress.
func (g *Game) validateQueue() error {
	p := &g.p
	for i, it := range p.queue[:p.qLen] {
		s := int(it.seat)
		if s >= g.set.Players || it.act < actChopsticks || it.act > actTakeout || it.stage > stageDone ||
			int(it.corner) != it.card.Corner() {
			return fmt.Errorf("queue entry %d", i)
		}
		want := [...]Kind{actChopsticks: KindChopsticks, actSpoon: KindSpoon, actMenu: KindMenu, actTakeout: KindTakeoutBox}[it.act]
		if cardKind[it.card] != want {
			return fmt.Errorf("queue entry %d: a %s for %d", i, it.card, it.act)
		}
		call := it.act == actChopsticks || it.act == actSpoon
		if call && (int(it.pos) >= int(g.tabLen[s]) || g.p.using[s]&(1<<it.pos) == 0 || g.eff(s, int(it.pos)) != it.card) {
			return fmt.Errorf("queue entry %d: called card", i)
		}
		if !call && it.pos != 0 || it.act != actSpoon && it.giver != -1 ||
			it.act == actSpoon && (int(it.giver) >= g.set.Players || it.giver < -1 || int(it.giver) == s || it.giver >= 0 && it.stage != stageDone) {
			return fmt.Errorf("queue entry %d: fields", i)
		}
		if i > 0 {
			q := p.queue[i-1]
			if q.corner > it.corner || q.corner == it.corner && q.seat > it.seat {
				return fmt.Errorf("queue entry %d out of order", i)
			}
		}
		switch {
		case i < int(p.qPos):
			if it.stage != stageDone || it.held != None {
				return fmt.Errorf("queue entry %d unresolved", i)
			}
		case i > int(p.qPos):
			if it.stage != stageStart || it.held != None {
				return fmt.Errorf("queue entry %d started early", i)
			}
		}
		if (it.stage == stageDrawn) != (it.act == actMenu && i == int(p.qPos) && it.stage == stageDrawn) {
			return fmt.Errorf("queue entry %d stage", i)
		}
	}
	if p.drawLen != 0 && !(p.deciding && p.queue[p.qPos].act == actMenu && p.queue[p.qPos].stage == stageDrawn && p.queue[p.qPos].held == None) {
		return errors.New("a menu draw nobody decides on")
	}
	if !p.deciding {
		return nil
	}
	d, _ := g.Decision()
	var v View = g.View(d.Seat)
	var buf [64]Answer
	opts := v.AppendOptions(buf[:0])
	if d.Kind == DecideTakeout && d.Flippable == 0 || d.Kind != DecideTakeout && len(opts) < 2 {
		return fmt.Errorf("a %s decision with one outcome", d.Kind)
	}
	if d.Kind == DecideMenu && p.queue[p.qPos].stage != stageDrawn {
		return errors.New("a menu decision before the draw")
	}
	return nil
}
