package engine

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
)

// EncodingVersion is the version byte MarshalBinary writes first for a
// classic game; a Party game starts with PartyEncodingVersion.
const EncodingVersion = 1

// Race categories carry a place and a share count in the encoding.
func isRace(c Category) bool { return c == CatMaki || c == CatPudding }

// MarshalBinary encodes the whole game, draw pile order and random source
// included, so that UnmarshalBinary resumes it exactly. The first byte is
// EncodingVersion.
func (g *Game) MarshalBinary() ([]byte, error) {
	return g.AppendBinary(make([]byte, 0, 512))
}

// AppendBinary appends the encoding of MarshalBinary to b. Classic games
// are written in encoding version 1, Party games in PartyEncodingVersion.
func (g *Game) AppendBinary(b []byte) ([]byte, error) {
	return g.rules().encode(g, b)
}

// appendClassic writes a classic game in encoding version 1.
func (g *Game) appendClassic(b []byte) ([]byte, error) {
	rng, err := g.rng.MarshalBinary()
	if err != nil {
		return nil, fmt.Errorf("engine: encode random source: %w", err)
	}
	var flags byte
	if g.set.Dummy {
		flags |= 1
	}
	if g.over {
		flags |= 2
	}
	b = append(b, EncodingVersion, byte(g.set.Ruleset), byte(g.set.Players), byte(g.set.Pass), flags,
		byte(g.round), byte(g.turn))
	b = append(b, rng[len(rng)-16:]...)
	b = append(b, byte(g.deckLen), byte(g.drawPos))
	b = appendCards(b, g.deck[g.drawPos:g.deckLen])
	for s := range g.seats {
		b = append(b, g.handLen[s])
		b = appendCards(b, g.hands[s][:g.handLen[s]])
		b = append(b, g.tabLen[s])
		b = appendCards(b, g.tab[s][:g.tabLen[s]])
		b = append(b, g.puddings[s])
	}
	b = binary.AppendUvarint(b, uint64(g.submitted))
	for s := range g.set.Players {
		if g.Submitted(s) {
			p := g.pending[s]
			b = append(b, byte(p.card), byte(p.extra), byte(p.dummy))
		}
	}
	nd := 0
	for _, n := range g.discards {
		if n > 0 {
			nd++
		}
	}
	b = append(b, byte(nd))
	for c, n := range g.discards {
		if n > 0 {
			b = append(b, byte(c), n)
		}
	}
	for r := 1; r <= Rounds; r++ {
		if g.roundScored(r) {
			for s := range g.seats {
				b = appendBreakdown(b, &g.scores[r-1][s])
			}
		}
	}
	if g.over {
		for s := range g.seats {
			b = appendBreakdown(b, &g.dessert[s])
		}
	}
	l := &g.last
	b = append(b, byte(l.Round), byte(l.Turn), byte(l.Controller+1))
	for s := range g.seats {
		p := &l.Seats[s]
		var f byte
		if p.Chopsticks {
			f |= 1
		}
		if p.Paired[0] {
			f |= 2
		}
		if p.Paired[1] {
			f |= 4
		}
		b = append(b, f, byte(p.Cards[0]), byte(p.Cards[1]))
	}
	return b, nil
}

func appendCards(b []byte, cs []Card) []byte {
	for _, c := range cs {
		b = append(b, byte(c))
	}
	return b
}

func appendBreakdown(b []byte, bd *Breakdown) []byte {
	var mask uint64
	for c := range NumCategories {
		if bd.Count[c] != 0 || bd.Points[c] != 0 || bd.Place[c] != 0 {
			mask |= 1 << c
		}
	}
	b = binary.AppendUvarint(b, mask)
	for c := range NumCategories {
		if mask&(1<<c) == 0 {
			continue
		}
		b = append(b, bd.Count[c])
		b = binary.AppendVarint(b, int64(bd.Points[c]))
		if isRace(c) {
			b = append(b, byte(bd.Place[c]), bd.Shared[c])
		}
	}
	return b
}

// UnmarshalBinary replaces g with the game encoded in data. Bytes of another
// encoding version give ErrVersion; bytes that do not describe a reachable
// game state give ErrCorrupt. On error g is unchanged.
func (g *Game) UnmarshalBinary(data []byte) error {
	if len(data) == 0 {
		return fmt.Errorf("%w: empty", ErrCorrupt)
	}
	if data[0] == PartyEncodingVersion {
		var n Game
		if err := n.decodeParty(data); err != nil {
			return fmt.Errorf("%w: %w", ErrCorrupt, err)
		}
		*g = n
		return nil
	}
	if data[0] != EncodingVersion {
		return fmt.Errorf("%w: version %d (this build reads versions %d and %d)", ErrVersion, data[0], EncodingVersion, PartyEncodingVersion)
	}
	var n Game
	d := decoder{data: data[1:]}
	if err := n.decode(&d); err != nil {
		return fmt.Errorf("%w: %w", ErrCorrupt, err)
	}
	if len(d.data) != 0 {
		return fmt.Errorf("%w: %d trailing bytes", ErrCorrupt, len(d.data))
	}
	*g = n
	return nil
}

type decoder struct {
	data []byte
	err  error
}

func (d *decoder) byte() byte {
	if d.err != nil {
		return 0
	}
	if len(d.data) == 0 {
		d.err = errors.New("truncated")
		return 0
	}
	v := d.data[0]
	d.data = d.data[1:]
	return v
}

func (d *decoder) bytes(n int) []byte {
	if d.err != nil {
		return nil
	}
	if n > len(d.data) {
		d.err = errors.New("truncated")
		return nil
	}
	v := d.data[:n]
	d.data = d.data[n:]
	return v
}

// uvarintLen is the length of v's shortest encoding: the only one accepted,
// so that every game has exactly one encoding.
func uvarintLen(v uint64) int {
	n := 1
	for ; v >= 0x80; v >>= 7 {
		n++
	}
	return n
}

func (d *decoder) uvarint() uint64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Uvarint(d.data)
	if n <= 0 || n != uvarintLen(v) {
		d.err = errors.New("bad varint")
		return 0
	}
	d.data = d.data[n:]
	return v
}

func (d *decoder) varint() int64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Varint(d.data)
	if n <= 0 || n != uvarintLen(uint64(v<<1)^uint64(v>>63)) {
		d.err = errors.New("bad varint")
		return 0
	}
	d.data = d.data[n:]
	return v
}

// cards reads n cards into dst, checking each belongs to the ruleset.
func (d *decoder) cards(dst []Card, n int, r Ruleset, what string) {
	src := d.bytes(n)
	for i, c := range src {
		if r.DeckCount(Card(c)) == 0 {
			if d.err == nil {
				d.err = fmt.Errorf("%s: card %d is not in the deck", what, c)
			}
			return
		}
		dst[i] = Card(c)
	}
}

func (g *Game) decode(d *decoder) error {
	s := Settings{Ruleset: Ruleset(d.byte()), Players: int(d.byte()), Pass: PassMode(d.byte())}
	flags := d.byte()
	s.Dummy = flags&1 != 0
	g.over = flags&2 != 0
	if d.err != nil {
		return d.err
	}
	if flags&^3 != 0 {
		return fmt.Errorf("unknown flags %#x", flags)
	}
	if err := s.Validate(); err != nil {
		return err
	}
	g.set, g.seats = s, s.Seats()
	g.round, g.turn = int(d.byte()), int(d.byte())
	hs := s.HandSize()
	if g.round < 1 || g.round > Rounds || g.turn < 1 || g.turn > hs {
		return fmt.Errorf("round %d turn %d out of range", g.round, g.turn)
	}
	if err := g.rng.UnmarshalBinary(append([]byte("pcg:"), d.bytes(16)...)); err != nil && d.err == nil {
		return fmt.Errorf("random source: %w", err)
	}
	g.deckLen, g.drawPos = int(d.byte()), int(d.byte())
	want := 0
	for c := range NumCards {
		want += s.Ruleset.DeckCount(c)
	}
	if d.err != nil {
		return d.err
	}
	if g.deckLen != want || g.drawPos > g.deckLen {
		return fmt.Errorf("deck of %d cards, %d drawn", g.deckLen, g.drawPos)
	}
	d.cards(g.deck[g.drawPos:g.deckLen], g.deckLen-g.drawPos, s.Ruleset, "draw pile")
	for seat := range g.seats {
		n := int(d.byte())
		if n > maxHand {
			return fmt.Errorf("seat %d: hand of %d", seat, n)
		}
		g.handLen[seat] = uint8(n)
		d.cards(g.hands[seat][:n], n, s.Ruleset, "hand")
		n = int(d.byte())
		if n > maxTableau {
			return fmt.Errorf("seat %d: tableau of %d", seat, n)
		}
		var tab [maxTableau]Card
		d.cards(tab[:n], n, s.Ruleset, "tableau")
		for _, c := range tab[:n] {
			g.place(seat, c) // replays wasabi pairing, chopsticks and wasabi counts
		}
		g.puddings[seat] = d.byte()
	}
	g.submitted = uint16(d.uvarint())
	for seat := range g.set.Players {
		if g.Submitted(seat) {
			g.pending[seat] = pick{card: Card(d.byte()), extra: Card(d.byte()), dummy: Card(d.byte())}
			g.locate(seat)
		}
	}
	prev := None
	for range int(d.byte()) {
		c, n := Card(d.byte()), d.byte()
		if d.err != nil {
			return d.err
		}
		// Entries are written in card order; any other order would decode
		// to the same game from different bytes.
		if s.Ruleset.DeckCount(c) == 0 || n == 0 || c <= prev {
			return fmt.Errorf("discard entry %d×%d", n, c)
		}
		g.discards[c] = n
		prev = c
	}
	for r := 1; r <= Rounds; r++ {
		if g.roundScored(r) {
			for seat := range g.seats {
				d.breakdown(&g.scores[r-1][seat], g.seats)
			}
		}
	}
	if g.over {
		for seat := range g.seats {
			d.breakdown(&g.dessert[seat], g.seats)
		}
	}
	g.total = g.totals()
	g.last.Round, g.last.Turn, g.last.Controller = int(d.byte()), int(d.byte()), int(d.byte())-1
	for seat := range g.seats {
		p := &g.last.Seats[seat]
		f := d.byte()
		p.Chopsticks, p.Paired[0], p.Paired[1] = f&1 != 0, f&2 != 0, f&4 != 0
		p.Cards[0], p.Cards[1] = Card(d.byte()), Card(d.byte())
		if d.err == nil && (f&^7 != 0 || !p.Cards[0].Valid() || !p.Cards[1].Valid()) {
			return fmt.Errorf("last reveal of seat %d", seat)
		}
	}
	if d.err != nil {
		return d.err
	}
	return g.validate()
}

// totals sums the scored breakdowns, and the uramaki race of the round in
// play (Party): the running totals, from what an encoding stores.
func (g *Game) totals() [MaxSeats]int16 {
	var t [MaxSeats]int16
	for seat := range g.seats {
		for r := 1; r <= Rounds; r++ {
			if g.roundScored(r) {
				t[seat] += int16(g.scores[r-1][seat].Total())
			}
		}
		if g.over {
			t[seat] += int16(g.dessert[seat].Total())
		} else {
			t[seat] += int16(g.p.uraPts[seat])
		}
	}
	return t
}

func (d *decoder) breakdown(b *Breakdown, seats int) {
	mask := d.uvarint()
	if d.err == nil && mask >= 1<<NumCategories {
		d.err = fmt.Errorf("breakdown categories %#x", mask)
	}
	for c := range NumCategories {
		if mask&(1<<c) == 0 {
			continue
		}
		b.Count[c] = d.byte()
		p := d.varint()
		if d.err == nil && (p < -6 || p > 200) {
			d.err = fmt.Errorf("breakdown points %d", p)
		}
		b.Points[c] = int16(p)
		if isRace(c) {
			b.Place[c], b.Shared[c] = int8(d.byte()), d.byte()
			if d.err == nil && (b.Place[c] < -1 || b.Place[c] > 2 || int(b.Shared[c]) > seats) {
				d.err = fmt.Errorf("breakdown place %d shared %d", b.Place[c], b.Shared[c])
			}
		}
		if d.err == nil && b.Count[c] == 0 && b.Points[c] == 0 && b.Place[c] == 0 {
			d.err = fmt.Errorf("breakdown category %d listed but empty", c)
		}
	}
}

// validate checks what decoding cannot check field by field: every card of
// the deck is somewhere exactly once, hands have the sizes the turn implies
// and pending submissions are legal.
func (g *Game) validate() error {
	return g.rules().validate(g)
}

// validateClassic is validate for a classic game.
func (g *Game) validateClassic() error {
	var seen [NumCards]int
	for _, c := range g.deck[g.drawPos:g.deckLen] {
		seen[c]++
	}
	hs := g.set.HandSize()
	ctrl := g.controller()
	for s := range g.seats {
		for _, c := range g.hands[s][:g.handLen[s]] {
			seen[c]++
		}
		for _, c := range g.tab[s][:g.tabLen[s]] {
			seen[c]++
		}
		seen[Pudding] += int(g.puddings[s])
		want := hs - g.turn + 1
		switch {
		case g.over:
			want = 0
		case g.set.Dummy && s == dummySeat:
			want = hs - g.turn
		case s == ctrl:
			want++
		}
		if int(g.handLen[s]) != want {
			return fmt.Errorf("seat %d holds %d cards, want %d", s, g.handLen[s], want)
		}
	}
	for c, n := range g.discards {
		seen[c] += int(n)
	}
	for c := range NumCards {
		if seen[c] != g.set.Ruleset.DeckCount(c) {
			return fmt.Errorf("%d copies of %s, want %d", seen[c], c, g.set.Ruleset.DeckCount(c))
		}
	}
	if g.over && g.submitted != 0 {
		return errors.New("submissions after the game ended")
	}
	if g.submitted>>g.set.Players != 0 || (g.set.Players > 0 && bits.OnesCount16(g.submitted) == g.set.Players) {
		return fmt.Errorf("submitted mask %#x", g.submitted)
	}
	for s := range g.set.Players {
		if g.Submitted(s) {
			p := g.pending[s]
			if _, err := g.check(s, Submission{Card: p.card, Extra: p.extra, Dummy: p.dummy}); err != nil {
				return fmt.Errorf("pending submission of seat %d: %w", s, err)
			}
		}
	}
	return nil
}
