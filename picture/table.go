package picture

import (
	"fmt"
	"image/color"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/image/font"
	"golang.org/x/image/vector"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/words"
)

// Table layout, in pixels. The width is what a phone shows at half size
// (a Discord embed image is about 400 px wide on mobile), so the type is
// set large enough to read there.
const (
	tableWidth = 800
	headerH    = 60
	menuRowH   = 34
	seatH      = 212
	cardW      = 72
	cardH      = 96
	colGap     = 14
	cardsTop   = 48 // from a seat row's top
	noteLineH  = 28 // a note under the cards takes one line or two
	maxColumns = (tableWidth - 32 + colGap) / (cardW + colGap)
)

// column is one card type in front of a seat: the cards drawn as one stack.
// Nigiri stack by variant and by whether they sit on a wasabi (onWasabi):
// egg, salmon and squid score 1, 2 and 3, and a wasabi triples one, so the
// picture shows which.
type column struct {
	kind     engine.Kind
	faceDown bool
	variant  engine.Card
	onWasabi bool
	cards    []engine.Placed
}

// columns sorts a tableau into columns by what each card plays as, in the
// engine's kind order, face-down cards last. A special order joins the
// column of what it copied (a face-down card's, for a flipped one) and
// stands in its own column only while it copies nothing.
func columns(t []engine.Placed) []column {
	var out []column
	add := func(k engine.Kind, down bool, p engine.Placed) {
		var variant engine.Card
		onWasabi := false
		if k == engine.KindNigiri && !down {
			variant, onWasabi = p.Plays(), p.Paired
		}
		for i := range out {
			if out[i].kind == k && out[i].faceDown == down && out[i].variant == variant && out[i].onWasabi == onWasabi {
				out[i].cards = append(out[i].cards, p)
				return
			}
		}
		out = append(out, column{kind: k, faceDown: down, variant: variant, onWasabi: onWasabi, cards: []engine.Placed{p}})
	}
	place := func(p engine.Placed) (engine.Kind, bool) {
		switch plays := p.Plays(); {
		case plays == engine.FaceDown:
			return engine.KindTakeoutBox, true
		case plays.Kind() == engine.KindNone:
			return engine.KindSpecialOrder, false
		default:
			return plays.Kind(), false
		}
	}
	for _, k := range engine.Kinds() {
		for _, p := range t {
			if pk, down := place(p); pk == k && !down {
				add(k, false, p)
			}
		}
	}
	// Nigiri in points order, each variant's plain stack before its stack
	// on wasabi.
	slices.SortStableFunc(out, func(a, b column) int {
		if a.kind != engine.KindNigiri || b.kind != engine.KindNigiri {
			return 0
		}
		if d := a.variant.NigiriPoints() - b.variant.NigiriPoints(); d != 0 {
			return d
		}
		if a.onWasabi == b.onWasabi {
			return 0
		}
		if a.onWasabi {
			return 1
		}
		return -1
	})
	for _, p := range t {
		if _, down := place(p); down {
			add(engine.KindTakeoutBox, true, p)
		}
	}
	return out
}

// Table draws the table as everyone sees it: each seat's cards in columns
// by type, in the type's colour, with its score, desserts and whether it
// has picked; the round and turn; for Party the menu. names[i] is seat i's
// name (the dummy's included).
func Table(lang words.Lang, pv engine.PublicView, names []string) ([]byte, error) {
	c, err := table(indexed, lang, pv, names)
	if err != nil {
		return nil, err
	}
	return c.png()
}

func table(d depth, lang words.Lang, pv engine.PublicView, names []string) (*canvas, error) {
	party := pv.Settings.Ruleset == engine.Party
	menu := menuRows(lang, pv)
	h := headerH + len(menu)*menuRowH + len(pv.Seats)*seatH + 8
	c, err := newCanvas(d, lang, tableWidth, h)
	if err != nil {
		return nil, err
	}
	title := lang.Say("picture.table.sushiGo")
	if party {
		title = lang.Say("picture.partyTitle", lang.MenuName(pv.Settings.Menu))
	}
	status := lang.Say("pictures.tableStatus", pv.Round, pv.Turn)
	if pv.Over {
		status = lang.Say("picture.table.gameOver")
	}
	sw := c.measure("body", status)
	c.text("title", 16, 40, ink, c.fit("title", title, tableWidth-48-sw))
	c.text("body", tableWidth-16-sw, 38, faint, status)
	y := headerH
	for _, row := range menu {
		x := 16
		for _, k := range row {
			label := lang.KindName(k)
			w := c.measure("small", label) + 16
			col := colourOf(k)
			c.rect(float32(x), float32(y), float32(w), 26, 6, col)
			c.text("small", x+8, y+19, textOn(col), label)
			x += w + 6
		}
		y += menuRowH
	}
	for i, s := range pv.Seats {
		c.seat(y, seatName(lang, names, i, s), s, pv)
		y += seatH
	}
	return c, nil
}

// menuRows splits the game's card types into rows that fit the width: a
// Party menu's, or classic's whole deck, so every table has its legend of
// colours.
func menuRows(lang words.Lang, pv engine.PublicView) [][]engine.Kind {
	kinds := pv.Settings.Menu.Kinds()
	if pv.Settings.Menu.IsZero() {
		kinds = [8]engine.Kind{}
		n := 0
		for c := engine.Card(1); c < engine.NumCards && n < len(kinds); c++ {
			if k := c.Kind(); pv.Settings.DeckCount(c) > 0 && !slices.Contains(kinds[:n], k) {
				kinds[n] = k
				n++
			}
		}
	}
	fs, err := borrowFaces()
	if err != nil {
		return nil
	}
	defer faceSets.Put(fs)
	var rows [][]engine.Kind
	var row []engine.Kind
	x := 16
	for _, k := range kinds {
		if k == engine.KindNone {
			continue
		}
		w := font.MeasureString(fs["small"], lang.KindName(k)).Ceil() + 22
		if x+w > tableWidth-16 && len(row) > 0 {
			rows, row, x = append(rows, row), nil, 16
		}
		row = append(row, k)
		x += w
	}
	return append(rows, row)
}

func seatName(lang words.Lang, names []string, i int, s engine.SeatView) string {
	if i < len(names) && names[i] != "" {
		return names[i]
	}
	if s.Dummy {
		return lang.Say("seat.dummy")
	}
	return lang.Say("picture.seat", i+1)
}

// seat draws one seat's row with its top at y: the name, how the seat
// stands this turn and its score on one line, its cards below.
func (c *canvas) seat(y int, name string, s engine.SeatView, pv engine.PublicView) {
	c.rect(8, float32(y+4), tableWidth-16, seatH-8, 10, white)
	score := c.lang.Say("picture.pts", s.Score)
	sw := c.measure("name", score)
	c.text("name", tableWidth-22-sw, y+34, ink, score)
	nw := c.text("name", 22, y+34, ink, c.fit("name", name, 300))
	// Who has picked, and who decides; nothing for the rest. A seat
	// without a mark is not said to be choosing: a picture sent at the
	// reveal (the host's, with no picks) stays on screen while people
	// pick, and "choosing…" would then be wrong. The dummy never picks.
	var notes []string
	picked := c.lang.Say("picture.picked")
	switch {
	case pv.Over || s.Dummy:
	case s.Deciding:
		notes = append(notes, c.lang.Say("picture.deciding"))
	case s.Submitted:
		notes = append(notes, picked)
	}
	switch {
	case len(s.Desserts) > 0:
		notes = append(notes, c.lang.Count("dessert", len(s.Desserts)))
	case s.Puddings > 0:
		notes = append(notes, c.lang.Count("pudding", s.Puddings))
	}
	if s.UramakiPoints > 0 {
		notes = append(notes, c.lang.Say("picture.uramakiBonus", s.UramakiPoints))
	}
	x := 22 + nw + 14
	for k, n := range notes {
		col := faint
		if n == picked {
			col = rgb(0x2E7D32)
		}
		if k > 0 {
			n = "· " + n
		}
		n = c.fit("body", n, tableWidth-22-sw-16-x)
		x += c.text("body", x, y+33, col, n) + 8
	}
	cols := columns(s.Tableau)
	if len(cols) > maxColumns {
		cols = cols[:maxColumns-1] // the last place says how many more
	}
	under := columnNotes(c, cols)
	x = 22
	for k, col := range cols {
		c.card(x, y+cardsTop, col, under[k])
		x += cardW + colGap
	}
	if rest := len(s.Tableau) - cardsIn(cols); rest > 0 {
		c.centred("body", x+cardW/2, y+cardsTop+cardH/2+6, faint, fmt.Sprintf("+%d", rest))
	}
}

// cardsIn counts the cards of columns.
func cardsIn(cols []column) int {
	n := 0
	for _, col := range cols {
		n += len(col.cards)
	}
	return n
}

// columnNotes are the notes under a row of columns, each on one line or
// two within its column; only a single word too wide for its column
// reaches under its neighbours, as far as their notes leave room.
func columnNotes(c *canvas, cols []column) []string {
	const pitch, gap = cardW + colGap, 10 // notes side by side stay apart on a phone
	whole := make([]string, len(cols))
	notes := make([]string, len(cols))
	widths := make([]int, len(cols)+2) // with an empty place at each end
	for k, col := range cols {
		if whole[k] = columnNote(c.lang, col); whole[k] != "" {
			notes[k] = c.wrapNote(whole[k], pitch-gap)
			widths[k+1] = c.noteWidth(notes[k])
		}
	}
	for k := range cols {
		if notes[k] == whole[k] || strings.Contains(notes[k], "\n") {
			continue // fits its column
		}
		// Its neighbours' notes take two lines where that makes them
		// narrower, to leave it room.
		for _, j := range []int{k - 1, k + 1} {
			if j >= 0 && j < len(notes) && notes[j] != "" && !strings.Contains(notes[j], "\n") {
				if n := c.narrowest(notes[j]); c.noteWidth(n) < widths[j+1] {
					notes[j], widths[j+1] = n, c.noteWidth(n)
				}
			}
		}
		room := 2*pitch - gap
		for _, n := range []int{widths[k], widths[k+2]} {
			if n > 0 {
				room = min(room, 2*(pitch-gap-n/2))
			}
		}
		notes[k] = c.wrapNote(whole[k], max(room, pitch-gap))
	}
	return notes
}

// narrowest is s on two lines split where the wider line is narrowest, or
// s itself when it is one word.
func (c *canvas) narrowest(s string) string {
	words := strings.Fields(s)
	best, bw := s, c.measure("note", s)
	for i := 1; i < len(words); i++ {
		n := strings.Join(words[:i], " ") + "\n" + strings.Join(words[i:], " ")
		if w := c.noteWidth(n); w < bw {
			best, bw = n, w
		}
	}
	return best
}

// wrapNote breaks a note into two lines, each at most room wide, where one
// is too narrow; a word too long for a line is shortened with "…".
func (c *canvas) wrapNote(s string, room int) string {
	if c.measure("note", s) <= room {
		return s
	}
	words := strings.Fields(s)
	for i := 1; i < len(words); i++ {
		a, b := strings.Join(words[:i], " "), strings.Join(words[i:], " ")
		if c.measure("note", a) <= room && c.measure("note", b) <= room {
			return a + "\n" + b
		}
	}
	if len(words) > 1 {
		return words[0] + "\n" + c.fit("note", strings.Join(words[1:], " "), room)
	}
	return c.fit("note", s, room)
}

// noteWidth is the width of a note's widest line.
func (c *canvas) noteWidth(s string) int {
	w := 0
	for line := range strings.SplitSeq(s, "\n") {
		w = max(w, c.measure("note", line))
	}
	return w
}

// card draws a column as one card with the type's glyph and its count, and
// the note under it.
func (c *canvas) card(x, y int, col column, note string) {
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
	fg := textOn(bg)
	cx, cy := fx+cardW/2, fy+cardH/2-6
	switch {
	case col.faceDown:
		c.rect(fx+8, fy+8, cardW-16, cardH-16, 5, shade(back))
	case col.kind == engine.KindSpecialOrder:
		for k, s := range []uint32{0xD31F2E, 0xEE8941, 0xF9C324, 0x67AB2E, 0x6F93D2, 0x75135F} {
			c.rect(fx+6, fy+10+float32(k)*7, cardW-12, 7, 0, rgb(s))
		}
	default:
		c.glyph(col, cx, cy)
	}
	label := "×" + strconv.Itoa(len(col.cards))
	c.centred("card", x+cardW/2, y+cardH-7, fg, label)
	for k, line := range strings.Split(note, "\n") {
		if line != "" {
			c.centred("note", x+cardW/2, y+cardH+24+k*noteLineH, faint, line)
		}
	}
}

// pen is what a glyph is drawn with: the PNG's canvas, or an SVG
// (cards.go) for the web table's cards, so both show the same pictures.
type pen interface {
	rect(x, y, w, h, rad float32, col color.Color)
	ellipse(cx, cy, rx, ry float32, col color.Color)
	poly(col color.Color, pts ...float32)
	text(face string, x, y int, col color.Color, s string) int
	centred(face string, x, y int, col color.Color, s string)
}

// glyph draws a simple picture of the type centred at cx, cy.
func (c *canvas) glyph(col column, cx, cy float32) { glyph(c, c.lang, col, cx, cy) }

// glyph draws col's picture with c, centred at cx, cy; a kind without one
// gets its name's first letter in lang.
func glyph(c pen, lang words.Lang, col column, cx, cy float32) {
	top := col.cards[len(col.cards)-1].Plays()
	switch col.kind {
	case engine.KindNigiri:
		if col.onWasabi {
			// The wasabi under the fish: a green dab beneath the rice.
			c.ellipse(cx, cy+12, 22, 9, rgb(0x4E8A1E))
		}
		c.ellipse(cx, cy+6, 20, 10, white)
		c.rect(cx-20, cy-10, 40, 14, 6, nigiriTop(top))
	case engine.KindEel:
		c.ellipse(cx, cy+6, 20, 10, white)
		c.rect(cx-21, cy-10, 42, 14, 6, rgb(0x7A4A24))
		c.rect(cx-4, cy-11, 8, 16, 0, rgb(0x1F3B1F))
	case engine.KindMaki:
		c.ellipse(cx, cy, 18, 18, rgb(0x1F3B1F))
		c.ellipse(cx, cy, 14, 14, white)
		c.ellipse(cx, cy, 6, 6, rgb(0xE8503A))
	case engine.KindUramaki: // rice outside, nori inside
		c.ellipse(cx, cy, 18, 18, white)
		c.ellipse(cx, cy, 10, 10, rgb(0x1F3B1F))
		c.ellipse(cx, cy, 6, 6, rgb(0xE8503A))
	case engine.KindTemaki:
		c.poly(rgb(0x1F3B1F), cx-18, cy-14, cx+18, cy-14, cx, cy+20)
		c.ellipse(cx, cy-14, 18, 6, white)
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
	case engine.KindTofu:
		c.rect(cx-15, cy-13, 30, 26, 3, rgb(0xF7F3E3))
	case engine.KindEdamame:
		c.ellipse(cx, cy, 22, 9, rgb(0x9CCB54))
		for k := range 3 {
			c.ellipse(cx-12+float32(k)*12, cy, 5, 5, rgb(0xC8E68A))
		}
	case engine.KindMisoSoup:
		c.ellipse(cx, cy-4, 20, 6, rgb(0xC98B3F))
		c.poly(rgb(0x8B3A1C), cx-20, cy-4, cx+20, cy-4, cx+13, cy+14, cx-13, cy+14)
	case engine.KindSoySauce:
		c.rect(cx-9, cy-8, 18, 24, 4, rgb(0x3A1F14))
		c.rect(cx-5, cy-18, 10, 10, 2, rgb(0xD31F2E))
	case engine.KindTea:
		c.rect(cx-13, cy-12, 26, 26, 6, white)
		c.rect(cx-13, cy-12, 26, 6, 2, rgb(0x6B8E23))
	case engine.KindMenu:
		c.rect(cx-15, cy-19, 30, 38, 3, white)
		for k := range 4 {
			c.rect(cx-10, cy-12+float32(k)*8, 20, 3, 0, faint)
		}
	case engine.KindTakeoutBox:
		c.poly(white, cx-18, cy-10, cx+18, cy-10, cx+13, cy+16, cx-13, cy+16)
		c.rect(cx-2, cy-20, 4, 12, 1, white)
	case engine.KindPudding:
		c.rect(cx-15, cy-10, 30, 24, 5, rgb(0xF3D27A))
		c.rect(cx-15, cy-13, 30, 8, 4, rgb(0x8B4A1C))
	case engine.KindGreenTeaIceCream:
		c.poly(rgb(0xE2B36A), cx-11, cy, cx+11, cy, cx, cy+20)
		c.ellipse(cx, cy-6, 13, 12, rgb(0xB6E0A8))
	case engine.KindWasabi:
		c.ellipse(cx, cy, 16, 13, rgb(0x7FB33A))
		if col.cards[0].Paired {
			c.ellipse(cx, cy, 8, 6, white)
		}
	case engine.KindChopsticks:
		c.rect(cx-14, cy-20, 5, 40, 2, white)
		c.rect(cx+8, cy-20, 5, 40, 2, white)
	case engine.KindSpoon:
		c.ellipse(cx, cy-10, 10, 12, white)
		c.rect(cx-3, cy, 6, 22, 2, white)
	case engine.KindOnigiri:
		onigiri(c, col, cx, cy)
	case engine.KindFruit:
		fruit(c, col, cx, cy)
	default:
		c.ellipse(cx, cy, 18, 18, white)
		c.centred("card", int(cx), int(cy)+6, colourOf(col.kind), firstLetter(lang.KindName(col.kind)))
	}
}

// onigiri draws each shape in the column once, in a two-by-two grid: the
// shapes are what onigiri scores by.
func onigiri(c pen, col column, cx, cy float32) {
	seen := map[engine.Card]bool{}
	for _, p := range col.cards {
		seen[p.Plays()] = true
	}
	for k, card := range []engine.Card{engine.OnigiriCircle, engine.OnigiriTriangle, engine.OnigiriSquare, engine.OnigiriRectangle} {
		x, y := cx-12+float32(k%2)*24, cy-12+float32(k/2)*24
		if !seen[card] {
			c.ellipse(x, y, 2, 2, shade(colourOf(engine.KindOnigiri)))
			continue
		}
		switch card {
		case engine.OnigiriCircle:
			c.ellipse(x, y, 9, 9, white)
		case engine.OnigiriTriangle:
			c.poly(white, x, y-10, x+10, y+8, x-10, y+8)
		case engine.OnigiriSquare:
			c.rect(x-8, y-8, 16, 16, 2, white)
		case engine.OnigiriRectangle:
			c.rect(x-10, y-5, 20, 10, 2, white)
		}
	}
}

// Fruit colours: watermelon, pineapple, orange.
var fruitColours = [3]color.RGBA{rgb(0x3FA34D), rgb(0xF6D743), rgb(0xF28C28)}

// fruit draws a dot per fruit with the column's icon count of it: fruit
// scores by the count of each.
func fruit(c pen, col column, cx, cy float32) {
	var n [3]int
	for _, p := range col.cards {
		w, pi, o := p.Plays().FruitIcons()
		n[0], n[1], n[2] = n[0]+w, n[1]+pi, n[2]+o
	}
	for k := range 3 {
		y := cy - 20 + float32(k)*17
		c.ellipse(cx-10, y, 7, 7, fruitColours[k])
		c.text("small", int(cx)+2, int(y)+5, ink, strconv.Itoa(n[k]))
	}
}

// poly fills the polygon through the points x0, y0, x1, y1, ….
func (c *canvas) poly(col color.Color, pts ...float32) {
	x0, y0, x1, y1 := pts[0], pts[1], pts[0], pts[1]
	for k := 0; k+1 < len(pts); k += 2 {
		x0, x1 = min(x0, pts[k]), max(x1, pts[k])
		y0, y1 = min(y0, pts[k+1]), max(y1, pts[k+1])
	}
	c.fill(x0, y0, x1-x0, y1-y0, col, func(r *vector.Rasterizer, ox, oy float32) {
		r.MoveTo(pts[0]-x0+ox, pts[1]-y0+oy)
		for k := 2; k+1 < len(pts); k += 2 {
			r.LineTo(pts[k]-x0+ox, pts[k+1]-y0+oy)
		}
		r.ClosePath()
	})
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
func columnNote(lang words.Lang, col column) string {
	switch col.kind {
	case engine.KindMaki, engine.KindUramaki:
		n := 0
		for _, p := range col.cards {
			n += p.Plays().Icons()
		}
		return lang.Count("icon", n)
	case engine.KindNigiri:
		if col.onWasabi {
			return lang.Say("picture.tripled") // on its wasabi: the topping says which
		}
		return lang.CardShort(col.variant)
	case engine.KindWasabi:
		n := 0
		for _, p := range col.cards {
			if !p.Paired {
				n++
			}
		}
		if n > 0 {
			return lang.Say("picture.open", n) // for a nigiri to come
		}
	}
	copies := 0
	for _, p := range col.cards {
		if p.Card == engine.SpecialOrder {
			copies++
		}
	}
	switch {
	case col.kind == engine.KindSpecialOrder:
		return lang.Say("picture.unused")
	case copies > 0:
		return lang.Count("copy", copies)
	}
	return ""
}

// shade darkens c a little, for a stack's edges.
func shade(c color.RGBA) color.RGBA {
	return color.RGBA{uint8(int(c.R) * 4 / 5), uint8(int(c.G) * 4 / 5), uint8(int(c.B) * 4 / 5), 0xff}
}

// firstLetter is a name's first letter, whatever its script.
func firstLetter(s string) string {
	for _, r := range s {
		return string(r)
	}
	return ""
}
