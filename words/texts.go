package words

import "sort"

// texts are one language's words. A catalog is thousands of strings, read
// by every screen and scanned by the garbage collector on every cycle; a
// map of strings a language made that scan grow with each language. Here
// a language's words are one string, found through one key index that all
// languages share.
type texts struct {
	blob string
	// span[i] is where key i's text lies in blob; a missing text has
	// start > end.
	span []textSpan
}

type textSpan struct{ start, end uint32 }

var (
	// keyIndex numbers every key any language words.
	keyIndex = map[Key]uint16{}
	// keyNames are the keys by number.
	keyNames []Key
)

// newTexts stores m's words, numbering keys the index does not have yet.
func newTexts(m map[Key]string) texts {
	keys := make([]Key, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if _, ok := keyIndex[k]; !ok {
			keyIndex[k] = uint16(len(keyNames))
			keyNames = append(keyNames, k)
		}
	}
	size := 0
	for _, k := range keys {
		size += len(m[k])
	}
	blob := make([]byte, 0, size)
	span := make([]textSpan, len(keyNames))
	for i := range span {
		span[i] = textSpan{1, 0}
	}
	for _, k := range keys {
		start := len(blob)
		blob = append(blob, m[k]...)
		span[keyIndex[k]] = textSpan{uint32(start), uint32(len(blob))}
	}
	return texts{string(blob), span}
}

// get is key's words, if this language has them.
func (t *texts) get(key Key) (string, bool) {
	i, ok := keyIndex[key]
	if !ok || int(i) >= len(t.span) {
		return "", false
	}
	s := t.span[i]
	if s.start > s.end {
		return "", false
	}
	return t.blob[s.start:s.end], true
}

// each calls fn with every key this language words and its words.
func (t *texts) each(fn func(Key, string)) {
	for i, s := range t.span {
		if s.start <= s.end {
			fn(keyNames[i], t.blob[s.start:s.end])
		}
	}
}

// len is how many keys this language words.
func (t *texts) len() int {
	n := 0
	for _, s := range t.span {
		if s.start <= s.end {
			n++
		}
	}
	return n
}
