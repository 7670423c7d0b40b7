package picture_test

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/strategy"
	"github.com/sushigo/sushigo/picture"
	"github.com/sushigo/sushigo/words"
)

var update = flag.Bool("update", false, "rewrite the golden PNGs")

// advance plays heuristic choices until the game reaches round r, turn
// t with no decision pending (or is over).
func advance(t testing.TB, g *engine.Game, r, turn int) {
	t.Helper()
	n := g.Settings().Players
	ps := make([]strategy.Player, n)
	for i := range ps {
		ps[i] = strategy.NewHeuristic()
	}
	for !g.Over() && (g.Deciding() || g.Round() < r || (g.Round() == r && g.Turn() < turn)) {
		if g.Deciding() {
			d, _ := g.Decision()
			if err := g.Decide(d.Seat, strategy.Answer(ps[d.Seat], g.View(d.Seat))); err != nil {
				t.Fatal(err)
			}
			continue
		}
		for s := range n {
			if !g.Submitted(s) {
				if err := g.Submit(s, ps[s].Choose(g.View(s))); err != nil {
					t.Fatal(err)
				}
				break
			}
		}
	}
}

func newGame(t testing.TB, s engine.Settings, seed uint64) *engine.Game {
	t.Helper()
	g, err := engine.New(s, seed)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

var names8 = []string{"Ann", "Bob", "Cleo", "Dmitri", "Esperanza-Maria", "Fu", "Gus", "Hana"}

// golden compares png with testdata/name pixel by pixel, allowing a small
// difference per channel (font rasterising may differ by a step across
// versions); -update rewrites it.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	a, err1 := png.Decode(bytes.NewReader(got))
	b, err2 := png.Decode(bytes.NewReader(want))
	if err1 != nil || err2 != nil {
		t.Fatalf("decode: %v %v", err1, err2)
	}
	if a.Bounds() != b.Bounds() {
		t.Fatalf("%s: size %v, golden %v", name, a.Bounds(), b.Bounds())
	}
	off := 0
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			if !near(a, b, x, y) {
				off++
			}
		}
	}
	if off > a.Bounds().Dx()*a.Bounds().Dy()/1000 {
		t.Errorf("%s: %d pixels differ from the golden (run with -update after looking at it)", name, off)
	}
}

func near(a, b image.Image, x, y int) bool {
	r1, g1, b1, _ := a.At(x, y).RGBA()
	r2, g2, b2, _ := b.At(x, y).RGBA()
	d := func(p, q uint32) bool { return p>>8 < q>>8+8 && q>>8 < p>>8+8 }
	return d(r1, r2) && d(g1, g2) && d(b1, b2)
}

func TestTableGoldens(t *testing.T) {
	classic5 := newGame(t, engine.Settings{Players: 5}, 11)
	advance(t, classic5, 1, 7)
	dummy := newGame(t, engine.Settings{Players: 2, Dummy: true}, 12)
	advance(t, dummy, 2, 5)
	menu, err := engine.ParseMenu("master menu")
	if err != nil {
		t.Fatal(err)
	}
	party8 := newGame(t, engine.Settings{Players: 8, Ruleset: engine.Party, Menu: menu}, 13)
	advance(t, party8, 2, 5)
	for _, c := range []struct {
		name  string
		g     *engine.Game
		names []string
	}{
		{"table-classic-5p.png", classic5, names8[:5]},
		// The dummy has no name of its own: the picture calls it Dummy.
		{"table-classic-2p-dummy.png", dummy, names8[:2]},
		{"table-party-8p.png", party8, names8},
	} {
		t.Run(c.name, func(t *testing.T) {
			pv := c.g.PublicView()
			got, err := picture.Table(words.English, pv, c.names)
			if err != nil {
				t.Fatal(err)
			}
			again, _ := picture.Table(words.English, c.g.PublicView(), c.names)
			if !bytes.Equal(got, again) {
				t.Error("the same view drew different bytes")
			}
			if len(got) > 200<<10 {
				t.Errorf("%d bytes, budget 200 KB", len(got))
			}
			golden(t, c.name, got)
		})
	}
}

func BenchmarkTable8Seats(b *testing.B) {
	menu, _ := engine.ParseMenu("master menu")
	g := newGame(b, engine.Settings{Players: 8, Ruleset: engine.Party, Menu: menu}, 13)
	advance(b, g, 3, 7) // the last turn of round 3
	pv := g.PublicView()
	var size int
	var took []time.Duration
	b.ReportAllocs()
	for b.Loop() {
		start := time.Now()
		out, err := picture.Table(words.English, pv, names8)
		if err != nil {
			b.Fatal(err)
		}
		took = append(took, time.Since(start))
		size = len(out)
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)*99/100].Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(size)/1024, "KB")
}

func TestRoundScoresGoldens(t *testing.T) {
	classic := newGame(t, engine.Settings{Players: 5}, 11)
	advance(t, classic, 2, 1)
	menu, err := engine.ParseMenu("cutthroat combo")
	if err != nil {
		t.Fatal(err)
	}
	party := newGame(t, engine.Settings{Players: 8, Ruleset: engine.Party, Menu: menu}, 14)
	advance(t, party, 3, 1)
	for _, c := range []struct {
		name  string
		g     *engine.Game
		round int
	}{{"scores-classic-5p-round1.png", classic, 1}, {"scores-party-8p-round2.png", party, 2}} {
		t.Run(c.name, func(t *testing.T) {
			pv := c.g.PublicView()
			got, err := picture.RoundScores(words.English, pv, c.round, names8[:len(pv.Seats)])
			if err != nil {
				t.Fatal(err)
			}
			golden(t, c.name, got)
		})
	}
	if _, err := picture.RoundScores(words.English, classic.PublicView(), 2, names8); err == nil {
		t.Error("drew a round that is not scored yet")
	}
}

// everySpecial is a Party table built by hand, not played: all eight
// specials, face-down takeout cards, special orders (one copying a
// face-down card, one copying nothing yet), wasabi with and without a
// nigiri, every onigiri shape and fruit, and uramaki already scored. A
// menu holds only two specials; the picture draws what is on the table.
func everySpecial(t testing.TB) engine.PublicView {
	t.Helper()
	menu, err := engine.ParseMenu("uramaki, tofu, onigiri, edamame, takeout box, special order, fruit")
	if err != nil {
		t.Fatal(err)
	}
	up := func(cards ...engine.Card) []engine.Placed {
		out := make([]engine.Placed, len(cards))
		for i, c := range cards {
			out[i] = engine.Placed{Card: c}
		}
		return out
	}
	down := func(n int) []engine.Placed {
		out := make([]engine.Placed, n)
		for i := range out {
			out[i] = engine.Placed{Card: engine.Tofu, FaceDown: true}
		}
		return out
	}
	seats := []engine.SeatView{
		{Tableau: up(engine.Chopsticks, engine.Uramaki4, engine.Tofu, engine.Tofu), UramakiPoints: 8, UramakiIcons: 4,
			Desserts: []engine.Card{engine.GreenTeaIceCream}, Score: 23, Submitted: true},
		{Tableau: append(up(engine.Spoon, engine.Eel, engine.Eel, engine.Wasabi),
			engine.Placed{Card: engine.Wasabi, Paired: true}, engine.Placed{Card: engine.SquidNigiri, Paired: true}, engine.Placed{Card: engine.EggNigiri}),
			Score: 17, Deciding: true},
		{Tableau: up(engine.MenuCard, engine.OnigiriCircle, engine.OnigiriSquare, engine.OnigiriCircle, engine.OnigiriRectangle, engine.Edamame, engine.Edamame, engine.Edamame), Score: 31},
		{Tableau: append(up(engine.TakeoutBox, engine.SalmonNigiri), down(3)...), Score: 12, Submitted: true},
		{Tableau: up(engine.Tea, engine.SoySauce, engine.MisoSoup, engine.Temaki, engine.Temaki), Score: 9,
			Desserts: []engine.Card{engine.FruitOrange2, engine.FruitWatermelon2}},
		{Tableau: append(down(1), engine.Placed{Card: engine.SpecialOrder, Copy: engine.FaceDown},
			engine.Placed{Card: engine.SpecialOrder, Copy: engine.Uramaki3}, engine.Placed{Card: engine.Uramaki5}, engine.Placed{Card: engine.SpecialOrder}), Score: 14},
		{Tableau: up(engine.FruitWatermelonPineapple, engine.FruitOrange2, engine.FruitWatermelon2, engine.Dumpling, engine.Dumpling, engine.Tempura, engine.Tempura), Score: 20, Submitted: true},
		{Tableau: up(engine.Sashimi, engine.Sashimi, engine.Sashimi, engine.Chopsticks2), Score: 26,
			Desserts: []engine.Card{engine.FruitPineappleOrange}},
	}
	for i := range seats {
		seats[i].Seat = i
	}
	return engine.PublicView{
		Settings: engine.Settings{Players: 8, Ruleset: engine.Party, Menu: menu},
		Round:    3, Turn: 6, Seats: seats,
	}
}

func TestTableEverySpecial(t *testing.T) {
	pv := everySpecial(t)
	got, err := picture.Table(words.English, pv, names8)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "table-party-8p-every-special.png", got)
}

// TestHiddenCardsNeverChangeAPicture redraws the table and the scores
// after every card hidden from all players (hands, draw pile, pending
// picks) is reshuffled: the bytes must not move. The renderer takes a
// PublicView, which has no field for a hidden card; this checks that no
// hidden card reaches it through something derived either.
func TestHiddenCardsNeverChangeAPicture(t *testing.T) {
	menu, err := engine.ParseMenu("master menu")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		s        engine.Settings
		seed     uint64
		round, t int
	}{
		{engine.Settings{Players: 5}, 21, 2, 3},
		{engine.Settings{Players: 2, Dummy: true}, 22, 3, 2},
		{engine.Settings{Players: 8, Ruleset: engine.Party, Menu: menu}, 23, 2, 6},
		{engine.Settings{Players: 4, Ruleset: engine.Party, Menu: menu}, 24, 3, 4},
	} {
		g := newGame(t, c.s, c.seed)
		advance(t, g, c.round, c.t)
		// One seat has picked, so a pending pick is hidden too.
		if err := g.Submit(0, strategy.NewHeuristic().Choose(g.View(0))); err != nil {
			t.Fatal(err)
		}
		want := drawAll(t, g.PublicView())
		moved := 0
		deals := uint64(5)
		if raceBuild {
			deals = 2
		}
		for seed := range deals {
			h := newGame(t, c.s, c.seed)
			advance(t, h, c.round, c.t)
			if err := h.Submit(0, strategy.NewHeuristic().Choose(h.View(0))); err != nil {
				t.Fatal(err)
			}
			before := hands(h)
			h.Determinize(-1, 1000+seed)
			if !slices.Equal(before, hands(h)) {
				moved++
			}
			got := drawAll(t, h.PublicView())
			for i := range want {
				if !bytes.Equal(want[i], got[i]) {
					t.Errorf("%v seed %d: picture %d changed with hidden cards only", c.s, seed, i)
				}
			}
		}
		if moved == 0 {
			t.Errorf("%v: no reshuffle moved a hidden card; the test checked nothing", c.s)
		}
	}
}

// hands is every seat's hand, one after another.
func hands(g *engine.Game) []engine.Card {
	var out []engine.Card
	for s := range g.Seats() {
		out = append(out, g.PlayerView(s).Hand...)
	}
	return out
}

// drawAll draws the table and every scored round.
func drawAll(t *testing.T, pv engine.PublicView) [][]byte {
	t.Helper()
	out := [][]byte{}
	img, err := picture.Table(words.English, pv, names8[:len(pv.Seats)])
	if err != nil {
		t.Fatal(err)
	}
	out = append(out, img)
	for r := range pv.Scores {
		img, err := picture.RoundScores(words.English, pv, r+1, names8[:len(pv.Seats)])
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, img)
	}
	return out
}

func TestFinalGoldens(t *testing.T) {
	classic := newGame(t, engine.Settings{Players: 5}, 11)
	advance(t, classic, 4, 1)
	menu, err := engine.ParseMenu("my first meal")
	if err != nil {
		t.Fatal(err)
	}
	party := newGame(t, engine.Settings{Players: 8, Ruleset: engine.Party, Menu: menu}, 15)
	advance(t, party, 4, 1)
	ratings := []string{"1512 (+4)", "1490 (−18)", "", "1571 (+21)", "1450 (−6)"}
	for _, c := range []struct {
		name    string
		g       *engine.Game
		ratings []string
	}{{"final-classic-5p-rated.png", classic, ratings}, {"final-party-8p.png", party, nil}} {
		t.Run(c.name, func(t *testing.T) {
			pv := c.g.PublicView()
			if !pv.Over {
				t.Fatal("game not over")
			}
			got, err := picture.Final(words.English, pv, names8[:len(pv.Seats)], c.ratings)
			if err != nil {
				t.Fatal(err)
			}
			golden(t, c.name, got)
		})
	}
	g := newGame(t, engine.Settings{Players: 3}, 1)
	if _, err := picture.Final(words.English, g.PublicView(), nil, nil); err == nil {
		t.Error("drew the end of a game that has not ended")
	}
}

func TestAltTextSaysWhatThePictureShows(t *testing.T) {
	pv := everySpecial(t)
	alt := picture.TableAlt(words.English, pv, names8)
	for _, want := range []string{"round 3 of 3, turn 6", "Ann, 23 points: 1 chopsticks, 1 uramaki, 2 tofu", "3 face-down",
		"1 special order without a copy", "Hana, 26 points"} {
		if !strings.Contains(alt, want) {
			t.Errorf("table alt text lacks %q:\n%s", want, alt)
		}
	}
	g := newGame(t, engine.Settings{Players: 5}, 11)
	advance(t, g, 4, 1)
	fin := g.PublicView()
	if alt := picture.FinalAlt(words.English, fin, names8[:5]); !strings.Contains(alt, "1 Dmitri 30") || !strings.Contains(alt, "Dmitri wins!") {
		t.Errorf("final alt text: %s", alt)
	}
	if alt := picture.RoundScoresAlt(words.English, fin, 1, names8[:5]); !strings.Contains(alt, "round 1") || !strings.Contains(alt, "Dmitri 7") {
		t.Errorf("round alt text: %s", alt)
	}
}

// TestDrawsConcurrently: pictures are drawn by several senders at once;
// each gets the bytes a lone drawing gets (run with -race).
func TestDrawsConcurrently(t *testing.T) {
	pv := everySpecial(t)
	want, err := picture.Table(words.English, pv, names8)
	if err != nil {
		t.Fatal(err)
	}
	errs := make(chan error, 8)
	for range 8 {
		go func() {
			for range 3 {
				got, err := picture.Table(words.English, pv, names8)
				if err == nil && !bytes.Equal(got, want) {
					err = errors.New("a picture drawn beside others differs")
				}
				if err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// TestScratchReusedChangesNothing: a picture drawn with the scratch memory
// a larger picture left (the rasteriser's samples, the coverage mask, the
// texts' list) is the same, byte for byte, as one drawn before it.
func TestScratchReusedChangesNothing(t *testing.T) {
	small := newGame(t, engine.Settings{Players: 2}, 5)
	advance(t, small, 1, 3)
	draw := func() []byte {
		out, err := picture.Table(words.English, small.PublicView(), names8[:2])
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	before := draw()
	for range 3 {
		if _, err := picture.Table(words.English, everySpecial(t), names8); err != nil {
			t.Fatal(err)
		}
		if _, err := picture.Table(words.Languages()[len(words.Languages())-1], everySpecial(t), names8[:5]); err != nil {
			t.Fatal(err)
		}
		if after := draw(); !bytes.Equal(after, before) {
			t.Fatal("a table drawn after larger pictures differs from the same table drawn before them")
		}
	}
}

// TestTableShowsEachNigiri: a seat with two egg nigiri, a salmon on a
// wasabi, a squid and a wasabi still waiting shows each nigiri by its
// topping, the salmon on its wasabi ("Salmon ×3"), and the waiting wasabi.
func TestTableShowsEachNigiri(t *testing.T) {
	g := newGame(t, engine.Settings{Players: 2}, 21)
	if err := g.Place(0,
		engine.Placed{Card: engine.EggNigiri}, engine.Placed{Card: engine.Wasabi}, engine.Placed{Card: engine.SalmonNigiri},
		engine.Placed{Card: engine.EggNigiri}, engine.Placed{Card: engine.SquidNigiri}, engine.Placed{Card: engine.Wasabi}); err != nil {
		t.Fatal(err)
	}
	pv := g.PublicView()
	var got []string
	for _, p := range pv.Seats[0].Tableau {
		got = append(got, fmt.Sprintf("%s/%v", p.Card.Key(), p.Paired))
	}
	if strings.Join(got, " ") != "egg/false wasabi/true salmon/true egg/false squid/false wasabi/false" {
		t.Fatalf("the position is not the one drawn: %v", got)
	}
	png, err := picture.Table(words.English, pv, names8[:2])
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "table-nigiri-on-wasabi.png", png)
}
