package bot

import (
	"slices"
	"strconv"

	"github.com/sushigo/sushigo/jsonout"
)

// tally counts a seat's cards by their keys (boards.CardKey). It is
// stored as the JSON object encoding/json writes for the map, keys in
// order, but written here without reflection: the record is encoded at
// every click, with a tally a seat, and encoding/json's walk over a map
// was a third of encoding an eight-seat record.
type tally map[string]int

// MarshalJSON writes t as encoding/json writes a map[string]int.
func (t tally) MarshalJSON() ([]byte, error) {
	if t == nil {
		return []byte("null"), nil
	}
	return t.append(make([]byte, 0, 2+len(t)*16)), nil
}

// append appends t's JSON to b (the record's encoder writes it in place).
func (t tally) append(b []byte) []byte {
	var buf [24]string
	keys := buf[:0]
	for k := range t {
		keys = append(keys, k)
	}
	slices.Sort(keys) // encoding/json orders a map's keys by their bytes too
	b = append(b, '{')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonout.AppendString(b, k)
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(t[k]), 10)
	}
	return append(b, '}')
}
