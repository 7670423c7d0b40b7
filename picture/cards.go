package picture

import (
	"bytes"
	"fmt"
	"html"
	"image/color"
	"strconv"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/words"
)

// CardSprite is every card's picture as an SVG sprite: a <symbol
// id="cN"> for card N (engine.Card), 72 × 96 like the table's cards, in
// the same colours and drawn by the same glyphs, for the web table. Its
// only words are a kind's first letter where a kind has no glyph, in
// English.
// Not player words: SVG markup.
func CardSprite() []byte {
	var b bytes.Buffer
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" style="display:none">` + "\n")
	for c := engine.Card(0); c < engine.NumCards; c++ {
		if c == engine.None || c == engine.FaceDown {
			continue
		}
		fmt.Fprintf(&b, `<symbol id="c%d" viewBox="0 0 %d %d">`, c, cardW, cardH)
		p := &svgPen{b: &b}
		bg := colourOf(c.Kind())
		p.rect(0, 0, cardW, cardH, 7, bg)
		if c.Kind() == engine.KindSpecialOrder {
			for k, s := range []uint32{0xD31F2E, 0xEE8941, 0xF9C324, 0x67AB2E, 0x6F93D2, 0x75135F} {
				p.rect(6, 10+float32(k)*7, cardW-12, 7, 0, rgb(s))
			}
		} else {
			col := column{kind: c.Kind(), variant: c, cards: []engine.Placed{{Card: c}}}
			glyph(p, words.Lang{}, col, cardW/2, cardH/2-6)
		}
		b.WriteString("</symbol>\n")
	}
	b.WriteString("</svg>\n")
	return b.Bytes()
}

// svgPen draws a glyph as SVG elements.
// Not player words: SVG markup.
type svgPen struct{ b *bytes.Buffer }

func svgColour(col color.Color) string {
	r, g, b, _ := col.RGBA()
	return fmt.Sprintf("#%02x%02x%02x", r>>8, g>>8, b>>8)
}

func num(v float32) string { return strconv.FormatFloat(float64(v), 'f', -1, 32) }

// rect is an SVG rect.
// Not player words: SVG markup.
func (p *svgPen) rect(x, y, w, h, rad float32, col color.Color) {
	fmt.Fprintf(p.b, `<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="%s"/>`, num(x), num(y), num(w), num(h), num(rad), svgColour(col))
}

// ellipse is an SVG ellipse.
// Not player words: SVG markup.
func (p *svgPen) ellipse(cx, cy, rx, ry float32, col color.Color) {
	fmt.Fprintf(p.b, `<ellipse cx="%s" cy="%s" rx="%s" ry="%s" fill="%s"/>`, num(cx), num(cy), num(rx), num(ry), svgColour(col))
}

// poly is an SVG polygon.
// Not player words: SVG markup.
func (p *svgPen) poly(col color.Color, pts ...float32) {
	p.b.WriteString(`<polygon points="`)
	for k := 0; k+1 < len(pts); k += 2 {
		if k > 0 {
			p.b.WriteByte(' ')
		}
		p.b.WriteString(num(pts[k]) + "," + num(pts[k+1]))
	}
	fmt.Fprintf(p.b, `" fill="%s"/>`, svgColour(col))
}

// svgSizes are the SVG's text sizes: the PNG's faces at the card's scale.
var svgSizes = map[string]int{"card": 18, "small": 14}

func (p *svgPen) text(face string, x, y int, col color.Color, s string) int {
	fmt.Fprintf(p.b, `<text x="%d" y="%d" font-size="%d" font-family="sans-serif" font-weight="bold" fill="%s">%s</text>`, x, y, svgSizes[face], svgColour(col), html.EscapeString(s))
	return len(s) * svgSizes[face] / 2
}

func (p *svgPen) centred(face string, x, y int, col color.Color, s string) {
	fmt.Fprintf(p.b, `<text x="%d" y="%d" text-anchor="middle" font-size="%d" font-family="sans-serif" font-weight="bold" fill="%s">%s</text>`, x, y, svgSizes[face], svgColour(col), html.EscapeString(s))
}
