package bot

import (
	"context"
	"errors"
	"fmt"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage"
)

// ErrNoTable is returned by PublicTable when no game has been dealt there.
var ErrNoTable = errors.New("no game has been dealt here")

// PublicTable returns what anyone may see of the game at where: the
// engine's public view (no card of any hand) and each seat's name, the
// dummy's included. Tools and pictures draw from it.
func (b *Bot) PublicTable(ctx context.Context, where protocol.Location) (engine.PublicView, []string, error) {
	data, _, err := b.store.LoadGame(ctx, where.Key())
	if errors.Is(err, storage.ErrNotFound) {
		return engine.PublicView{}, nil, ErrNoTable
	}
	if err != nil {
		return engine.PublicView{}, nil, fmt.Errorf("load %s: %w", where.Key(), err)
	}
	st, err := b.decode(data)
	if err != nil {
		return engine.PublicView{}, nil, err
	}
	sn := st.snap()
	if sn.game == nil {
		return engine.PublicView{}, nil, ErrNoTable
	}
	pv := sn.game.PublicView()
	return pv, sn.names(len(pv.Seats)), nil
}
