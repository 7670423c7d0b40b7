package bot

import (
	"maps"
	"sync"
	"sync/atomic"

	"github.com/sushigo/sushigo/protocol"
)

// platforms holds the registered rows, read on every request: a copy is
// swapped in whole by AddPlatform, at start-up.
type platforms struct {
	mu   sync.Mutex // serialises AddPlatform
	rows atomic.Pointer[map[string]protocol.Platform]
}

// AddPlatform describes platform name to the host; an adapter calls it once
// as it is made, before it passes the host any request.
func (b *Bot) AddPlatform(name string, p protocol.Platform) {
	b.plats.mu.Lock()
	defer b.plats.mu.Unlock()
	rows := map[string]protocol.Platform{}
	if old := b.plats.rows.Load(); old != nil {
		rows = maps.Clone(*old)
	}
	rows[name] = p
	b.plats.rows.Store(&rows)
}

// platform is the row of the platform named name.
func (b *Bot) platform(name string) protocol.Platform {
	if rows := b.plats.rows.Load(); rows != nil {
		return (*rows)[name]
	}
	return protocol.Platform{}
}
