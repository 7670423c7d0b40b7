package picture

import (
	"fmt"
	"image"
	"image/color"
	"strconv"

	"golang.org/x/image/font"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/words"
)

// Round-score chart layout, in pixels.
const (
	scoresWidth = 800 // as the table: legible at half size on a phone
	scoresTop   = 64
	barRowH     = 50
	barH        = 34
	namesW      = 180
	totalW      = 60
	legendCols  = 3
	legendRowH  = 32
)

// categoryColour is the colour of the card type a category scores.
func categoryColour(c engine.Category) color.RGBA {
	switch c {
	case engine.CatMaki:
		return colourOf(engine.KindMaki)
	case engine.CatTempura:
		return colourOf(engine.KindTempura)
	case engine.CatSashimi:
		return colourOf(engine.KindSashimi)
	case engine.CatDumpling:
		return colourOf(engine.KindDumpling)
	case engine.CatEggNigiri:
		return nigiriTop(engine.EggNigiri)
	case engine.CatSalmonNigiri:
		return nigiriTop(engine.SalmonNigiri)
	case engine.CatSquidNigiri:
		return nigiriTop(engine.SquidNigiri)
	// A nigiri on wasabi is its topping a shade darker: told apart from
	// the plain one in the legend, still of its family.
	case engine.CatEggOnWasabi:
		return shade(nigiriTop(engine.EggNigiri))
	case engine.CatSalmonOnWasabi:
		return shade(nigiriTop(engine.SalmonNigiri))
	case engine.CatSquidOnWasabi:
		return shade(nigiriTop(engine.SquidNigiri))
	case engine.CatWasabi:
		return colourOf(engine.KindWasabi)
	case engine.CatPudding:
		return colourOf(engine.KindPudding)
	case engine.CatTemaki:
		return colourOf(engine.KindTemaki)
	case engine.CatUramakiRace, engine.CatUramaki:
		return colourOf(engine.KindUramaki)
	case engine.CatEel:
		return colourOf(engine.KindEel)
	case engine.CatTofu:
		return colourOf(engine.KindTofu)
	case engine.CatEdamame:
		return colourOf(engine.KindEdamame)
	case engine.CatMiso:
		return colourOf(engine.KindMisoSoup)
	case engine.CatOnigiri:
		return colourOf(engine.KindOnigiri)
	case engine.CatSoySauce:
		return colourOf(engine.KindSoySauce)
	case engine.CatTea:
		return colourOf(engine.KindTea)
	case engine.CatFaceDown:
		return colourOf(engine.KindTakeoutBox)
	case engine.CatIceCream:
		return colourOf(engine.KindGreenTeaIceCream)
	case engine.CatWatermelon, engine.CatPineapple, engine.CatOrange:
		return colourOf(engine.KindFruit)
	}
	return faint
}

// RoundScores draws round r's scores (1–3): per seat a bar stacked by the
// categories that scored, in their cards' colours, negative points to the
// left of zero, with the round's total; a legend names the categories.
// Rounds not scored yet are an error.
func RoundScores(lang words.Lang, pv engine.PublicView, r int, names []string) ([]byte, error) {
	c, err := roundScores(indexed, lang, pv, r, names)
	if err != nil {
		return nil, err
	}
	return c.png()
}

func roundScores(d depth, lang words.Lang, pv engine.PublicView, r int, names []string) (*canvas, error) {
	if r < 1 || r > len(pv.Scores) {
		return nil, fmt.Errorf("picture: round %d is not scored yet", r)
	}
	rows := pv.Scores[r-1]
	maxPos, maxNeg := 1, 0
	used := map[engine.Category]bool{}
	for _, b := range rows {
		pos, neg := 0, 0
		for c := range engine.NumCategories {
			p := int(b.Points[c])
			if p > 0 {
				pos += p
			} else if p < 0 {
				neg -= p
			}
			if p != 0 {
				used[c] = true
			}
		}
		maxPos, maxNeg = max(maxPos, pos), max(maxNeg, neg)
	}
	var legend []engine.Category
	for c := range engine.NumCategories {
		if used[c] {
			legend = append(legend, c)
		}
	}
	places, legendRows, err := legendPlaces(lang, legend)
	if err != nil {
		return nil, err
	}
	h := scoresTop + len(rows)*barRowH + 16 + legendRows*legendRowH + 12
	cv, err := newCanvas(d, lang, scoresWidth, h)
	if err != nil {
		return nil, err
	}
	cv.text("title", 16, 38, ink, lang.Say("pictures.roundScores", r))
	span := scoresWidth - namesW - totalW - 24
	unit := float32(span) / float32(maxPos+maxNeg)
	zero := float32(namesW) + unit*float32(maxNeg)
	y := scoresTop
	for i, b := range rows {
		cv.text("name", 16, y+barH-7, ink, cv.fit("name", seatName(lang, names, i, pv.Seats[i]), namesW-24))
		pos, neg := zero, zero
		total := 0
		for _, c := range legend {
			p := float32(b.Points[c])
			total += int(b.Points[c])
			col := categoryColour(c)
			switch {
			case p > 0:
				cv.rect(pos, float32(y), p*unit-1, barH, 0, col)
				if p*unit > 26 {
					cv.centred("card", int(pos+p*unit/2), y+barH-10, textOn(col), strconv.Itoa(int(p)))
				}
				pos += p * unit
			case p < 0:
				neg += p * unit
				cv.rect(neg, float32(y), -p*unit-1, barH, 0, col)
				if -p*unit > 26 {
					cv.centred("card", int(neg-p*unit/2), y+barH-10, textOn(col), strconv.Itoa(int(p)))
				}
			}
		}
		cv.rect(zero-1, float32(y-4), 2, barH+8, 0, ink)
		cv.text("name", scoresWidth-totalW, y+barH-7, ink, strconv.Itoa(total))
		y += barRowH
	}
	y += 8
	for k, c := range legend {
		x, ly := places[k].X, y+places[k].Y*legendRowH
		cv.rect(float32(x), float32(ly), 20, 20, 4, categoryColour(c))
		cv.text("body", x+28, ly+18, ink, cv.fit("body", lang.CategoryName(c), scoresWidth-16-x-28))
	}
	return cv, nil
}

// legendPlaces lays the legend's entries out in rows, each as wide as its
// name, in legendCols columns where they fit, over more where they do not:
// a long name ("Takeout box (face down)") takes two columns rather than
// being cut. It returns each entry's x and row, and the number of rows.
func legendPlaces(lang words.Lang, legend []engine.Category) ([]image.Point, int, error) {
	fs, err := borrowFaces()
	if err != nil {
		return nil, 0, err
	}
	defer faceSets.Put(fs)
	const left, right = 16, scoresWidth - 16
	colW := (right - left) / legendCols
	out := make([]image.Point, len(legend))
	x, row := left, 0
	for k, c := range legend {
		w := 28 + font.MeasureString(fs["body"], lang.CategoryName(c)).Ceil() + 12
		span := ((w + colW - 1) / colW) * colW // whole columns, so the rows line up
		if x > left && x+min(span, right-left) > right {
			x, row = left, row+1
		}
		out[k] = image.Point{X: x, Y: row}
		x += span
	}
	if len(legend) == 0 {
		return out, 0, nil
	}
	return out, row + 1, nil
}

// textOn is the text colour readable on c.
func textOn(c color.RGBA) color.RGBA {
	if dark(c) {
		return white
	}
	return ink
}
