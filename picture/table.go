package picture

import (
	"fmt"
	"image/color"
	"strconv"

	"github.com/sushigo/sushigo/engine"
)

// Table layout, in pixels.
const (
	tableWidth = 1100
	headerH    = 64
	menuH      = 40
	seatH      = 124
	panelW     = 220
	cardW      = 64
	cardH      = 92
	colGap     = 8
	maxColumns = (tableWidth - panelW - 16) / (cardW + colGap)
)

// column is one card type in front of a seat: the cards drawn as one stack.
type column struct {
	kind     engine.Kind
	faceDown bool
	cards    []engine.Placed
}

// columns sorts a tableau into columns by what each card plays as, in the
// engine's kind order, face-down cards last.
func columns(t []engine.Placed) []column {
	var out []column
	add := func(k engine.Kind, down bool, p engine.Placed) {
		for i := range out {
			if out[i].kind == k && out[i].faceDown == down {
				out[i].cards = append(out[i].cards, p)
				return
			}
		}
		out = append(out, column{kind: k, faceDown: down, cards: []engine.Placed{p}})
	}
	for k := engine.Kind(1); k <= engine.KindFruit; k++ {
		for _, p := range t {
			if !p.FaceDown && p.Plays().Kind() == k {
				add(k, false, p)
			}
		}
	}
	for _, p := range t {
		if p.FaceDown {
			add(engine.KindTakeoutBox, true, p)
		}
	}
	return out
}

// Table draws the table as everyone sees it: each seat's cards in columns
// by type, in the type's colour, with its score, desserts and whether it
// has picked; the round and turn; for Party the menu. names[i] is seat i's
// name (the dummy's included).
func Table(pv engine.PublicView, names []string) ([]byte, error) {
	h := headerH + len(pv.Seats)*seatH + 12
	party := pv.Settings.Ruleset == engine.Party
	if party {
		h += menuH
	}
	c, err := newCanvas(tableWidth, h)
	if err != nil {
		return nil, err
	}
	title := "Sushi Go!"
	if party {
		title = "Sushi Go Party! · " + pv.Settings.Menu.Name()
	}
	c.text("title", 16, 38, ink, title)
	status := fmt.Sprintf("Round %d of 3 · turn %d", pv.Round, pv.Turn)
	if pv.Over {
		status = "Game over"
	}
	c.text("body", tableWidth-16-c.measure("body", status), 36, faint, status)
	y := headerH
	if party {
		x := 16
		for _, k := range pv.Settings.Menu.Kinds() {
			if k == engine.KindNone {
				continue
			}
			label := k.Name()
			w := c.measure("small", label) + 16
			col := colourOf(k)
			c.rect(float32(x), float32(y), float32(w), 26, 6, col)
			fg := ink
			if dark(col) {
				fg = white
			}
			c.text("small", x+8, y+18, fg, label)
			x += w + 6
		}
		y += menuH
	}
	for i, s := range pv.Seats {
		name := seatName(names, i, s)
		c.seat(y, name, s, pv)
		y += seatH
	}
	return c.png()
}

func seatName(names []string, i int, s engine.SeatView) string {
	if i < len(names) && names[i] != "" {
		return names[i]
	}
	if s.Dummy {
		return "Dummy"
	}
	return "Seat " + strconv.Itoa(i+1)
}

// seat draws one seat's row with its top at y.
func (c *canvas) seat(y int, name string, s engine.SeatView, pv engine.PublicView) {
	c.rect(8, float32(y+4), tableWidth-16, seatH-8, 10, white)
	c.text("name", 22, y+34, ink, c.fit("name", name, panelW-30))
	c.text("body", 22, y+60, ink, strconv.Itoa(s.Score)+" pts")
	switch {
	case pv.Over:
	case s.Deciding:
		c.text("small", 22, y+82, faint, "deciding…")
	case s.Submitted:
		c.text("small", 22, y+82, rgb(0x2E7D32), "picked")
	default:
		c.text("small", 22, y+82, faint, "choosing…")
	}
	var extra string
	switch {
	case len(s.Desserts) > 0:
		extra = fmt.Sprintf("%d dessert", len(s.Desserts))
		if len(s.Desserts) > 1 {
			extra += "s"
		}
	case s.Puddings > 0:
		extra = fmt.Sprintf("%d pudding", s.Puddings)
		if s.Puddings > 1 {
			extra += "s"
		}
	}
	if extra != "" {
		c.text("small", 22, y+102, faint, extra)
	}
	cols := columns(s.Tableau)
	x := panelW
	for k, col := range cols {
		if k == maxColumns-1 && len(cols) > maxColumns {
			rest := 0
			for _, more := range cols[k:] {
				rest += len(more.cards)
			}
			c.centred("body", x+cardW/2, y+seatH/2+6, faint, fmt.Sprintf("+%d more", rest))
			break
		}
		c.card(x, y+16, col)
		x += cardW + colGap
	}
}

// card draws a column as one card with the type's glyph and its count.
func (c *canvas) card(x, y int, col column) {
	fx, fy := float32(x), float32(y)
	bg := colourOf(col.kind)
	if col.faceDown {
		bg = back
	}
	// A stack shows as offset edges behind the front card.
	for k := min(len(col.cards), 3) - 1; k > 0; k-- {
		c.rect(fx+float32(3*k), fy-float32(3*k), cardW, cardH, 7, shade(bg))
	}
	c.rect(fx, fy, cardW, cardH, 7, bg)
	fg := ink
	if dark(bg) {
		fg = white
	}
	cx, cy := fx+cardW/2, fy+cardH/2-4
	switch {
	case col.faceDown:
		c.rect(fx+8, fy+8, cardW-16, cardH-16, 5, shade(back))
	case col.kind == engine.KindSpecialOrder:
		for k, s := range []uint32{0xD31F2E, 0xEE8941, 0xF9C324, 0x67AB2E, 0x6F93D2, 0x75135F} {
			c.rect(fx+6, fy+14+float32(k)*9, cardW-12, 9, 0, rgb(s))
		}
	default:
		c.glyph(col, cx, cy)
	}
	label := "×" + strconv.Itoa(len(col.cards))
	c.centred("card", x+cardW/2, y+cardH-8, fg, label)
	if note := columnNote(col); note != "" {
		c.centred("small", x+cardW/2, y+cardH+14, faint, note)
	}
}

// glyph draws a simple picture of the type centred at cx, cy.
func (c *canvas) glyph(col column, cx, cy float32) {
	switch col.kind {
	case engine.KindNigiri:
		c.ellipse(cx, cy+6, 20, 10, white)
		c.rect(cx-20, cy-10, 40, 14, 6, nigiriTop(col.cards[len(col.cards)-1].Card))
	case engine.KindMaki, engine.KindUramaki:
		c.ellipse(cx, cy, 18, 18, rgb(0x1F3B1F))
		c.ellipse(cx, cy, 14, 14, white)
		c.ellipse(cx, cy, 6, 6, rgb(0xE8503A))
	case engine.KindTempura:
		c.ellipse(cx, cy, 21, 11, rgb(0xF2C46D))
		c.ellipse(cx+17, cy-2, 6, 5, rgb(0xE8503A))
	case engine.KindSashimi:
		for k := range 3 {
			c.rect(cx-20+float32(k)*13, cy-12, 11, 26, 4, rgb(0xF08A6A))
		}
	case engine.KindDumpling:
		c.ellipse(cx, cy+4, 20, 13, rgb(0xF4EAD5))
		c.ellipse(cx, cy-6, 14, 6, rgb(0xE5D6B4))
	case engine.KindPudding:
		c.rect(cx-15, cy-10, 30, 24, 5, rgb(0xF3D27A))
		c.rect(cx-15, cy-13, 30, 8, 4, rgb(0x8B4A1C))
	case engine.KindWasabi:
		c.ellipse(cx, cy, 16, 13, rgb(0x7FB33A))
		if col.cards[0].Paired {
			c.ellipse(cx, cy, 8, 6, white)
		}
	case engine.KindChopsticks, engine.KindSpoon:
		c.rect(cx-14, cy-20, 5, 40, 2, white)
		c.rect(cx+8, cy-20, 5, 40, 2, white)
	default:
		c.ellipse(cx, cy, 18, 18, white)
		c.centred("card", int(cx), int(cy)+6, colourOf(col.kind), col.kind.Name()[:1])
	}
}

// nigiriTop is the topping's colour: egg, salmon or squid.
func nigiriTop(card engine.Card) color.RGBA {
	switch card.NigiriPoints() {
	case 1:
		return rgb(0xF6D743)
	case 2:
		return rgb(0xF28C5B)
	}
	return rgb(0xCFCFD6)
}

// columnNote says what counts under a column: icons, pairs, shapes.
func columnNote(col column) string {
	switch col.kind {
	case engine.KindMaki, engine.KindUramaki:
		n := 0
		for _, p := range col.cards {
			n += p.Plays().Icons()
		}
		return fmt.Sprintf("%d icons", n)
	case engine.KindNigiri:
		n := 0
		for _, p := range col.cards {
			if p.Paired {
				n++
			}
		}
		if n > 0 {
			return fmt.Sprintf("%d on wasabi", n)
		}
	case engine.KindWasabi:
		n := 0
		for _, p := range col.cards {
			if !p.Paired {
				n++
			}
		}
		if n > 0 {
			return fmt.Sprintf("%d waiting", n)
		}
	}
	if col.faceDown {
		return "face down"
	}
	return ""
}

// shade darkens c a little, for a stack's edges.
func shade(c color.RGBA) color.RGBA {
	return color.RGBA{uint8(int(c.R) * 4 / 5), uint8(int(c.G) * 4 / 5), uint8(int(c.B) * 4 / 5), 0xff}
}
