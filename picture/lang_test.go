package picture

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/words"
)

var writeLangPNGs = flag.String("lang-pngs", "", "write the pictures of TestPicturesInEveryLanguage into this directory, to look at them")

// TestPicturesInEveryLanguage draws the table, a round's scores and the
// closing picture of an 8-player Party game in every language and in the
// pseudo-language: the font has a glyph for every letter drawn (Cyrillic
// included), every text stays inside the picture and legible on a phone,
// and in the pseudo-language no drawn text is left in English.
func TestPicturesInEveryLanguage(t *testing.T) {
	ft, err := sfnt.Parse(goregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	var buf sfnt.Buffer
	menu, err := engine.ParseMenu("master menu")
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"Ann", "Bob", "Cleo", "Dmitri", "Esperanza-Maria", "Fu", "Gus", "Hana"}
	for _, w := range append(words.Languages(), words.Pseudo()) {
		g, err := engine.New(engine.Settings{Players: 8, Ruleset: engine.Party, Menu: menu}, 31)
		if err != nil {
			t.Fatal(err)
		}
		for !g.Over() && (g.Round() < 2 || g.Turn() < 6) { // mid-round: cards on the table
			playOne(t, g)
		}
		tab, err := table(indexed, w, g.PublicView(), names)
		if err != nil {
			t.Fatal(err)
		}
		sc, err := roundScores(indexed, w, g.PublicView(), 1, names)
		if err != nil {
			t.Fatal(err)
		}
		for !g.Over() {
			playOne(t, g)
		}
		fin, err := final(indexed, w, g.PublicView(), names, []string{"1512 (+14)"})
		if err != nil {
			t.Fatal(err)
		}
		for name, c := range map[string]*canvas{"table": tab, "round": sc, "final": fin} {
			b := c.s.bounds()
			for _, d := range c.texts {
				for _, r := range d.s {
					if r > ' ' && r < 0x2000 {
						if i, err := ft.GlyphIndex(&buf, r); err != nil || i == 0 {
							t.Errorf("%s %s: the font has no %q (in %q)", w.Code(), name, r, d.s)
						}
					}
				}
				if d.x < 0 || d.y < 0 || d.x+d.w > b.Dx() || d.y+d.h > b.Dy() {
					t.Errorf("%s %s: %q overflows the picture (%d,%d %dx%d in %dx%d)", w.Code(), name, d.s, d.x, d.y, d.w, d.h, b.Dx(), b.Dy())
				}
				if w == words.Pseudo() {
					s := d.s
					for _, n := range names {
						for l := len(n); l >= 3; l-- { // a name cut to fit ends in "…"
							s = strings.ReplaceAll(s, n[:l]+"…", "")
						}
						s = strings.ReplaceAll(s, n, "")
					}
					if !words.IsPseudo(s) {
						t.Errorf("%s: %q is not in the pseudo-language", name, d.s)
					}
				}
			}
			checkLegible(t, w.Code()+" "+name, c, phoneWidth)
			if *writeLangPNGs != "" {
				png, err := c.png()
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(*writeLangPNGs, w.Code()+"-"+name+".png"), png, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
