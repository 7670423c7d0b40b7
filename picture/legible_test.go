package picture

import (
	"image"
	"strings"
	"testing"

	xdraw "golang.org/x/image/draw"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/words"
)

// phoneWidth is how wide a phone shows a picture: Discord's embed image on
// a 390-point-wide phone.
const phoneWidth = 390

// TestLegibleOnAPhone shrinks each picture to a phone's width and checks
// every piece of text in it, the scoring notes, legend chips and rating
// column included: its type is at least 10 px high there (12 for names),
// and its strokes keep most of their contrast, which thin strokes shrunk
// too far lose.
func TestLegibleOnAPhone(t *testing.T) {
	menu, err := engine.ParseMenu("master menu")
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.New(engine.Settings{Players: 8, Ruleset: engine.Party, Menu: menu}, 31)
	if err != nil {
		t.Fatal(err)
	}
	for !g.Over() && g.Round() < 2 {
		playOne(t, g)
	}
	names := []string{"Ann", "Bob", "Cleo", "Dmitri", "Esperanza-Maria", "Fu", "Gus", "Hana"}
	tab, err := table(indexed, words.English, g.PublicView(), names)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := roundScores(indexed, words.English, g.PublicView(), 1, names)
	if err != nil {
		t.Fatal(err)
	}
	for !g.Over() {
		playOne(t, g)
	}
	fin, err := final(indexed, words.English, g.PublicView(), names, []string{"1512 (+14)"})
	if err != nil {
		t.Fatal(err)
	}
	// A classic table late in a round: nigiri, wasabi and maki with their
	// notes under them.
	cg, err := engine.New(engine.Settings{Players: 5}, 3)
	if err != nil {
		t.Fatal(err)
	}
	for cg.Round() == 1 && cg.Turn() < 6 {
		playOne(t, cg)
	}
	classic, err := table(indexed, words.English, cg.PublicView(), names[:5])
	if err != nil {
		t.Fatal(err)
	}
	notes := 0
	for _, d := range classic.texts {
		if d.face == "note" {
			notes++
		}
	}
	if notes == 0 {
		t.Fatal("the classic table has no notes under its cards to check")
	}
	for name, c := range map[string]*canvas{"table": tab, "classic table": classic, "round scores": sc, "final": fin} {
		checkLegible(t, name, c, phoneWidth)
	}
}

func checkLegible(t *testing.T, name string, c *canvas, width int) {
	t.Helper()
	img := c.s.rgba() // the page as it is sent, in the palette's colours
	b := img.Bounds()
	scale := float64(width) / float64(b.Dx())
	small := image.NewRGBA(image.Rect(0, 0, width, int(float64(b.Dy())*scale)))
	xdraw.CatmullRom.Scale(small, small.Bounds(), img, b, xdraw.Src, nil)
	minSize := map[string]float64{"title": 12, "name": 12, "body": 10, "card": 10, "small": 10, "note": 11}
	// Letters' height too, which is what an eye reads: the notes under
	// the cards were 6–7 px ("Egg", "tripled", "3 icons").
	minCap := map[string]float64{"note": 8}
	checked := 0
	for _, d := range c.texts {
		least := minSize[d.face]
		checked++
		size := sizes[d.face] * scale
		if size < least {
			t.Errorf("%s: %q is %.1f px on a phone, under %.0f", name, d.s, size, least)
		}
		if capH, want := float64(d.h)*scale, max(7, minCap[d.face]); capH < want {
			t.Errorf("%s: %q has letters %.1f px high on a phone, under %.0f", name, d.s, capH, want)
		}
		full := contrast(img, image.Rect(d.x, d.y, d.x+d.w, d.y+d.h))
		box := image.Rect(int(float64(d.x)*scale), int(float64(d.y)*scale),
			int(float64(d.x+d.w)*scale+1), int(float64(d.y+d.h)*scale+1))
		if kept := contrast(small, box); kept < full*6/10 {
			t.Errorf("%s: %q keeps %d of %d contrast on a phone", name, d.s, kept, full)
		}
	}
	if checked < 10 {
		t.Errorf("%s: only %d texts checked", name, checked)
	}
}

// contrast is the spread of luminance inside r.
func contrast(img *image.RGBA, r image.Rectangle) int {
	lo, hi := 255, 0
	r = r.Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			p := img.Pix[img.PixOffset(x, y):]
			l := (int(p[0])*299 + int(p[1])*587 + int(p[2])*114) / 1000
			lo, hi = min(lo, l), max(hi, l)
		}
	}
	return max(hi-lo, 0)
}

// playOne makes the first move the game waits for: the first legal pick
// or the first answer.
func playOne(t testing.TB, g *engine.Game) {
	t.Helper()
	if g.Deciding() {
		d, _ := g.Decision()
		opts := g.PlayerView(d.Seat).Options
		if err := g.Decide(d.Seat, opts[0]); err != nil {
			t.Fatal(err)
		}
		return
	}
	for s := range g.Seats() {
		if !g.Submitted(s) {
			if err := g.Submit(s, g.PlayerView(s).Legal[0]); err != nil {
				t.Fatal(err)
			}
			return
		}
	}
}

// TestNotesNotCut: the scoring notes under the cards ("3 icons", "Salmon",
// "1 open", "unused", "1 copy") fit beside each other at full size in
// tables of every width: none ends cut short with "…".
func TestNotesNotCut(t *testing.T) {
	menu, err := engine.ParseMenu("uramaki, tofu, edamame, onigiri, special order, takeout, fruit")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []engine.Settings{{Players: 5}, {Players: 6, Ruleset: engine.Party, Menu: menu}} {
		seeds := uint64(3)
		if raceBuild {
			seeds = 1
		}
		for seed := uint64(1); seed <= seeds; seed++ {
			g, err := engine.New(s, seed)
			if err != nil {
				t.Fatal(err)
			}
			for !g.Over() && g.Turn() < g.Settings().HandSize()-1 {
				playOne(t, g)
				names := []string{"Ann", "Bob", "Cleo", "Dmitri", "Esperanza-Maria", "Fu", "Gus", "Hana"}[:s.Players]
				c, err := table(indexed, words.English, g.PublicView(), names)
				if err != nil {
					t.Fatal(err)
				}
				for _, d := range c.texts {
					if d.face == "small" && strings.HasSuffix(d.s, "…") {
						t.Errorf("%d players, seed %d, round %d turn %d: a note cut to %q", s.Players, seed, g.Round(), g.Turn(), d.s)
					}
				}
				c.release() // as png() would, without encoding
			}
		}
	}
}

// TestRoundScoreLegendNotCut: every category's name is whole in the round
// scores' legend, in every language, when every category scored (a long
// one, "Takeout box (face down)", was cut to "Takeout box (face d…").
func TestRoundScoreLegendNotCut(t *testing.T) {
	var b engine.Breakdown
	for c := range engine.NumCategories {
		b.Points[c] = 1
	}
	pv := engine.PublicView{Settings: engine.Settings{Players: 2}, Seats: make([]engine.SeatView, 2),
		Scores: [][]engine.Breakdown{{b, b}}}
	for _, w := range append(words.Languages(), words.Pseudo()) {
		c, err := roundScores(indexed, w, pv, 1, []string{"Ann", "Bob"})
		if err != nil {
			t.Fatal(err)
		}
		named := 0
		for _, d := range c.texts {
			if d.face != "body" {
				continue
			}
			named++
			if strings.HasSuffix(d.s, "…") {
				t.Errorf("%s: the legend cuts %q", w.Code(), d.s)
			}
		}
		if named < int(engine.NumCategories) {
			t.Errorf("%s: %d legend entries for %d categories", w.Code(), named, engine.NumCategories)
		}
	}
}
