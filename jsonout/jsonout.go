// Package jsonout writes JSON as encoding/json writes it, member by
// member, without reflection: for what a replica encodes at every click (a
// game's record, its send log, a page's frame), where encoding/json's
// walk over the types was a tenth of the CPU. Callers compare their output
// with json.Marshal's in tests; this package only writes.
package jsonout

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strconv"
	"time"
	"unicode/utf8"
)

// Object appends an object's members to B. Open and Close bracket an
// object; members between them are separated as they are written. The
// zero value writes into a nil slice; give B room to write in place.
type Object struct {
	B []byte
	// Err is the first value that cannot be encoded (a time outside the
	// years 0–9999), as encoding/json would report it.
	Err   error
	first bool
}

// Open begins an object (as a value: after Key, or at the start).
func (o *Object) Open() { o.B, o.first = append(o.B, '{'), true }

// Close ends the object.
func (o *Object) Close() { o.B, o.first = append(o.B, '}'), false }

// Key writes a member's name (a plain one: no escaping) and its colon.
func (o *Object) Key(k string) {
	if !o.first {
		o.B = append(o.B, ',')
	}
	o.first = false
	o.B = append(o.B, '"')
	o.B = append(o.B, k...)
	o.B = append(o.B, '"', ':')
}

// Str writes a string member.
func (o *Object) Str(k, v string) { o.Key(k); o.B = AppendString(o.B, v) }

// StrOmit writes a string member unless it is empty (omitempty, omitzero).
func (o *Object) StrOmit(k, v string) {
	if v != "" {
		o.Str(k, v)
	}
}

// Int writes an integer member.
func (o *Object) Int(k string, v int64) {
	o.Key(k)
	o.B = strconv.AppendInt(o.B, v, 10)
}

// IntOmit writes an integer member unless it is 0.
func (o *Object) IntOmit(k string, v int64) {
	if v != 0 {
		o.Int(k, v)
	}
}

// Uint writes an unsigned member.
func (o *Object) Uint(k string, v uint64) {
	o.Key(k)
	o.B = strconv.AppendUint(o.B, v, 10)
}

// UintOmit writes an unsigned member unless it is 0.
func (o *Object) UintOmit(k string, v uint64) {
	if v != 0 {
		o.Uint(k, v)
	}
}

// Bool writes a boolean member.
func (o *Object) Bool(k string, v bool) {
	o.Key(k)
	o.B = strconv.AppendBool(o.B, v)
}

// TrueOnly writes a boolean member when it is true (omitempty).
func (o *Object) TrueOnly(k string, v bool) {
	if v {
		o.Bool(k, v)
	}
}

// Time writes t as time.Time's MarshalJSON does.
func (o *Object) Time(k string, t time.Time) {
	o.Key(k)
	if y := t.Year(); y < 0 || y > 9999 {
		b, err := t.MarshalJSON() // its error, as encoding/json would give it
		if err != nil && o.Err == nil {
			o.Err = fmt.Errorf("jsonout: %s: %w", k, err)
		}
		o.B = append(o.B, b...)
		return
	}
	o.B = append(o.B, '"')
	o.B = t.AppendFormat(o.B, time.RFC3339Nano)
	o.B = append(o.B, '"')
}

// TimeOmit writes t unless it is the zero time (omitzero).
func (o *Object) TimeOmit(k string, t time.Time) {
	if !t.IsZero() {
		o.Time(k, t)
	}
}

// Bytes writes v as encoding/json writes a []byte: base64 in quotes, or
// null for a nil slice.
func (o *Object) Bytes(k string, v []byte) {
	o.Key(k)
	if v == nil {
		o.B = append(o.B, "null"...)
		return
	}
	o.B = append(o.B, '"')
	o.B = base64.StdEncoding.AppendEncode(o.B, v)
	o.B = append(o.B, '"')
}

// BytesOmit writes v unless it is empty (omitempty).
func (o *Object) BytesOmit(k string, v []byte) {
	if len(v) > 0 {
		o.Bytes(k, v)
	}
}

// List writes a member that is an array of n elements (Array).
func (o *Object) List(k string, n int, null bool, each func(i int)) {
	o.Key(k)
	o.Array(n, null, each)
}

// Array writes an array of n elements as a value (after Key, or as an
// element of another), each written by each(i) into B after the comma,
// or null for a nil slice (null).
func (o *Object) Array(n int, null bool, each func(i int)) {
	if null {
		o.B = append(o.B, "null"...)
		return
	}
	o.B = append(o.B, '[')
	for i := range n {
		if i > 0 {
			o.B = append(o.B, ',')
		}
		each(i)
	}
	o.B = append(o.B, ']')
}

// Strings writes a []string (null when nil).
func (o *Object) Strings(k string, v []string) {
	o.Key(k)
	o.B = AppendStrings(o.B, v)
}

// StringsOmit is a []string with omitempty: nothing when it is empty.
func (o *Object) StringsOmit(k string, v []string) {
	if len(v) > 0 {
		o.Strings(k, v)
	}
}

// Ints writes a []int (null when nil).
func (o *Object) Ints(k string, v []int) {
	o.List(k, len(v), v == nil, func(i int) { o.B = strconv.AppendInt(o.B, int64(v[i]), 10) })
}

// Reflected writes v as encoding/json does: for the parts written too
// rarely to be worth their own code.
func (o *Object) Reflected(k string, v any) {
	o.Key(k)
	b, err := json.Marshal(v)
	if err != nil && o.Err == nil {
		o.Err = fmt.Errorf("jsonout: %s: %w", k, err)
	}
	o.B = append(o.B, b...)
}

// AppendStrings appends v as json.Marshal writes a []string.
func AppendStrings(b []byte, v []string) []byte {
	if v == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, s := range v {
		if i > 0 {
			b = append(b, ',')
		}
		b = AppendString(b, s)
	}
	return append(b, ']')
}

// AppendString appends s quoted as encoding/json quotes it: with HTML's
// <, > and & escaped, and U+2028 and U+2029. The cards' emoji and a
// translation's letters are valid UTF-8 and copied as they are; a string
// with anything rarer is quoted by encoding/json itself.
func AppendString(b []byte, s string) []byte {
	mark := len(b)
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if i+8 <= len(s) && plain8(s[i:]) {
			i += 8
			continue
		}
		c := s[i]
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 || r == '\u2028' || r == '\u2029' {
				return appendQuoted(b[:mark], s)
			}
			i += size
			continue
		}
		var esc string
		switch {
		case c == '"':
			esc = `\"`
		case c == '\\':
			esc = `\\`
		case c == '\n':
			esc = `\n`
		case c == '<':
			esc = `\u003c`
		case c == '>':
			esc = `\u003e`
		case c == '&':
			esc = `\u0026`
		case c < 0x20:
			return appendQuoted(b[:mark], s)
		default:
			i++
			continue
		}
		b = append(b, s[start:i]...)
		b = append(b, esc...)
		i++
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// plain8 reports whether s's first eight bytes are ASCII that JSON and
// HTML take as it is: no control byte, quote, backslash, <, > or &. Most
// of a view's text is, and eight bytes are told at once.
func plain8(s string) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	x := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
	// has(v) sets a byte's high bit where x's byte is v (for bytes
	// below 0x80, which is all that is left once the first test passes);
	// below(0x20) where it is a control byte.
	has := func(v uint64) uint64 { y := x ^ (v * ones); return (y - ones) &^ y }
	bad := x | (x - 0x20*ones) | has('"') | has('\\') | has('<') | has('>') | has('&')
	return bad&highs == 0
}

// appendQuoted appends s to b as json.Marshal quotes it.
func appendQuoted(b []byte, s string) []byte {
	q, _ := json.Marshal(s) // a string always encodes
	return append(b, q...)
}
