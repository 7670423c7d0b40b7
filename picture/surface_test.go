package picture

import (
	"image/color"
	"testing"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/words"
)

// TestIndexedIsThePalettedPage: a picture painted straight in the
// palette's indexes is the full-colour page made paletted, but for edges
// mixed over a colour already indexed: a table, a Party table, round
// scores, the end and a review chart, every pixel compared.
func TestIndexedIsThePalettedPage(t *testing.T) {
	menu, err := engine.ParseMenu("master menu")
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"Ann", "Bob", "Cleo", "Dmitri", "Esperanza-Maria", "Fu", "Gus", "Hana"}
	classic, err := engine.New(engine.Settings{Players: 5}, 9)
	if err != nil {
		t.Fatal(err)
	}
	party, err := engine.New(engine.Settings{Players: 8, Ruleset: engine.Party, Menu: menu}, 31)
	if err != nil {
		t.Fatal(err)
	}
	for classic.Round() < 2 || classic.Turn() < 5 {
		playOne(t, classic)
	}
	for party.Round() < 2 || party.Turn() < 4 {
		playOne(t, party)
	}
	over, err := engine.New(engine.Settings{Players: 8, Ruleset: engine.Party, Menu: menu}, 32)
	if err != nil {
		t.Fatal(err)
	}
	for !over.Over() {
		playOne(t, over)
	}
	draws := map[string]func(d depth) (*canvas, error){
		"table": func(d depth) (*canvas, error) { return table(d, words.English, classic.PublicView(), names[:5]) },
		"party": func(d depth) (*canvas, error) { return table(d, words.English, party.PublicView(), names) },
		"round": func(d depth) (*canvas, error) {
			return roundScores(d, words.English, classic.PublicView(), 1, names[:5])
		},
		"final":  func(d depth) (*canvas, error) { return final(d, words.English, over.PublicView(), names, nil) },
		"review": func(d depth) (*canvas, error) { return reviewChart(d, words.English, reviewSample()) },
	}
	for name, draw := range draws {
		full, err := draw(fullColour)
		if err != nil {
			t.Fatal(err)
		}
		want, raw := paletted(full.s.rgba())
		ix, err := draw(indexed)
		if err != nil {
			t.Fatal(err)
		}
		got := ix.s.(*indexedPage).paletted()
		if got.Rect != want.Rect {
			t.Fatalf("%s: %v, want %v", name, got.Rect, want.Rect)
		}
		differ, far, worst := 0, 0, 0.0
		for y := range got.Rect.Dy() {
			for x := range got.Rect.Dx() {
				a, b := got.ColorIndexAt(x, y), want.ColorIndexAt(x, y)
				if a == b {
					continue
				}
				differ++
				d := deltaE(got.Palette[a].(color.RGBA), want.Palette[b].(color.RGBA))
				worst = max(worst, d)
				if d > 10 {
					far++
				}
			}
		}
		n := got.Rect.Dx() * got.Rect.Dy()
		t.Logf("%s: %d of %d pixels differ (%.3f %%), %d by ΔE > 10, the worst %.1f", name, differ, n, 100*float64(differ)/float64(n), far, worst)
		if differ*200 > n || far*1000 > n { // under 0.5 % and 0.1 %
			t.Errorf("%s: %d of %d pixels differ, %d of them by ΔE > 10", name, differ, n, far)
		}
		indexes.put(raw)
		full.release()
		ix.release()
	}
}
