package bot

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/record"
)

// The record is saved at every click, and encoding/json's reflective walk
// over it (forty fields, a seat's dozen, the outbox's deliveries) was a
// tenth of a replica's CPU at Party 8p. marshalRecord writes the same
// bytes json.Marshal writes, field by field. Tests encode every record both ways
// and compare (checkEncoded), and TestRecordJSONFields fails when a
// stored field is added that it does not write.

// checkEncoded makes every encoding of a record compare marshalRecord's
// bytes with json.Marshal's (tests set it).
var checkEncoded bool

// marshalRecord is json.Marshal(st), written without reflection.
func marshalRecord(st *gameRecord) ([]byte, error) {
	o := jsonOut{b: make([]byte, 0, 4096)} // a live game's record is 2–5 KB
	o.record(st)
	if o.err != nil {
		return nil, o.err
	}
	if checkEncoded {
		want, err := json.Marshal(st)
		if err != nil {
			return nil, err
		}
		if string(want) != string(o.b) {
			panic(fmt.Sprintf("bot: the record's JSON differs from encoding/json's:\n got %s\nwant %s", o.b, want))
		}
	}
	return o.b, nil
}

// jsonOut appends an object's members; first is set until one is written.
type jsonOut struct {
	b     []byte
	first bool
	err   error
}

func (o *jsonOut) open()  { o.b, o.first = append(o.b, '{'), true }
func (o *jsonOut) close() { o.b, o.first = append(o.b, '}'), false }

// key writes a member's name (a plain one: no escaping) and its colon.
func (o *jsonOut) key(k string) {
	if !o.first {
		o.b = append(o.b, ',')
	}
	o.first = false
	o.b = append(o.b, '"')
	o.b = append(o.b, k...)
	o.b = append(o.b, '"', ':')
}

func (o *jsonOut) str(k, v string) { o.key(k); o.b = appendJSONString(o.b, v) }

// strOmit writes a string member unless it is empty (omitempty, omitzero).
func (o *jsonOut) strOmit(k, v string) {
	if v != "" {
		o.str(k, v)
	}
}

func (o *jsonOut) intOmit(k string, v int64) {
	if v != 0 {
		o.key(k)
		o.b = strconv.AppendInt(o.b, v, 10)
	}
}

func (o *jsonOut) uintOmit(k string, v uint64) {
	if v != 0 {
		o.key(k)
		o.b = strconv.AppendUint(o.b, v, 10)
	}
}

func (o *jsonOut) trueOnly(k string, v bool) {
	if v {
		o.key(k)
		o.b = append(o.b, "true"...)
	}
}

func (o *jsonOut) time(k string, t time.Time) {
	o.key(k)
	if y := t.Year(); y < 0 || y > 9999 {
		b, err := t.MarshalJSON() // its error, as encoding/json would give it
		if err != nil && o.err == nil {
			o.err = fmt.Errorf("bot: encode record: %w", err)
		}
		o.b = append(o.b, b...)
		return
	}
	o.b = append(o.b, '"')
	o.b = t.AppendFormat(o.b, time.RFC3339Nano)
	o.b = append(o.b, '"')
}

func (o *jsonOut) timeOmit(k string, t time.Time) {
	if !t.IsZero() {
		o.time(k, t)
	}
}

// bytes writes v as encoding/json writes a []byte: base64 in quotes.
func (o *jsonOut) bytes(k string, v []byte) {
	o.key(k)
	o.b = append(o.b, '"')
	o.b = base64.StdEncoding.AppendEncode(o.b, v)
	o.b = append(o.b, '"')
}

func (o *jsonOut) bytesOmit(k string, v []byte) {
	if len(v) > 0 {
		o.bytes(k, v)
	}
}

// list writes an array of n elements, each written by each(i), or null
// for a nil slice (null).
func (o *jsonOut) list(k string, n int, null bool, each func(i int)) {
	o.key(k)
	if null {
		o.b = append(o.b, "null"...)
		return
	}
	o.b = append(o.b, '[')
	for i := range n {
		if i > 0 {
			o.b = append(o.b, ',')
		}
		each(i)
	}
	o.b = append(o.b, ']')
}

func (o *jsonOut) strings(k string, v []string) {
	o.list(k, len(v), v == nil, func(i int) { o.b = appendJSONString(o.b, v[i]) })
}

// stringsOmit is a []string with omitempty: nothing when it is empty.
func (o *jsonOut) stringsOmit(k string, v []string) {
	if len(v) > 0 {
		o.strings(k, v)
	}
}

// reflected writes v as encoding/json does: for the parts a click rarely
// stores (a vote, the ratings' note, a view with buttons).
func (o *jsonOut) reflected(k string, v any) {
	o.key(k)
	b, err := json.Marshal(v)
	if err != nil && o.err == nil {
		o.err = fmt.Errorf("bot: encode record: %w", err)
	}
	o.b = append(o.b, b...)
}

func (o *jsonOut) record(st *gameRecord) {
	o.open()
	o.key("v")
	o.b = strconv.AppendInt(o.b, int64(st.V), 10)
	o.str("id", st.ID)
	o.key("w")
	o.location(st.Where)
	o.str("p", string(st.Phase))
	o.str("host", st.Host)
	o.key("o")
	o.options(st.Opts)
	o.list("s", len(st.Seats), st.Seats == nil, func(i int) { o.seat(&st.Seats[i]) })
	o.time("c", st.Created)
	o.strOmit("lg", st.LangCode)
	o.strOmit("sl", st.SeatLangs)
	o.timeOmit("f", st.Finished)
	o.strOmit("end", st.Ended)
	if st.Vote != nil {
		o.reflected("vote", st.Vote)
	}
	o.timeOmit("va", st.VoteAgain)
	o.strOmit("vb", st.VoteAsker)
	o.trueOnly("agr", st.Agreed)
	o.trueOnly("rs", st.RatingsShown)
	if st.Rated != nil {
		o.reflected("rn", st.Rated)
	}
	// turnClock
	o.timeOmit("ts", st.TurnStart)
	o.trueOnly("rem", st.Reminded)
	o.trueOnly("nd", st.Nudging)
	o.refOmit("t", st.Table)
	o.timeOmit("tsn", st.TableSince)
	o.stringsOmit("nt", st.Notes)
	o.bytesOmit("e", st.Engine)
	o.refOmit("fin", st.Final)
	// thread
	o.strOmit("th", st.Thread)
	o.trueOnly("ths", st.ThreadSaid)
	o.refOmit("tr", st.ThreadRoot)
	o.trueOnly("tl", st.TableLost)
	o.strOmit("np", st.NoPictures)
	o.trueOnly("nps", st.PicturesSaid)
	// reminder
	o.refOmit("rm", st.Reminder)
	o.stringsOmit("rmf", st.RemindFor)
	o.strOmit("pg", st.Pinged)
	// moveLog
	o.uintOmit("sd", st.Seed)
	o.bytesOmit("mv", st.Moves)
	// record.Queue
	o.timeOmit("ow", st.OutWait)
	if len(st.Outbox) > 0 {
		o.list("ob", len(st.Outbox), false, func(i int) { o.queued(&st.Outbox[i]) })
	}
	o.uintOmit("oq", st.OutSeq)
	o.uintOmit("fo", st.Folded)
	o.close()
}

func (o *jsonOut) location(l protocol.Location) {
	o.open()
	o.str("Platform", l.Platform)
	o.str("Community", l.Community)
	o.str("Channel", l.Channel)
	o.close()
}

func (o *jsonOut) options(p protocol.Options) {
	o.open()
	o.intOmit("Bots", int64(p.Bots))
	o.uintOmit("Pass", uint64(p.Pass))
	o.trueOnly("Dummy", p.Dummy)
	o.intOmit("Timer", int64(p.Timer))
	o.strOmit("Hands", string(p.Hands))
	o.trueOnly("Party", p.Party)
	o.strOmit("Menu", p.Menu)
	o.trueOnly("Custom", p.Custom)
	o.strOmit("Level", string(p.Level))
	o.trueOnly("NoThreads", p.NoThreads)
	o.trueOnly("NoPictures", p.NoPictures)
	o.trueOnly("Hints", p.Hints)
	o.close()
}

func (o *jsonOut) seat(s *seat) {
	o.open()
	o.strOmit("u", s.User)
	o.str("n", s.Name)
	o.trueOnly("b", s.Bot)
	o.intOmit("i", int64(s.Idle))
	o.refOmit("h", s.Hand)
	o.trueOnly("df", s.DMFailed)
	o.trueOnly("dn", s.DMNoticed)
	o.strOmit("l", string(s.Level))
	if len(s.Taken) > 0 {
		o.key("tk")
		o.b = s.Taken.append(o.b)
	}
	o.intOmit("lf", int64(s.Left))
	o.trueOnly("ab", s.Early)
	o.trueOnly("kk", s.Kicked)
	o.close()
}

// refOmit writes a Ref with omitzero: nothing for the zero Ref.
func (o *jsonOut) refOmit(k string, r protocol.Ref) {
	if r == (protocol.Ref{}) {
		return
	}
	o.key(k)
	o.ref(r)
}

func (o *jsonOut) ref(r protocol.Ref) {
	o.open()
	o.strOmit("id", r.ID)
	o.timeOmit("exp", r.Expires)
	o.intOmit("max", int64(r.Max))
	o.intOmit("use", int64(r.Uses))
	o.strOmit("pic", r.Pic)
	o.strOmit("file", r.File)
	o.timeOmit("pat", r.PicAt)
	o.close()
}

func (o *jsonOut) queued(q *record.Queued) {
	o.open()
	o.key("q")
	o.b = strconv.AppendUint(o.b, q.Seq, 10)
	o.strOmit("g", q.Target)
	o.key("d")
	o.delivery(&q.D)
	o.strOmit("r", q.Draw)
	o.intOmit("a", int64(q.Attempts))
	o.close()
}

func (o *jsonOut) delivery(d *protocol.Delivery) {
	o.open()
	o.uintOmit("Kind", uint64(d.Kind))
	if d.To != (protocol.Audience{}) {
		o.key("To")
		o.open()
		o.str("User", d.To.User)
		o.trueOnly("Thread", d.To.Thread)
		o.close()
	}
	o.trueOnly("Replace", d.Replace)
	o.refOmit("Ref", d.Ref)
	o.strOmit("Slot", d.Slot)
	o.refOmit("Parent", d.Parent)
	o.strOmit("OpenThread", d.OpenThread)
	v := &d.View
	switch {
	case v.Fields != nil || v.Selects != nil || v.Rows != nil || v.Picture != nil || v.Steps != nil:
		o.reflected("View", v) // buttons, fields, a picture: not what a click stores
	case v.Title != "" || v.Text != "" || v.Tone != 0 || v.Footer != "" || v.Mentions != nil || v.Channel != "" ||
		v.Screen != 0 || v.Round != 0 || v.Turn != 0 || !v.Due.IsZero() || v.Chart != nil:
		o.key("View")
		o.open()
		o.strOmit("Title", v.Title)
		o.strOmit("Text", v.Text)
		o.uintOmit("Tone", uint64(v.Tone))
		o.strOmit("Footer", v.Footer)
		if v.Mentions != nil {
			o.strings("Mentions", v.Mentions)
		}
		o.strOmit("Channel", v.Channel)
		o.uintOmit("Screen", uint64(v.Screen))
		o.intOmit("rd", int64(v.Round))
		o.intOmit("tn", int64(v.Turn))
		if !v.Due.IsZero() {
			o.time("due", v.Due)
		}
		if v.Chart != nil {
			o.bytes("Chart", v.Chart)
		}
		o.close()
	}
	o.close()
}

// appendJSONString appends s quoted as encoding/json quotes it: with HTML's
// <, > and & escaped, and U+2028 and U+2029. The cards' emoji and a
// translation's letters are valid UTF-8 and copied as they are; a string
// with anything rarer is quoted by encoding/json itself.
func appendJSONString(b []byte, s string) []byte {
	mark := len(b)
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
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

// appendQuoted appends s to b as json.Marshal quotes it.
func appendQuoted(b []byte, s string) []byte {
	q, _ := json.Marshal(s) // a string always encodes
	return append(b, q...)
}
