package record

import (
	"bytes"
	"sync"

	"github.com/sushigo/sushigo/storage"
)

// Decoded keeps the games this replica read or stored last, decoded (T is
// the host's decoded game), each with the version it is stored under. A
// load that finds the game at that version takes a copy instead of
// unpacking and decoding the record again: a click's request and the send
// that follows it read the game this replica just stored, and decoding was
// a sixth of what a click cost. Another replica's change moves the version
// on, and the next load decodes.
type Decoded[T any] struct {
	mu    sync.Mutex
	max   int
	clone func(T) T
	m     map[string]decodedGame[T]
}

type decodedGame[T any] struct {
	ver  storage.Version
	game T
	json []byte // the record's JSON, for the unchanged-save check
	// side is the send log last read with the game or written by this
	// replica, log it decoded; sideKnown says side is known (a game with
	// no log yet has none: side is nil and known).
	side      []byte
	log       *SendLog
	sideKnown bool
	// missed says a change made on this copy was refused (another
	// replica had changed the game) and no load since found the copy
	// current: changes read the game first until one does.
	missed bool
}

// NewDecoded keeps at most max games (none when max ≤ 0), handing out
// copies made by clone.
func NewDecoded[T any](max int, clone func(T) T) *Decoded[T] {
	return &Decoded[T]{max: max, clone: clone}
}

// Get returns a copy of key's game at version ver, with its JSON; ok is
// false when it is not kept at that version.
func (d *Decoded[T]) Get(key string, ver storage.Version) (game T, json []byte, ok bool) {
	d.mu.Lock()
	g, found := d.m[key]
	d.mu.Unlock()
	if !found || g.ver != ver {
		return game, nil, false
	}
	return d.clone(g.game), g.json, true
}

// Put keeps game, stored at version ver as json: game itself, so the
// caller must not change it after (Keep takes a copy).
func (d *Decoded[T]) Put(key string, ver storage.Version, game T, json []byte) {
	if d.max <= 0 {
		return
	}
	g := decodedGame[T]{ver: ver, game: game, json: json}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.m == nil {
		d.m = map[string]decodedGame[T]{}
	}
	if old, ok := d.m[key]; ok {
		g.side, g.log, g.sideKnown = old.side, old.log, old.sideKnown // a save leaves the send log as it was
		g.missed = old.missed
	} else if len(d.m) >= d.max {
		for k := range d.m { // any one: a game not played here lately decodes once more
			delete(d.m, k)
			break
		}
	}
	d.m[key] = g
}

// Log is key's send log decoded from side (nil for none): the one decoded
// last time when side is the same bytes, as it is at most loads (the log
// changes with a send, the game with every click), where decoding it was
// 2 % of a replica's CPU. Callers only read it: a flush changes a copy
// (SendLog.Trimmed).
func (d *Decoded[T]) Log(key string, side []byte) (*SendLog, error) {
	if len(side) == 0 {
		d.keepLog(key, nil, nil)
		return nil, nil
	}
	d.mu.Lock()
	g, found := d.m[key]
	d.mu.Unlock()
	if found && g.log != nil && bytes.Equal(g.side, side) {
		return g.log, nil
	}
	log, err := DecodeSendLog(side)
	if err != nil || !found {
		return log, err
	}
	d.keepLog(key, bytes.Clone(side), log)
	return log, nil
}

// Wrote tells d that key's send log is now side, which this replica's
// sender just wrote from log: the next load that reads the same bytes
// takes log instead of decoding them. log must not change after. A game
// not kept is left so.
func (d *Decoded[T]) Wrote(key string, side []byte, log *SendLog) {
	if len(side) > 0 && log != nil {
		d.keepLog(key, side, log)
	}
}

// Created tells d that key's game was just created, its send log with it
// (none: storage.Games clears the side of a game it creates).
func (d *Decoded[T]) Created(key string) { d.keepLog(key, nil, nil) }

// keepLog keeps log as key's send log read as side, if key is kept.
func (d *Decoded[T]) keepLog(key string, side []byte, log *SendLog) {
	d.mu.Lock()
	if g, ok := d.m[key]; ok {
		g.side, g.log, g.sideKnown = side, log, true
		d.m[key] = g
	}
	d.mu.Unlock()
}

// Seen is a copy of key's game as this replica last read or stored it,
// with its JSON, its version and its send log as last read or written
// here (side, decoded as log): ok is false when the game or its log is not
// known. Nothing says it is still what is stored: a change made on it must
// be saved on the condition that both are (CheckedCommits).
func (d *Decoded[T]) Seen(key string) (game T, json []byte, ver storage.Version, side []byte, log *SendLog, ok bool) {
	d.mu.Lock()
	g, found := d.m[key]
	d.mu.Unlock()
	if !found || !g.sideKnown || g.missed {
		return game, nil, 0, nil, nil, false
	}
	return d.clone(g.game), g.json, g.ver, g.side, g.log, true
}

// At is a copy of key's game kept at version ver, with its send log as
// last read or written here: ok is false when it is not kept at that
// version or its log is not known.
func (d *Decoded[T]) At(key string, ver storage.Version) (game T, log *SendLog, ok bool) {
	d.mu.Lock()
	g, found := d.m[key]
	d.mu.Unlock()
	if !found || g.ver != ver || !g.sideKnown {
		return game, nil, false
	}
	return d.clone(g.game), g.log, true
}

// Version is the version key's game is kept at (found false: not kept).
func (d *Decoded[T]) Version(key string) (ver storage.Version, found bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	g, found := d.m[key]
	return g.ver, found
}

// Missed tells d that a change made on key's copy was refused: Seen
// refuses it until Current. Where replicas take turns at a game's
// changes, its copy here is stale at most changes, and a change made on
// it would cost a round trip and a run more, not one less.
func (d *Decoded[T]) Missed(key string) { d.mark(key, true) }

// Current tells d that a load found key's copy current (nobody else had
// changed the game since): Seen hands it out again.
func (d *Decoded[T]) Current(key string) { d.mark(key, false) }

func (d *Decoded[T]) mark(key string, missed bool) {
	d.mu.Lock()
	if g, ok := d.m[key]; ok {
		g.missed = missed
		d.m[key] = g
	}
	d.mu.Unlock()
}

// Keep is Put with a copy of game, which the caller goes on changing.
func (d *Decoded[T]) Keep(key string, ver storage.Version, game T, json []byte) {
	if d.max > 0 {
		d.Put(key, ver, d.clone(game), json)
	}
}

// Drop forgets key's game.
func (d *Decoded[T]) Drop(key string) {
	d.mu.Lock()
	delete(d.m, key)
	d.mu.Unlock()
}
