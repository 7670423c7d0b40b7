package picture

import (
	"image"
	"image/color"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/words"
)

// The pages below are the pictures drawn but not yet made paletted: the
// pixels the palette is chosen from and measured against.

func TablePage(lang words.Lang, pv engine.PublicView, names []string) (*image.RGBA, error) {
	c, err := table(fullColour, lang, pv, names)
	if err != nil {
		return nil, err
	}
	return c.s.rgba(), nil
}

func ScoresPage(lang words.Lang, pv engine.PublicView, r int, names []string) (*image.RGBA, error) {
	c, err := roundScores(fullColour, lang, pv, r, names)
	if err != nil {
		return nil, err
	}
	return c.s.rgba(), nil
}

func FinalPage(lang words.Lang, pv engine.PublicView, names, ratings []string) (*image.RGBA, error) {
	c, err := final(fullColour, lang, pv, names, ratings)
	if err != nil {
		return nil, err
	}
	return c.s.rgba(), nil
}

// ReviewPage is the review chart of the review tests' sample.
func ReviewPage(lang words.Lang) (*image.RGBA, error) {
	c, err := reviewChart(fullColour, lang, reviewSample())
	if err != nil {
		return nil, err
	}
	return c.s.rgba(), nil
}

// Palette is the pictures' palette, and Paletted makes a page paletted.
func Palette() color.Palette { return quantizer().pal }
func Paletted(img *image.RGBA) *image.Paletted {
	p, _ := paletted(img)
	return p
}
