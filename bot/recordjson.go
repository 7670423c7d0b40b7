package bot

import (
	"encoding/json"
	"fmt"

	"github.com/sushigo/sushigo/jsonout"
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
	o := jsonOut{jsonout.Object{B: make([]byte, 0, 4096)}} // a live game's record is 2–5 KB
	o.record(st)
	if o.Err != nil {
		return nil, fmt.Errorf("bot: encode record: %w", o.Err)
	}
	if checkEncoded {
		want, err := json.Marshal(st)
		if err != nil {
			return nil, err
		}
		if string(want) != string(o.B) {
			panic(fmt.Sprintf("bot: the record's JSON differs from encoding/json's:\n got %s\nwant %s", o.B, want))
		}
	}
	return o.B, nil
}

// jsonOut writes a record's members, as jsonout.Object writes any.
type jsonOut struct{ jsonout.Object }

func (o *jsonOut) record(st *gameRecord) {
	o.Open()
	o.Int("v", int64(st.V))
	o.Str("id", st.ID)
	o.Key("w")
	o.location(st.Where)
	o.Str("p", string(st.Phase))
	o.Str("host", st.Host)
	o.Key("o")
	o.options(st.Opts)
	o.List("s", len(st.Seats), st.Seats == nil, func(i int) { o.seat(&st.Seats[i]) })
	o.Time("c", st.Created)
	o.StrOmit("lg", st.LangCode)
	o.StrOmit("sl", st.SeatLangs)
	o.TimeOmit("f", st.Finished)
	o.StrOmit("end", st.Ended)
	if st.Vote != nil {
		o.Reflected("vote", st.Vote)
	}
	o.TimeOmit("va", st.VoteAgain)
	o.StrOmit("vb", st.VoteAsker)
	o.TrueOnly("agr", st.Agreed)
	o.TrueOnly("rs", st.RatingsShown)
	if st.Rated != nil {
		o.Reflected("rn", st.Rated)
	}
	// turnClock
	o.TimeOmit("ts", st.TurnStart)
	o.TrueOnly("rem", st.Reminded)
	o.TrueOnly("nd", st.Nudging)
	st.Table.WriteMember(&o.Object, "t")
	o.TimeOmit("tsn", st.TableSince)
	o.StringsOmit("nt", st.Notes)
	o.BytesOmit("e", st.Engine)
	st.Final.WriteMember(&o.Object, "fin")
	// thread
	o.StrOmit("th", st.Thread)
	o.TrueOnly("ths", st.ThreadSaid)
	st.ThreadRoot.WriteMember(&o.Object, "tr")
	o.TrueOnly("tl", st.TableLost)
	o.StrOmit("np", st.NoPictures)
	o.TrueOnly("nps", st.PicturesSaid)
	// reminder
	st.Reminder.WriteMember(&o.Object, "rm")
	o.StringsOmit("rmf", st.RemindFor)
	o.StrOmit("pg", st.Pinged)
	// moveLog
	o.UintOmit("sd", st.Seed)
	o.BytesOmit("mv", st.Moves)
	// record.Queue
	o.TimeOmit("ow", st.OutWait)
	if len(st.Outbox) > 0 {
		o.List("ob", len(st.Outbox), false, func(i int) { o.queued(&st.Outbox[i]) })
	}
	o.UintOmit("oq", st.OutSeq)
	o.UintOmit("fo", st.Folded)
	o.Close()
}

func (o *jsonOut) location(l protocol.Location) {
	o.Open()
	o.Str("Platform", l.Platform)
	o.Str("Community", l.Community)
	o.Str("Channel", l.Channel)
	o.Close()
}

func (o *jsonOut) options(p protocol.Options) {
	o.Open()
	o.IntOmit("Bots", int64(p.Bots))
	o.UintOmit("Pass", uint64(p.Pass))
	o.TrueOnly("Dummy", p.Dummy)
	o.IntOmit("Timer", int64(p.Timer))
	o.StrOmit("Hands", string(p.Hands))
	o.TrueOnly("Party", p.Party)
	o.StrOmit("Menu", p.Menu)
	o.TrueOnly("Custom", p.Custom)
	o.StrOmit("Level", string(p.Level))
	o.TrueOnly("NoThreads", p.NoThreads)
	o.TrueOnly("NoPictures", p.NoPictures)
	o.TrueOnly("Hints", p.Hints)
	o.Close()
}

func (o *jsonOut) seat(s *seat) {
	o.Open()
	o.StrOmit("u", s.User)
	o.Str("n", s.Name)
	o.TrueOnly("b", s.Bot)
	o.IntOmit("i", int64(s.Idle))
	s.Hand.WriteMember(&o.Object, "h")
	o.TrueOnly("df", s.DMFailed)
	o.TrueOnly("dn", s.DMNoticed)
	o.StrOmit("l", string(s.Level))
	if len(s.Taken) > 0 {
		o.Key("tk")
		o.B = s.Taken.append(o.B)
	}
	o.IntOmit("lf", int64(s.Left))
	o.TrueOnly("ab", s.Early)
	o.TrueOnly("kk", s.Kicked)
	o.Close()
}

func (o *jsonOut) queued(q *record.Queued) {
	o.Open()
	o.Uint("q", q.Seq)
	o.StrOmit("g", q.Target)
	o.Key("d")
	o.delivery(&q.D)
	o.StrOmit("r", q.Draw)
	o.IntOmit("a", int64(q.Attempts))
	o.Close()
}

func (o *jsonOut) delivery(d *protocol.Delivery) {
	o.Open()
	o.UintOmit("Kind", uint64(d.Kind))
	if d.To != (protocol.Audience{}) {
		o.Key("To")
		o.Open()
		o.Str("User", d.To.User)
		o.TrueOnly("Thread", d.To.Thread)
		o.Close()
	}
	o.TrueOnly("Replace", d.Replace)
	d.Ref.WriteMember(&o.Object, "Ref")
	o.StrOmit("Slot", d.Slot)
	d.Parent.WriteMember(&o.Object, "Parent")
	o.StrOmit("OpenThread", d.OpenThread)
	if v := &d.View; v.Title != "" || v.Text != "" || v.Fields != nil || v.Selects != nil || v.Rows != nil ||
		v.Tone != 0 || v.Footer != "" || v.Mentions != nil || v.Channel != "" || v.Screen != 0 || v.Round != 0 ||
		v.Turn != 0 || !v.Due.IsZero() || v.Picture != nil || v.Steps != nil || v.Chart != nil {
		o.Key("View")
		v.WriteJSON(&o.Object)
	}
	o.Close()
}
