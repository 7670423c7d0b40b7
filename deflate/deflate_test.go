package deflate_test

import (
	"bytes"
	"compress/flate"
	"io"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/sushigo/sushigo/deflate"
)

func inflate(t testing.TB, packed []byte) []byte {
	t.Helper()
	out, err := io.ReadAll(flate.NewReader(bytes.NewReader(packed)))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// samples are the inputs both writers must round-trip: empty, a byte,
// noise (no matches), runs longer than a match, text that repeats, a
// repeat just beyond the window (must not be used), every match length.
func samples() map[string][]byte {
	rng := rand.New(rand.NewPCG(1, 2))
	noise := make([]byte, 70000)
	for i := range noise {
		noise[i] = byte(rng.IntN(256))
	}
	far := append(bytes.Clone(noise[:40000]), noise[:100]...)
	var lengths []byte
	for l := range 300 {
		lengths = append(lengths, bytes.Repeat([]byte{byte(l)}, l)...)
		lengths = append(lengths, noise[l:l+l%7]...)
	}
	// A page of 801-byte rows (a filter byte and 800 pixels) of flat
	// segments, each row new or the one above again: runs that go on
	// past a row's end into a row that repeats.
	var page []byte
	for y := range 400 {
		if y > 0 && rng.IntN(3) > 0 {
			page = append(page, page[len(page)-801:]...)
			continue
		}
		page = append(page, 0)
		for x := 0; x < 800; {
			l := min(1+rng.IntN(300), 800-x)
			page = append(page, bytes.Repeat([]byte{byte(rng.IntN(3))}, l)...)
			x += l
		}
	}
	record, _ := os.ReadFile("../bot/testdata/stored/pictures-v1-outbox.json")
	return map[string][]byte{
		"empty":   nil,
		"byte":    {42},
		"three":   {1, 1, 1},
		"noise":   noise,
		"runs":    bytes.Repeat([]byte{7}, 100000),
		"text":    bytes.Repeat([]byte(`{"seats":[{"name":"Ann","took":{"maki":3}}],"n":1}`), 300),
		"far":     far,
		"lengths": lengths,
		"record":  record,
		"page":    page,
	}
}

func TestAppendInflates(t *testing.T) {
	for name, data := range samples() {
		packed := deflate.Append([]byte("prefix"), data)
		if string(packed[:6]) != "prefix" {
			t.Fatalf("%s: the bytes before were not kept", name)
		}
		if got := inflate(t, packed[6:]); !bytes.Equal(got, data) {
			t.Fatalf("%s: inflated %d bytes differ from the %d written", name, len(got), len(data))
		}
		t.Logf("%s: %d → %d bytes", name, len(data), len(packed)-6)
	}
	record := samples()["record"]
	if len(record) == 0 {
		t.Fatal("no record sample")
	}
	if n := len(deflate.Append(nil, record)); n > len(record)*6/10 {
		t.Errorf("a game record packs to %d of %d bytes: its repeats were not found", n, len(record))
	}
}

func TestAppendRowsInflates(t *testing.T) {
	for name, data := range samples() {
		for _, stride := range []int{1, 2, 3, 5, 800, 801, deflate.MaxDistance} {
			if got := inflate(t, deflate.AppendRows(nil, data, stride)); !bytes.Equal(got, data) {
				t.Fatalf("%s, rows of %d: inflated %d bytes differ from the %d written", name, stride, len(got), len(data))
			}
		}
	}
}

// TestAppendRowsOfNarrowRows: rows too short to be taken whole (a page a
// pixel wide: its filter byte and one index) leave a run to go on through
// them, as it did before rows were taken whole.
func TestAppendRowsOfNarrowRows(t *testing.T) {
	raw := bytes.Repeat([]byte{0, 0}, 50_000) // a page a pixel wide, all background
	for _, stride := range []int{1, 2} {
		if n := len(deflate.AppendRows(nil, raw, stride)); n > 1000 {
			t.Errorf("rows of %d: %d bytes of one colour packed to %d", stride, len(raw), n)
		}
	}
}

func BenchmarkAppend(b *testing.B) {
	for _, f := range []string{"outbox-v2.json", "pictures-v1-outbox.json"} {
		data, err := os.ReadFile("../bot/testdata/stored/" + f)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(f+"/ours", func(b *testing.B) {
			var n int
			buf := make([]byte, 0, len(data))
			for b.Loop() {
				n = len(deflate.Append(buf[:0], data))
			}
			b.ReportMetric(float64(n), "bytes")
		})
		b.Run(f+"/flate-fastest", func(b *testing.B) {
			var n int
			w, _ := flate.NewWriter(nil, flate.BestSpeed)
			for b.Loop() {
				var out bytes.Buffer
				w.Reset(&out)
				_, _ = w.Write(data)
				_ = w.Close()
				n = out.Len()
			}
			b.ReportMetric(float64(n), "bytes")
		})
	}
}
