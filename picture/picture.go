// Package picture draws public views of a game as PNG images, with alt
// text saying the same: the table, a round's scores and the end of the
// game. Its input is the engine's PublicView, which holds no
// card of any hand or of the draw pile, so no private card can reach an
// image. Drawing uses only our own shapes and the Go fonts; the same view
// gives the same bytes.
package picture

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"github.com/sushigo/sushigo/deflate"
	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/words"
)

// Palette of the page.
var (
	paper = color.RGBA{0xfb, 0xf7, 0xef, 0xff}
	ink   = color.RGBA{0x22, 0x22, 0x22, 0xff}
	faint = color.RGBA{0x8a, 0x84, 0x7a, 0xff}
	rule  = color.RGBA{0xe2, 0xdb, 0xcf, 0xff}
	white = color.RGBA{0xff, 0xff, 0xff, 0xff}
	back  = color.RGBA{0x5b, 0x3a, 0x29, 0xff} // a face-down card's back
)

// kindColour is each card type's background colour, from the rulebook art
// (docs/rules.md, "Card colours").
var kindColour = [...]color.RGBA{
	engine.KindNigiri:           rgb(0xF9C324),
	engine.KindWasabi:           rgb(0x7A8B1D), // the art shares nigiri's yellow; olive tells them apart
	engine.KindMaki:             rgb(0xD31F2E),
	engine.KindTemaki:           rgb(0x75135F),
	engine.KindUramaki:          rgb(0xFFF01C), // lemon, not the art's yellow-green: told from sashimi
	engine.KindTempura:          rgb(0xC188C9),
	engine.KindSashimi:          rgb(0xBCDE25),
	engine.KindDumpling:         rgb(0x6F93D2),
	engine.KindEel:              rgb(0x373190),
	engine.KindTofu:             rgb(0x67AB2E),
	engine.KindOnigiri:          rgb(0xD51B96),
	engine.KindEdamame:          rgb(0x97299B), // lighter than the art, told from temaki
	engine.KindMisoSoup:         rgb(0x30837A),
	engine.KindChopsticks:       rgb(0xA3DFC7),
	engine.KindSoySauce:         rgb(0xEE8941),
	engine.KindTea:              rgb(0x97181F),
	engine.KindMenu:             rgb(0xEEE567),
	engine.KindSpoon:            rgb(0x4A4C4D),
	engine.KindSpecialOrder:     rgb(0xB0B0B0), // rainbow: drawn striped
	engine.KindTakeoutBox:       rgb(0xC3976D),
	engine.KindPudding:          rgb(0xF7A2B2),
	engine.KindGreenTeaIceCream: rgb(0x4FA2B4),
	engine.KindFruit:            rgb(0xF0666C),
}

func rgb(v uint32) color.RGBA {
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
}

// Colour is card type k's colour as #rrggbb: the rulebook art's, for
// front ends that colour cards too.
func Colour(k engine.Kind) string {
	if int(k) < len(kindHex) {
		return kindHex[k]
	}
	return hex(colourOf(k))
}

// kindHex is each kind's Colour, written once: every card button of every
// hand view names its colour.
var kindHex = func() (out [64]string) {
	for k := range out {
		out[k] = hex(colourOf(engine.Kind(k)))
	}
	return out
}()

// hex is c as #rrggbb.
func hex(c color.RGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// colourOf is k's colour, grey for a kind without one.
func colourOf(k engine.Kind) color.RGBA {
	if int(k) < len(kindColour) && kindColour[k].A != 0 {
		return kindColour[k]
	}
	return faint
}

// dark reports whether text on c should be white.
func dark(c color.RGBA) bool {
	return int(c.R)*299+int(c.G)*587+int(c.B)*114 < 140_000
}

// sizes are the faces' sizes in pixels: names and numbers are bold.
// A phone shows the pictures about 390 px wide, under half size: the notes
// under the cards are the largest regular type, so they read there.
var sizes = map[string]float64{"title": 30, "name": 26, "body": 22, "card": 22, "small": 21, "note": 24}

// goFonts are the regular and bold Go fonts, parsed once: parsing is the
// slow part.
type goFonts struct{ regular, bold *opentype.Font }

var fonts = sync.OnceValues(func() (goFonts, error) {
	var f goFonts
	var err error
	if f.regular, err = opentype.Parse(goregular.TTF); err != nil {
		return f, fmt.Errorf("picture: font: %w", err)
	}
	if f.bold, err = opentype.Parse(gobold.TTF); err != nil {
		return f, fmt.Errorf("picture: font: %w", err)
	}
	return f, nil
})

// faceSet is one face per size. A face keeps glyph buffers of its own and
// must not draw for two pictures at once: each picture borrows a set.
type faceSet map[string]font.Face

var faceSets sync.Pool

// borrowFaces takes a face set from the pool, or makes one.
func borrowFaces() (faceSet, error) {
	if fs, ok := faceSets.Get().(faceSet); ok {
		return fs, nil
	}
	f, err := fonts()
	if err != nil {
		return nil, err
	}
	fs := faceSet{}
	for name, size := range sizes {
		ft := f.bold
		if name == "body" || name == "small" || name == "note" {
			ft = f.regular
		}
		face, err := opentype.NewFace(ft, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
		if err != nil {
			return nil, fmt.Errorf("picture: font: %w", err)
		}
		fs[name] = newGlyphCache(face)
	}
	return fs, nil
}

// canvas is an image being drawn.
type canvas struct {
	s     surface
	faces faceSet
	r     *vector.Rasterizer // borrowed at the first shape
	texts []drawn            // what text went where, for the legibility test
	lang  words.Lang
}

// drawn is one piece of text: its face, box and words.
type drawn struct {
	face       string
	x, y, w, h int // top left, width, height
	s          string
}

func newCanvas(d depth, lang words.Lang, w, h int) (*canvas, error) {
	fs, err := borrowFaces()
	if err != nil {
		return nil, err
	}
	c := &canvas{s: newSurface(d, w, h), faces: fs, lang: lang, texts: (*textLists.get())[:0]}
	c.s.paint(c.s.bounds(), paper)
	return c, nil
}

// opaque is col as RGBA: every colour we paint is opaque.
func opaque(col color.Color) color.RGBA {
	return color.RGBAModel.Convert(col).(color.RGBA)
}

// fill rasterises a path inside the box x, y, w, h only: a rasteriser the
// size of the whole image would cost the whole image for every shape.
func (c *canvas) fill(x, y, w, h float32, col color.Color, path func(r *vector.Rasterizer, ox, oy float32)) {
	x0, y0 := int(x)-1, int(y)-1
	x1, y1 := int(x+w)+2, int(y+h)+2
	if c.r == nil {
		c.r = rasterizers.get()
	}
	c.r.Reset(x1-x0, y1-y0)
	path(c.r, x-float32(x0), y-float32(y0))
	c.s.shape(c.r, image.Rect(x0, y0, x1, y1), opaque(col))
}

// store keeps one kind of a picture's scratch memory for the next
// picture. What a table threw away (the rasteriser's samples, grown
// shape by shape; the shapes' coverage mask; the list of texts drawn) was
// half of what drawing it allocated, beside the PNG it returns.
type store[T any] struct{ p sync.Pool }

func (s *store[T]) get() *T {
	if v, ok := s.p.Get().(*T); ok {
		return v
	}
	return new(T)
}

func (s *store[T]) put(v *T) { s.p.Put(v) }

var (
	rasterizers store[vector.Rasterizer]
	masks       store[[]uint8] // an indexed page's coverage mask's pixels
	textLists   store[[]drawn]
)

// rect fills a rectangle with rounded corners of radius rad.
func (c *canvas) rect(x, y, w, h, rad float32, col color.Color) {
	if w*h > 4096 && whole(x, y, w, h, rad) {
		c.bigRect(int(x), int(y), int(w), int(h), int(rad), col)
		return
	}
	c.fill(x, y, w, h, col, func(r *vector.Rasterizer, x, y float32) {
		k := rad * 0.4477 // control point offset for a quarter circle
		r.MoveTo(x+rad, y)
		r.LineTo(x+w-rad, y)
		r.CubeTo(x+w-k, y, x+w, y+k, x+w, y+rad)
		r.LineTo(x+w, y+h-rad)
		r.CubeTo(x+w, y+h-k, x+w-k, y+h, x+w-rad, y+h)
		r.LineTo(x+rad, y+h)
		r.CubeTo(x+k, y+h, x, y+h-k, x, y+h-rad)
		r.LineTo(x, y+rad)
		r.CubeTo(x, y+k, x+k, y, x+rad, y)
		r.ClosePath()
	})
}

// whole reports whether every value is a whole number of pixels.
func whole(vs ...float32) bool {
	for _, v := range vs {
		if v != float32(int(v)) {
			return false
		}
	}
	return true
}

// bigRect is rect for a large box on whole pixels: the straight parts are
// plain fills and only the corners are rasterised, since rasterising a
// panel costs its whole area (most of a table's drawing time before).
func (c *canvas) bigRect(x, y, w, h, rad int, col color.Color) {
	rc := opaque(col)
	c.s.paint(image.Rect(x+rad, y, x+w-rad, y+h), rc)
	c.s.paint(image.Rect(x, y+rad, x+rad, y+h-rad), rc)
	c.s.paint(image.Rect(x+w-rad, y+rad, x+w, y+h-rad), rc)
	if rad == 0 {
		return
	}
	r := float32(rad)
	for _, cn := range [][2]int{{x, y}, {x + w - rad, y}, {x, y + h - rad}, {x + w - rad, y + h - rad}} {
		// The disc is centred on the corner's inner point; the fill box
		// clips it to the quarter that rounds this corner (what spills
		// over lands on the straight parts, in the same colour).
		cx, cy := float32(x+rad), float32(y+rad)
		if cn[0] > x {
			cx = float32(x + w - rad)
		}
		if cn[1] > y {
			cy = float32(y + h - rad)
		}
		c.fill(float32(cn[0]), float32(cn[1]), r, r, col, func(rs *vector.Rasterizer, ox, oy float32) {
			disc(rs, cx-float32(cn[0])+ox, cy-float32(cn[1])+oy, r, r)
		})
	}
}

// disc adds an ellipse centred at cx, cy to r's path.
func disc(r *vector.Rasterizer, cx, cy, rx, ry float32) {
	kx, ky := rx*0.5523, ry*0.5523
	r.MoveTo(cx+rx, cy)
	r.CubeTo(cx+rx, cy+ky, cx+kx, cy+ry, cx, cy+ry)
	r.CubeTo(cx-kx, cy+ry, cx-rx, cy+ky, cx-rx, cy)
	r.CubeTo(cx-rx, cy-ky, cx-kx, cy-ry, cx, cy-ry)
	r.CubeTo(cx+kx, cy-ry, cx+rx, cy-ky, cx+rx, cy)
	r.ClosePath()
}

// ellipse fills an ellipse centred at cx, cy.
func (c *canvas) ellipse(cx, cy, rx, ry float32, col color.Color) {
	c.fill(cx-rx, cy-ry, 2*rx, 2*ry, col, func(r *vector.Rasterizer, x, y float32) {
		disc(r, x+rx, y+ry, rx, ry)
	})
}

// text draws s with its baseline at x, y and returns its width.
func (c *canvas) text(face string, x, y int, col color.Color, s string) int {
	f := c.faces[face]
	rc := opaque(col)
	// font.Drawer's DrawString, painting through the surface.
	dot, prev := fixed.P(x, y), rune(-1)
	for _, r := range s {
		if prev >= 0 {
			dot.X += f.Kern(prev, r)
		}
		dr, mask, mp, advance, _ := f.Glyph(dot, r)
		if !dr.Empty() {
			c.s.glyph(dr, mask, mp, rc)
		}
		dot.X += advance
		prev = r
	}
	w := (dot.X - fixed.I(x)).Ceil()
	m := f.Metrics()
	c.texts = append(c.texts, drawn{face, x, y - m.CapHeight.Ceil(), w, m.CapHeight.Ceil(), s})
	return w
}

// measure is s's width in face.
func (c *canvas) measure(face, s string) int { return font.MeasureString(c.faces[face], s).Ceil() }

// centred draws s centred on x.
func (c *canvas) centred(face string, x, y int, col color.Color, s string) {
	c.text(face, x-c.measure(face, s)/2, y, col, s)
}

// fit shortens s with "…" until it is at most w wide.
func (c *canvas) fit(face, s string, w int) string {
	if c.measure(face, s) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 1 && c.measure(face, string(r)+"…") > w {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}

// png encodes the page and gives its memory back for the next picture.
func (c *canvas) png() ([]byte, error) { return c.encode(false) }

// smallPNG is png for a picture drawn once and kept (a review's chart,
// sent inside a web page's frame): image/png's smallest, two thirds the
// size of our fast encoder's for a chart of sloping lines.
func (c *canvas) smallPNG() ([]byte, error) { return c.encode(true) }

func (c *canvas) encode(small bool) ([]byte, error) {
	defer c.release()
	var p *image.Paletted
	var raw []byte
	switch s := c.s.(type) {
	case *indexedPage:
		p, raw = s.paletted(), s.raw
	case *rgbaPage: // a specimen
		p, raw = paletted(s.img)
		defer indexes.put(raw)
	}
	if w := p.Rect.Dx(); !small && w+1 <= deflate.MaxDistance {
		return encodeRows(raw, w, p.Rect.Dy(), p.Palette), nil
	}
	level := png.BestCompression
	if !small {
		level = png.BestSpeed // a page too wide for our encoder's window
	}
	var b bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: level}).Encode(&b, p); err != nil {
		return nil, fmt.Errorf("picture: encode: %w", err)
	}
	return b.Bytes(), nil
}

// release gives the canvas's page and faces back for the next picture.
func (c *canvas) release() {
	if c.s != nil {
		c.s.release()
	}
	if c.faces != nil { // (a test's page drawn without text has none)
		faceSets.Put(c.faces)
	}
	if c.r != nil {
		rasterizers.put(c.r)
	}
	if c.texts != nil {
		texts := c.texts[:cap(c.texts)]
		clear(texts) // their strings go with the picture
		textLists.put(&texts)
	}
	c.s, c.faces, c.r, c.texts = nil, nil, nil, nil
}

// pageStore reuses page memory: a table is about 5 MB of pixels, and
// allocating that for every picture made the collector the slowest part
// of the worst renders.
type pageStore struct{ p sync.Pool }

var pages pageStore

func (s *pageStore) get(w, h int) *image.RGBA {
	if pix, ok := s.p.Get().(*[]uint8); ok && cap(*pix) >= 4*w*h {
		return &image.RGBA{Pix: (*pix)[:4*w*h], Stride: 4 * w, Rect: image.Rect(0, 0, w, h)}
	}
	return image.NewRGBA(image.Rect(0, 0, w, h))
}

func (s *pageStore) put(img *image.RGBA) {
	pix := img.Pix
	s.p.Put(&pix)
}

func hypot(x, y float32) float64 { return math.Hypot(float64(x), float64(y)) }
