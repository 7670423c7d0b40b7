package picture

import (
	"fmt"
	"math"
	"strconv"

	"github.com/sushigo/sushigo/words"
)

// ReviewChart is what Review draws: every seat's expected final score
// through one seat's game, as that seat could tell, and its costliest
// choices.
type ReviewChart struct {
	// Names are the seats' names; Seat is the one reviewed.
	Names []string
	Seat  int
	// Curves[s] is seat s's expected final score at each of the reviewed
	// seat's choices, then its final score; Rounds the round of each
	// point but the last.
	Curves [][]float64
	Rounds []int
	// Marks are the points of the costliest choices, costliest first,
	// and Turns their "round r, turn t" labels for the alt text.
	Marks []int
	Turns [][2]int
	// You: the reviewed seat is the reader's own, named "You" (the
	// terminal's player): the title says "your game", not "You's game".
	You bool
}

// Review draws a review's chart: a line a seat, the reviewed seat's
// thickest and drawn last, lines that tie side by side, rounds marked
// off, the y axis named, the costliest choices numbered on its line, and
// a legend.
func Review(lang words.Lang, ch ReviewChart) ([]byte, error) {
	c, err := reviewChart(indexed, lang, ch)
	if err != nil {
		return nil, err
	}
	return c.smallPNG()
}

func reviewChart(d depth, lang words.Lang, ch ReviewChart) (*canvas, error) {
	n := len(ch.Curves)
	if n == 0 || ch.Seat < 0 || ch.Seat >= n || len(ch.Curves[ch.Seat]) < 2 || len(ch.Rounds) != len(ch.Curves[ch.Seat])-1 {
		return nil, fmt.Errorf("picture: a review chart needs a curve per seat and a round per point")
	}
	points := len(ch.Curves[ch.Seat])
	top, bottom := 1.0, 0.0
	for _, cv := range ch.Curves {
		for _, v := range cv {
			top, bottom = math.Max(top, v), math.Min(bottom, v)
		}
	}
	legendRows := (n + 1) / 2
	h := chartTop + chartH + 60 + legendRows*rowH + 16
	c, err := newCanvas(d, lang, finalWidth, h)
	if err != nil {
		return nil, err
	}
	title := lang.Say("picture.review.title", seatLabel(lang, ch.Names, ch.Seat))
	if ch.You {
		title = lang.Say("picture.review.titleYou")
	}
	c.text("title", 16, 44, ink, c.fit("title", title, finalWidth-32))
	// The y axis says what it counts, above its numbers.
	c.text("small", 16, chartTop-2, faint, c.fit("small", lang.Say("picture.review.axis"), finalWidth-32))

	plotW := float32(finalWidth - chartLeft - chartRight)
	xAt := func(i int) float32 { return chartLeft + plotW*float32(i)/float32(points-1) }
	yAt := func(p float64) float32 {
		return chartTop + 10 + float32(chartH-20)*float32((top-p)/(top-bottom))
	}
	step := gridStep(int(math.Ceil(top - bottom)))
	for v := int(bottom) - int(bottom)%step; v <= int(top); v += step {
		if float64(v) < bottom {
			continue
		}
		y := yAt(float64(v))
		c.rect(chartLeft, y, plotW, 1, 0, rule)
		c.text("small", chartLeft-10-c.measure("small", strconv.Itoa(v)), int(y)+6, faint, strconv.Itoa(v))
	}
	// Rounds: a rule where each begins, its name centred on its span; the
	// last point is the end of the game.
	label := func(s string, x float32) {
		w := c.measure("small", s)
		c.text("small", max(4, min(int(x)-w/2, finalWidth-12-w)), chartTop+chartH+24, faint, s)
	}
	first := 0
	for i := 1; i <= len(ch.Rounds); i++ {
		if i < len(ch.Rounds) && ch.Rounds[i] == ch.Rounds[first] {
			continue
		}
		if first > 0 {
			c.rect(xAt(first), chartTop, 1, chartH, 0, faint)
		}
		label(lang.Say("picture.final.round", ch.Rounds[first]), (xAt(first)+xAt(i-1))/2)
		first = i
	}
	label(lang.Say("picture.review.end"), xAt(points-1))

	// Seats that tie would draw one line over another: each seat's line
	// is set tieGap pixels from the next, about the middle, so a tie
	// shows as lines side by side (a point is under 1 px at 8 seats over
	// a span of 60 points).
	const tieGap = 2.5
	off := func(s int) float32 { return tieGap * (float32(s) - float32(n-1)/2) }
	draw := func(s int, w float32, dot float32) {
		col := seatColours[s%len(seatColours)]
		cv := ch.Curves[s]
		for i := 1; i < len(cv); i++ {
			c.line(xAt(i-1), yAt(cv[i-1])+off(s), xAt(i), yAt(cv[i])+off(s), w, col)
		}
		c.ellipse(xAt(len(cv)-1), yAt(cv[len(cv)-1])+off(s), dot, dot, col)
	}
	for s := range n {
		if s != ch.Seat {
			draw(s, 2, 4)
		}
	}
	draw(ch.Seat, 5, 7)
	// The costliest choices: numbered discs on the seat's line.
	cv := ch.Curves[ch.Seat]
	for k, p := range ch.Marks {
		if p < 0 || p >= len(cv) {
			continue
		}
		x, y := xAt(p), yAt(cv[p])+off(ch.Seat)
		c.ellipse(x, y, 15, 15, ink)
		c.ellipse(x, y, 12, 12, paper)
		c.centred("name", int(x), int(y)+9, ink, strconv.Itoa(k+1))
	}

	// The legend: two columns of chips and names, the seat's own first.
	y := chartTop + chartH + 50
	order := []int{ch.Seat}
	for s := range n {
		if s != ch.Seat {
			order = append(order, s)
		}
	}
	for k, s := range order {
		x := 16 + (k%2)*(finalWidth/2)
		ry := y + (k/2)*rowH
		c.rect(float32(x), float32(ry+6), 18, 18, 4, seatColours[s%len(seatColours)])
		face := "body"
		if s == ch.Seat {
			face = "name"
		}
		name := seatLabel(lang, ch.Names, s)
		last := cv
		if s != ch.Seat {
			last = ch.Curves[s]
		}
		text := lang.Say("picture.review.legend", name, int(math.Round(last[len(last)-1])))
		c.text(face, x+28, ry+24, ink, c.fit(face, text, finalWidth/2-48))
	}
	return c, nil
}

// seatLabel is seat s's name, or its number.
func seatLabel(lang words.Lang, names []string, s int) string {
	if s < len(names) && names[s] != "" {
		return names[s]
	}
	return lang.Say("picture.seat", s+1)
}

// ReviewAlt says in words what Review draws.
func ReviewAlt(lang words.Lang, ch ReviewChart) string {
	if len(ch.Curves) == 0 || ch.Seat >= len(ch.Curves) || len(ch.Curves[ch.Seat]) == 0 {
		return ""
	}
	cv := ch.Curves[ch.Seat]
	var marks []string
	for k, t := range ch.Turns {
		marks = append(marks, lang.Say("picture.review.altMark", k+1, t[0], t[1]))
	}
	if len(marks) == 0 {
		marks = append(marks, lang.Say("picture.review.altNoMark"))
	}
	return cutAlt(lang.Say("picture.review.alt", seatLabel(lang, ch.Names, ch.Seat), int(math.Round(cv[0])), int(math.Round(cv[len(cv)-1])),
		lang.Semicolons(marks)))
}
