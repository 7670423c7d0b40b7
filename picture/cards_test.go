package picture

import (
	"encoding/xml"
	"fmt"
	"testing"

	"github.com/sushigo/sushigo/engine"
)

// TestCardSprite: the web table's sprite is well-formed SVG with one
// symbol a card, each on its kind's colour with a picture on it.
func TestCardSprite(t *testing.T) {
	var sprite struct {
		Symbols []struct {
			ID    string `xml:"id,attr"`
			Rects []struct {
				Fill string `xml:"fill,attr"`
			} `xml:"rect"`
			Shapes int    `xml:"-"`
			Inner  string `xml:",innerxml"`
		} `xml:"symbol"`
	}
	if err := xml.Unmarshal(CardSprite(), &sprite); err != nil {
		t.Fatal(err)
	}
	if want := int(engine.NumCards) - 2; len(sprite.Symbols) != want {
		t.Fatalf("%d symbols, want %d", len(sprite.Symbols), want)
	}
	for _, s := range sprite.Symbols {
		var c engine.Card
		if _, err := fmt.Sscanf(s.ID, "c%d", &c); err != nil || !c.Valid() {
			t.Fatalf("symbol %q names no card", s.ID)
		}
		if len(s.Rects) == 0 || s.Rects[0].Fill != hex(colourOf(c.Kind())) {
			t.Errorf("%s (%s) is not on its kind's colour %s", s.ID, c, hex(colourOf(c.Kind())))
		}
		if len(s.Inner) < 120 {
			t.Errorf("%s (%s) has no picture: %s", s.ID, c, s.Inner)
		}
	}
}
