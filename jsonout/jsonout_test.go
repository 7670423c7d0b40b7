package jsonout_test

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/sushigo/sushigo/jsonout"
)

// strs are strings json.Marshal quotes in every way it has: plain, escaped
// by a backslash, as \u00XX, HTML's three, the two line separators, bytes
// that are not UTF-8, and the cards' emoji.
var strs = []string{
	"", "a", "Maki roll ×3", `say "hi"`, `back\slash`, "line\nbreak", "tab\there", "cr\r", "\x00nul", "\x1f",
	"<b>&amp;</b>", "🍣 Nigiri 🥢", "Dvojitá wasabi — ½", "a\u2028b\u2029c", "bad \xff byte", "\xe2\x82", "ends in \\",
	strings.Repeat("é", 40),
}

func marshal(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestAppendStringIsJSON: a string is quoted byte for byte as
// encoding/json quotes it, after what the buffer held.
func TestAppendStringIsJSON(t *testing.T) {
	for _, s := range strs {
		got := string(jsonout.AppendString([]byte("x"), s))
		if want := "x" + marshal(t, s); got != want {
			t.Errorf("AppendString(%q) = %s, want %s", s, got, want)
		}
	}
	// Each byte that needs quoting, at every place of an eight-byte step.
	for _, c := range []string{`"`, `\`, "<", ">", "&", "\x00", "\x1f", "\n", "\x7f", "é", "\u2028", "\xff"} {
		for at := range 18 {
			s := strings.Repeat("a", at) + c + strings.Repeat("b", 17-at)
			if got, want := string(jsonout.AppendString(nil, s)), marshal(t, s); got != want {
				t.Errorf("AppendString(%q) = %s, want %s", s, got, want)
			}
		}
	}
	for _, v := range [][]string{nil, {}, strs} {
		if got, want := string(jsonout.AppendStrings(nil, v)), marshal(t, v); got != want {
			t.Errorf("AppendStrings(%q) = %s, want %s", v, got, want)
		}
	}
}

func FuzzAppendString(f *testing.F) {
	for _, s := range strs {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := string(jsonout.AppendString(nil, s)), marshal(t, s); got != want {
			t.Errorf("AppendString(%q) = %s, want %s", s, got, want)
		}
	})
}

// every has a member of each kind Object writes, with the tags that
// choose whether an empty one is written.
type every struct {
	S      string    `json:"s"`
	SO     string    `json:"so,omitempty"`
	I      int       `json:"i"`
	IO     int       `json:"io,omitempty"`
	U      uint64    `json:"u"`
	UO     uint64    `json:"uo,omitempty"`
	B      bool      `json:"b"`
	BO     bool      `json:"bo,omitempty"`
	T      time.Time `json:"t"`
	TO     time.Time `json:"to,omitzero"`
	Y      []byte    `json:"y"`
	YO     []byte    `json:"yo,omitempty"`
	L      []string  `json:"l"`
	LO     []string  `json:"lo,omitempty"`
	N      []int     `json:"n"`
	Nested *every    `json:"x,omitempty"`
	R      any       `json:"r"`
}

func (e *every) write(o *jsonout.Object) {
	o.Open()
	o.Str("s", e.S)
	o.StrOmit("so", e.SO)
	o.Int("i", int64(e.I))
	o.IntOmit("io", int64(e.IO))
	o.Uint("u", e.U)
	o.UintOmit("uo", e.UO)
	o.Bool("b", e.B)
	o.TrueOnly("bo", e.BO)
	o.Time("t", e.T)
	o.TimeOmit("to", e.TO)
	o.Bytes("y", e.Y)
	o.BytesOmit("yo", e.YO)
	o.Strings("l", e.L)
	o.StringsOmit("lo", e.LO)
	o.Ints("n", e.N)
	if e.Nested != nil {
		o.Key("x")
		e.Nested.write(o)
	}
	o.Reflected("r", e.R)
	o.Close()
}

func randomEvery(r *rand.Rand, depth int) *every {
	pick := func() string { return strs[r.IntN(len(strs))] }
	num := func() int { return []int{0, 1, -7, 1 << 40}[r.IntN(4)] }
	at := func() time.Time {
		return []time.Time{{}, time.Date(2026, 11, 28, 21, 0, 0, 123456789, time.UTC),
			time.Date(2026, 1, 2, 3, 4, 5, 0, time.FixedZone("", 3600))}[r.IntN(3)]
	}
	bytes := func() []byte { return [][]byte{nil, {}, {0, 1, 2, 250}}[r.IntN(3)] }
	list := func() []string { return [][]string{nil, {}, {pick()}, {pick(), pick()}}[r.IntN(4)] }
	e := &every{S: pick(), SO: pick(), I: num(), IO: num(), U: uint64(r.IntN(3)), UO: uint64(r.IntN(2)),
		B: r.IntN(2) == 0, BO: r.IntN(2) == 0, T: at(), TO: at(), Y: bytes(), YO: bytes(), L: list(), LO: list(),
		N: [][]int{nil, {}, {num(), num()}}[r.IntN(3)], R: []any{nil, 3, "x", map[string]int{"b": 1, "a": 2}}[r.IntN(4)]}
	if depth > 0 && r.IntN(2) == 0 {
		e.Nested = randomEvery(r, depth-1)
	}
	return e
}

// TestObjectIsJSON: an object written member by member is the bytes
// json.Marshal writes for the same struct, across a thousand mixes of
// empty, zero and filled members, nested.
func TestObjectIsJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 1000 {
		e := randomEvery(r, 2)
		var o jsonout.Object
		e.write(&o)
		if o.Err != nil {
			t.Fatal(o.Err)
		}
		if got, want := string(o.B), marshal(t, e); got != want {
			t.Fatalf("wrote\n%s\nwant\n%s", got, want)
		}
	}
}

// TestObjectErr: a time encoding/json refuses is reported, as it would be.
func TestObjectErr(t *testing.T) {
	bad := time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)
	if _, err := json.Marshal(bad); err == nil {
		t.Fatal("encoding/json took a year past 9999")
	}
	var o jsonout.Object
	o.Open()
	o.Time("t", bad)
	o.Close()
	if o.Err == nil {
		t.Errorf("wrote %s without an error", o.B)
	}
}

// BenchmarkAppendString quotes a view's usual text: words, a card's emoji,
// a line break.
func BenchmarkAppendString(b *testing.B) {
	s := "**Round 2, turn 5.** Ann played 🍣 Salmon Nigiri on 🟩 Wasabi; Bob and Cat picked.\nYour hand: Tempura, Sashimi"
	buf := make([]byte, 0, 256)
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		buf = jsonout.AppendString(buf[:0], s)
	}
}
