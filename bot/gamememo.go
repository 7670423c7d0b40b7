package bot

import "sync"

// maxGameMemo bounds what a gameMemo keeps: past it, everything is
// forgotten (each game's is said again at its next use).
const maxGameMemo = 8192

// gameMemo keeps what a screen said last for each game (tableAlts,
// tableTexts), bounded by maxGameMemo. The zero value is ready; it is safe
// for concurrent use.
type gameMemo[K comparable, V any] struct {
	mu sync.Mutex
	m  map[K]V
}

func (c *gameMemo[K, V]) get(k K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[k]
	return v, ok
}

// take is get that also removes k's entry: the caller's until put.
func (c *gameMemo[K, V]) take(k K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[k]
	delete(c.m, k)
	return v, ok
}

func (c *gameMemo[K, V]) put(k K, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= maxGameMemo {
		c.m = map[K]V{}
	}
	c.m[k] = v
}
