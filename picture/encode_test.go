package picture

import (
	"bytes"
	"hash/adler32"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/sushigo/sushigo/deflate"
	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/words"
)

// TestEncodeDecodes encodes pages of every shape our deflate meets —
// the goldens' pages, noise, one colour, runs longer than a match, rows
// repeated, a page one pixel wide or high — and reads each back with
// image/png, which checks the checksums: every pixel and the palette must
// come back.
func TestEncodeDecodes(t *testing.T) {
	pal := color.Palette{}
	for i := range 256 {
		pal = append(pal, color.RGBA{uint8(i), uint8(255 - i), uint8(i * 7), 0xff})
	}
	rng := rand.New(rand.NewPCG(5, 6))
	page := func(w, h int, px func(x, y int) uint8) *image.Paletted {
		img := image.NewPaletted(image.Rect(0, 0, w, h), pal)
		for y := range h {
			for x := range w {
				img.Pix[y*img.Stride+x] = px(x, y)
			}
		}
		return img
	}
	cases := map[string]*image.Paletted{
		"noise":       page(301, 97, func(int, int) uint8 { return uint8(rng.IntN(256)) }),
		"few colours": page(640, 80, func(int, int) uint8 { return uint8(rng.IntN(3)) }),
		"one colour":  page(800, 600, func(int, int) uint8 { return 7 }),
		"stripes":     page(800, 300, func(x, y int) uint8 { return uint8(x / 300) }),
		"rows":        page(700, 400, func(x, y int) uint8 { return uint8((x*31)%256 + y/50) }),
		"one wide":    page(1, 500, func(_, y int) uint8 { return uint8(y % 5) }),
		"one high":    page(1000, 1, func(x, _ int) uint8 { return uint8(x / 10) }),
		"one pixel":   page(1, 1, func(int, int) uint8 { return 200 }),
		"widest":      page(deflate.MaxDistance-1, 2, func(x, y int) uint8 { return uint8(x / 1000 * (y + 1)) }),
	}
	goldens, _ := filepath.Glob("testdata/*.png")
	for _, name := range goldens {
		f, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(f))
		if err != nil {
			t.Fatal(err)
		}
		if p, ok := img.(*image.Paletted); ok {
			cases[filepath.Base(name)] = p
		}
	}
	if len(cases) < 12 {
		t.Fatalf("only %d pages: the goldens were not read", len(cases))
	}
	for name, img := range cases {
		t.Run(name, func(t *testing.T) {
			enc := encodePNG(img)
			back, err := png.Decode(bytes.NewReader(enc))
			if err != nil {
				t.Fatal(err)
			}
			got, ok := back.(*image.Paletted)
			if !ok || got.Rect != img.Rect || len(got.Palette) != len(img.Palette) {
				t.Fatalf("read back as %T %v", back, back.Bounds())
			}
			for i := range img.Palette {
				if r1, g1, b1, _ := img.Palette[i].RGBA(); true {
					r2, g2, b2, _ := got.Palette[i].RGBA()
					if r1>>8 != r2>>8 || g1>>8 != g2>>8 || b1>>8 != b2>>8 {
						t.Fatalf("palette %d: %v, want %v", i, got.Palette[i], img.Palette[i])
					}
				}
			}
			for y := range img.Rect.Dy() {
				a := img.Pix[y*img.Stride : y*img.Stride+img.Rect.Dx()]
				b := got.Pix[y*got.Stride : y*got.Stride+got.Rect.Dx()]
				if !bytes.Equal(a, b) {
					t.Fatalf("row %d differs", y)
				}
			}
			var std bytes.Buffer
			if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&std, img); err != nil {
				t.Fatal(err)
			}
			t.Logf("%d bytes, image/png at its fastest %d", len(enc), std.Len())
		})
	}
}

// encodePNG is encodeRows for any paletted image: its rows laid out as
// PNG rows first.
func encodePNG(img *image.Paletted) []byte {
	return encodeRows(pngRows(img), img.Rect.Dx(), img.Rect.Dy(), img.Palette)
}

// pngRows is img laid out as PNG rows: each row's filter byte (0) and its
// pixels' indexes.
func pngRows(img *image.Paletted) []byte {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	raw := make([]byte, 0, (w+1)*h)
	for y := range h {
		raw = append(raw, 0)
		raw = append(raw, img.Pix[y*img.Stride:y*img.Stride+w]...)
	}
	return raw
}

// readPaletted is the picture testdata/name.png.
func readPaletted(tb testing.TB, name string) *image.Paletted {
	tb.Helper()
	f, err := os.ReadFile("testdata/" + name + ".png")
	if err != nil {
		tb.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(f))
	if err != nil {
		tb.Fatal(err)
	}
	return img.(*image.Paletted)
}

// TestRowsAdler32OfPalettedPages: the rows paletted lays out, summed by
// rowsAdler32 as encode sums them, have hash/adler32's checksum, on a
// table, noise, one colour, and pages one pixel wide or high.
func TestRowsAdler32OfPalettedPages(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	noise := func(w, h int) *image.RGBA {
		img := image.NewRGBA(image.Rect(0, 0, w, h))
		for i := range img.Pix {
			img.Pix[i] = uint8(rng.IntN(4) * 85) // short runs and long ones
		}
		return img
	}
	flat := image.NewRGBA(image.Rect(0, 0, 700, 300))
	for i := range flat.Pix {
		flat.Pix[i] = 0xee
	}
	table := fiveAtTurnFive(t, fullColour).s.rgba()
	for name, img := range map[string]*image.RGBA{
		"table": table, "noise": noise(300, 200), "one colour": flat,
		"one pixel wide": noise(1, 50), "one pixel high": noise(50, 1), "one pixel": noise(1, 1),
	} {
		_, raw := paletted(img)
		if got, want := rowsAdler32(raw, img.Rect.Dx()+1), adler32.Checksum(raw); got != want {
			t.Errorf("%s: counted %08x; the rows' Adler-32 is %08x", name, got, want)
		}
		indexes.put(raw)
	}
}

// TestTooWideForTheWindow: a row longer than deflate's window cannot be
// repeated from above, so such a page goes through image/png; it reads
// back whole.
func TestTooWideForTheWindow(t *testing.T) {
	p := newIndexedPage(deflate.MaxDistance, 2)
	p.paint(p.bounds(), white)
	p.paint(image.Rect(7, 1, 8, 2), ink) // one pixel of another colour, on the second row
	c := &canvas{s: p}
	out, err := c.png()
	if err != nil {
		t.Fatal(err)
	}
	back, err := png.Decode(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if back.Bounds() != p.bounds() {
		t.Fatalf("read back %v", back.Bounds())
	}
	if r, _, _, _ := back.At(7, 1).RGBA(); r>>8 > 0x40 {
		t.Errorf("the odd pixel came back as %v", back.At(7, 1))
	}
	if r, _, _, _ := back.At(8, 1).RGBA(); r>>8 < 0xf0 {
		t.Errorf("a white pixel came back as %v", back.At(8, 1))
	}
}

func BenchmarkEncode(b *testing.B) {
	for _, name := range []string{"table-classic-5p", "table-party-8p"} {
		b.Run(name, func(b *testing.B) {
			p := readPaletted(b, name)
			b.Run("ours", func(b *testing.B) {
				var n int
				for b.Loop() {
					n = len(encodePNG(p))
				}
				b.ReportMetric(float64(n), "bytes")
			})
			b.Run("image-png", func(b *testing.B) {
				var n int
				for b.Loop() {
					var out bytes.Buffer
					_ = (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&out, p)
					n = out.Len()
				}
				b.ReportMetric(float64(n), "bytes")
			})
		})
	}
}

// TestRowsAdler32: the checksum counted a row and a run at a time is
// hash/adler32's, on an indexed table's rows, noise in rows, one long row
// of one byte, rows of zeros, and nothing.
func TestRowsAdler32(t *testing.T) {
	c := fiveAtTurnFive(t, indexed)
	defer c.release()
	rng := rand.New(rand.NewPCG(3, 4))
	noise := make([]byte, 100_000)
	for i := range noise {
		noise[i] = uint8(rng.IntN(3)) * 255
	}
	every := make([]byte, 100_003) // every byte value, at every offset of an eight-byte step
	for i := range every {
		every[i] = uint8(rng.IntN(256))
	}
	one := make([]byte, 5<<20)
	for i := range one {
		one[i] = 0xff
	}
	page := c.s.(*indexedPage)
	for _, p := range []struct {
		name   string
		raw    []byte
		stride int
	}{
		{"table", page.raw, page.w + 1}, {"noise", noise, 301}, {"noise, one row", noise, len(noise)},
		{"every byte", every, 297}, {"every byte, one row", every, len(every)},
		{"one long row", one, len(one)}, {"rows of zeros", make([]byte, 3<<20), 801}, {"nothing", nil, 5},
	} {
		if got, want := rowsAdler32(p.raw, p.stride), adler32.Checksum(p.raw); got != want {
			t.Errorf("%s: counted %08x; hash/adler32 says %08x", p.name, got, want)
		}
	}
}

// BenchmarkRowsAdler32 counts the checksum of the Party table of eight,
// whose card faces and names are most of its rows.
func BenchmarkRowsAdler32(b *testing.B) {
	p := readPaletted(b, "table-party-8p")
	w, raw := p.Rect.Dx(), pngRows(p)
	b.SetBytes(int64(len(raw)))
	for b.Loop() {
		rowsAdler32(raw, w+1)
	}
}

// fiveAtTurnFive is a classic table of five at the fifth turn, painted at d.
func fiveAtTurnFive(t testing.TB, d depth) *canvas {
	t.Helper()
	g, err := engine.New(engine.Settings{Players: 5}, 9)
	if err != nil {
		t.Fatal(err)
	}
	for g.Turn() < 5 {
		playOne(t, g)
	}
	c, err := table(d, words.English, g.PublicView(), []string{"Ann", "Bob", "Cleo", "Dmitri", "Esperanza"})
	if err != nil {
		t.Fatal(err)
	}
	return c
}
