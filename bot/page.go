package bot

import (
	"context"
	"fmt"
	"slices"

	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/words"
)

// Page is what a web page of the game at where shows user (a watcher when
// they hold no seat, or user is ""), in lang (zero: their seat's, else the
// game's): the table as the channel sees it, the latest reveal, the
// closing post once the game is over, and the person's own hand. Each is
// drawn as the chat draws it, from a snapshot: a page sees no more than a
// chat message would. ErrNoTable when the channel has no game.
func (b *Bot) Page(ctx context.Context, where protocol.Location, user string, lang words.Lang) (protocol.Page, error) {
	pages, err := b.Pages(ctx, where, protocol.Changed{}, []protocol.Reader{{User: user, Lang: lang}})
	if err != nil {
		return protocol.Page{}, err
	}
	return pages[0], nil
}

// Pages is Page for each of readers, from one read of the game: a change
// shown on many pages (every seat's, the watchers') is loaded once, and
// each page drawn once for all the sockets of its reader. known is the
// change the pages are drawn for, as announced (zero: none): when this
// replica stored it, or read that version since, they are drawn from its
// decoded copy and read nothing (a read for each change was 3 % of a
// replica's CPU, and a Redis call, with ten pages open a game).
func (b *Bot) Pages(ctx context.Context, where protocol.Location, known protocol.Changed, readers []protocol.Reader) ([]protocol.Page, error) {
	st, ver, found, err := b.rec.ReadKnown(ctx, where.Key(), known)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, ErrNoTable
	}
	pages := make([]protocol.Page, len(readers))
	shared := map[words.Lang]*publicViews{}
	for k, r := range readers {
		pages[k] = b.pageOf(st, ver, r.User, r.Lang, shared)
	}
	return pages, nil
}

// publicViews are the views of a page that every reader in one language
// sees alike: drawn once for all of them (a game's players and watchers
// in one language had them drawn a reader each, the web table's largest
// cost at ten pages a game).
type publicViews struct {
	table                 protocol.View
	reveal, final, scores *protocol.View
}

// own is a copy of v for one page, or nil.
func own(v *protocol.View) *protocol.View {
	if v == nil {
		return nil
	}
	c := *v
	return &c
}

// pageOf is user's page of st (version ver), in lang; st is only read.
// shared holds the public views drawn for earlier readers, by language.
func (b *Bot) pageOf(st *gameRecord, ver storage.Version, user string, lang words.Lang, shared map[words.Lang]*publicViews) protocol.Page {
	seat := -1
	if i := st.seatOf(user); i >= 0 && st.Seats[i].human() {
		seat = i
	}
	// The snapshot shares st's seats, which no screen writes: copying
	// them for each of a change's five readers was about 4 % of what a
	// replica allocates with every game's pages open. A seated reader
	// whose page reads another language than their seat's gets seats of
	// their own, so that their hand (drawn for the seat, to) reads it.
	sn := st.drawNow()
	sn.page = true
	if seat >= 0 {
		if !lang.IsZero() && sn.Seats[seat].Lang.Or(sn.w) != lang {
			sn.Seats = slices.Clone(sn.Seats)
			sn.Seats[seat].Lang = lang // the snapshot's own seats: the record's stay
		}
		sn = sn.to(seat)
	} else if !lang.IsZero() {
		sn.w = lang
	}
	spoken := func(v protocol.View) *protocol.View {
		v = protocol.Spoken(st.plat.Commands, v)
		v.Lang = sn.w
		return &v
	}
	now := b.now()
	pub := shared[sn.w]
	if pub == nil {
		pub = &publicViews{table: *spoken(tableView(sn, now))}
		if sn.game != nil {
			// Asked of the game itself: a whole public view (its seats,
			// standings and scores copied) was drawn here for two numbers.
			if sn.game.LastReveal().Round != 0 {
				pub.reveal = spoken(revealView(sn))
			}
			if sn.game.Over() {
				pub.final = spoken(finalNow(sn))
			} else if r := sn.game.RoundsScored(); r > 0 {
				pub.scores = spoken(roundScoreView(sn, r))
			}
		}
		shared[sn.w] = pub
	}
	table := pub.table
	if st.Phase == phaseLobby {
		// The host is seated (a host who leaves hands it on), and a page
		// without a seat must stay the same for every watcher: the web
		// table encodes it once for all of them.
		table = lobbyFor(table, seat >= 0, seat >= 0 && user == st.Host)
	}
	p := protocol.Page{Game: st.ID, Version: uint64(ver), Seat: seat, Table: table,
		Reveal: own(pub.reveal), Final: own(pub.final), Scores: own(pub.scores)}
	if sn.game != nil && seat >= 0 {
		p.Hand = spoken(handNow(sn, seat))
	}
	return p
}

// lobbyFor is a page's lobby for its reader. The channel's lobby is one
// message for everyone, so it holds every control; a page is one
// person's, and holds only what they may press: Join for whoever has no
// seat, Leave for whoever has one, and the host's controls (a bot, Start,
// the game and its menu) for the host. A control the host would refuse
// the reader was a press that only ever earned a refusal. v is shared
// with other readers' pages, so the rows are new.
func lobbyFor(v protocol.View, seated, host bool) protocol.View {
	rows := make([][]protocol.Button, 0, len(v.Rows))
	for _, row := range v.Rows {
		var kept []protocol.Button
		for _, b := range row {
			a, err := protocol.ParseActionID(b.ActionID)
			if err != nil {
				kept = append(kept, b) // not a lobby control: left as drawn
				continue
			}
			switch a.(type) {
			case protocol.Join:
				if seated {
					continue
				}
			case protocol.Leave:
				if !seated {
					continue
				}
			case protocol.AddBot, protocol.Start, protocol.SetMenu:
				if !host {
					continue
				}
			}
			kept = append(kept, b)
		}
		if len(kept) > 0 {
			rows = append(rows, kept)
		}
	}
	v.Rows = rows
	if !host {
		v.Selects = nil // the menu's: the host's to choose
	}
	return v
}

// openTable answers Open table: the asker's own link to the game's web
// table, privately.
func (b *Bot) openTable(ctx context.Context, req protocol.Request, game string) (protocol.Response, error) {
	if b.cfg.TableLink == nil {
		return protocol.Response{}, refuse("where.noGameHere")
	}
	st, found, err := b.rec.Read(ctx, req.Where.Key())
	if err != nil {
		return protocol.Response{}, err
	}
	if !found || (game != "" && game != st.ID) {
		return protocol.Response{}, refuse("where.noGameHere")
	}
	w := st.langFor(req)
	link, err := b.cfg.TableLink(req.Where, req.Who, st.ID, w)
	if err != nil {
		return protocol.Response{}, fmt.Errorf("link to the table of %s: %w", st.ID, err)
	}
	v := protocol.View{Screen: protocol.ScreenNotice, Tone: protocol.ToneInfo, Text: w.Say("web.openTableLink", link), Lang: w}
	return protocol.Response{Where: st.Where, Game: st.ID, Deliveries: []protocol.Delivery{{Kind: protocol.Reply, To: protocol.Private(req.Who.ID), View: v}}}, nil
}
