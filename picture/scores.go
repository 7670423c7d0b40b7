package picture

import (
	"fmt"
	"image/color"
	"strconv"

	"github.com/sushigo/sushigo/engine"
)

// Round-score chart layout, in pixels.
const (
	scoresWidth = 900
	scoresTop   = 64
	barRowH     = 46
	barH        = 28
	namesW      = 190
	totalW      = 70
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
	case engine.CatEggNigiri, engine.CatEggOnWasabi:
		return nigiriTop(engine.EggNigiri)
	case engine.CatSalmonNigiri, engine.CatSalmonOnWasabi:
		return nigiriTop(engine.SalmonNigiri)
	case engine.CatSquidNigiri, engine.CatSquidOnWasabi:
		return nigiriTop(engine.SquidNigiri)
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
func RoundScores(pv engine.PublicView, r int, names []string) ([]byte, error) {
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
	legendRows := (len(legend) + 3) / 4
	h := scoresTop + len(rows)*barRowH + 16 + legendRows*26 + 12
	cv, err := newCanvas(scoresWidth, h)
	if err != nil {
		return nil, err
	}
	cv.text("title", 16, 38, ink, fmt.Sprintf("Round %d scores", r))
	span := scoresWidth - namesW - totalW - 24
	unit := float32(span) / float32(maxPos+maxNeg)
	zero := float32(namesW) + unit*float32(maxNeg)
	y := scoresTop
	for i, b := range rows {
		cv.text("name", 16, y+barH-6, ink, cv.fit("name", seatName(names, i, pv.Seats[i]), namesW-24))
		pos, neg := zero, zero
		total := 0
		for _, c := range legend {
			p := float32(b.Points[c])
			total += int(b.Points[c])
			col := categoryColour(c)
			switch {
			case p > 0:
				cv.rect(pos, float32(y), p*unit-1, barH, 0, col)
				if p*unit > 22 {
					cv.centred("small", int(pos+p*unit/2), y+barH-9, textOn(col), strconv.Itoa(int(p)))
				}
				pos += p * unit
			case p < 0:
				neg += p * unit
				cv.rect(neg, float32(y), -p*unit-1, barH, 0, col)
				if -p*unit > 22 {
					cv.centred("small", int(neg-p*unit/2), y+barH-9, textOn(col), strconv.Itoa(int(p)))
				}
			}
		}
		cv.rect(zero-1, float32(y-4), 2, barH+8, 0, ink)
		cv.text("name", scoresWidth-totalW, y+barH-6, ink, strconv.Itoa(total))
		y += barRowH
	}
	y += 8
	for k, c := range legend {
		x := 16 + (k%4)*((scoresWidth-32)/4)
		ly := y + (k/4)*26
		cv.rect(float32(x), float32(ly), 16, 16, 3, categoryColour(c))
		cv.text("small", x+22, ly+13, ink, cv.fit("small", c.String(), (scoresWidth-32)/4-28))
	}
	return cv.png()
}

// textOn is the text colour readable on c.
func textOn(c color.RGBA) color.RGBA {
	if dark(c) {
		return white
	}
	return ink
}
