package bot

import "sync"

// gameLocks serialises this replica's changes to one game: two players of
// a game clicking at once would otherwise both load it, both change it,
// and one would lose the compare-and-swap and do it all again, which under
// load is how a busy replica falls further behind. Across replicas the
// compare-and-swap still decides.
type gameLocks struct {
	mu sync.Mutex
	m  map[string]*gameLock
}

type gameLock struct {
	sync.Mutex
	waiters int // holders and waiters: the entry goes when none is left
}

// lock takes key's lock and returns its release.
func (l *gameLocks) lock(key string) (unlock func()) {
	l.mu.Lock()
	if l.m == nil {
		l.m = map[string]*gameLock{}
	}
	g := l.m[key]
	if g == nil {
		g = &gameLock{}
		l.m[key] = g
	}
	g.waiters++
	l.mu.Unlock()
	g.Lock()
	return func() {
		g.Unlock()
		l.mu.Lock()
		if g.waiters--; g.waiters == 0 {
			delete(l.m, key)
		}
		l.mu.Unlock()
	}
}
