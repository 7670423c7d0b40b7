package web

import (
	"testing"

	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage"
)

// TestLaterChange: a redraw queued for one change and told of another is
// drawn for the later one, heard in either order, and reads the game when
// which is the later cannot be told (a change at no version, another
// game at the key).
func TestLaterChange(t *testing.T) {
	v := func(game string, ver uint64) protocol.Changed {
		return protocol.Changed{Key: "k", Game: game, Version: storage.Version(ver)}
	}
	read := protocol.Changed{Key: "k"}
	for _, c := range []struct{ a, b, want protocol.Changed }{
		{v("g", 3), v("g", 4), v("g", 4)},
		{v("g", 4), v("g", 3), v("g", 4)},
		{v("g", 4), v("g", 4), v("g", 4)},
		{v("g", 4), v("h", 5), read},
		{v("g", 4), read, read},
		{read, v("g", 4), read},
	} {
		if got := later(c.a, c.b); got != c.want {
			t.Errorf("later(%+v, %+v) = %+v, want %+v", c.a, c.b, got, c.want)
		}
	}
}
