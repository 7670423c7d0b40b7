package record

import "sync"

// Locks serialises this replica's changes to one game: two players of a
// game clicking at once would otherwise both load it, both change it, and
// one would lose the compare-and-swap and do it all again, which under
// load is how a busy replica falls further behind. Across replicas the
// compare-and-swap still decides. The zero Locks is ready.
type Locks struct {
	mu sync.Mutex
	m  map[string]*keyLock
}

type keyLock struct {
	sync.Mutex
	waiters int // holders and waiters: the entry goes when none is left
}

// Lock takes key's lock and returns its release.
func (l *Locks) Lock(key string) (unlock func()) {
	l.mu.Lock()
	if l.m == nil {
		l.m = map[string]*keyLock{}
	}
	g := l.m[key]
	if g == nil {
		g = &keyLock{}
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
