package picture_test

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"flag"
	"image"
	"math"
	"os"
	"slices"
	"testing"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/picture"
	"github.com/sushigo/sushigo/words"
)

var updatePalette = flag.Bool("update-palette", false, "choose the pictures' palette again from the specimen and rewrite palette.bin")

// specimen draws every kind of picture: the golden tables, every
// recommended menu's table, scores and end, and the review chart, so
// every card's face and icon, and text on each, is among its pixels.
func specimen(t *testing.T) map[string]*image.RGBA {
	t.Helper()
	pages := map[string]*image.RGBA{}
	add := func(name string, img *image.RGBA, err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		pages[name] = img
	}
	classic5 := newGame(t, engine.Settings{Players: 5}, 11)
	advance(t, classic5, 1, 7)
	img, err := picture.TablePage(words.English, classic5.PublicView(), names8[:5])
	add("table classic 5p", img, err)
	dummy := newGame(t, engine.Settings{Players: 2, Dummy: true}, 12)
	advance(t, dummy, 2, 5)
	img, err = picture.TablePage(words.English, dummy.PublicView(), names8[:2])
	add("table classic 2p dummy", img, err)
	img, err = picture.TablePage(words.English, everySpecial(t), names8)
	add("table every special", img, err)
	advance(t, classic5, 4, 1)
	img, err = picture.FinalPage(words.English, classic5.PublicView(), names8[:5], []string{"1512 (+4)", "1490 (−18)", "", "1571 (+21)", "1450 (−6)"})
	add("final classic 5p rated", img, err)
	img, err = picture.ScoresPage(words.English, classic5.PublicView(), 2, names8[:5])
	add("scores classic 5p", img, err)
	img, err = picture.ReviewPage(words.English)
	add("review chart", img, err)
	for k, m := range engine.RecommendedMenus {
		players := 8
		if k%2 == 1 {
			players = 4
		}
		if m.Menu.Check(players) != nil {
			continue
		}
		g := newGame(t, engine.Settings{Players: players, Ruleset: engine.Party, Menu: m.Menu}, uint64(30+k))
		advance(t, g, 3, 5)
		img, err := picture.TablePage(words.English, g.PublicView(), names8[:players])
		add(m.Key+" table", img, err)
		img, err = picture.ScoresPage(words.English, g.PublicView(), 2, names8[:players])
		add(m.Key+" scores", img, err)
		advance(t, g, 4, 1)
		img, err = picture.FinalPage(words.English, g.PublicView(), names8[:players], nil)
		add(m.Key+" final", img, err)
	}
	return pages
}

// choosePalette is the specimen's 256 most used colours, most used first
// (ties by value, so the same specimen gives the same palette).
func choosePalette(pages map[string]*image.RGBA) []byte {
	counts := map[uint32]int{}
	for _, img := range pages {
		pix := img.Pix[:4*img.Rect.Dx()*img.Rect.Dy()]
		last, n := binary.LittleEndian.Uint32(pix)&0xffffff, 0
		for i := 0; i < len(pix); i += 4 {
			k := binary.LittleEndian.Uint32(pix[i:]) & 0xffffff
			if k != last {
				counts[last] += n
				last, n = k, 0
			}
			n++
		}
		counts[last] += n
	}
	type used struct {
		k uint32
		n int
	}
	all := make([]used, 0, len(counts))
	for k, n := range counts {
		all = append(all, used{k, n})
	}
	slices.SortFunc(all, func(a, b used) int { return cmp.Or(cmp.Compare(b.n, a.n), cmp.Compare(a.k, b.k)) })
	// The most used colours first: the fills, the icons, the text.
	chosen := all[:min(len(all), mostUsed)]
	// Then, one at a time, the colour whose pixels are worst served by
	// those chosen (its count times its squared distance to the nearest):
	// anti-aliasing steps spread over the ramps between the fills.
	rest := slices.Clone(all[len(chosen):])
	dist := make([]int, len(rest))
	for i, u := range rest {
		dist[i] = math.MaxInt
		for _, c := range chosen {
			dist[i] = min(dist[i], distance(u.k, c.k))
		}
	}
	for len(chosen) < 256 && len(rest) > 0 {
		best := 0
		for i, u := range rest {
			if u.n*dist[i] > rest[best].n*dist[best] {
				best = i
			}
		}
		c := rest[best]
		chosen = append(chosen, c)
		rest[best], dist[best] = rest[len(rest)-1], dist[len(rest)-1]
		rest, dist = rest[:len(rest)-1], dist[:len(dist)-1]
		for i, u := range rest {
			dist[i] = min(dist[i], distance(u.k, c.k))
		}
	}
	var out []byte
	for _, u := range chosen {
		out = append(out, byte(u.k), byte(u.k>>8), byte(u.k>>16))
	}
	return out
}

// mostUsed is how many of the palette's colours are simply the most used.
const mostUsed = 160

func distance(a, b uint32) int {
	d := 0
	for sh := 0; sh < 24; sh += 8 {
		v := int(a>>sh&0xff) - int(b>>sh&0xff)
		d += v * v
	}
	return d
}

// TestPaletteIsTheSpecimens: palette.bin is the specimen's palette (run
// with -update-palette after changing what a picture draws, and look at
// the goldens), and on every specimen page almost every pixel keeps its
// colour: the fixed palette moves anti-aliasing steps, a few levels.
func TestPaletteIsTheSpecimens(t *testing.T) {
	pages := specimen(t)
	want := choosePalette(pages)
	if *updatePalette {
		if err := os.WriteFile("palette.bin", want, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Log("palette.bin rewritten: rebuild and run the tests again")
		return
	}
	got, err := os.ReadFile("palette.bin")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("palette.bin is not the specimen's palette: run go test ./picture -run Palette -update-palette, then look at the goldens")
	}
	for name, img := range pages {
		p := picture.Paletted(img)
		n := img.Rect.Dx() * img.Rect.Dy()
		moved, far := 0, 0
		w := img.Rect.Dx()
		for i := range n {
			r, g, b, _ := p.Palette[p.Pix[i/w*p.Stride+i%w]].RGBA()
			d := max(absDiff(r>>8, img.Pix[4*i]), absDiff(g>>8, img.Pix[4*i+1]), absDiff(b>>8, img.Pix[4*i+2]))
			if d > 0 {
				moved++
			}
			if d > 24 {
				far++
			}
		}
		t.Logf("%s: %.2f %% of pixels moved, %.3f %% by more than 24 levels", name, 100*float64(moved)/float64(n), 100*float64(far)/float64(n))
		// The per-picture palette this replaced moved 0.4–2.2 % of a
		// specimen page's pixels and 0.02–0.75 % by more than 24 levels.
		if moved*100 > 6*n || far*1000 > 2*n {
			t.Errorf("%s: %d of %d pixels changed colour, %d by more than 24 levels", name, moved, n, far)
		}
	}
}

func absDiff(a uint32, b uint8) uint32 {
	if a > uint32(b) {
		return a - uint32(b)
	}
	return uint32(b) - a
}
