package record

import (
	"bytes"
	"compress/flate"
	"fmt"
	"io"
	"sync"
)

// A game's record is stored compressed: packed, the byte recordPacked
// then the record's JSON as raw DEFLATE. A live game's JSON is 2–5 KB (its
// seats, notes, engine and outbox), its packed form a third of that, and
// thousands of live games share one Redis. A record stored before packing
// (version 1, JSON, starting with '{') reads as it is.
const recordPacked = 'Z'

var (
	packers   = sync.Pool{New: func() any { w, _ := flate.NewWriter(nil, flate.BestSpeed); return w }}
	unpackers sync.Pool // of io.ReadCloser that are flate.Resetters
)

// Pack compresses a record's JSON for storing.
func Pack(record []byte) []byte {
	var b bytes.Buffer
	b.Grow(len(record)/2 + 16)
	b.WriteByte(recordPacked)
	w := packers.Get().(*flate.Writer)
	w.Reset(&b)
	// Writes to a bytes.Buffer do not fail.
	_, _ = w.Write(record)
	_ = w.Close()
	packers.Put(w)
	return b.Bytes()
}

// Unpack returns a stored record's JSON: data itself when it is not packed.
func Unpack(data []byte) ([]byte, error) {
	if len(data) == 0 || data[0] != recordPacked {
		return data, nil
	}
	src := bytes.NewReader(data[1:])
	r, _ := unpackers.Get().(io.ReadCloser)
	if r == nil {
		r = flate.NewReader(src)
	} else if err := r.(flate.Resetter).Reset(src, nil); err != nil {
		return nil, fmt.Errorf("record: unpack game: %w", err)
	}
	out := bytes.NewBuffer(make([]byte, 0, 3*len(data)))
	_, err := out.ReadFrom(r)
	unpackers.Put(r)
	if err != nil {
		return nil, fmt.Errorf("record: unpack game: %w", err)
	}
	return out.Bytes(), nil
}
