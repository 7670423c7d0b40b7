package protocol

import "github.com/sushigo/sushigo/jsonout"

// A page's frame is encoded for every change of a watched game, a view in
// every stored delivery; these write the bytes json.Marshal writes,
// without its reflective walk (json_test.go compares the two).

// WriteJSON writes r as json.Marshal does.
func (r *Ref) WriteJSON(o *jsonout.Object) {
	o.Open()
	o.StrOmit("id", r.ID)
	o.TimeOmit("exp", r.Expires)
	o.IntOmit("max", int64(r.Max))
	o.IntOmit("use", int64(r.Uses))
	o.StrOmit("pic", r.Pic)
	o.StrOmit("file", r.File)
	o.TimeOmit("pat", r.PicAt)
	o.Close()
}

// WriteMember writes r as member k of an object, unless r is the zero Ref
// (a field tagged omitzero, as every stored Ref is).
func (r *Ref) WriteMember(o *jsonout.Object, k string) {
	if *r != (Ref{}) {
		o.Key(k)
		r.WriteJSON(o)
	}
}

// WriteJSON writes v as json.Marshal does.
func (v *View) WriteJSON(o *jsonout.Object) {
	o.Open()
	o.StrOmit("Title", v.Title)
	o.StrOmit("Text", v.Text)
	if v.Fields != nil {
		o.List("Fields", len(v.Fields), false, func(i int) {
			f := &v.Fields[i]
			o.Open()
			o.StrOmit("Name", f.Name)
			o.StrOmit("Value", f.Value)
			o.TrueOnly("Inline", f.Inline)
			o.Close()
		})
	}
	if v.Selects != nil {
		o.List("Selects", len(v.Selects), false, func(i int) { v.Selects[i].writeJSON(o) })
	}
	if v.Rows != nil {
		o.List("Rows", len(v.Rows), false, func(i int) {
			row := v.Rows[i]
			o.Array(len(row), row == nil, func(j int) { row[j].writeJSON(o) })
		})
	}
	o.UintOmit("Tone", uint64(v.Tone))
	o.StrOmit("Footer", v.Footer)
	if v.Mentions != nil {
		o.Strings("Mentions", v.Mentions)
	}
	o.StrOmit("Channel", v.Channel)
	o.UintOmit("Screen", uint64(v.Screen))
	o.IntOmit("rd", int64(v.Round))
	o.IntOmit("tn", int64(v.Turn))
	o.TimeOmit("due", v.Due)
	if p := v.Picture; p != nil {
		o.Key("Picture")
		o.Open()
		o.Uint("of", uint64(p.Of))
		o.IntOmit("r", int64(p.Round))
		o.StrOmit("k", p.Key)
		o.StrOmit("alt", p.Alt)
		o.StringsOmit("n", p.Notes)
		o.Close()
	}
	if v.Steps != nil {
		o.List("Steps", len(v.Steps), false, func(i int) {
			s := &v.Steps[i]
			o.Open()
			o.Str("title", s.Title)
			o.Str("text", s.Text)
			o.Str("grade", s.Grade)
			o.Ints("hand", s.Hand)
			o.Strings("names", s.Names)
			o.Int("chosen", int64(s.Chosen))
			o.Int("best", int64(s.Best))
			o.Close()
		})
	}
	if v.Chart != nil {
		o.Bytes("Chart", v.Chart)
	}
	o.Close()
}

func (s *Select) writeJSON(o *jsonout.Object) {
	o.Open()
	o.Str("ActionID", s.ActionID)
	o.Str("Placeholder", s.Placeholder)
	o.List("Options", len(s.Options), s.Options == nil, func(i int) {
		p := &s.Options[i]
		o.Open()
		o.Str("Label", p.Label)
		o.Str("Value", p.Value)
		o.Str("Emoji", p.Emoji)
		o.Str("Description", p.Description)
		o.Bool("Selected", p.Selected)
		o.Close()
	})
	o.Int("Min", int64(s.Min))
	o.Int("Max", int64(s.Max))
	o.StrOmit("Submit", s.Submit)
	o.Close()
}

func (b *Button) writeJSON(o *jsonout.Object) {
	o.Open()
	o.StrOmit("Label", b.Label)
	o.StrOmit("Emoji", b.Emoji)
	o.StrOmit("ActionID", b.ActionID)
	o.UintOmit("Style", uint64(b.Style))
	o.TrueOnly("Disabled", b.Disabled)
	o.StrOmit("Colour", b.Colour)
	o.Close()
}

// WriteJSON writes p as json.Marshal does.
func (p *Page) WriteJSON(o *jsonout.Object) {
	o.Open()
	o.Str("game", p.Game)
	o.Uint("v", p.Version)
	o.Int("seat", int64(p.Seat))
	o.Key("table")
	p.Table.WriteJSON(o)
	for _, m := range [...]struct {
		k string
		v *View
	}{{"reveal", p.Reveal}, {"scores", p.Scores}, {"hand", p.Hand}, {"final", p.Final}} {
		if m.v != nil {
			o.Key(m.k)
			m.v.WriteJSON(o)
		}
	}
	o.Close()
}
