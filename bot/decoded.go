package bot

import (
	"sync"

	"github.com/sushigo/sushigo/storage"
)

// decodedGames keeps the games this replica read or stored last, decoded,
// each with the version it is stored under. A load that finds the game
// at that version takes a copy instead of unpacking and decoding the
// record again: a click's request and the send that follows it read the
// game this replica just stored, and decoding was a sixth of what a click
// cost. Another replica's change moves the version on, and the next load
// decodes.
type decodedGames struct {
	mu  sync.Mutex
	max int
	m   map[string]decodedGame
}

type decodedGame struct {
	ver  storage.Version
	st   *state
	json []byte // the record's JSON, for the unchanged-save check
}

// checkDecoded makes every load that takes a kept game decode the record
// too and compare (tests set it).
var checkDecoded bool

// get returns a copy of key's game at version ver, with its JSON, or nil.
func (d *decodedGames) get(key string, ver storage.Version) (*state, []byte) {
	d.mu.Lock()
	g, ok := d.m[key]
	d.mu.Unlock()
	if !ok || g.ver != ver {
		return nil, nil
	}
	return g.st.clone(), g.json
}

// put keeps st, stored at version ver as json: st itself, so the caller
// must not change it after (keep takes a copy).
func (d *decodedGames) put(key string, ver storage.Version, st *state, json []byte) {
	if d.max <= 0 {
		return
	}
	g := decodedGame{ver: ver, st: st, json: json}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.m == nil {
		d.m = map[string]decodedGame{}
	}
	if _, ok := d.m[key]; !ok && len(d.m) >= d.max {
		for k := range d.m { // any one: a game not played here lately decodes once more
			delete(d.m, k)
			break
		}
	}
	d.m[key] = g
}

// keep is put with a copy of st, which the caller goes on changing.
func (d *decodedGames) keep(key string, ver storage.Version, st *state, json []byte) {
	if d.max > 0 {
		d.put(key, ver, st.clone(), json)
	}
}

// drop forgets key's game.
func (d *decodedGames) drop(key string) {
	d.mu.Lock()
	delete(d.m, key)
	d.mu.Unlock()
}
