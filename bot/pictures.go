package bot

import (
	"fmt"
	"hash/fnv"
	"slices"
	"strconv"
	"time"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/picture"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// Pictures: the table, each round's scores and the end of the game go to
// a chat channel as images too, unless the game's options or its
// channel's settings turn them off. A view names the picture (what to
// draw, its key and alt text); the outbox draws it when it sends. The text
// stays complete: a picture never holds the only copy of a fact.

// pictures reports whether st's public views carry pictures.
func (st *snapshot) pictures() bool {
	return st.chat() && !st.Opts.NoPictures && st.NoPictures == "" && st.game != nil
}

// names is each seat's name, the dummy's included.
func (st *snapshot) names(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = st.name(i)
	}
	return out
}

// tablePicture asks for the picture of the table. What it shows is named
// when it is sent (attach), from the game as stored then: the table view
// is rebuilt at every click, and its picture is drawn at most once a turn.
func tablePicture(st *snapshot) *protocol.Picture {
	if !st.pictures() {
		return nil
	}
	return &protocol.Picture{Of: protocol.PictureTable}
}

// tableKey is the key of the table picture st would draw now. It changes
// with a reveal, a decision and the game's end, not with a pick: the
// picture is sent at most once a turn, and it draws no one's "picked" mark,
// which the text keeps current.
func tableKey(st *snapshot) string {
	g := st.game
	decider := -1
	if d, ok := g.Decision(); ok {
		decider = d.Seat
	}
	return "table/" + itoa(g.Round()) + "/" + itoa(g.Turn()) + "/" + itoa(decider) + "/" + strconv.FormatBool(g.Over())
}

// sayTable is the alt text of st's table picture of key, said once a key,
// language and names (alts): a picture kept while the game moves on keeps
// the words of the moment it shows, not of the table turns later. Not kept
// here (a restart, another replica drew it), the table as it is now is
// said, once, and kept as that picture's words until the next is drawn.
func sayTable(st *snapshot, key string, alts *tableAlts) string {
	names := st.names(st.game.Seats())
	if alt, ok := alts.get(st.ID, key, st.w, names); ok {
		return alt
	}
	alt := picture.TableAlt(st.w, tablePublic(st), names)
	alts.put(st.ID, key, st.w, names, alt)
	return alt
}

// tableAlts keeps the alt text of the table picture each game shows. A
// table's text is edited at every pick while its picture, and so its alt
// text, changes once a turn at most (about once a minute); saying an
// eight-seat table in words at every pick was 3 % of a replica's CPU at
// 1,000 Party games. The zero value is ready; it is safe for concurrent
// use.
type tableAlts struct {
	memo gameMemo[string, tableAlt] // by game ID
}

type tableAlt struct {
	key   string
	w     words.Lang
	names []string
	alt   string
}

func (a *tableAlts) get(game, key string, w words.Lang, names []string) (string, bool) {
	e, ok := a.memo.get(game)
	if !ok || e.key != key || e.w != w || !slices.Equal(e.names, names) {
		return "", false
	}
	return e.alt, true
}

func (a *tableAlts) put(game, key string, w words.Lang, names []string, alt string) {
	a.memo.put(game, tableAlt{key: key, w: w, names: names, alt: alt})
}

// tablePublic is the public view a table picture draws: without the picks
// made since the reveal.
func tablePublic(st *snapshot) engine.PublicView {
	pv := st.game.PublicView()
	for i := range pv.Seats {
		pv.Seats[i].Submitted = false
	}
	return pv
}

func roundPicture(st *snapshot, round int) *protocol.Picture {
	w := st.w
	if !st.pictures() {
		return nil
	}
	pv := st.game.PublicView()
	return &protocol.Picture{Of: protocol.PictureRound, Round: round, Key: fmt.Sprintf("round/%d", round),
		Alt: picture.RoundScoresAlt(w, pv, round, st.names(len(pv.Seats)))}
}

// finalPicture names the end-of-game chart; notes[seat] are the rating
// changes once known.
func finalPicture(st *snapshot, notes []string) *protocol.Picture {
	w := st.w
	if !st.pictures() || !st.game.Over() {
		return nil
	}
	pv := st.game.PublicView()
	key := "final"
	if notes != nil {
		key = "final/rated"
	}
	return &protocol.Picture{Of: protocol.PictureFinal, Key: key, Notes: notes, Alt: picture.FinalAlt(w, pv, st.names(len(pv.Seats)))}
}

// draw makes p's image from st's game.
func (st *snapshot) draw(w words.Lang, p *protocol.Picture) ([]byte, error) {
	if st.game == nil {
		return nil, fmt.Errorf("draw %s: no game", p.Key)
	}
	if p.Of == protocol.PictureTable {
		pv := tablePublic(st)
		return picture.Table(w, pv, st.names(len(pv.Seats)))
	}
	pv := st.game.PublicView()
	names := st.names(len(pv.Seats))
	switch p.Of {
	case protocol.PictureRound:
		return picture.RoundScores(w, pv, p.Round, names)
	case protocol.PictureFinal:
		return picture.Final(w, pv, names, p.Notes)
	}
	return nil, fmt.Errorf("draw %s: unknown picture", p.Key)
}

// attach readies d's picture for sending: kept where the message shows it
// already (shown is what it shows), else drawn. A picture that cannot be
// drawn is left out; the text says it all.
func (b *Bot) attach(st *snapshot, d *protocol.Delivery, shown protocol.Ref) {
	w := st.w
	if d.View.Picture == nil || st.NoPictures != "" {
		d.View.Picture = nil // queued before the platform refused pictures
		return
	}
	p := *d.View.Picture // the queued delivery keeps its own
	d.View.Picture = &p
	table := p.Of == protocol.PictureTable && st.game != nil
	if table {
		// What the table shows now: the drawing is of the game as stored.
		p.Key = tableKey(st)
	}
	keep := d.Kind == protocol.Edit && shown.Pic == p.Key
	if !keep && table && d.Kind == protocol.Edit && shown.Pic != "" && !st.game.Over() &&
		b.cfg.TablePicture > 0 && b.now().Sub(shown.PicAt) < tableEvery(st.ID, b.cfg.TablePicture) {
		// Drawn lately: the table keeps that picture, and its words, a
		// while longer.
		p.Key, keep = shown.Pic, true
	}
	if table {
		p.Alt = sayTable(st, p.Key, &b.alts)
	}
	if keep {
		p.Keep = true
		return
	}
	png, err := st.draw(w, &p)
	if err != nil {
		b.log.Error("drawing a picture failed", "game", st.ID, "picture", p.Key, "err", err)
		d.View.Picture = nil
		return
	}
	p.PNG = png
}

// tableEvery is how long game id's table keeps a picture: every, give or
// take a quarter, the same for the game each time. Games started together
// (a sustained benchmark, an event) then do not all draw at the same
// moment a minute later.
func tableEvery(id string, every time.Duration) time.Duration {
	h := fnv.New32a()
	h.Write([]byte(id))
	return every*3/4 + time.Duration(h.Sum32()%1024)*(every/2)/1024
}

// shows is what a message shows once d, with its picture, was sent: the
// reference to remember for the table or the closing post, or false when
// d is neither or sent no new picture. sent is the adapter's answer.
func shows(d protocol.Delivery, target string, sent protocol.Ref, now time.Time) (slot string, ref protocol.Ref, ok bool) {
	p := d.View.Picture
	if p == nil || p.Keep || p.PNG == nil {
		return "", protocol.Ref{}, false
	}
	switch {
	case target == "table":
		slot = protocol.SlotTable
	case d.Slot == protocol.SlotFinal:
		slot = protocol.SlotFinal
	default:
		return "", protocol.Ref{}, false
	}
	ref = d.Ref // an edit: the message stays the same
	if d.Kind == protocol.Post {
		ref = sent
	}
	if ref.ID == "" {
		return "", protocol.Ref{}, false
	}
	ref.Pic, ref.File, ref.PicAt = p.Key, sent.File, now
	return slot, ref, true
}
