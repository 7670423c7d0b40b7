package protocol_test

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/sushigo/sushigo/jsonout"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// gen fills views, pages and references at random: each slice nil, empty
// or filled, each member zero or not, and the strings json.Marshal
// escapes.
type gen struct{ r *rand.Rand }

func (g gen) str() string {
	return []string{"", "Table", "🍣 Salmon Nigiri", `a "quote"`, "<b>&</b>", "line\nbreak", "\x01", "bad\xff", "a\u2028b"}[g.r.IntN(9)]
}
func (g gen) num() int      { return []int{0, 1, -1, 7, 300}[g.r.IntN(5)] }
func (g gen) n(max int) int { return g.r.IntN(max + 1) }
func (g gen) flip() bool    { return g.r.IntN(2) == 0 }

// some is how many elements a slice gets: -1 for nil.
func (g gen) some() int { return g.r.IntN(4) - 1 }

func (g gen) at() time.Time {
	return []time.Time{{}, time.Date(2026, 11, 28, 21, 30, 5, 120000000, time.UTC),
		time.Date(2025, 2, 3, 4, 5, 6, 0, time.FixedZone("", -5*3600))}[g.r.IntN(3)]
}

func (g gen) strs() []string {
	n := g.some()
	if n < 0 {
		return nil
	}
	out := make([]string, n)
	for i := range out {
		out[i] = g.str()
	}
	return out
}

func (g gen) ref() protocol.Ref {
	if g.flip() {
		return protocol.Ref{}
	}
	return protocol.Ref{ID: g.str(), Expires: g.at(), Max: g.num(), Uses: g.num(), Pic: g.str(), File: g.str(), PicAt: g.at()}
}

func (g gen) view() protocol.View {
	v := protocol.View{Title: g.str(), Text: g.str(), Tone: protocol.Tone(g.n(6)), Footer: g.str(), Mentions: g.strs(),
		Channel: g.str(), Screen: protocol.Screen(g.n(3)), Round: g.num(), Turn: g.num(), Due: g.at(),
		Lang: []words.Lang{{}, words.English}[g.r.IntN(2)]}
	if n := g.some(); n >= 0 {
		v.Fields = make([]protocol.Field, n)
		for i := range v.Fields {
			v.Fields[i] = protocol.Field{Name: g.str(), Value: g.str(), Inline: g.flip()}
		}
	}
	if n := g.some(); n >= 0 {
		v.Selects = make([]protocol.Select, n)
		for i := range v.Selects {
			s := protocol.Select{ActionID: g.str(), Placeholder: g.str(), Min: g.num(), Max: g.num(), Submit: g.str()}
			if m := g.some(); m >= 0 {
				s.Options = make([]protocol.Option, m)
				for j := range s.Options {
					s.Options[j] = protocol.Option{Label: g.str(), Value: g.str(), Emoji: g.str(), Description: g.str(), Selected: g.flip()}
				}
			}
			v.Selects[i] = s
		}
	}
	if n := g.some(); n >= 0 {
		v.Rows = make([][]protocol.Button, n)
		for i := range v.Rows {
			if m := g.some(); m >= 0 {
				v.Rows[i] = make([]protocol.Button, m)
				for j := range v.Rows[i] {
					v.Rows[i][j] = protocol.Button{Label: g.str(), Emoji: g.str(), ActionID: g.str(),
						Style: protocol.Style(g.n(3)), Disabled: g.flip(), Colour: g.str()}
				}
			}
		}
	}
	if g.flip() {
		v.Picture = &protocol.Picture{Of: protocol.PictureOf(g.n(4)), Round: g.num(), Key: g.str(), Alt: g.str(),
			Notes: g.strs(), PNG: []byte{1}, Keep: g.flip()}
	}
	if n := g.some(); n >= 0 {
		v.Steps = make([]protocol.Step, n)
		for i := range v.Steps {
			s := protocol.Step{Title: g.str(), Text: g.str(), Grade: g.str(), Names: g.strs(), Chosen: g.num(), Best: g.num()}
			if m := g.some(); m >= 0 {
				s.Hand = make([]int, m)
				for j := range s.Hand {
					s.Hand[j] = g.num()
				}
			}
			v.Steps[i] = s
		}
	}
	v.Chart = [][]byte{nil, {}, {0x89, 'P', 'N', 'G'}}[g.r.IntN(3)]
	return v
}

func (g gen) viewOrNil() *protocol.View {
	if g.flip() {
		return nil
	}
	v := g.view()
	return &v
}

func wantJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestViewJSONIsEncodingJSONs: a reference, a view and a page are written
// as json.Marshal writes them, in two thousand random shapes each.
func TestViewJSONIsEncodingJSONs(t *testing.T) {
	g := gen{rand.New(rand.NewPCG(7, 11))}
	for range 2000 {
		r := g.ref()
		var o jsonout.Object
		r.WriteJSON(&o)
		if got, want := string(o.B), wantJSON(t, r); got != want {
			t.Fatalf("ref %+v:\n got %s\nwant %s", r, got, want)
		}
		v := g.view()
		o = jsonout.Object{}
		v.WriteJSON(&o)
		if got, want := string(o.B), wantJSON(t, &v); got != want {
			t.Fatalf("view %+v:\n got %s\nwant %s", v, got, want)
		}
		p := protocol.Page{Game: g.str(), Version: uint64(g.n(2)) * 12345, Seat: g.num(), Table: g.view(),
			Reveal: g.viewOrNil(), Scores: g.viewOrNil(), Hand: g.viewOrNil(), Final: g.viewOrNil()}
		o = jsonout.Object{}
		p.WriteJSON(&o)
		if got, want := string(o.B), wantJSON(t, &p); got != want {
			t.Fatalf("page:\n got %s\nwant %s", got, want)
		}
	}
}

// TestViewJSONKnowsEveryField fails when a view, a page or a reference
// gains a field: its writer must write it too (then count it here).
func TestViewJSONKnowsEveryField(t *testing.T) {
	for _, c := range []struct {
		v    any
		want int
	}{
		{protocol.View{}, 17}, {protocol.Page{}, 8}, {protocol.Ref{}, 7}, {protocol.Field{}, 3},
		{protocol.Select{}, 6}, {protocol.Option{}, 5}, {protocol.Button{}, 6}, {protocol.Picture{}, 7}, {protocol.Step{}, 7},
	} {
		if n := reflect.TypeOf(c.v).NumField(); n != c.want {
			t.Errorf("%T has %d fields, its JSON writer knows %d", c.v, n, c.want)
		}
	}
}
