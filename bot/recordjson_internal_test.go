package bot

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"
	"time"
	"unsafe"

	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/record"
	"github.com/sushigo/sushigo/words"
)

// TestRecordJSONFields: a record with every stored field set, each to a
// value that is not its zero (so omitempty and omitzero keep it), encodes
// as encoding/json encodes it. A field added to the record, a seat, a
// reference, the outbox or a delivery without its line in appendRecord
// fails here.
func TestRecordJSONFields(t *testing.T) {
	defer func(c bool) { checkEncoded = c }(checkEncoded)
	checkEncoded = true // marshalRecord panics on a difference

	var st gameRecord
	fill(t, reflect.ValueOf(&st).Elem(), 0)
	st.Lang, st.Seats[0].Lang = words.Lang{}, words.Lang{}
	if _, err := marshalRecord(&st); err != nil {
		t.Fatal(err)
	}
	// A view without buttons, fields or a picture is written field by
	// field; one with them is handed to encoding/json.
	v := &st.Outbox[0].D.View
	v.Fields, v.Selects, v.Rows, v.Picture, v.Steps = nil, nil, nil, nil, nil
	if _, err := marshalRecord(&st); err != nil {
		t.Fatal(err)
	}
	// Every string the catalog or a person may write: escapes, emoji, a
	// broken byte, the separators JavaScript reads as line ends.
	for _, s := range []string{"", "plain", `q"uote\back`, "line\nbreak\ttab\r", "<b>&amp;</b>", "🍣 Nigiri — ça", "bad\xffbyte", "sep\u2028\u2029", "\x00\x1f\u007f"} {
		st.Notes = []string{s}
		st.Seats[0].Name = s
		v.Text = s
		if _, err := marshalRecord(&st); err != nil {
			t.Fatalf("%q: %v", s, err)
		}
	}
	// The zero record, and one with empty (not nil) slices and maps.
	var zero gameRecord
	if _, err := marshalRecord(&zero); err != nil {
		t.Fatal(err)
	}
	zero.Seats, zero.Notes, zero.RemindFor, zero.Outbox = []seat{{Taken: tally{}}}, []string{}, []string{}, []record.Queued{{D: protocol.Delivery{View: protocol.View{Mentions: []string{}, Chart: []byte{}}}}}
	if _, err := marshalRecord(&zero); err != nil {
		t.Fatal(err)
	}
}

// fill sets every exported field under v to a value that is not zero.
func fill(t *testing.T, v reflect.Value, depth int) {
	if depth > 6 {
		return
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString("x" + v.Type().Name())
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(2 + depth))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(3 + depth))
	case reflect.Float32, reflect.Float64:
		v.SetFloat(1.5)
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 1, 1)
		fill(t, s.Index(0), depth+1)
		v.Set(s)
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
		fill(t, k, depth+1)
		fill(t, e, depth+1)
		m.SetMapIndex(k, e)
		v.Set(m)
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		fill(t, p.Elem(), depth+1)
		v.Set(p)
	case reflect.Struct:
		if v.Type() == reflect.TypeOf(time.Time{}) {
			v.Set(reflect.ValueOf(time.Date(2026, 11, 28, 4, 5, 6, 7000, time.UTC)))
			return
		}
		for i := range v.NumField() {
			sf, f := v.Type().Field(i), v.Field(i)
			switch {
			case sf.IsExported():
				fill(t, f, depth+1)
			case sf.Anonymous && f.Kind() == reflect.Struct:
				// An embedded struct of an unexported type (thread,
				// reminder): its exported fields are stored as the
				// record's own.
				fill(t, reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem(), depth+1)
			}
		}
	}
}

// BenchmarkRecordJSON encodes a stored game's record (three seats and a
// five-delivery outbox, widened to eight seats) by hand and by
// encoding/json.
func BenchmarkRecordJSON(b *testing.B) {
	data, err := os.ReadFile("testdata/stored/outbox-v2.json")
	if err != nil {
		b.Fatal(err)
	}
	st, err := decodeState(data)
	if err != nil {
		b.Fatal(err)
	}
	for len(st.Seats) < 8 {
		st.Seats = append(st.Seats, st.Seats[len(st.Seats)%3])
	}
	defer func(c bool) { checkEncoded = c }(checkEncoded)
	checkEncoded = false
	b.Run("hand", func(b *testing.B) {
		for b.Loop() {
			if _, err := marshalRecord(st); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		for b.Loop() {
			if _, err := json.Marshal(st); err != nil {
				b.Fatal(err)
			}
		}
	})
}
