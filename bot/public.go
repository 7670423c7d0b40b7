package bot

import (
	"context"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// ErrNoTable is returned by PublicTable when no game has been dealt there.
var ErrNoTable = protocol.ErrNoGame

// PublicTable returns what anyone may see of the game at where: the
// engine's public view (no card of any hand) and each seat's name, the
// dummy's included, with the language the game is played in. Tools and
// pictures draw from it.
func (b *Bot) PublicTable(ctx context.Context, where protocol.Location) (Table, error) {
	st, found, err := b.rec.Read(ctx, where.Key())
	if err != nil {
		return Table{}, err
	}
	if !found {
		return Table{}, ErrNoTable
	}
	sn := st.snap()
	if sn.game == nil {
		return Table{}, ErrNoTable
	}
	pv := sn.game.PublicView()
	return Table{View: pv, Names: sn.names(len(pv.Seats)), Lang: sn.w}, nil
}

// Table is what anyone may see of a game (PublicTable).
type Table struct {
	View  engine.PublicView
	Names []string
	// Lang is the game's language: its pictures are drawn in it.
	Lang words.Lang
}
