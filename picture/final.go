package picture

import (
	"fmt"
	"image/color"
	"strconv"
	"strings"

	"golang.org/x/image/vector"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/words"
)

// Final chart layout, in pixels.
const (
	finalWidth = 800
	chartTop   = 70
	chartH     = 260
	chartLeft  = 70
	chartRight = 40
	rowH       = 40
	ratingX    = 684
)

// seatColours tell the seats' lines apart: eight hues far from each other
// and from the page.
var seatColours = [...]color.RGBA{
	rgb(0xD31F2E), rgb(0x1F6FD3), rgb(0x2E9D3A), rgb(0xE08A00),
	rgb(0x7B3FB5), rgb(0x00A3A3), rgb(0xC2187A), rgb(0x5A5A5A),
}

// Final draws the end of the game: each seat's score after each round as
// a line (desserts as a last step), then the standings with the winner
// first, each round's points, the desserts and the total. ratings[i], when
// given, is a note on seat i's rating change ("1512 (+14)"); an empty note
// or a nil slice draws none. A game not over is an error.
func Final(lang words.Lang, pv engine.PublicView, names, ratings []string) ([]byte, error) {
	c, err := final(indexed, lang, pv, names, ratings)
	if err != nil {
		return nil, err
	}
	return c.png()
}

func final(d depth, lang words.Lang, pv engine.PublicView, names, ratings []string) (*canvas, error) {
	if !pv.Over || len(pv.Standings) == 0 {
		return nil, fmt.Errorf("picture: the game is not over")
	}
	n := len(pv.Seats)
	// points[s] is seat s's total after 0, 1, 2, 3 rounds and desserts.
	points := make([][]int, n)
	top, bottom := 1, 0
	for s := range n {
		sum := 0
		points[s] = []int{0}
		for r := range pv.Scores {
			sum += pv.Scores[r][s].Total()
			points[s] = append(points[s], sum)
		}
		if s < len(pv.Dessert) {
			sum += pv.Dessert[s].Total()
		}
		points[s] = append(points[s], sum)
		for _, p := range points[s] {
			top, bottom = max(top, p), min(bottom, p)
		}
	}
	h := chartTop + chartH + 60 + (n+1)*rowH + 16
	c, err := newCanvas(d, lang, finalWidth, h)
	if err != nil {
		return nil, err
	}
	c.text("title", 16, 44, ink, c.fit("title", winnerLine(lang, pv, names), finalWidth-32))

	// The chart: a grid line every step, a line per seat, the winner's last.
	steps := len(points[0]) - 1
	plotW := float32(finalWidth - chartLeft - chartRight)
	xAt := func(i int) float32 { return chartLeft + plotW*float32(i)/float32(steps) }
	yAt := func(p int) float32 {
		return chartTop + 10 + float32(chartH-20)*float32(top-p)/float32(top-bottom)
	}
	step := gridStep(top - bottom)
	for v := bottom - bottom%step; v <= top; v += step {
		if v < bottom {
			continue
		}
		y := yAt(v)
		c.rect(chartLeft, y, plotW, 1, 0, rule)
		c.text("small", chartLeft-10-c.measure("small", strconv.Itoa(v)), int(y)+6, faint, strconv.Itoa(v))
	}
	labels := []string{lang.Say("picture.final.start"), lang.Say("picture.final.round", 1), lang.Say("picture.final.round", 2),
		lang.Say("picture.final.round", 3), lang.Say("picture.final.desserts")}
	for i := range steps + 1 {
		if i < len(labels) {
			w := c.measure("small", labels[i]) // centred, but kept inside the picture
			c.text("small", min(int(xAt(i))-w/2, finalWidth-12-w), chartTop+chartH+24, faint, labels[i])
		}
	}
	order := make([]int, 0, n)
	for k := len(pv.Standings) - 1; k >= 0; k-- {
		order = append(order, pv.Standings[k].Seat)
	}
	for _, s := range order {
		col := seatColours[s%len(seatColours)]
		for i := 1; i <= steps; i++ {
			c.line(xAt(i-1), yAt(points[s][i-1]), xAt(i), yAt(points[s][i]), 3, col)
		}
		for i := range steps + 1 {
			c.ellipse(xAt(i), yAt(points[s][i]), 5, 5, col)
		}
	}

	// The standings.
	y := chartTop + chartH + 50
	cols := []struct {
		label string
		x     int
	}{{lang.Say("render.roundShort", 1), 360}, {lang.Say("render.roundShort", 2), 415}, {lang.Say("render.roundShort", 3), 470},
		{lang.Say("picture.final.dessertsShort"), 530}, {lang.Say("picture.final.total"), 610}}
	for _, col := range cols {
		c.text("small", col.x, y+20, faint, col.label)
	}
	if ratings != nil {
		c.text("small", ratingX, y+20, faint, lang.Say("picture.final.rating"))
	}
	y += rowH
	for _, st := range pv.Standings {
		s := st.Seat
		if st.Place == 1 {
			c.rect(8, float32(y-4), finalWidth-16, rowH-2, 8, rgb(0xFFF1C9))
		}
		c.text("name", 16, y+24, ink, placeLabel(st))
		c.rect(64, float32(y+6), 18, 18, 4, seatColours[s%len(seatColours)])
		c.text("name", 92, y+24, ink, c.fit("name", seatName(lang, names, s, pv.Seats[s]), 255))
		for r := range 3 {
			v := "–"
			if r < len(pv.Scores) {
				v = strconv.Itoa(pv.Scores[r][s].Total())
			}
			c.text("body", cols[r].x, y+24, ink, v)
		}
		dess := 0
		if s < len(pv.Dessert) {
			dess = pv.Dessert[s].Total()
		}
		c.text("body", cols[3].x, y+24, ink, strconv.Itoa(dess))
		c.text("name", cols[4].x, y+24, ink, strconv.Itoa(st.Score))
		if s < len(ratings) && ratings[s] != "" {
			c.text("small", ratingX, y+22, faint, c.fit("small", ratings[s], finalWidth-8-ratingX))
		}
		y += rowH
	}
	return c, nil
}

// winnerLine names the winner, or the winners of a shared first place.
func winnerLine(lang words.Lang, pv engine.PublicView, names []string) string {
	var first []string
	for _, st := range pv.Standings {
		if st.Place == 1 {
			first = append(first, seatName(lang, names, st.Seat, pv.Seats[st.Seat]))
		}
	}
	switch len(first) {
	case 1:
		if first[0] == lang.You() {
			return lang.Say("picture.final.youWin") // the terminal's player
		}
		return lang.Say("picture.wins", first[0])
	default:
		return lang.Say("picture.shareTheWin", strings.Join(first, lang.Say("render.sharedWinAnd")))
	}
}

// placeLabel is a standing's place, "=2" when shared.
func placeLabel(st engine.Standing) string {
	if st.Shared {
		return "=" + strconv.Itoa(st.Place)
	}
	return strconv.Itoa(st.Place)
}

// gridStep is a round step for about five grid lines over span points.
func gridStep(span int) int {
	for _, s := range []int{5, 10, 20, 25, 50, 100} {
		if span/s <= 6 {
			return s
		}
	}
	return 200
}

// line draws a segment of width w from x0, y0 to x1, y1.
func (c *canvas) line(x0, y0, x1, y1, w float32, col color.Color) {
	dx, dy := x1-x0, y1-y0
	l := float32(hypot(dx, dy))
	if l == 0 {
		return
	}
	nx, ny := -dy/l*w/2, dx/l*w/2
	bx, by := min(x0, x1)-w, min(y0, y1)-w
	c.fill(bx, by, max(x0, x1)-bx+w, max(y0, y1)-by+w, col, func(r *vector.Rasterizer, ox, oy float32) {
		r.MoveTo(x0+nx-bx+ox, y0+ny-by+oy)
		r.LineTo(x1+nx-bx+ox, y1+ny-by+oy)
		r.LineTo(x1-nx-bx+ox, y1-ny-by+oy)
		r.LineTo(x0-nx-bx+ox, y0-ny-by+oy)
		r.ClosePath()
	})
}
