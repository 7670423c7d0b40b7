package picture

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sushigo/sushigo/words"
)

// reviewSample is a review chart of five seats over three rounds of seven
// choices, with three costly moments marked.
func reviewSample() ReviewChart {
	ch := ReviewChart{Names: []string{"Ann", "Bob", "Cleo", "Dmitri", "Esperanza-Maria"}, Seat: 1,
		Marks: []int{4, 12, 17}, Turns: [][2]int{{1, 5}, {2, 6}, {3, 4}}}
	for s := range 5 {
		var cv []float64
		for k := range 22 {
			cv = append(cv, 30+float64(s*3)+6*math.Sin(float64(k+s)/3))
		}
		ch.Curves = append(ch.Curves, cv)
	}
	for k := range 21 {
		ch.Rounds = append(ch.Rounds, 1+k/7)
	}
	return ch
}

// TestReviewChart draws a review's chart in every language: every text
// inside the picture, legible on a phone, the alt text naming the
// numbered moments. With -lang-pngs DIR it writes them to look at.
func TestReviewChart(t *testing.T) {
	for _, w := range append(words.Languages(), words.Pseudo()) {
		ch := reviewSample()
		c, err := reviewChart(indexed, w, ch)
		if err != nil {
			t.Fatal(err)
		}
		checkLegible(t, "review "+w.Code(), c, phoneWidth)
		b := c.s.bounds()
		for _, d := range c.texts {
			if d.x < 0 || d.y < 0 || d.x+d.w > b.Dx() || d.y+d.h > b.Dy() {
				t.Errorf("%s: %q is outside the picture", w.Code(), d.s)
			}
		}
		alt := ReviewAlt(w, ch)
		if alt == "" || !strings.Contains(alt, "Bob") || len([]rune(alt)) > altLimit {
			t.Errorf("%s: alt text %q", w.Code(), alt)
		}
		if *writeLangPNGs != "" {
			png, err := c.png()
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(*writeLangPNGs, w.Code()+"-review.png"), png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := Review(words.English, ReviewChart{}); err == nil {
		t.Error("an empty chart was drawn")
	}
}

// TestReviewChartOfYourGame: the terminal player's own chart is titled as
// theirs in every language, not with the name "You" put in the others'
// title ("Review of You's game").
func TestReviewChartOfYourGame(t *testing.T) {
	for _, w := range append(words.Languages(), words.Pseudo()) {
		ch := reviewSample()
		ch.Names[ch.Seat], ch.You = w.You(), true
		c, err := reviewChart(indexed, w, ch)
		if err != nil {
			t.Fatal(err)
		}
		want, other := w.Say("picture.review.titleYou"), w.Say("picture.review.title", w.You())
		found := false
		for _, d := range c.texts {
			if d.face == "title" {
				found = d.s == want
				if d.s == other {
					t.Errorf("%s: the title is %q", w.Code(), d.s)
				}
			}
		}
		if !found {
			t.Errorf("%s: no title %q", w.Code(), want)
		}
		c.release()
	}
}
